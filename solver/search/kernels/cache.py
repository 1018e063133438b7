"""Compiling the loops once: numba's disk cache.

Each loop is compiled by numba with ``cache=True``: the machine code is written
next to these modules (or in the user's cache folder when they are read-only)
and read back by later processes.  numba stamps a function's cached code with
its own file only, but these loops call one another across the package's
files; so every loop's stamp is a digest of all of them, and a change to any
file compiles them all again (as when they were one file).
"""

from __future__ import annotations

import hashlib
import pathlib

from numba import njit

_FOLDER = pathlib.Path(__file__).parent
# every module of the package, read once: any change to one is a change to all
DIGEST = hashlib.sha256(b"".join(path.read_bytes() for path in sorted(_FOLDER.glob("*.py"))))\
    .hexdigest()

LOOPS: list = []  # every compiled loop of the package, in the order defined


def compiled(function):
    """numba-compile ``function``, cached on disk when some cache folder is writable."""
    try:
        loop = njit(cache=True, nogil=True)(function)
    except RuntimeError:  # no writable cache location: compile once per process instead
        loop = njit(nogil=True)(function)
    else:
        _stamp(loop)
    LOOPS.append(loop)
    return loop


def _stamp(loop) -> None:
    """Stamp the loop's cache with the package's digest instead of its own file's date."""
    try:
        loop._cache._cache_file._source_stamp = ("liars-kernels", DIGEST)
    except AttributeError:  # pragma: no cover - another numba: its own stamp, per file
        pass
