"""Compiled loops (numba) for big racks, where numpy's passes cost most; by caller.

Each is a plain loop that numpy cannot fuse, and each is tested against the
plain way it replaces (the sort merge, the pair test, the numpy cuts, the
recursion the walk replaced, scipy's optimum):

* :mod:`.layers`: the layers' merge, letter-wise maximum, join and look-ahead
  (solver/search/layers.py, solver/search/joins.py);
* :mod:`.walk`: the packing search's walk over a branch's states and its tests
  at each (solver/search/packing.py);
* :mod:`.relaxation` (with :mod:`.simplex`): the packing relaxation by column
  generation, and the exact checks of its letter weightings;
* :mod:`.bits` the bit tricks they share, :mod:`.cache` how they are compiled.

Only big racks use them, so small racks never pay for numba's import or
compilation.  Compiled code is cached on disk (next to these modules, or in the
user's cache folder when they are read-only): the first big solve after
installing compiles them, about half a minute, and says so in a log record
(logger ``solver.search.kernels``, level INFO, :data:`COMPILING`), which the
shell shows on standard error and ``liars serve`` in its log.  The library
itself prints nothing.  A server has them compiled by another process
(:func:`compile_apart`) and answers meanwhile.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

log = logging.getLogger(__name__)

COMPILE_SECONDS = 30  # about how long compiling them all takes (29.6 s measured, 2 cores)
COMPILING = (f"compiling the big-rack search once (about {COMPILE_SECONDS} s; later runs "
             f"start at once)...")
# the process compile_apart starts: this package's __main__ (compiles everything, then exits)
COMPILER = [sys.executable, "-m", __name__]

_ready = False  # this process has every loop loaded (a forked child inherits it)


def _modules():
    from . import layers, relaxation, walk  # numba, and every loop defined

    return layers, walk, relaxation


def cached() -> bool:
    """Is every loop's compiled code in the disk cache (loading it takes a second at most)?"""
    from . import cache

    _modules()
    return cache.is_cached()


def ready(wait: float | None = None) -> bool:
    """Load (or, the first time after installing, compile) every loop, for the types used.

    The search calls this before it starts its clock, so that compiling never
    eats a search's budget.  One process compiles at a time: when another one
    is compiling them, this waits for it at most ``wait`` seconds (None: as long
    as it takes) and returns False if it is not done by then (nothing loaded);
    else True.
    """
    global _ready
    if _ready:
        return True
    from . import cache

    modules = _modules()
    with cache.compile_lock(wait) as held:
        if not held:
            return False
        if not cache.is_cached():
            log.info(COMPILING)
        for module in modules:
            module.warm_up()
    _ready = True
    return True


def compile_apart():
    """Start another process compiling the loops, and return it (a :class:`subprocess.Popen`);
    None when one is compiling them already.

    For a server: it answers meanwhile, big racks searched without the loops (the
    search does not wait for them when it has a budget), and every process loads them
    once they are cached.  The new process is handed the compile lock, taken here,
    so that no search can start compiling them too in between.
    """
    import subprocess

    from . import cache

    _modules()
    lock = cache.open_lock()
    try:
        if not cache.try_lock(lock):
            return None
        log.info(COMPILING)
        return subprocess.Popen([*COMPILER, "--lock-fd", str(lock.fileno())], env=_child_env(),
                                pass_fds=(lock.fileno(),), stdin=subprocess.DEVNULL)
    finally:
        lock.close()  # the new process holds the lock now, until it has compiled


def _child_env() -> dict:
    """The environment for a process that must import this very copy of the library: its
    folder first on PYTHONPATH, unless it is installed (then it is found as here)."""
    import site

    root = str(Path(__file__).resolve().parents[3])  # the folder holding solver/
    env = dict(os.environ)
    installed = {str(Path(p).resolve()) for p in site.getsitepackages()}
    if root not in installed:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return env
