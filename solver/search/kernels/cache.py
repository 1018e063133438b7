"""Compiling the loops once: numba's disk cache, whether it is there, one compile at a time.

Each loop is compiled by numba with ``cache=True``: the machine code is written
next to these modules (or in the user's cache folder when they are read-only)
and read back by later processes.  Three things are added here:

* numba stamps a function's cached code with its own file only, but these loops
  call one another across the package's files; so every loop's stamp is a
  digest of all of them, and a change to any file compiles them all again
  (as when they were one file);
* :func:`is_cached` says whether every loop's code is in the cache (then
  loading takes a fraction of a second; else compiling takes about half a
  minute), so that a front end can say so before it waits;
* :func:`compile_lock`: one process compiles at a time, the others wait for it
  (or go on without the loops, as the search may when it has a budget).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pathlib
import tempfile
import time

from numba import njit

_FOLDER = pathlib.Path(__file__).parent
# every module of the package, read once: any change to one is a change to all
DIGEST = hashlib.sha256(b"".join(path.read_bytes() for path in sorted(_FOLDER.glob("*.py"))))\
    .hexdigest()
_LOCK_NAME = "liars-kernels.lock"
_POLL = 0.05  # seconds between tries of a lock another process holds

LOOPS: list = []  # every compiled loop of the package, in the order defined

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no lock (compiles may overlap, harmlessly)
    fcntl = None


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


def is_cached(loops=None) -> bool:
    """Is every loop's compiled code in numba's cache, fresh (so that loading is quick)?"""
    loops = LOOPS if loops is None else loops
    try:
        return bool(loops) and all(loop._cache._cache_file._load_index() for loop in loops)
    except Exception:  # noqa: BLE001 - no cache, or another numba: say it compiles
        return False


def _lock_path() -> pathlib.Path:
    """Beside the cached code when there is a cache folder, else in the temporary folder."""
    try:
        folder = pathlib.Path(LOOPS[0]._cache._cache_path)
        folder.mkdir(parents=True, exist_ok=True)
        return folder / _LOCK_NAME
    except (AttributeError, IndexError, OSError):
        key = hashlib.sha256(str(_FOLDER).encode()).hexdigest()[:16]
        return pathlib.Path(tempfile.gettempdir()) / f"{_LOCK_NAME}.{key}"


_handed = None  # the lock's file when this process was handed it held (``adopt_lock``)


def open_lock():
    """The lock's file, opened (a new open file: its lock is apart from any other's)."""
    return open(_lock_path(), "a+b")  # held for as long as the caller likes


def try_lock(file) -> bool:
    """Take the lock on ``file`` if no other holds it now."""
    if fcntl is None:  # pragma: no cover
        return True
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def adopt_lock(fd: int) -> None:
    """This process was started holding the lock on ``fd`` (inherited): it compiles under it."""
    global _handed
    _handed = os.fdopen(fd, "a+b")


@contextlib.contextmanager
def compile_lock(wait: float | None = None):
    """Hold the compile lock while the block runs: yields True, or False when another
    process still holds it after ``wait`` seconds (None: wait as long as it takes)."""
    if _handed is not None:
        yield True
        return
    with open_lock() as file:
        if fcntl is not None and wait is None:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX)
            held = True
        else:
            until = time.monotonic() + (wait or 0.0)
            while not (held := try_lock(file)) and time.monotonic() < until:
                time.sleep(_POLL)
        yield held  # closing the file lets the lock go
