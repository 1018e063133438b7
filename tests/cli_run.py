"""The shell front end run in-process, as its process would run: arguments and standard
input in; exit code, standard output and standard error out.

Most CLI tests use this (a process would import the library afresh for each); a few
smoke tests still run real processes, for what only a process shows (the installed
console scripts, bytes on standard input that are not UTF-8).
"""

from __future__ import annotations

import contextlib
import io
import sys
from dataclasses import dataclass

from api.cli import liars_main
from solver.cli.solve import solve_main

COMMANDS = {"solve": solve_main, "liars": liars_main}


@dataclass
class Ran:
    """What ``subprocess.run(..., capture_output=True, text=True)`` would give."""

    returncode: int
    stdout: str
    stderr: str


def run(command: str, *args: str, stdin: str = "") -> Ran:
    """``solve ...`` or ``liars ...`` with ``stdin`` on standard input."""
    out, err = io.StringIO(), io.StringIO()
    fake_stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    saved = sys.stdin
    sys.stdin = fake_stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = COMMANDS[command](list(args))
            except SystemExit as exit_:  # argparse: --help, or a usage error
                code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None
                                                                       else 1)
    finally:
        sys.stdin = saved
    return Ran(code, out.getvalue(), err.getvalue())
