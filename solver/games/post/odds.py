"""The odds of a Liar's Post claim, from the receiver's view: my hand and the face-up cards.

The card in transit came from another player's hand, so to me it is any card I cannot
see: the deck less my hand and every face-up card, each as likely.  The chance it is
the named kind is the share of that kind among them, exactly.

>>> view = PostView.read("Q Q K 7", "Q Q Q 9")
>>> chance = view.is_kind("this is a queen")
>>> chance.fraction, view.unseen
('3/56', 56)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from solver.errors import InvalidCard, InvalidInput, LimitExceeded
from solver.games import schema
from solver.games.cards import Card, parse_cards, rank_name
from .game import CLAIM_REFUSALS, CLAIM_SCHEMA, TWO_DECKS, Claim, PostRules, read_card
from solver.games.commands import Arg, Command
from .game import RULES_ARGS
from solver.games.schema import Refusal, rules_object

from solver.odds.chance import Chance
from solver.odds.payload import ANSWER_FIELDS, TEXTS, object_schema, read_object, request_schema, shared
from solver.odds.text import chance_text, short

ADVICE = ("advice: call 'true' when the card is likelier the named kind than not, "
          "'false' when less likely; passing it on is the other choice")


def _cards(value, rules: PostRules, field: str) -> tuple[Card, ...]:
    if value is None:
        return ()
    if not isinstance(value, (str, list, tuple)):
        raise InvalidCard(f"{field} is a list of cards or a string like 'Q Q 7'",
                          field=field)
    return tuple(read_card(card, field=field)
                 for card in parse_cards(value, field=field, limit=rules.deck_size))


@dataclass(frozen=True)
class PostView:
    """What the receiver sees: their hand, the face-up cards of every player, the rules."""

    mine: tuple[Card, ...]
    face_up: tuple[Card, ...]
    rules: PostRules

    @classmethod
    def read(cls, mine, face_up=(), rules: PostRules | None = None) -> "PostView":
        rules = rules or PostRules()
        hand = _cards(mine, rules, "mine")
        up = _cards(face_up, rules, "face_up")
        rules.deck.check(hand, field="mine")
        rules.deck.check(up, field="face_up", known=hand, known_as="in your hand",
                         where=" face up")
        if len(hand) + len(up) >= rules.deck_size:
            raise InvalidInput(f"your {len(hand)} cards and the {len(up)} face up are the "
                               f"whole deck: no card can be on its way to you",
                               field="face_up")
        return cls(hand, up, rules)

    @classmethod
    def of_player(cls, game, player: str, mine) -> "PostView":
        """``player``'s view of a :class:`~solver.games.post.game.PostGame`: ``mine`` is their
        hand (as many cards as the game says); face up, everyone's face-up cards."""
        if player not in game.players:
            raise InvalidInput(f"{player!r} is not playing in this game", field="player")
        hand = _cards(mine, game.rules, "mine")
        if len(hand) != game.hands[player]:
            raise InvalidCard(f"{player} holds {game.hands[player]} cards, not {len(hand)}",
                              field="mine")
        up = [Card(kind) for counts in game.face_up.values() for kind, n in counts.items()
              for _ in range(n)]
        return cls.read(hand, up, game.rules)

    @property
    def unseen(self) -> int:
        return self.rules.deck_size - len(self.mine) - len(self.face_up)

    def left(self, kind: int) -> int:
        """Cards of ``kind`` I cannot see."""
        seen = Counter(card.rank for card in (*self.mine, *self.face_up))
        return self.rules.copies - seen[kind]

    def is_kind(self, claim) -> Chance:
        """The exact chance the card in transit is the claimed kind."""
        kind = Claim.parse(claim).kind
        return Chance(Fraction(self.left(kind), self.unseen))

    def reason(self, claim) -> str:
        kind = Claim.parse(claim).kind
        left = self.left(kind)
        label = rank_name(kind)
        if left == 0:
            return f"certainly false: you can see all {self.rules.copies} {label}s"
        return f"{left} of the {self.unseen} cards you cannot see are {label}s"


def answer(payload: dict) -> dict:
    """POST /post/odds and ``liars post odds``: ``{"mine": cards, "face_up"?: cards,
    "claim": "this is a queen" | {kind}, "rules"?}``."""
    payload = read_object(payload, {"mine", "face_up", "claim", "rules"}, ("mine", "claim"),
                          "post odds")
    rules = PostRules.from_dict(payload.get("rules"))
    view = PostView.read(payload["mine"], payload.get("face_up"), rules)
    claim = Claim.parse(payload["claim"])
    chance = view.is_kind(claim)
    call = None if chance.value == Fraction(1, 2) else \
        "true" if chance.value > Fraction(1, 2) else "false"
    return {"game": "post", "claim": claim.to_dict(), "mine": [str(c) for c in view.mine],
            "face_up": [str(c) for c in view.face_up], "unseen": view.unseen,
            "true": {**chance.as_dict(), "reason": view.reason(claim)},
            "false": chance.complement().as_dict(),
            "suggestion": {"call": call, "right": (chance if call != "false"
                                                   else chance.complement()).as_dict()},
            "advice": ADVICE}


# --- as the front ends describe it -----------------------------------------------------

_DECK = ("cards of the Liar's Post deck (A K Q J 10 9 8 7, any suit, no joker), no more of "
         "a kind than it holds (rules.one_deck: four, else eight)")
SCHEMA = request_schema({
    "mine": {**schema.cards(TWO_DECKS.size), "description": "your hand"},
    "face_up": schema.nullable({**schema.cards(TWO_DECKS.size),
                                "description": "every face-up card; null: none"}),
    "claim": CLAIM_SCHEMA, "rules": rules_object(PostRules)}, ("mine", "claim"))
# What the schema cannot say: the deck's kinds and how many of each, and what is left.
REFUSALS = (
    *CLAIM_REFUSALS,
    Refusal(InvalidCard, "mine", _DECK),
    Refusal(LimitExceeded, "mine", "no more cards than the deck's"),
    Refusal(InvalidCard, "face_up", _DECK + ", counting your hand"),
    Refusal(LimitExceeded, "face_up", "no more cards than the deck's"),
    Refusal(InvalidInput, "face_up", "your hand and the face-up cards leave a card unseen"))

EXAMPLE = {"mine": ["Q", "Q", "K", "7"], "face_up": "Q Q Q 9", "claim": "this is a queen"}
SUMMARY = "Liar's Post: how likely the card is the named kind"
DESCRIPTION = ("The card on its way to you is any card you cannot see (the deck less your "
               "hand and the face-up cards), each as likely.")
ANSWER_SCHEMA = object_schema({
    **ANSWER_FIELDS, "claim": {"type": "object"}, "mine": TEXTS, "face_up": TEXTS,
    "unseen": {"type": "integer"}, "true": shared("ExactChance"),
    "false": shared("ExactChance"),
    "suggestion": object_schema({"call": {"enum": ["true", "false", None]},
                                 "right": shared("ExactChance")}, ["call", "right"])},
    ["true", "false", "suggestion"])


# --- the shell ---------------------------------------------------------------------------

def lines(r: dict) -> list[str]:
    """The answer as the shell prints it."""
    call = r["suggestion"]["call"]
    advice = ("either call is as likely right" if call is None else
              f"call '{call}' (right {short(r['suggestion']['right'])})")
    return [f"'{r['claim']['phrase']}' is true: {chance_text(r['true'])}; {r['true']['reason']}",
            f"advice: {advice}"]


COMMAND = Command(
    "how likely the card is the named kind", (
        Arg("claim", "the claim, e.g. 'this is a queen'"),
        Arg("mine", "your hand, e.g. Q Q K 7", nargs="*"),
        Arg("--face-up", "every face-up card, e.g. 'Q Q Q 9'", metavar="CARDS"), *RULES_ARGS),
    lines, description="The exact chance the card on its way to you is the named kind, from "
                       "your hand and every face-up card.")
