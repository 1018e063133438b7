"""Where rooms live between requests: SQLite by default, Redis for several machines.

Every store keeps each room as the JSON of :meth:`solver.rooms.room.Room.to_dict`
with its version, and offers the same few operations, so the same contract tests
run against both (tests/test_rooms_api.py):

* ``create`` a room under a new code (False if the code is taken);
* ``load`` a room; ``save`` it only if it is still at the version it was loaded at
  (compare and swap: two workers never apply two moves to one version);
* ``wait`` until a room's version passes one, or a timeout (the event streams);
* ``miss`` counts an address's unknown room codes in the last minute;
* ``purge`` drops the rooms past their expiry.

A room expires ``changes.IDLE_SECONDS`` after its last change (a day), or ``changes.OVER_SECONDS``
after its game ended (an hour): a table that stopped playing leaves no room behind.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
from pathlib import Path

from .changes import MISS_WINDOW, Changes, expiry


def default_path() -> Path:
    """~/.local/state/liars/rooms.sqlite3 (or $XDG_STATE_HOME/liars/...)."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.expanduser("~/.local/state")
    return Path(base) / "liars" / "rooms.sqlite3"


def open_store(url: str | None):
    """The store a ``--rooms-db`` names: a path (SQLite) or ``redis://HOST:PORT/N``."""
    if url and url.startswith("redis://"):
        from .redis_store import RedisStore
        return RedisStore(url)
    return SQLiteStore(Path(url) if url else default_path())


class SQLiteStore:
    """Rooms in one SQLite file (WAL: readers never wait for the writer), one transaction a
    move.  Every process opens its own connection; each waits on its own :class:`Changes`,
    which a poll of the rooms changed since it last looked keeps up to date."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._pool = None
        self._changes = Changes(poll=self._poll)
        self._since = 0.0
        self._sql(lambda db: db.executescript("""
            PRAGMA journal_mode=WAL;
            CREATE TABLE IF NOT EXISTS rooms (
                code TEXT PRIMARY KEY, version INTEGER NOT NULL, data TEXT NOT NULL,
                changed REAL NOT NULL, expires REAL NOT NULL);
            CREATE INDEX IF NOT EXISTS rooms_changed ON rooms (changed);
            CREATE INDEX IF NOT EXISTS rooms_expires ON rooms (expires);
            CREATE TABLE IF NOT EXISTS misses (address TEXT NOT NULL, at REAL NOT NULL);
            CREATE INDEX IF NOT EXISTS misses_address ON misses (address, at);
        """))

    def _sql(self, work):
        """``work(connection)``, one at a time in this process.  Under gevent it runs in a
        thread of its own, so that a write waiting for another process's lock (or a
        checkpoint) never holds up the worker's other connections."""
        pool = self._threads()
        if pool is not None:
            return pool.apply(self._locked, (work,))
        return self._locked(work)

    def _locked(self, work):
        with self._lock:
            if self._db is None:
                self._db = sqlite3.connect(self.path, timeout=10, isolation_level=None,
                                           check_same_thread=False)
                self._db.execute("PRAGMA synchronous=NORMAL")
            return work(self._db)

    def _threads(self):
        """gevent's pool of real threads, one thread, once gevent is patched in."""
        if self._pool is None and "gevent" in sys.modules:
            from gevent import monkey
            if monkey.is_module_patched("threading"):
                from gevent.threadpool import ThreadPool
                self._pool = ThreadPool(1)
                self._lock = monkey.get_original("threading", "Lock")()  # a real lock
        return self._pool

    def create(self, room: dict, now: float) -> bool:
        row = (room["code"], room["version"], json.dumps(room), now, expiry(room, now))
        try:
            self._sql(lambda db: db.execute("INSERT INTO rooms VALUES (?, ?, ?, ?, ?)", row))
        except sqlite3.IntegrityError:
            return False
        self._changes.seen(room["code"], room["version"])
        return True

    def load(self, code: str, now: float | None = None) -> dict | None:
        row = self._sql(lambda db: db.execute("SELECT data, expires FROM rooms WHERE code = ?",
                                              (code,)).fetchone())
        if row is None or (now is not None and row[1] < now):
            return None
        return json.loads(row[0])

    def save(self, room: dict, version: int, now: float) -> bool:
        data = json.dumps(room)
        done = self._sql(lambda db: db.execute(
            "UPDATE rooms SET version = ?, data = ?, changed = ?, expires = ? "
            "WHERE code = ? AND version = ?",
            (room["version"], data, now, expiry(room, now), room["code"], version)).rowcount)
        if done:
            self._changes.seen(room["code"], room["version"], json.loads(data))
        return bool(done)

    def watch(self, code: str, version: int, timeout: float) -> dict | None:
        """The room once its version passes ``version`` (None after ``timeout`` seconds, or
        when it is gone): what an event stream sends next.  Every stream of a room in this
        process reads the one copy the poller (or this process's save) brought."""
        current = self._changes.wait(code, version, timeout)
        if current is None:
            return None
        data = self._changes.latest(code, current)  # shared: read, never changed
        return data if data is not None else self.load(code)

    def wait(self, code: str, version: int, timeout: float) -> int | None:
        return self._changes.wait(code, version, timeout)

    def _poll(self) -> None:
        """Read the versions of the rooms changed since the last look (the poller's)."""
        waited = set(self._changes.waited_on())
        since = self._since

        def look(db):
            rows = db.execute("SELECT code, version, changed FROM rooms WHERE changed >= ?",
                              (since,)).fetchall()
            moved = [code for code, version, _ in rows
                     if code in waited and not self._changes.has(code, version)]
            if not moved:  # the rooms streams wait on: read once here for all of them
                return rows, []
            marks = ",".join("?" * len(moved))
            return rows, db.execute(f"SELECT code, version, data FROM rooms WHERE code IN "
                                    f"({marks})", moved).fetchall()

        rows, moved = self._sql(look)
        fresh = {code: (version, json.loads(data)) for code, version, data in moved}
        for code, version, changed in rows:
            version, data = fresh.get(code, (version, None))
            self._changes.seen(code, version, data)
            self._since = max(self._since, changed - 1.0)  # other processes' clocks

    def miss(self, address: str, now: float) -> int:
        def count(db):
            db.execute("DELETE FROM misses WHERE at < ?", (now - MISS_WINDOW,))
            db.execute("INSERT INTO misses VALUES (?, ?)", (address, now))
            return db.execute("SELECT COUNT(*) FROM misses WHERE address = ? AND at >= ?",
                              (address, now - MISS_WINDOW)).fetchone()[0]
        return self._sql(count)

    def purge(self, now: float) -> int:
        return self._sql(lambda db: db.execute("DELETE FROM rooms WHERE expires < ?",
                                               (now,)).rowcount)

    def close(self) -> None:
        def shut(db):
            db.close()
            self._db = None
        if self._db is not None:
            self._sql(shut)
