"""How often one token may send a request that phones send rarely (``seen``), in this process.

A phone says ``seen`` once a ruling, when its player dismisses the reveal: a few a minute
at most.  A client that repeats it hundreds of times a second is answered 429 with
Retry-After past :data:`SEEN_PER_MINUTE`, before its room is read.  The count is kept in
memory, per process and per token (its digest): nothing is written for it, and a server
of W workers lets a token send at most W times as many.
"""

from __future__ import annotations

import collections
import hashlib
import math
import threading

SEEN_PER_MINUTE = 30  # ``seen`` moves one token may send a minute (per process)
WINDOW = 60.0
KEPT_TOKENS = 10_000  # tokens counted at once; the least recently seen are forgotten


class PerToken:
    """At most ``most`` requests a token in any ``window`` seconds (a sliding window)."""

    def __init__(self, most: int, window: float = WINDOW, kept: int = KEPT_TOKENS):
        self.most, self.window, self.kept = most, window, kept
        self._times: collections.OrderedDict[str, collections.deque] = collections.OrderedDict()
        self._lock = threading.Lock()

    def wait(self, token: str, now: float) -> int:
        """Count one request of ``token`` at ``now``: 0 if it may go on, else the whole
        seconds until it may (the request is then not counted)."""
        key = hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
        with self._lock:
            times = self._times.pop(key, None) or collections.deque()
            self._times[key] = times  # the most recent last
            while times and times[0] <= now - self.window:
                times.popleft()
            if len(times) >= self.most:
                return max(1, math.ceil(times[0] + self.window - now))
            times.append(now)
            while len(self._times) > self.kept:
                self._times.popitem(last=False)
            return 0


seen = PerToken(SEEN_PER_MINUTE)
