"""``liars check`` and ``liars raise``: a referee's Liars' Letters questions on the shell."""

from __future__ import annotations

import json

from solver.games.letters.game import Call, check_declaration, check_raise, rule_call
from solver.words.tiles import Tiles
from solver.words.wordset import WordSet, format_shape

from .common import (
    EXIT_FALSE,
    EXIT_OK,
    EXIT_UNDECIDED,
    add_common,
    budget_of,
    lexicon_of,
    library_type,
    terminal,
)
from .solve import format_solution


def run_check(args) -> int:
    """Exit 0 (exists / ruled), 1 (does not exist), 3 (a call that cannot be ruled)."""
    # Read in the order every front end reads a call: tiles, declaration, lexicon, budget.
    tiles = Tiles.parse(args.tiles, args.tile_set)
    WordSet.parse(args.declared, field="declared")
    lex = lexicon_of(args)
    budget = budget_of(args)
    if args.call:
        ruling = rule_call(tiles, args.declared, args.call, lex, budget=budget)
        print(json.dumps(ruling.as_dict()) if args.json else terminal(ruling.explain()))
        return EXIT_OK if ruling.decided else EXIT_UNDECIDED
    check = check_declaration(tiles, args.declared, lex, budget=budget)
    if args.json:
        print(json.dumps(check.as_dict()))
    else:
        why = ""
        if check.invalid_words:
            why = " (%s)" % ", ".join(check.invalid_words).upper()
        if check.is_highest is None:  # the reason already says why and between what
            best = check.highest
            found = f"best set found: '{best.words}' {format_shape(best.shape)}"
        else:
            found = ("highest possible: " if check.proven else "highest found: ") + \
                format_solution(check.highest)
        print(terminal(f"{check.explain()}{why}; {found}"))
    return EXIT_OK if check.exists else EXIT_FALSE


def run_raise(args) -> int:
    check = check_raise(args.previous, args.declared, lexicon_of(args))
    print(json.dumps(check.as_dict()) if args.json else
          terminal(f"{'legal' if check.legal else 'NOT legal'}: {check.reason}"))
    return EXIT_OK if check.legal else EXIT_FALSE


def register(sub) -> None:
    """Add ``check`` and ``raise`` to the ``liars`` command's subparsers."""
    c = sub.add_parser("check", help="does a declared word set exist among the tiles; is it "
                                     "the highest; the bullshit/exact ruling",
                       description="Check the last declaration against all revealed tiles. "
                                   "With --call, give the ruling: who gains or loses a tile, "
                                   "or, when it cannot be proven, say so (exit 3).")
    c.add_argument("tiles", help="all revealed tiles, e.g. ABEGIRR")
    c.add_argument("declared", help="the last declared word set, e.g. 'giber, ar'")
    c.add_argument("--call", type=library_type(lambda call: Call.parse(call).value, "call"),
                   metavar="{bullshit,exact}", help="the call that was made")
    add_common(c, budget=True)
    c.set_defaults(func=run_check)

    r = sub.add_parser("raise", help="is a declaration a legal raise over the last one",
                       description="A declaration must be valid and strictly higher than the "
                                   "last: longest word first, then the next, as in the rules.")
    r.add_argument("previous", help="the last declaration ('' for none)")
    r.add_argument("declared", help="the new declaration")
    add_common(r, tiles=False)
    r.set_defaults(func=run_raise)
