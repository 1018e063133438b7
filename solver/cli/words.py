"""``liars words`` and ``liars lexicons``: the dictionary on the shell."""

from __future__ import annotations

import argparse
import json

from solver.errors import InvalidQuery, LiarsError, shown
from solver.words.dictionary import answer_query
from solver.words.lexicon import bundled_lexicons, load_lexicon
from solver.words.queries import DEFAULT_LIMIT, MAX_LIMIT, WordAnswer, WordQuery
from solver.words.tiles import Tiles
from solver.words.wordset import one_word

from .common import EXIT_FALSE, EXIT_OK, add_common, lexicon_of, terminal

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
            extra = "--from" if args.from_tiles is not None else shown(args.words[0])
            raise InvalidQuery(f"{', '.join(QUERY_OPTIONS[p] for p in parts)} asks the "
                               f"dictionary; {extra} does not go with it")
        query = WordQuery.parse(parts)
        answer = answer_query(query, lexicon_of(args))
        if args.json:
            print(json.dumps(answer.as_dict()))
        else:
            print("\n".join(terminal(line) for line in format_answer(answer)))
        return EXIT_OK if answer.count else EXIT_FALSE
    if args.from_tiles is not None and args.words:
        raise LiarsError(f"--from lists every word the tiles make and takes no words to "
                         f"check: drop {shown(args.words[0])} or drop --from")
    lex = lexicon_of(args)
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
            print(terminal(f"{word.upper()}: {'valid' if ok else 'NOT valid'} in {lex.name}"))
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


def register(sub) -> None:
    """Add ``words`` and ``lexicons`` to the ``liars`` command's subparsers."""
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
    add_common(w)
    w.set_defaults(func=run_words)

    lx = sub.add_parser("lexicons", help="the bundled lexicons, their sizes and sources")
    lx.add_argument("--json", action="store_true", help="print JSON instead of text")
    lx.set_defaults(func=run_lexicons)
