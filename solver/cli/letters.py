"""``liars check``, ``liars raise`` and ``liars odds``: a referee's and a player's Liars'
Letters questions on the shell."""

from __future__ import annotations

import json

from solver.games.letters import odds as letters_odds
from solver.games.letters.game import Call, check_declaration, check_raise, rule_call
from solver.odds.payload import HIDDEN_ARG, LIMIT_ARG, SAMPLE_ARGS
from solver.search.budget import MAX_BUDGET
from solver.search.layered import DEFAULT_BUDGET
from solver.words.lexicon import bundled_lexicons
from solver.words.tiles import TILE_SETS, Tiles
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
from .games import add_arguments, emit
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


# --- liars odds: the same request as POST /api/v1/letters/odds -----------------------------

def _letters_payload(args) -> dict:
    payload = {"mine": args.mine, "hidden": args.hidden, "declared": args.declared,
               "tile_set": args.tile_set, "lexicon": args.lexicon, "budget": args.budget,
               "limit": args.limit, "samples": args.samples, "seed": args.seed}
    return {key: value for key, value in payload.items() if value is not None}


def run_letters(args) -> int:
    result = letters_odds.answer(_letters_payload(args))
    emit(result, args, letters_odds.lines(result))
    return EXIT_OK


def register_odds(sub) -> None:
    """Add ``odds`` to the ``liars`` command's subparsers."""
    o = sub.add_parser("odds", help="how likely a Liars' Letters declaration is, from your "
                                    "tiles; the safest raises",
                       description="The exact chance that the declared word set exists among "
                                   "all the tiles, and that it is the highest, from your own "
                                   "tiles and how many tiles are hidden (a uniform draw from "
                                   "the tile set less yours); and the safest raises (advice: "
                                   "a bounded search, each chance exact).")
    o.add_argument("mine", help="your tiles, e.g. ABE ('' for none)")
    o.add_argument("declared", help="the last declared word set, e.g. 'bigger, a'")
    o.add_argument("--tile-set", "--tiles", "-t", dest="tile_set", default=None,
                   metavar="{%s}" % ",".join(sorted(TILE_SETS)),
                   help="the tile set the table uses (default scrabble)")
    o.add_argument("--lexicon", "-l", metavar="NAME_OR_PATH", default=None,
                   help="a bundled lexicon (%s; default twl06) or a word list file"
                        % ", ".join(bundled_lexicons()))
    o.add_argument("--budget", default=None, metavar="SECONDS",
                   help=f"seconds the search for 'highest' may take, 0 to {MAX_BUDGET:g} "
                        f"(default {DEFAULT_BUDGET:g})")
    add_arguments(o, (HIDDEN_ARG, LIMIT_ARG, *SAMPLE_ARGS))
    o.set_defaults(func=run_letters)
