"""``solve``: the highest possible Liars' Letters word set of each rack, on the shell.

>>> solve_main(["ABEGIRR"])
ABEGIRR: giber, ar  (5, 2)
0
"""

from __future__ import annotations

import argparse
import json
import sys

from solver.errors import LiarsError, shown
from solver.search.highest import Solution, highest
from solver.words.tiles import Tiles
from solver.words.wordset import format_shape

from .common import (
    EXIT_OK,
    EXIT_USAGE,
    Parser,
    add_common,
    add_version,
    budget_of,
    lexicon_of,
    racks,
    readable,
    run_main,
)

NOT_PROVEN_WHY = {
    "budget": "out of time (raise --budget)",
    "size": "too large for the search (more time does not help)",
}


def format_solution(sol: Solution, rack: str | None = None) -> str:
    """One readable line: the rack as typed, the word set, its shape, and why it is not
    proven when it is not (with the shapes the highest lies between)."""
    if not len(sol.tiles):
        return "(no tiles): nothing to declare"
    shown = " ".join(rack.split()).upper() if rack else str(sol.tiles)
    line = f"{shown}: {sol.words}  {format_shape(sol.shape)}"
    upper = sol.upper_bound
    if not sol.proven:
        why = NOT_PROVEN_WHY.get(sol.stopped, "the search stopped first")
        line += f"  not proven: {why}"
        if upper is not None:
            line += (f"; the highest is between {format_shape(sol.shape)} and "
                     f"{format_shape(upper)}")
    return line


# --- solve ------------------------------------------------------------------------

def solve_parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="solve", description="Print the highest possible Liars' Letters word set for "
                                  "each rack of tiles.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
               "  solve ABEGIRR\n"
               "  solve --json ABEGIRR QUIZ\n"
               "  echo ABEGIRR | solve -\n"
               "  solve --budget 30 AEEEIINNOORSSTT\n"
               "  solve -l csw19 --tiles bananagrams EEEEEEEEEEEEEE")
    p.add_argument("racks", nargs="+", metavar="TILES",
                   help="the revealed tiles, e.g. ABEGIRR (case-insensitive; spaces, commas, "
                        "hyphens ignored); '-' reads racks from standard input, one per line")
    add_common(p, budget=True)
    add_version(p)
    return p


def run_solve(args) -> int:
    """One answer per rack, in order: a line of text, or a JSON object (an error object
    for a bad rack); exit 2 if any rack was bad."""
    lex = lexicon_of(args)
    budget = budget_of(args)
    status = EXIT_OK
    for rack in racks(args.racks):
        try:
            sol = highest(Tiles.parse(rack, args.tile_set), lex, budget=budget)
        except LiarsError as err:
            status = EXIT_USAGE
            if args.json:
                print(json.dumps({"tiles": rack, "error": err.as_dict()}), flush=True)
            print(readable(f"solve: {shown(rack)}: {err.message}"), file=sys.stderr, flush=True)
            continue
        print(json.dumps(sol.as_dict()) if args.json else format_solution(sol, rack),
              flush=True)
    return status



def solve_main(argv=None) -> int:
    return run_main(solve_parser(), run_solve, argv)
