"""The shell front end: ``solve`` and ``liars``.

A thin layer: parse arguments, call the library, format the result.  Every
:class:`~solver.errors.LiarsError` becomes one line on standard error and exit
code 2; nothing here prints a stack trace for bad input.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Iterable

from .budget import MAX_BUDGET, read_budget
from .errors import InvalidQuery, LiarsError
from .highest import Solution, highest
from .letters import Call, check_declaration, check_raise, rule_call
from .lexicon import bundled_lexicons, load_lexicon
from .queries import DEFAULT_LIMIT, MAX_LIMIT, WordAnswer, WordQuery
from .search import DEFAULT_BUDGET
from .tiles import TILE_SETS, Tiles, get_tile_set
from .wordset import WordSet, format_shape, one_word

EXIT_OK, EXIT_FALSE, EXIT_USAGE, EXIT_UNDECIDED = 0, 1, 2, 3


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


# A byte that is not UTF-8, in an argument or on standard input, reaches Python as a lone
# surrogate U+DC80-U+DCFF, which repr() and standard error both write as '\udcff' (an
# escape, unless its backslash is the second of a typed pair '\\').
_STRAY_BYTE = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])|[\udc80-\udcff]")


def readable(message: str) -> str:
    """A message as the terminal shows it: each stray byte as the byte it was ('\\xff'),
    and a word on why, rather than the '\\udcff' Python made of it."""
    first = None

    def byte(match: re.Match) -> str:
        nonlocal first
        hex_ = match.group(2) or f"{ord(match.group()) - 0xDC00:02x}"
        first = first or f"\\x{hex_}"
        return (match.group(1) or "") + f"\\x{hex_}"

    shown = _STRAY_BYTE.sub(byte, message)
    return f"{shown}; {first} is a byte that is not UTF-8 text" if first else shown


def library_type(parse, name: str):
    """An argparse type that reads a choice as the library reads it for every front end
    (so 'EXACT' and ' exact ' pass here as in the API), refusing with its message."""
    def read(text: str):
        try:
            return parse(text)
        except LiarsError as err:
            raise argparse.ArgumentTypeError(readable(err.message)) from None
    read.__name__ = name  # argparse names the type in its own errors
    return read


def _add_common(parser: argparse.ArgumentParser, *, json_flag=True, tiles=True, budget=False):
    parser.add_argument("--lexicon", "-l", metavar="NAME_OR_PATH", default=None,
                        help="a bundled lexicon (%s; default twl06) or a word list file, one "
                             "word a line" % ", ".join(bundled_lexicons()))
    if tiles:
        parser.add_argument("--tiles", "-t", dest="tile_set", default="scrabble",
                            type=library_type(lambda name: get_tile_set(name).name, "tile set"),
                            metavar="{%s}" % ",".join(sorted(TILE_SETS)),
                            help="the tile set the table uses (default scrabble)")
    if budget:
        parser.add_argument("--budget", default=None, metavar="SECONDS",
                            help=f"stop searching after this long and say the answer is not "
                                 f"proven; 0 to {MAX_BUDGET:g}, 0 proves only what is quick "
                                 f"(default {DEFAULT_BUDGET:g})")
    if json_flag:
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def _lexicon(args):
    """Load the chosen lexicon once, warning on stderr about rejected word-list lines."""
    lex = load_lexicon(args.lexicon)
    if lex.report is not None:
        warning = lex.report.summary(lex.name)
        if warning:
            print(f"warning: {warning}", file=sys.stderr)
    return lex


def _budget(args) -> float:
    """The --budget as the library reads it (one validator for every front end)."""
    return DEFAULT_BUDGET if args.budget is None else read_budget(args.budget)


def _racks(values: Iterable[str]) -> Iterable[str]:
    for value in values:
        if value == "-":
            for line in sys.stdin:
                if line.strip():
                    yield line.strip()
        else:
            yield value


# --- solve ------------------------------------------------------------------------

def solve_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
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
    _add_common(p, budget=True)
    return p


def run_solve(args) -> int:
    """One answer per rack, in order: a line of text, or a JSON object (an error object
    for a bad rack); exit 2 if any rack was bad."""
    lex = _lexicon(args)
    budget = _budget(args)
    status = EXIT_OK
    for rack in _racks(args.racks):
        try:
            sol = highest(Tiles.parse(rack, args.tile_set), lex, budget=budget)
        except LiarsError as err:
            status = EXIT_USAGE
            if args.json:
                print(json.dumps({"tiles": rack, "error": err.as_dict()}), flush=True)
            print(readable(f"solve: {rack!r}: {err.message}"), file=sys.stderr, flush=True)
            continue
        print(json.dumps(sol.as_dict()) if args.json else format_solution(sol, rack),
              flush=True)
    return status


# --- liars ------------------------------------------------------------------------

def run_check(args) -> int:
    """Exit 0 (exists / ruled), 1 (does not exist), 3 (a call that cannot be ruled)."""
    # Read in the order every front end reads a call: tiles, declaration, lexicon, budget.
    tiles = Tiles.parse(args.tiles, args.tile_set)
    WordSet.parse(args.declared, field="declared")
    lex = _lexicon(args)
    budget = _budget(args)
    if args.call:
        ruling = rule_call(tiles, args.declared, args.call, lex, budget=budget)
        print(json.dumps(ruling.as_dict()) if args.json else ruling.explain())
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
        print(f"{check.explain()}{why}; {found}")
    return EXIT_OK if check.exists else EXIT_FALSE


def run_raise(args) -> int:
    check = check_raise(args.previous, args.declared, _lexicon(args))
    print(json.dumps(check.as_dict()) if args.json else
          f"{'legal' if check.legal else 'NOT legal'}: {check.reason}")
    return EXIT_OK if check.legal else EXIT_FALSE


QUERY_OPTIONS = {"anagram": "--anagram", "pattern": "--pattern", "hooks": "--hooks",
                 "min": "--min", "max": "--max", "starts": "--starts", "ends": "--ends",
                 "contains": "--contains", "order": "--order", "limit": "--limit",
                 "offset": "--offset"}


def format_answer(answer: WordAnswer) -> list[str]:
    """A dictionary answer as lines: a header saying what was found and shown, then the
    words by length (or alphabetically), or each hook with its word."""
    query = answer.query
    if answer.hooks is not None:
        hooks, word = answer.hooks, answer.hooks.word.upper()
        lines = [f"hooks of {word} in {answer.lexicon} ({word} is "
                 f"{'valid' if hooks.valid else 'NOT valid'}): {len(hooks.front)} in front, "
                 f"{len(hooks.back)} behind"]
        for side, pairs in (("front", hooks.front), ("back", hooks.back)):
            if pairs:
                lines.append(f"{side}: " + "  ".join(f"{letter.upper()} {hooked}"
                                                     for letter, hooked in pairs))
        return lines
    words = answer.words
    header = f"{answer.count} word{'' if answer.count == 1 else 's'}: {query} in {answer.lexicon}"
    if words and len(words) < answer.count:
        header += (f"; {query.offset + 1}-{query.offset + len(words)} shown"
                   + (f" (--offset {query.offset + len(words)} for more)"
                      if query.offset + len(words) < answer.count else ""))
    elif not words and answer.count:
        header += f"; none shown from --offset {query.offset}"
    lines = [header]
    if query.order == "alphabetical":
        if words:
            lines.append(" ".join(words))
    else:
        for length in sorted({len(w) for w in words}, reverse=True):
            lines.append(f"{length}: " + " ".join(w for w in words if len(w) == length))
    return lines


def run_words(args) -> int:
    parts = {name: getattr(args, name) for name in QUERY_OPTIONS
             if getattr(args, name) is not None}
    if parts:
        if args.from_tiles is not None or args.words:
            extra = "--from" if args.from_tiles is not None else repr(args.words[0])
            raise InvalidQuery(f"{', '.join(QUERY_OPTIONS[p] for p in parts)} asks the "
                               f"dictionary; {extra} does not go with it")
        query = WordQuery.parse(parts)
        answer = query.run(_lexicon(args))
        if args.json:
            print(json.dumps(answer.as_dict()))
        else:
            print("\n".join(format_answer(answer)))
        return EXIT_OK if answer.count else EXIT_FALSE
    if args.from_tiles is not None and args.words:
        raise LiarsError(f"--from lists every word the tiles make and takes no words to "
                         f"check: drop {args.words[0]!r} or drop --from")
    lex = _lexicon(args)
    if args.from_tiles is not None:
        tiles = Tiles.parse(args.from_tiles, args.tile_set)
        words = lex.words_from(tiles)
        if args.json:
            print(json.dumps({"tiles": str(tiles), "lexicon": lex.name, "words": words}))
        else:
            for length in sorted({len(w) for w in words}, reverse=True):
                print(f"{length}: " + " ".join(w for w in words if len(w) == length))
        return EXIT_OK
    if not args.words:
        raise LiarsError("give words to check, --from TILES to list every word they make, "
                         "or --anagram, --pattern or --hooks (see liars words --help)")
    words = [one_word(w) for w in args.words]  # '' or 'a b' is refused, as the API does
    verdicts = {w: lex.is_word(w) for w in words}
    if args.json:
        print(json.dumps({"lexicon": lex.name, "words": verdicts}))
    else:
        for word, ok in verdicts.items():
            print(f"{word.upper()}: {'valid' if ok else 'NOT valid'} in {lex.name}")
    return EXIT_OK if all(verdicts.values()) else EXIT_FALSE


def run_lexicons(args) -> int:
    rows = [load_lexicon(name).describe() for name in bundled_lexicons()]
    if args.json:
        print(json.dumps(rows))
    else:
        for row in rows:
            src = row["source"]
            print(f"{row['name']:8} {row['words']:>7} words  {row['title']}  "
                  f"[{src['package']} {src['version']}: {src['file']}]")
    return EXIT_OK


def liars_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="liars", description="Referee Liars' Letters and its "
                                                          "sister bluffing games.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    c = sub.add_parser("check", help="does a declared word set exist among the tiles; is it "
                                     "the highest; the bullshit/exact ruling",
                       description="Check the last declaration against all revealed tiles. "
                                   "With --call, give the ruling: who gains or loses a tile, "
                                   "or, when it cannot be proven, say so (exit 3).")
    c.add_argument("tiles", help="all revealed tiles, e.g. ABEGIRR")
    c.add_argument("declared", help="the last declared word set, e.g. 'giber, ar'")
    c.add_argument("--call", type=library_type(lambda call: Call.parse(call).value, "call"),
                   metavar="{bullshit,exact}", help="the call that was made")
    _add_common(c, budget=True)
    c.set_defaults(func=run_check)

    r = sub.add_parser("raise", help="is a declaration a legal raise over the last one",
                       description="A declaration must be valid and strictly higher than the "
                                   "last: longest word first, then the next, as in the rules.")
    r.add_argument("previous", help="the last declaration ('' for none)")
    r.add_argument("declared", help="the new declaration")
    _add_common(r, tiles=False)
    r.set_defaults(func=run_raise)

    w = sub.add_parser(
        "words", help="is each word valid; every word formable from tiles; anagrams, "
                      "patterns and hooks",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Check words against a lexicon, list every word some tiles make, or "
                    "study the dictionary:\n"
                    "anagrams of some letters (? is a blank, at most two), sub-anagrams "
                    "(--anagram with --min/--max),\n"
                    "patterns (? one letter, * any run, [AEI] one of, [^AEI] none of) and "
                    "hooks (the letters that\n"
                    "make a word one longer, front and back). Filters combine with any of "
                    "them, or stand alone.\n"
                    "An answer gives the total count and one page (--limit, --offset), "
                    "longest first or --order alphabetical.\n"
                    "Exit 0 when every word is valid (or a query found words), 1 when not, "
                    "2 on bad input.",
        epilog="examples:\n"
               "  liars words qi xyzzy\n"
               "  liars words --from ABEGIRR\n"
               "  liars words --anagram 'RETAINS?'\n"
               "  liars words --anagram AEINRST --min 5 --max 6\n"
               "  liars words --pattern 'B?G*'     liars words --pattern 'Q[^U]*'\n"
               "  liars words --hooks ARE\n"
               "  liars words --starts UN --ends ING --max 7 --order alphabetical --json")
    w.add_argument("words", nargs="*", help="words to check")
    w.add_argument("--from", dest="from_tiles", metavar="TILES",
                   help="list every word formable from these tiles, longest first")
    q = w.add_argument_group("dictionary queries (one of --anagram, --pattern, --hooks, "
                             "and any filters)")
    q.add_argument("--anagram", metavar="LETTERS",
                   help="words of exactly these letters; ? is a blank (at most two); with "
                        "--min or --max, the sub-anagrams of those lengths")
    q.add_argument("--pattern", metavar="P",
                   help="words matching P: ? one letter, * any run, [AEI] one of, [^AEI] "
                        "none of; quote it for the shell")
    q.add_argument("--hooks", metavar="WORD",
                   help="the letters that extend WORD at the front and at the back, each "
                        "with its word")
    q.add_argument("--min", metavar="N", help="words of at least N letters")
    q.add_argument("--max", metavar="N", help="words of at most N letters")
    q.add_argument("--starts", metavar="LETTERS", help="words starting with these letters")
    q.add_argument("--ends", metavar="LETTERS", help="words ending with these letters")
    q.add_argument("--contains", metavar="LETTERS",
                   help="words using these letters (a repeated letter must be there as "
                        "often)")
    q.add_argument("--order", metavar="ORDER",
                   help="longest (longest first, then alphabetically; the default) or "
                        "alphabetical")
    q.add_argument("--limit", metavar="N",
                   help=f"show at most N words (default {DEFAULT_LIMIT}, at most {MAX_LIMIT})")
    q.add_argument("--offset", metavar="N", help="skip the first N words (default 0)")
    _add_common(w)
    w.set_defaults(func=run_words)

    lx = sub.add_parser("lexicons", help="the bundled lexicons, their sizes and sources")
    lx.add_argument("--json", action="store_true", help="print JSON instead of text")
    lx.set_defaults(func=run_lexicons)

    # The sister games and the server keep their subcommands beside their own front ends.
    from api import serve, site
    from . import cli_games
    cli_games.register(sub)
    serve.register(sub)
    site.register(sub)  # export-site: the page as a static site
    return p


def _main(parser: argparse.ArgumentParser, runner, argv) -> int:
    args = parser.parse_args(argv)
    try:
        return runner(args)
    except LiarsError as err:
        print(readable(f"{parser.prog}: {err.message}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK


def solve_main(argv=None) -> int:
    return _main(solve_parser(), run_solve, argv)


def liars_main(argv=None) -> int:
    return _main(liars_parser(), lambda args: args.func(args), argv)


if __name__ == "__main__":
    prog = sys.argv[1] if len(sys.argv) > 1 else ""
    if prog == "solve":
        sys.exit(solve_main(sys.argv[2:]))
    if prog == "liars":
        sys.exit(liars_main(sys.argv[2:]))
    print("usage: python -m solver.cli {solve,liars} ...", file=sys.stderr)
    sys.exit(EXIT_USAGE)
