"""The shell front end: ``solve`` and the library's ``liars`` subcommands.

A thin layer over the library: each module parses one area's arguments, calls
the library and formats its answer (:mod:`.solve`, :mod:`.letters`,
:mod:`.words`, :mod:`.games`); :mod:`.common` holds what they share.  The
installed ``liars`` command is :func:`api.cli.liars_main`, which adds the web
app's ``serve`` and ``export-site`` to :func:`.main.liars_parser`.
"""

from .main import liars_main, liars_parser
from .solve import solve_main

__all__ = ["liars_main", "liars_parser", "solve_main"]
