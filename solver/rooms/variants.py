"""What a room needs of each game it hosts: one small subclass per game, named hooks.

A :class:`~solver.rooms.room.Room` knows the lobby, the phases, the tokens and the
log; everything that differs between games (what a hand is, how the server deals it,
what each view adds, the computer player's move) is a hook of :class:`RoomGame`, as a
python-chess variant overrides a board's few methods; what a claim and a call are, how a
phone reveals its hand and how a ruling reads are the hooks of :class:`ClaimAndCall`,
the family of games the room itself rules on.
Hosting another game is one more subclass, the ``ROOM`` of its folder's ``room.py``
(``solver/games/NAME/room.py``): the registry finds it
(:data:`solver.games.registry.ROOM_GAMES`).

>>> from solver.games.registry import ROOM_GAMES
>>> ROOM_GAMES["dice"].hand_key, ROOM_GAMES["letters"].hand_key
('dice', 'tiles')
>>> sorted(ROOM_GAMES["letters"].moves)
['call', 'declare', 'dismiss', 'remove', 'reveal', 'ruling', 'seen', 'unseat']
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from types import ModuleType

from solver.games.base import Game

from . import bots
from .deal import hands

# Every game's, the table's own: the host's (a seatless host's too); ``remove`` is also any
# player's for themselves (solver/rooms/leaving.py); ``dismiss`` sends a spectator away
# (solver/rooms/spectators.py).
HOST_MOVES = {"ruling": {"ruling"}, "remove": {"player"}, "unseat": {"player"},
              "dismiss": {"spectator"}}
# Every game's, any seat's, read by the room itself: a phone dismissed the reveal of ruling n.
ROOM_MOVES = {"seen": {"n"}}


def move_branch(kind: str, properties: dict, required=()) -> dict:
    """The JSON schema of one kind of move: its ``type`` and its own fields only."""
    return {"type": "object", "additionalProperties": False,
            "required": ["type", *required],
            "properties": {"type": {"const": kind}, **properties}}


class RoomGame:
    """A game as a room hosts it, its core: its moves and their schemas, its deal, what
    each seat's view and every view add, the computer player's move.  Every game's variant
    is one (a game that plays every move its own way, :attr:`flow_moves` and
    :meth:`handle`, needs no more); a claim-and-call game is a :class:`ClaimAndCall`.
    Subclasses set the attributes and override the hooks; the room calls each with its
    :class:`~.context.Table`, never itself."""

    name: str  #: the room's ``game``
    order = 100  #: where the rooms list it (the five in the order they came to the house)
    game_type: type[Game]  #: the library's game
    hand_key: str  #: a player's count in a view, and the field a reveal sends
    own_moves: dict[str, set[str]]  #: the game's own moves, with their fields
    kitty = False  #: whether the table may play for a kitty (docs/rules.md)
    #: the moves the game plays its own way (:meth:`handle`); a claim-and-call game's
    #: claim, call and reveal are the room's (:class:`ClaimAndCall`)
    flow_moves: frozenset[str] = frozenset()
    deals_each_round = True  #: tiles and dice are dealt anew each round; cards only once
    table_deal = True  #: whether phones may type their own hands (deal "table")
    clock_choices: tuple | None = None  #: the clocks the game's rules allow (None: any)
    searches_lexicon = False  #: its rules name a lexicon and a search budget (the API's)
    #: what the odds at its reveals are the chance of, by the ``measure`` each names: its
    #: meaning (the API's documents say it)
    measures: dict[str, str] = {}

    @property
    def moves(self) -> dict[str, set[str]]:
        """Every move a phone may send, with the keys each carries besides ``type``."""
        return {**self.own_moves, **HOST_MOVES, **ROOM_MOVES}

    def handle(self, table, by: str, kind: str, body: dict, rng) -> dict | None:
        """Play one of :attr:`flow_moves` through ``table`` (a :class:`.context.Table`:
        push its replay events, keep the hidden cards in its ``hands`` and its ``secret``);
        the ruling it makes for the table, if any (shown until the next one)."""
        raise NotImplementedError

    def game_rules(self, table) -> dict:
        """The library's rules for the room's next game (the room's own, by default)."""
        return table.rules

    def opener(self, table, names: list[str]) -> int:
        """The seat (an index of ``names``) that opens the room's next game: by default the
        first seat opens the first game and each next game moves one seat on (no rule text
        names a dealer for a rematch).  ``table.last_places``: the last game's."""
        return (table.game_no - 1) % len(names)

    def new_game(self, table) -> None:
        """What the room keeps hidden for a new game (each rematch too) beside the hands:
        nothing, by default."""
        table.secret = None

    def timeout_event(self, name: str) -> dict:
        """The replay event of ``name`` running out of time (the game's own word for it;
        a player taken off is ``{"type": "leave"}`` in every game)."""
        return {"type": "leave", "player": name}

    def left(self, table, name: str) -> None:
        """What leaves the room's round with ``name``, out of the game: by default the
        round starts again (its claims and any call waiting on reveals are dropped; the
        server deals anew)."""
        table.claims = []
        table.drop_call()

    def public(self, table, game: Game) -> dict:
        """What every view adds for this game (a pile, face-up cards): public only."""
        return {}

    def private(self, table, game: Game, name: str) -> dict:
        """What ``name``'s own view adds (a card only they have looked at)."""
        return {}

    def held(self, game: Game) -> dict[str, int]:
        """How many tiles or dice each seat holds."""
        raise NotImplementedError

    def dealer(self, rules: dict) -> dict:
        """What the server deals from (:mod:`.deal`): dice and their faces, or a bag in its
        canonical order (docs/fair-deal.md)."""
        raise NotImplementedError

    def deal(self, rules: dict, counts: dict[str, int], stream) -> dict:
        """Each active player's hand (``counts``, in seat order), dealt by the server the one
        way every game is (:func:`.deal.hands`, from the round's :class:`.fairdeal.Stream`)."""
        return hands(self.dealer(rules), counts, stream)

    def declarations(self, state: dict, bids: list[dict]) -> list[dict]:
        """This round's claims, in order, as the view shows them (none, by default)."""
        return []

    def round_number(self, state: dict) -> int | None:
        """The round the view shows (None: the game has no rounds to number)."""
        return None

    def direction(self, state: dict) -> str:
        return "clockwise"

    def searches(self, kind) -> bool:
        """Whether a move of this kind may run a search (the API then answers it in a solver
        process)."""
        return False

    def move_schemas(self) -> list[dict]:
        """The JSON schemas of this game's own moves (:attr:`own_moves`)."""
        raise NotImplementedError

    def advice(self, game: Game, view: dict) -> dict:
        """The advisor's odds from one seat's own view: its folder's ``easy.advice`` (none
        where it has none)."""
        easy = self._player("easy")
        if easy is None or not hasattr(easy, "advice"):
            return {"last": None, "suggestions": []}
        return easy.advice(game, view)

    def decide(self, game: Game, view: dict, rng, level: str = bots.DEFAULT_LEVEL) -> dict:
        """A computer player's move from its own view, at its ``level`` (easy or hard)."""
        if bots.read_level(level) == bots.HARD:
            return self.hard_move(game, view, rng)
        return self.easy_move(game, view, rng)

    def easy_move(self, game: Game, view: dict, rng) -> dict:
        """The easy computer player's move: its folder's ``easy.move``."""
        easy = self._player("easy")
        if easy is None:
            raise NotImplementedError(f"{self.name} has no easy.py beside its room")
        return easy.move(game, view, rng)

    def hard_move(self, game: Game, view: dict, rng) -> dict:
        """The hard computer player's move: its folder's ``hard.move`` (imported when a hard
        player first moves: its tables load then); the easy one's where it has none."""
        hard = self._player("hard")
        return self.easy_move(game, view, rng) if hard is None else hard.move(game, view, rng)

    def _player(self, level: str) -> ModuleType | None:
        """The module ``level`` (easy, hard) of the variant's game folder, if it has one."""
        return _beside(type(self).__module__, level)

    def odds_at_call(self, table, game: Game, caller: str, verdict) -> dict | None:
        """The odds of the claim ``caller`` called, from the room before the ruling
        (:func:`solver.rooms.call_odds.at_call`); None where the game has none."""
        return None


class ClaimAndCall(RoomGame):
    """A claim-and-call game (Liars' Letters, Liar's Dice, Liar's Poker): each player in
    turn raises the claim or calls it; a call waits for every hand to be revealed (the
    server's deal, or each phone's at a table deal) and the room rules on it
    (:mod:`.calls`, :mod:`.reveals`).  Subclasses name the moves and read them."""

    claim: str  #: the move that raises the claim
    call: str  #: the move that calls it
    claimed: str = "claimed"  #: the claim's past tense, for "nothing has been ... this round"

    def claim_event(self, by: str, body: dict) -> dict:
        """The replay event of ``by``'s claim."""
        raise NotImplementedError

    def call_event(self, by: str, body: dict) -> dict:
        """The replay event of ``by``'s call, checked as far as the call itself goes."""
        raise NotImplementedError

    def check_call(self, event: dict) -> None:
        """Refuse a call the game's rules do not know, before any hand is revealed."""

    def read_hand(self, body: dict, rules: dict):
        """The hand a phone revealed, in the form the views and the log carry."""
        raise NotImplementedError

    def with_hands(self, event: dict, revealed: dict) -> dict:
        """The call's replay event, carrying every hand revealed."""
        raise NotImplementedError

    def ruling(self, game: Game, event: dict, result) -> tuple[str, str, dict, dict]:
        """The pushed call read for the table: the ruling, its reason, who gains or loses,
        and the fields this game adds to the ruling's view."""
        raise NotImplementedError

    def after_claim(self, game: Game, bids: list[dict], by: str) -> None:
        """What the room keeps of a claim the game's state forgets (nothing, by default)."""


@functools.cache
def _beside(module: str, name: str) -> ModuleType | None:
    """The module ``name`` in ``module``'s package (None: no package, or no such module)."""
    package = module.rpartition(".")[0]
    if not package or importlib.util.find_spec(f"{package}.{name}") is None:
        return None
    return importlib.import_module(f"{package}.{name}")
