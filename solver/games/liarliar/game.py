"""Liar Liar by docs/rules.md: plays as a declared rank, the next player's "Liar!", placings.

The opener names a rank and plays 1-3 cards face down as that rank; each next
player plays 1-3 more as the same rank, or -- on their own turn, before
playing -- calls "Liar!" on the play just made.  A joker is true for any rank.

>>> play_is_true(13, parse_cards("KH joker"))
True
>>> game = LiarLiarGame(["ann", "ben"])
>>> game.hands
{'ann': 27, 'ben': 27}
>>> game.push(Play("ann", 2, rank=13))
>>> result = game.push(CallLiar("ben", cards=parse_cards("KS 4D")))
>>> result.true, result.taker, game.to_move, game.hands
(False, 'ann', 'ben', {'ann': 27, 'ben': 27})
"""

from __future__ import annotations

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
from solver.games.cards import LIAR_LIAR_DECK, Card, parse_cards, parse_rank, rank_name
from solver.games.commands import Arg, Command
from solver.games.schema import Refusal
from solver.games.table import next_player, read_int, require, small_int

DECK = LIAR_LIAR_DECK
DECK_SIZE = DECK.size   # 54: 52 cards and two jokers
TIMERS = (None, 10, 30)
MAX_PLAY = 3


def play_is_true(rank: int, cards) -> bool:
    """A play is true when every card is the declared rank or a joker."""
    return all(card.is_joker or card.rank == rank for card in cards)


@dataclass(frozen=True)
class Declaration:
    """What a player says with a play: "two kings" is Declaration(2, 13).

    The count may be None when only the rank is said ("kings"); the rank is
    None when only a count is said ("two"), as a follower may: they play as
    the round's rank.
    """

    count: int | None
    rank: int | None

    def __post_init__(self):
        # A play is of at least one card: "zero kings" (or -1, however written) is no play.
        if self.count is not None and (isinstance(self.count, bool) or
                                       not isinstance(self.count, int) or self.count < 1):
            raise InvalidInput(f"a play's count is a whole number, 1 or more, not "
                               f"{shown(self.count)}", field="claim")

    @classmethod
    def parse(cls, value, *, field: str = "claim") -> "Declaration":
        if isinstance(value, Declaration):
            return value
        try:
            if isinstance(value, str):
                return cls(*phrases.parse_play(value))
            if isinstance(value, dict):
                count = value.get("count")
                if count is not None:
                    count = read_int(count, field=f"{field}.count", what="a play's count",
                                     low=1, high=MAX_PLAY)
                return cls(count, parse_rank(require(value, "rank", field=field)))
        except InvalidInput as err:
            raise err.with_field(field)
        raise InvalidInput(f"a declaration is a phrase like 'two kings' or "
                           f"{{'count', 'rank'}}, not {value!r}", field=field)

    def __str__(self) -> str:
        return phrases.format_play(self.count, self.rank)

    def to_dict(self) -> dict:
        return {"count": self.count,
                "rank": None if self.rank is None else rank_name(self.rank),
                "phrase": str(self)}


@dataclass(frozen=True)
class LiarLiarRules(Rules):
    """The table's choice: ``timer`` seconds per move, 10 or 30, or None for no timer.

    The rules name the three settings without a default; a referee at a real
    table has no clock, so the default is None (docs/rules.md).  With a timer, a
    :class:`Timeout` eliminates the player to move.
    """

    title: ClassVar[str] = "Liar Liar"

    timer: int | None = option(None, oneOf=[
        {"enum": [10, 30]}, {"type": "null"},
        {"type": "string", "examples": ["30s"],
         "pattern": f"^[{schema.SPACE}]*(?:{schema.no_case('none')}|{schema.no_case('no')}|"
                    f"{schema.no_case('off')}|{schema.digits(10, 10)}|{schema.digits(30, 30)})"
                    f"(?:[{schema.SPACE}]*[Ss])?[{schema.SPACE}]*$"}],
        description="seconds per move, 10 or 30 (or '30s'); null or 'none': no timer; with "
                    "a timer, 'timeout' eliminates")

    def __post_init__(self):
        if self.timer not in TIMERS or isinstance(self.timer, bool):
            raise InvalidRules(f"timer must be 10, 30 or none, not {shown(self.timer)}",
                               field="rules.timer")

    @classmethod
    def read(cls, options: dict) -> dict:
        """A timer may be written as said: "30s", "none"."""
        if isinstance(options.get("timer"), str):
            word = options["timer"].strip().lower().removesuffix("s").strip()
            number = small_int(word)
            options["timer"] = None if word in ("none", "no", "off") else \
                number if number is not None else options["timer"]
        return options

    def deal(self, players: tuple[str, ...]) -> dict[str, int]:
        """54 cards dealt as evenly as possible, from the first player."""
        base, extra = divmod(DECK_SIZE, len(players))
        return {p: base + (1 if i < extra else 0) for i, p in enumerate(players)}


# --- actions -------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """``player`` plays ``count`` cards face down; the opener also names ``rank``.

    ``cards`` are the real cards when the referee knows them (else None).
    """

    player: str
    count: int
    rank: int | None = None
    cards: tuple[Card, ...] | None = None

    def to_dict(self) -> dict:
        data = {"type": "play", "player": self.player, "count": self.count}
        if self.rank is not None:
            data["rank"] = rank_name(self.rank)
        if self.cards is not None:
            data["cards"] = [str(c) for c in self.cards]
        return data


@dataclass(frozen=True)
class CallLiar:
    """The next player calls "Liar!"; ``cards`` are the turned-over play (if not known)."""

    player: str
    cards: tuple[Card, ...] | None = None

    def to_dict(self) -> dict:
        data = {"type": "liar", "player": self.player}
        if self.cards is not None:
            data["cards"] = [str(c) for c in self.cards]
        return data


@dataclass(frozen=True)
class Discard:
    """``player`` puts down four real cards of ``rank``; they leave the game."""

    player: str
    rank: int

    def to_dict(self) -> dict:
        return {"type": "discard", "player": self.player, "rank": rank_name(self.rank)}


@dataclass(frozen=True)
class Timeout:
    """``player`` ran out of time on their move (tables with a timer only)."""

    player: str

    def to_dict(self) -> dict:
        return {"type": "timeout", "player": self.player}


def _read_cards(event: dict, field: str) -> tuple[Card, ...] | None:
    if event.get("cards") is None:
        return None
    cards = parse_cards(event["cards"], field=f"{field}.cards", limit=DECK_SIZE)
    return DECK.check(cards, field=f"{field}.cards")


def _discard_rank(event: dict, field: str) -> int:
    """The rank of a four-of-a-kind discard, from its rank or its four cards."""
    rank = event.get("rank")
    if isinstance(rank, str) and rank.strip().lower() == "joker":
        raise IllegalMove("jokers never count toward four of a kind", field=f"{field}.rank")
    if event.get("cards") is None:
        return parse_rank(require(event, "rank", field=field), field=f"{field}.rank")
    cards = parse_cards(event["cards"], field=f"{field}.cards", limit=4)
    DECK.check(cards, field=f"{field}.cards")
    if any(card.is_joker for card in cards):
        raise IllegalMove("jokers never count toward four of a kind", field=f"{field}.cards")
    if len(cards) != 4 or len({card.rank for card in cards}) != 1:
        raise IllegalMove(f"a discard is four real cards of one rank, not "
                          f"{' '.join(map(str, cards))}", field=f"{field}.cards")
    if rank is not None and parse_rank(rank, field=f"{field}.rank") != cards[0].rank:
        raise IllegalMove(f"the cards are {rank_name(cards[0].rank)}s, not {rank}s",
                          field=f"{field}.rank")
    return cards[0].rank


def action_from_dict(event: dict, *, field: str = "event"):
    """Events: ``{"type": "play", "player", "count"?, "rank"? | "claim"?, "cards"?}``,
    ``{"type": "liar", "player", "cards"?}``, ``{"type": "discard", "player", "rank",
    "cards"?}``, ``{"type": "timeout", "player"}``, ``{"type": "leave", "player"}`` (any
    player taken off the table: the timer's rule applied at once)."""
    kind = require(event, "type", field=field)
    player = require(event, "player", field=field)
    if kind == "play":
        cards = _read_cards(event, field)
        count, rank = event.get("count"), event.get("rank")
        if "claim" in event:
            said = Declaration.parse(event["claim"], field=f"{field}.claim")
            count = said.count if said.count is not None else count
            rank = said.rank if said.rank is not None else rank  # "two": the round's rank
        if count is None and cards is not None:
            count = len(cards)
        if count is None:
            raise InvalidInput("a play needs a count (or its cards)", field=f"{field}.count")
        count = read_int(count, field=f"{field}.count", what="a play's count", low=1,
                         high=DECK_SIZE)
        if cards is not None and len(cards) != count:
            raise InvalidCard(f"{count} cards declared but {len(cards)} given",
                              field=f"{field}.cards")
        rank = None if rank is None else parse_rank(rank, field=f"{field}.rank")
        return Play(player, count, rank, cards)
    if kind in ("liar", "call"):
        return CallLiar(player, _read_cards(event, field))
    if kind == "discard":
        return Discard(player, _discard_rank(event, field))
    if kind == "timeout":
        return Timeout(player)
    if kind == "leave":
        return Leave(player)
    raise InvalidInput(f"a Liar Liar event is 'play', 'liar', 'discard', 'timeout' or "
                       f"'leave', not {kind!r}", field=f"{field}.type")


@dataclass(frozen=True)
class ChallengeResult:
    """What a "Liar!" call decided: the play's truth, who takes the pile, who opens."""

    caller: str
    accused: str
    rank: int
    cards: tuple[Card, ...]
    true: bool
    taker: str
    pile: int
    opener: str | None

    def to_dict(self) -> dict:
        return {"caller": self.caller, "accused": self.accused, "rank": rank_name(self.rank),
                "cards": [str(c) for c in self.cards], "true": self.true, "taker": self.taker,
                "pile": self.pile, "winner": self.accused if self.true else self.caller,
                "opener": self.opener}


@dataclass
class _LastPlay:
    player: str
    count: int
    cards: tuple[Card, ...] | None
    callable: bool = True


# --- as the front ends describe it -----------------------------------------------------

_CLAIM = {"type": "object", "required": ["rank"], "properties": {
    "count": schema.nullable({"type": "integer", "minimum": 1, "maximum": MAX_PLAY}),
    "rank": schema.rank()}}
CLAIM_SCHEMA = schema.phrase_or(_CLAIM, "two kings")
_COUNT = {"type": "integer", "minimum": 1, "maximum": DECK_SIZE}
CLAIM_REFUSALS = (Refusal(UnreadablePhrase, "claim", "a claim phrase the play grammar reads "
                                                      "(solver.games.phrases)"),
                   Refusal(InvalidInput, "claim", "a play is of 1 card or more"))
# The deck: 52 cards and two jokers, each card once.
DECK_REFUSAL = "cards the deck holds: each card once, two jokers"
# A discard's rank; a joker is never four of a kind (the replay stops there).
_DISCARDED = {"anyOf": [schema.rank(), {"type": "string", "pattern": schema.name_pattern(
    ["joker"])}]}


# --- the shell: a check's answer as a line ------------------------------------------------

def check_lines(r: dict) -> list[str]:
    """A check's answer as the shell prints it."""
    cards = " ".join(r["cards"])
    if r["true"]:
        jokers = f" ({r['jokers']} joker{'s' if r['jokers'] != 1 else ''})" if r["jokers"] else ""
        return [f"'{r['claim']['phrase']}': {cards} - TRUE{jokers}"]
    return [f"'{r['claim']['phrase']}': {cards} - FALSE (not {r['claim']['rank']}: "
            f"{' '.join(r['wrong'])})"]


# --- the game ------------------------------------------------------------------------


class LiarLiarGame(Game):
    """A Liar Liar match: hands, the pile and the round's rank, finishers and eliminations.

    Seats are clockwise; the first player opens.  A player with an empty
    hand finishes only once their last play is not caught.  When the player
    after them times out instead, the chance to call went with them: the
    play stands, and the next player continues the round without a call.
    """

    name = "liarliar"
    title = "Liar Liar"
    Rules = LiarLiarRules
    actions = (Play, CallLiar, Discard, Timeout, Leave)
    seats = (2, 6)
    read_action = staticmethod(action_from_dict)

    order = 3
    shell_help = "Liar Liar: check a play, its odds, replay a match"
    holdings = ("hands", "cards")
    check_command = Command("is a play true (jokers are wild)", (
        Arg("claim", "the play as said, e.g. 'two kings'"),
        Arg("cards", "the turned-over cards, e.g. KH joker", nargs="+")),
        check_lines, verdict="true")
    description = ("Is a play true (jokers are wild); replay a match: who may call, who takes "
                   "the pile, who opens, four-of-a-kind discards, finishing, timer eliminations "
                   "and the placings.")
    # A play's count and rank come from its claim when it says them (and are then not
    # read), else from the event (the count also from its cards).
    events = ({**schema.event("play", {"claim": CLAIM_SCHEMA,
                                        "cards": schema.nullable(schema.cards(DECK_SIZE))}, []),
               "anyOf": [{"required": ["claim"]},
                         {"not": {"required": ["claim"]}, "properties": {
                             "count": schema.nullable(_COUNT),
                             "rank": schema.nullable(schema.rank())}}]},
              schema.event(("liar", "call"), {
                  "cards": schema.nullable(schema.cards(DECK_SIZE))}, []),
              {**schema.event("discard", {"cards": schema.nullable(schema.cards(4))}, []),
               # its rank, or its four cards (and then a rank beside them is read only if
               # they are four of a kind)
               "anyOf": [{"not": {"required": ["cards"]}, "required": ["rank"],
                          "properties": {"rank": _DISCARDED}},
                         {"required": ["cards", "rank"],
                          "properties": {"cards": {"type": "null"}, "rank": _DISCARDED}},
                         {"required": ["cards"], "properties": {"cards": schema.cards(4)}}]},
              schema.event("timeout", {}, []), schema.event("leave", {}, []))
    replay_refusals = tuple(schema.in_event((
        *CLAIM_REFUSALS,
        Refusal(InvalidInput, "count", "a play has a count, from its claim, its count or "
                                       "its cards: a whole number from 1 to 54"),
        Refusal(InvalidCard, "rank", "a rank: A K Q J 10 9 ... 2; a discard names its rank "
                                     "or its four cards"),
        Refusal(InvalidInput, "rank", "a discard names its rank or its four cards"),
        Refusal(InvalidCard, "cards", f"{DECK_REFUSAL}; as many as the play's count"),
        Refusal(InvalidInput, "cards", "a call turns the play over: its cards are given with "
                                       "the play or with the call"),
        Refusal(LimitExceeded, "cards", "at most 54 cards a play or call, 4 a discard"))))
    check_required = ("claim", "cards")
    check_properties = {"claim": CLAIM_SCHEMA, "cards": schema.cards(MAX_PLAY)}
    check_refusals = (
        *CLAIM_REFUSALS,
        Refusal(UnreadablePhrase, "claim", "a checked claim names its rank"),
        Refusal(InvalidCard, "cards", f"{DECK_REFUSAL}; 1 to 3 of them, as many as the "
                                      f"claim says"),
        Refusal(LimitExceeded, "cards", "a play is at most 3 cards"))
    CHECK_EXAMPLE = {"claim": "two kings", "cards": ["KH", "joker"]}
    REPLAY_EXAMPLE = {"rules": {"timer": 30}, "players": ["ann", "ben", "cy"], "events": [
        {"type": "play", "player": "ann", "claim": "three aces", "cards": ["AH", "AS", "2C"]},
        {"type": "liar", "player": "ben"},
        {"type": "discard", "player": "cy", "rank": "9"},
        {"type": "play", "player": "ben", "claim": "two sevens"},
        {"type": "timeout", "player": "cy"},
        {"type": "play", "player": "ann", "count": 3}]}

    @classmethod
    def engine_tables(cls) -> dict:
        return {"TIMERS": TIMERS, "MAX_PLAY": MAX_PLAY, **super().engine_tables()}

    @staticmethod
    def check_payload(payload: dict) -> dict:
        """A play checked from its request body (see :attr:`check_properties`)."""
        LiarLiarRules.from_dict(payload.get("rules"))
        return check_claim(payload["claim"], payload["cards"])

    def start(self) -> None:
        self.hands = self.rules.deal(self.players)
        self.pile = 0
        self.rank: int | None = None        # the round's rank; None before the opening play
        self.last: _LastPlay | None = None
        self.finished: list[str] = []
        self.eliminated: list[str] = []
        self.discarded: list[int] = []
        self.challenges: list[ChallengeResult] = []
        self.pile_cards: list[Card] = []    # the pile's cards the referee has seen

    def _known(self) -> tuple[Card, ...]:
        """Cards whose place is known: seen in the pile, or out of the game (discards)."""
        out = tuple(Card(rank) for rank in self.discarded for _ in range(4))
        return (*self.pile_cards, *out)

    # --- who is still playing ---------------------------------------------------------

    @property
    def active(self) -> list[str]:
        """Players neither finished nor eliminated (a last play may still be caught)."""
        return [p for p in self.players if p not in self.finished and p not in self.eliminated]

    in_play = active

    def is_out(self, player: str) -> bool:
        return player in self.eliminated  # a finished player is done, not out

    def _next(self, player: str, *, with_cards: bool = False) -> str | None:
        gone = set(self.finished) | set(self.eliminated)
        if with_cards:
            gone |= {p for p in self.players if self.hands[p] == 0}
        return next_player(self.players, player, skip=gone)

    def outcome(self) -> Outcome | None:
        """Places: finishers in order, the one left with cards, then the timed-out
        players, the most recently eliminated first."""
        if not self.is_over():
            return None
        last = tuple(self.in_play)
        placings = tuple((p,) for p in (*self.finished, *last, *reversed(self.eliminated)))
        winners = placings[0] if placings else ()
        losers = last or (self.eliminated[0],)
        reason = f"{last[0]} is the last with cards" if last else "no one is left with cards"
        return Outcome(winners, losers, placings, reason)

    def can_call(self) -> bool:
        """Can ``to_move`` call "Liar!" now (on the play just made before them)?"""
        return (not self.is_over() and self.last is not None and self.last.callable
                and self.to_move == self._next(self.last.player))

    # --- moves ------------------------------------------------------------------------

    def over_message(self) -> str:
        return f"the match is over: {self.outcome().reason}"

    def check_seat(self, player) -> None:
        super().check_seat(player)
        if player in self.finished or player in self.eliminated:
            state = "finished" if player in self.finished else "been eliminated"
            raise IllegalMove(f"{player} has {state}", field="player")

    def takes_turn(self, action) -> bool:
        return not isinstance(action, Discard)  # four of a kind go down at any time

    def check_move(self, action) -> None:
        if isinstance(action, Discard):
            self._check_discard(action)
        elif isinstance(action, Play):
            self._check_play(action)
        elif isinstance(action, CallLiar):
            if not self.can_call():
                why = ("no play has been made this round" if self.last is None else
                       "only the next player may call, on their own turn, before playing")
                raise IllegalMove(f"{action.player} cannot call 'Liar!': {why}", field="type")
            self._revealed(action)
        elif self.rules.timer is None:
            raise IllegalMove("this table plays without a timer, so no one runs out "
                              "of time", field="type")

    def _check_play(self, action: Play) -> None:
        who = action.player
        if not 1 <= action.count <= MAX_PLAY:
            raise IllegalMove(f"{who} must play 1 to 3 cards, not {action.count}", field="count")
        if action.count > self.hands[who]:
            raise IllegalMove(f"{who} holds only {self.hands[who]} cards, not {action.count}",
                              field="count")
        if self.rank is None and action.rank is None:
            raise IllegalMove(f"{who} opens the round and must name a rank, like 'two kings' "
                              f"(a number alone is only how many cards)", field="rank")
        if self.rank is not None and action.rank not in (None, self.rank):
            raise IllegalMove(f"the round's rank is {rank_name(self.rank)}; {who} cannot "
                              f"declare {rank_name(action.rank)}", field="rank")
        if action.cards is not None:
            DECK.check(action.cards, field="cards", known=self._known(),
                       known_as="in the pile or out of the game")

    def _check_discard(self, action: Discard) -> None:
        who, label = action.player, rank_name(action.rank)
        if action.rank in self.discarded:
            raise IllegalMove(f"the four {label}s have already left the game", field="rank")
        if self.hands[who] < 4:
            raise IllegalMove(f"{who} holds only {self.hands[who]} cards, not four {label}s",
                              field="rank")
        DECK.check([Card(action.rank)] * 4, field="rank", known=self._known(),
                   known_as="in the pile or out of the game")

    def _revealed(self, action: CallLiar) -> tuple[Card, ...]:
        cards = action.cards if action.cards is not None else self.last.cards
        if cards is None:
            raise InvalidInput(f"{self.last.player}'s play must be turned over: give its "
                               f"cards with the call", field="cards")
        if len(cards) != self.last.count:
            raise InvalidCard(f"{self.last.player} played {self.last.count} cards, but "
                              f"{len(cards)} were turned over", field="cards")
        played = self.last.cards
        if played is not None and action.cards is not None and \
                sorted(map(str, played)) != sorted(map(str, action.cards)):
            raise InvalidCard(f"{self.last.player} played {' '.join(map(str, played))}, but "
                              f"{' '.join(map(str, action.cards))} were turned over",
                              field="cards")
        if played is None:
            DECK.check(cards, field="cards", known=self._known(),
                       known_as="in the pile or out of the game")
        return cards

    def apply(self, action) -> ChallengeResult | None:
        """Play ``action``; a "Liar!" call returns what it decided."""
        result = None
        if isinstance(action, Discard):
            self.hands[action.player] -= 4
            self.discarded.append(action.rank)
        elif isinstance(action, Play):
            self._stand()
            self.rank = self.rank if self.rank is not None else action.rank
            self.hands[action.player] -= action.count
            self.pile += action.count
            self.pile_cards.extend(action.cards or ())
            self.last = _LastPlay(action.player, action.count, action.cards)
            self.to_move = self._next(action.player)
        elif isinstance(action, CallLiar):
            result = self._challenge(action)
        elif isinstance(action, Timeout):
            self._stand()
            self.eliminated.append(action.player)
            self.hands[action.player] = 0
            self.to_move = self._next(action.player)
        self._settle()
        return result

    def leave(self, player: str) -> None:
        """``player`` is taken off the table, on their turn or not: the timer's rule applied
        at once (docs/rules.md).  Eliminated, their cards leave the game; a play of theirs
        still to be called, or one only they could call, stands."""
        if self.last is not None and player in (self.last.player, self.to_move):
            self._stand()
        self.eliminated.append(player)
        self.hands[player] = 0
        if self.to_move == player:
            self.to_move = self._next(player)
        self._settle()

    def _stand(self) -> None:
        """The play before is no longer callable: it stands."""
        if self.last is not None:
            self.last.callable = False

    def _challenge(self, action: CallLiar) -> ChallengeResult:
        cards = self._revealed(action)
        accused = self.last.player
        true = play_is_true(self.rank, cards)
        taker, winner = (action.player, accused) if true else (accused, action.player)
        pile, rank = self.pile, self.rank
        self.hands[taker] += self.pile
        self.pile, self.rank, self.last = 0, None, None
        self.pile_cards = []  # back in a hand: where each card is, is known no more
        opener = winner if self.hands[winner] > 0 else self._next(winner, with_cards=True)
        self.to_move = opener
        result = ChallengeResult(action.player, accused, rank, cards, true, taker, pile, opener)
        self.challenges.append(result)
        return result

    def _settle(self) -> None:
        """Finish everyone with an empty hand whose last play can no longer be caught."""
        pending = self.last.player if self.last is not None and self.last.callable else None
        for player in self.players:
            if player in self.in_play and self.hands[player] == 0 and player != pending:
                self.finished.append(player)
        if self.is_over():
            self.to_move = None
        elif self.to_move not in self.in_play:
            self.to_move = self._next(self.to_move)

    # --- serialisation --------------------------------------------------------------

    def state_dict(self) -> dict:
        return {"hands": dict(self.hands), "pile": self.pile,
                "pile_cards": [str(c) for c in self.pile_cards],
                "rank": rank_name(self.rank) if self.rank is not None else None,
                "to_move": self.to_move, "can_call": self.can_call(),
                "last_play": None if self.last is None else {
                    "player": self.last.player, "count": self.last.count,
                    "cards": None if self.last.cards is None else [str(c) for c in
                                                                   self.last.cards],
                    "callable": self.last.callable},
                "finished": list(self.finished), "eliminated": list(self.eliminated),
                "discarded": [rank_name(r) for r in self.discarded],
                "challenges": [c.to_dict() for c in self.challenges]}

    def restore(self, data: dict) -> None:
        self.hands = {p: int(data["hands"][p]) for p in self.players}
        self.pile = int(data.get("pile", 0))
        self.pile_cards = list(parse_cards(data.get("pile_cards", [])))
        self.rank = parse_rank(data["rank"]) if data.get("rank") else None
        last = data.get("last_play")
        self.last = None if last is None else _LastPlay(
            last["player"], last["count"],
            None if last["cards"] is None else parse_cards(last["cards"]), last["callable"])
        self.to_move = data.get("to_move")
        self.finished = list(data.get("finished", []))
        self.eliminated = list(data.get("eliminated", []))
        self.discarded = [parse_rank(r) for r in data.get("discarded", [])]
        self.challenges = [ChallengeResult(c["caller"], c["accused"], parse_rank(c["rank"]),
                                           parse_cards(c["cards"]), c["true"], c["taker"],
                                           c["pile"], c["opener"])
                           for c in data.get("challenges", [])]


def check_claim(claim, cards) -> dict:
    """Is a play true?  ``claim`` is what was said ("two kings"), ``cards`` what was
    turned over."""
    said = Declaration.parse(claim)
    if said.rank is None:
        raise UnreadablePhrase(f"'{said}' says how many cards but not their rank; a play is "
                               f"checked against its rank, like 'two kings'", field="claim")
    cards = DECK.check(parse_cards(cards, limit=MAX_PLAY))
    if not cards:
        raise InvalidCard("a play is 1 to 3 cards; none were given", field="cards")
    if said.count is not None and said.count != len(cards):
        raise InvalidCard(f"'{said}' says {said.count} cards but {len(cards)} were turned "
                          f"over", field="cards")
    true = play_is_true(said.rank, cards)
    return {"claim": said.to_dict(), "cards": [str(c) for c in cards], "true": true,
            "jokers": sum(c.is_joker for c in cards),
            "wrong": [str(c) for c in cards if not c.is_joker and c.rank != said.rank],
            # docs/rules.md: a false play's player takes the pile, a true one's caller does;
            # the challenge's winner (the other one) opens the next round.
            "takes_pile": "caller" if true else "player",
            "opens_next": "player" if true else "caller"}
