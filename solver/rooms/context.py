"""What a game's room variant may see and do of its room: a narrow door, not the room.

A variant (:class:`.variants.RoomGame`) plays the moves its game plays its own way, deals,
keeps what is secret and says what each view adds; it does so through a :class:`Table`,
never through the room's state or its private methods: it pushes a replay event (the
library checks it and the room logs it), moves cards between the hands the server keeps,
keeps its own secret (a card in transit, the pile's real cards) and the round's claims
as the views show them.  Everything else (seats, phases, tokens, the clock, the log) is
the room's alone.

>>> from solver.rooms.room import Room
>>> room, _ = Room.create("ROOM", {"game": "dice", "name": "ann"})
>>> table = room.table
>>> table.rules["dice_each"], table.game_no, table.secret
(5, 1, None)
"""

from __future__ import annotations

from . import call_odds


class Table:
    """One room as its game's variant sees it (``room.table``)."""

    def __init__(self, room):
        self._room = room

    # --- reading ---------------------------------------------------------------------------

    rules = property(lambda self: self._room.rules, doc="the room's rules, as a dict")
    clock = property(lambda self: self._room.state.clock,
                     doc="the seconds the player to move has (None: no clock)")
    game_no = property(lambda self: self._room.state.game_no,
                       doc="the number of the game at this table (1, then each rematch)")
    last_places = property(lambda self: self._room.state.last_places,
                           doc="the places of the last game over, best first")

    def game(self):
        """The game as it stands (the library's, rebuilt from the room's state)."""
        return self._room.game_obj()

    @property
    def hands(self) -> dict:
        """Each seat's hand the server keeps, by name (the variant may move cards)."""
        return self._room.hands

    @property
    def revealed(self) -> dict:
        """Every hand the call waiting on its reveals has revealed, by name."""
        return self._room.state.pending["revealed"]

    @property
    def called(self) -> dict:
        """The replay event of the call waiting on its reveals."""
        return self._room.state.pending["event"]

    # --- what the variant keeps ------------------------------------------------------------

    @property
    def secret(self):
        """What the server keeps hidden for this game beside the hands (None: nothing)."""
        return self._room.state.hidden

    @secret.setter
    def secret(self, value) -> None:
        self._room.state.hidden = value

    @property
    def claims(self) -> list:
        """This round's claims as the views show them (:meth:`RoomGame.declarations`)."""
        return self._room.state.bids

    @claims.setter
    def claims(self, value: list) -> None:
        self._room.state.bids = value

    # --- acting ----------------------------------------------------------------------------

    def drop_call(self) -> None:
        """Forget the call waiting on its reveals (the round starts again)."""
        self._room.state.pending = None

    def push(self, event: dict):
        """Play ``event`` on the game (the library checks it) and log it; its result."""
        return self._room.push_event(event)

    def odds_at_call(self, caller: str) -> dict | None:
        """The odds of the claim ``caller`` calls, from the room before the call
        (:func:`.call_odds.at_call`): a variant asks before it pushes the call."""
        return call_odds.at_call(self._room, caller)
