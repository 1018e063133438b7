"""A room's stored state, versioned: the keys it has, their types, and reading an older one.

A room is kept as the JSON of its state (:meth:`~solver.rooms.room.Room.to_dict`), and a
store outlives the server that wrote it: a restart onto newer code reads the rooms the
older code wrote.  The state therefore carries ``state_version``, and :func:`read` takes a
state of any version this code knows up to :data:`STATE_VERSION`, one step at a time
(:data:`UPGRADES`), and refuses, naming the key, one whose keys are not of their types, or
that a newer server wrote (its room is then stuck here, as a broken one is, rather than
misread).  Adding to the state: a new key with its type in :data:`SHAPES`; changing what
a key holds: a new version and its upgrade.

>>> old = {"code": "ABCD", "version": 7, "seats": [], "games": [{"n": 1}]}
>>> new = read(old)
>>> new["state_version"], new["games"], old["games"]
(2, '[{"n":1}]', [{'n': 1}])
>>> read({"code": "ABCD", "version": "7", "seats": []})
Traceback (most recent call last):
...
TypeError: a room's state has version '7' as str, not int
>>> read({"code": "ABCD", "version": 7, "seats": [], "state_version": 9})
Traceback (most recent call last):
...
TypeError: a room's state of version 9 was written by a newer server (this one reads up to 2)
"""

from __future__ import annotations

from . import archive

STATE_VERSION = 2

_NUMBER = (int, float)
_OPTIONAL_DICT = (dict, type(None))
# The state's keys and what each holds (a key absent is its default, as Room reads it).
SHAPES: dict[str, tuple[type, ...] | type] = {
    "state_version": int, "code": str, "game": str, "deal": str, "rules": dict,
    "version": int, "phase": str, "seats": list, "state": _OPTIONAL_DICT, "events": list,
    "hands": dict, "pending": _OPTIONAL_DICT, "last_ruling": _OPTIONAL_DICT, "bids": list,
    "advisor": bool, "clock": (int, type(None)), "kitty": _OPTIONAL_DICT, "open": bool,
    "timer": _OPTIONAL_DICT, "game_no": int, "timed_out": list, "removed": list,
    "left": list, "notice": _OPTIONAL_DICT, "session": dict, "hold": _NUMBER,
    "reveal": _OPTIONAL_DICT, "history": list, "spectators": list, "fair": _OPTIONAL_DICT,
    "games": str, "fair_games": str, "record": list, "record_dropped": int,
    "stuck": (str, type(None)),
}


def _archives_as_text(data: dict) -> dict:
    """Version 2: the kept games and their fair deals' records are JSON text
    (:mod:`.archive`): a move no longer decodes them."""
    for key in ("games", "fair_games"):
        if isinstance(data.get(key), list):
            archive.write(data, key, data[key])
    return data


# version -> the upgrade from it to the next (each on a copy of the state it is given)
UPGRADES = {1: _archives_as_text}


def new(fields: dict) -> dict:
    """A new room's state: ``fields`` at this version."""
    return {"state_version": STATE_VERSION, **fields}


def read(data) -> dict:
    """``data`` as a room's state of this version: itself when it is one, else an upgraded
    copy (the stored one is left as it is).  TypeError, naming the key, for a state no
    server of this code wrote."""
    if not isinstance(data, dict):
        raise TypeError(f"a room's state is a JSON object, not {type(data).__name__}")
    version = data.get("state_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise TypeError(f"a room's state has state_version {version!r}, not a version")
    if version > STATE_VERSION:
        raise TypeError(f"a room's state of version {version} was written by a newer "
                        f"server (this one reads up to {STATE_VERSION})")
    if version < STATE_VERSION:
        data = dict(data)
        while version < STATE_VERSION:
            data = UPGRADES[version](data)
            version += 1
        data["state_version"] = version
    for key, kinds in SHAPES.items():
        value = data.get(key)
        if key in data and (not isinstance(value, kinds) or (
                isinstance(value, bool) and bool not in _kinds(kinds))):
            raise TypeError(f"a room's state has {key} {value!r:.40} as "
                            f"{type(value).__name__}, not {_names(kinds)}")
    return data


def _kinds(kinds) -> tuple:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _names(kinds) -> str:
    return " or ".join("null" if kind is type(None) else kind.__name__
                       for kind in _kinds(kinds))
