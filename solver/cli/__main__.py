"""``python -m solver.cli solve ...`` or ``python -m solver.cli liars ...`` (the library's
subcommands; the installed ``liars``, with ``serve``, is ``python -m api.cli``)."""

import importlib
import sys

# each command's module, imported only when that command runs
COMMANDS = {"solve": (".solve", "solve_main"), "liars": (".main", "liars_main")}

if __name__ == "__main__":
    command = COMMANDS.get(sys.argv[1] if len(sys.argv) > 1 else "")
    if command is None:
        print("usage: python -m solver.cli {solve,liars} ...", file=sys.stderr)
        sys.exit(2)
    module, name = command
    sys.exit(getattr(importlib.import_module(module, "solver.cli"), name)(sys.argv[2:]))
