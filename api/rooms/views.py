"""What a room's event streams send: a player's own view, built for each stream; the view
without a seat (a spectator's, a table display's), built once and shared.

A spectator sees the table's view (:meth:`Room.table_view`) with their own ``you`` and the
server's ``now``.  The table's part is made into JSON once per room version and set of
phones connected, in this process, and every spectator stream of the room sends that one
text with its own two fields added: a move then costs one view build however many watch
(scripts/bench_rooms.py measures it).  Who a stream's token is, is read once a version
too (a spectator renamed, or sent away, is told so by the version that did it), and who
is connected is read once for all of a room's streams woken by the same change.  A view
shows which players are connected, not which spectators: a spectator coming or going
sends no one a new view.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from solver.rooms.room import Room

KEPT = 256  # rooms' shared views kept (a room's latest), the least recently used dropped
REUSE = 1.0  # seconds one read of who is connected (or of the room) serves its streams
WAIT = 2.0  # a stream waits this long for another's read of it, then reads itself


def compact(value) -> str:
    return json.dumps(value, separators=(",", ":"))


class _Recent(OrderedDict):
    """A dict that keeps its ``kept`` most recently used entries."""

    def __init__(self, kept: int):
        super().__init__()
        self.kept = kept

    def keep(self, key, value):
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.kept:
            self.popitem(last=False)
        return value

    def recall(self, key):
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value


class SharedViews:
    """One process's shared parts of its rooms' streams (thread- and greenlet-safe)."""

    def __init__(self, kept: int = KEPT):
        self._tables = _Recent(kept)  # (code, version, present) -> the table's JSON, open
        self._who = _Recent(kept)  # (code, version) -> {token digest: (name, seated, host)}
        self._present = _Recent(kept)  # ("present", code, pokes) -> (when read, present)
        self._loaded = _Recent(kept)  # ("load", code) -> (when read, the room's data)
        self._reading: dict[tuple, threading.Event] = {}
        self._lock = threading.Lock()

    def who(self, data: dict, digest: str) -> tuple[str, bool, str] | None:
        """Who the token with ``digest`` is at this version of the room: ``(name, seated,
        their view's "you" as JSON)``, or None (no longer at the table)."""
        return self._seating(data)[0].get(digest)

    def players(self, data: dict) -> frozenset:
        """The names of the room's seats at this version."""
        return self._seating(data)[1]

    def _seating(self, data: dict) -> tuple[dict, frozenset]:
        key = data["code"], data["version"]
        with self._lock:
            found = self._who.recall(key)
        if found is None:
            room = Room.from_dict(data)
            host = room.host
            found = ({s["token"]: (s["name"], True, "") for s in room.seats}, 
                     frozenset(s["name"] for s in room.seats))
            found[0].update({s["token"]: (s["name"], False, compact(
                {"name": s["name"], "host": s["name"] == host, "seat": False, "hand": None}))
                for s in room.spectators})
            with self._lock:
                self._who.keep(key, found)
        return found

    def message(self, data: dict, present: frozenset, name: str, seated: bool, you: str,
                now: float, finish=lambda room, view: view) -> str:
        """The ``data:`` text of ``name``'s view: a player's built for them, a spectator's
        the room's shared table view with their own ``you`` (its JSON) and ``now``.
        ``finish(room, view)``: what the API adds to a view (the leaderboard's verdict)."""
        room = Room.from_dict(data)
        if seated:
            return compact(finish(room, room.view(name, present=present, now=now)))
        key = data["code"], data["version"], present
        with self._lock:
            table = self._tables.recall(key)
        if table is None:
            table = compact(finish(room, room.table_view(present)))[:-1]  # open: "{...
            with self._lock:
                self._tables.keep(key, table)
        return f'{table},"you":{you},"now":{int(now * 1000)}}}'

    def present(self, store, code: str, mark, now: float) -> frozenset:
        """Who is connected in ``code``: read once for all the room's streams at ``mark``'s
        pokes (a move changes no one's connection: a stream that arrives or leaves pokes
        the room), and again after REUSE seconds (a heartbeat that stopped).  (A view
        shows the players' only: :meth:`players`.)"""
        return self._once(self._present, ("present", code, mark[1]), now,
                          lambda: store.present(code, now))

    def reload(self, store, code: str, now: float) -> dict | None:
        """The room as the store has it (None: gone), read once for all the room's streams
        that ask within REUSE seconds (each stream reads it again after its ping: a room
        that expired ends its streams)."""
        return self._once(self._loaded, ("load", code), now, lambda: store.load(code, now))

    def _once(self, kept: _Recent, key, now: float, read):
        """``read()``'s answer, read by one stream for all that ask for ``key`` within
        REUSE seconds: the others wait for it (at most WAIT seconds, then read)."""
        with self._lock:
            held = kept.recall(key)
            if held is not None and now - held[0] < REUSE:
                return held[1]
            reading = self._reading.get(key)
            if reading is None:
                mine = self._reading[key] = threading.Event()
        if reading is not None:  # another stream reads it now: its answer serves
            reading.wait(WAIT)
            with self._lock:
                held = kept.recall(key)
            return held[1] if held is not None and now - held[0] < REUSE else read()
        try:
            answer = read()
            with self._lock:
                kept.keep(key, (now, answer))
            return answer
        finally:
            with self._lock:
                self._reading.pop(key, None)
            mine.set()
