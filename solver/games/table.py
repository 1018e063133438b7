"""What the games at a table share: seats, turn order, and reading events and rules.

Seats are listed clockwise; the first listed player opens the game.

>>> players = read_players(["ann", "ben", "cy"], game="Liar's Dice", low=2, high=20)
>>> next_player(players, "cy"), next_player(players, "ann", skip={"ben"})
('ann', 'cy')
"""

from __future__ import annotations

import unicodedata

from solver.errors import InvalidInput, InvalidRules, LimitExceeded, listed, shown

from .names import MAX_NAME, name_key, unshowable

MAX_PLAYERS = 20
MAX_EVENTS = 10_000
MAX_DIGITS = 20  # no die face, rank or timer needs more; Python refuses int() past 4300
# The table's ruling on a call the referee cannot decide: the caller was right / wrong.
TABLE_RULINGS = ("upheld", "rejected")


def small_int(text) -> int | None:
    """The value of ``text`` when it is a short string of ASCII digits, else None.

    Longer digit strings are not numbers any game uses, and ``int()`` of one
    past 4300 digits raises a plain ValueError, so they are never converted.

    >>> small_int(" 7 "), small_int("²"), small_int("1" * 5000), small_int(7)
    (7, None, None, None)
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    return None


def read_players(players, *, game: str, low: int, high: int) -> tuple[str, ...]:
    """Validate the seat list: distinct non-empty names, as many as the game takes."""
    if not isinstance(players, (list, tuple)):
        raise InvalidInput(f"players must be a list of names, not {type(players).__name__}",
                           field="players")
    if len(players) > MAX_PLAYERS:
        raise LimitExceeded(f"{len(players)} players given; at most {MAX_PLAYERS} are accepted",
                            field="players")
    read = []
    for name in players:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise InvalidInput(f"a player name must be text of 1 to {MAX_NAME} characters, "
                               f"not {shown(name)}", field="players")
        name = unicodedata.normalize("NFC", name)  # one spelling of each accented letter
        bad = unshowable(name)
        if bad is not None:
            raise InvalidInput(f"a player name may not hold control or bidi characters "
                               f"({bad!r})", field="players")
        read.append(name)
    keys = [name_key(name) for name in read]
    if len(set(keys)) != len(keys):  # "Ann" and "ann" are one person
        twice = sorted({p for p, k in zip(read, keys) if keys.count(k) > 1})
        raise InvalidInput(f"player names must differ (case aside); given twice: "
                           f"{', '.join(twice)}", field="players")
    players = read
    if not low <= len(players) <= high:
        raise InvalidInput(f"{game} takes {low} to {high} players, not {len(players)}",
                           field="players")
    return tuple(players)


def next_player(players, player: str, skip=(), direction: int = 1) -> str | None:
    """The next seat after ``player`` (clockwise by default) not in ``skip``."""
    i = players.index(player)
    for step in range(1, len(players) + 1):
        candidate = players[(i + direction * step) % len(players)]
        if candidate not in skip:
            return candidate
    return None


def require(event: dict, key: str, *, field: str):
    """``event[key]``, or an InvalidInput that names the missing key."""
    if not isinstance(event, dict):
        raise InvalidInput(f"an event must be an object, not {type(event).__name__}",
                           field=field)
    if key not in event:
        raise InvalidInput(f"the event needs a {key!r}", field=f"{field}.{key}")
    return event[key]


def read_int(value, *, field: str, what: str, low: int, high: int) -> int:
    """A whole number within bounds; the error says which number and why."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{what} must be a whole number, not {value!r}", field=field)
    if not low <= value <= high:
        raise InvalidInput(f"{what} must be from {low} to {high}, not {value}", field=field)
    return value


def read_options(data, allowed: set[str], *, game: str) -> dict:
    """A rules object as a dict, refusing options the game does not have.

    Option names may be written as docs/rules.md writes them (``one-deck``) or
    as Python does (``one_deck``), but not both: which one would count is a guess.

    >>> read_options({"one-deck": True}, {"one_deck"}, game="Liar's Post")
    {'one_deck': True}
    >>> read_options({"one-deck": True, "one_deck": False}, {"one_deck"}, game="Liar's Post")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidRules: the rules option 'one_deck' is given twice, as 'one-deck' and 'one_deck': give it once
    """
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise InvalidRules(f"rules must be an object, not {type(data).__name__}", field="rules")
    options, spelled = {}, {}
    for key, value in data.items():
        name = str(key).replace("-", "_")
        if name in options:
            raise InvalidRules(f"the rules option {shown(name)} is given twice, as "
                               f"{shown(spelled[name])} and {shown(key)}: give it once",
                               field="rules")
        options[name], spelled[name] = value, key
    data = options
    unknown = sorted(set(data) - allowed)
    if unknown:  # a few of them, and how many more: a message never echoes a whole request
        raise InvalidRules(f"{game} has no rules option {listed(unknown)}; "
                           f"its options are {', '.join(sorted(allowed))}", field="rules")
    return dict(data)
