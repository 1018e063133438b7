"""Check a room's log (GET /rooms/{code}/log): was every deal made from the seeds the
table was shown?  ``liars verify LOG.json`` prints what :func:`check_log` finds;
scripts/verify_deal.py and the page (api/static/engine/fairdeal.js) find the same.

For each game over, its seed must match the commitment made before its first deal, its
client seed must be the seats' seeds joined, and each round dealt again from them must
give every hand the log says was dealt, and every hand a call turned over (the log's
events, for its last game: Liar's Dice and Liar's Poker reveal each hand, Liars' Letters
all of them together).  A game still being played is "pending": its seed is not shown yet.

>>> check_log({"rules": {}, "players": ["ann", "ben"], "events": []})
{'ok': False, 'games': []}
"""

from __future__ import annotations

import re
from collections import Counter

from solver.errors import InvalidInput

from .fairdeal import SCHEME, SEED_BYTES, Stream, client_seed, commitment, deal

_HEX = re.compile(f"[0-9a-f]{{{2 * SEED_BYTES}}}")
MAX_FACES = 2 ** 16  # a die of a log checked has at most this many faces
MAX_BAG = 1000  # pieces of a bag (the largest a room deals: 144 tiles)
MAX_DEALS = 10_000  # deals of one game (a room's log holds 10,000 events)
MAX_GAMES = 100  # games of one log


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(ok: bool, what: str, field: str) -> None:
    if not ok:
        raise InvalidInput(f"the log's fair deal is not readable: {what}", field=field)


def _read_record(record, at: str) -> dict:
    """One game's record, its shape checked (a problem with its content is a finding)."""
    _need(isinstance(record, dict), "each record is an object", at)
    _need(record.get("scheme") == SCHEME, f"its scheme is {SCHEME!r}", f"{at}.scheme")
    _need(_whole(record.get("game")) and record["game"] >= 1,
          "its game is a whole number from 1", f"{at}.game")
    _need(isinstance(record.get("commit"), str), "its commit is text", f"{at}.commit")
    _need(isinstance(record.get("client_seed"), str), "its client_seed is text",
          f"{at}.client_seed")
    seed = record.get("server_seed")
    _need(seed is None or isinstance(seed, str), "its server_seed is text or null",
          f"{at}.server_seed")
    if seed is None:
        return record
    seats = record.get("seats")
    _need(isinstance(seats, list) and all(isinstance(s, dict) and isinstance(s.get("name"), str)
                                          and isinstance(s.get("seed"), str) for s in seats),
          "its seats are a list of {name, seed}", f"{at}.seats")
    dealer = record.get("deal")
    _need(isinstance(dealer, dict) and len(set(dealer) & {"dice", "tiles", "cards"}) == 1 and (
        _whole(dealer.get("dice")) and 1 <= dealer["dice"] <= MAX_FACES
        or isinstance(dealer.get("tiles"), str) and len(dealer["tiles"]) <= MAX_BAG
        or isinstance(dealer.get("cards"), list) and len(dealer["cards"]) <= MAX_BAG
        and all(isinstance(c, str) for c in dealer["cards"])),
        f"its deal is {{dice: 1 to {MAX_FACES} faces}}, {{tiles: text}} or {{cards: [...]}}, "
        f"a bag of at most {MAX_BAG}", f"{at}.deal")
    deals = record.get("deals")
    _need(isinstance(deals, list) and len(deals) <= MAX_DEALS,
          f"its deals are a list of at most {MAX_DEALS}", f"{at}.deals")
    for n, dealt in enumerate(deals):
        where = f"{at}.deals[{n}]"
        _need(isinstance(dealt, dict) and _whole(dealt.get("round"))
              and _whole(dealt.get("from_event")) and isinstance(dealt.get("hands"), list),
              "each deal is {round, from_event, hands}", where)
        _need(all(isinstance(h, dict) and isinstance(h.get("player"), str)
                  and isinstance(h.get("hand"), (str, list)) for h in dealt["hands"]),
              "each hand is {player, hand}", f"{where}.hands")
    return record


def _piece(item) -> str | None:
    """A die's number or a tile's or card's text, as the comparison counts it."""
    if _whole(item):
        return f"#{item}"
    return item if isinstance(item, str) else None


def _same(a, b) -> bool:
    """Two hands hold the same pieces (the order they are shown in aside)."""
    pieces = [[_piece(x) for x in hand] for hand in (a, b)]
    return None not in pieces[0] + pieces[1] and Counter(pieces[0]) == Counter(pieces[1])


def revealed_by(event: dict, seats: list[str]):
    """The hands a call in the log turned over: ``(player, hand)`` each, the ``seats`` dealt
    in their order then any other name in text order; or ``(None, every hand together)``
    (a Liars' Letters call); none for other events."""
    if event.get("type") == "call" and isinstance(event.get("tiles"), str):
        return [(None, list(event["tiles"]))]
    for key in ("dice", "cards"):
        hands = event.get(key)
        if isinstance(hands, dict):
            order = [p for p in seats if p in hands] + sorted(p for p in hands if p not in seats)
            return [(p, hands[p] if isinstance(hands[p], list) else [None]) for p in order]
    return []


def check_game(record: dict, events: list) -> dict:
    """One game's findings: its verdict ("checked", "failed" or "pending"), what is wrong
    with the game as a whole, and each round's."""
    game = record["game"]
    seed_hex = record.get("server_seed")
    if seed_hex is None:
        return {"game": game, "verdict": "pending", "problems": [], "rounds": []}
    problems = []
    if not _HEX.fullmatch(seed_hex):
        problems.append("the seed shown is not 64 lowercase hex digits")
        return {"game": game, "verdict": "failed", "problems": problems, "rounds": []}
    seed = bytes.fromhex(seed_hex)
    if commitment(seed) != record["commit"]:
        problems.append("the seed shown does not match the commitment made before the deal")
    if client_seed(s["seed"] for s in record["seats"]) != record["client_seed"]:
        problems.append("the client seed is not the seats' seeds joined in seat order")
    deals = record["deals"]
    rounds = []
    for n, dealt in enumerate(deals):
        found = []
        if dealt["round"] != n + 1:
            found.append(f"deal {n + 1} is numbered round {dealt['round']}")
        counts = [(h["player"], len(h["hand"])) for h in dealt["hands"]]
        try:
            again = dict(deal(record["deal"], counts, Stream(seed, record["client_seed"], game,
                                                             dealt["round"])))
        except ValueError as err:
            found.append(str(err))
            rounds.append({"round": dealt["round"], "checked": False, "revealed": False,
                           "problems": found})
            continue
        for hand in dealt["hands"]:
            if not _same(hand["hand"], again[hand["player"]]):
                found.append(f"{hand['player']}'s hand in the log is not the one dealt from "
                             f"the seeds")
        end = deals[n + 1]["from_event"] if n + 1 < len(deals) else len(events)
        revealed = False
        for at in range(max(dealt["from_event"], 0), min(end, len(events))):
            event = events[at] if isinstance(events[at], dict) else {}
            for player, hand in revealed_by(event, list(again)):
                revealed = True
                if player is None:
                    dealt_all = [piece for h in again.values() for piece in h]
                    if not _same(hand, dealt_all):
                        found.append(f"the tiles turned over at event {at} are not the ones "
                                     f"dealt from the seeds")
                elif player not in again or not _same(hand, again[player]):
                    found.append(f"{player}'s hand turned over at event {at} is not the one "
                                 f"dealt from the seeds")
        rounds.append({"round": dealt["round"], "checked": not found, "revealed": revealed,
                       "problems": found})
    failed = problems or not all(r["checked"] for r in rounds)
    return {"game": game, "verdict": "failed" if failed else "checked", "problems": problems,
            "rounds": rounds}


def check_log(log) -> dict:
    """Every game of a room's log checked: ``ok`` when at least one game over checks and
    none fails (a game still being played is pending, neither)."""
    _need(isinstance(log, dict), "a room's log is a JSON object", "log")
    records = log.get("fairness", [])
    _need(isinstance(records, list) and len(records) <= MAX_GAMES,
          f"its fairness is a list of at most {MAX_GAMES}", "fairness")
    events = log.get("events", [])
    _need(isinstance(events, list), "its events are a list", "events")
    games = []
    for n, record in enumerate(records):
        record = _read_record(record, f"fairness[{n}]")
        # the log's events are its last game's: the other games' calls are not in it
        games.append(check_game(record, events if n == len(records) - 1 else []))
    done = [g for g in games if g["verdict"] != "pending"]
    return {"ok": bool(done) and all(g["verdict"] == "checked" for g in done), "games": games}


def report_lines(report: dict) -> list[str]:
    """The findings as lines to read."""
    if not report["games"]:
        return ["no fair deal in this log: the table dealt its own hands, or it is no room's "
                "log"]
    lines = []
    for game in report["games"]:
        rounds = game["rounds"]
        if game["verdict"] == "pending":
            lines.append(f"game {game['game']}: not over: its seed is shown when it ends")
            continue
        if game["verdict"] == "checked":
            against = sum(r["revealed"] for r in rounds)
            lines.append(f"game {game['game']}: checked: the seed matches its commitment; "
                         f"{len(rounds)} deal{'s' * (len(rounds) != 1)} dealt again from the "
                         f"seeds, {against} of them against the hands turned over")
            continue
        found = list(game["problems"]) + [f"round {r['round']}: {p}" for r in rounds
                                          for p in r["problems"]]
        lines.append(f"game {game['game']}: FAILED: {found[0]}"
                     + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
        lines.extend(f"  {p}" for p in found[1:])
    return lines
