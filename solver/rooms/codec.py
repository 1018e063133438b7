"""A room's state as the stores keep it: JSON text, written and read with orjson.

A room's state is read and written several times a move (the route loads it, saves it,
each other worker's poller reads the new version), and a table that has played a while
keeps its last games in it for their replays (solver/rooms/kept.py): tens to hundreds
of kilobytes.  The standard library's json took about half the server's CPU at such a
table; orjson reads and writes the same JSON several times faster.  The text is plain
JSON either way, so a store written by one reads with the other.
"""

from __future__ import annotations

import json

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # (as json.dumps: a key that is a number, as text)


def dumps(value) -> str:
    """``value`` as compact JSON text."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except (orjson.JSONEncodeError, TypeError):  # what orjson refuses (an int past 64 bits)
        return json.dumps(value, separators=(",", ":"))


def loads(text: str | bytes):
    """The value JSON ``text`` holds."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # what orjson refuses and json reads (a lone surrogate
        return json.loads(text)  # escaped, as json writes one): json's answer, or its error
