"""Rooms in Redis, for several machines behind one load balancer (``--rooms-db redis://...``).

The same operations as :class:`~api.rooms.store.SQLiteStore`: a room is a hash
(its version, its JSON) that Redis expires by itself; a save is a compare-and-swap
in one Lua script, which also publishes the room's new version, so that every
process's event streams wake at once (a process listens on one channel).
"""

from __future__ import annotations

import json
import threading

from .changes import MISS_WINDOW, Changes, expiry

PREFIX = "liars:room:"
CHANNEL = "liars:rooms"
RECHECK = 1.0  # seconds: a stream also reads its room's version this often (a lost message)

_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'data', ARGV[2])
redis.call('EXPIREAT', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1
"""
_SAVE = """
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'data', ARGV[3])
redis.call('EXPIREAT', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return 1
"""


class RedisStore:
    def __init__(self, url: str):
        import redis
        self._redis = redis.Redis.from_url(url)
        self._redis.ping()  # fail at start-up, plainly, if the server is not there
        self._create = self._redis.register_script(_CREATE)
        self._save = self._redis.register_script(_SAVE)
        self._changes = Changes(poll=self._recheck, every=RECHECK)
        self._listener = None
        self._lock = threading.Lock()

    def _listen(self) -> None:
        """One subscriber per process, started on the first wait."""
        with self._lock:
            if self._listener is not None:
                return
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)

            def heard(message):
                code, _, version = message["data"].decode().partition(":")
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

    def create(self, room: dict, now: float) -> bool:
        done = self._create(keys=[PREFIX + room["code"]],
                            args=[room["version"], json.dumps(room), int(expiry(room, now)),
                                  CHANNEL, f"{room['code']}:{room['version']}"])
        return bool(done)

    def load(self, code: str, now: float | None = None) -> dict | None:
        data = self._redis.hget(PREFIX + code, "data")
        return None if data is None else json.loads(data)

    def save(self, room: dict, version: int, now: float) -> bool:
        done = self._save(keys=[PREFIX + room["code"]],
                          args=[version, room["version"], json.dumps(room),
                                int(expiry(room, now)), CHANNEL,
                                f"{room['code']}:{room['version']}"])
        if done:
            self._changes.seen(room["code"], room["version"])
        return bool(done)

    def wait(self, code: str, version: int, timeout: float) -> int | None:
        self._listen()
        return self._changes.wait(code, version, timeout)

    def watch(self, code: str, version: int, timeout: float) -> dict | None:
        """The room once its version passes ``version``; None after ``timeout`` seconds."""
        return None if self.wait(code, version, timeout) is None else self.load(code)

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

    def miss(self, address: str, now: float) -> int:
        key = f"liars:misses:{address}"
        pipe = self._redis.pipeline()
        pipe.zremrangebyscore(key, 0, now - MISS_WINDOW)
        pipe.zadd(key, {f"{now}:{id(pipe)}": now})
        pipe.zcard(key)
        pipe.expire(key, int(MISS_WINDOW) + 1)
        return pipe.execute()[2]

    def purge(self, now: float) -> int:
        return 0  # Redis expires each room itself

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
        self._redis.close()
