"""How many event streams this process holds, and refusing one past its share at once.

A worker of ``liars serve`` holds at most ``--max-connections`` connections (gunicorn's
``worker_connections``).  An event stream keeps one for as long as a phone looks at its
table: were streams let take every one, nothing else (``/healthz``, a move, a new room)
would be accepted until a stream closed, and a load balancer could not tell.  So streams
take at most their share of the connections, :func:`stream_share` (all but a reserve of
a tenth, at least :data:`RESERVE_MIN`), and the one past it is answered at once: 503
``streams_full`` with Retry-After, and the connection closed.

Per room, spectators are counted apart from players: spectators' streams take at most
:data:`SPECTATOR_SHARE` of the streams' share, so that a crowd watching one table never
refuses a player's stream; and one token holds at most :data:`STREAMS_PER_TOKEN` streams
(429 ``too_many_streams``: a phone needs one, and a moment's overlap as it reconnects).
The counts are this process's (each worker counts its own).
"""

from __future__ import annotations

import collections
import threading

from ..errors import StreamsFull, TooManyStreams

RESERVE_SHARE = 0.1  # of a worker's connections, kept for everything but streams ...
RESERVE_MIN = 8  # ... and at least this many
SPECTATOR_SHARE = 0.75  # of the streams' share, the most spectators' streams take
STREAMS_PER_TOKEN = 3
RETRY_SECONDS = 5  # a refused stream is tried again after this (Retry-After)


def stream_share(connections: int) -> int:
    """The streams a worker holding ``connections`` takes at most (at least one).

    >>> stream_share(2000), stream_share(40), stream_share(5)
    (1800, 32, 1)
    """
    reserve = max(RESERVE_MIN, int(connections * RESERVE_SHARE))
    return max(1, connections - reserve)


class Streams:
    """This process's open event streams, counted: all, the spectators', each token's."""

    def __init__(self, connections: int):
        self.share = stream_share(connections)
        self.spectator_share = max(1, int(self.share * SPECTATOR_SHARE))
        self.open = 0
        self.watching = 0  # spectators' (and table displays')
        self._tokens: collections.Counter[str] = collections.Counter()
        self._lock = threading.Lock()

    def take(self, key: str, *, spectator: bool):
        """Count one more stream of the token ``key`` (its digest): the function that
        counts it out again, once.  StreamsFull (503) past the share, TooManyStreams (429)
        past the token's."""
        with self._lock:
            if self.open >= self.share:
                raise StreamsFull(f"this server holds {self.open} event streams, all it "
                                  f"takes: try again in a moment", retry_after=RETRY_SECONDS)
            if spectator and self.watching >= self.spectator_share:
                raise StreamsFull(f"this server holds {self.watching} spectators' streams, "
                                  f"all it keeps for them (the rest are the players'): try "
                                  f"again in a moment", retry_after=RETRY_SECONDS)
            if self._tokens[key] >= STREAMS_PER_TOKEN:
                raise TooManyStreams(f"this token has {STREAMS_PER_TOKEN} event streams "
                                     f"open already: close one", retry_after=RETRY_SECONDS)
            self.open += 1
            self.watching += spectator
            self._tokens[key] += 1
        released = []

        def release() -> None:
            with self._lock:
                if released:
                    return
                released.append(True)
                self.open -= 1
                self.watching -= spectator
                self._tokens[key] -= 1
                if not self._tokens[key]:
                    del self._tokens[key]

        return release
