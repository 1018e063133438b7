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


def read(held: str | None) -> list:
    """The list kept as ``held`` (None: nothing kept yet); a copy, to change and keep anew
    with :func:`text`."""
    return [] if held is None else codec.loads(held)


def text(items: list) -> str:
    """``items`` as the text the state keeps."""
    return codec.dumps(items)
