"""The registry the front ends use: one entry per game, so the CLI and the API stay thin.

Each entry wraps a :class:`~solver.games.base.Game` subclass: it replays a whole
game (``replay``) from plain JSON-able dicts and, for the sister games, checks a
single claim (``check``); its description, example payloads and JSON Schemas
come from the game's own module.  Every "claim" may be the phrase said at the
table or its structured form; "rules" is always optional.

=========  ==================================================================
game       check payload
=========  ==================================================================
dice       {"claim": "2 fives" | {quantity, face}, "dice": [faces] | {player:
           [faces]}, "last"?: bid}
post       {"claim": "this is a queen" | {kind}, "card": "QH", "call"?: "true"
           | "false", "face_up"?: cards, "players"?: 2..6}
liarliar   {"claim": "two kings" | {count?, rank}, "cards": turned-over cards}
poker      {"claim": "full house, kings over threes" | {hand, ranks}, "cards":
           cards | {player: cards}, "last"?: claim}
=========  ==================================================================

A replay payload is ``{"rules"?, "players": [...], "events": [...]}``; each
game's events are in its ``replay_schema`` and its ``read_action``.  Adding a
game is one folder of this package (its ``game.py`` with its
:class:`~solver.games.base.Game` subclass): :func:`discover` finds it, and
:data:`GAMES` lists it when it has a ``check_command``.

>>> GAMES["dice"].check({"claim": "2 fives", "dice": [5, 5, 1, 2]})["holds"]
True
>>> result = GAMES["dice"].replay(GAMES["dice"].REPLAY_EXAMPLE)
>>> result["ok"], result["state"]["outcome"]["winner"]
(True, 'ann')
>>> letters = REPLAYERS["letters"]
>>> letters.replay(letters.REPLAY_EXAMPLE)["state"]["tiles"]
{'ann': 1, 'ben': 2, 'cy': 2}
>>> bad = GAMES["post"].replay({"players": ["anna", "ben"], "events": [
...     {"type": "send", "player": "ben", "to": "anna", "claim": "Q"}]})
>>> bad["ok"], bad["event_index"], bad["error"]["message"]
(False, 0, "it is anna's turn to start the turn, not ben's")
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
import time
import unicodedata
from collections.abc import Mapping
from types import ModuleType

from solver.errors import IllegalMove, InvalidInput, LiarsError, LimitExceeded

from .base import Game
from .schema import PLAYERS_REFUSALS, rules_object
from .table import MAX_EVENTS


def _object(payload, allowed: set[str], required: set[str], what: str) -> dict:
    """The request body as a dict with only known keys and every required one."""
    if not isinstance(payload, dict):
        raise InvalidInput(f"the {what} request must be a JSON object, not "
                           f"{type(payload).__name__}")
    unknown = sorted(set(payload) - allowed)
    if unknown:
        raise InvalidInput(f"unknown field(s) in the {what} request: {_listed(unknown)}; "
                           f"expected {', '.join(sorted(allowed))}", field=unknown[0][:40])
    missing = sorted(required - set(payload))
    if missing:
        raise InvalidInput(f"the {what} request needs {', '.join(missing)}", field=missing[0])
    return payload


def _listed(names: list[str], most: int = 5, longest: int = 40) -> str:
    """Names for a message: the first few, each cut short, and how many more.

    >>> _listed(["a", "b" * 50, "c", "d", "e", "f", "g"])
    'a, bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb…, c, d, e and 2 more'
    """
    shown_ = ", ".join(n if len(n) <= longest else n[:longest] + "…" for n in names[:most])
    return shown_ + (f" and {len(names) - most} more" if len(names) > most else "")


def _names_read(event):
    """An event with the players it names in NFC, as the seats are read (table.py)."""
    if not isinstance(event, dict):
        return event
    nfc = functools.partial(unicodedata.normalize, "NFC")
    read = {key: nfc(value) if key in ("player", "to") and isinstance(value, str) else value
            for key, value in event.items()}
    for key in ("dice", "cards"):  # what each player revealed, by name
        if isinstance(read.get(key), dict):
            read[key] = {nfc(k) if isinstance(k, str) else k: v for k, v in read[key].items()}
    return read


def _in_event(err: LiarsError, index: int) -> LiarsError:
    """Point an error's field into the event it came from: ``events[3].claim``."""
    prefix = f"events[{index}]"
    if not (err.field or "").startswith(prefix):
        err.field = f"{prefix}.{err.field}" if err.field else prefix
    return err


class Replayer:
    """One game's replay surface: a whole game from ``{"rules", "players", "events"}``.

    Liars' Letters has only this (its checks are the letters routes); the
    sister games are :class:`Checker`, which adds checking a single claim.
    """

    def __init__(self, game: type[Game]):
        self.game = game
        self.name = game.name
        self.title = game.heading or game.title
        self.description = game.description
        self.rules_type = game.Rules
        self.REPLAY_EXAMPLE = game.REPLAY_EXAMPLE

    @functools.cached_property
    def replay_schema(self) -> dict:
        return self.game.replay_schema()

    @property
    def replay_refusals(self) -> list[dict]:
        """What a replay the schema admits may still be refused with (the API's x-rules)."""
        return [r.as_dict() for r in (*PLAYERS_REFUSALS, *self.game.replay_refusals)]

    def replay(self, payload: dict, *, seconds: float | None = None) -> dict:
        """Replay ``{"rules", "players", "events"}`` move by move.

        Answers ``{"ok": true, "state"}`` with the final state, or, at the first
        illegal event, ``{"ok": false, "error", "event_index", "event", "state"}``
        with the state before it (plus the error's ``details``, if it has any:
        an undecided Liars' Letters call says what the referee knows).
        Unreadable input raises a LiarsError: every event is read first, so an event
        that cannot be read is refused even after an illegal one.

        ``seconds`` bounds the searches of the whole replay (Liars' Letters calls): once
        spent, each call is searched only for what is quick to prove, so a call that
        needs more is undecided and the replay stops there, as the rules say, with
        ``"cut_short": true``; the table rules on it and replays again.
        """
        payload = _object(payload, {"rules", "players", "events", "fairness"}, {"players"},
                          f"{self.name} replay")  # a room's log: its fair deal is ignored
        game = self.game(payload["players"], self.rules_type.from_dict(payload.get("rules")))
        if seconds is not None:
            game.deadline = time.monotonic() + seconds
        events = payload.get("events", [])
        if not isinstance(events, list):
            raise InvalidInput(f"events must be a list, not {type(events).__name__}",
                               field="events")
        if len(events) > MAX_EVENTS:
            raise LimitExceeded(f"{len(events)} events given; at most {MAX_EVENTS} are "
                                f"accepted", field="events")
        actions = [self._read(event, index) for index, event in enumerate(events)]
        for index, (event, action) in enumerate(zip(events, actions)):
            try:
                if isinstance(action, IllegalMove):
                    raise action
                game.push(action)
            except IllegalMove as err:
                cut = {"cut_short": True} if game.cut_short else {}
                return {"ok": False, "game": self.name, "error": _in_event(err, index).as_dict(),
                        "event_index": index, "event": event,
                        **getattr(err, "details", {}), **cut, "state": game.to_dict()}
            except LiarsError as err:
                raise _in_event(err, index)
        return {"ok": True, "game": self.name, "events": len(events), "state": game.to_dict()}

    def _read(self, event, index: int):
        """The action of one event, read before any is played: an unreadable event is a
        bad request wherever it stands, even after an illegal move.  What reading finds
        illegal (a joker discarded) is returned, to stop the replay at its turn."""
        try:
            return self.game.read_action(_names_read(event), field=f"events[{index}]")
        except IllegalMove as err:
            return err
        except LiarsError as err:
            raise _in_event(err, index)


class Checker(Replayer):
    """One sister game's front-end surface: check a claim, replay a game, describe both."""

    def __init__(self, game: type[Game]):
        super().__init__(game)
        self.check_fields = set(game.check_properties), set(game.check_required)
        self.CHECK_EXAMPLE = game.CHECK_EXAMPLE

    @functools.cached_property
    def check_schema(self) -> dict:
        return {"type": "object", "required": list(self.game.check_required),
                "additionalProperties": False,
                "properties": {"rules": rules_object(self.rules_type),
                               **self.game.check_properties}}

    @property
    def check_refusals(self) -> list[dict]:
        """What a check the schema admits may still be refused with (the API's x-rules)."""
        return [r.as_dict() for r in self.game.check_refusals]

    def check(self, payload: dict) -> dict:
        """A single claim checked against what was revealed (see ``check_schema``)."""
        allowed, required = self.check_fields
        payload = _object(payload, allowed | {"rules"}, required, f"{self.name} check")
        return {"game": self.name, **self.game.check_payload(dict(payload))}


def game_class(module) -> type[Game]:
    """The :class:`Game` subclass a game folder's ``game`` module defines (its own, not one
    it imports)."""
    found = [value for value in vars(module).values()
             if isinstance(value, type) and issubclass(value, Game)
             and value.__module__ == module.__name__]
    if len(found) != 1:
        raise TypeError(f"{module.__name__} defines {len(found)} games, not one")
    return found[0]


class Entry:
    """One game as the house knows it: its rules (``game``, a :class:`Game` subclass) and,
    where it has them, its odds (a module with ``answer``, ``SCHEMA``, ``REFUSALS`` and
    ``COMMAND``) and its room variant (a :class:`solver.rooms.variants.RoomGame`)."""

    def __init__(self, game: type[Game], *, room=None, odds: ModuleType | None = None):
        self.game, self._room, self._odds = game, room, odds

    name = property(lambda self: self.game.name)
    room = property(lambda self: self._room)
    odds = property(lambda self: self._odds)

    @functools.cached_property
    def replayer(self) -> Replayer:
        """Its replay surface (and check, for a game with a ``check_command``)."""
        return Checker(self.game) if self.game.check_command else Replayer(self.game)


class Folder(Entry):
    """A game of this package, a folder: ``game.py`` (its rules), and, if it has them,
    ``odds.py`` and ``room.py`` (whose ``ROOM`` is its room variant), each imported when
    first asked for (the CLI checking a claim loads no room)."""

    def __init__(self, package: str):
        super().__init__(game_class(importlib.import_module(f"{package}.game")))
        self.package = package

    def _part(self, name: str) -> ModuleType | None:
        found = importlib.util.find_spec(f"{self.package}.{name}")
        return importlib.import_module(f"{self.package}.{name}") if found else None

    @functools.cached_property
    def room(self):
        module = self._part("room")
        return module.ROOM if module is not None else None

    @functools.cached_property
    def odds(self):
        return self._part("odds")


_registered: dict[str, Entry] = {}
_found: list[bool] = []


def discover() -> None:
    """Register every game folder of this package (once): each subpackage with a ``game``
    module is a game (docs/architecture.md, "Adding a game")."""
    if _found:
        return
    _found.append(True)
    for module in pkgutil.iter_modules(importlib.import_module(__package__).__path__):
        if module.ispkg and importlib.util.find_spec(f"{__package__}.{module.name}.game"):
            register(Folder(f"{__package__}.{module.name}"))


def register(entry: Entry) -> Entry:
    """Add a game to the house: its routes, commands, rooms and computer players follow.
    The games of this package are registered by :func:`discover`; a game of its own
    package (the tests' toy game) registers itself the same way."""
    if entry.name in _registered and _registered[entry.name] is not entry:
        raise ValueError(f"a game named {entry.name!r} is already registered")
    _registered[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    """Take a registered game out of the house (a test's game, once it has played)."""
    _registered.pop(name, None)


def entries() -> list[Entry]:
    """Every registered game, in its ``order`` (docs/rules.md's), then by name."""
    discover()
    return sorted(_registered.values(), key=lambda entry: (entry.game.order, entry.name))


class Registered(Mapping):
    """A live view of the registry, by game name: what ``pick`` gives of each game that
    has it, in ``key``'s order.  Read anew each time, so a game registered later is in."""

    def __init__(self, pick, key=None):
        self._pick, self._key = pick, key

    def _items(self) -> list:
        found = [(entry, self._pick(entry)) for entry in entries()]
        found = [(entry, value) for entry, value in found if value is not None]
        if self._key is not None:
            found.sort(key=lambda pair: self._key(pair[1]))
        return [(entry.name, value) for entry, value in found]

    def __getitem__(self, name):
        discover()
        entry = _registered.get(name) if isinstance(name, str) else None
        value = self._pick(entry) if entry is not None else None
        if value is None:
            raise KeyError(name)
        return value

    def __iter__(self):
        return iter([name for name, _ in self._items()])

    def __len__(self):
        return len(self._items())

    def __repr__(self):
        return f"Registered({dict(self._items())!r})"


# The sister games (a game that checks a single claim), by name, in their order.
GAMES: Mapping[str, Checker] = Registered(
    lambda e: e.replayer if isinstance(e.replayer, Checker) else None)
# Everything that replays, by name: the sister games, then those that only replay.
REPLAYERS: Mapping[str, Replayer] = Registered(
    lambda e: e.replayer, key=lambda r: not isinstance(r, Checker))
# Every game with its own odds (``liars NAME odds``, ``POST /api/v1/NAME/odds``).
ODDS: Mapping[str, ModuleType] = Registered(lambda e: e.odds)
# The games rooms host, by name: each one's room variant, in the order rooms list them.
ROOM_GAMES: Mapping = Registered(lambda e: e.room, key=lambda room: room.order)


def get_game(name: str) -> Checker:
    """The registry entry for ``name``; an unknown name is an InvalidInput naming it."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise InvalidInput(f"no game {name!r}; the games are {', '.join(GAMES)}",
                           field="game") from None
