"""Liar's Post by docs/rules.md: claims, calls, passing on, and who loses.

A turn is one card's journey: the starter sends it with a claim, each
receiver either passes it on (to someone who has not held it this turn) or
calls "True"/"False" and turns it over.  Whoever guessed wrong takes it face
up and starts the next turn.

>>> judge(Claim.parse("this is a king"), Card.parse("QH"), believes=True)
False
>>> game = PostGame(["anna", "ben", "carla"])
>>> game.push(Send("anna", "ben", Claim.parse("this is a king")))
>>> game.push(Pass("ben", "carla", Claim.parse("this is a 7")))
>>> game.push(Call("carla", believes=False, card=Card.parse("Q♥"))).taker
'ben'
>>> game.to_move, game.to_dict()["face_up"]["ben"]
('ben', {'Q': 1})
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from solver.errors import (
    IllegalMove,
    InvalidCard,
    InvalidInput,
    InvalidRules,
    LimitExceeded,
    UnreadablePhrase,
    shown,
)

from solver.games import phrases, schema
from solver.games.base import Game, Leave, Outcome, Rules, option
from solver.games.cards import Card, Deck, parse_cards, parse_rank, rank_name
from solver.games.commands import Arg, Command
from solver.games.schema import Refusal
from solver.games.table import require

KINDS = (14, 13, 12, 11, 10, 9, 8, 7)  # A K Q J 10 9 8 7
_KIND_NAMES = " ".join(rank_name(k) for k in KINDS)
TWO_DECKS = Deck("two decks' A K Q J 10 9 8 7: 64 cards, eight of each kind", ranks=KINDS,
                 copies=2)
ONE_DECK = Deck("one deck's A K Q J 10 9 8 7: 32 cards, four of each kind", ranks=KINDS)


def read_kind(value, *, field: str = "claim") -> int:
    """A Liar's Post kind (A K Q J 10 9 8 7) from a rank, a card or a phrase."""
    if isinstance(value, str):
        try:
            rank = parse_rank(value)
        except InvalidCard:
            try:
                rank = Card.parse(value).rank
            except InvalidCard:
                rank = phrases.parse_kind(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        rank = value
    else:
        raise InvalidInput(f"a kind is written like 'Q' or 'this is a queen', not {value!r}",
                           field=field)
    if rank not in KINDS:
        raise InvalidCard(f"{value!r} is not a Liar's Post kind ({_KIND_NAMES})", field=field)
    return rank


@dataclass(frozen=True)
class Claim:
    """What a sender says about the card: "This is a Queen" is Claim(12)."""

    kind: int

    @classmethod
    def parse(cls, value, *, field: str = "claim") -> "Claim":
        if isinstance(value, Claim):
            return value
        if isinstance(value, dict):
            value = require(value, "kind", field=field)
        try:
            return cls(read_kind(value, field=field))
        except InvalidInput as err:
            raise err.with_field(field)

    def __str__(self) -> str:
        return phrases.format_kind(self.kind)

    def to_dict(self) -> dict:
        return {"kind": rank_name(self.kind), "phrase": str(self)}


def read_card(value, *, field: str = "card") -> Card:
    """The turned-over card; suits are allowed and ignored, jokers are not in the deck."""
    card = Card.parse(value, field=field)
    if card.rank not in KINDS:
        raise InvalidCard(f"'{card}' is not in the Liar's Post deck ({_KIND_NAMES})",
                          field=field)
    return card


def judge(claim: Claim, card: Card, believes: bool) -> bool:
    """Is the receiver right?  Right when (call is True) equals (the claim is true)."""
    return believes == (card.rank == claim.kind)


def read_call(value, *, field: str = "call") -> bool:
    """``True``/``"true"``/``"True"`` believes the claim; ``"false"`` does not."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise InvalidInput(f"a call is 'true' or 'false', not {value!r}", field=field)


@dataclass(frozen=True)
class PostRules(Rules):
    """The table's choices (docs/rules.md variants, both off by default).

    ``one_deck``: 32 cards, four of each kind; three of a kind face up loses
    (two players: four) instead of four (two players: five).
    ``eight_different``: one face-up card of every kind also loses.
    """

    title: ClassVar[str] = "Liar's Post"

    one_deck: bool = option(False, description="32 cards; three of a kind loses (two "
                                               "players: four)")
    eight_different: bool = option(False, description="one face-up card of every kind also "
                                                      "loses")

    def __post_init__(self):
        for name in ("one_deck", "eight_different"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRules(f"{name} must be true or false, not "
                                   f"{getattr(self, name)!r}", field=f"rules.{name}")

    @property
    def deck(self) -> Deck:
        """The cards in play: two decks' A-7 (each card twice), or one deck's."""
        return ONE_DECK if self.one_deck else TWO_DECKS

    @property
    def copies(self) -> int:
        """Cards of each kind in the deck."""
        return self.deck.per_rank

    @property
    def deck_size(self) -> int:
        return self.copies * len(KINDS)

    def losing_count(self, players: int) -> int:
        """How many face-up cards of one kind lose the game."""
        return (3 if self.one_deck else 4) + (1 if players == 2 else 0)

    def loss(self, face_up: Counter, players: int) -> str | None:
        """Why these face-up cards lose, or None."""
        limit = self.losing_count(players)
        for kind in KINDS:
            if face_up[kind] >= limit:
                return f"{face_up[kind]} cards of kind {rank_name(kind)} face up " \
                       f"({limit} lose with {players} players)"
        if self.eight_different and all(face_up[k] for k in KINDS):
            return "one of every kind face up (eight different)"
        return None

    def deal(self, players: tuple[str, ...]) -> dict[str, int]:
        """All cards dealt one at a time from the first player: hand sizes."""
        base, extra = divmod(self.deck_size, len(players))
        return {p: base + (1 if i < extra else 0) for i, p in enumerate(players)}


# --- actions -------------------------------------------------------------------------

@dataclass(frozen=True)
class Send:
    """The turn's starter sends a card from their hand to ``to`` with a claim."""

    player: str
    to: str
    claim: Claim

    def to_dict(self) -> dict:
        return {"type": "send", "player": self.player, "to": self.to,
                "claim": rank_name(self.claim.kind)}


@dataclass(frozen=True)
class Pass:
    """The receiver looks at the card and passes it on with a new claim."""

    player: str
    to: str
    claim: Claim

    def to_dict(self) -> dict:
        return {"type": "pass", "player": self.player, "to": self.to,
                "claim": rank_name(self.claim.kind)}


@dataclass(frozen=True)
class Call:
    """The receiver calls True (believes) or False and turns ``card`` over."""

    player: str
    believes: bool
    card: Card

    def to_dict(self) -> dict:
        return {"type": "call", "player": self.player,
                "call": "true" if self.believes else "false", "card": str(self.card)}


@dataclass(frozen=True)
class Timeout:
    """``player`` ran out of time (or left the table): they lose the game, and a card in
    transit leaves it unturned, counting for no one (docs/rules.md, tables the server
    runs)."""

    player: str

    def to_dict(self) -> dict:
        return {"type": "timeout", "player": self.player}


def action_from_dict(event: dict, *, field: str = "event"):
    """``{"type": "send"|"pass", "player", "to", "claim"}`` or
    ``{"type": "call", "player", "call": "true"|"false", "card"}``, or
    ``{"type": "timeout", "player"}`` or ``{"type": "leave", "player"}`` (taken off the
    table, whoever's turn it is: they lose, as out of time)."""
    kind = require(event, "type", field=field)
    player = require(event, "player", field=field)
    if kind in ("send", "pass"):
        claim = Claim.parse(require(event, "claim", field=field), field=f"{field}.claim")
        to = require(event, "to", field=field)
        return (Send if kind == "send" else Pass)(player, to, claim)
    if kind == "call":
        return Call(player, read_call(require(event, "call", field=field), field=f"{field}.call"),
                    read_card(require(event, "card", field=field), field=f"{field}.card"))
    if kind == "timeout":
        return Timeout(player)
    if kind == "leave":
        return Leave(player)
    raise InvalidInput(f"a Liar's Post event is 'send', 'pass', 'call', 'timeout' or "
                       f"'leave', not {kind!r}", field=f"{field}.type")


@dataclass(frozen=True)
class TurnResult:
    """What a call decided: the card, who was right, who took it."""

    senders: tuple[str, ...]
    receiver: str
    claim: Claim
    believes: bool
    card: Card
    receiver_right: bool
    taker: str

    def to_dict(self) -> dict:
        return {"chain": list(self.senders) + [self.receiver], "sender": self.senders[-1],
                "receiver": self.receiver, "claim": self.claim.to_dict(),
                "call": "true" if self.believes else "false", "card": str(self.card),
                "receiver_right": self.receiver_right, "taker": self.taker}


# --- as the front ends describe it -----------------------------------------------------

# A kind (read_kind) is a rank (7 to 14), or text: a rank, a card, or a phrase.
_KIND = {"anyOf": [{"type": "integer", "minimum": min(KINDS), "maximum": max(KINDS)},
                   *schema.rank()["oneOf"][1:], schema.card(), schema.phrase("this is a queen")],
         "description": "A K Q J 10 9 8 7: a rank, a card or a phrase", "examples": ["Q"]}
CLAIM_SCHEMA = {"anyOf": [*_KIND["anyOf"], {
    "type": "object", "required": ["kind"], "properties": {"kind": _KIND}}],
    "examples": ["this is a queen"]}
CALL_SCHEMA = {"oneOf": [{"type": "boolean"},
                         {"type": "string", "pattern": schema.name_pattern(["true", "false"])}],
               "description": "true (the claim is believed) or false, or its text in any "
                              "case"}
_CARD = {**schema.card(), "description": "the turned-over card: A K Q J 10 9 8 7, any suit"}
CLAIM_REFUSALS = (
    Refusal(UnreadablePhrase, "claim", "a claim phrase the kind grammar reads "
                                       "(solver.games.phrases)"),
    Refusal(InvalidCard, "claim", "a kind is one of A K Q J 10 9 8 7"))
_CARD_REFUSALS = (Refusal(InvalidCard, "card", "the Liar's Post deck holds A K Q J 10 9 8 "
                                               "7, no joker"),)


# --- the shell: the table's rules as options, a check's answer as a line -----------------

RULES_ARGS = (Arg("--one-deck", "the one-deck variant", to="rules.one_deck", kind="flag"),
              Arg("--eight-different", "the eight-different variant",
                  to="rules.eight_different", kind="flag"))


def check_lines(r: dict) -> list[str]:
    """A check's answer as the shell prints it."""
    line = f"'{r['claim']['phrase']}': the card is {r['card']} - " + \
           ("TRUE" if r["claim_true"] else "FALSE")
    if "call" in r:
        line += (f"; the receiver called {r['call']} and is "
                 f"{'right' if r['receiver_right'] else 'wrong'}: the {r['takes']} takes it")
    if "loses" in r:
        line += "; face-up cards " + (f"LOSE ({r['reason']})" if r["loses"] else
                                      f"do not lose ({r['losing_count']} of a kind would)")
    return [line]


# --- the game ------------------------------------------------------------------------


class PostGame(Game):
    """A Liar's Post game: hands, face-up cards, the card in transit, and the loser."""

    name = "post"
    title = "Liar's Post"
    Rules = PostRules
    actions = (Send, Pass, Call, Timeout, Leave)
    seats = (2, 6)
    read_action = staticmethod(action_from_dict)

    order = 2
    shell_help = "Liar's Post: check a claim, its odds, replay a game"
    holdings = ("hands", "cards in hand")
    check_command = Command(
        "is a claim about the card true; who takes it", (
            Arg("claim", "the claim as said, e.g. 'this is a queen'"),
            Arg("card", "the turned-over card, e.g. QH"),
            Arg("--call", "the receiver's call", read=read_call, metavar="{true,false}"),
            Arg("--face-up", "a player's face-up cards, e.g. 'Q Q Q'", metavar="CARDS"),
            Arg("--players", "players at the table, for --face-up's loss limit (default 3)",
                kind="whole"), *RULES_ARGS),
        check_lines, verdict="claim_true",
        description="Compare the claim with the turned-over card; with --call, say who "
                    "takes the card; with --face-up, whether those face-up cards lose.")
    description = ("Is a claim about the card true, is the receiver's True/False call right and "
                   "who takes the card, do a player's face-up cards lose; replay a game: "
                   "passing on, forced calls, who takes each card, the loser.")
    events = (schema.event("send", {"to": schema.PLAYER, "claim": CLAIM_SCHEMA},
                           ["to", "claim"]),
              schema.event("pass", {"to": schema.PLAYER, "claim": CLAIM_SCHEMA},
                           ["to", "claim"]),
              schema.event("call", {"call": CALL_SCHEMA, "card": _CARD}, ["call", "card"]),
              schema.event("timeout", {}, []), schema.event("leave", {}, []))
    replay_refusals = tuple(schema.in_event((*CLAIM_REFUSALS, *_CARD_REFUSALS)))
    check_required = ("claim", "card")
    check_properties = {
        "claim": CLAIM_SCHEMA, "card": _CARD, "call": schema.nullable(CALL_SCHEMA),
        "face_up": schema.nullable(schema.cards(TWO_DECKS.size)),
        "players": schema.nullable({"type": "integer", "minimum": 2, "maximum": 6,
                                    "description": "players at the table, for the face-up "
                                                   "loss limit (default 3; needs face_up)"})}
    check_refusals = (
        *CLAIM_REFUSALS, *_CARD_REFUSALS,
        Refusal(InvalidCard, "face_up", "face-up cards the deck holds (rules.one_deck: four "
                                        "of each kind, else eight)"),
        Refusal(LimitExceeded, "face_up", "no more face-up cards than the deck's"),
        Refusal(InvalidInput, "players", "players counts only beside face_up"))
    CHECK_EXAMPLE = {"claim": "this is a 7", "card": "Q♥", "call": "false"}
    REPLAY_EXAMPLE = {"rules": {"one_deck": True}, "players": ["anna", "ben", "carla"],
                      "events": [
        {"type": "send", "player": "anna", "to": "ben", "claim": "this is a queen"},
        {"type": "call", "player": "ben", "call": "false", "card": "QS"},
        {"type": "send", "player": "ben", "to": "carla", "claim": "this is a jack"},
        {"type": "call", "player": "carla", "call": "false", "card": "QD"},
        {"type": "send", "player": "ben", "to": "anna", "claim": "this is a king"},
        {"type": "call", "player": "anna", "call": "true", "card": "8H"},
        {"type": "send", "player": "anna", "to": "ben", "claim": "this is a king"},
        {"type": "pass", "player": "ben", "to": "carla", "claim": "this is a 7"},
        {"type": "call", "player": "carla", "call": "false", "card": "Q♥"}]}

    @classmethod
    def engine_tables(cls) -> dict:
        return {"KINDS": KINDS, "TWO_DECKS": TWO_DECKS, "ONE_DECK": ONE_DECK,
                **super().engine_tables()}

    @staticmethod
    def check_payload(payload: dict) -> dict:
        """A claim checked from its request body (see :attr:`check_properties`)."""
        return check_claim(payload["claim"], payload["card"], payload.get("call"),
                           PostRules.from_dict(payload.get("rules")), payload.get("face_up"),
                           payload.get("players"))

    def start(self) -> None:
        self.hands = self.rules.deal(self.players)
        self.face_up: dict[str, Counter] = {p: Counter() for p in self.players}
        self.starter = self.players[0]
        self.held: list[str] = []        # who has held the card in transit, in order
        self.claim: Claim | None = None  # the claim on it now
        self.turns: list[TurnResult] = []
        self.loser: str | None = None
        self.reason: str | None = None

    @property
    def turned_over(self) -> tuple[Card, ...]:
        """Every card turned over so far: each lies face up in front of its taker."""
        return tuple(turn.card for turn in self.turns)

    @property
    def in_transit(self) -> bool:
        return bool(self.held)

    def is_over(self) -> bool:
        return self.loser is not None

    def is_out(self, player: str) -> bool:
        return player == self.loser  # the game ends with its one loser

    def outcome(self) -> Outcome | None:
        if self.loser is None:
            return None
        seat = self.players.index(self.loser)  # the winners in seat order from its left
        winners = tuple(self.players[seat + 1:]) + tuple(self.players[:seat])
        return Outcome(winners, (self.loser,), (winners, (self.loser,)),
                       f"{self.loser} loses: {self.reason}")

    def over_message(self) -> str:
        return f"the game is over: {self.loser} lost"

    def must_call(self) -> bool:
        """True when everybody else has held the card: the receiver cannot pass."""
        return self.in_transit and not self.legal_targets()

    def legal_targets(self) -> list[str]:
        """Whom ``to_move`` may send or pass the card to now."""
        if self.is_over():
            return []
        return [p for p in self.players if p != self.to_move and p not in self.held]

    def turn_problem(self, player: str) -> str:
        doing = "receive the card" if self.in_transit else "start the turn"
        return f"it is {self.to_move}'s turn to {doing}, not {player}'s"

    def takes_turn(self, action) -> bool:
        return not isinstance(action, Timeout)  # a player who left loses whoever's turn it is

    def check_move(self, action) -> None:
        if isinstance(action, Timeout):
            return
        if isinstance(action, Send) and self.in_transit:
            raise IllegalMove(f"{action.player} already has a card to call or pass on; "
                              f"a new card is sent only at the start of a turn", field="type")
        if isinstance(action, (Pass, Call)) and not self.in_transit:
            raise IllegalMove(f"{action.player} has no card to {type(action).__name__.lower()}: "
                              f"it is the start of a turn, send a card", field="type")
        if isinstance(action, (Send, Pass)):
            if action.to not in self.players:
                raise IllegalMove(f"{action.to!r} is not at this table", field="to")
            if action.to == action.player:
                raise IllegalMove(f"{action.player} cannot send the card to themselves",
                                  field="to")
            if action.to in self.held:
                if isinstance(action, Pass) and self.must_call():
                    raise IllegalMove(f"{action.player} must call: everybody else has held "
                                      f"this card this turn", field="type")
                raise IllegalMove(f"{action.to} has already held this card this turn",
                                  field="to")
        else:
            self.rules.deck.check([action.card], field="card", known=self.turned_over,
                                  known_as="face up")

    def apply(self, action) -> TurnResult | None:
        """Send or pass the card on; a call returns what it decided."""
        if isinstance(action, Timeout):
            self.held, self.claim = [], None  # the card in transit leaves the game unturned
            self.loser, self.reason, self.to_move = action.player, "ran out of time", None
            return None
        if isinstance(action, (Send, Pass)):
            if isinstance(action, Send):
                self.hands[action.player] -= 1
            self.held.append(action.player)
            self.claim, self.to_move = action.claim, action.to
            return None
        right = judge(self.claim, action.card, action.believes)
        taker = self.held[-1] if right else action.player
        result = TurnResult(tuple(self.held), action.player, self.claim, action.believes,
                            action.card, right, taker)
        self.turns.append(result)
        self.face_up[taker][action.card.rank] += 1
        self.held, self.claim = [], None
        self.starter = self.to_move = taker
        reason = self.rules.loss(self.face_up[taker], len(self.players))
        if reason is None and self.hands[taker] == 0:
            reason = "no cards in hand on their turn to send"
        if reason:
            self.loser, self.reason, self.to_move = taker, reason, None
        return result

    def leave(self, player: str) -> None:
        """``player`` is taken off the table: they lose the game, as out of time, and a
        card in transit leaves it unturned (docs/rules.md)."""
        self.held, self.claim = [], None
        self.loser, self.reason, self.to_move = player, "left the table", None

    def state_dict(self) -> dict:
        return {"hands": dict(self.hands),
                "face_up": {p: {rank_name(k): self.face_up[p][k] for k in KINDS
                                if self.face_up[p][k]} for p in self.players},
                "to_move": self.to_move, "legal_targets": self.legal_targets(),
                "card": None if not self.in_transit else {
                    "held": list(self.held), "claim": self.claim.to_dict(),
                    "must_call": self.must_call()},
                "losing_count": self.rules.losing_count(len(self.players)),
                "turns": [t.to_dict() for t in self.turns]}

    def restore(self, data: dict) -> None:
        self.hands = {p: int(data["hands"][p]) for p in self.players}
        self.face_up = {p: Counter({parse_rank(k): n for k, n in data["face_up"][p].items()})
                        for p in self.players}
        self.to_move = data.get("to_move")
        card = data.get("card")
        self.held = list(card["held"]) if card else []
        self.claim = Claim.parse(card["claim"]) if card else None
        self.turns = [TurnResult(tuple(t["chain"][:-1]), t["receiver"], Claim.parse(t["claim"]),
                                 read_call(t["call"]), Card.parse(t["card"]),
                                 t["receiver_right"], t["taker"]) for t in data.get("turns", [])]
        self.starter = self.turns[-1].taker if self.turns else self.players[0]
        if data.get("outcome"):
            self.loser = data["outcome"]["loser"]
            self.reason = data["outcome"]["reason"].split(": ", 1)[1]


def check_claim(claim, card, call=None, rules: PostRules | None = None,
                face_up=None, players: int | None = None) -> dict:
    """One claim against the turned-over card; with ``call``, who takes it; with
    ``face_up`` (a player's face-up cards) and ``players``, whether that loses."""
    rules = rules or PostRules()
    claim, card = Claim.parse(claim), read_card(card)
    result = {"claim": claim.to_dict(), "card": str(card), "claim_true": card.rank == claim.kind}
    if call is not None:
        right = judge(claim, card, read_call(call))
        result.update(call="true" if read_call(call) else "false", receiver_right=right,
                      takes="sender" if right else "receiver")
    if players is not None and face_up is None:
        raise InvalidInput("players counts only for face_up (the face-up loss limit); "
                           "give the face-up cards too", field="players")
    if face_up is not None:
        count = 3 if players is None else players  # 3 only when players is not given
        if isinstance(count, bool) or not isinstance(count, int) or not 2 <= count <= 6:
            raise InvalidInput(f"Liar's Post takes 2 to 6 players, not {shown(players)}",
                               field="players")
        if not isinstance(face_up, (str, list, tuple)):
            raise InvalidCard(f"face_up is a player's face-up cards as a list or a string "
                              f"like 'Q Q 7', not {shown(face_up)}", field="face_up")
        cards = [read_card(c, field="face_up")
                 for c in parse_cards(face_up, field="face_up", limit=rules.deck_size)]
        rules.deck.check(cards, field="face_up", where=" face up")
        up = Counter(card.rank for card in cards)
        reason = rules.loss(up, count)
        result.update(loses=reason is not None, reason=reason,
                      losing_count=rules.losing_count(count))
    return result
