"""``liars dice|post|liarliar|poker check|replay`` and ``liars letters replay``: the sister
games, and whole Liars' Letters games, on the command line.

A thin layer over :mod:`solver.games.registry`: each game's module says what its
``check`` takes and how its answer reads (its ``check_command``), so this module names
no game.  Arguments become the same payloads the HTTP API takes, and results become one
readable line (or JSON with ``--json``).  Exit codes follow the ``liars`` CLI: 0 when the claim holds or
the replay is legal to the end, 1 when it does not, 2 (raised LiarsError,
printed by the main CLI) when the input cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys

from solver.errors import InvalidInput, LiarsError
from solver.games.commands import request
from solver.games.registry import GAMES, REPLAYERS, entries
from solver.games.table import small_int

from . import jsontext
from .common import json_line, library_type, read_document, terminal

EXIT_OK, EXIT_FALSE, EXIT_USAGE = 0, 1, 2


def whole_number(text: str) -> int:
    """An argument of ASCII digits only: ``int()`` would also take '1_0' and '５'.

    >>> whole_number("4"), whole_number(" 6 ")
    (4, 6)
    """
    value = small_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    return value


# --- input ------------------------------------------------------------------------------

def read_payload(source: str) -> dict:
    """A replay payload from a JSON file, or from standard input for ``-``."""
    data = read_document(source)
    name = "standard input" if source == "-" else source
    try:
        return jsontext.decode(data)  # as the API reads a body: the same files pass
    except json.JSONDecodeError as err:
        raise InvalidInput(f"{name} is not JSON: {err.msg} at line {err.lineno}",
                           field="file") from None
    except UnicodeDecodeError as err:
        raise InvalidInput(f"{name} is not JSON: not UTF-8, UTF-16 or UTF-32 text "
                           f"({err.encoding} cannot read byte {err.start})",
                           field="file") from None
    except ValueError as err:  # NaN, Infinity
        raise InvalidInput(f"{name} is not JSON: {err}", field="file") from None
    except RecursionError:
        raise InvalidInput(f"{name} is nested too deeply to read as JSON",
                           field="file") from None


# --- arguments from the games' own commands ----------------------------------------------

def add_arguments(parser: argparse.ArgumentParser, arguments) -> None:
    """Add a game's :class:`~solver.games.commands.Arg` list (and ``--json``) to ``parser``."""
    for arg in arguments:
        options: dict = {"help": arg.help}
        if arg.kind == "flag":
            options["action"] = "store_true"
        elif arg.kind == "whole":
            options["type"] = whole_number
        elif arg.read is not None:
            options["type"] = library_type(arg.read, arg.dest)
        for key in ("nargs", "default", "metavar"):
            if getattr(arg, key) is not None:
                options[key] = getattr(arg, key)
        if arg.choices is not None:
            options["choices"] = list(arg.choices)
        if arg.name.startswith("-"):
            options["dest"] = arg.dest
            if arg.required:
                options["required"] = True
        parser.add_argument(arg.name, **options)
    _json_flag(parser)


def command_parser(actions: argparse._SubParsersAction, action: str, command, run):
    """The subcommand ``action`` of a game's :class:`~solver.games.commands.Command`;
    ``run(parser, command)`` makes what it runs (:func:`answering`)."""
    parser = actions.add_parser(action, help=command.help, description=command.description)
    add_arguments(parser, command.arguments)
    parser.set_defaults(func=run(parser, command))
    return parser


# --- output: what each player holds, the end ---------------------------------------------

def format_replay(result: dict) -> str:
    """A replay's last line: its verdict, and the state it reached (the game's own
    :meth:`~solver.games.base.Game.state_line`)."""
    state_line = REPLAYERS[result["game"]].game.state_line
    if result["ok"]:
        return f"{result['events']} events, all legal; {state_line(result['state'])}"
    event = result["event"]
    what = f"{event.get('type', '?')} by {event.get('player', '?')}" \
        if isinstance(event, dict) else "event"
    verdict = "is undecided" if result["error"]["code"] == "undecided" else "is illegal"
    message = result["error"]["message"]
    if result["error"]["code"] == "undecided":
        message = message.split(": ", 1)[-1]  # "'exact' on ... is undecided: " said already
    return (f"event {result['event_index']} ({what}) {verdict}: {message}"
            f"; before it: {state_line(result['state'])}")


# --- the subcommands ---------------------------------------------------------------------

def emit(result: dict, args, lines: list[str]) -> None:
    """The answer as JSON (``--json``), else its lines of text."""
    if args.json:
        print(json_line(result))
    else:
        for line in lines:
            print(terminal(line))


def with_usage(parser: argparse.ArgumentParser, run):
    """Bad input fails as the subcommand's own error: one line on standard error that
    names the problem and says where its usage is (exit 2)."""
    def guarded(args) -> int:
        try:
            return run(args)
        except LiarsError as err:
            print(f"{terminal(f'{parser.prog}: {err.message}')} (see {parser.prog} --help)",
                  file=sys.stderr)
            return EXIT_USAGE
    return guarded


def answering(answer):
    """A command's runner: the request from its arguments, answered by ``answer``; exit 0
    when the command's verdict holds (or it has none), else 1."""
    def run(parser: argparse.ArgumentParser, command):
        def answer_args(args) -> int:
            result = answer(request(command.arguments, vars(args)))
            emit(result, args, command.lines(result))
            return EXIT_OK if command.verdict is None or result[command.verdict] else EXIT_FALSE
        return with_usage(parser, answer_args)
    return run


def _run_replay(parser: argparse.ArgumentParser, name: str):
    def run(args) -> int:
        result = REPLAYERS[name].replay(read_payload(args.file))
        emit(result, args, [format_replay(result)])
        return EXIT_OK if result["ok"] else EXIT_FALSE
    return with_usage(parser, run)


def _json_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def _add_replay(games: argparse._SubParsersAction, name: str) -> None:
    r = games.add_parser("replay", help="replay a whole game move by move",
                         description="Replay {\"rules\", \"players\", \"events\"} from a JSON "
                                     "file (- for standard input): the final state, or the "
                                     "first illegal event and why.")
    r.add_argument("file", help="the game as JSON, or - for standard input")
    _json_flag(r)
    r.set_defaults(func=_run_replay(r, name))


def register(subparsers) -> dict:
    """Add each game of the registry (in its order: ``letters``, then the sister games) to
    the ``liars`` subcommands, with its ``check`` and ``replay``; return each game's own
    subparsers, for more actions (``odds``)."""
    actions = {}
    for name, replayer in ((entry.name, entry.replayer) for entry in entries()):
        game = replayer.game
        parser = subparsers.add_parser(name, help=game.shell_help,
                                       description=replayer.description)
        actions[name] = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
        if game.check_command is not None:
            command_parser(actions[name], "check", game.check_command,
                           answering(GAMES[name].check))
        _add_replay(actions[name], name)
    return actions
