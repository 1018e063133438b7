#!/usr/bin/env python3
"""Benchmark the shell's start-up: ``solve ABEGIRR`` against importing numpy and marisa_trie.

Prints figures; it is not a timed unit test.  Both commands run as real
processes, taking turns (so that a busy machine slows both alike), and each
figure is the median of the runs:

* the reference, ``python -c "import numpy, marisa_trie"``: what any process of
  this library pays before it does anything (its two compiled dependencies);
* ``solve ABEGIRR``: ``python -m solver.cli solve ABEGIRR`` on this working copy,
  or, with ``--installed``, the ``solve`` command on PATH.  A first run, not timed,
  byte-compiles the working copy's modules (as any first run does by default).

Target: solve ABEGIRR takes at most 1.6 times the reference (a small rack loads
no scipy, numba, gevent or flask: tests/test_cli.py checks that without timing).

    python scripts/bench_cli.py                 # 21 runs of each
    python scripts/bench_cli.py --runs 51 --installed
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.6  # solve ABEGIRR / the reference, at most


def timed(command: list[str], env: dict) -> float:
    """Wall seconds of one run of ``command``, which must succeed."""
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each (default 21)")
    parser.add_argument("--installed", action="store_true",
                        help="time the `solve` command on PATH instead of this working copy")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    if args.installed:
        found = shutil.which("solve")
        if found is None:
            print("no `solve` command on PATH", file=sys.stderr)
            return 2
        solve = [found, "ABEGIRR"]
    else:
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(
            os.pathsep)
        solve = [sys.executable, "-m", "solver.cli", "solve", "ABEGIRR"]
    reference = [sys.executable, "-c", "import numpy, marisa_trie"]
    # Once first: the lexicon's files into the page cache, and the library's modules
    # byte-compiled, as Python does on any first run (and pip at install) unless
    # PYTHONDONTWRITEBYTECODE says not to; the reference's modules were compiled at install.
    timed(solve, {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"})
    times: dict[str, list[float]] = {"reference": [], "solve": []}
    for _ in range(args.runs):
        times["reference"].append(timed(reference, env))
        times["solve"].append(timed(solve, env))
    ref, got = (statistics.median(times[k]) for k in ("reference", "solve"))
    labels = {"reference": 'python -c "import numpy, marisa_trie"',
              "solve": "solve ABEGIRR" if args.installed else "python -m solver.cli solve ABEGIRR"}
    print(f"{args.runs} runs of each, taking turns; medians (min .. max)")
    for key, median in (("reference", ref), ("solve", got)):
        print(f"  {labels[key]:<40} {median * 1000:7.1f} ms  ({min(times[key]) * 1000:.0f} .. "
              f"{max(times[key]) * 1000:.0f})")
    ratio = got / ref
    print(f"  ratio {ratio:.2f} (target <= {TARGET:g}): {'met' if ratio <= TARGET else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
