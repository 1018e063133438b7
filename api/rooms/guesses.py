"""Guessing bounded per address: unknown room codes and wrong profile keys count together.

Room codes and profile keys are both secrets a stranger might try to guess.  Each miss
(a code that names no room, an id and key that match no profile) is counted against the
address it came from; an address with MAX_MISSES misses in the last minute is answered
429 for every room lookup and every profile key check, right or wrong, before anything
is looked up, until its misses are a minute old: a guess over the limit learns nothing.
A table's phones share one Wi-Fi address, so the limit counts misses only, never the
hits of the people playing.
"""

from __future__ import annotations

import time

from flask import request

from solver.errors import TooManyGuesses

from .limits import MAX_MISSES


def _address() -> str:
    return request.remote_addr or "?"


def may_guess(store, now: float | None = None) -> None:
    """TooManyGuesses (429) if this request's address has missed too often lately."""
    now = time.time() if now is None else now
    misses = store.hits("miss", _address(), now)
    if misses >= MAX_MISSES:
        raise TooManyGuesses(f"{misses} unknown room codes or profile keys from this address "
                             f"in a minute: wait a minute, and check the code")


def missed(store, now: float | None = None) -> None:
    """Count one miss (an unknown room code, a wrong profile key) against this address."""
    store.hit("miss", _address(), time.time() if now is None else now)
