"""A game's shell commands as data: the arguments they take and how their answer reads.

Each game module says what its ``check`` (and its odds module what its ``odds``)
takes on the command line and how the answer reads in a line of text;
:mod:`solver.cli` builds argparse from it.  So no front end names a game, and
adding one is its own module.  Each argument names the request field it fills,
so the shell sends the same request the HTTP API takes.

>>> arg = Arg("--wild", "wild faces", to="rules.wild", words=True)
>>> arg.dest, request([arg], {"wild": "1,6"})
('wild', {'rules': {'wild': ['1', '6']}})
>>> request([Arg("--last", "the bid it raises")], {"last": None})
{}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Arg:
    """One argument: ``name`` ('claim' positional, '--last' an option) and its help.

    ``to`` is the request field it fills, dotted for one level ("rules.wild"; by
    default the name).  ``kind`` is "text", "whole" (ASCII digits, read in the
    shell) or "flag" (present or not, always sent).  ``read`` reads the text as
    the library does (a choice such as a call); ``words`` splits "1,6" into words.
    An option left out is not sent, so the library's own default applies.
    """

    name: str
    help: str
    to: str | None = None
    kind: str = "text"
    nargs: str | None = None
    choices: tuple[str, ...] | None = None
    default: object = None
    metavar: str | None = None
    required: bool = False
    read: Callable | None = None
    words: bool = False

    @property
    def dest(self) -> str:
        """The attribute argparse keeps the value in."""
        return self.name.lstrip("-").replace("-", "_")

    @property
    def field(self) -> tuple[str, ...]:
        return tuple((self.to or self.dest).split("."))


@dataclass(frozen=True)
class Command:
    """A subcommand: its help line, description, arguments, and the answer as text.

    ``lines`` turns the library's answer into the lines the shell prints;
    ``verdict`` is the answer's key that is true when the claim holds (exit 0,
    else 1), or None when every answer exits 0 (odds are advice, not a ruling).
    """

    help: str
    arguments: tuple[Arg, ...]
    lines: Callable[[dict], list[str]]
    description: str | None = None
    verdict: str | None = None


def request(arguments, values) -> dict:
    """The request body the arguments' ``values`` (a mapping by dest) make."""
    body: dict = {}
    for arg in arguments:
        value = values.get(arg.dest)
        if arg.words and value is not None:
            value = value.replace(",", " ").split() or None
        elif arg.nargs in ("+", "*") and value is not None:
            value = list(value)
        if value is None:
            continue
        *parent, key = arg.field
        (body.setdefault(parent[0], {}) if parent else body)[key] = value
    return body
