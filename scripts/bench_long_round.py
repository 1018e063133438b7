#!/usr/bin/env python3
"""Benchmark of an endless table: prints figures, asserts nothing.

    python scripts/bench_long_round.py [--seats 20] [--rounds 60]

A Liar's Dice room of --seats seats (5 dice each, the server dealing) plays through the
API (Flask's test client, a fresh SQLite store) as long as it can: every round takes the
most claims a round takes (solver.rooms.room.MAX_ROUND_CLAIMS) and then a call, for
--rounds rounds.  It prints a move's time (p50, p99) in the first round and in the last
(the log then thousands of events long), a view's size at the round's bound, and the
log's length: what bounding the rounds and the views buys (the finding: at 2,000 bids in
one round a move took 112 ms p50 and a view was 83 kB).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from api import create_app  # noqa: E402
from solver.rooms.calls import MAX_ROUND_CLAIMS  # noqa: E402

V1 = "/api/v1"


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=60)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        client = create_app({"ROOMS_DB": str(Path(folder) / "rooms.sqlite3"),
                             "ROOMS_PER_MINUTE": 1000}).test_client()
        made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "p0"}).get_json()
        code, tokens = made["code"], {"p0": made["token"]}
        for n in range(1, args.seats):
            tokens[f"p{n}"] = client.post(f"{V1}/rooms/{code}/join",
                                          json={"name": f"p{n}"}).get_json()["token"]
        view = client.post(f"{V1}/rooms/{code}/start",
                           headers={"Authorization": f"Bearer {tokens['p0']}"}).get_json()
        first, last, started = [], [], time.monotonic()
        for round_no in range(args.rounds):
            timings = first if round_no == 0 else last
            if round_no > 0:
                last.clear()
            for quantity in range(1, MAX_ROUND_CLAIMS + 2):
                mover = view["to_move"]
                # each face in turn, 1 to 17 of it: a raise every time, 102 in all
                body = ({"type": "liar"} if quantity > MAX_ROUND_CLAIMS
                        else {"type": "bid", "quantity": (quantity - 1) % 17 + 1,
                              "face": (quantity - 1) // 17 + 1})
                asked = time.perf_counter()
                answer = client.post(f"{V1}/rooms/{code}/moves", json=body,
                                     headers={"Authorization": f"Bearer {tokens[mover]}"})
                timings.append((time.perf_counter() - asked) * 1000)
                if answer.status_code != 200:
                    print(f"a move was refused: {answer.get_json()}")
                    return 1
                view = answer.get_json()
                if quantity == MAX_ROUND_CLAIMS:
                    bound_view = len(json.dumps(view))
            if view["phase"] == "over":
                break
        log = client.get(f"{V1}/rooms/{code}/log",
                         headers={"Authorization": f"Bearer {tokens['p0']}"}).get_json()
    print(f"{args.seats} seats, {round_no + 1} rounds of {MAX_ROUND_CLAIMS} claims and a call, "
          f"{len(log['events'])} events in the log, {time.monotonic() - started:.1f} s")
    print(f"move ms, first round: p50 {percentile(first, 0.5):.1f}  p99 "
          f"{percentile(first, 0.99):.1f}")
    print(f"move ms, last round:  p50 {percentile(last, 0.5):.1f}  p99 "
          f"{percentile(last, 0.99):.1f}  ({percentile(last, 0.5) / percentile(first, 0.5):.2f}x "
          f"the first round's p50)")
    print(f"a view at the round's bound: {bound_view} bytes; a view is bounded by its last "
          f"20 claims")
    return 0


if __name__ == "__main__":
    sys.exit(main())
