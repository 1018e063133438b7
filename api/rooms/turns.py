"""The server's own moves: computer players move when their time comes, phones or not.

Every save records when the server must next act in the room (:func:`due`: a
computer player's turn, its delay after the change), in the store beside the room.
Each process runs a :class:`Ticker` that looks for rooms whose time has come; the
process that takes a room's short lease (``LEASE_SECONDS``) makes the move, so a
room is driven by one process at a time, whichever worker or machine that is, and
a killed worker's rooms are taken over when its lease runs out.  The move itself
is made at the version it was planned for, or not at all (compare and swap): a
human who moved meanwhile, or another process that got there first, wins, so no
move is ever applied twice.

Under ``liars serve`` the move is decided in a solver process (its odds and any
ruling search run there, never in the worker that serves the event streams), as a
task of the pool's (:meth:`api.pool.SolverPool.run`): no route exists for the
server to call itself.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time

from solver.errors import LiarsError
from solver.rooms.room import Room

from . import ratings

TICK_SECONDS = 0.2  # how often a process looks for rooms whose time has come
LEASE_SECONDS = 2.0  # how long a process holds a room it acts in (a killed one: no longer)
RETRY_SECONDS = 10.0  # a move that failed is tried again this much later

log = logging.getLogger(__name__)


def due(room: Room, now: float) -> float | None:
    """When the server must act in ``room`` next (epoch seconds), or None.  A finished
    game that counts for the leaderboard is due at once: whichever process saved it
    rates it, and if that one died first, the look-out does (api/rooms/ratings.py)."""
    name = room.bot_to_move()
    if name is None:
        return now if ratings.due(room) else None
    return now + room.bot(name)["delay"]


def step_here(code: str, version: int, name: str) -> bool:
    """:func:`step` in a solver process, on the store its app opens (a pool's task)."""
    from . import store
    return step(store(), code, version, name)


def step(store, code: str, version: int, name: str) -> bool:
    """``name`` moves in room ``code`` if it is still its turn at ``version``; True if it
    did.  Its move is decided from its own view only."""
    data = store.load(code, time.time())
    if data is None or data["version"] != version:
        return False  # someone moved first
    room = Room.from_dict(data)
    if room.bot_to_move() != name:
        return False
    rng = secrets.SystemRandom()
    room.move(name, room.decide(name, rng), rng=rng)
    now = time.time()
    if not store.save(room.to_dict(), version, now, due=due(room, now)):
        return False
    ratings.record(store, room)  # never counts (a computer player sat), but the same hook
    return True


class Ticker:
    """One process's look-out for the rooms whose time has come (a daemon thread, a
    greenlet under gevent)."""

    def __init__(self, app, store):
        self.app, self.store = app, store
        self.owner = f"{os.getpid()}:{secrets.token_hex(4)}"
        self.pid = os.getpid()
        self._thread = threading.Thread(target=self._run, daemon=True, name="rooms-ticker")
        self._thread.start()

    def _run(self) -> None:
        while True:
            time.sleep(TICK_SECONDS)
            try:
                self.tick(time.time())
            except LiarsError:
                pass  # the store is away: look again next tick
            except Exception:  # the look-out must never stop
                log.exception("the rooms' ticker failed")

    def tick(self, now: float) -> None:
        for code in self.store.due(now):
            if self.store.lease(code, self.owner, now, LEASE_SECONDS):
                self.act(code)

    def act(self, code: str) -> None:
        """Make the move that is due in ``code`` (a computer player's)."""
        data = self.store.load(code, time.time())
        room = Room.from_dict(data) if data is not None else None
        if room is not None and ratings.due(room):
            ratings.record(self.store, room)  # rated once, whoever gets there first
        name = room.bot_to_move() if room is not None else None
        if name is None:  # gone, or nothing to do: the next save says when
            self.store.postpone(code, None)
            return
        try:
            with self.app.app_context():
                pool = self.app.extensions.get("liars_solver_pool")
                if pool is None:
                    step(self.store, code, room.version, name)
                else:
                    pool.run("api.rooms.turns:step_here", code=code, version=room.version,
                             name=name)
        except Exception as err:  # a computer player must never stop a worker
            if isinstance(err, LiarsError):
                log.info("computer player %s in room %s waits: %s", name, code, err.message)
            else:
                log.exception("computer player %s in room %s could not move", name, code)
            self.store.postpone(code, time.time() + RETRY_SECONDS)


_tickers: dict[int, Ticker] = {}
_lock = threading.Lock()


def start(app, store) -> None:
    """This process's ticker for ``app``, started once (a forked worker starts its own)."""
    key = id(app)
    ticker = _tickers.get(key)
    if ticker is not None and ticker.pid == os.getpid():
        return
    with _lock:
        ticker = _tickers.get(key)
        if ticker is None or ticker.pid != os.getpid():
            _tickers[key] = Ticker(app, store)
