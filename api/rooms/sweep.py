"""Expired rooms leave the store within minutes, whatever else the server is doing.

Each process sweeps its store (:meth:`purge_expired`: the rooms past their expiry, what
only they used, and the SQLite file's freed pages) at most once every
:data:`SWEEP_SECONDS`, from wherever it is asked: a new room, ``GET /healthz`` (a load
balancer asks every few seconds), an event stream's heartbeat, and the rooms' look-out
(:mod:`.turns`), which runs whether or not anyone asks anything.
"""

from __future__ import annotations

import logging
import threading
import weakref

from solver.errors import LiarsError

SWEEP_SECONDS = 60.0

log = logging.getLogger(__name__)
_lock = threading.Lock()
_last: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # store -> last swept


def sweep(store, now: float) -> bool:
    """Purge ``store`` if this process has not for SWEEP_SECONDS; whether it did.  A store
    that cannot be reached now is swept next time: a sweep never fails a request."""
    with _lock:
        if now - _last.get(store, float("-inf")) < SWEEP_SECONDS:
            return False
        _last[store] = now
    try:
        store.purge_expired(now)
    except LiarsError as err:
        log.info("the rooms' store was not swept: %s", err.message)
        with _lock:
            _last.pop(store, None)
        return False
    return True
