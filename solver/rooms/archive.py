"""The parts of a room's state written once a game and read seldom, kept as JSON text.

A table keeps its last finished games for their replays (:mod:`.kept`) and their fair
deals' records (:mod:`.fairness`): a few hundred kilobytes of small objects once it has
played a while.  The room's whole state is read and written several times a move (the
route loads and saves it, each other worker reads the new version for its streams), and
decoding those thousands of small objects took most of a move's CPU (9 ms at a dice
table that kept 10 games) though no move reads them.  Held as one JSON string inside
the state, they cost a string's copy per read; they are decoded only by what reads them
(a replay, the room's log) and when a game is added.  A room stored before this held
them as lists: :mod:`.state` turns them into text as it reads such a room.
"""

from __future__ import annotations

from . import codec


def read(data: dict, key: str) -> list:
    """The list the room keeps at ``key`` (a copy: change it, then :func:`write` it)."""
    held = data.get(key)
    if held is None:
        return []
    return codec.loads(held)


def write(data: dict, key: str, items: list) -> None:
    """Keep ``items`` at ``key``, as text."""
    data[key] = codec.dumps(items)
