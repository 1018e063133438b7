#!/usr/bin/env python3
"""Record the page engine's golden vectors: inputs answered by the library, in tests/golden/.

    python scripts/record_golden.py                 # every file
    python scripts/record_golden.py games search    # only these

Each family of inputs is made by its module of tests/engine_cases/ (the suite's own inputs
and seeded random ones: the same on every run) and answered by the library; the cases are
written with their answers to tests/golden/<name>.json.  tests/test_golden.py checks that
the library still gives every recorded answer, tests/node/*.test.mjs that the page's
engine (api/static/engine/*.js) gives it too.  Re-record after changing what the library
answers (then the engine must follow), or after adding tests whose inputs are recorded
(scripts/record_game_cases.py first for the sister games' checks; the card tests' inputs
are recorded here, by scripts/record_card_cases.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's library; the case modules

from engine_cases import (  # noqa: E402
    cards, fairdeal, games, letters, local, odds, pystr, replays, search, words, write)

FAMILIES = {"games": games, "cards": cards, "letters": letters, "search": search,
            "local": local, "pystr": pystr, "replays": replays, "words": words,
            "odds": odds, "fairdeal": fairdeal}


def record(name: str) -> Path:
    module = FAMILIES[name]
    started = time.monotonic()
    cases = module.cases()
    for case in cases:
        case["answer"] = module.answer(case)
    module.check_coverage(cases)
    path = write(name, module.__doc__.splitlines()[0], cases)
    print(f"{path.relative_to(ROOT)}: {len(cases)} cases, {path.stat().st_size / 1e6:.1f} MB, "
          f"{time.monotonic() - started:.0f} s", file=sys.stderr)
    return path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", choices=[[], *FAMILIES], metavar="NAME",
                        help=f"which files ({', '.join(FAMILIES)}; default: all)")
    args = parser.parse_args(argv)
    for name in args.names or FAMILIES:
        record(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
