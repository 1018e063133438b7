"""Rooms in Redis, for several machines behind one load balancer (``--rooms-db redis://...``).

The same operations as :class:`~api.rooms.store.SQLiteStore`: a room is a hash
(its version, its JSON) that Redis expires by itself; a save is a compare-and-swap
in one Lua script, which also publishes the room's new version, so that every
process's event streams wake at once (a process listens on one channel), and keeps
the room's place in the sorted set of rooms the server must act in (``due``).

Durability is Redis's own: with neither an append-only file nor snapshots, a
crash of Redis loses every room; with snapshots only, the moves since the last one.
:meth:`RedisStore.durability` reads Redis's settings and says which, at start.
"""

from __future__ import annotations

import hashlib
import json
import threading

from solver.games.names import look_keys
from solver.rooms import codec

from ..errors import StoreUnavailable
from .changes import IDLE_SECONDS, MISS_WINDOW, PRESENT_SECONDS, Changes, Mark, expiry
from .limits import GROUP_WINDOW, HISTORY_KEPT, UNRATED_PROFILE_SECONDS

PREFIX = "liars:room:"
CHANNEL = "liars:rooms"
DUE = "liars:due"  # sorted set: room code -> when the server acts in it next
LISTED = "liars:listed"  # sorted set: the open tables' codes -> when they last changed
RECHECK = 1.0  # seconds: a stream also reads its room's version this often (a lost message)
TIMEOUT = 2.0  # seconds a command may take before the store counts as unreachable
PROFILE = "liars:profile:"  # hash: name, key (its digest), created, names, rating:GAME (JSON)
BOARD = "liars:board:"  # sorted set a game: profile id -> its score (the listed only)
NAME = "liars:profile-name:"  # string a look-alike key (its digest): the profile that has it
HISTORY = "liars:history:"  # list a profile and game: its rated games' points (JSON)
GROUP = "liars:group:"  # sorted set a group of profiles: "CODE:GAME_NO" -> when rated
RATE_TRIES = 50  # a rating's transaction is tried again this often while its keys change
# The indexes of rooms (DUE, LISTED) expire this long after their last change: by then
# every room they name has expired (a room lives a day at most after its last change).
INDEX_SECONDS = 2 * IDLE_SECONDS

_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'data', ARGV[2])
redis.call('EXPIREAT', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1
"""
# A lease also moves the room's place in the due set to the lease's end, so that no other
# process's look-out picks a room one holds (a save or a postpone sets it again).
_LEASE = """
local held = redis.call('HMGET', KEYS[1], 'owner', 'until')
if held[1] and held[1] ~= ARGV[1] and tonumber(held[2]) >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'until', ARGV[3])
redis.call('EXPIRE', KEYS[1], 3600)
redis.call('ZADD', KEYS[2], 'XX', ARGV[3], ARGV[4])
return 1
"""
ALIVE = "liars:alive_at"  # when a look-out last ran
ALIVE_KEPT = 7 * 24 * 3600  # seconds the mark is kept (a server away longer starts afresh)
_NEW_PROFILE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 'id' end
if redis.call('EXISTS', KEYS[2]) == 1 or redis.call('EXISTS', KEYS[3]) == 1 then
  return 'name'
end
redis.call('HSET', KEYS[1], 'name', ARGV[1], 'key', ARGV[2], 'created', ARGV[3],
           'names', KEYS[2] .. ' ' .. KEYS[3])
redis.call('SET', KEYS[2], ARGV[5], 'EX', ARGV[4])
redis.call('SET', KEYS[3], ARGV[5], 'EX', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return ''
"""
_SAVE = """
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'data', ARGV[3])
redis.call('EXPIREAT', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[6])
if ARGV[7] == '' then redis.call('ZREM', KEYS[2], ARGV[8])
else redis.call('ZADD', KEYS[2], ARGV[7], ARGV[8]) end
redis.call('DEL', KEYS[3])
if ARGV[9] == '1' then redis.call('ZADD', KEYS[4], ARGV[10], ARGV[8])
else redis.call('ZREM', KEYS[4], ARGV[8]) end
redis.call('EXPIRE', KEYS[2], ARGV[11])
redis.call('EXPIRE', KEYS[4], ARGV[11])
return 1
"""


def _unreachable(err: Exception) -> StoreUnavailable:
    return StoreUnavailable(f"the rooms' store (Redis) cannot be reached now "
                            f"({type(err).__name__}): nothing was changed; try again in a "
                            f"moment")


class RedisStore:
    def __init__(self, url: str):
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry
        self._errors = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError,
                        redis.exceptions.BusyLoadingError, redis.exceptions.ReadOnlyError)
        self._redis = redis.Redis.from_url(url, socket_timeout=TIMEOUT,
                                           socket_connect_timeout=TIMEOUT,
                                           retry=Retry(NoBackoff(), 1))
        self._redis.ping()  # fail at start-up, plainly, if the server is not there
        self._create = self._redis.register_script(_CREATE)
        self._save = self._redis.register_script(_SAVE)
        self._lease = self._redis.register_script(_LEASE)
        self._new_profile = self._redis.register_script(_NEW_PROFILE)
        self._changes = Changes(poll=self._recheck, every=RECHECK)
        self._listener = None
        self._lock = threading.Lock()

    def _call(self, work):
        """``work()``, with Redis being unreachable answered as StoreUnavailable."""
        try:
            return work()
        except self._errors as err:
            raise _unreachable(err) from None

    def _listen(self) -> None:
        """One subscriber per process, started on the first wait."""
        with self._lock:
            if self._listener is not None:
                return
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)

            def heard(message):
                code, _, version = message["data"].decode().partition(":")
                if version == "poke":
                    self._changes.poke(code)
                else:
                    self._changes.seen(code, int(version))

            def lost(error, pubsub, thread):
                """The server went away: stop listening; the next wait listens again (and
                streams meanwhile read their rooms' versions every RECHECK seconds)."""
                thread.stop()
                pubsub.close()
                self._listener = None

            pubsub.subscribe(**{CHANNEL: heard})
            self._listener = pubsub.run_in_thread(sleep_time=0.5, daemon=True,
                                                  exception_handler=lost)

    # --- rooms --------------------------------------------------------------------------

    def create(self, room: dict, now: float, *, owner: str | None = None,
               listed: bool = False) -> bool:
        code = room["code"]
        done = self._call(lambda: self._create(
            keys=[PREFIX + code],
            args=[room["version"], codec.dumps(room), int(expiry(room, now)), CHANNEL,
                  f"{code}:{room['version']}"]))
        if done and (owner is not None or listed):
            key = f"liars:owned:{owner}"
            pipe = self._redis.pipeline()
            if owner is not None:
                pipe.zadd(key, {code: now})
                pipe.expire(key, 2 * 24 * 3600)
            if listed:
                pipe.zadd(LISTED, {code: now})
                pipe.expire(LISTED, INDEX_SECONDS)
            self._call(pipe.execute)
        return bool(done)

    def load(self, code: str, now: float | None = None) -> dict | None:
        data = self._call(lambda: self._redis.hget(PREFIX + code, "data"))
        return None if data is None else codec.loads(data)

    def save(self, room: dict, version: int, now: float, *, due: float | None = None,
             listed: bool = False) -> bool:
        code = room["code"]
        done = self._call(lambda: self._save(
            keys=[PREFIX + code, DUE, f"liars:lease:{code}", LISTED],
            args=[version, room["version"], codec.dumps(room), int(expiry(room, now)),
                  CHANNEL, f"{code}:{room['version']}", "" if due is None else repr(due),
                  code, "1" if listed else "0", repr(now), INDEX_SECONDS]))
        if done:
            self._changes.seen(code, room["version"])
        return bool(done)

    def listed(self, now: float, limit: int = 50) -> list[dict]:
        """The rooms their hosts list as open tables, newest first (those gone, dropped)."""
        codes = self._call(lambda: self._redis.zrevrange(LISTED, 0, limit - 1))
        if not codes:
            return []
        pipe = self._redis.pipeline(transaction=False)
        for code in codes:
            pipe.hget(PREFIX + code.decode(), "data")
        found = self._call(pipe.execute)
        gone = [code for code, data in zip(codes, found) if data is None]
        if gone:
            self._call(lambda: self._redis.zrem(LISTED, *gone))
        return [codec.loads(data) for data in found if data is not None]

    def owned(self, owner: str, now: float) -> int:
        """How many rooms made from ``owner`` are still kept."""
        key = f"liars:owned:{owner}"
        codes = self._call(lambda: self._redis.zrange(key, 0, -1))
        if not codes:
            return 0
        pipe = self._redis.pipeline(transaction=False)
        for code in codes:
            pipe.exists(PREFIX + code.decode())
        alive = self._call(pipe.execute)
        gone = [code for code, kept in zip(codes, alive) if not kept]
        if gone:
            self._call(lambda: self._redis.zrem(key, *gone))
        return sum(1 for kept in alive if kept)

    # --- the server's own moves -----------------------------------------------------------

    def due(self, now: float, limit: int = 20) -> list[str]:
        codes = self._call(lambda: self._redis.zrangebyscore(DUE, "-inf", now, start=0,
                                                             num=limit))
        return [code.decode() for code in codes]

    def lease(self, code: str, owner: str, now: float, seconds: float) -> bool:
        return bool(self._call(lambda: self._lease(keys=[f"liars:lease:{code}", DUE],
                                                   args=[owner, repr(now),
                                                         repr(now + seconds), code])))

    def postpone(self, code: str, until: float | None) -> None:
        if until is None:
            self._call(lambda: self._redis.zrem(DUE, code))
        else:
            self._call(lambda: self._redis.zadd(DUE, {code: until}, xx=True))

    def alive(self, now: float) -> float | None:
        """A look-out ran at ``now``: when one last ran before (None: never), swapped at
        once (GETSET), so that only one process sees each gap."""
        before = self._call(lambda: self._redis.set(ALIVE, repr(now), ex=ALIVE_KEPT,
                                                    get=True))
        return None if before is None else float(before)

    def alive_at(self) -> float | None:
        value = self._call(lambda: self._redis.get(ALIVE))
        return None if value is None else float(value)

    def clocked(self, now: float) -> list[str]:
        """Every room the server has something to do in (a clock, a computer player)."""
        return [code.decode() for code in self._call(lambda: self._redis.zrange(DUE, 0, -1))]

    # --- changes and presence -------------------------------------------------------------

    def watch(self, code: str, since: Mark, timeout: float) -> tuple[Mark, dict] | None:
        """The room's new mark and state once it changes from ``since``; None after
        ``timeout`` seconds, or when it is gone."""
        self._listen()
        mark = self._changes.wait(code, since, timeout)
        if mark is None:
            return None
        data = self.load(code)
        return None if data is None else (mark, data)

    def _presence(self, code: str) -> str:
        return f"liars:presence:{code}"

    def arrive(self, code: str, name: str, stream: str, now: float) -> None:
        self.beat(code, name, stream, now)
        self._call(lambda: self._redis.publish(CHANNEL, f"{code}:poke"))

    def beat(self, code: str, name: str, stream: str, now: float) -> None:
        key = self._presence(code)
        pipe = self._redis.pipeline()
        pipe.zadd(key, {f"{stream}\0{name}": now})
        pipe.zremrangebyscore(key, "-inf", now - PRESENT_SECONDS)
        pipe.expire(key, 3600)
        self._call(pipe.execute)

    def depart(self, code: str, stream: str, now: float) -> None:
        key = self._presence(code)
        members = self._call(lambda: self._redis.zrange(key, 0, -1))
        mine = [m for m in members if m.decode().partition("\0")[0] == stream]
        if mine:
            self._call(lambda: self._redis.zrem(key, *mine))
        self._call(lambda: self._redis.publish(CHANNEL, f"{code}:poke"))

    def present(self, code: str, now: float) -> frozenset[str]:
        members = self._call(lambda: self._redis.zrangebyscore(
            self._presence(code), now - PRESENT_SECONDS, "+inf"))
        return frozenset(m.decode().partition("\0")[2] for m in members)

    def _recheck(self) -> None:
        """The versions of the rooms waited on, read again (a message may have been lost)."""
        codes = self._changes.waited_on()
        if codes:
            pipe = self._redis.pipeline(transaction=False)
            for code in codes:
                pipe.hget(PREFIX + code, "version")
            for code, current in zip(codes, pipe.execute()):
                if current is not None:
                    self._changes.seen(code, int(current))

    # --- counting, expiry, health ---------------------------------------------------------

    def hit(self, kind: str, address: str, now: float) -> int:
        key = f"liars:{kind}:{address}"
        pipe = self._redis.pipeline()
        pipe.zremrangebyscore(key, 0, now - MISS_WINDOW)
        pipe.zadd(key, {f"{now}:{id(pipe)}": now})
        pipe.zcard(key)
        pipe.expire(key, int(MISS_WINDOW) + 1)
        return self._call(pipe.execute)[2]

    def hits(self, kind: str, address: str, now: float) -> int:
        return self._call(lambda: self._redis.zcount(f"liars:{kind}:{address}",
                                                     now - MISS_WINDOW, "+inf"))

    def purge_expired(self, now: float) -> int:
        """Redis expires each room itself (and every key this store writes, but the
        leaderboard's: :meth:`rate`); the indexes of rooms lose the codes of those gone
        (how many), so that they stay as large as the rooms kept."""
        dropped = 0
        for index in (DUE, LISTED):
            codes = self._call(lambda index=index: self._redis.zrange(index, 0, -1))
            pipe = self._redis.pipeline(transaction=False)
            for code in codes:
                pipe.exists(PREFIX + code.decode())
            gone = [code for code, kept in zip(codes, self._call(pipe.execute)) if not kept]
            if gone:
                dropped += self._call(lambda index=index, gone=gone:
                                      self._redis.zrem(index, *gone))
        return dropped

    def check(self) -> None:
        self._call(self._redis.ping)

    def durability(self) -> str | None:
        """One line when a crash of Redis would lose rooms (its persistence settings)."""
        import redis
        try:
            config = self._redis.config_get("appendonly") | self._redis.config_get("save")
        except redis.exceptions.RedisError:
            return ("cannot read Redis's persistence settings (CONFIG GET refused): rooms "
                    "survive a crash of Redis only if it keeps an append-only file")
        if config.get("appendonly") == "yes":
            return None
        if not config.get("save"):
            return ("Redis keeps rooms in memory only (appendonly no, no snapshots): a "
                    "crash or restart of Redis loses every room; set appendonly yes")
        return (f"Redis saves rooms in snapshots only (appendonly no, save "
                f"'{config['save']}'): a crash of Redis loses the moves since the last "
                f"snapshot; set appendonly yes")

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
        self._redis.close()

    # --- the house leaderboard: profiles and ratings ----------------------------------------
    # A profile is a hash that expires UNRATED_PROFILE_SECONDS after it was made, unless it
    # is rated (then it is kept for good); its rating at each game is a field of its own.
    # Its name's two look-alike keys are strings of their own (their digests, for names of
    # any script), naming it, that expire and are kept with it.

    @staticmethod
    def _name_keys(name: str) -> list[str]:
        return [f"{NAME}{kind}:{hashlib.sha256(key.encode('utf-8', 'surrogatepass')).hexdigest()}"
                for kind, key in zip(("look", "folded"), look_keys(name))]

    def add_profile(self, profile: dict, now: float) -> str | None:
        taken = self._call(lambda: self._new_profile(
            keys=[PROFILE + profile["id"], *self._name_keys(profile["name"])],
            args=[profile["name"], profile["key"], repr(now), int(UNRATED_PROFILE_SECONDS),
                  profile["id"]]))
        return taken.decode() or None

    def profile(self, profile_id: str) -> dict | None:
        name, key = self._call(lambda: self._redis.hmget(PROFILE + profile_id, "name", "key"))
        if name is None:
            return None
        return {"id": profile_id, "name": name.decode(), "key": key.decode()}

    def purge_profiles(self, now: float) -> int:
        return 0  # Redis expires each profile never rated itself

    def group_games(self, group: str, now: float) -> list[tuple[str, int]]:
        held = self._call(lambda: self._redis.zrangebyscore(GROUP + group,
                                                            f"({now - GROUP_WINDOW}", "+inf"))
        return [(code, int(no)) for code, _, no in (m.decode().partition(":") for m in held)]

    def rate(self, code: str, game_no: int, game: str, profiles: list[str], update, *,
             group: str, limit: int, now: float) -> bool:
        """As :meth:`SQLiteStore.rate`: an optimistic transaction (WATCH the room, the
        profiles and the group, MULTI, EXEC), tried again while another client changes
        them; the mark is a field of the room's own hash, which goes when the room
        expires."""
        import redis
        room, keys, field = PREFIX + code, [PROFILE + p for p in profiles], f"rating:{game}"
        grouped = GROUP + group

        def attempt() -> bool:
            with self._redis.pipeline() as pipe:
                for _ in range(RATE_TRIES):
                    try:
                        pipe.watch(room, grouped, *keys)
                        if not pipe.exists(room) or \
                                int(pipe.hget(room, "rated_game") or 0) >= game_no:
                            return False
                        kept = pipe.exists(*keys) == len(set(keys))
                        played = pipe.zcount(grouped, f"({now - GROUP_WINDOW}", "+inf")
                        held = [pipe.hmget(key, field, "names") for key in keys]
                        pipe.multi()
                        pipe.hset(room, "rated_game", game_no)
                        rated = kept and played < limit
                        if rated:
                            self._rated(pipe, game, profiles, held, update, now)
                            pipe.zremrangebyscore(grouped, "-inf", now - GROUP_WINDOW)
                            pipe.zadd(grouped, {f"{code}:{game_no}": now})
                            pipe.expire(grouped, int(GROUP_WINDOW) + 60)
                        pipe.execute()
                        return rated
                    except redis.exceptions.WatchError:
                        continue
            raise StoreUnavailable("the leaderboard is busy (its players' ratings kept "
                                   "changing): the game is rated on the next try")
        return self._call(attempt)

    @staticmethod
    def _rated(pipe, game: str, profiles: list[str], held, update, now: float) -> None:
        """The rating's writes, queued in the transaction ``pipe``."""
        field = f"rating:{game}"
        new = update({p: None if rating is None else json.loads(rating)
                      for p, (rating, _) in zip(profiles, held)})
        for pid, (_, names) in zip(profiles, held):
            rating = new[pid]
            pipe.hset(PROFILE + pid, field, json.dumps(
                {k: rating[k] for k in ("mu", "sigma", "games", "opponents", "met",
                                        "places")}))
            pipe.persist(PROFILE + pid)
            for name_key in (names or b"").decode().split():
                pipe.persist(name_key)
            if rating["listed"]:
                pipe.zadd(BOARD + game, {pid: rating["score"]})
            history = f"{HISTORY}{pid}:{game}"
            pipe.rpush(history, json.dumps({"at": now, **rating["history"]}))
            pipe.ltrim(history, -HISTORY_KEPT, -1)

    def ratings(self, profile_id: str) -> list[dict]:
        held = self._call(lambda: self._redis.hgetall(PROFILE + profile_id))
        found = sorted((key.decode()[len("rating:"):], json.loads(value))
                       for key, value in held.items() if key.startswith(b"rating:"))
        pipe = self._redis.pipeline(transaction=False)
        for game, _ in found:
            pipe.lrange(f"{HISTORY}{profile_id}:{game}", -HISTORY_KEPT, -1)
        histories = self._call(pipe.execute) if found else []
        return [{"game": game, "mu": rating["mu"], "sigma": rating["sigma"],
                 "games": rating["games"], "opponents": rating.get("opponents", 0),
                 "places": rating.get("places", {}),
                 "history": [json.loads(point) for point in points]}
                for (game, rating), points in zip(found, histories)]

    def leaderboard(self, game: str, limit: int, opponents: int) -> list[dict]:
        """The board's sorted set holds the listed profiles only (those with ``opponents``
        met, as ``rate`` was told); each is read again here, and checked."""
        ids = [m.decode() for m in self._call(
            lambda: self._redis.zrevrange(BOARD + game, 0, limit - 1))]
        pipe = self._redis.pipeline(transaction=False)
        for pid in ids:
            pipe.hmget(PROFILE + pid, "name", f"rating:{game}")
        rows = []
        for pid, (name, rating) in zip(ids, self._call(pipe.execute)):
            if name is None or rating is None:
                continue
            rating = json.loads(rating)
            if rating.get("opponents", 0) >= opponents:
                rows.append({"id": pid, "name": name.decode(), "opponents": rating["opponents"],
                             **{k: rating[k] for k in ("mu", "sigma", "games")}})
        return rows
