#!/usr/bin/env python3
"""Record every card input, and every input of the card games' checks, the test suite gives the library.

    python scripts/record_card_cases.py > cases.json

Runs the card tests and the card games' own (pytest, in this process, hypothesis seeded)
under a profiler hook that keeps the arguments of each call into the functions the page's
engine ports (``Card.parse``, ``parse_rank``, ``parse_suit``, ``parse_cards``,
``Deck.check``, ``Checker.check`` of each card game, the live server tests' ``POST
/api/v1/<game>/check``, and each card game's own checks and readers), as JSON cases, and
writes each distinct one to stdout.  Which games those are, and their readers, is said by
the golden vectors' own module (tests/engine_cases/cards.py: ``CARD_GAMES``,
``game_recorders``).  scripts/record_golden.py runs this and answers the cases with the
library into tests/golden/cards.json, which the engine is checked against: re-run that
after adding card tests.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's solver, not an installed one
sys.path.insert(0, str(ROOT / "tests"))


def modules() -> list[str]:
    """The test modules run: the cards', each card game's own, and the front ends'."""
    from engine_cases.cards import CARD_GAMES
    return ["tests/test_cards.py", *(f"tests/test_{game}.py" for game in CARD_GAMES),
            "tests/test_games.py", "tests/test_cli_games.py", "tests/test_api_games.py"]


def _jsonable(value):
    """``value`` as JSON data if it is exactly that (tuples become lists), else raise."""
    return json.loads(json.dumps(value, allow_nan=False))


def _recorder(cases: list):
    """A sys.setprofile hook: the arguments of each call into the functions under test."""
    from api_server import LiveServer
    from engine_cases.cards import CARD_GAMES, game_recorders

    from solver.games import cards
    from solver.games import registry as games

    def deck_spec(deck):
        return {"name": deck.name, "ranks": list(deck.ranks), "copies": deck.copies,
                "jokers": deck.jokers}

    def live_post(a):
        path, body = a["path"], a["json"]
        for game in CARD_GAMES:
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
        games.Checker.check: lambda a: {"kind": a["self"].name, "payload": a["payload"]}
        if a["self"].name in CARD_GAMES else None,
        LiveServer.post: live_post,
        **game_recorders(),
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
                                *(str(ROOT / m) for m in modules())])
    finally:
        sys.setprofile(None)
    if code not in (0, 5):
        raise SystemExit(f"the recorded test run exited with {code}")
    return list({json.dumps(c, sort_keys=True): c for c in cases}.values())


def main(argv=None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    cases = collect()
    lines = ",\n".join(json.dumps(c) for c in cases)  # one case a line, ASCII
    sys.stdout.write('{"modules": ' + json.dumps(modules()) + ',\n "cases": [\n' + lines
                     + "\n]}\n")
    print(f"{len(cases)} cases", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
