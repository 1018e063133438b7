"""The server's time, moved by the test: a clock the rooms' modules read instead of
``time.time``, and the server's look-out (api/rooms/turns.py) run by the test at that
clock, in the test's own thread.

With them a timeout or a computer player's move happens exactly when the test moves the
clock there, never by the machine's speed: a clock of 10 s runs out when the test moves
time 10 s on, not 10 s later.
"""

from __future__ import annotations

import base64
import hmac
import importlib
import logging
import os
import pkgutil
import random
import secrets
import threading
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
    """What the look-out logged in the test's own thread: a computer player that could
    not move, a tick that failed (the real look-out logs these and goes on; the test
    fails on them).  The look-outs of other apps, ticking in their own threads of the
    same process on their own stores, are not this test's."""

    def __init__(self):
        super().__init__(logging.INFO)
        self.records: list[str] = []
        self.thread = threading.get_ident()

    def emit(self, record):
        if record.thread == self.thread:
            self.records.append(self.format(record))


class OneRoom:
    """The store as the look-out sees it in one run of the test: only the run's own room
    is ever due (the rooms of earlier runs, kept in the same store, are left alone)."""

    def __init__(self, store, code: str):
        self._store, self._code = store, code

    def due(self, now: float, limit: int = 20) -> list[str]:
        return [c for c in self._store.due(now, limit=10_000) if c == self._code][:limit]

    def __getattr__(self, name):
        return getattr(self._store, name)


class LookOut(turns.Ticker):
    """The server's own look-out, without its thread: :meth:`run` moves the clock on and
    ticks all along it, as the look-out ticks while time passes (several times a second:
    never so rarely that it thinks the server was away)."""

    STEP = 1.0  # seconds between two ticks while the clock moves on (under AWAY_SECONDS)

    def __init__(self, app, store, clock: MovedClock):
        self.app, self.everything, self.clock = app, store, clock
        self.store = store
        self.owner, self.pid = f"matrix:{os.getpid()}", os.getpid()
        self.failures: dict[str, int] = {}
        self.marked = 0.0
        self.complaints = Complaints()
        turns.log.addHandler(self.complaints)
        turns.log.setLevel(logging.INFO)

    def close(self) -> None:
        turns.log.removeHandler(self.complaints)

    def run(self, code: str, seconds: float = 0.0) -> int:
        """Move the clock ``seconds`` on, the look-out ticking in room ``code`` at each step
        of it and at the end (each tick acting while something is due: a timeout, a
        computer player's move); how many times it acted.  What the real look-out would
        log and go on from (a room set aside, a computer player that could not move) fails
        here, as does a timeout before its deadline."""
        self.store = OneRoom(self.everything, code)
        self.complaints.records.clear()
        acted, left = 0, max(0.0, seconds)
        while True:
            acted += self._tick_until_done(code)
            if left <= 0:
                return acted
            step = min(self.STEP, left)
            self.clock.advance(step)
            left -= step

    def _tick_until_done(self, code: str, limit: int = 500) -> int:
        acted = 0
        for _ in range(limit):
            before = self.everything.load(code, self.clock.now) or {}
            with self.app.app_context():
                done = self.tick(self.clock.now)
            failed, self.complaints.records = self.complaints.records, []
            assert not failed, f"the server's look-out failed in room {code}: {failed}"
            after = self.everything.load(code, self.clock.now) or {}
            deadline = (before.get("timer") or {}).get("deadline")
            for name in set(after.get("timed_out", [])) - set(before.get("timed_out", [])):
                assert deadline is not None and deadline <= self.clock.now, \
                    f"{name} was timed out at {self.clock.now}, before their deadline {deadline}"
            if not done:
                return acted
            acted += done
        raise AssertionError(f"the look-out acted {limit} times in room {code} at one moment")


class SeededSecrets:
    """A stand-in for the ``secrets`` module whose draws (room codes, tokens, the fair
    deal's server seed, the deal and the computer players' choices) follow one seed, set
    again at each run of the machine: a run replayed (Hypothesis shrinking it, or checking
    that it fails again) deals, names and plays exactly as it did the first time."""

    def __init__(self, seed: int = 0):
        self.reseed(seed)

    def reseed(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def SystemRandom(self):  # noqa: N802 (the secrets module's name)
        return random.Random(self._rng.getrandbits(64))

    def token_bytes(self, n: int = 32) -> bytes:
        return self._rng.randbytes(n)

    def token_hex(self, n: int = 32) -> str:
        return self.token_bytes(n).hex()

    def token_urlsafe(self, n: int = 32) -> str:
        return base64.urlsafe_b64encode(self.token_bytes(n)).rstrip(b"=").decode("ascii")

    def choice(self, seq):
        return self._rng.choice(seq)

    def randbelow(self, n: int) -> int:
        return self._rng.randrange(n)

    def compare_digest(self, a, b) -> bool:
        return hmac.compare_digest(a, b)


def seed_the_server(monkeypatch, seeded: SeededSecrets) -> None:
    """Every rooms module that draws from ``secrets`` draws from ``seeded``."""
    for module in rooms_modules():
        if getattr(module, "secrets", None) is secrets:
            monkeypatch.setattr(module, "secrets", seeded)
