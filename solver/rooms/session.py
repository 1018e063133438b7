"""A room's session: what its games add up to across rematches (places, wins, chips).

The kitty is Liar's Dice's variant (docs/rules.md): every player antes the same chips
before each game; the last player with dice takes the kitty; a game with no single
winner leaves it standing to the next.  Chips are counted from 0 per player, so a
player's chips are what they won less what they put in.

>>> session = new_session(["ann", "ben"])
>>> kitty = {"ante": 5, "pot": 0}
>>> ante(session, kitty)
>>> kitty["pot"], [p["chips"] for p in session["players"]]
(10, [-5, -5])
>>> record(session, kitty, [{"name": "ben", "place": 1}, {"name": "ann", "place": 2}], "ben")
>>> kitty["pot"], [(p["name"], p["wins"], p["chips"], p["places"]) for p in session["players"]]
(0, [('ann', 0, -5, [2]), ('ben', 1, 5, [1])])
"""

from __future__ import annotations

from solver.errors import InvalidInput, shown

MAX_ANTE = 1000


def read_kitty(value, title: str, allowed: bool) -> dict | None:
    """A kitty setting: None (no kitty) or ``{"ante": chips}``, where the game has one."""
    if value is None:
        return None
    if not allowed:
        raise InvalidInput(f"{title} has no kitty: it is a Liar's Dice variant", field="kitty")
    if not isinstance(value, dict) or set(value) != {"ante"}:
        raise InvalidInput(f"kitty is null or {{\"ante\": chips}}, not {shown(value)}",
                           field="kitty")
    chips = value["ante"]
    if isinstance(chips, bool) or not isinstance(chips, int) or not 1 <= chips <= MAX_ANTE:
        raise InvalidInput(f"the ante is 1 to {MAX_ANTE} chips, not {shown(chips)}",
                           field="kitty.ante")
    return {"ante": chips, "pot": 0}


def new_session(names) -> dict:
    return {"games": 0, "players": [_player(name) for name in names]}


def _player(name: str) -> dict:
    return {"name": name, "games": 0, "wins": 0, "places": [], "chips": 0}


def seat(session: dict, name: str) -> None:
    """A player joined the table."""
    if all(p["name"] != name for p in session["players"]):
        session["players"].append(_player(name))


def ante(session: dict, kitty: dict | None, names=None) -> None:
    """Every player of the game starting (``names``; all the session's if None) puts the
    ante in the kitty.  A player who left the table between games antes no more."""
    if kitty is None:
        return
    for player in session["players"]:
        if names is not None and player["name"] not in names:
            continue
        player["chips"] -= kitty["ante"]
        kitty["pot"] += kitty["ante"]


def record(session: dict, kitty: dict | None, places: list[dict], winner: str | None) -> None:
    """A game ended with ``places``: each player's place and win; the kitty to a single
    winner, or standing to the next game."""
    session["games"] += 1
    by_name = {p["name"]: p for p in session["players"]}
    for place in places:
        player = by_name[place["name"]]
        player["games"] += 1
        player["places"].append(place["place"])
    if winner is not None:
        by_name[winner]["wins"] += 1
        if kitty is not None:
            by_name[winner]["chips"] += kitty["pot"]
            kitty["pot"] = 0
