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


class _Frame:
    """A room at one version and set of players connected, as its streams send it: the
    table's view built once, on first use (all but ``you`` and ``now``: open, "{...")."""

    __slots__ = ("data", "at", "seating", "present", "key", "_table", "_lock")

    def __init__(self, data: dict, at: float, seating: dict, present: frozenset):
        self.data, self.at, self.seating, self.present = data, at, seating, present
        self.key = data["version"], present
        self._table = None
        self._lock = threading.Lock()

    def table(self, finish) -> str:
        if self._table is None:
            with self._lock:
                if self._table is None:
                    room = Room.from_dict(self.data)
                    view = finish(room, room.table_view(self.present))
                    self._table = compact(view)[:-1]
        return self._table


class SharedViews:
    """One process's shared parts of its rooms' streams (thread- and greenlet-safe)."""

    def __init__(self, kept: int = KEPT):
        self._frames = _Recent(kept)  # (code, version, pokes) -> _Frame
        self._who = _Recent(kept)  # code -> (seats, spectators, seating): the last read
        self._present = _Recent(kept)  # ("present", code, pokes) -> (when read, present)
        self._loaded = _Recent(kept)  # ("load", code) -> (when read, the room's data)
        self._reading: dict[tuple, threading.Event] = {}
        self._lock = threading.Lock()

    def frame(self, store, data: dict, mark, digest: str, now: float, sent,
              finish=lambda room, view: view):
        """What a stream of the token with ``digest`` sends next, the room being ``data``
        (woken at ``mark``) and the stream having sent ``sent``: ``(key, text)``, its
        ``data:`` event's text, "" when it sent this already (the same version and
        players connected), None when the token is no longer at the table (sent away).
        ``finish(room, view)``: what the API adds to a view (the leaderboard's verdict)."""
        frame = self.frame_for(store, data, mark, now)
        if frame.key == sent:
            return sent, ""
        who = frame.seating.get(digest)
        if who is None:
            return frame.key, None
        name, seated, you = who
        if seated:
            room = Room.from_dict(data)
            view = compact(finish(room, room.view(name, present=frame.present, now=now)))
            return frame.key, f"data: {view}\n\n"
        table = frame.table(finish)
        return frame.key, f'data: {table},"you":{you},"now":{int(now * 1000)}}}\n\n'

    def frame_for(self, store, data: dict, mark, now: float) -> "_Frame":
        """The room ``data`` at ``mark`` as its streams send it, shared (built once)."""
        with self._lock:
            frame = self._frames.recall((data["code"], data["version"], mark[1]))
        if frame is None or now - frame.at >= REUSE:
            frame = self._frame(store, data, mark, now)
        return frame

    def _frame(self, store, data: dict, mark, now: float) -> _Frame:
        code = data["code"]
        key = code, data["version"], mark[1]
        present = self._once(self._present, ("present", code, mark[1]), now,
                             lambda: store.present(code, now))
        with self._lock:  # (the streams that waited for the same read make one frame)
            frame = self._frames.recall(key)
        if frame is not None and now - frame.at < REUSE:
            return frame
        seating, players = self._seating(data)
        with self._lock:
            return self._frames.keep(key, _Frame(data, now, seating, present & players))

    def _seating(self, data: dict) -> tuple[dict, frozenset]:
        """Who is at the table at this version (``{token digest: (name, seated, their
        view's "you" as JSON)}``) and the seats' names: read again only when the seats or
        the spectators changed (a move changes neither)."""
        code, seats, spectators = data["code"], data["seats"], data.get("spectators", [])
        with self._lock:
            before = self._who.recall(code)
        if before is not None and before[0] == seats and before[1] == spectators:
            return before[2]
        host = Room.from_dict(data).host
        seating = ({s["token"]: (s["name"], True, "") for s in seats},
                   frozenset(s["name"] for s in seats))
        seating[0].update({s["token"]: (s["name"], False, compact(
            {"name": s["name"], "host": s["name"] == host, "seat": False, "hand": None}))
            for s in spectators})
        with self._lock:
            self._who.keep(code, (seats, spectators, seating))
        return seating

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
