"""Liar's Poker with cards: named hands over everyone's cards combined, and the ladder.

A claim names a hand ("full house, kings over threes"); it is true when that
hand can be made from all revealed cards.  Claims rank by the ladder (a
variant), then by their ranks.  A whole game follows the origin game's
round structure (see :class:`PokerGame`).

>>> cards = parse_cards("KH KS KD 3C 3S 9H")
>>> Hand.parse("full house, kings over threes").made_from(cards)
(Card('KH'), Card('KS'), Card('KD'), Card('3C'), Card('3S'))
>>> Hand.parse("two pair, kings and nines").made_from(cards) is None
True
>>> rules = PokerRules()
>>> rules.is_higher(Hand.parse("three twos"), Hand.parse("two pair, aces and kings"))
True
>>> PokerRules(ladder="short-deck").is_higher(Hand.parse("flush, seven high"),
...                                           Hand.parse("full house, aces over kings"))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from solver.errors import (
    IllegalMove,
    InvalidCard,
    InvalidInput,
    InvalidRules,
    LimitExceeded,
    UnreadablePhrase,
)

from solver.games import phrases, schema
from solver.games.base import Game, Leave, Rules, option
from solver.games.cards import ACE, POKER_DECK, SUITS, Card, parse_cards, parse_rank, rank_name
from solver.games.commands import Arg, Command
from solver.games.schema import Refusal
from solver.games.table import next_player, read_int, require

STANDARD = phrases.HANDS  # low to high, as docs/rules.md gives it
LADDERS = {
    "standard": STANDARD,
    # Short-deck poker's order: a flush beats a full house.
    "short-deck": ("high card", "pair", "two pair", "three of a kind", "straight",
                   "full house", "flush", "four of a kind", "straight flush"),
}
DECK = 52


def read_poker_cards(cards, *, field: str = "cards") -> tuple[Card, ...]:
    """Revealed cards from one 52-card deck: no jokers, no card twice, four of a rank."""
    return POKER_DECK.check(parse_cards(cards, field=field, limit=DECK), field=field)


def _straight_ranks(top: int) -> list[int]:
    return [ACE if r == 1 else r for r in range(top - 4, top + 1)]


@dataclass(frozen=True)
class Hand:
    """A named hand: its kind and defining ranks (two pair high then low; full house
    three then two; straights and flushes by their top card)."""

    name: str
    ranks: tuple[int, ...]

    def __post_init__(self):
        if self.name not in STANDARD:
            raise InvalidInput(f"{self.name!r} is not a poker hand ({', '.join(STANDARD)})",
                               field="claim")
        need = phrases.HAND_SIZES[self.name]
        if len(self.ranks) != need:
            raise InvalidInput(f"{self.name} names {need} rank{'s' if need > 1 else ''}, "
                               f"not {len(self.ranks)}", field="claim")
        if need == 2 and self.ranks[0] == self.ranks[1]:
            raise InvalidInput(f"{self.name} needs two different ranks, not "
                               f"{rank_name(self.ranks[0])} twice", field="claim")
        if self.name == "two pair" and self.ranks[0] < self.ranks[1]:
            object.__setattr__(self, "ranks", self.ranks[::-1])
        low = phrases.LOWEST_TOP.get(self.name)
        if low and self.ranks[0] < low:
            raise InvalidInput(f"no {self.name} is {rank_name(self.ranks[0])} high; the lowest "
                               f"is {rank_name(low)} high", field="claim")

    @classmethod
    def parse(cls, value, *, field: str = "claim") -> "Hand":
        """A hand from a phrase, ``{"hand": ..., "ranks": [...]}``, or a Hand."""
        if isinstance(value, Hand):
            return value
        try:
            if isinstance(value, str):
                return cls(*phrases.parse_hand(value))
            if isinstance(value, dict):
                name = require(value, "hand", field=field)
                ranks = require(value, "ranks", field=field)
                if not isinstance(ranks, list):
                    ranks = [ranks]
                return cls(str(name).strip().lower(), tuple(parse_rank(r) for r in ranks))
        except InvalidInput as err:
            raise err.with_field(field)
        raise InvalidInput(f"a claim is a phrase like 'pair of jacks' or {{'hand', 'ranks'}}, "
                           f"not {value!r}", field=field)

    def __str__(self) -> str:
        return phrases.format_hand(self.name, self.ranks)

    def to_dict(self) -> dict:
        return {"hand": self.name, "ranks": [rank_name(r) for r in self.ranks],
                "phrase": str(self)}

    def made_from(self, cards) -> tuple[Card, ...] | None:
        """The cards that make this hand among ``cards``, or None if it cannot be made."""
        by_rank: dict[int, list[Card]] = {}
        for card in cards:
            by_rank.setdefault(card.rank, []).append(card)

        def take(rank: int, n: int) -> list[Card] | None:
            have = by_rank.get(rank, [])
            return have[:n] if len(have) >= n else None

        if self.name in ("high card", "pair", "three of a kind", "four of a kind"):
            n = {"high card": 1, "pair": 2, "three of a kind": 3, "four of a kind": 4}[self.name]
            found = take(self.ranks[0], n)
            return tuple(found) if found else None
        if self.name in ("two pair", "full house"):
            sizes = (2, 2) if self.name == "two pair" else (3, 2)
            parts = [take(r, n) for r, n in zip(self.ranks, sizes)]
            return None if None in parts else tuple(parts[0] + parts[1])
        if self.name == "straight":
            parts = [take(r, 1) for r in _straight_ranks(self.ranks[0])]
            return None if None in parts else tuple(p[0] for p in parts)
        for suit in SUITS:  # flush and straight flush need one suit
            suited = {c.rank: c for c in cards if c.suit == suit}
            if self.name == "straight flush":
                wanted = _straight_ranks(self.ranks[0])
                if all(r in suited for r in wanted):
                    return tuple(suited[r] for r in wanted)
            elif self.ranks[0] in suited:
                below = sorted((r for r in suited if r < self.ranks[0]), reverse=True)
                if len(below) >= 4:
                    return tuple(suited[r] for r in [self.ranks[0], *below[:4]])
        return None


def all_hands() -> list[Hand]:
    """Every hand that can be named (ranks within each hand's bounds)."""
    hands = []
    for name in STANDARD:
        low = phrases.LOWEST_TOP.get(name, 2)
        if phrases.HAND_SIZES[name] == 1:
            hands.extend(Hand(name, (r,)) for r in range(low, ACE + 1))
        else:
            hands.extend(Hand(name, (a, b)) for a in range(2, ACE + 1) for b in range(2, ACE + 1)
                         if a != b and (name != "two pair" or a > b))
    return hands


@dataclass(frozen=True)
class PokerRules(Rules):
    """The table's choices.

    ``ladder``: the hands from low to high -- ``standard`` (docs/rules.md's
    default), ``short-deck`` (flush above full house), or a list naming all
    nine hands in order.  ``card_limit``: in a whole game, a player who would
    get one card more than this is out (4, as Liars' Letters' tile limit).
    """

    title: ClassVar[str] = "Liar's Poker"

    ladder: tuple[str, ...] | str = option(
        "standard", description="the hands from low to high",
        oneOf=[{"enum": list(LADDERS)},
               {"type": "array", "items": {"enum": list(STANDARD)}, "minItems": 9,
                "maxItems": 9, "uniqueItems": True}])
    card_limit: int = option(4, minimum=1, maximum=10)

    def __post_init__(self):
        ladder = self.ladder
        if isinstance(ladder, str):
            if ladder not in LADDERS:
                raise InvalidRules(f"ladder must be one of {', '.join(LADDERS)} or a list of "
                                   f"the nine hands, not {ladder!r}", field="rules.ladder")
            ladder = LADDERS[ladder]
        if (not isinstance(ladder, (list, tuple)) or not all(isinstance(h, str) for h in ladder)
                or sorted(ladder) != sorted(STANDARD)):
            raise InvalidRules(f"a ladder lists each of the nine hands once "
                               f"({', '.join(STANDARD)}), not {ladder!r}", field="rules.ladder")
        object.__setattr__(self, "ladder", tuple(ladder))
        read_int(self.card_limit, field="rules.card_limit", what="card_limit", low=1, high=10)

    @property
    def ladder_name(self) -> str | None:
        return next((name for name, order in LADDERS.items() if order == self.ladder), None)

    def to_dict(self) -> dict:
        return {"ladder": self.ladder_name or list(self.ladder), "card_limit": self.card_limit}

    def key(self, hand: Hand) -> tuple:
        """A hand's place on the ladder: a higher claim has a greater key."""
        return self.ladder.index(hand.name), hand.ranks

    def is_higher(self, new: Hand, last: Hand | None) -> bool:
        return last is None or self.key(new) > self.key(last)

    def raise_problem(self, last: Hand | None, new: Hand) -> str | None:
        if self.is_higher(new, last):
            return None
        relation = "the same as" if new == last else "lower than"
        return f"'{new}' is {relation} '{last}'"


# --- a whole game -------------------------------------------------------------------

@dataclass(frozen=True)
class Declare:
    """``player`` names a hand higher than the last one."""

    player: str
    hand: Hand

    def to_dict(self) -> dict:
        return {"type": "claim", "player": self.player, "claim": str(self.hand)}


@dataclass(frozen=True)
class CallBluff:
    """``player`` calls the last claim; ``cards`` are everyone's revealed cards."""

    player: str
    cards: dict = field(hash=False)

    def to_dict(self) -> dict:
        return {"type": "call", "player": self.player,
                "cards": {p: [str(c) for c in cs] for p, cs in self.cards.items()}}


def action_from_dict(event: dict, *, field: str = "event"):
    """``{"type": "claim", "player", "claim"}``, ``{"type": "call", "player",
    "cards": {player: [cards]}}`` or ``{"type": "leave", "player"}`` (taken off the table,
    or out of time)."""
    kind = require(event, "type", field=field)
    player = require(event, "player", field=field)
    if kind in ("claim", "bid"):
        return Declare(player, Hand.parse(require(event, "claim", field=field),
                                          field=f"{field}.claim"))
    if kind in ("call", "liar", "bullshit"):
        cards = require(event, "cards", field=field)
        if not isinstance(cards, dict):
            raise InvalidCard("a call's cards must map each player to their cards",
                              field=f"{field}.cards")
        return CallBluff(player, {p: parse_cards(c, field=f"{field}.cards.{p}", limit=DECK)
                                  for p, c in cards.items()})
    if kind == "leave":
        return Leave(player)
    raise InvalidInput(f"a Liar's Poker event is 'claim', 'call' or 'leave', not {kind!r}",
                       field=f"{field}.type")


@dataclass(frozen=True)
class CallResult:
    claim: Hand
    claimer: str
    caller: str
    made: tuple[Card, ...] | None
    gainer: str
    out: bool

    def to_dict(self) -> dict:
        return {"claim": self.claim.to_dict(), "claimer": self.claimer, "caller": self.caller,
                "made": self.made is not None,
                "cards_used": None if self.made is None else [str(c) for c in self.made],
                "gains_a_card": self.gainer, "out": self.out}


# --- as the front ends describe it -----------------------------------------------------

CLAIM_SCHEMA = schema.phrase_or({"type": "object", "required": ["hand", "ranks"], "properties": {
    "hand": {"type": "string", "pattern": schema.name_pattern(STANDARD),
             "description": " | ".join(STANDARD), "examples": ["full house"]},
    "ranks": {"anyOf": [{"type": "array", "items": schema.rank()}, schema.rank()],
              "description": "the hand's defining ranks: two for two pair and full house, "
                             "else one"}}},
    "full house, kings over threes")
_CARDS = schema.cards(DECK)
CLAIM_REFUSALS = (Refusal(UnreadablePhrase, "claim", "a claim phrase the hand grammar reads "
                                                      "(solver.games.phrases)"),
                   Refusal(InvalidInput, "claim", "a hand names as many ranks as it needs "
                                                  "(two for two pair and full house), "
                                                  "different ones, and a straight or flush "
                                                  "a top card it can have"))
DECK_REFUSAL = "cards one 52-card deck holds: each card once, no joker"


# --- the shell: the table's ladder as an option, a check's answer as a line ---------------

RULES_ARGS = (Arg("--ladder", "the hand ladder (default standard)", to="rules.ladder",
                  choices=tuple(LADDERS), default="standard"),)


def check_lines(r: dict) -> list[str]:
    """A check's answer as the shell prints it."""
    line = f"'{r['claim']['phrase']}': " + (f"MADE from {' '.join(r['cards_used'])}" if r["made"]
                                            else "can NOT be made from the revealed cards")
    if "higher" in r:
        h = r["higher"]
        line += (f"; higher than '{h['last']['phrase']}'" if h["legal"]
                 else f"; NOT higher: {h['reason']}")
    return [line]


class PokerGame(Game):
    """A game of Liar's Poker with cards.

    docs/rules.md names only the hands and the ladder, so the rounds follow the
    origin game (the Liars' Letters rule text): everyone starts with one card;
    a call reveals all cards; if the claim can be made the caller gets one
    more card next round, otherwise the claimer does; a player who would get
    more than ``card_limit`` is out; the latest player to take a turn who is
    still in opens the next round, and rounds alternate clockwise and
    counterclockwise, the first clockwise.
    """

    name = "poker"
    title = "Liar's Poker"
    Rules = PokerRules
    actions = (Declare, CallBluff, Leave)
    read_action = staticmethod(action_from_dict)

    order = 4
    shell_help = "Liar's Poker with cards: check a claim, its odds, replay"
    holdings = ("cards", "cards")
    check_command = Command("can the named hand be made from all revealed cards", (
        Arg("claim", "the hand as said, e.g. 'full house, kings over threes'"),
        Arg("cards", "every revealed card, e.g. KH KS KD 3C 3S", nargs="+"),
        Arg("--last", "the claim it must beat"), *RULES_ARGS),
        check_lines, verdict="made")
    heading = "Liar's Poker with cards"
    description = ("Can the named hand be made from all revealed cards, is it higher than the "
                   "last claim on the table's ladder; replay a game: who gets a card, who is "
                   "out, who opens, the winner.")
    events = (schema.event(("claim", "bid"), {"claim": CLAIM_SCHEMA}, ["claim"]),
              schema.event(("call", "liar", "bullshit"), {"cards": {
                  "type": "object", "additionalProperties": _CARDS,
                  "description": "every player's revealed cards"}}, ["cards"]),
              schema.event("leave", {}, []))
    replay_refusals = tuple(schema.in_event((
        *CLAIM_REFUSALS,
        Refusal(InvalidCard, rf"cards(?:\.{schema.ANY})?", f"{DECK_REFUSAL}; a call "
                                                            f"reveals the cards of every "
                                                            f"player still in, as many as "
                                                            f"each holds"),
        Refusal(LimitExceeded, rf"cards\.{schema.ANY}", f"at most {DECK} cards a "
                                                        f"player"))))
    check_required = ("claim", "cards")
    check_properties = {
        "claim": CLAIM_SCHEMA,
        "cards": {"oneOf": [*_CARDS["oneOf"],
                            {"type": "object", "additionalProperties": _CARDS}]},
        "last": schema.nullable(CLAIM_SCHEMA)}
    check_refusals = (
        *CLAIM_REFUSALS,
        Refusal(UnreadablePhrase, "last", "a claim phrase the hand grammar reads"),
        Refusal(InvalidInput, "last", "a hand names as many ranks as it needs"),
        Refusal(InvalidCard, "cards", DECK_REFUSAL),
        Refusal(LimitExceeded, "cards", f"at most {DECK} cards in all"))
    CHECK_EXAMPLE = {"claim": "full house, kings over threes",
                     "cards": {"ann": ["KH", "3C"], "ben": ["KS", "KD"], "cy": ["3S"]},
                     "last": "two pair, aces and kings"}
    REPLAY_EXAMPLE = {"rules": {"card_limit": 1}, "players": ["ann", "ben", "cy"], "events": [
        {"type": "claim", "player": "ann", "claim": "pair of kings"},
        {"type": "call", "player": "ben", "cards": {"ann": ["KH"], "ben": ["KS"],
                                                    "cy": ["2D"]}},
        {"type": "claim", "player": "ann", "claim": "ace high"},
        {"type": "call", "player": "cy", "cards": {"ann": ["4C"], "cy": ["9H"]}}]}

    @classmethod
    def engine_tables(cls) -> dict:
        return {"LADDERS": LADDERS, "DECK": DECK, **super().engine_tables()}

    @staticmethod
    def check_payload(payload: dict) -> dict:
        """A claim checked from its request body (see :attr:`check_properties`)."""
        return check_claim(payload["claim"], payload["cards"],
                           PokerRules.from_dict(payload.get("rules")), last=payload.get("last"))

    def start(self) -> None:
        self.cards = {p: 1 for p in self.players}
        self.direction = 1
        self.last: Declare | None = None
        self.turns: list[str] = []
        self.calls: list[CallResult] = []

    def can_call(self) -> bool:
        return not self.is_over() and self.last is not None

    def legal_claims(self):
        """Every hand ``to_move`` may claim now, lowest first."""
        if self.is_over():
            return
        last = self.last.hand if self.last else None
        yield from sorted((h for h in all_hands() if self.rules.is_higher(h, last)),
                          key=self.rules.key)

    def check_move(self, action) -> None:
        if isinstance(action, Declare):
            problem = self.rules.raise_problem(self.last.hand if self.last else None,
                                               action.hand)
            if problem:
                raise IllegalMove(f"{action.player} cannot claim {problem}", field="claim")
        else:
            if self.last is None:
                raise IllegalMove(f"{action.player} cannot call: nothing has been claimed "
                                  f"this round", field="type")
            self._revealed(action.cards)

    def _revealed(self, cards: dict) -> tuple[Card, ...]:
        extra = sorted(set(cards) - set(self.active))
        if extra:
            raise InvalidCard(f"cards revealed for {', '.join(extra)}, not in the game",
                              field="cards")
        every = []
        for player in self.active:
            held = tuple(cards.get(player, ()))
            if len(held) != self.cards[player]:
                raise InvalidCard(f"{player} holds {self.cards[player]} cards, but "
                                  f"{len(held)} were revealed", field=f"cards.{player}")
            every.extend(held)
        return read_poker_cards(list(every))

    def apply(self, action) -> CallResult | None:
        self.turns.append(action.player)
        if isinstance(action, Declare):
            self.last = action
            self.to_move = next_player(self.players, action.player, self.out, self.direction)
            return None
        made = self.last.hand.made_from(self._revealed(action.cards))
        gainer = action.player if made is not None else self.last.player
        out = self.cards[gainer] + 1 > self.rules.card_limit
        if out:
            self.out.append(gainer)
        else:
            self.cards[gainer] += 1
        result = CallResult(self.last.hand, self.last.player, action.player, made, gainer, out)
        self.calls.append(result)
        opener = next((p for p in reversed(self.turns) if p not in self.out), None)
        self.turns, self.last, self.direction = [], None, -self.direction
        self.to_move = None if self.is_over() else opener
        return result

    def next_in(self, player: str) -> str | None:
        return next_player(self.players, player, self.out + [player], self.direction)

    def restart_round(self) -> None:
        """A round cut short (a player left): its claims are forgotten, and the next
        player still in opens it again, the same way round."""
        self.turns, self.last = [], None

    def state_dict(self) -> dict:
        return {"cards": {p: self.cards[p] for p in self.players}, "out": list(self.out),
                "to_move": self.to_move, "can_call": self.can_call(),
                "direction": "clockwise" if self.direction == 1 else "counterclockwise",
                "claim": None if self.last is None else {"player": self.last.player,
                                                         **self.last.hand.to_dict()},
                "turns": list(self.turns), "calls": [c.to_dict() for c in self.calls]}

    def restore(self, data: dict) -> None:
        self.cards = {p: int(data["cards"][p]) for p in self.players}
        self.out = list(data.get("out", []))
        self.to_move = data.get("to_move")
        self.direction = 1 if data.get("direction", "clockwise") == "clockwise" else -1
        claim = data.get("claim")
        self.last = None if claim is None else Declare(claim["player"], Hand.parse(claim))
        self.turns = list(data.get("turns", []))
        self.calls = [CallResult(Hand.parse(c["claim"]), c["claimer"], c["caller"],
                                 parse_cards(c["cards_used"]) if c["made"] else None,
                                 c["gains_a_card"], c["out"]) for c in data.get("calls", [])]


def check_claim(claim, cards, rules: PokerRules | None = None, last=None) -> dict:
    """Can the named hand be made from all revealed ``cards``; is it higher than ``last``?"""
    rules = rules or PokerRules()
    hand = Hand.parse(claim)
    if isinstance(cards, dict):
        cards = [c for held in cards.values() for c in
                 parse_cards(held, field="cards", limit=DECK)]
    made = hand.made_from(read_poker_cards(cards))
    result = {"claim": hand.to_dict(), "made": made is not None,
              "cards_used": None if made is None else [str(c) for c in made],
              "ladder": list(rules.ladder)}
    if last is not None:
        last = Hand.parse(last, field="last")
        problem = rules.raise_problem(last, hand)
        result["higher"] = {"last": last.to_dict(), "legal": problem is None,
                            "reason": problem}
    return result
