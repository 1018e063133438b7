"""Cards as players write them: ``Q``, ``10``, ``QH``, ``Q♥``, ``queen of hearts``, ``joker``.

Liar's Post, Liar Liar and Liar's Poker share this module.  A rank is an
``int`` from 2 to 14 (ace high), like a python-chess square is an ``int``;
:func:`rank_name` and :func:`parse_rank` convert both ways.  A card may come
without a suit (Liar's Post ignores suits), and the joker has neither.

>>> Card.parse("Q♥"), Card.parse("10"), Card.parse("queen of hearts")
(Card('QH'), Card('10'), Card('QH'))
>>> str(Card.parse("joker")), Card.parse("ks").rank
('joker', 13)
>>> [str(c) for c in parse_cards("AS, 10d  7 joker")]
['AS', '10D', '7', 'joker']
>>> Card.parse("11")
Traceback (most recent call last):
...
solver.errors.InvalidCard: '11' is not a card: '11' is not a rank (A K Q J 10 9 8 7 6 5 4 3 2)

Each game's :class:`Deck` bounds what can be played or revealed: a card the
deck cannot hold is an input error naming it, never a ruling.

>>> LIAR_LIAR_DECK.check(parse_cards("KH KH KH"))
Traceback (most recent call last):
...
solver.errors.InvalidCard: KH 3 times, but the deck holds only one KH
(one 54-card deck: 52 cards and two jokers)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from solver.errors import InvalidCard, LimitExceeded, shown

from .table import small_int

ACE, KING, QUEEN, JACK = 14, 13, 12, 11
RANKS = tuple(range(ACE, 1, -1))  # high to low: 14 (A) .. 2
SUITS = "SHDC"
MAX_CARDS = 1000

RANK_LABELS = {ACE: "A", KING: "K", QUEEN: "Q", JACK: "J"}
RANK_WORDS = {"ace": ACE, "king": KING, "queen": QUEEN, "jack": JACK, "ten": 10, "nine": 9,
               "eight": 8, "seven": 7, "six": 6, "five": 5, "four": 4, "three": 3, "two": 2,
               "deuce": 2, "t": 10}
SUIT_NAMES = {"s": "S", "spade": "S", "spades": "S", "♠": "S", "♤": "S",
               "h": "H", "heart": "H", "hearts": "H", "♥": "H", "♡": "H",
               "d": "D", "diamond": "D", "diamonds": "D", "♦": "D", "♢": "D",
               "c": "C", "club": "C", "clubs": "C", "♣": "C", "♧": "C"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SHORT = re.compile(r"^(10|[2-9akqjt])([shdc♠♤♥♡♦♢♣♧]?)$")
_LONG = re.compile(r"^(\w+)\s+of\s+(\w+)$")


def rank_name(rank: int) -> str:
    """The short label of a rank: ``14 -> 'A'``, ``10 -> '10'``.

    >>> [rank_name(r) for r in (14, 11, 10, 2)]
    ['A', 'J', '10', '2']
    """
    return RANK_LABELS.get(rank, str(rank))


def parse_rank(text, *, field: str | None = None) -> int:
    """A rank from ``'Q'``, ``'queen'``, ``'10'`` or an int; InvalidCard names bad text.

    >>> parse_rank("q"), parse_rank("Ten"), parse_rank(7)
    (12, 10, 7)
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if 2 <= text <= ACE:
            return text
    elif isinstance(text, str):
        word = text.strip().lower()
        if word in RANK_WORDS:
            return RANK_WORDS[word]
        number = small_int(word)
        if number is not None and 2 <= number <= 10:
            return number
        labels = {label.lower(): rank for rank, label in RANK_LABELS.items()}
        if word in labels:
            return labels[word]
    raise InvalidCard(f"{shown(text)} is not a rank (A K Q J 10 9 8 7 6 5 4 3 2)", field=field)


def parse_suit(text: str, *, field: str | None = None) -> str:
    """A suit letter ``S H D C`` from a letter, a symbol or a name."""
    suit = SUIT_NAMES.get(str(text).strip().lower())
    if suit is None:
        raise InvalidCard(f"{shown(text)} is not a suit (spades, hearts, diamonds, clubs)",
                          field=field)
    return suit


@dataclass(frozen=True)
class Card:
    """One card: a rank (2..14) and maybe a suit; the joker has rank None.

    ``str()`` writes what :meth:`parse` reads back, so the two round-trip.
    """

    rank: int | None
    suit: str | None = None

    @classmethod
    def parse(cls, text, *, field: str | None = None) -> "Card":
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCard(f"a card must be written as text like 'QH', not {shown(text)}",
                              field=field)
        word = " ".join(text.strip().lower().split())
        if word in ("joker", "jk", "jkr", "🃏"):
            return JOKER
        short = _SHORT.match(word)
        long = _LONG.match(word)
        try:
            if short:
                rank, suit = short.groups()
                return cls(parse_rank(rank), parse_suit(suit) if suit else None)
            if long:
                return cls(parse_rank(long.group(1)), parse_suit(long.group(2)))
            return cls(parse_rank(word))
        except InvalidCard as err:
            raise InvalidCard(f"{shown(text)} is not a card: {err.message}",
                              field=field) from None

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, for people: ``Q♥``."""
        if self.is_joker:
            return "joker"
        return rank_name(self.rank) + SUIT_SYMBOLS.get(self.suit, "")

    def __str__(self) -> str:
        return "joker" if self.is_joker else rank_name(self.rank) + (self.suit or "")

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


JOKER = Card(None, None)


def parse_cards(cards, *, field: str | None = "cards", limit: int = MAX_CARDS) -> tuple[Card, ...]:
    """Cards from a list, or from one string separated by commas or spaces.

    >>> parse_cards(["q of hearts", "Q♠"])
    (Card('QH'), Card('QS'))
    """
    if isinstance(cards, str):
        pieces = []
        for chunk in cards.split(","):
            chunk = chunk.strip()
            if _LONG.match(" ".join(chunk.lower().split())):
                pieces.append(chunk)
            else:
                pieces.extend(chunk.split())
    elif isinstance(cards, (list, tuple)):
        pieces = list(cards)
    else:
        raise InvalidCard(f"cards must be a list or a string, not {type(cards).__name__}",
                          field=field)
    if len(pieces) > limit:
        raise LimitExceeded(f"{len(pieces)} cards given; at most {limit} are accepted",
                            field=field)
    return tuple(Card.parse(piece, field=field) for piece in pieces)


# --- decks: what a game's cards can be -------------------------------------------------

HOW_MANY = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four"}


def _plural_label(rank: int) -> str:
    return f"{rank_name(rank)}s"


@dataclass(frozen=True)
class Deck:
    """What one game's cards can be: its ranks, how many decks are shuffled together
    (``copies`` of each suited card) and how many jokers.

    :meth:`check` refuses cards the deck cannot hold -- a third joker, a second
    king of hearts, a fifth king -- counting the cards already known elsewhere
    (``known``: in the pile, face up, out of the game).  A card written without a
    suit is any card of its rank.

    >>> POKER_DECK.check(parse_cards("KH KS KD KC K"))
    Traceback (most recent call last):
    ...
    solver.errors.InvalidCard: 5 Ks, but the deck holds only 4 (one 52-card deck, no jokers)
    >>> LIAR_LIAR_DECK.check(parse_cards("joker joker")) == parse_cards("joker joker")
    True
    """

    name: str
    ranks: tuple[int, ...] = RANKS
    copies: int = 1
    jokers: int = 0

    @property
    def size(self) -> int:
        return len(self.ranks) * len(SUITS) * self.copies + self.jokers

    @property
    def per_rank(self) -> int:
        return len(SUITS) * self.copies

    def _too_many(self, what: str, held: str, field: str | None) -> InvalidCard:
        return InvalidCard(f"{what}, but the deck holds only {held} ({self.name})", field=field)

    def check(self, cards, *, field: str | None = "cards", known=(), known_as: str = "known",
              where: str = "") -> tuple[Card, ...]:
        """``cards`` if this deck can hold them together with ``known``; else an
        InvalidCard naming the first card it cannot hold (``where`` says where the
        cards are: " face up")."""
        cards = tuple(cards)
        every = (*known, *cards)

        def already(count_known: int) -> str:
            return f" ({count_known} already {known_as})" if count_known else ""

        jokers = sum(c.is_joker for c in every)
        if jokers > self.jokers:
            if not self.jokers:
                raise InvalidCard(f"a joker, but the deck has none ({self.name})", field=field)
            known_jokers = jokers - sum(c.is_joker for c in cards)
            raise self._too_many(f"{jokers} jokers{where}{already(known_jokers)}",
                                 f"{HOW_MANY.get(self.jokers, self.jokers)} jokers", field)
        labels = " ".join(rank_name(r) for r in self.ranks)
        for card in cards:
            if not card.is_joker and card.rank not in self.ranks:
                raise InvalidCard(f"'{card}' is not in the deck ({self.name}: {labels})",
                                  field=field)
        suited = Counter(c for c in every if not c.is_joker and c.suit)
        by_rank = Counter(c.rank for c in every if not c.is_joker)
        known_suited = Counter(c for c in known if not c.is_joker and c.suit)
        known_rank = Counter(c.rank for c in known if not c.is_joker)
        for card in cards:
            if card.is_joker:
                continue
            if card.suit and suited[card] > self.copies:
                raise self._too_many(f"{card} {suited[card]} times{where}"
                                     f"{already(known_suited[card])}",
                                     f"{HOW_MANY.get(self.copies, self.copies)} {card}", field)
            if by_rank[card.rank] > self.per_rank:
                raise self._too_many(f"{by_rank[card.rank]} {_plural_label(card.rank)}{where}"
                                     f"{already(known_rank[card.rank])}",
                                     str(self.per_rank), field)
        return cards


#: Liar Liar: one deck of 52 cards and two jokers.
LIAR_LIAR_DECK = Deck("one 54-card deck: 52 cards and two jokers", jokers=2)
#: Liar's Poker with cards: one 52-card deck.
POKER_DECK = Deck("one 52-card deck, no jokers")
