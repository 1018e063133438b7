"""The odds of a Liar's Dice bid, from one player's view: my dice, and how many are hidden.

Each hidden die shows a face that counts for the bid with chance ``m / faces``: ``m``
is 1, or 1 plus the wild faces when the bid's face is not wild.  The bid holds when
my counting dice and the hidden ones reach its quantity: a binomial tail, counted
exactly.  The safest raise: every next bid (on each face, the smallest legal quantity;
a larger one on the same face is never likelier), ranked by that chance.

>>> view = DiceView.read([2, 5, 5], 10, DiceRules(wild=(1,)))
>>> chance = view.holds(Bid(4, 5))
>>> chance.fraction, str(chance)
('17635/19683', '89.60%')
>>> [str(s.bid) for s in view.raises(Bid(4, 5))]     # seed order: face, then quantity
['1 six', '5 fives']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from solver.errors import IllegalMove, InvalidDie, InvalidInput, LiarsError, LimitExceeded
from solver.games.commands import Arg, Command
from .game import (
    BID_REFUSALS,
    BID_SCHEMA,
    MAX_DICE,
    MAX_FACES,
    RULES_ARGS,
    RULES_REFUSALS,
    Bid,
    DiceRules,
    dice_schema,
    read_dice,
)
from solver.games.schema import Refusal, on_field, rules_object

from solver.odds.chance import Chance
from solver.odds.draws import read_hidden
from solver.odds.payload import (
    ANSWER_FIELDS,
    HIDDEN_ARG,
    LIMIT,
    LIMIT_ARG,
    count_schema,
    object_schema,
    read_limit,
    read_object,
    request_schema,
    shared,
)
from solver.odds.text import chance_text, short, suggested

ADVICE = ("advice: every next bid (on each face, the smallest legal quantity), ranked by "
          "its exact chance of holding")


@dataclass(frozen=True)
class DiceView:
    """What one player sees: their dice, how many dice the others hold, the rules."""

    mine: tuple[int, ...]
    hidden: int
    rules: DiceRules

    @classmethod
    def read(cls, mine, hidden, rules: DiceRules | None = None) -> "DiceView":
        rules = rules or DiceRules()
        dice = read_dice(mine, rules.faces, field="mine")
        if len(dice) > rules.dice_each:
            raise InvalidDie(f"{len(dice)} dice given as yours, but each player holds at most "
                             f"{rules.dice_each}", field="mine")
        hidden = read_hidden(hidden, MAX_DICE - len(dice), noun="dice",
                             where="a table of the most dice this referee takes",
                             error=LimitExceeded)
        return cls(dice, hidden, rules)

    @classmethod
    def of_player(cls, game, player: str, mine) -> "DiceView":
        """``player``'s view of a :class:`~solver.games.dice.game.DiceGame`: ``mine`` are their
        dice (as many as the game says they hold); hidden, every other die in play."""
        if player not in game.active:
            raise InvalidInput(f"{player!r} is not playing in this game", field="player")
        dice = read_dice(mine, game.rules.faces, field="mine")
        if len(dice) != game.dice[player]:
            raise InvalidDie(f"{player} holds {game.dice[player]} dice, not {len(dice)}",
                             field="mine")
        return cls.read(dice, game.dice_in_play - len(dice), game.rules)

    @property
    def in_play(self) -> int:
        return len(self.mine) + self.hidden

    def counting_faces(self, bid: Bid) -> int:
        """How many faces of a hidden die count for the bid."""
        return 1 if bid.face in self.rules.wild else 1 + len(self.rules.wild)

    def holds(self, bid) -> Chance:
        """The exact chance that ``bid`` holds among all the dice in play."""
        bid = Bid.parse(bid, field="bid")
        try:
            self.rules.check_bid(bid, self.in_play)
        except LiarsError as err:
            err.field = "bid"
            raise
        need = bid.quantity - self.rules.count(bid, self.mine)
        if need <= 0:
            return Chance(Fraction(1))
        good, faces = self.counting_faces(bid), self.rules.faces
        ways = sum(comb(self.hidden, j) * good ** j * (faces - good) ** (self.hidden - j)
                   for j in range(need, self.hidden + 1))
        return Chance.of(ways, faces ** self.hidden)

    def reason(self, bid) -> str:
        bid = Bid.parse(bid, field="bid")
        mine = self.rules.count(bid, self.mine)
        need = bid.quantity - mine
        said = f"you hold {mine} that count"
        if need <= 0:
            return f"certain: {said}"
        if need > self.hidden:
            return f"never holds: {said}, and only {self.hidden} dice are hidden"
        good = self.counting_faces(bid)
        return (f"{said}; it needs {need} of the {self.hidden} hidden dice, each counting "
                f"with chance {good}/{self.rules.faces}")

    def next_bids(self, last) -> list[Bid]:
        """Every next bid: on each face, the smallest quantity that raises ``last``
        (None: an opening bid) within the dice in play."""
        last = None if last is None else Bid.parse(last, field="bid")
        bids = []
        for face in range(1, self.rules.faces + 1):
            for quantity in range(1, self.in_play + 1):
                bid = Bid(quantity, face)
                if self.rules.is_raise(last, bid):
                    bids.append(bid)
                    break
        return bids

    def raises(self, last, *, limit: int | None = None) -> list["BidSuggestion"]:
        """Every next bid ranked by its exact chance of holding; ties, the higher bid
        first (as safe, and harder to beat)."""
        ranked = [BidSuggestion(bid, self.holds(bid)) for bid in self.next_bids(last)]
        ranked.sort(key=lambda s: self.rules.key(s.bid), reverse=True)
        ranked.sort(key=lambda s: s.chance.value, reverse=True)
        return ranked if limit is None else ranked[:limit]


@dataclass(frozen=True)
class BidSuggestion:
    bid: Bid
    chance: Chance

    def as_dict(self) -> dict:
        return {"bid": self.bid.to_dict(), "holds": self.chance.as_dict()}


def answer(payload: dict) -> dict:
    """POST /dice/odds and ``liars dice odds``: ``{"mine": [faces], "hidden": n,
    "bid": "4 fives" | {quantity, face}, "rules"?, "limit"?}``."""
    payload = read_object(payload, {"mine", "hidden", "bid", "rules", "limit"},
                          ("mine", "hidden", "bid"), "dice odds")
    rules = DiceRules.from_dict(payload.get("rules"))
    view = DiceView.read(payload["mine"], payload["hidden"], rules)
    bid = Bid.parse(payload["bid"], field="bid")
    chance = view.holds(bid)
    limit = read_limit(payload.get("limit"))
    return {"game": "dice", "mine": list(view.mine), "hidden": view.hidden,
            "dice_in_play": view.in_play, "wild": list(rules.wild), "bid": bid.to_dict(),
            "holds": {**chance.as_dict(), "reason": view.reason(bid)},
            "suggestions": [s.as_dict() for s in view.raises(bid, limit=limit)],
            "advice": ADVICE}



# --- as the front ends describe it -----------------------------------------------------

SCHEMA = request_schema({
    "mine": {**dice_schema(MAX_FACES), "description": "your dice"},
    "hidden": count_schema(0, MAX_DICE, description="how many dice the other players "
                                                    "hold, hidden from you"),
    "bid": BID_SCHEMA, "rules": rules_object(DiceRules), "limit": LIMIT},
    ("mine", "hidden", "bid"))
# What the schema cannot say: faces past the table's, the dice each holds, the dice in play.
REFUSALS = (
    *RULES_REFUSALS,
    Refusal(InvalidDie, "mine", "your dice show the table's faces (rules.faces), at most "
                                "rules.dice_each of them"),
    Refusal(LimitExceeded, "mine", f"at most {MAX_DICE} dice"),
    Refusal(LimitExceeded, "hidden", f"at most {MAX_DICE} dice in play, yours and the "
                                     f"hidden"),
    *on_field(BID_REFUSALS, "bid"),
    Refusal(IllegalMove, "bid", "a bid is for at most the dice in play"))

EXAMPLE = {"mine": [2, 5, 5], "hidden": 10, "bid": {"quantity": 4, "face": 5},
           "rules": {"wild": [1]}}
SUMMARY = "Liar's Dice: how likely a bid holds, from your dice; every next bid ranked"
DESCRIPTION = ("Each hidden die is fair; wild faces count unless the bid's face is wild. "
               "suggestions: on each face the smallest legal raise, ranked by exact chance.")
_BID = object_schema({"quantity": {"type": "integer"}, "face": {"type": "integer"},
                      "phrase": {"type": "string"}}, ["quantity", "face", "phrase"])
ANSWER_SCHEMA = object_schema({
    **ANSWER_FIELDS, "mine": {"type": "array", "items": {"type": "integer"}},
    "hidden": {"type": "integer"}, "dice_in_play": {"type": "integer"},
    "wild": {"type": "array", "items": {"type": "integer"}}, "bid": _BID,
    "holds": shared("ExactChance"),
    "suggestions": {"type": "array", "items": object_schema(
        {"bid": _BID, "holds": shared("ExactChance")}, ["bid", "holds"])}},
    ["holds", "suggestions", "advice"])


# --- the shell ---------------------------------------------------------------------------

def lines(r: dict) -> list[str]:
    """The answer as the shell prints it."""
    return [f"{r['bid']['phrase']} holds: {chance_text(r['holds'])}; {r['holds']['reason']}",
            suggested([f"{s['bid']['phrase']} {short(s['holds'])}" for s in r["suggestions"]])]


COMMAND = Command(
    "how likely a bid is, from your dice; every next bid ranked", (
        Arg("bid", "the bid, e.g. '4 fives'"), Arg("mine", "your dice, e.g. 2 5 5", nargs="*"),
        *RULES_ARGS, HIDDEN_ARG, LIMIT_ARG), lines,
    description="The exact chance the bid holds, from your dice and how many dice are "
                "hidden (each a fair die); every next bid ranked by its chance.")
