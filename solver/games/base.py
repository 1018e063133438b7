"""What every game shares: the table's rules object, the game at the table, its outcome.

A game is a subclass of :class:`Game` (as each chess variant is a subclass of
python-chess's board): it names itself, its :class:`Rules`, its seats and its
actions, and overrides a few named hooks; :class:`Game` strings them into
legality and play.  :meth:`Game.push` checks an action and then applies it,
so an illegal action changes nothing.

>>> from solver.games.dice.game import Bid, CallLiar, DiceGame, DiceRules, MakeBid
>>> game = DiceGame(["ann", "ben"], DiceRules(dice_each=1))
>>> game.push(MakeBid("ann", Bid(1, 6)))
>>> game.is_legal(MakeBid("ann", Bid(2, 6)))   # not ann's turn
False
>>> game.push(CallLiar("ben", {"ann": [6], "ben": [2]})).loser
'ben'
>>> game.is_over(), game.outcome().winner, game.to_move
(True, 'ann', None)
>>> DiceGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from solver.errors import GameOver, IllegalMove, InvalidInput, LiarsError

from .table import MAX_PLAYERS, read_options, read_players, require


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: who won, who lost, and everyone's place.

    ``placings`` runs from first to last; players who share a place (the
    winners of Liar's Post) are listed together in one inner tuple.
    """

    winners: tuple[str, ...]
    losers: tuple[str, ...]
    placings: tuple[tuple[str, ...], ...]
    reason: str

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def loser(self) -> str | None:
        return self.losers[0] if len(self.losers) == 1 else None

    def to_dict(self) -> dict:
        return {"winner": self.winner, "winners": list(self.winners), "loser": self.loser,
                "losers": list(self.losers), "placings": [list(p) for p in self.placings],
                "reason": self.reason}


def option(default, *, schema_default=dataclasses.MISSING, **schema):
    """A rules option: a dataclass field whose JSON Schema is ``schema`` (``minimum``,
    ``enum``, ``description``, ...) beside the type its annotation gives.

    ``schema_default`` is the default as the schema documents it, when that is not
    the field's own (None: the schema names no default).
    """
    shown = default if schema_default is dataclasses.MISSING else schema_default
    return dataclasses.field(default=default, metadata={"schema": schema, "default": shown})


@dataclass(frozen=True)
class Rules:
    """A table's choices: each variant of docs/rules.md is a field made by :func:`option`.

    Subclasses are frozen dataclasses that check their fields in
    ``__post_init__``; this base reads them from JSON (:meth:`from_dict`),
    writes them back (:meth:`to_dict`) and describes them (:meth:`schema`).
    """

    title: ClassVar[str] = "this game"  # the game's name, in messages

    @classmethod
    def from_dict(cls, data: dict | None) -> "Rules":
        """The rules from a JSON object; an unknown option is an InvalidRules naming it."""
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**cls.read(read_options(data, names, game=cls.title)))

    @classmethod
    def read(cls, options: dict) -> dict:
        """Hook: options as the JSON gives them, made ready for the constructor."""
        return options

    def to_dict(self) -> dict:
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def defaults(cls) -> dict:
        """The options (the init fields) and their defaults, in field order."""
        return {f.name: f.default for f in dataclasses.fields(cls) if f.init}

    @classmethod
    def schema(cls) -> dict:
        """The JSON Schema of the rules object, built from the fields."""
        from .schema import rules_schema  # the schema vocabulary, only when asked
        return rules_schema(cls)


def _jsonable(value):
    return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True)
class Leave:
    """``player`` leaves the table for good (a room's host removes a player who left): they
    are out, and the round starts again, opened by the next player still in."""

    player: str

    def to_dict(self) -> dict:
        return {"type": "leave", "player": self.player}


class Game:
    """A game at a table: seats in clockwise order, whose turn it is, who is out, the end.

    Subclasses set the class attributes and override the hooks below; the
    template methods (:meth:`check`, :meth:`push`, :meth:`to_dict`,
    :meth:`from_dict`) are the same for every game.
    """

    name: ClassVar[str]              # "dice": how the CLI and the API name the game
    title: ClassVar[str]             # "Liar's Dice": how its messages name it
    Rules: ClassVar[type[Rules]]
    actions: ClassVar[tuple[type, ...]]  # the action classes :meth:`push` takes
    seats: ClassVar[tuple[int, int]] = (2, MAX_PLAYERS)  # fewest and most players

    # How the front ends describe the game (solver.games.registry reads these).
    heading: ClassVar[str | None] = None  # a longer title for lists, if the title is short
    description: ClassVar[str] = ""
    events: ClassVar[tuple[dict, ...]] = ()  # the JSON Schema of each kind of replay event
    # What the schemas cannot say: the refusals (schema.Refusal) a request they admit may
    # still get, for a replay and for a check of one claim (the sister games).
    replay_refusals: ClassVar[tuple] = ()
    check_refusals: ClassVar[tuple] = ()
    REPLAY_EXAMPLE: ClassVar[dict] = {}
    # The shell's: ``liars <name>``'s help line, the state's key for what each player holds
    # and its noun (a replay's last line), and the sister games' ``check`` subcommand.
    shell_help: ClassVar[str] = ""
    holdings: ClassVar[tuple[str, str]] = ("", "")
    check_command: ClassVar = None  # a solver.games.commands.Command
    order: ClassVar[int] = 0  # where the front ends list it: docs/rules.md's order

    # A move's searches end by ``deadline`` (a time.monotonic() value), when one is set;
    # ``cut_short`` tells that one was cut short by it.  Only Liars' Letters searches.
    deadline: float | None = None
    cut_short: bool = False

    def __init__(self, players, rules: Rules | None = None):
        self.rules = rules or self.Rules()
        low, high = self.seats
        self.players = read_players(players, game=self.title, low=low, high=high)
        self.out: list[str] = []  # players out of the game, in the order they went out
        self.to_move: str | None = self.players[0]
        self.start()

    # --- hooks --------------------------------------------------------------------------

    def start(self) -> None:
        """Hook: set up what the players hold at the start (dice, cards, tiles)."""

    @classmethod
    def read_action(cls, event: dict, *, field: str = "event"):
        """Hook: an action from its JSON form (a replay's event)."""
        raise NotImplementedError

    def check_seat(self, player) -> None:
        """Hook: refuse a player who is not at the table (or no longer plays)."""
        if player not in self.players:
            raise IllegalMove(f"{player!r} is not at this table", field="player")

    def takes_turn(self, action) -> bool:
        """Hook: does ``action`` need to be its player's turn?"""
        return True

    def turn_problem(self, player: str) -> str:
        """Hook: why ``player`` may not move now (it is someone else's turn)."""
        return f"it is {self.to_move}'s turn, not {player}'s"

    def check_move(self, action) -> None:
        """Hook: refuse an action the rules do not allow now (IllegalMove)."""

    def apply(self, action):
        """Hook: play a checked action; answers what it decided, if anything."""
        raise NotImplementedError

    def is_over(self) -> bool:
        return len(self.active) <= 1

    def last_one_in(self) -> str:
        """Hook: why the last player in won, for :meth:`outcome`."""
        return f"{self.active[0]} is the last player in"

    def outcome(self) -> Outcome | None:
        """The winner and placings once the game is over (the last player in, by
        default); None before."""
        if not self.is_over():
            return None
        winner = self.active[0]
        placings = ((winner,), *((p,) for p in reversed(self.out)))
        return Outcome((winner,), tuple(self.out), placings, self.last_one_in())

    def over_message(self) -> str:
        """Hook: what an action after the end is told."""
        return f"the game is over: {self.outcome().winner} won"

    def state_dict(self) -> dict:
        """Hook: the state after the players, as :meth:`to_dict` writes it."""
        return {}

    def restore(self, data: dict) -> None:
        """Hook: the state of :meth:`state_dict`, read back by :meth:`from_dict`."""

    # --- the game -----------------------------------------------------------------------

    @property
    def active(self) -> list[str]:
        """The players still in the game, in seat order."""
        return [p for p in self.players if p not in self.out]

    def is_out(self, player: str) -> bool:
        """Hook: is ``player`` out of the game (lost it, or gone), not merely done?"""
        return player in self.out

    def check(self, action) -> None:
        """Raise unless ``action`` is legal now: GameOver after the end, IllegalMove
        otherwise (and InvalidInput for an object that is no action of this game)."""
        if not isinstance(action, self.actions):
            raise InvalidInput(f"not a {self.title} action: {action!r}")
        if self.is_over():
            raise GameOver(self.over_message())
        self.check_seat(action.player)
        if isinstance(action, Leave):
            if action.player in self.out:
                raise IllegalMove(f"{action.player} is already out", field="player")
            return
        if self.takes_turn(action) and action.player != self.to_move:
            raise IllegalMove(self.turn_problem(action.player), field="player")
        self.check_move(action)

    def is_legal(self, action) -> bool:
        try:
            self.check(action)
        except LiarsError:
            return False
        return True

    def push(self, action):
        """Check ``action``, then play it; answers what it decided (a call's ruling)."""
        self.check(action)
        if isinstance(action, Leave):
            return self.leave(action.player)
        return self.apply(action)

    def leave(self, player: str) -> None:
        """``player`` is out, on their turn or not; the round starts again, opened by the
        next player in after them (hook ``restart_round`` clears the round's bidding)."""
        opener = self.next_in(player)
        self.out.append(player)
        self.restart_round()
        self.to_move = None if self.is_over() else opener

    def next_in(self, player: str) -> str | None:
        """The next player after ``player`` who is still in (hook: the round's direction)."""
        from .table import next_player
        return next_player(self.players, player, skip=set(self.out) | {player})

    def restart_round(self) -> None:
        """Hook: forget the round's bidding, for a round that starts again."""

    def to_dict(self) -> dict:
        """The whole state as JSON, as a replay answers it."""
        outcome = self.outcome()
        return {"game": self.name, "rules": self.rules.to_dict(), "players": list(self.players),
                **self.state_dict(), "over": outcome is not None,
                "outcome": outcome.to_dict() if outcome else None}

    @classmethod
    def state_line(cls, state: dict) -> str:
        """Hook: a replayed game's state (:meth:`to_dict`) in one line, as the shell's
        replay ends: the result once the game is over, else who moves and what each
        player holds (``holdings``)."""
        outcome = state.get("outcome")
        if outcome:
            placings = ", ".join(f"{i}. {' & '.join(group)}" for i, group in
                                 enumerate(outcome["placings"], start=1))
            return f"game over: {outcome['reason']}; placings: {placings}"
        key, noun = cls.holdings
        gone = set(state.get("out", [])) | set(state.get("finished", [])) | \
            set(state.get("eliminated", []))
        held = ", ".join(f"{p} {n}" for p, n in state[key].items() if p not in gone)
        line = f"{state['to_move']} to move; {noun}: {held}"
        if gone:
            line += f"; out: {', '.join(p for p in state['players'] if p in gone)}"
        return line

    @classmethod
    def engine_tables(cls) -> dict:
        """Hook: the constants the game's engine port (api/static/engine/) reads, by name;
        scripts/build_engine_tables.py writes them there.  The rules' defaults at least."""
        return {"RULES": cls.Rules.defaults()}

    @classmethod
    def replay_schema(cls) -> dict:
        """The JSON Schema of a replay: the rules, the seats, the events."""
        from .schema import replay_schema, rules_object
        return replay_schema(rules_object(cls.Rules), cls.seats, list(cls.events))

    @classmethod
    def from_dict(cls, data: dict) -> "Game":
        """Rebuild a state from :meth:`to_dict`'s output."""
        game = cls(require(data, "players", field="state"), cls.Rules.from_dict(data.get("rules")))
        game.restore(data)
        return game
