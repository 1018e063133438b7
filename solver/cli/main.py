"""``liars``: the referee's command, built from each area's subcommands.

The library's commands are added here; ``liars serve`` and ``liars export-site`` are
the web app's, added by :mod:`api.cli`, which is what the installed ``liars`` runs.
"""

from __future__ import annotations

import argparse
from typing import Callable, Iterable

from . import games, letters, odds, verify, words
from .common import Parser, add_version, run_main


def liars_parser(more: Iterable[Callable] = ()) -> argparse.ArgumentParser:
    """The library's ``liars`` subcommands; each of ``more`` adds its own to them
    (``register(subparsers)``), as the web app does in :mod:`api.cli`."""
    p = Parser(prog="liars", description="Referee Liars' Letters and its sister bluffing "
                                         "games.")
    add_version(p)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    letters.register(sub)  # check, raise
    words.register(sub)  # words, lexicons
    actions = games.register(sub)  # the sister games, and whole Liars' Letters games
    letters.register_odds(sub)  # odds (Liars' Letters')
    odds.register(sub, actions)  # the odds of each sister game
    verify.register(sub)  # a room's log: its deals made from the seeds shown
    for register in more:
        register(sub)
    return p


def liars_main(argv=None, parser: argparse.ArgumentParser | None = None) -> int:
    """Run ``liars`` on ``argv``; ``parser`` is :func:`liars_parser` unless a front end
    above this one added its subcommands to it."""
    return run_main(parser or liars_parser(), lambda args: args.func(args), argv)
