"""``python -m solver.search.kernels``: compile (or load) every loop now, then exit.

``--lock-fd N``: this process was started holding the compile lock on file
descriptor N (by :func:`solver.search.kernels.compile_apart`).
"""

import argparse
import sys
import time

from . import cache, ready


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solver.search.kernels",
                                     description="Compile the big-rack search's loops now.")
    parser.add_argument("--lock-fd", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.lock_fd is not None:
        cache.adopt_lock(args.lock_fd)
    start = time.perf_counter()
    ready()
    print(f"the big-rack search is compiled ({time.perf_counter() - start:.0f} s)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
