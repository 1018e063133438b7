"""What every command of the shell front end shares: exit codes, how an error is printed,
the common options, and reading the library's types the way every front end does.

A thin layer: parse arguments, call the library, format the result.  Every
:class:`~solver.errors.LiarsError` becomes one line on standard error and exit
code 2; nothing here prints a stack trace for bad input.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import re
import sys
from typing import Iterable

from solver.errors import InvalidInput, LiarsError, LimitExceeded, shown
from solver.search.budget import MAX_BUDGET, read_budget
from solver.search.layered import DEFAULT_BUDGET
from solver.words.lexicon import bundled_lexicons, load_lexicon
from solver.words.tiles import TILE_SETS, get_tile_set

EXIT_OK, EXIT_FALSE, EXIT_USAGE, EXIT_UNDECIDED = 0, 1, 2, 3

MAX_DOCUMENT_BYTES = 4 * 1024 * 1024  # a replay file or standard input: 10,000 events fit
MAX_RACK_LINE = 4096  # bytes in one line of racks on standard input (a rack is at most 144 tiles)

# What a terminal would act on instead of showing: C0 and C1 controls and DEL, and the
# bidirectional marks and overrides (a player's name could turn the rest of a line around).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def terminal(line: str) -> str:
    r"""A line as the terminal may show it: control and bidi characters escaped as Python
    writes them ('\x1b', '\u202e'), each stray byte as the byte it was.

    >>> print(terminal("ann\x1b[2J \u202eben"))
    ann\x1b[2J \u202eben
    """
    return readable(_UNSAFE.sub(lambda m: repr(m.group())[1:-1], line))


def json_line(value) -> str:
    r"""JSON as one line, non-ASCII text as it is but the unsafe characters escaped: still
    the same JSON.

    >>> print(json_line({"name": "b\u202eob", "card": "Q♥"}))
    {"name": "b\u202eob", "card": "Q♥"}
    """
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(value, ensure_ascii=False))


def read_document(source: str) -> bytes:
    """The bytes of a file, or of standard input for ``-``, at most MAX_DOCUMENT_BYTES
    (a longer input is refused once that much is read: ``/dev/zero`` ends at once)."""
    name = "standard input" if source == "-" else source
    try:
        if source == "-":
            raw = getattr(sys.stdin, "buffer", None)  # None: stdin replaced by a text stream
            data = (raw.read(MAX_DOCUMENT_BYTES + 1) if raw is not None else
                    sys.stdin.read(MAX_DOCUMENT_BYTES + 1).encode("utf-8"))
        else:
            with open(source, "rb") as handle:
                data = handle.read(MAX_DOCUMENT_BYTES + 1)
    except OSError as err:
        raise InvalidInput(f"cannot read {source}: {err.strerror}", field="file") from None
    if len(data) > MAX_DOCUMENT_BYTES:
        raise LimitExceeded(f"{name} is larger than {MAX_DOCUMENT_BYTES // (1024 * 1024)} MiB; "
                            f"a replay of the longest game is far smaller", field="file")
    return data


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


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, as the library's are: what is wrong
    and where to read more, not the usage again (``--help`` shows it)."""

    def error(self, message: str):
        # argparse quotes the bad argument whole: an excerpt of a long one, as the library does
        message = _QUOTED.sub(lambda m: shown(m.group(1)), message)
        self.exit(EXIT_USAGE, f"{terminal(f'{self.prog}: {message}')} "
                              f"(see {self.prog} --help)\n")


_QUOTED = re.compile(r"'([^']{40,})'")


def version() -> str:
    """The installed version, for ``--version``."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed
    try:
        return installed("liars-letters")
    except PackageNotFoundError:  # a checkout run without installing it
        return "unknown"


class _ShowVersion(argparse.Action):
    """argparse's "version" action, but the version is looked up only when asked for
    (importlib.metadata costs every other run about 10 ms)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the program's version number and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        parser._print_message(f"{parser.prog} {version()}\n", sys.stdout)  # as argparse's
        parser.exit()


def add_version(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action=_ShowVersion)


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
            print(terminal(f"warning: {warning}"), file=sys.stderr)
    return lex


def budget_of(args) -> float:
    """The --budget as the library reads it (one validator for every front end)."""
    return DEFAULT_BUDGET if args.budget is None else read_budget(args.budget)


def racks(values: Iterable[str]) -> Iterable[str]:
    """The racks given, with ``-`` read from standard input one line at a time.

    A line longer than MAX_RACK_LINE is refused; a line that is not text (bytes
    that are not UTF-8, a NUL) is the last one read: standard input is then no
    list of racks, and its one error says so rather than one for each fragment.
    """
    for value in values:
        if value != "-":
            yield value
            continue
        raw = getattr(sys.stdin, "buffer", None)
        lines = iter(lambda: raw.readline(MAX_RACK_LINE + 1), b"") if raw is not None else \
            (line.encode("utf-8", "surrogateescape") for line in sys.stdin)
        for number, data in enumerate(lines, start=1):
            if len(data.rstrip(b"\r\n")) > MAX_RACK_LINE:
                raise LimitExceeded(f"line {number} of standard input is longer than "
                                    f"{MAX_RACK_LINE} bytes: not a rack of tiles",
                                    field="tiles")
            line = data.decode("utf-8", "surrogateescape").strip()
            if line:
                yield line
            if "\x00" in line or any("\udc80" <= ch <= "\udcff" for ch in line):
                return


# Arguments left over after a declaration: most often a word set typed without quotes.
_WORD_SET_COMMANDS = {"check": "declared", "raise": "declared", "odds": "declared"}


def _leftover_hint(args, extra: list[str]) -> str:
    """Why ``extra`` was left over, when the likely reason is a word set that the shell
    split into words because it was not quoted."""
    where = _WORD_SET_COMMANDS.get(getattr(args, "command", None))
    given = getattr(args, where, None) if where else None
    if not isinstance(given, str):
        return ""
    # each piece as the shell split it, its commas (the set's own separators) set aside
    words = [piece.strip(", ") for piece in [given, *extra]]
    if not all(word.isalpha() for word in words):
        return ""
    return (f"; a word set of several words is one argument: quote it, as in "
            f"{', '.join(words)!r}")


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
    args, extra = parser.parse_known_args(argv)
    if extra:
        where = " ".join(filter(None, [parser.prog, getattr(args, "command", None)]))
        parser.exit(EXIT_USAGE, f"{terminal(f'{parser.prog}: unrecognized arguments: ')}"
                                f"{terminal(' '.join(extra) + _leftover_hint(args, extra))} "
                                f"(see {where} --help)\n")
    try:
        with notices_on_stderr():
            return runner(args)
    except LiarsError as err:
        print(terminal(f"{parser.prog}: {err.message}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK

