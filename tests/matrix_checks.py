"""What the matrix test (tests/test_rooms_matrix.py) checks of a room after every step,
whatever the game and whatever happened: each check reads the views as the phones got
them and the room as the server stored it, and says what is wrong in words.

- :func:`secrets_kept`: no view holds another seat's hidden hand (nor the cards the
  server keeps face down) outside a reveal: every view is the same but for its ``you``;
  ``you.hand`` is the seat's own dealt hand; no card text outside a ruling or a face-up
  pile; and the view does not change when every hand but the viewer's is dealt anew.
- :func:`table_contract`: the view's fields of issue 45 (who is out and why, who was
  taken off, the table's notice, the clock as a phone may show it).
- :func:`places_agree`: a finished game's places name every player once and are the
  places the game's own replay gives.
- :func:`log_hides_hands`: the log (any seat's, a spectator's) carries a hand only where a
  call turned it over.
"""

from __future__ import annotations

import re

from room_views import cards_in

from solver.rooms.room import Room

OUT_BY = (None, "clock", "removed", "left", "play")
NOTICE_KINDS = ("timeout", "removed", "left", "unseated")
HAND_FIELDS = ("dice", "tiles", "cards", "card")  # where an event carries a hand or a card
CALLS = ("liar", "call")  # the events that turn hands over
CARD_GAMES = ("poker", "liarliar", "post")
# the view's fields that show cards by design: the rulings (a call turned them over) and
# Liar's Post's face-up cards
SHOWN_CARDS = ("you", "last_ruling", "history", "face_up")


def public(view: dict) -> dict:
    """What every phone at the table sees alike: the view but for its ``you`` (and the
    server's time, the same for all), each ruling's odds as a spectator sees them (a
    caller's private figure is shown to that caller alone: solver/rooms/call_odds.py)."""
    from solver.rooms.call_odds import history_seen_by, seen_by
    shared = {k: v for k, v in view.items() if k != "you"}
    if "last_ruling" in shared:
        shared["last_ruling"] = seen_by(shared["last_ruling"], None)
    if "history" in shared:
        shared["history"] = history_seen_by(shared["history"], None)
    return shared


# --- secrets --------------------------------------------------------------------------------

def secrets_kept(game: str, data: dict, views: dict[str, dict], present, now,
                 bots=()) -> None:
    """No view shows what it may not: ``views`` by viewer name (the people's, as their
    phones got them), ``data`` the stored room; ``bots``: the computer players, whose views
    the server makes in-process (checked here as the room makes them)."""
    seated = {s["name"] for s in data["seats"]}
    hands = data.get("hands") or {}
    first_name, first = next(iter(views.items()))
    for name, view in views.items():
        assert public(view) == public(first), \
            f"{name}'s view and {first_name}'s differ outside 'you': {_diff(view, first)}"
        mine = hands.get(name) if name in seated else None
        assert view["you"]["hand"] == mine, \
            f"{name}'s view holds {view['you']['hand']!r} as its hand, not {mine!r}"
        if game in CARD_GAMES:
            shown = {k: v for k, v in view.items() if k not in SHOWN_CARDS}
            assert not cards_in(shown), f"{name}'s view shows cards: {cards_in(shown)}"
            own = {k: v for k, v in view["you"].items() if k not in ("hand", "card_seen")}
            assert not cards_in(own), f"{name}'s 'you' shows cards: {cards_in(own)}"
        if game == "nim":  # the toy's secret words: never another's
            text = set(re.findall(r"[a-z]+", repr(public(view))))
            others = {w for p, w in hands.items() if p != name and w != mine}
            assert not others & text, f"{name}'s view holds another's word: {others & text}"
    spectator = next((n for n in views if n not in seated), None)
    for name in {spectator, *seated} & {*views, *bots}:  # a spectator's, and each seat's
        unchanged_by_others_hands(data, name, present, now)


def _diff(one: dict, other: dict) -> dict:
    return {k: (one.get(k), other.get(k)) for k in set(one) | set(other)
            if k != "you" and one.get(k) != other.get(k)}


def disguised(value, faces: int = 6):
    """``value`` (a hand, a card, tiles) with every piece changed for another of its kind:
    a card of the next suit, the next letter, the next face."""
    if isinstance(value, list):
        return [disguised(v, faces) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value % faces + 1
    if isinstance(value, str):
        if value == "joker":
            return "AS"
        if re.fullmatch(r"(?:[2-9]|10|[JQKA])[SHDC]", value):
            return value[:-1] + "SHDC"[("SHDC".index(value[-1]) + 1) % 4]
        return "".join(chr((ord(c) - 65 + 1) % 26 + 65) if "A" <= c <= "Z" else
                       chr((ord(c) - 97 + 1) % 26 + 97) if "a" <= c <= "z" else c
                       for c in value)
    return value


def unchanged_by_others_hands(data: dict, name: str, present, now) -> None:
    """``name``'s view (and the log) is the same whatever the others hold: every other
    hand dealt anew, and the cards the server keeps face down (Liar Liar's pile, Liar's
    Post's card in transit, unless ``name`` looked at it), the view does not move."""
    faces = (data.get("rules") or {}).get("faces", 6)
    hidden = dict(data.get("hidden") or {})
    if "pile" in hidden:  # Liar Liar: nobody sees the pile's cards
        hidden["pile"] = disguised(hidden["pile"])
        if hidden.get("last"):
            hidden["last"] = {**hidden["last"], "cards": disguised(hidden["last"]["cards"])}
    if hidden.get("card") and name not in hidden.get("looked", []):  # Post
        hidden["card"] = disguised(hidden["card"])
    other = {**data, "hidden": hidden,
             "hands": {p: (h if p == name else disguised(h, faces))
                       for p, h in (data.get("hands") or {}).items()}}
    seen = Room.from_dict(data).view(name, present=present, now=now)
    unseen = Room.from_dict(other).view(name, present=present, now=now)
    assert seen == unseen, (f"{name}'s view changes with hands they cannot see: "
                            f"{_diff(seen, unseen) or (seen['you'], unseen['you'])}")


def log_hides_hands(log: dict) -> None:
    for event in log["events"]:
        if event["type"] not in CALLS:
            carried = set(event) & set(HAND_FIELDS)
            assert not carried, f"the log's {event} carries {carried} with no call"


# --- the table's contract (issue 45) ------------------------------------------------------

def table_contract(view: dict, bots: set[str]) -> None:
    """The fields every view carries for the table's operations, and what they must agree
    on (solver/rooms: who is out and why; api: the clock a phone may show)."""
    for player in view["players"]:
        name = player["name"]
        assert isinstance(player.get("out"), bool), f"{name}: 'out' is {player.get('out')!r}"
        assert "out_by" in player, f"the view's players[{name}] has no 'out_by'"
        assert player["out_by"] in OUT_BY, f"{name}'s out_by is {player['out_by']!r}"
        assert (player["out_by"] is None) == (not player["out"]), \
            f"{name} is out={player['out']} but out_by={player['out_by']!r}"
        assert (player["out_by"] == "clock") == (name in view["timed_out"]), \
            f"{name}: out_by {player['out_by']!r}, timed_out {view['timed_out']}"
        if name in bots:
            assert player["out_by"] != "clock", f"computer player {name} was put out by the clock"
    assert isinstance(view.get("removed"), list), f"the view's 'removed' is {view.get('removed')!r}"
    seated = {p["name"] for p in view["players"]}
    taken_off = {p["name"] for p in view["players"] if p["out_by"] in ("removed", "left")}
    assert taken_off == set(view["removed"]) & seated, \
        f"out by removal or leaving: {taken_off}, yet 'removed' is {view['removed']}"
    assert "notice" in view, "the view has no 'notice'"
    notice = view["notice"]
    if notice is not None:
        assert set(notice) >= {"n", "kind", "player", "by", "text"}, notice
        assert notice["kind"] in NOTICE_KINDS and isinstance(notice["n"], int), notice
        assert notice["player"] in notice["text"], notice
    assert "clock_starts" in view, "the view has no 'clock_starts'"
    mover = view["to_move"]
    if mover in bots:
        assert view["deadline"] is None, \
            f"computer player {mover} is to move with a deadline: {view['deadline']}"
    if view["deadline"] is not None:
        starts = view["clock_starts"]
        assert starts is not None, f"a deadline ({view['deadline']}) with no clock_starts"
        assert 0 < view["deadline"] - starts <= view["clock"] * 1000, \
            (f"the clock shows {view['deadline'] - starts} ms, more than its setting "
             f"({view['clock']} s)")


# --- the end of a game ---------------------------------------------------------------------

def places_agree(view: dict, log: dict, placings) -> None:
    """A finished game's places: every player of the game exactly once, best first, and
    the placings its own replay gives (``placings``: the replay's outcome's, first to last,
    players who share a place together; None when the game was called off, which the
    replay does not know)."""
    places = view["places"]
    names = [p["name"] for p in places]
    assert sorted(names) == sorted(log["players"]), \
        f"places {names} do not name each of the game's players {log['players']} once"
    numbers = [p["place"] for p in places]
    assert numbers == sorted(numbers) and numbers[0] == 1, f"places out of order: {places}"
    tied: dict[int, list[str]] = {}
    for place in places:
        tied.setdefault(place["place"], []).append(place["name"])
    for number, together in tied.items():  # a place shared by n players takes n places
        assert number + len(together) in [*tied, len(places) + 1], f"places skip: {places}"
    if placings is not None:
        grouped = [sorted(together) for _, together in sorted(tied.items())]
        assert grouped == [sorted(p) for p in placings], \
            f"places {places} are not the replay's placings {placings}"
