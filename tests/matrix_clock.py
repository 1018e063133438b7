"""The server's time, moved by the test: a clock the rooms' modules read instead of
``time.time``, and the server's look-out (api/rooms/turns.py) run by the test at that
clock, in the test's own thread.

With them a timeout or a computer player's move happens exactly when the test moves the
clock there, never by the machine's speed: a clock of 10 s runs out when the test moves
time 10 s on, not 10 s later.
"""

from __future__ import annotations

import importlib
import logging
import os
import pkgutil
import time
import types

from api.rooms import turns


class MovedClock:
    """Epoch seconds that move only when :meth:`advance` says so."""

    def __init__(self, start: float | None = None):
        self.now = float(start if start is not None else time.time())

    def advance(self, seconds: float) -> float:
        self.now += max(0.0, float(seconds))
        return self.now

    def shim(self):
        """A stand-in for the ``time`` module: its ``time()`` is this clock; the rest
        (monotonic, sleep: the retries' pauses) is the real one."""
        real = {name: getattr(time, name) for name in dir(time) if not name.startswith("__")}
        return types.SimpleNamespace(**{**real, "time": lambda: self.now})


def rooms_modules():
    """Every module of the rooms (the library's and the app's): where a clock is read."""
    for package in ("solver.rooms", "api.rooms"):
        root = importlib.import_module(package)
        yield root
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            yield importlib.import_module(info.name)


def move_the_server_clock(monkeypatch, clock: MovedClock) -> None:
    """Every rooms module that reads ``time.time()`` reads ``clock``; the look-out's thread
    is never started (the test runs it: :class:`LookOut`)."""
    shim = clock.shim()
    for module in rooms_modules():
        if getattr(module, "time", None) is time:
            monkeypatch.setattr(module, "time", shim)
    import api.rooms
    monkeypatch.setattr(api.rooms, "start_turns", lambda app, wake=False: None)


class Complaints(logging.Handler):
    """What the look-out logged: a computer player that could not move, a tick that
    failed (the real look-out logs these and goes on; the test fails on them)."""

    def __init__(self):
        super().__init__(logging.INFO)
        self.records: list[str] = []

    def emit(self, record):
        self.records.append(self.format(record))


class LookOut(turns.Ticker):
    """The server's own look-out, without its thread: :meth:`run` does in one room what
    the look-out would do at the moved clock's time, each thing due in turn."""

    def __init__(self, app, store, clock: MovedClock):
        self.app, self.store, self.clock = app, store, clock
        self.owner, self.pid = f"matrix:{os.getpid()}", os.getpid()
        self.complaints = Complaints()
        turns.log.addHandler(self.complaints)
        turns.log.setLevel(logging.INFO)

    def close(self) -> None:
        turns.log.removeHandler(self.complaints)

    def run(self, code: str, limit: int = 200) -> int:
        """Act in room ``code`` while the store says the server's time to act has come
        (each act as the look-out's own: a timeout, a computer player's move); how many
        times it acted.  Whatever the look-out would have logged and gone on from fails."""
        acted = 0
        self.complaints.records.clear()
        while acted < limit and code in self.store.due(self.clock.now, limit=10_000):
            self.act(code)
            acted += 1
            failed, self.complaints.records = self.complaints.records, []
            assert not failed, f"the server's look-out failed in room {code}: {failed}"
        return acted
