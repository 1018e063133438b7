"""What every command of the shell front end shares: exit codes, how an error is printed,
the common options, and reading the library's types the way every front end does.

A thin layer: parse arguments, call the library, format the result.  Every
:class:`~solver.errors.LiarsError` becomes one line on standard error and exit
code 2; nothing here prints a stack trace for bad input.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import re
import sys
from typing import Iterable

from solver.errors import LiarsError
from solver.search.budget import MAX_BUDGET, read_budget
from solver.search.layered import DEFAULT_BUDGET
from solver.words.lexicon import bundled_lexicons, load_lexicon
from solver.words.tiles import TILE_SETS, get_tile_set

EXIT_OK, EXIT_FALSE, EXIT_USAGE, EXIT_UNDECIDED = 0, 1, 2, 3



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


def add_common(parser: argparse.ArgumentParser, *, json_flag=True, tiles=True, budget=False):
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


def lexicon_of(args):
    """Load the chosen lexicon once, warning on stderr about rejected word-list lines."""
    lex = load_lexicon(args.lexicon)
    if lex.report is not None:
        warning = lex.report.summary(lex.name)
        if warning:
            print(f"warning: {warning}", file=sys.stderr)
    return lex


def budget_of(args) -> float:
    """The --budget as the library reads it (one validator for every front end)."""
    return DEFAULT_BUDGET if args.budget is None else read_budget(args.budget)


def racks(values: Iterable[str]) -> Iterable[str]:
    for value in values:
        if value == "-":
            for line in sys.stdin:
                if line.strip():
                    yield line.strip()
        else:
            yield value


class _Stderr(logging.Handler):
    """Each record's message as a line on standard error (whatever sys.stderr is then)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            print(self.format(record), file=sys.stderr, flush=True)
        except Exception:  # noqa: BLE001 - a notice must never stop a command
            self.handleError(record)


@contextlib.contextmanager
def notices_on_stderr():
    """While a command runs, the library's notices (INFO records of the ``solver`` logger,
    e.g. that the big-rack search compiles once) are lines on standard error."""
    logger = logging.getLogger("solver")
    handler, level = _Stderr(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def run_main(parser: argparse.ArgumentParser, runner, argv) -> int:
    """Parse ``argv`` and run: a LiarsError is one line on standard error and exit 2."""
    args = parser.parse_args(argv)
    try:
        with notices_on_stderr():
            return runner(args)
    except LiarsError as err:
        print(readable(f"{parser.prog}: {err.message}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK

