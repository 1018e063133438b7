"""Liar's Dice by docs/rules.md: bids, raises under each bid order, the "Liar!" call, a whole game.

The rules object holds the table's variants; a bid is a claim; the game
state takes actions with :meth:`DiceGame.push` and refuses an illegal one
with :class:`~solver.errors.IllegalMove` before changing anything.

>>> rules = DiceRules()
>>> rules.holds(Bid.parse("2 fives"), [5, 5, 1, 2, 3])
True
>>> DiceRules(wild=(1,)).count(Bid(3, 5), [5, 5, 1, 2, 3])
3
>>> rules.is_raise(Bid.parse("2 twos"), Bid.parse("1 three"))
True
>>> DiceRules(bid_order="quantity-first").is_raise(Bid(2, 5), Bid(3, 2))
True
>>> game = DiceGame(["ann", "ben"], DiceRules(dice_each=1))
>>> game.push(MakeBid("ann", Bid(1, 6)))
>>> game.push(CallLiar("ben", {"ann": [6], "ben": [2]})).loser
'ben'
>>> game.outcome().winner
'ann'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar

from solver.errors import (
    IllegalMove,
    InvalidDie,
    InvalidInput,
    InvalidRules,
    LimitExceeded,
    UnreadablePhrase,
    shown,
)

from solver.games import phrases, schema
from solver.games.base import Game, Leave, Rules, option
from solver.games.commands import Arg, Command
from solver.games.schema import Refusal
from solver.games.table import (
    MAX_PLAYERS,
    next_player,
    read_int,
    require,
    small_int,
)

BID_ORDERS = ("seed", "quantity-first", "perudo")
MAX_DICE_EACH = 20
MAX_FACES = 20
MAX_DICE = MAX_PLAYERS * MAX_DICE_EACH


@dataclass(frozen=True, order=False)
class Bid:
    """A claim that at least ``quantity`` dice show ``face``: "2 fives" is Bid(2, 5)."""

    quantity: int
    face: int

    def __post_init__(self):
        # A bid is for at least one die: "0 sixes" (or -1, however written) is no bid.
        if isinstance(self.quantity, bool) or not isinstance(self.quantity, int) \
                or self.quantity < 1:
            raise InvalidInput(f"a bid's quantity is a whole number, 1 or more, not "
                               f"{shown(self.quantity)}", field="claim")

    @classmethod
    def parse(cls, claim, *, field: str = "claim") -> "Bid":
        """A bid from a phrase ("five sixes"), a dict, or a Bid."""
        if isinstance(claim, Bid):
            return claim
        if isinstance(claim, str):
            try:
                return cls(*phrases.parse_bid(claim))
            except InvalidInput as err:
                err.field = field  # the phrase's own field, not a default
                raise
        if isinstance(claim, dict):
            quantity = read_int(require(claim, "quantity", field=field),
                                field=f"{field}.quantity", what="a bid's quantity",
                                low=1, high=MAX_DICE)
            face = read_int(require(claim, "face", field=field), field=f"{field}.face",
                            what="a bid's face", low=1, high=MAX_FACES)
            return cls(quantity, face)
        raise InvalidInput(f"a bid is a phrase like '2 fives' or {{'quantity', 'face'}}, "
                           f"not {claim!r}", field=field)

    def __str__(self) -> str:
        return phrases.format_bid(self.quantity, self.face)

    def to_dict(self) -> dict:
        return {"quantity": self.quantity, "face": self.face, "phrase": str(self)}


def read_dice(dice, faces: int, *, field: str = "dice") -> tuple[int, ...]:
    """Revealed dice as a tuple of faces; a bad face is an InvalidDie naming it."""
    if isinstance(dice, str):
        dice = dice.replace(",", " ").split()
    if not isinstance(dice, (list, tuple)):
        raise InvalidDie(f"dice must be a list of faces, not {shown(dice)}", field=field)
    if len(dice) > MAX_DICE:
        raise LimitExceeded(f"{len(dice)} dice given; at most {MAX_DICE} are accepted",
                            field=field)
    faces_read = []
    for die in dice:
        value = small_int(die) if isinstance(die, str) else die  # ASCII digits only: not '²'
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= faces:
            raise InvalidDie(f"{shown(die)} is not a die face from 1 to {faces}", field=field)
        faces_read.append(value)
    return tuple(faces_read)


@dataclass(frozen=True)
class DiceRules(Rules):
    """The table's choices.  Defaults are docs/rules.md's.

    ``dice_each`` and ``faces``: each player's dice and their faces (5 and 6).
    ``wild``: the wild faces (none; the traditional choice is ``(1,)``).
    ``bid_order``: how a bid must rise -- ``seed`` (face, then quantity),
    ``quantity-first`` (quantity, then face) or ``perudo`` (quantity-first,
    1s wild, halve to switch to 1s and double plus one to leave them).
    """

    title: ClassVar[str] = "Liar's Dice"

    dice_each: int = option(5, minimum=1, maximum=MAX_DICE_EACH)
    faces: int = option(6, minimum=2, maximum=MAX_FACES)
    wild: tuple[int, ...] = option((), type="array", items={"oneOf": [
                                       {"type": "integer", "minimum": 1,
                                        "maximum": MAX_FACES},
                                       schema.number_text(1, MAX_FACES)]},
                                   description="wild faces; the traditional choice is [1]")
    bid_order: str = option("seed", enum=list(BID_ORDERS))

    def __post_init__(self):
        read_int(self.dice_each, field="rules.dice_each", what="dice_each", low=1,
                 high=MAX_DICE_EACH)
        read_int(self.faces, field="rules.faces", what="faces", low=2, high=MAX_FACES)
        if self.bid_order not in BID_ORDERS:
            raise InvalidRules(f"bid_order must be one of {', '.join(BID_ORDERS)}, not "
                               f"{self.bid_order!r}", field="rules.bid_order")
        if not isinstance(self.wild, (list, tuple)):
            raise InvalidRules(f"wild must be a list of faces, not {shown(self.wild)}",
                               field="rules.wild")
        try:
            wild = tuple(sorted(set(read_dice(list(self.wild), self.faces, field="rules.wild"))))
        except InvalidDie as err:
            raise InvalidRules(f"wild: {err.message}", field="rules.wild") from None
        if self.bid_order == "perudo":
            if wild not in ((), (1,)):
                raise InvalidRules(f"perudo plays with 1s wild, not {list(wild)}",
                                   field="rules.wild")
            wild = (1,)
        object.__setattr__(self, "wild", wild)

    # --- adjudication ---------------------------------------------------------------

    def check_bid(self, bid: Bid, dice_in_play: int) -> None:
        """Raise unless ``bid`` names a real face and at most the dice in play."""
        if not 1 <= bid.face <= self.faces:
            raise InvalidDie(f"{bid}: {bid.face} is not a face from 1 to {self.faces}",
                             field="claim")
        if bid.quantity > dice_in_play:
            in_play = "1 die is" if dice_in_play == 1 else f"{dice_in_play} dice are"
            raise IllegalMove(f"{bid}: only {in_play} in play", field="claim")

    def count(self, bid: Bid, dice) -> int:
        """Dice that count for ``bid``: its face, plus wild dice unless the face is wild."""
        counts = Counter(dice)
        if bid.face in self.wild:
            return counts[bid.face]
        return counts[bid.face] + sum(counts[w] for w in self.wild)

    def holds(self, bid: Bid, dice) -> bool:
        """Does the bid hold among all revealed ``dice``?"""
        return self.count(bid, dice) >= bid.quantity

    def key(self, bid: Bid) -> tuple[int, int]:
        """The bid's place in the raise order: a raise must have a greater key.

        Under ``perudo`` a bid of n 1s sits just above every bid of 2n on
        other faces, which is exactly "halve, rounding up, to switch to 1s;
        double plus one to leave them".
        """
        if self.bid_order == "seed":
            return bid.face, bid.quantity
        if self.bid_order == "perudo" and bid.face == 1:
            return 2 * bid.quantity, self.faces + 1
        return bid.quantity, bid.face

    def raise_problem(self, last: Bid | None, bid: Bid) -> str | None:
        """Why ``bid`` may not follow ``last`` under this bid order, or None if it may."""
        if last is None:
            if self.bid_order == "perudo" and bid.face == 1:
                return "under perudo a round may not open on 1s"
            return None
        if self.key(bid) > self.key(last):
            return None
        rule = {"seed": "the same face with a higher quantity, or a higher face",
                "quantity-first": "a higher quantity, or the same quantity with a higher face",
                "perudo": "a higher quantity, or the same quantity with a higher face; "
                          "switching to 1s needs at least half the quantity (rounded up), "
                          "leaving 1s needs double plus one"}[self.bid_order]
        return f"{bid} does not raise {last}: a raise ({self.bid_order}) is {rule}"

    def is_raise(self, last: Bid | None, bid: Bid) -> bool:
        return self.raise_problem(last, bid) is None


# --- actions -------------------------------------------------------------------------

@dataclass(frozen=True)
class MakeBid:
    """``player`` bids (opens or raises)."""

    player: str
    bid: Bid

    def to_dict(self) -> dict:
        return {"type": "bid", "player": self.player, "quantity": self.bid.quantity,
                "face": self.bid.face}


@dataclass(frozen=True)
class CallLiar:
    """``player`` calls "Liar!"; ``dice`` are everyone's revealed dice by player."""

    player: str
    dice: dict = field(hash=False)

    def to_dict(self) -> dict:
        return {"type": "liar", "player": self.player,
                "dice": {p: list(d) for p, d in self.dice.items()}}


def action_from_dict(event: dict, *, field: str = "event"):
    """An action from its JSON form: ``{"type": "bid", "player", "claim"}`` (or
    "quantity" and "face" in place of "claim"), or ``{"type": "liar", "player",
    "dice": {player: [faces]}}``."""
    kind = require(event, "type", field=field)
    player = require(event, "player", field=field)
    if kind == "bid":
        claim = event["claim"] if "claim" in event else event
        return MakeBid(player, Bid.parse(claim, field=f"{field}.claim"))
    if kind in ("liar", "call"):
        dice = require(event, "dice", field=field)
        if not isinstance(dice, dict):
            raise InvalidDie("a call's dice must map each player to their faces",
                             field=f"{field}.dice")
        return CallLiar(player, {p: read_dice(d, MAX_FACES, field=f"{field}.dice.{p}")
                                 for p, d in dice.items()})
    if kind == "leave":
        return Leave(player)
    raise InvalidInput(f"a Liar's Dice event is 'bid', 'liar' or 'leave', not {kind!r}",
                       field=f"{field}.type")


@dataclass(frozen=True)
class RoundResult:
    """What a "Liar!" call decided."""

    bid: Bid
    bidder: str
    caller: str
    count: int
    holds: bool
    loser: str
    out: bool

    def to_dict(self) -> dict:
        return {"bid": self.bid.to_dict(), "bidder": self.bidder, "caller": self.caller,
                "count": self.count, "holds": self.holds, "loser": self.loser,
                "loses": "one die", "out": self.out}


# --- as the front ends describe it -----------------------------------------------------

def _face(high: int) -> dict:
    """A die face (read_dice): a whole number from 1 to ``high``, or its digits as text."""
    return {"oneOf": [{"type": "integer", "minimum": 1, "maximum": high},
                      schema.number_text(1, high)]}


def dice_schema(high: int) -> dict:
    """Revealed dice (read_dice): a list of faces, or one string of them separated by
    whitespace or commas; at most MAX_DICE."""
    face = schema.digits(1, high)
    gap = f"[{schema.SPACE},]"
    return {"oneOf": [{"type": "array", "items": _face(high), "maxItems": MAX_DICE},
                      {"type": "string",
                       "pattern": f"^{gap}*(?:{face}(?:{gap}+{face})*)?{gap}*$"}]}


_BID = {"type": "object", "required": ["quantity", "face"],
        "properties": {"quantity": {"type": "integer", "minimum": 1, "maximum": MAX_DICE},
                       "face": {"type": "integer", "minimum": 1, "maximum": MAX_FACES}}}
BID_SCHEMA = schema.phrase_or(_BID, "2 fives")
# What a schema cannot say about a bid: the phrase's grammar, and a face past the table's.
BID_REFUSALS = (Refusal(UnreadablePhrase, "claim", "a claim phrase the bid grammar reads "
                                                    "(solver.games.phrases)"),
                 Refusal(InvalidInput, "claim", "a bid is of 1 die or more"),
                 Refusal(InvalidDie, "claim", "a bid's face is one of the table's faces "
                                              "(rules.faces)"))
RULES_REFUSALS = (Refusal(InvalidRules, r"rules\.wild", "wild faces are among the table's "
                                                          "faces; perudo plays with 1s wild"),)


# --- the shell: the table's rules as options, a check's answer as a line -----------------

RULES_ARGS = (
    Arg("--wild", "wild faces, e.g. 1 (default none)", to="rules.wild", words=True),
    Arg("--bid-order", "how a bid must rise (default seed)", to="rules.bid_order",
        choices=BID_ORDERS, default="seed"),
    Arg("--dice-each", "dice per player (default 5)", to="rules.dice_each", kind="whole",
        default=5),
    Arg("--faces", "faces per die (default 6)", to="rules.faces", kind="whole", default=6))


def check_lines(r: dict) -> list[str]:
    """A check's answer as the shell prints it."""
    line = (f"{r['bid']['phrase']}: {r['count']} of {r['dice_in_play']} dice count - "
            f"{'HOLDS' if r['holds'] else 'does NOT hold'}")
    if "raise" in r:
        raise_ = r["raise"]
        line += ("; a legal raise over " + raise_["last"]["phrase"] if raise_["legal"]
                 else f"; NOT a legal raise: {raise_['reason']}")
    return [line]


# --- the game ------------------------------------------------------------------------


class DiceGame(Game):
    """A Liar's Dice game: dice held, whose turn, the standing bid, who is out.

    Seats are clockwise; the first player opens.  The loser of a round opens
    the next, or, when that cost their last die, the next player with dice.
    """

    name = "dice"
    title = "Liar's Dice"
    Rules = DiceRules
    actions = (MakeBid, CallLiar, Leave)

    def start(self) -> None:
        self.dice = {p: self.rules.dice_each for p in self.players}
        self.bid: Bid | None = None
        self.bidder: str | None = None
        self.rounds: list[RoundResult] = []

    read_action = staticmethod(action_from_dict)

    order = 1
    shell_help = "Liar's Dice: check a bid, its odds, replay a game"
    holdings = ("dice", "dice")
    check_command = Command(
        "does a bid hold among the revealed dice", (
            Arg("claim", "the bid as said, e.g. '5 sixes' or 'five sixes'"),
            Arg("dice", "every revealed die, e.g. 6 6 1 3", nargs="+"),
            Arg("--last", "the bid it raises, e.g. '4 sixes'"), *RULES_ARGS),
        check_lines, verdict="holds",
        description="Count the bid's face (and wild faces) among all revealed dice; with "
                    "--last, is the bid a legal raise.")
    description = ("Does a bid hold among the revealed dice (wild faces counted), is it a legal "
                   "raise under the table's bid order; replay a game: who loses a die, who "
                   "opens, who is out, the winner.")
    # A bid event is its claim, or (without one) its quantity and face; other fields are
    # ignored, and so are quantity and face beside a claim.
    events = ({**schema.event("bid", {}, []), "anyOf": [
                  {"required": ["claim"], "properties": {"claim": BID_SCHEMA}},
                  {"not": {"required": ["claim"]}, **_BID}]},
              schema.event(("liar", "call"), {"dice": {
                  "type": "object", "additionalProperties": dice_schema(MAX_FACES),
                  "description": "every player's revealed dice"}}, ["dice"]),
              schema.event("leave", {}, []))
    replay_refusals = (*RULES_REFUSALS, *schema.in_event((
        *BID_REFUSALS,
        Refusal(InvalidDie, rf"dice(?:\.{schema.ANY})?", "a call reveals the dice of "
                                                          "every player still in, as many "
                                                          "as each holds, of the table's "
                                                          "faces"),
        Refusal(LimitExceeded, rf"dice\.{schema.ANY}", f"at most {MAX_DICE} dice a "
                                                       f"player"))))
    check_required = ("claim", "dice")
    check_properties = {
        "claim": BID_SCHEMA,
        "dice": {"oneOf": [*dice_schema(MAX_FACES)["oneOf"],
                           {"type": "object", "additionalProperties": dice_schema(MAX_FACES)}]},
        "last": schema.nullable(BID_SCHEMA)}
    check_refusals = (*RULES_REFUSALS, *BID_REFUSALS,
                      Refusal(UnreadablePhrase, "last", "a claim phrase the bid grammar "
                                                        "reads"),
                      Refusal(InvalidInput, "last", "a bid is of 1 die or more"),
                      Refusal(InvalidDie, "dice", "the dice show the table's faces "
                                                  "(rules.faces)"),
                      Refusal(LimitExceeded, "dice", f"at most {MAX_DICE} dice in all"),
                      Refusal(IllegalMove, "claim", "a bid is for at most the dice in play"))
    CHECK_EXAMPLE = {"rules": {"wild": [1]}, "claim": "five sixes",
                     "dice": [6, 6, 1, 3, 6, 2, 6], "last": "4 sixes"}
    REPLAY_EXAMPLE = {"rules": {"dice_each": 1}, "players": ["ann", "ben", "cy"], "events": [
        {"type": "bid", "player": "ann", "claim": "1 six"},
        {"type": "bid", "player": "ben", "claim": "2 sixes"},
        {"type": "liar", "player": "cy", "dice": {"ann": [6], "ben": [3], "cy": [2]}},
        {"type": "bid", "player": "cy", "claim": "1 two"},
        {"type": "liar", "player": "ann", "dice": {"ann": [4], "cy": [5]}}]}

    @staticmethod
    def check_payload(payload: dict) -> dict:
        """A claim checked from its request body (see :attr:`check_properties`)."""
        return check_claim(payload["claim"], payload["dice"],
                           DiceRules.from_dict(payload.get("rules")), last=payload.get("last"))

    @classmethod
    def engine_tables(cls) -> dict:
        return {"BID_ORDERS": BID_ORDERS, "MAX_DICE_EACH": MAX_DICE_EACH,
                "MAX_FACES": MAX_FACES, "MAX_DICE": MAX_DICE, **super().engine_tables()}

    @property
    def dice_in_play(self) -> int:
        return sum(self.dice[p] for p in self.active)

    def last_one_in(self) -> str:
        return f"{self.active[0]} is the last with dice"

    def restart_round(self) -> None:
        self.bid = self.bidder = None

    def legal_bids(self):
        """Every bid ``to_move`` may make now, lowest first."""
        if self.is_over():
            return
        bids = (Bid(q, f) for q in range(1, self.dice_in_play + 1)
                for f in range(1, self.rules.faces + 1))
        yield from sorted((b for b in bids if self.rules.is_raise(self.bid, b)),
                          key=self.rules.key)

    def can_call(self) -> bool:
        return not self.is_over() and self.bid is not None

    # --- moves ----------------------------------------------------------------------

    def check_move(self, action) -> None:
        if isinstance(action, MakeBid):
            self.rules.check_bid(action.bid, self.dice_in_play)
            problem = self.rules.raise_problem(self.bid, action.bid)
            if problem:
                raise IllegalMove(f"{action.player} cannot bid {action.bid}: {problem}",
                                  field="claim")
        else:
            if self.bid is None:
                raise IllegalMove(f"{action.player} cannot call 'Liar!': nobody has bid "
                                  f"this round", field="type")
            self._revealed(action.dice)

    def _revealed(self, dice: dict) -> list[int]:
        """All revealed dice, checked against what each player holds."""
        extra = sorted(set(dice) - set(self.active))
        if extra:
            raise InvalidDie(f"dice revealed for {', '.join(extra)}, who "
                             f"{'is' if len(extra) == 1 else 'are'} not in the game",
                             field="dice")
        every = []
        for player in self.active:
            faces = read_dice(list(dice.get(player, [])), self.rules.faces,
                              field=f"dice.{player}")
            if len(faces) != self.dice[player]:
                raise InvalidDie(f"{player} holds {self.dice[player]} dice, but "
                                 f"{len(faces)} were revealed", field=f"dice.{player}")
            every.extend(faces)
        return every

    def apply(self, action) -> RoundResult | None:
        """A bid raises; a "Liar!" call returns what it decided."""
        if isinstance(action, MakeBid):
            self.bid, self.bidder = action.bid, action.player
            self.to_move = next_player(self.players, action.player, skip=self.out)
            return None
        dice = self._revealed(action.dice)
        count = self.rules.count(self.bid, dice)
        holds = count >= self.bid.quantity
        loser = action.player if holds else self.bidder
        self.dice[loser] -= 1
        out = self.dice[loser] == 0
        if out:
            self.out.append(loser)
        result = RoundResult(self.bid, self.bidder, action.player, count, holds, loser, out)
        self.rounds.append(result)
        self.bid = self.bidder = None
        if self.is_over():
            self.to_move = None
        else:
            self.to_move = next_player(self.players, loser, skip=self.out) if out else loser
        return result

    # --- serialisation --------------------------------------------------------------

    def state_dict(self) -> dict:
        return {"dice": {p: self.dice[p] for p in self.players}, "out": list(self.out),
                "to_move": self.to_move,
                "bid": self.bid.to_dict() if self.bid else None, "bidder": self.bidder,
                "can_call": self.can_call(),
                "dice_in_play": self.dice_in_play,
                "rounds": [r.to_dict() for r in self.rounds]}

    def restore(self, data: dict) -> None:
        self.dice = {p: read_int(data["dice"][p], field=f"state.dice.{p}", what="dice held",
                                 low=0, high=self.rules.dice_each) for p in self.players}
        self.out = list(data.get("out", []))
        self.to_move = data.get("to_move")
        self.bid = Bid.parse(data["bid"]) if data.get("bid") else None
        self.bidder = data.get("bidder")
        self.rounds = [RoundResult(Bid.parse(r["bid"]), r["bidder"], r["caller"], r["count"],
                                   r["holds"], r["loser"], r["out"])
                       for r in data.get("rounds", [])]


def check_claim(bid, dice, rules: DiceRules | None = None, last=None) -> dict:
    """A single bid checked against revealed dice (and, if given, the bid it raises)."""
    rules = rules or DiceRules()
    bid = Bid.parse(bid)
    if isinstance(dice, dict):  # revealed by player: only the dice matter here
        dice = [face for faces in dice.values() for face in read_dice(faces, rules.faces)]
    dice = read_dice(dice, rules.faces)
    rules.check_bid(bid, len(dice))
    count = rules.count(bid, dice)
    holds = count >= bid.quantity
    result = {"bid": bid.to_dict(), "count": count, "holds": holds,
              "dice_in_play": len(dice), "wild": list(rules.wild),
              # docs/rules.md: a bid that holds costs the caller a die, otherwise the bidder.
              "loser_if_called": "caller" if holds else "bidder"}
    if last is not None:
        last = Bid.parse(last, field="last")
        problem = rules.raise_problem(last, bid)
        result["raise"] = {"last": last.to_dict(), "legal": problem is None, "reason": problem}
    return result
