"""The rooms service: this process's store of rooms, and the one path a room's change takes.

The routes (api/rooms/__init__.py), the look-out (:mod:`.turns`), the leaderboard's
profiles (:mod:`.profiles`) all reach the store here.  A change is made one way, whoever
makes it (a phone's move, a computer player's, a timeout): read the room, change it, save
it at the version it was read at (compare and swap), with its clocks started and its next
moment and listing (:func:`change`, :func:`store_change`); a change made on a version
another already replaced is not saved.
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

from flask import current_app

from solver.rooms.room import Room

from . import ratings
from .store import open_store

EXTENSION = "liars_rooms"
# A computer player that waits for a phone to dismiss a ruling's reveal: the look-out reads
# who is connected again this often (a phone that leaves saves no room).
PRESENCE_SECONDS = 2.0


def store():
    """This process's store (opened on first use: a forked worker opens its own)."""
    opened = current_app.extensions.get(EXTENSION)
    if opened is None:
        opened = current_app.extensions[EXTENSION] = open_store(current_app.config["ROOMS_DB"])
    return opened


class Changed(NamedTuple):
    """What :func:`change` did: the room (None: there is none), ``act``'s answer (None:
    nothing to do, nothing saved), whether it was saved, and the room's next moment."""
    room: Room | None
    answer: Any
    saved: bool
    due: float | None


def change(rooms, code: str, act, *, at: int | None = None, loaded: Room | None = None,
           read=None, now: float | None = None) -> Changed:
    """One change of room ``code``, compare and swap: the room (``loaded``, as its caller
    read it and changed in no way; else ``read(code)``; else the store's at ``now``),
    ``act(room)`` (its answer; None: nothing to do), saved at the version it was read at.
    ``at``: the version the change was decided on (a room at another is not changed).
    Not saved (``saved`` False) when another change was saved first: the caller tries
    again on the new version, or gives up."""
    if loaded is not None:
        room = loaded
    elif read is not None:
        room = read(code)
    else:
        data = rooms.load(code, time.time() if now is None else now)
        room = Room.from_dict(data) if data is not None else None
    if room is None or (at is not None and room.version != at):
        return Changed(room, None, False, None)
    version = room.version
    answer = act(room)
    if answer is None:
        return Changed(room, None, False, None)
    saved, due = store_change(rooms, room, version)
    return Changed(room, answer, saved, due)


def listed(room: Room) -> bool:
    """Whether the room is among the open tables (GET /rooms?open=1): open, in its lobby."""
    return room.state.open and room.phase == "lobby"


def next_moment(room: Room, now: float, present=frozenset()) -> float | None:
    """When the server must act in ``room`` next (epoch seconds), or None: its clock or a
    computer player's turn (:func:`moment`), or at once for a finished game that counts
    for the leaderboard (whichever process saved it rates it, and if that one died first,
    the look-out does: api/rooms/ratings.py).  ``present``: the phones connected now."""
    return now if ratings.due(room) else moment(room, now, present)


def moment(room: Room, now: float, present=frozenset()) -> float | None:
    """The room's own next moment (:meth:`Room.due`): a clock running out, or a computer
    player's move, which after a ruling waits for its reveal (the hold, and the connected
    phones that have not dismissed it, REVEAL_WAIT_MAX at most).  While it waits for a
    phone, the look-out comes back every PRESENCE_SECONDS from the hold on: a phone that
    leaves makes no change to the room, yet its player is no longer waited for."""
    due = room.due(present)
    if due is not None and room.bot_to_move() is not None and room.reveal_waiting(present):
        unwaited = room.bot_moment()  # were no phone connected
        if unwaited is not None:
            due = min(due, max(unwaited, now + PRESENCE_SECONDS))
    return due


def presence(store, room: Room, now: float) -> frozenset:
    """Who is connected in ``room``, read only when a computer player may wait on them."""
    if room.state.reveal is None or room.bot_to_move() is None:
        return frozenset()
    return store.present(room.code, now)


def store_change(store, room: Room, version: int) -> tuple[bool, float | None]:
    """Save ``room`` changed from ``version``, its clocks started and with its next moment
    and listing: whether it was saved (no other change came first), and that moment.
    A room that did not change (still at ``version``: a stale ``seen``, a setting set to
    what it was) is not written at all: no new timestamp, lease or place among the open
    tables; it counts as saved, with nothing new to do.  A room the server acted in
    again is no longer stuck."""
    if room.version == version:
        return True, None
    now = time.time()
    room.state.stuck = None
    room.timers(now)
    due = next_moment(room, now, presence(store, room, now))
    return store.save(room.to_dict(), version, now, due=due, listed=listed(room)), due
