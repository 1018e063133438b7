"""The odds of a Liar's Poker claim, from one player's view: my cards and how many are hidden.

The others' cards are to me a uniform draw from the 52 less mine.  Every named hand's
chance is exact, by the polynomials of :mod:`solver.odds.draws`:

* a hand of ranks (high card, pair, two pair, three or four of a kind, full house,
  straight) needs at least so many cards of some ranks: one polynomial per rank;
* a flush or a straight flush needs enough of one suit: the chance that *no* suit has
  it is a product of one polynomial per suit (the suits share no card), and the hand's
  chance is the rest.

On request, seeded random deals judged by the game's own
:meth:`~solver.games.poker.game.Hand.made_from` estimate the same chance: a check.

>>> view = PokerView.read("KH 3C", 4)
>>> view.made("pair of kings").fraction, str(view.made("full house, kings over threes"))
('221/980', '0.18%')
>>> [str(s.hand) for s in view.raises("pair of kings", limit=2)]
['two pair, kings and threes', 'pair of aces']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import comb

from solver.errors import InvalidCard, InvalidInput, LimitExceeded
from solver.games import schema
from solver.games.cards import ACE, SUITS, Card
from solver.games.commands import Arg, Command
from .game import (
    CLAIM_REFUSALS,
    CLAIM_SCHEMA,
    DECK,
    DECK_REFUSAL,
    RULES_ARGS,
    Hand,
    PokerRules,
    all_hands,
    read_poker_cards,
)
from solver.games.schema import Refusal, rules_object

from solver.odds.chance import DEFAULT_SEED, Chance, Estimate, sample
from solver.odds.draws import coefficient, read_hidden, ways_at_least
from solver.odds.payload import (
    ANSWER_FIELDS,
    HIDDEN_ARG,
    LIMIT,
    LIMIT_ARG,
    SAMPLE_ARGS,
    SAMPLES,
    SAMPLES_REFUSALS,
    SEED,
    SEED_REFUSALS,
    TEXTS,
    count_schema,
    object_schema,
    read_limit,
    read_object,
    read_samples,
    read_seed,
    request_schema,
    shared,
)
from solver.odds.text import chance_text, estimate_text, short, suggested

RANKS = tuple(range(2, ACE + 1))
ADVICE = ("advice: every hand higher than the last claim, ranked by its exact chance of "
          "being made from all the cards")
COPIES = {"high card": (1,), "pair": (2,), "three of a kind": (3,), "four of a kind": (4,),
          "two pair": (2, 2), "full house": (3, 2)}


def straight_ranks(top: int) -> list[int]:
    """The five ranks of a straight with this top card (5-4-3-2-A: the ace is low)."""
    return [ACE if r == 1 else r for r in range(top - 4, top + 1)]


@dataclass(frozen=True)
class PokerView:
    """What one player sees: their cards (with suits), how many cards the others hold."""

    mine: tuple[Card, ...]
    hidden: int
    rules: PokerRules

    @classmethod
    def read(cls, mine, hidden, rules: PokerRules | None = None) -> "PokerView":
        cards = read_poker_cards(mine, field="mine")
        for card in cards:
            if card.suit is None:
                raise InvalidCard(f"'{card}' has no suit: give your own cards with their "
                                  f"suits, like {card}H", field="mine")
        hidden = read_hidden(hidden, DECK - len(cards), noun="cards", where="the deck",
                             error=InvalidCard)
        return cls(cards, hidden, rules or PokerRules())

    @classmethod
    def of_player(cls, game, player: str, mine) -> "PokerView":
        """``player``'s view of a :class:`~solver.games.poker.game.PokerGame`: ``mine`` are their
        cards (as many as the game says); hidden, every other card in play."""
        if player not in game.active:
            raise InvalidInput(f"{player!r} is not playing in this game", field="player")
        cards = read_poker_cards(mine, field="mine")
        if len(cards) != game.cards[player]:
            raise InvalidCard(f"{player} holds {game.cards[player]} cards, not {len(cards)}",
                              field="mine")
        hidden = sum(game.cards[p] for p in game.active) - len(cards)
        return cls.read(cards, hidden, game.rules)

    @property
    def unseen(self) -> int:
        return DECK - len(self.mine)

    def _mine_of(self, rank: int, suit: str | None = None) -> int:
        return sum(c.rank == rank and (suit is None or c.suit == suit) for c in self.mine)

    def _suit_miss(self, hand: Hand, suit: str) -> tuple[list[int], int]:
        """The polynomial of this suit's wanted cards drawn without the suit making the
        hand, and how many of the suit's unseen cards the hand does not care about."""
        top = hand.ranks[0]
        held = {c.rank for c in self.mine if c.suit == suit}
        if hand.name == "straight flush":
            wanted = set(straight_ranks(top))
            unseen = len(wanted - held)
            free = 13 - len(held) - unseen
            return [comb(unseen, d) for d in range(unseen)] or [0], free
        lower = set(range(2, top))
        have_top, have_lower = top in held, len(lower & held)
        top_unseen, lower_unseen = 0 if have_top else 1, len(lower) - len(lower & held)
        free = 13 - len(held) - top_unseen - lower_unseen
        miss = [0] * (top_unseen + lower_unseen + 1)
        for dt in range(top_unseen + 1):
            for dl in range(lower_unseen + 1):
                if not (have_top or dt) or have_lower + dl < 4:
                    miss[dt + dl] += comb(top_unseen, dt) * comb(lower_unseen, dl)
        return miss, free

    def made(self, hand) -> Chance:
        """The exact chance that the named hand can be made from all the cards."""
        hand = Hand.parse(hand)
        total = comb(self.unseen, self.hidden)
        if hand.name in ("flush", "straight flush"):
            factors, rest = [], 0
            for suit in SUITS:
                miss, free = self._suit_miss(hand, suit)
                factors.append(miss)
                rest += free
            return Chance.of(total - coefficient(factors, self.hidden, rest), total)
        need = Counter()
        if hand.name == "straight":
            need.update(straight_ranks(hand.ranks[0]))
        else:
            for rank, copies in zip(hand.ranks, COPIES[hand.name]):
                need[rank] = copies
        pool = [4 - self._mine_of(r) for r in RANKS]
        wanted = [need[r] - self._mine_of(r) for r in RANKS]
        return Chance.of(ways_at_least(pool, wanted, self.hidden), total)

    def raises(self, last, *, limit: int | None = None) -> list["HandSuggestion"]:
        """Every hand higher than ``last`` (None: an opening claim), ranked by its exact
        chance; ties, the higher hand first (as safe, and harder to beat)."""
        last = None if last is None else Hand.parse(last, field="claim")
        ranked = [HandSuggestion(h, self.made(h)) for h in all_hands()
                  if self.rules.is_higher(h, last)]
        ranked.sort(key=lambda s: self.rules.key(s.hand), reverse=True)
        ranked.sort(key=lambda s: s.chance.value, reverse=True)
        return ranked if limit is None else ranked[:limit]

    def sampled(self, hand, samples: int, seed: int = DEFAULT_SEED) -> Estimate:
        """The chance estimated from seeded random deals, each judged by the game."""
        hand = Hand.parse(hand)
        mine = {(c.rank, c.suit) for c in self.mine}
        unseen = [Card(r, s) for r in RANKS for s in SUITS if (r, s) not in mine]
        return sample(lambda deal: hand.made_from([*self.mine, *deal]) is not None,
                      unseen, self.hidden, samples, seed)


@dataclass(frozen=True)
class HandSuggestion:
    hand: Hand
    chance: Chance

    def as_dict(self) -> dict:
        return {"claim": self.hand.to_dict(), "made": self.chance.as_dict()}


def answer(payload: dict) -> dict:
    """POST /poker/odds and ``liars poker odds``: ``{"mine": cards, "hidden": n, "claim":
    "pair of kings" | {hand, ranks}, "rules"?, "limit"?, "samples"?, "seed"?}``."""
    payload = read_object(payload, {"mine", "hidden", "claim", "rules", "limit", "samples",
                                    "seed"}, ("mine", "hidden", "claim"), "poker odds")
    rules = PokerRules.from_dict(payload.get("rules"))
    view = PokerView.read(payload["mine"], payload["hidden"], rules)
    hand = Hand.parse(payload["claim"])
    limit = read_limit(payload.get("limit"))
    samples = read_samples(payload.get("samples"))
    seed = read_seed(payload.get("seed"))
    result = {"game": "poker", "mine": [str(c) for c in view.mine], "hidden": view.hidden,
              "claim": hand.to_dict(), "made": view.made(hand).as_dict(),
              "suggestions": [s.as_dict() for s in view.raises(hand, limit=limit)],
              "advice": ADVICE}
    if samples:
        result["sampled"] = view.sampled(hand, samples, seed).as_dict()
    return result



# --- as the front ends describe it -----------------------------------------------------

SCHEMA = request_schema({
    "mine": {**schema.cards(DECK), "description": "your cards, with suits"},
    "hidden": count_schema(0, DECK, description="how many cards the other players hold, "
                                                "hidden from you"),
    "claim": CLAIM_SCHEMA, "rules": rules_object(PokerRules), "limit": LIMIT,
    "samples": SAMPLES, "seed": SEED}, ("mine", "hidden", "claim"))
# What the schema cannot say: the deck's cards, and the cards left to hide.
REFUSALS = (
    *CLAIM_REFUSALS,
    Refusal(InvalidCard, "mine", DECK_REFUSAL + "; each with its suit"),
    Refusal(LimitExceeded, "mine", f"at most {DECK} cards"),
    Refusal(InvalidCard, "hidden", "at most the cards of the deck less yours"),
    *SAMPLES_REFUSALS, *SEED_REFUSALS)

EXAMPLE = {"mine": ["KH", "3C"], "hidden": 4, "claim": "pair of kings"}
SUMMARY = ("Liar's Poker: how likely a named hand can be made, from your cards; every higher "
           "hand ranked")
DESCRIPTION = ("The others' cards are a uniform draw from the deck less yours. Every hand's "
               "chance is exact (ranks: one polynomial per rank; flushes: one per suit). With "
               "samples, seeded random deals estimate it, marked as an estimate.")
ANSWER_SCHEMA = object_schema({
    **ANSWER_FIELDS, "mine": TEXTS, "hidden": {"type": "integer"},
    "claim": {"type": "object"}, "made": shared("ExactChance"),
    "suggestions": {"type": "array", "items": object_schema(
        {"claim": {"type": "object"}, "made": shared("ExactChance")}, ["claim", "made"])},
    "sampled": shared("Estimate")}, ["made", "suggestions", "advice"])


# --- the shell ---------------------------------------------------------------------------

def lines(r: dict) -> list[str]:
    """The answer as the shell prints it."""
    said = [f"'{r['claim']['phrase']}' can be made: {chance_text(r['made'])}"]
    if "sampled" in r:
        said.append(f"sampled: {estimate_text(r['sampled'])}")
    said.append(suggested([f"{s['claim']['phrase']} {short(s['made'])}"
                           for s in r["suggestions"]]))
    return said


COMMAND = Command(
    "how likely a named hand is, from your cards; every higher hand ranked", (
        Arg("claim", "the hand, e.g. 'pair of kings'"),
        Arg("mine", "your cards with suits, e.g. KH 3C", nargs="*"),
        *RULES_ARGS, HIDDEN_ARG, LIMIT_ARG, *SAMPLE_ARGS), lines,
    description="The exact chance the named hand can be made from all the cards, from yours "
                "and how many are hidden; every higher hand ranked.")
