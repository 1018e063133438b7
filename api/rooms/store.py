"""Where rooms live between requests: SQLite by default, Redis for several machines.

Every store keeps each room as the JSON of :meth:`solver.rooms.room.Room.to_dict`
with its version, and offers the same few operations, so the same contract tests
run against both (tests/test_rooms_api.py):

* ``create`` a room under a new code (False if the code is taken), noting the
  address that made it (``owned`` counts an address's rooms still kept);
* ``load`` a room; ``save`` it only if it is still at the version it was loaded at
  (compare and swap: two workers never apply two moves to one version), with the time
  the server must act in it next (a computer player's move), if any;
* ``due`` lists the rooms whose time to act has come, and ``lease`` lets one process
  act in one of them for a few seconds (so that one process does it, whichever);
* ``watch`` until a room changes (a new version, or who is connected), or a timeout
  (the event streams); ``arrive``, ``beat`` and ``depart`` keep each stream's
  heartbeat, apart from the room's state, and ``present`` names who is connected;
* ``hit`` counts an address's events of a kind (unknown codes, new rooms) in the last
  minute, and ``hits`` reads the count without adding one;
* ``purge_expired`` drops the rooms past their expiry and what only they used (the
  SQLite file gives the pages back; Redis expires every key itself, and its indexes lose
  the codes of rooms gone); ``check`` says whether the store can be reached
  (``/healthz``); ``durability`` says what a crash of the store loses.
* the house leaderboard's: ``add_profile`` (under a name no other profile's looks like)
  and ``profile`` (a key's digest, never the key), ``rate`` a finished game once (the
  ratings, their history, the group's count and the room's mark, together), a group's
  ``group_games`` in the last day, a profile's ``ratings``, a game's ``leaderboard``;
  ``purge_profiles`` forgets the profiles never rated.  These are kept for good, apart
  from the rooms' expiry.

A store that cannot be reached (Redis down, the SQLite file locked by another
program past :data:`BUSY_SECONDS`, or read-only) raises
:class:`~api.errors.StoreUnavailable` (503 with Retry-After), never a 500.

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

from solver.games.names import look_keys
from solver.rooms import codec

from ..errors import StoreUnavailable
from . import changes
from .changes import MISS_WINDOW, PRESENT_SECONDS, Changes, Mark, expiry
from .limits import GROUP_WINDOW, HISTORY_KEPT, UNRATED_PROFILE_SECONDS

BUSY_SECONDS = 1.5  # a write waits this long for another program's lock, then 503


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


def _private_file(path: Path) -> None:
    """Make the database file readable by its owner only (it holds every hand dealt):
    created 0600, and an older one tightened, with the journal files SQLite keeps
    beside it (SQLite gives those the database file's mode)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    except OSError:
        return  # read-only: reads may still work; writes answer 503
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        try:
            if name.stat().st_mode & 0o077:
                name.chmod(0o600)
        except OSError:
            pass


class _Connection:
    """One SQLite connection, used by one thread at a time.  Under gevent each runs in a
    real thread of its own, so that a write waiting for another program's lock never
    holds up the worker's other greenlets, nor this store's reads."""

    def __init__(self, path: Path, *, write: bool):
        self.path, self.write = path, write
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._pool = None

    def run(self, work):
        pool = self._threads()
        if pool is not None:
            return pool.apply(self._locked, (work,))
        return self._locked(work)

    def _locked(self, work):
        with self._lock:
            try:
                if self._db is None:
                    self._db = sqlite3.connect(self.path, timeout=BUSY_SECONDS,
                                               isolation_level=None, check_same_thread=False)
                    self._db.execute("PRAGMA synchronous=NORMAL")
                return work(self._db)
            except sqlite3.IntegrityError:
                raise
            except sqlite3.Error as err:
                raise StoreUnavailable(f"the rooms' store cannot be "
                                       f"{'written' if self.write else 'read'} now "
                                       f"({str(err)[:60]}): nothing was changed; try again "
                                       f"in a moment") from None

    def _threads(self):
        """gevent's pool of one real thread, once gevent is patched in."""
        if self._pool is None and "gevent" in sys.modules:
            from gevent import monkey
            if monkey.is_module_patched("threading"):
                from gevent.threadpool import ThreadPool
                self._pool = ThreadPool(1)
                self._lock = monkey.get_original("threading", "Lock")()  # a real lock
        return self._pool

    def close(self) -> None:
        def shut(db):
            db.close()
            self._db = None
        if self._db is not None:
            self.run(shut)


_SCHEMA = """
    PRAGMA journal_mode=WAL;
    CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY, version INTEGER NOT NULL, data TEXT NOT NULL,
        changed REAL NOT NULL, expires REAL NOT NULL);
    CREATE INDEX IF NOT EXISTS rooms_changed ON rooms (changed);
    CREATE INDEX IF NOT EXISTS rooms_expires ON rooms (expires);
    CREATE TABLE IF NOT EXISTS hits (kind TEXT NOT NULL, address TEXT NOT NULL,
                                     at REAL NOT NULL);
    CREATE INDEX IF NOT EXISTS hits_address ON hits (kind, address, at);
    CREATE TABLE IF NOT EXISTS presence (code TEXT NOT NULL, stream TEXT NOT NULL,
                                         name TEXT NOT NULL, seen REAL NOT NULL,
                                         PRIMARY KEY (code, stream));
    CREATE TABLE IF NOT EXISTS presence_changes (code TEXT PRIMARY KEY, at REAL NOT NULL);
    CREATE INDEX IF NOT EXISTS presence_changes_at ON presence_changes (at);
"""
# The server's own marks: ``alive_at``, when a look-out last ran (the clock gives back the
# time no process was running: api/rooms/turns.py).
_SCHEMA += """
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value REAL NOT NULL);
"""
# Columns added since the first stores: an older file gains them at start.
_ADDED = {"owner": "TEXT", "due": "REAL", "lease_until": "REAL", "lease_by": "TEXT",
          "listed": "INTEGER"}
_ADDED["rated_game"] = "INTEGER"  # the room's last game rated (the leaderboard's marker)
# The house leaderboard: profiles (a key's digest, never the key) and each one's rating at
# each game, kept for good (a profile never rated goes after a while: purge_profiles).
_SCHEMA += """
    CREATE TABLE IF NOT EXISTS profiles (id TEXT PRIMARY KEY, name TEXT NOT NULL,
                                         key TEXT NOT NULL, created REAL NOT NULL,
                                         rated INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX IF NOT EXISTS profiles_unrated ON profiles (rated, created);
    CREATE TABLE IF NOT EXISTS ratings (game TEXT NOT NULL, profile TEXT NOT NULL,
                                        mu REAL NOT NULL, sigma REAL NOT NULL,
                                        games INTEGER NOT NULL, score REAL NOT NULL,
                                        PRIMARY KEY (game, profile));
    CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, score);
    CREATE TABLE IF NOT EXISTS rating_history (profile TEXT NOT NULL, game TEXT NOT NULL,
                                               at REAL NOT NULL, mu REAL NOT NULL,
                                               sigma REAL NOT NULL, place INTEGER NOT NULL,
                                               players INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS rating_history_of ON rating_history (profile, game, at);
    CREATE TABLE IF NOT EXISTS group_games (grp TEXT NOT NULL, code TEXT NOT NULL,
                                            game_no INTEGER NOT NULL, at REAL NOT NULL);
    CREATE INDEX IF NOT EXISTS group_games_at ON group_games (grp, at);
"""
# Columns the leaderboard added since: its look-alike name keys (unique: one name, one
# person), and each rating's opponents met and places kept.
_ADDED_PROFILES = {"look": "TEXT", "folded": "TEXT"}
_ADDED_RATINGS = {"opponents": "INTEGER NOT NULL DEFAULT 0", "met": "TEXT NOT NULL DEFAULT '[]'",
                  "places": "TEXT NOT NULL DEFAULT '{}'"}


def _incremental_vacuum(db) -> None:
    """The file gives pages freed by deleted rooms back on ``PRAGMA incremental_vacuum``
    (:meth:`SQLiteStore.purge_expired`).  The mode is set before the first table is made;
    a file made without it is converted once by a VACUUM (skipped, and tried at the next
    start, while another process holds it)."""
    if db.execute("PRAGMA auto_vacuum").fetchone()[0] == 2:  # INCREMENTAL
        return
    db.execute("PRAGMA auto_vacuum=INCREMENTAL")
    if db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
        try:
            db.execute("VACUUM")
        except sqlite3.OperationalError:
            pass


class SQLiteStore:
    """Rooms in one SQLite file (WAL: readers never wait for the writer), one transaction a
    move.  Every process opens its own two connections (reads, writes); each waits on its
    own :class:`Changes`, which a poll of the rooms changed since it last looked keeps up
    to date."""

    def __init__(self, path: Path):
        self.path = Path(path)
        _private_file(self.path)
        self._read = _Connection(self.path, write=False)
        self._write = _Connection(self.path, write=True)
        self._changes = Changes(poll=self._poll)
        self._since = 0.0
        self._presence_seen: dict[str, float] = {}
        self._write.run(self._migrate)

    @staticmethod
    def _migrate(db) -> None:
        _incremental_vacuum(db)
        db.executescript(_SCHEMA)
        have = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
        for column, kind in _ADDED.items():
            if column not in have:
                db.execute(f"ALTER TABLE rooms ADD COLUMN {column} {kind}")
        db.execute("CREATE INDEX IF NOT EXISTS rooms_due ON rooms (due)")
        db.execute("CREATE INDEX IF NOT EXISTS rooms_owner ON rooms (owner)")
        db.execute("CREATE INDEX IF NOT EXISTS rooms_listed ON rooms (listed)")
        for table, added in (("profiles", _ADDED_PROFILES), ("ratings", _ADDED_RATINGS)):
            have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            for column, kind in added.items():
                if column not in have:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        for column in _ADDED_PROFILES:
            db.execute(f"CREATE UNIQUE INDEX IF NOT EXISTS profiles_{column} ON profiles "
                       f"({column}) WHERE {column} IS NOT NULL")
        for profile_id, name in db.execute("SELECT id, name FROM profiles WHERE look IS "
                                           "NULL").fetchall():
            try:  # a profile kept before names were unique: its keys, unless taken
                db.execute("UPDATE profiles SET look = ?, folded = ? WHERE id = ?",
                           (*look_keys(name), profile_id))
            except sqlite3.IntegrityError:
                pass

    # --- rooms --------------------------------------------------------------------------

    def create(self, room: dict, now: float, *, owner: str | None = None,
               listed: bool = False) -> bool:
        row = (room["code"], room["version"], codec.dumps(room), now, expiry(room, now), owner,
               int(listed))
        try:
            self._write.run(lambda db: db.execute(
                "INSERT INTO rooms (code, version, data, changed, expires, owner, listed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)", row))
        except sqlite3.IntegrityError:
            return False
        self._changes.seen(room["code"], room["version"])
        return True

    def load(self, code: str, now: float | None = None) -> dict | None:
        row = self._read.run(lambda db: db.execute(
            "SELECT data, expires FROM rooms WHERE code = ?", (code,)).fetchone())
        if row is None or (now is not None and row[1] < now):
            return None
        return codec.loads(row[0])

    def save(self, room: dict, version: int, now: float, *, due: float | None = None,
             listed: bool = False) -> bool:
        data = codec.dumps(room)
        done = self._write.run(lambda db: db.execute(
            "UPDATE rooms SET version = ?, data = ?, changed = ?, expires = ?, due = ?, "
            "listed = ?, lease_until = NULL WHERE code = ? AND version = ?",
            (room["version"], data, now, expiry(room, now), due, int(listed), room["code"],
             version)).rowcount)
        if done:
            self._changes.seen(room["code"], room["version"], codec.loads(data))
        return bool(done)

    def listed(self, now: float, limit: int = 50) -> list[dict]:
        """The rooms their hosts list as open tables, newest first."""
        rows = self._read.run(lambda db: db.execute(
            "SELECT data FROM rooms WHERE listed = 1 AND expires >= ? ORDER BY changed DESC "
            "LIMIT ?", (now, limit)).fetchall())
        return [codec.loads(data) for (data,) in rows]

    def owned(self, owner: str, now: float) -> int:
        """How many rooms made from ``owner`` are still kept."""
        return self._read.run(lambda db: db.execute(
            "SELECT COUNT(*) FROM rooms WHERE owner = ? AND expires >= ?",
            (owner, now)).fetchone()[0])

    # --- the server's own moves -----------------------------------------------------------

    def due(self, now: float, limit: int = 20) -> list[str]:
        """Rooms whose time to act has come, and that no process holds a lease on."""
        rows = self._read.run(lambda db: db.execute(
            "SELECT code FROM rooms WHERE due <= ? AND (lease_until IS NULL OR "
            "lease_until < ?) ORDER BY due LIMIT ?", (now, now, limit)).fetchall())
        return [code for (code,) in rows]

    def lease(self, code: str, owner: str, now: float, seconds: float) -> bool:
        """``owner`` holds room ``code`` for ``seconds`` (False: another process does)."""
        return bool(self._write.run(lambda db: db.execute(
            "UPDATE rooms SET lease_until = ?, lease_by = ? WHERE code = ? AND "
            "(lease_until IS NULL OR lease_until < ? OR lease_by = ?)",
            (now + seconds, owner, code, now, owner)).rowcount))

    def postpone(self, code: str, until: float | None) -> None:
        """The server acts in ``code`` no sooner than ``until`` (its last try failed), or
        not at all (None: there was nothing to do)."""
        self._write.run(lambda db: db.execute("UPDATE rooms SET due = ? WHERE code = ? AND "
                                              "due IS NOT NULL", (until, code)))

    def alive(self, now: float) -> float | None:
        """A look-out ran at ``now``: when one last ran before (None: never), swapped in one
        transaction, so that only one process sees each gap."""
        def swap(db):
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute("SELECT value FROM meta WHERE key = 'alive_at'").fetchone()
                db.execute("INSERT INTO meta (key, value) VALUES ('alive_at', ?) ON CONFLICT "
                           "(key) DO UPDATE SET value = excluded.value", (now,))
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return None if row is None else row[0]
        return self._write.run(swap)

    def alive_at(self) -> float | None:
        """When a look-out last ran (None: never)."""
        row = self._read.run(lambda db: db.execute(
            "SELECT value FROM meta WHERE key = 'alive_at'").fetchone())
        return None if row is None else row[0]

    def clocked(self, now: float) -> list[str]:
        """Every kept room the server has something to do in (a clock, a computer player)."""
        rows = self._read.run(lambda db: db.execute(
            "SELECT code FROM rooms WHERE due IS NOT NULL AND expires >= ?",
            (now,)).fetchall())
        return [code for (code,) in rows]

    # --- changes and presence -------------------------------------------------------------

    def watch(self, code: str, since: Mark, timeout: float) -> tuple[Mark, dict] | None:
        """The room's new mark and state once it changes from ``since`` (None after
        ``timeout`` seconds, or when it is gone): what an event stream sends next.  Every
        stream of a room in this process reads the one copy the poller (or this process's
        save) brought."""
        mark = self._changes.wait(code, since, timeout)
        if mark is None:
            return None
        data = self._changes.latest(code, mark[0])  # shared: read, never changed
        data = data if data is not None else self.load(code)
        return None if data is None else (mark, data)

    def arrive(self, code: str, name: str, stream: str, now: float) -> None:
        """A stream of ``name``'s opened: they are connected (the others are told)."""
        def write(db):
            db.execute("INSERT OR REPLACE INTO presence VALUES (?, ?, ?, ?)",
                       (code, stream, name, now))
            db.execute("INSERT OR REPLACE INTO presence_changes VALUES (?, ?)", (code, now))
        self._write.run(write)
        self._changes.poke(code)

    def beat(self, code: str, name: str, stream: str, now: float) -> None:
        """The stream is still open (its heartbeat): it stays connected."""
        self._write.run(lambda db: db.execute(
            "INSERT OR REPLACE INTO presence VALUES (?, ?, ?, ?)", (code, stream, name, now)))

    def depart(self, code: str, stream: str, now: float) -> None:
        """The stream closed."""
        def write(db):
            db.execute("DELETE FROM presence WHERE code = ? AND stream = ?", (code, stream))
            db.execute("INSERT OR REPLACE INTO presence_changes VALUES (?, ?)", (code, now))
        self._write.run(write)
        self._changes.poke(code)

    def present(self, code: str, now: float) -> frozenset[str]:
        """Who has a stream open in ``code`` that was heard from lately."""
        rows = self._read.run(lambda db: db.execute(
            "SELECT DISTINCT name FROM presence WHERE code = ? AND seen >= ?",
            (code, now - PRESENT_SECONDS)).fetchall())
        return frozenset(name for (name,) in rows)

    def _poll(self) -> None:
        """Read the versions of the rooms changed since the last look, and who was poked
        (the poller's)."""
        waited = set(self._changes.waited_on())
        since = self._since

        def look(db):
            rows = db.execute("SELECT code, version, changed FROM rooms WHERE changed >= ?",
                              (since,)).fetchall()
            poked = db.execute("SELECT code, at FROM presence_changes WHERE at >= ?",
                               (since,)).fetchall()
            moved = [code for code, version, _ in rows
                     if code in waited and not self._changes.has(code, version)]
            if not moved:  # the rooms streams wait on: read once here for all of them
                return rows, poked, []
            marks = ",".join("?" * len(moved))
            return rows, poked, db.execute(f"SELECT code, version, data FROM rooms WHERE "
                                           f"code IN ({marks})", moved).fetchall()

        rows, poked, moved = self._read.run(look)
        fresh = {code: (version, codec.loads(data)) for code, version, data in moved}
        for code, version, changed in rows:
            version, data = fresh.get(code, (version, None))
            self._changes.seen(code, version, data)
            self._since = max(self._since, changed - 1.0)  # other processes' clocks
        for code, at in poked:
            if at > self._presence_seen.get(code, 0.0):
                self._presence_seen[code] = at
                self._changes.poke(code)
            self._since = max(self._since, at - 1.0)

    # --- counting, expiry, health ---------------------------------------------------------

    def hit(self, kind: str, address: str, now: float) -> int:
        """Count one more ``kind`` from ``address``; how many in the last minute."""
        def count(db):
            db.execute("DELETE FROM hits WHERE at < ?", (now - MISS_WINDOW,))
            db.execute("INSERT INTO hits VALUES (?, ?, ?)", (kind, address, now))
            return db.execute("SELECT COUNT(*) FROM hits WHERE kind = ? AND address = ? "
                              "AND at >= ?", (kind, address, now - MISS_WINDOW)).fetchone()[0]
        return self._write.run(count)

    def hits(self, kind: str, address: str, now: float) -> int:
        """How many ``kind`` from ``address`` in the last minute."""
        return self._read.run(lambda db: db.execute(
            "SELECT COUNT(*) FROM hits WHERE kind = ? AND address = ? AND at >= ?",
            (kind, address, now - MISS_WINDOW)).fetchone()[0])

    def purge_expired(self, now: float) -> int:
        """Drop the rooms past their expiry (how many), the heartbeats and counts no one
        reads any more, and give the freed pages back to the file system (an incremental
        vacuum, then a checkpoint that empties the write-ahead log): the file stays as
        large as the rooms kept, however many have come and gone."""
        def drop(db):
            gone = db.execute("DELETE FROM rooms WHERE expires < ?", (now,)).rowcount
            kept = now - changes.PRESENCE_KEPT
            db.execute("DELETE FROM presence WHERE seen < ?", (kept,))
            db.execute("DELETE FROM presence_changes WHERE at < ?", (kept,))
            db.execute("DELETE FROM hits WHERE at < ?", (now - MISS_WINDOW,))
            # (run whole: an execute() would step it once, freeing one page)
            db.executescript("PRAGMA incremental_vacuum;")
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            return gone
        return self._write.run(drop)

    def check(self) -> None:
        """StoreUnavailable unless rooms can be read and written here now."""
        self._read.run(lambda db: db.execute("SELECT 1 FROM rooms LIMIT 1").fetchall())
        if not os.access(self.path, os.W_OK) or not os.access(self.path.parent, os.W_OK):
            raise StoreUnavailable("the rooms' store is read-only: no move can be saved")

    def durability(self) -> str | None:
        """A warning when a crash would lose rooms (never for SQLite: every move is in the
        file once answered)."""
        return None

    def close(self) -> None:
        self._read.close()
        self._write.close()

    # --- the house leaderboard: profiles and ratings ----------------------------------------

    def add_profile(self, profile: dict, now: float) -> str | None:
        """Keep a new profile ``{"id", "name", "key": its digest}``: None once kept, else
        what is taken, "id" or "name" (another profile's name looks like it:
        :func:`solver.games.names.look_keys`, a unique index on each key)."""
        look, folded = look_keys(profile["name"])

        def add(db):
            taken = db.execute("SELECT 1 FROM profiles WHERE look = ? OR folded = ?",
                               (look, folded)).fetchone()
            if taken:
                return "name"
            db.execute("INSERT INTO profiles (id, name, key, created, look, folded) VALUES "
                       "(?, ?, ?, ?, ?, ?)", (profile["id"], profile["name"], profile["key"],
                                              now, look, folded))
            return None
        try:
            return self._write.run(add)
        except sqlite3.IntegrityError as err:  # a race: which index refused it
            return "id" if "profiles.id" in str(err) else "name"

    def profile(self, profile_id: str) -> dict | None:
        """``{"id", "name", "key": its digest}``, or None."""
        row = self._read.run(lambda db: db.execute(
            "SELECT id, name, key FROM profiles WHERE id = ?", (profile_id,)).fetchone())
        return None if row is None else dict(zip(("id", "name", "key"), row))

    def purge_profiles(self, now: float) -> int:
        """Forget the profiles never rated that were made UNRATED_PROFILE_SECONDS ago."""
        return self._write.run(lambda db: db.execute(
            "DELETE FROM profiles WHERE rated = 0 AND created < ?",
            (now - UNRATED_PROFILE_SECONDS,)).rowcount)

    def group_games(self, group: str, now: float) -> list[tuple[str, int]]:
        """The games (``(room code, game_no)``) the group of profiles ``group`` was rated
        in the last GROUP_WINDOW seconds."""
        rows = self._read.run(lambda db: db.execute(
            "SELECT code, game_no FROM group_games WHERE grp = ? AND at > ?",
            (group, now - GROUP_WINDOW)).fetchall())
        return [(code, game_no) for code, game_no in rows]

    def rate(self, code: str, game_no: int, game: str, profiles: list[str], update, *,
             group: str, limit: int, now: float) -> bool:
        """Rate room ``code``'s game ``game_no`` once: unless it was rated already, mark it
        and write ``update(current)``, in one transaction.  ``current`` maps each profile
        to its rating at ``game`` (``{"mu", "sigma", "games", "met", "places"}``, None if
        it has none); ``update`` answers the new ones, each with the ``score`` the
        leaderboard is ordered by, its ``opponents`` (how many in ``met``) and the
        ``history`` point this game adds.  The game counts for ``group`` (the set of
        profiles), which is rated ``limit`` games at most in GROUP_WINDOW seconds: past
        it the game is marked and not rated.  The mark is kept on the room's own row: it
        goes with the room, and a code used again later starts unmarked.  False: rated
        already, the room is gone, a profile is (a game whose players are not all kept
        is marked, and not rated), or the group's limit is reached."""
        def work(db):
            db.execute("BEGIN IMMEDIATE")
            try:
                marked = db.execute(
                    "UPDATE rooms SET rated_game = ? WHERE code = ? AND "
                    "COALESCE(rated_game, 0) < ?", (game_no, code, game_no)).rowcount
                marks = ",".join("?" * len(profiles))
                kept = db.execute(f"SELECT COUNT(*) FROM profiles WHERE id IN ({marks})",
                                  profiles).fetchone()[0]
                db.execute("DELETE FROM group_games WHERE at <= ?", (now - GROUP_WINDOW,))
                played = db.execute("SELECT COUNT(*) FROM group_games WHERE grp = ? AND "
                                    "at > ?", (group, now - GROUP_WINDOW)).fetchone()[0]
                rated = bool(marked) and kept == len(set(profiles)) and played < limit
                if rated:
                    self._rated(db, game, profiles, update, now)
                    db.execute("INSERT INTO group_games VALUES (?, ?, ?, ?)",
                               (group, code, game_no, now))
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            return rated
        return self._write.run(work)

    @staticmethod
    def _rated(db, game: str, profiles: list[str], update, now: float) -> None:
        marks = ",".join("?" * len(profiles))
        rows = db.execute(f"SELECT profile, mu, sigma, games, met, places FROM ratings "
                          f"WHERE game = ? AND profile IN ({marks})",
                          (game, *profiles)).fetchall()
        current = dict.fromkeys(profiles)
        current.update({pid: {"mu": mu, "sigma": sigma, "games": games,
                              "met": json.loads(met), "places": json.loads(places)}
                        for pid, mu, sigma, games, met, places in rows})
        for pid, new in update(current).items():
            db.execute("INSERT OR REPLACE INTO ratings (game, profile, mu, sigma, games, "
                       "score, opponents, met, places) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (game, pid, new["mu"], new["sigma"], new["games"], new["score"],
                        new["opponents"], json.dumps(new["met"]), json.dumps(new["places"])))
            point = new["history"]
            db.execute("INSERT INTO rating_history VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (pid, game, now, point["mu"], point["sigma"], point["place"],
                        point["players"]))
        db.execute(f"UPDATE profiles SET rated = 1 WHERE id IN ({marks})", profiles)

    def ratings(self, profile_id: str) -> list[dict]:
        """A profile's ratings, one a game it was rated at: ``{"game", "mu", "sigma",
        "games", "opponents", "places", "history"}`` (``places``: how many games it
        finished at each place, by place; ``history``: its last HISTORY_KEPT rated games,
        oldest first, each ``{"at", "mu", "sigma", "place", "players"}``)."""
        def read(db):
            rows = db.execute("SELECT game, mu, sigma, games, opponents, places FROM ratings "
                              "WHERE profile = ? ORDER BY game", (profile_id,)).fetchall()
            found = []
            for game, mu, sigma, games, opponents, places in rows:
                points = db.execute(
                    "SELECT at, mu, sigma, place, players FROM rating_history WHERE "
                    "profile = ? AND game = ? ORDER BY at DESC LIMIT ?",
                    (profile_id, game, HISTORY_KEPT)).fetchall()
                found.append({"game": game, "mu": mu, "sigma": sigma, "games": games,
                              "opponents": opponents, "places": json.loads(places),
                              "history": [dict(zip(("at", "mu", "sigma", "place", "players"),
                                                   point)) for point in reversed(points)]})
            return found
        return self._read.run(read)

    def leaderboard(self, game: str, limit: int, opponents: int) -> list[dict]:
        """The ``limit`` best rated at ``game`` that have met ``opponents`` different
        opponents there at least, best first (by score; a tie by id): ``{"id", "name",
        "mu", "sigma", "games", "opponents"}``."""
        rows = self._read.run(lambda db: db.execute(
            "SELECT p.id, p.name, r.mu, r.sigma, r.games, r.opponents FROM ratings r JOIN "
            "profiles p ON p.id = r.profile WHERE r.game = ? AND r.opponents >= ? ORDER BY "
            "r.score DESC, p.id DESC LIMIT ?", (game, opponents, limit)).fetchall())
        return [dict(zip(("id", "name", "mu", "sigma", "games", "opponents"), row))
                for row in rows]
