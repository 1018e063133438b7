#!/usr/bin/env python3
"""Check a room's fair deal with Python's standard library alone: no part of this project.

    python3 scripts/verify_deal.py LOG.json [--json]

LOG.json is a room's log (GET /api/v1/rooms/CODE/log, saved).  For each game over, its
seed must match the commitment shown before its first deal (SHA-256), its client seed
must be the seats' seeds joined by "|", and every round dealt again from them
(HMAC-SHA256, docs/fair-deal.md, "liars-deal-1") must give each hand the log says was
dealt and each hand a call turned over.  Read it, and the docs' derivation, before you
trust it: it is short on purpose.  ``liars verify`` and the page check the same way and
find the same (tests/test_fair_deal.py holds all three to tests/golden/fairdeal.json).

Exit 0: every game over checks; 1: one does not (or none is over); 2: not a room's log.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import re
import sys
from collections import Counter

SCHEME = "liars-deal-1"
HEX = re.compile("[0-9a-f]{64}")
WORD = 2 ** 32
LIMITS = {"faces": 2 ** 16, "bag": 1000, "deals": 10_000, "games": 100}


# --- the derivation -------------------------------------------------------------------------

class Stream:
    """HMAC-SHA256(key=seed, "{client_seed}|{game}|{round}|{i}") for i = 0, 1, ..."""

    def __init__(self, seed: bytes, client_seed: str, game: int, round_: int):
        self.seed, self.prefix = seed, f"{client_seed}|{game}|{round_}|"
        self.buffer, self.blocks = b"", 0

    def uniform(self, n: int) -> int:
        """Four bytes big-endian; again while they fall past the last whole run of n."""
        while True:
            while len(self.buffer) < 4:
                message = f"{self.prefix}{self.blocks}".encode("utf-8")
                self.buffer += hmac.new(self.seed, message, hashlib.sha256).digest()
                self.blocks += 1
            u, self.buffer = int.from_bytes(self.buffer[:4], "big"), self.buffer[4:]
            if u < WORD - WORD % n:
                return u % n


def deal(dealer: dict, counts: list, stream: Stream) -> dict:
    """Dice: 1 + uniform(faces) each.  A bag: Fisher-Yates, then hands from the front."""
    if "dice" in dealer:
        return {seat: [1 + stream.uniform(dealer["dice"]) for _ in range(n)]
                for seat, n in counts}
    bag = list(dealer["tiles"] if "tiles" in dealer else dealer["cards"])
    for k in range(len(bag) - 1, 0, -1):
        j = stream.uniform(k + 1)
        bag[k], bag[j] = bag[j], bag[k]
    hands, at = {}, 0
    for seat, n in counts:
        if at + n > len(bag):
            raise ValueError(f"the bag holds {len(bag)} pieces, fewer than the hands take")
        hands[seat] = bag[at:at + n]
        at += n
    return hands


# --- reading the log ------------------------------------------------------------------------

class NotALog(Exception):
    def __init__(self, what: str, field: str):
        super().__init__(f"the log's fair deal is not readable: {what}")
        self.field = field


def need(ok: bool, what: str, field: str) -> None:
    if not ok:
        raise NotALog(what, field)


def whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_record(record, at: str) -> dict:
    need(isinstance(record, dict), "each record is an object", at)
    need(record.get("scheme") == SCHEME, f"its scheme is {SCHEME!r}", f"{at}.scheme")
    need(whole(record.get("game")) and record["game"] >= 1,
         "its game is a whole number from 1", f"{at}.game")
    need(isinstance(record.get("commit"), str), "its commit is text", f"{at}.commit")
    need(isinstance(record.get("client_seed"), str), "its client_seed is text",
         f"{at}.client_seed")
    need(record.get("server_seed") is None or isinstance(record["server_seed"], str),
         "its server_seed is text or null", f"{at}.server_seed")
    if record.get("server_seed") is None:
        return record
    seats = record.get("seats")
    need(isinstance(seats, list) and all(isinstance(s, dict) and isinstance(s.get("name"), str)
                                         and isinstance(s.get("seed"), str) for s in seats),
         "its seats are a list of {name, seed}", f"{at}.seats")
    dealer, most = record.get("deal"), LIMITS["bag"]
    need(isinstance(dealer, dict) and len(set(dealer) & {"dice", "tiles", "cards"}) == 1 and (
        whole(dealer.get("dice")) and 1 <= dealer["dice"] <= LIMITS["faces"]
        or isinstance(dealer.get("tiles"), str) and len(dealer["tiles"]) <= most
        or isinstance(dealer.get("cards"), list) and len(dealer["cards"]) <= most
        and all(isinstance(c, str) for c in dealer["cards"])),
        f"its deal is {{dice: 1 to {LIMITS['faces']} faces}}, {{tiles: text}} or "
        f"{{cards: [...]}}, a bag of at most {most}", f"{at}.deal")
    deals = record.get("deals")
    need(isinstance(deals, list) and len(deals) <= LIMITS["deals"],
         f"its deals are a list of at most {LIMITS['deals']}", f"{at}.deals")
    for n, dealt in enumerate(deals):
        need(isinstance(dealt, dict) and whole(dealt.get("round"))
             and whole(dealt.get("from_event")) and isinstance(dealt.get("hands"), list),
             "each deal is {round, from_event, hands}", f"{at}.deals[{n}]")
        need(all(isinstance(h, dict) and isinstance(h.get("player"), str)
                 and isinstance(h.get("hand"), (str, list)) for h in dealt["hands"]),
             "each hand is {player, hand}", f"{at}.deals[{n}].hands")
    return record


# --- the check ------------------------------------------------------------------------------

def same(a, b) -> bool:
    """The same pieces, whatever their order (dice count as numbers, tiles and cards as text)."""
    def key(item):
        return f"#{item}" if whole(item) else item if isinstance(item, str) else None
    keys = [[key(x) for x in hand] for hand in (a, b)]
    return None not in keys[0] + keys[1] and Counter(keys[0]) == Counter(keys[1])


def revealed_by(event: dict, seats: list) -> list:
    """The hands a call turned over: (player, hand), the seats dealt in their order, then
    any other name; or (None, all hands together) for a Liars' Letters call."""
    if event.get("type") == "call" and isinstance(event.get("tiles"), str):
        return [(None, list(event["tiles"]))]
    for key in ("dice", "cards"):
        hands = event.get(key)
        if isinstance(hands, dict):
            order = [p for p in seats if p in hands] + sorted(p for p in hands if p not in seats)
            return [(p, hands[p] if isinstance(hands[p], list) else [None]) for p in order]
    return []


def check_game(record: dict, events: list) -> dict:
    game, seed_hex = record["game"], record.get("server_seed")
    if seed_hex is None:
        return {"game": game, "verdict": "pending", "problems": [], "rounds": []}
    if not HEX.fullmatch(seed_hex):
        return {"game": game, "verdict": "failed", "rounds": [],
                "problems": ["the seed shown is not 64 lowercase hex digits"]}
    seed, problems = bytes.fromhex(seed_hex), []
    if hashlib.sha256(seed).hexdigest() != record["commit"]:
        problems.append("the seed shown does not match the commitment made before the deal")
    if "|".join(s["seed"] for s in record["seats"]) != record["client_seed"]:
        problems.append("the client seed is not the seats' seeds joined in seat order")
    deals, rounds = record["deals"], []
    for n, dealt in enumerate(deals):
        found = [] if dealt["round"] == n + 1 else [
            f"deal {n + 1} is numbered round {dealt['round']}"]
        counts = [(h["player"], len(h["hand"])) for h in dealt["hands"]]
        try:
            again = deal(record["deal"], counts,
                         Stream(seed, record["client_seed"], game, dealt["round"]))
        except ValueError as err:
            rounds.append({"round": dealt["round"], "checked": False, "revealed": False,
                           "problems": found + [str(err)]})
            continue
        for hand in dealt["hands"]:
            if not same(hand["hand"], again[hand["player"]]):
                found.append(f"{hand['player']}'s hand in the log is not the one dealt from "
                             f"the seeds")
        end = deals[n + 1]["from_event"] if n + 1 < len(deals) else len(events)
        revealed = False
        for at in range(max(dealt["from_event"], 0), min(end, len(events))):
            event = events[at] if isinstance(events[at], dict) else {}
            for player, hand in revealed_by(event, list(again)):
                revealed = True
                if player is None:
                    if not same(hand, [piece for h in again.values() for piece in h]):
                        found.append(f"the tiles turned over at event {at} are not the ones "
                                     f"dealt from the seeds")
                elif player not in again or not same(hand, again[player]):
                    found.append(f"{player}'s hand turned over at event {at} is not the one "
                                 f"dealt from the seeds")
        rounds.append({"round": dealt["round"], "checked": not found, "revealed": revealed,
                       "problems": found})
    failed = problems or not all(r["checked"] for r in rounds)
    return {"game": game, "verdict": "failed" if failed else "checked", "problems": problems,
            "rounds": rounds}


def check_log(log) -> dict:
    need(isinstance(log, dict), "a room's log is a JSON object", "log")
    records = log.get("fairness", [])
    need(isinstance(records, list) and len(records) <= LIMITS["games"],
         f"its fairness is a list of at most {LIMITS['games']}", "fairness")
    events = log.get("events", [])
    need(isinstance(events, list), "its events are a list", "events")
    games = [check_game(read_record(r, f"fairness[{n}]"), events if n == len(records) - 1
                        else []) for n, r in enumerate(records)]
    done = [g for g in games if g["verdict"] != "pending"]
    return {"ok": bool(done) and all(g["verdict"] == "checked" for g in done), "games": games}


def lines(report: dict) -> list:
    if not report["games"]:
        return ["no fair deal in this log: the table dealt its own hands, or it is no room's "
                "log"]
    out = []
    for game in report["games"]:
        rounds, number = game["rounds"], game["game"]
        if game["verdict"] == "pending":
            out.append(f"game {number}: not over: its seed is shown when it ends")
        elif game["verdict"] == "checked":
            against = sum(r["revealed"] for r in rounds)
            out.append(f"game {number}: checked: the seed matches its commitment; "
                       f"{len(rounds)} deal{'s' * (len(rounds) != 1)} dealt again from the "
                       f"seeds, {against} of them against the hands turned over")
        else:
            found = game["problems"] + [f"round {r['round']}: {p}" for r in rounds
                                        for p in r["problems"]]
            out.append(f"game {number}: FAILED: {found[0]}"
                       + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
            out.extend(f"  {p}" for p in found[1:])
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", help="the room's log as JSON, - for standard input")
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    args = parser.parse_args(argv)
    try:
        if args.log == "-":
            log = json.load(sys.stdin)
        else:
            with open(args.log, encoding="utf-8") as handle:
                log = json.load(handle)
        report = check_log(log)
    except (OSError, ValueError, RecursionError, NotALog) as err:
        print(f"verify_deal: {err}", file=sys.stderr)
        return 2
    print(json.dumps(report) if args.json else "\n".join(lines(report)))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
