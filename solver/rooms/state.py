"""A room's state as a typed object, versioned: what it holds, and reading an older one.

A room is kept as the JSON of its state (:meth:`RoomState.to_dict`), and a store outlives
the server that wrote it: a restart onto newer code reads the rooms the older code wrote.
The state therefore carries ``state_version``, and :meth:`RoomState.from_dict` takes a
state of any version this code knows up to :data:`STATE_VERSION`, one step at a time
(:data:`UPGRADES`), and refuses, naming the key, one whose keys are not of the types
:class:`RoomState` declares, one with a key it does not declare, or one that a newer
server wrote (its room is then stuck here, as a broken one is, rather than misread).
Adding to the state: a new field (its type checked as it is read) and a new version whose
upgrade sets it in an older state (an older server refuses the newer room rather than
dropping the key it does not know); changing what a field holds: the same.

>>> old = {"code": "ABCD", "game": "dice", "version": 7, "seats": [], "games": [{"n": 1}]}
>>> room = RoomState.from_dict(old)
>>> room.state_version, room.version, room.games, old["games"]
(3, 7, '[{"n":1}]', [{'n': 1}])
>>> RoomState.from_dict(room.to_dict()) == room
True
>>> RoomState.from_dict({"code": "ABCD", "game": "dice", "version": "7"})
Traceback (most recent call last):
...
TypeError: a room's state has version '7' as str, not int
>>> RoomState.from_dict({"code": "ABCD", "game": "dice", "state_version": 9})
Traceback (most recent call last):
...
TypeError: a room's state of version 9 was written by a newer server (this one reads up to 3)
>>> RoomState.from_dict({"code": "ABCD", "game": "dice", "colour": "red"})
Traceback (most recent call last):
...
TypeError: a room's state has a key no server of this code writes: colour
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from dataclasses import dataclass, field
from typing import Any

from . import archive
from .session import new_session

STATE_VERSION = 3


@dataclass(eq=True)
class RoomState:
    """Everything a room keeps between two requests (JSON keys as the fields are named,
    but ``game_state``, kept as ``state``)."""

    code: str
    game: str  # the room game's name (solver.games.registry.ROOM_GAMES)
    deal: str = "server"  # "server" or "table"
    rules: dict = field(default_factory=dict)
    version: int = 1  # the compare-and-swap version every save moves on
    phase: str = "lobby"  # lobby, playing, reveal, over
    seats: list = field(default_factory=list)  # {"name", "token", "host", "bot", ...}
    spectators: list = field(default_factory=list)
    game_state: dict | None = None  # the library game's to_dict (None in the lobby)
    events: list = field(default_factory=list)  # the game's log (its replay's events)
    hands: dict = field(default_factory=dict)  # each seat's hand the server keeps
    hidden: Any = None  # what the variant keeps secret beside the hands (Table.secret)
    pending: dict | None = None  # a call waiting on its reveals
    last_ruling: dict | None = None
    bids: list = field(default_factory=list)  # the round's claims as the views show them
    reveal: dict | None = None  # a ruling's reveal, held for the table to see
    history: list = field(default_factory=list)  # the last rounds, as the views show them
    record: list = field(default_factory=list)  # this game's rounds, whole, for its replay
    record_dropped: int = 0
    games: str | None = None  # the finished games kept, as text (:mod:`.archive`)
    fair: dict | None = None  # the fair deal's commitments (:mod:`.fairness`)
    fair_games: str | None = None
    advisor: bool = False
    clock: int | None = None  # seconds a move, None: no clock
    kitty: dict | None = None
    open: bool = False  # listed in the open tables
    timer: dict = field(default_factory=dict)  # the running clock (:mod:`.clock`)
    hold: float = 0.0  # seconds a ruling's reveal holds the computer players
    game_no: int = 1
    timed_out: list = field(default_factory=list)
    removed: list = field(default_factory=list)
    left: list = field(default_factory=list)
    notice: dict | None = None
    session: dict = field(default_factory=lambda: new_session([]))  # the table's score
    called_off: str | None = None  # why the game ended before its end
    last_places: list | None = None  # the places of the last game over
    stuck: str | None = None  # why the server could not act in this room
    state_version: int = STATE_VERSION

    @classmethod
    def from_dict(cls, data) -> "RoomState":
        """The state a stored ``data`` holds, of this version or an older one (upgraded on a
        copy: ``data`` is left as it is).  TypeError, naming the key, for a state no server
        of this code wrote."""
        data = _upgraded(data)
        known = _json_names()
        unknown = sorted(set(data) - set(known), key=str)
        if unknown:
            raise TypeError(f"a room's state has a key no server of this code writes: "
                            f"{', '.join(map(str, unknown[:5]))}")
        for name in ("code", "game"):
            if name not in data:
                raise TypeError(f"a room's state has no {name}")
        kinds = _kinds_of_fields()
        values = {}
        for key, name in known.items():
            if key not in data:
                continue
            value = data[key]
            if not _is(value, kinds[name]):
                raise TypeError(f"a room's state has {key} {value!r:.40} as "
                                f"{type(value).__name__}, not {_names(kinds[name])}")
            values[name] = value
        return cls(**values)

    def to_dict(self) -> dict:
        """The state as a store keeps it (JSON-ready; its lists and dicts are the state's own)."""
        return {key: getattr(self, name) for key, name in _json_names().items()}


_RENAMED = {"game_state": "state"}  # field -> its key in the stored JSON


@functools.cache
def _json_names() -> dict[str, str]:
    """The stored JSON's keys -> the fields that hold them."""
    return {_RENAMED.get(f.name, f.name): f.name for f in dataclasses.fields(RoomState)}


@functools.cache
def _kinds_of_fields() -> dict[str, tuple[type, ...]]:
    """Each field's declared type, as the JSON types a stored value may have."""
    return {name: _kinds(hint) for name, hint in typing.get_type_hints(RoomState).items()}


def _kinds(hint) -> tuple[type, ...]:
    if hint is Any:
        return (object,)
    if hint is float:
        return (int, float)  # JSON writes 2.0 as 2 in some encoders
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return tuple(kind for arg in typing.get_args(hint) for kind in _kinds(arg))
    return (typing.get_origin(hint) or hint,)


def _is(value, kinds: tuple[type, ...]) -> bool:
    if isinstance(value, bool):  # JSON's true is no number
        return bool in kinds or object in kinds
    return isinstance(value, kinds)


def _names(kinds: tuple[type, ...]) -> str:
    return " or ".join("null" if kind is type(None) else kind.__name__ for kind in kinds)


# --- upgrades: version -> the change from it to the next, on a copy ------------------------

def _archives_as_text(data: dict) -> None:
    """Version 2: the kept games and their fair deals' records are JSON text
    (:mod:`.archive`): a move no longer decodes them."""
    for key in ("games", "fair_games"):
        if isinstance(data.get(key), list):
            data[key] = archive.text(data[key])


def _removed_listed(data: dict) -> None:
    """Version 3: the state is a typed object, each key always present; a room kept before
    it listed the players taken off its game lists them from its log (each ``leave`` no
    clock made), one whose clock was never set has an empty timer, and one kept before
    its table kept a score starts one for its seats (:mod:`.session`)."""
    if "removed" not in data:
        timed_out = set(data.get("timed_out") or [])
        events = data.get("events") if isinstance(data.get("events"), list) else []
        data["removed"] = list(dict.fromkeys(
            e["player"] for e in events if isinstance(e, dict) and e.get("type") == "leave"
            and e.get("player") not in timed_out))
    if data.get("timer") is None:
        data["timer"] = {}
    if "session" not in data and isinstance(data.get("seats"), list):
        data["session"] = new_session(
            [s.get("name") for s in data["seats"] if isinstance(s, dict)])


UPGRADES = {1: _archives_as_text, 2: _removed_listed}


def _upgraded(data) -> dict:
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
            UPGRADES[version](data)
            version += 1
        data["state_version"] = version
    return data
