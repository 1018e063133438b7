"""The odds of a Liar Liar play, from the next player's view: my hand and what I have seen.

The cards just played face down came from another hand, so to me they are a draw from
the cards I cannot see: the 54 less my hand and the cards I know are elsewhere (those
I put in the pile, the fours that left the game).  The play is true when every card is
the declared rank or a joker: of ``n`` cards, with ``g`` such cards unseen among ``u``,
the chance is ``C(g, n) / C(u, n)``, exactly.  When fewer than ``n`` such cards are
unseen, the play is certainly a lie.

>>> view = LiarLiarView.read("KH KS 4D")
>>> chance = view.true("two kings")
>>> chance.fraction, view.could_be_true(13), view.unseen
('2/425', 4, 51)
>>> mine = LiarLiarView.read("KH KS KD KC")     # two jokers are all that is left
>>> mine.true("three kings").impossible, mine.reason("three kings")
(True, 'certainly a lie: it needs 3 Ks or jokers, and only 2 are not in your hand or seen')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from solver.errors import InvalidCard, InvalidInput, LimitExceeded, UnreadablePhrase
from solver.games import schema
from solver.games.cards import Card, parse_cards, rank_name
from .game import (
    CLAIM_REFUSALS,
    CLAIM_SCHEMA,
    DECK,
    DECK_REFUSAL,
    DECK_SIZE,
    MAX_PLAY,
    Declaration,
)
from solver.games.commands import Arg, Command
from solver.games.schema import Refusal

from solver.odds.chance import Chance
from solver.odds.draws import read_count
from solver.odds.payload import (
    ANSWER_FIELDS,
    TEXTS,
    count_schema,
    object_schema,
    read_object,
    request_schema,
    shared,
)
from solver.odds.text import chance_text

ADVICE = "advice: call 'Liar!' when the play is likelier a lie than true"


@dataclass(frozen=True)
class LiarLiarView:
    """What the next player sees: their hand, and the cards they know are not in the
    play (``seen``: their own cards in the pile, the discarded fours)."""

    mine: tuple[Card, ...]
    seen: tuple[Card, ...] = ()

    @classmethod
    def read(cls, mine, seen=()) -> "LiarLiarView":
        hand = DECK.check(parse_cards(mine, field="mine", limit=DECK_SIZE), field="mine")
        known = DECK.check(parse_cards(() if seen is None else seen, field="seen", limit=DECK_SIZE),
                           field="seen", known=hand, known_as="in your hand")
        if len(hand) + len(known) >= DECK_SIZE:
            raise InvalidInput(f"your {len(hand)} cards and the {len(known)} seen are the "
                               f"whole deck: no card is left to play", field="seen")
        return cls(hand, known)

    @classmethod
    def of_player(cls, game, player: str, mine, played=()) -> "LiarLiarView":
        """``player``'s view of a :class:`~solver.games.liarliar.game.LiarLiarGame`: ``mine``
        is their hand, ``played`` the cards they put in the pile this round; the fours
        discarded are public."""
        if player not in game.players:
            raise InvalidInput(f"{player!r} is not playing in this game", field="player")
        hand = parse_cards(mine, field="mine", limit=DECK_SIZE)
        if len(hand) != game.hands[player]:
            raise InvalidCard(f"{player} holds {game.hands[player]} cards, not {len(hand)}",
                              field="mine")
        out = [Card(rank) for rank in game.discarded for _ in range(4)]
        return cls.read(hand, [*parse_cards(played, field="played"), *out])

    @property
    def unseen(self) -> int:
        return DECK_SIZE - len(self.mine) - len(self.seen)

    def could_be_true(self, rank: int) -> int:
        """Unseen cards that are true for ``rank``: its cards and the jokers."""
        known = (*self.mine, *self.seen)
        jokers = DECK.jokers - sum(card.is_joker for card in known)
        return jokers + DECK.per_rank - sum(card.rank == rank for card in known)

    def read_claim(self, claim, count=None) -> tuple[int, int]:
        """(count, rank) of a play: "two kings", or a rank with ``count`` cards."""
        said = Declaration.parse(claim)
        if said.rank is None:
            raise UnreadablePhrase(f"'{said}' says how many cards but not their rank; a "
                                   f"play's odds need its rank, like 'two kings'",
                                   field="claim")
        if count is not None:
            count = read_count(count, field="count", what="a play's count")
            if not 1 <= count <= MAX_PLAY:
                raise InvalidInput(f"a play's count must be from 1 to {MAX_PLAY}, not {count}",
                                   field="count")
            if said.count is not None and said.count != count:
                raise InvalidInput(f"'{said}' says {said.count} cards, not {count}",
                                   field="count")
        count = said.count if said.count is not None else count
        if count is None:
            raise InvalidInput(f"'{said}' does not say how many cards: give the count",
                               field="count")
        if count > self.unseen:
            raise InvalidInput(f"{count} cards played, but only {self.unseen} are not in "
                               f"your hand or seen", field="count")
        return count, said.rank

    def true(self, claim, count=None) -> Chance:
        """The exact chance the play is true."""
        count, rank = self.read_claim(claim, count)
        return Chance.of(comb(self.could_be_true(rank), count), comb(self.unseen, count))

    def reason(self, claim, count=None) -> str:
        count, rank = self.read_claim(claim, count)
        good = self.could_be_true(rank)
        label = f"{rank_name(rank)}s or jokers"
        if good < count:
            return (f"certainly a lie: it needs {count} {label}, and only {good} are not in "
                    f"your hand or seen")
        return f"{good} of the {self.unseen} cards you cannot see are {label}"


def answer(payload: dict) -> dict:
    """POST /liarliar/odds and ``liars liarliar odds``: ``{"mine": cards, "seen"?: cards,
    "claim": "two kings" | {count?, rank}, "count"?}``."""
    payload = read_object(payload, {"mine", "seen", "claim", "count"}, ("mine", "claim"),
                          "liarliar odds")
    view = LiarLiarView.read(payload["mine"], payload.get("seen"))
    count, rank = view.read_claim(payload["claim"], payload.get("count"))
    chance = view.true(payload["claim"], count)
    certainly = "lie" if chance.impossible else "true" if chance.certain else None
    return {"game": "liarliar", "claim": Declaration(count, rank).to_dict(),
            "mine": [str(c) for c in view.mine], "seen": [str(c) for c in view.seen],
            "unseen": view.unseen, "could_be_true": view.could_be_true(rank),
            "true": {**chance.as_dict(), "reason": view.reason(payload["claim"], count)},
            "lie": chance.complement().as_dict(), "certainly": certainly,
            "suggestion": {"call_liar": chance.value < Fraction(1, 2)}, "advice": ADVICE}


# --- as the front ends describe it -----------------------------------------------------

SCHEMA = request_schema({
    "mine": {**schema.cards(DECK_SIZE), "description": "your hand"},
    "seen": schema.nullable({**schema.cards(DECK_SIZE),
                             "description": "cards not in the play: yours in the pile, the "
                                            "discarded fours; null: none"}),
    "claim": CLAIM_SCHEMA,
    "count": schema.nullable(count_schema(1, MAX_PLAY, description="the cards played, when "
                                                                   "the claim does not say"))},
    ("mine", "claim"))
# What the schema cannot say: the deck's cards, and a play's count against its claim.
REFUSALS = (
    *CLAIM_REFUSALS,
    Refusal(UnreadablePhrase, "claim", "a play's odds need its rank"),
    Refusal(InvalidCard, "mine", DECK_REFUSAL),
    Refusal(LimitExceeded, "mine", f"at most {DECK_SIZE} cards"),
    Refusal(InvalidCard, "seen", DECK_REFUSAL + ", counting your hand"),
    Refusal(LimitExceeded, "seen", f"at most {DECK_SIZE} cards"),
    Refusal(InvalidInput, "seen", "your hand and the cards seen leave a card unseen"),
    Refusal(InvalidInput, "count", f"a play has a count, from its claim or from count (the "
                                   f"same if both), 1 to {MAX_PLAY}, and no more than the "
                                   f"cards you cannot see"))

EXAMPLE = {"mine": ["KH", "KS", "4D"], "claim": "two kings"}
SUMMARY = "Liar Liar: how likely the play just made is true"
DESCRIPTION = ("The cards played are a draw from those you cannot see (the 54 less your hand "
               "and seen); true when each is the rank or a joker; \"certainly\": \"lie\" when "
               "too few such cards are left.")
ANSWER_SCHEMA = object_schema({
    **ANSWER_FIELDS, "claim": {"type": "object"}, "mine": TEXTS, "seen": TEXTS,
    "unseen": {"type": "integer"}, "could_be_true": {"type": "integer"},
    "true": shared("ExactChance"), "lie": shared("ExactChance"),
    "certainly": {"enum": ["lie", "true", None]},
    "suggestion": object_schema({"call_liar": {"type": "boolean"}}, ["call_liar"])},
    ["true", "lie", "certainly", "suggestion"])


# --- the shell ---------------------------------------------------------------------------

def lines(r: dict) -> list[str]:
    """The answer as the shell prints it."""
    advice = "call 'Liar!'" if r["suggestion"]["call_liar"] else "let it stand"
    return [f"'{r['claim']['phrase']}' is true: {chance_text(r['true'])}; {r['true']['reason']}",
            f"advice: {advice}"]


COMMAND = Command(
    "how likely the play just made is true", (
        Arg("claim", "the play as said, e.g. 'two kings'"),
        Arg("mine", "your hand, e.g. KH KS 4D", nargs="*"),
        Arg("--seen", "cards not in the play: yours in the pile, discarded fours",
            metavar="CARDS"),
        Arg("--count", "cards played, when the claim does not say", metavar="N")), lines,
    description="The exact chance the play is true (every card its rank or a joker), from "
                "your hand and the cards you know are elsewhere; certainly a lie when too few "
                "are left.")
