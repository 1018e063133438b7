"""What a room needs of each game it hosts: one small subclass per game, named hooks.

A :class:`~solver.rooms.room.Room` knows the lobby, the phases, the tokens and the
log; everything that differs between games (what a hand is, how the server deals it,
how a phone reveals it, what a claim and a call are, how a ruling reads) is a hook
of :class:`RoomGame`, as a python-chess variant overrides a board's few methods.
Hosting another game is one more subclass (here, or in a module of its own) and its
entry in :data:`solver.rooms.games.ROOM_GAMES`.

>>> DiceRoom().hand_key, LettersRoom().hand_key
('dice', 'tiles')
>>> sorted(LettersRoom().moves)
['call', 'declare', 'dismiss', 'remove', 'reveal', 'ruling', 'seen', 'unseat']
"""

from __future__ import annotations

from solver.games import schema
from solver.games.base import Game
from solver.games.dice import BID_SCHEMA, MAX_DICE, MAX_FACES, DiceGame, dice_schema, read_dice
from solver.games.letters import WORDS_SCHEMA, Call, LettersGame
from solver.games.poker import CLAIM_SCHEMA as POKER_CLAIM
from solver.games.poker import DECK as POKER_DECK_SIZE
from solver.games.poker import PokerGame, read_poker_cards
from solver.games.table import require
from solver.words.tiles import Tiles, get_tile_set

from . import bots
from .deal import deck, hands, tiles

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
    """A game as a room hosts it.  Subclasses set the attributes and override the hooks."""

    name: str  #: the room's ``game``
    game_type: type[Game]  #: the library's game
    hand_key: str  #: a player's count in a view, and the field a reveal sends
    claim: str | None = None  #: the move that raises the claim (a claim-and-call game)
    call: str | None = None  #: the move that calls it
    claimed: str = "claimed"  #: the claim's past tense, for "nothing has been ... this round"
    own_moves: dict[str, set[str]]  #: the claim, the call and the reveal, with their fields
    kitty = False  #: whether the table may play for a kitty (docs/rules.md)
    #: the moves the game plays its own way (:meth:`handle`), not as claim, call, reveal
    flow_moves: frozenset[str] = frozenset()
    deals_each_round = True  #: tiles and dice are dealt anew each round; cards only once
    table_deal = True  #: whether phones may type their own hands (deal "table")
    clock_choices: tuple | None = None  #: the clocks the game's rules allow (None: any)
    searches_lexicon = False  #: its rules name a lexicon and a search budget (the API's)

    @property
    def moves(self) -> dict[str, set[str]]:
        """Every move a phone may send, with the keys each carries besides ``type``."""
        return {**self.own_moves, **HOST_MOVES, **ROOM_MOVES}

    def handle(self, room, by: str, kind: str, body: dict, rng) -> dict | None:
        """Play one of :attr:`flow_moves`: push its replay events (``room._push``), keep the
        hidden cards (``room.data["hands"]``, ``room.data["hidden"]``); the ruling it
        makes for the table, if any (shown until the next one)."""
        raise NotImplementedError

    def game_rules(self, room) -> dict:
        """The library's rules for the room's next game (the room's own, by default)."""
        return room.rules

    def opener(self, room, names: list[str]) -> int:
        """The seat (an index of ``names``) that opens the room's next game: by default the
        first seat opens the first game and each next game moves one seat on (no rule text
        names a dealer for a rematch).  ``room.data["last_places"]``: the last game's."""
        return (room.data.get("game_no", 1) - 1) % len(names)

    def new_game(self, room) -> None:
        """What the room keeps hidden for a new game (each rematch too) beside the hands:
        nothing, by default."""
        room.data.pop("hidden", None)

    def timeout_event(self, name: str) -> dict:
        """The replay event of ``name`` running out of time (the game's own word for it;
        a player taken off is ``{"type": "leave"}`` in every game)."""
        return {"type": "leave", "player": name}

    def left(self, room, name: str) -> None:
        """What leaves the room's round with ``name``, out of the game: by default the
        round starts again (its claims and any call waiting on reveals are dropped; the
        server deals anew)."""
        room.data["bids"] = []
        room.data["pending"] = None

    def public(self, room, game: Game) -> dict:
        """What every view adds for this game (a pile, face-up cards): public only."""
        return {}

    def private(self, room, game: Game, name: str) -> dict:
        """What ``name``'s own view adds (a card only they have looked at)."""
        return {}

    def claim_event(self, by: str, body: dict) -> dict:
        """The replay event of ``by``'s claim."""
        raise NotImplementedError

    def call_event(self, by: str, body: dict) -> dict:
        """The replay event of ``by``'s call, checked as far as the call itself goes."""
        raise NotImplementedError

    def check_call(self, event: dict) -> None:
        """Refuse a call the game's rules do not know, before any hand is revealed."""

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

    def declarations(self, state: dict, bids: list[dict]) -> list[dict]:
        """This round's claims, in order, as the view shows them."""
        raise NotImplementedError

    def round_number(self, state: dict) -> int:
        raise NotImplementedError

    def direction(self, state: dict) -> str:
        return "clockwise"

    def after_claim(self, game: Game, bids: list[dict], by: str) -> None:
        """What the room keeps of a claim the game's state forgets (nothing, by default)."""

    def searches(self, kind) -> bool:
        """Whether a move of this kind may run a search (the API then answers it in a solver
        process)."""
        return False

    def move_schemas(self) -> list[dict]:
        """The JSON schemas of this game's own moves (:attr:`own_moves`)."""
        raise NotImplementedError

    def advice(self, game: Game, view: dict) -> dict:
        """The advisor's odds from one seat's own view."""
        raise NotImplementedError

    def decide(self, game: Game, view: dict, rng, level: str = bots.DEFAULT_LEVEL) -> dict:
        """A computer player's move from its own view, at its ``level`` (easy or hard)."""
        raise NotImplementedError


class LettersRoom(RoomGame):
    """Liars' Letters: a hand is tiles; declare, then call bullshit or exact."""

    name = "letters"
    game_type = LettersGame
    searches_lexicon = True
    hand_key = "tiles"
    claim, call, claimed = "declare", "call", "declared"
    own_moves = {"declare": {"words"}, "call": {"call"}, "reveal": {"tiles"}}

    def claim_event(self, by, body):
        return {"type": "declare", "player": by, "words": require(body, "words", field="move")}

    def call_event(self, by, body):
        return {"type": "call", "player": by, "call": require(body, "call", field="move")}

    def check_call(self, event):
        Call.parse(event["call"])  # the library's message for anything but the two calls

    def held(self, game):
        return game.tiles

    def dealer(self, rules):
        return tiles(get_tile_set(rules["tile_set"]))

    def read_hand(self, body, rules):
        return str(Tiles.parse(require(body, "tiles", field="move"), rules["tile_set"]))

    def with_hands(self, event, revealed):
        return {**event, "tiles": "".join(revealed.values())}

    def ruling(self, game, event, result):
        ruled = game.rounds[-1]["ruling"]
        deltas = ((event["player"], ruled["caller"]),
                  (game.rounds[-1]["call"]["declarer"], ruled["declarer"]))
        return (ruled["decision"], result.explain(), {p: d for p, d in deltas if d},
                {"by_table": ruled["by"] == "table"})

    def declarations(self, state, bids):
        return [{"player": d["player"], "words": d["words"]} for d in state["declarations"]]

    def round_number(self, state):
        return state["round"]

    def direction(self, state):
        return state["direction"]

    def searches(self, kind):
        return kind in ("call", "reveal", "ruling")  # a ruling may need the highest set

    def move_schemas(self):
        call = {"type": "string", "pattern": schema.name_pattern(["bullshit", "exact"]),
                "description": "bullshit or exact, in any case"}
        return [move_branch("declare", {"words": WORDS_SCHEMA}, ["words"]),
                move_branch("call", {"call": call}, ["call"]),
                move_branch("reveal", {"tiles": {**schema.tiles(),
                                                 "description": "your tiles (table deal)"}},
                            ["tiles"])]

    def advice(self, game, view):
        return bots.letters_advice(game, view)

    def decide(self, game, view, rng, level=bots.DEFAULT_LEVEL):
        return bots.letters_move(game, view, rng, level)


class DiceRoom(RoomGame):
    """Liar's Dice: a hand is dice; bid, then call "Liar!"."""

    name = "dice"
    game_type = DiceGame
    kitty = True
    hand_key = "dice"
    claim, call, claimed = "bid", "liar", "bid"
    own_moves = {"bid": {"quantity", "face", "claim"}, "liar": set(), "reveal": {"dice"}}

    def claim_event(self, by, body):
        return {"type": "bid", "player": by, **{k: v for k, v in body.items() if k != "type"}}

    def call_event(self, by, body):
        return {"type": "liar", "player": by}

    def held(self, game):
        return game.dice

    def dealer(self, rules):
        return {"dice": rules["faces"]}

    def read_hand(self, body, rules):
        return list(read_dice(require(body, "dice", field="move"), rules["faces"]))

    def with_hands(self, event, revealed):
        return {**event, "dice": revealed}

    def ruling(self, game, event, result):
        verdict = "holds" if result.holds else "fails"
        counted = f"{result.count} {'die counts' if result.count == 1 else 'dice count'}"
        return (verdict, f"{counted} for {result.bid}: the bid {verdict}",
                {result.loser: -1}, {"loser": result.loser})

    def after_claim(self, game, bids, by):
        bids.append({"player": by, **game.bid.to_dict()})  # the state keeps the last bid only

    def declarations(self, state, bids):
        return [{"player": b["player"], "quantity": b["quantity"], "face": b["face"]}
                for b in bids]

    def round_number(self, state):
        return len(state["rounds"]) + 1

    def move_schemas(self):
        bid = {"claim": BID_SCHEMA,
               "quantity": {"type": "integer", "minimum": 1, "maximum": MAX_DICE},
               "face": {"type": "integer", "minimum": 1, "maximum": MAX_FACES}}
        return [{**move_branch("bid", bid), "anyOf": [{"required": ["claim"]},
                                                      {"required": ["quantity", "face"]}]},
                move_branch("liar", {}),
                move_branch("reveal", {"dice": {**dice_schema(MAX_FACES),
                                                "description": "your dice (table deal)"}},
                            ["dice"])]

    def advice(self, game, view):
        return bots.dice_advice(game, view)

    def decide(self, game, view, rng, level=bots.DEFAULT_LEVEL):
        return bots.dice_move(game, view, rng, level)


class PokerRoom(RoomGame):
    """Liar's Poker with cards: a hand is cards from one deck; claim a poker hand over
    everyone's cards together, then call."""

    name = "poker"
    game_type = PokerGame
    hand_key = "cards"
    claim, call, claimed = "claim", "call", "claimed"
    own_moves = {"claim": {"claim"}, "call": set(), "reveal": {"cards"}}

    def claim_event(self, by, body):
        return {"type": "claim", "player": by, "claim": require(body, "claim", field="move")}

    def call_event(self, by, body):
        return {"type": "call", "player": by}

    def held(self, game):
        return game.cards

    def dealer(self, rules):
        return {"cards": deck()}

    def read_hand(self, body, rules):
        return [str(card) for card in read_poker_cards(require(body, "cards", field="move"))]

    def with_hands(self, event, revealed):
        return {**event, "cards": {p: list(cards) for p, cards in revealed.items()}}

    def ruling(self, game, event, result):
        verdict = "made" if result.made is not None else "not made"
        reason = (f"{result.claim} is made from {' '.join(map(str, result.made))}"
                  if result.made is not None else
                  f"{result.claim} cannot be made from the revealed cards")
        consequence = "is out" if result.out else "gets a card"
        return (verdict, f"{reason}: {result.gainer} {consequence}", {result.gainer: 1},
                {"out": result.out})

    def after_claim(self, game, bids, by):
        bids.append({"player": by, "claim": game.last.hand.to_dict()})

    def declarations(self, state, bids):
        return [{"player": b["player"], "claim": b["claim"]} for b in bids]

    def round_number(self, state):
        return len(state["calls"]) + 1

    def direction(self, state):
        return state["direction"]

    def move_schemas(self):
        return [move_branch("claim", {"claim": POKER_CLAIM}, ["claim"]),
                move_branch("call", {}),
                move_branch("reveal", {"cards": {**schema.cards(POKER_DECK_SIZE),
                                                 "description": "your cards (table deal)"}},
                            ["cards"])]

    def advice(self, game, view):
        return bots.poker_advice(game, view)

    def decide(self, game, view, rng, level=bots.DEFAULT_LEVEL):
        return bots.poker_move(game, view, rng, level)



