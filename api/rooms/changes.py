"""What both stores share: when a room expires, and waking a room's waiters on a change.

A room's waiters (its event streams in this process) wake on two kinds of change: a
new version of the room (a move, a join), and a *poke*, which says that who is
connected changed.  Presence is kept apart from the room's state (a heartbeat with an
expiry, :data:`PRESENT_SECONDS`), so that a phone connecting is never a write that can
fail, or make another phone's move fail.
"""

from __future__ import annotations

import threading
import time

IDLE_SECONDS = 24 * 3600
OVER_SECONDS = 3600
MISS_WINDOW = 60.0  # seconds over which an address's misses (and new rooms) are counted
POLL_SECONDS = 0.05  # how often a process looks for changes made by the others
PRESENT_SECONDS = 20.0  # a stream not heard from for this long is away (kill -9, no network)
PRESENCE_KEPT = 3600.0  # seconds a stream's last heartbeat and poke are kept, then swept

Mark = tuple[int, int]  # (the room's version, its pokes) a waiter has seen


def expiry(room: dict, now: float) -> float:
    return now + (OVER_SECONDS if room.get("phase") == "over" else IDLE_SECONDS)


class Changes:
    """Wake the waiters of a room when its version moves or it is poked: one per process,
    fed by the process's own saves and by ``poll`` (run every ``every`` seconds, in one
    thread, while anyone waits), which looks for the other processes' saves."""

    def __init__(self, poll=None, every: float = POLL_SECONDS):
        self._lock = threading.Lock()
        # A room's waiters wait on one event, set and replaced at its next change: waking a
        # hundred of them takes no lock a hundred times over (as a condition's wait would).
        self._events: dict[str, threading.Event] = {}  # only the rooms someone waits on
        self._waiting: dict[str, int] = {}
        self._versions: dict[str, int] = {}
        self._pokes: dict[str, int] = {}
        self._latest: dict[str, tuple[int, dict]] = {}  # a waited room's newest state
        self._poll, self._every = poll, every
        self._poller: threading.Thread | None = None

    def seen(self, code: str, version: int, data: dict | None = None) -> None:
        """``code`` is at ``version`` now (its state ``data``, when the caller has it: the
        streams of this process then read that one copy, not the store, and never change
        it)."""
        with self._lock:
            if version > self._versions.get(code, 0):
                self._versions[code] = version
                if code in self._waiting:
                    if data is not None:
                        self._latest[code] = version, data
                    self._wake(code)

    def poke(self, code: str) -> None:
        """Who is connected to ``code`` changed: its waiters look again."""
        with self._lock:
            self._pokes[code] = self._pokes.get(code, 0) + 1
            self._wake(code)

    def _wake(self, code: str) -> None:
        """(With the lock held.)  The room's waiters go and look."""
        event = self._events.pop(code, None)
        if event is not None:
            event.set()

    def has(self, code: str, version: int) -> bool:
        with self._lock:
            return self._versions.get(code, 0) >= version

    def latest(self, code: str, version: int) -> dict | None:
        """The room's state at ``version``, if this process has it."""
        with self._lock:
            held = self._latest.get(code)
            return held[1] if held and held[0] == version else None

    def _mark(self, code: str) -> Mark:
        return self._versions.get(code, 0), self._pokes.get(code, 0)

    def wait(self, code: str, since: Mark, timeout: float) -> Mark | None:
        """The room's mark once it differs from ``since`` (a newer version, or a poke);
        None after ``timeout`` seconds."""
        self._start()
        deadline = time.monotonic() + timeout
        with self._lock:
            self._waiting[code] = self._waiting.get(code, 0) + 1
        try:
            while True:
                with self._lock:
                    if self._versions.get(code, 0) > since[0] \
                            or self._pokes.get(code, 0) > since[1]:
                        return self._mark(code)
                    woken = self._events.setdefault(code, threading.Event())
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                woken.wait(left)
        finally:
            with self._lock:
                self._waiting[code] -= 1
                if not self._waiting[code]:
                    del self._waiting[code]
                    self._events.pop(code, None)
                    self._latest.pop(code, None)  # (pokes stay: a stream's mark counts them)

    def waited_on(self) -> list[str]:
        with self._lock:
            return list(self._waiting)

    def _start(self) -> None:
        if self._poll is None or self._poller is not None:
            return
        with self._lock:
            if self._poller is None:
                self._poller = threading.Thread(target=self._run, daemon=True,
                                                name="rooms-changes")
                self._poller.start()

    def _run(self) -> None:
        while True:
            time.sleep(self._every)
            if self._waiting:
                try:
                    self._poll()
                except Exception:  # noqa: BLE001 - a failed look is retried next time
                    pass
