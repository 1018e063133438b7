"""The server's own moves: timeouts and computer players, when their time comes, phones
or not.

Every save records when the server must next act in the room (:meth:`Room.due`: the
clock of the player to move running out, or a computer player's turn, its delay after
the turn came, and after a ruling not before its reveal has been shown: :func:`moment`),
in the store beside the room.
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

from ..errors import StoreUnavailable
from . import ratings, sweep
from .service import change, moment, presence, store_change

TICK_SECONDS = 0.2  # how often a process looks for rooms whose time has come
LEASE_SECONDS = 1.5  # how long a process holds a room it acts in (a killed one: no longer)
RETRY_SECONDS = 10.0  # a move that failed is tried again this much later
# A room the look-out fails to act in is set aside this long, longer each time it fails again
# (its code and the error logged once), so that it never holds up the other tables.
SET_ASIDE_SECONDS = (5.0, 30.0, 120.0, 600.0)
# No look-out ran for longer than this: the server (or its store) was away, and every clock
# is given that time back (docs/rules.md, "Whose clock").
AWAY_SECONDS = 2.0
ALIVE_SECONDS = 0.5  # a look-out marks that it runs this often (a write), well within that

log = logging.getLogger(__name__)


def save(store, room: Room, version: int) -> bool:
    """Save a change the server made (:func:`store_change`); a finished game is rated
    (never, at a table with a computer player, but the hook is the same)."""
    saved, _ = store_change(store, room, version)
    if saved:
        ratings.record(store, room)
    return saved


def step_here(code: str, version: int, name: str) -> bool:
    """:func:`step` in a solver process, on the store its app opens (a pool's task)."""
    from .service import store
    return step(store(), code, version, name)


def step(store, code: str, version: int, name: str) -> bool:
    """``name`` moves in room ``code`` if it is still its turn at ``version``; True if it
    did.  Its move is decided from its own view only."""
    rng = secrets.SystemRandom()

    def move(room: Room) -> bool | None:
        if room.bot_to_move() != name:
            return None
        room.move(name, room.decide(name, rng), rng=rng)
        return True

    done = change(store, code, move, at=version)
    if done.saved and done.answer:
        ratings.record(store, done.room)
    return bool(done.saved and done.answer)


def away(store, now: float) -> float:
    """How long the server has been away, by the look-outs' mark: 0 while one runs."""
    last = store.alive_at()
    return 0.0 if last is None or now - last <= AWAY_SECONDS else now - last


def give_time_back(store, gap: float, now: float) -> int:
    """The server was away ``gap`` seconds: every clock still running is moved on by that
    much, so that no one is out for time no process was counting (how many rooms)."""
    moved = 0
    def moved_on(room: Room) -> bool | None:
        if not room.state.timer.get("deadline"):
            return None
        room.state.timer["deadline"] += gap
        room.state.version += 1
        return True

    for code in store.clocked(now):
        try:
            moved += change(store, code, moved_on, now=now).saved
        except StoreUnavailable:
            raise
        except Exception:  # noqa: BLE001 - a room no server can read: the others go on
            continue
    return moved


def stuck(store, code: str, err: Exception, now: float, pause: float) -> None:
    """Tell the room's phones that the server cannot act in it (the view's ``stuck``), as
    far as its stored state can be read at all, and set it aside for ``pause``."""
    try:
        data = store.load(code, now)
        if isinstance(data, dict) and isinstance(data.get("version"), int) \
                and not data.get("stuck"):
            version = data["version"]
            data["stuck"] = (f"the server cannot act in this table "
                             f"({type(err).__name__}): the host may start a rematch")
            data["version"] = version + 1
            store.save(data, version, now, due=now + pause)
    except StoreUnavailable:
        raise
    except Exception:  # a state too broken to mark: its phones get room_stuck on reading it
        pass
    store.postpone(code, now + pause)


def time_out(store, code: str, now: float) -> str | None:
    """The player to move in ``code`` is out of time at ``now``: they are out (once: the
    change is saved at the version it was made at, or not at all).  Who timed out."""
    done = change(store, code, lambda room: room.time_out(now)
                  if room.out_of_time(now) is not None else None, now=now)
    if done.saved and done.answer is not None:
        ratings.record(store, done.room)
        return done.answer
    return None


class Ticker:
    """One process's look-out for the rooms whose time has come (a daemon thread, a
    greenlet under gevent)."""

    def __init__(self, app, store):
        self.app, self.store = app, store
        self.owner = f"{os.getpid()}:{secrets.token_hex(4)}"
        self.pid = os.getpid()
        self.failures: dict[str, int] = {}  # rooms set aside, by code: how often they failed
        self.marked = 0.0  # when this look-out last marked that it runs
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="rooms-ticker")
        self._thread.start()

    def wake(self) -> None:
        """Look now: a change in this process made something due at once."""
        self._wake.set()

    def _run(self) -> None:
        acted = 0
        while True:
            if not acted:  # what it did may have made more due at once: look again now
                self._wake.wait(TICK_SECONDS)
            self._wake.clear()
            acted = 0
            try:
                with self.app.app_context():  # the app's settings (a group's games a day)
                    acted = self.tick(time.time())
            except LiarsError:
                pass  # the store is away: look again next tick
            except Exception:  # the look-out must never stop
                log.exception("the rooms' ticker failed")

    def tick(self, now: float) -> int:
        """Act in every room whose time has come and that this process leases, each on its
        own (a room that fails is set aside: :meth:`set_aside`); how many.  First, if no
        look-out ran for a while, the time the server was away is given back."""
        if now - self.marked >= ALIVE_SECONDS:
            self.marked = now
            sweep.sweep(self.store, now)  # expired rooms go, at most once a minute
            before = self.store.alive(now)
            if before is not None and now - before > AWAY_SECONDS:
                moved = give_time_back(self.store, now - before, now)
                log.warning("no look-out ran for %.1f s: %d clocks moved on by that much",
                            now - before, moved)
        acted = 0
        for code in self.store.due(now):
            if not self.store.lease(code, self.owner, now, LEASE_SECONDS):
                continue
            try:
                self.act(code)
            except StoreUnavailable:
                raise  # the store is away: every room waits for it alike
            except Exception as err:  # this room only: the others go on
                self.set_aside(code, err)
            else:
                self.failures.pop(code, None)
            acted += 1
        return acted

    def set_aside(self, code: str, err: Exception) -> None:
        """The look-out could not act in ``code``: logged the first time (its code and the
        error, never a token), its phones told, tried again after a growing pause."""
        failed = self.failures.get(code, 0)
        if len(self.failures) > 10_000:  # rooms long gone: start counting afresh
            self.failures.clear()
        self.failures[code] = failed + 1
        if not failed:
            log.error("room %s is set aside: the server cannot act in it (%s: %s)", code,
                      type(err).__name__, str(err)[:200])
        pause = SET_ASIDE_SECONDS[min(failed, len(SET_ASIDE_SECONDS) - 1)]
        stuck(self.store, code, err, time.time(), pause)

    def act(self, code: str) -> None:
        """Do what is due in ``code``: a timeout, or a computer player's move."""
        now = time.time()
        data = self.store.load(code, now)
        room = Room.from_dict(data) if data is not None else None
        if room is not None and ratings.due(room):
            ratings.record(self.store, room)  # rated once, whoever gets there first
        if room is not None and room.out_of_time(now) is not None:
            time_out(self.store, code, now)
            return
        name = room.bot_to_move() if room is not None else None
        present = presence(self.store, room, now) if name is not None else frozenset()
        when = room.bot_moment(present) if name is not None else None
        if name is None or when is None or when > now:
            # gone, or not yet (another process's clock, a reveal still showing): the room's
            # own next moment, if there is one still to come
            later = None if room is None else moment(room, now, present)
            self.store.postpone(code, later if later is not None and later > now else None)
            return
        try:
            with self.app.app_context():
                pool = self.app.extensions.get("liars_solver_pool")
                if pool is None:
                    step(self.store, code, room.version, name)
                else:
                    pool.run(step_here, code=code, version=room.version, name=name)
        except Exception as err:  # a computer player must never stop a worker
            if isinstance(err, LiarsError):
                log.info("computer player %s in room %s waits: %s", name, code, err.message)
            else:
                log.exception("computer player %s in room %s could not move", name, code)
            self.store.postpone(code, time.time() + RETRY_SECONDS)


_tickers: dict[int, Ticker] = {}
_lock = threading.Lock()


def start(app, store) -> Ticker:
    """This process's ticker for ``app``, started once (a forked worker starts its own)."""
    key = id(app)  # (an id a collected app's ticker held may come again: checked below)
    ticker = _tickers.get(key)
    if ticker is not None and ticker.pid == os.getpid() and ticker.app is app:
        return ticker
    with _lock:
        ticker = _tickers.get(key)
        if ticker is None or ticker.pid != os.getpid() or ticker.app is not app:
            ticker = _tickers[key] = Ticker(app, store)
    return ticker
