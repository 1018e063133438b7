"""The installed ``liars`` command: the library's subcommands plus the web app's own.

``serve`` (the HTTP API and the phone page, :mod:`api.serve`) and ``export-site``
(the page as a static site, :mod:`api.site`) live here, beside the app they
start, so that nothing in :mod:`solver` imports the web app.  Nothing here
imports flask until a command needs it: ``liars check`` starts as quickly as the
library's own commands.
"""

from __future__ import annotations

import argparse
import sys

from solver.cli.main import liars_main as run_liars
from solver.cli.main import liars_parser as library_parser

from . import serve, site


def liars_parser() -> argparse.ArgumentParser:
    """Every ``liars`` subcommand: the library's, then ``serve`` and ``export-site``."""
    return library_parser(more=(serve.register, site.register))


def liars_main(argv=None) -> int:
    """``liars`` as installed: ``liars_main(["serve", "--port", "8080"])``."""
    return run_liars(argv, parser=liars_parser())


if __name__ == "__main__":
    sys.exit(liars_main())
