"""The shell front end: ``solve`` and the library's ``liars`` subcommands.

A thin layer over the library: each module parses one area's arguments, calls
the library and formats its answer (:mod:`.solve`, :mod:`.letters`,
:mod:`.words`, :mod:`.games`); :mod:`.common` holds what they share.  The
installed ``liars`` command is :func:`api.cli.liars_main`, which adds the web
app's ``serve`` and ``export-site`` to :func:`.main.liars_parser`.

Each command imports only its own modules (``solve ABEGIRR`` never loads the
other games' rules), so the names below are imported when first asked for.
"""

import importlib

__all__ = ["liars_main", "liars_parser", "solve_main"]

_HOMES = {"liars_main": ".main", "liars_parser": ".main", "solve_main": ".solve"}


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
