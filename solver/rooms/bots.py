"""Computer players, and the advisor: what every game's share (levels, when to call, bluffs).

Both see what that player's phone shows (:meth:`Room.view`: their own hand, the
public declarations and counts) and the public game state, which holds no hand at
all; they are never handed another player's tiles or dice.

A computer player plays at one of two :data:`LEVELS`, each a module of its game's
folder (``solver/games/NAME/easy.py`` and ``hard.py``; the room variant's ``decide``
picks one).  **Easy** declares or bids by the advisor's safest raises, with a dose of
bluffing (:func:`pick`), and calls when the odds say the last claim is unlikely (below
:data:`CALL_BELOW`, against a threshold drawn at random each time).  **Hard** weighs the
same exact odds by what the others' claims this round say of their hands
(:mod:`solver.rooms.hard`: what the hard players share), calls, raises or calls "exact"
by which risks least, and bluffs now and then.

>>> import random
>>> from solver.rooms.room import Room
>>> room, host = Room.create("ROOM", {"game": "dice", "name": "ann", "rules": {"dice_each": 2}})
>>> room.add_bot("ann", "robo")
>>> "token" in str(room.view("ann"))  # the computer player's token is the server's own
False
>>> room.start("ann", rng=random.Random(2))
>>> room.move("ann", {"type": "bid", "quantity": 1, "face": 2})
>>> room.bot_to_move()
'robo'
>>> room.decide("robo", random.Random(2))["type"] in ("bid", "liar")
True
"""

from __future__ import annotations

from solver.errors import InvalidInput, shown

EASY, HARD = "easy", "hard"
LEVELS = (EASY, HARD)  #: a computer player's levels
DEFAULT_LEVEL = EASY  #: a computer player's level when the host names none
CALL_BELOW = 0.35  # a claim less likely than this is called
BLUFF = 0.2  # how often a computer player raises by a riskier suggestion than the safest
SUGGESTIONS = 4  # the raises the advisor shows, and an easy player picks among


def read_level(level) -> str:
    """A computer player's level, "easy" or "hard" (InvalidInput naming "level")."""
    if not isinstance(level, str) or level not in LEVELS:
        raise InvalidInput(f"a computer player's level is {' or '.join(map(repr, LEVELS))}, "
                           f"not {shown(level)}", field="level")
    return level


def pick(suggestions: list, rng):
    """The safest suggestion, or now and then a riskier one (a bluff)."""
    if len(suggestions) > 1 and rng.random() < BLUFF:
        return rng.choice(suggestions[1:])
    return suggestions[0]
