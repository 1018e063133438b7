"""``liars odds`` and ``liars dice|post|liarliar|poker odds``: how likely a claim is, from
what one player can see, and the safest raise (advice).

A thin layer over each game's odds (its folder's ``odds.py``, by the registry): the arguments become the same request the HTTP
API takes (``POST /api/v1/<game>/odds``), answered by the same function, so both give
the same answer and refuse the same input with the same message.  The counts (hidden,
limit, samples, seed) reach the library as typed, to be read there.
"""

from __future__ import annotations

from solver.games.letters import odds as letters
from solver.games.registry import ODDS
from solver.odds.payload import HIDDEN_ARG, LIMIT_ARG, SAMPLE_ARGS
from solver.search.budget import MAX_BUDGET
from solver.search.layered import DEFAULT_BUDGET
from solver.words.lexicon import bundled_lexicons
from solver.words.tiles import TILE_SETS

from .common import EXIT_OK
from .games import add_arguments, answering, command_parser, emit


# --- the requests, from the arguments --------------------------------------------------

def _letters_payload(args) -> dict:
    payload = {"mine": args.mine, "hidden": args.hidden, "declared": args.declared,
               "tile_set": args.tile_set, "lexicon": args.lexicon, "budget": args.budget,
               "limit": args.limit, "samples": args.samples, "seed": args.seed}
    return {key: value for key, value in payload.items() if value is not None}


def run_letters(args) -> int:
    result = letters.answer(_letters_payload(args))
    emit(result, args, letters.lines(result))
    return EXIT_OK


# --- the subcommands ---------------------------------------------------------------------

def register(sub, games: dict) -> None:
    """Add ``odds`` to the ``liars`` subcommands, and to each sister game's (``games``:
    the game's name -> its subparsers, as :func:`solver.cli.games.register` made them)."""
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

    for name, actions in games.items():
        module = ODDS.get(name)
        if module is not None and hasattr(module, "COMMAND"):
            command_parser(actions, "odds", module.COMMAND, answering(module.answer))
