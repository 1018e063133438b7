#!/usr/bin/env python3
"""Record every card, Liar's Post and Liar Liar input the test suite gives the library.

    python scripts/record_card_cases.py > cases.json

Runs the card, Liar's Post and Liar Liar test modules (pytest, in this process, hypothesis
seeded) under a profiler hook that keeps the arguments of each call into the functions the
page's engine ports (``Card.parse``, ``parse_rank``, ``parse_suit``, ``parse_cards``,
``Deck.check``, the Post and Liar Liar checks and readers, ``Checker.check``, and the live
server tests' ``POST /api/v1/{post,liarliar}/check``), as JSON cases, and writes each distinct one to
stdout.  scripts/record_golden.py runs this and answers the cases with the library into
tests/golden/cards.json, which the engine is checked against: re-run that after adding
card tests.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's solver, not an installed one
sys.path.insert(0, str(ROOT / "tests"))
MODULES = ["tests/test_cards.py", "tests/test_post.py", "tests/test_liarliar.py",
           "tests/test_games.py", "tests/test_cli_games.py", "tests/test_api_games.py"]


def _jsonable(value):
    """``value`` as JSON data if it is exactly that (tuples become lists), else raise."""
    return json.loads(json.dumps(value, allow_nan=False))


def _recorder(cases: list):
    """A sys.setprofile hook: the arguments of each call into the functions under test."""
    from api_server import LiveServer

    from solver.games import cards
    from solver.games.liarliar import game as liarliar
    from solver.games.post import game as post
    from solver.games import registry as games
    from solver.games.base import Rules

    def deck_spec(deck):
        return {"name": deck.name, "ranks": list(deck.ranks), "copies": deck.copies,
                "jokers": deck.jokers}

    def post_payload(a):
        payload = {"claim": a["claim"], "card": a["card"]}
        if a["rules"] is not None:
            payload["rules"] = a["rules"].to_dict()
        for key, name in (("call", "call"), ("face_up", "face_up"), ("players", "players")):
            if a[key] is not None:
                payload[name] = a[key]
        return {"kind": "post", "payload": payload}

    def live_post(a):
        path, body = a["path"], a["json"]
        for game in ("post", "liarliar"):
            if path == f"/api/v1/{game}/check":
                return {"kind": game, "payload": body}
        return None

    makers = {
        cards.Card.parse.__func__: lambda a: {"kind": "card", "text": a["text"],
                                              "field": a["field"]},
        cards.parse_rank: lambda a: {"kind": "rank", "text": a["text"], "field": a["field"]},
        cards.parse_suit: lambda a: {"kind": "suit", "text": a["text"], "field": a["field"]},
        cards.parse_cards: lambda a: {"kind": "cards", "cards": a["cards"], "field": a["field"],
                                      "limit": a["limit"]},
        cards.Deck.check: lambda a: {"kind": "deck", "deck": deck_spec(a["self"]),
                                     "cards": [str(c) for c in a["cards"]],
                                     "known": [str(c) for c in a["known"]],
                                     "known_as": a["known_as"], "where": a["where"],
                                     "field": a["field"]}
        if isinstance(a["cards"], (list, tuple)) else None,
        post.check_claim: post_payload,
        post.Claim.parse.__func__: lambda a: {"kind": "post", "payload": {
            "claim": a["value"], "card": "QH"}},
        post.read_card: lambda a: {"kind": "post", "payload": {"claim": "Q", "card": a["value"]}},
        post.read_call: lambda a: {"kind": "post", "payload": {"claim": "Q", "card": "QH",
                                                               "call": a["value"]}},
        # every game's rules are read by the one Rules.from_dict: told apart by its class
        Rules.from_dict.__func__: lambda a: {
            post.PostRules: {"kind": "post", "payload": {
                "claim": "Q", "card": "QH", "rules": a["data"]}},
            liarliar.LiarLiarRules: {"kind": "liarliar", "payload": {
                "claim": "two kings", "cards": "KH KS", "rules": a["data"]}},
        }.get(a["cls"]),
        liarliar.check_claim: lambda a: {"kind": "liarliar", "payload": {
            "claim": a["claim"], "cards": a["cards"]}},
        liarliar.Declaration.parse.__func__: lambda a: {"kind": "liarliar", "payload": {
            "claim": a["value"], "cards": "KH"}},
        games.Checker.check: lambda a: {"kind": a["self"].name, "payload": a["payload"]}
        if a["self"].name in ("post", "liarliar") else None,
        LiveServer.post: live_post,
    }
    by_code = {f.__code__: make for f, make in makers.items()}

    def hook(frame, event, _arg):
        if event != "call" or frame.f_code not in by_code:
            return
        try:
            case = by_code[frame.f_code](dict(frame.f_locals))
            if case is not None:
                cases.append(_jsonable(case))
        except (TypeError, ValueError, AttributeError, KeyError):
            pass  # not JSON data (a Card object, a generator...): not a request the page gets

    return hook


def collect() -> list[dict]:
    """Run MODULES with the recorder on; the distinct cases, in the order first made."""
    import contextlib

    import pytest

    cases: list = []
    sys.setprofile(_recorder(cases))
    try:
        with contextlib.redirect_stdout(sys.stderr):  # stdout may carry the cases
            code = pytest.main(["-q", "-p", "no:cacheprovider", "-x", "--hypothesis-seed=0",
                                *(str(ROOT / m) for m in MODULES)])
    finally:
        sys.setprofile(None)
    if code not in (0, 5):
        raise SystemExit(f"the recorded test run exited with {code}")
    return list({json.dumps(c, sort_keys=True): c for c in cases}.values())


def main(argv=None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    cases = collect()
    lines = ",\n".join(json.dumps(c) for c in cases)  # one case a line, ASCII
    sys.stdout.write('{"modules": ' + json.dumps(MODULES) + ',\n "cases": [\n' + lines
                     + "\n]}\n")
    print(f"{len(cases)} cases", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
