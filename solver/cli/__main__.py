"""``python -m solver.cli solve ...`` or ``python -m solver.cli liars ...`` (the library's
subcommands; the installed ``liars``, with ``serve``, is ``python -m api.cli``)."""

import sys

from .main import liars_main
from .solve import solve_main

COMMANDS = {"solve": solve_main, "liars": liars_main}

if __name__ == "__main__":
    command = COMMANDS.get(sys.argv[1] if len(sys.argv) > 1 else "")
    if command is None:
        print("usage: python -m solver.cli {solve,liars} ...", file=sys.stderr)
        sys.exit(2)
    sys.exit(command(sys.argv[2:]))
