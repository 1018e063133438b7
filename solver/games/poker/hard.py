"""The hard computer player at Liar's Poker with cards.

From its own view: its cards, how many each other player holds, this round's claims.
It deals the others' cards at random from the 52 less its own (:mod:`.belief`), weighs
each deal by how likely each of their claims was from the cards it gave them, and from
that belief calls or claims, whichever risks least.  Every higher hand's chance is
counted over the deals; the likeliest are weighed with the chance the next player
calls them.  A claim's chance from a claimer's seat is estimated rank by rank (and suit
by suit for flushes), each part exact: the number of cards it still needs among those
that seat cannot see.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from solver.games.cards import SUITS, Card
from .game import DECK, Hand
from solver.games.table import next_player
from .odds import COPIES, PokerView, straight_ranks

from solver.rooms.hard import belief, record

WEIGHED = 12  # the likeliest higher hands weighed with the next player's call
SHARPNESS = 2.5  # a claimer's chance, to this power, is its claim's likelihood
CALLS = 0.3  # how often a player is first taken to call at a chance to ...
CALLS_WEIGHT = 3.0  # ... counting as this many chances of its record at this table
BLUFF = 0.25  # how often it claims ranks it holds none of, when that risks little more ...
BLUFF_MARGIN = 0.15  # ... than this below the best move
OPEN_BLUFF = 0.15  # how often an opening names ranks it holds none of (else they show)
BLUFFS_WEIGHED = 4  # the likeliest higher hands of ranks it holds none of, weighed too


def calling(view: dict, player: str) -> float:
    """How much more (or less) often ``player`` calls than a player is first taken to:
    its record at this table (:mod:`.record`), between a third and three times."""
    return min(3.0, max(1 / 3, record.rate(record.call_record(view, player), CALLS,
                                           CALLS_WEIGHT) / CALLS))


def code(card: Card) -> int:
    """A card as 0-51: its rank (2-A) by four, plus its suit."""
    return (card.rank - 2) * 4 + SUITS.index(card.suit)


@lru_cache(maxsize=4096)
def _tail(unseen: int, hidden: int, pool: int, need: int) -> float:
    """The chance ``hidden`` cards drawn from ``unseen`` hold at least ``need`` of ``pool``."""
    if need <= 0:
        return 1.0
    total = comb(unseen, hidden)
    return sum(comb(pool, j) * comb(unseen - pool, hidden - j)
               for j in range(need, min(pool, hidden) + 1)) / total


def tails(unseen: int, hidden: int) -> np.ndarray:
    """``t[pool, need]`` of :func:`_tail`, for pools up to 13 and needs up to 5."""
    return np.array([[_tail(unseen, hidden, pool, need) for need in range(6)]
                     for pool in range(14)])


class Cards:
    """Card counts of many deals at once: by rank ``(deals, 13)``, by suit and rank
    ``(deals, 4, 13)``."""

    def __init__(self, by_suit: np.ndarray):
        self.by_suit = by_suit
        self.by_rank = by_suit.sum(axis=1)

    @classmethod
    def of(cls, codes: np.ndarray) -> Cards:
        dealt = belief.counts(codes, DECK).reshape(len(codes), 13, 4)
        return cls(dealt.transpose(0, 2, 1))

    def __add__(self, other: Cards) -> Cards:
        return Cards(self.by_suit + other.by_suit)

    def made(self, hand: Hand) -> np.ndarray:
        """Whether ``hand`` can be made in each deal."""
        ranks, suits = self.by_rank, self.by_suit
        if hand.name in COPIES:
            return np.all([ranks[:, r - 2] >= n for r, n in zip(hand.ranks, COPIES[hand.name])],
                          axis=0)
        wanted = [r - 2 for r in straight_ranks(hand.ranks[0])]
        if hand.name == "straight":
            return np.all(ranks[:, wanted] >= 1, axis=1)
        if hand.name == "straight flush":
            return np.any(np.all(suits[:, :, wanted] >= 1, axis=2), axis=1)
        top = hand.ranks[0] - 2  # a flush: its top card and four lower of one suit
        return np.any((suits[:, :, top] >= 1) & ((suits[:, :, :top] >= 1).sum(axis=2) >= 4),
                      axis=1)

    def chance(self, hand: Hand, table: np.ndarray) -> np.ndarray:
        """About how likely ``hand`` is made from the seat holding these cards (``table``:
        :func:`tails` of that seat), in each deal."""
        ranks, suits = self.by_rank, self.by_suit
        if hand.name in COPIES or hand.name == "straight":
            need = (zip(hand.ranks, COPIES[hand.name]) if hand.name in COPIES
                    else ((r, 1) for r in straight_ranks(hand.ranks[0])))
            out = np.ones(len(ranks))
            for rank, copies in need:
                have = ranks[:, rank - 2]
                out *= table[4 - have, np.clip(copies - have, 0, 5)]
            return out
        miss = np.ones(len(ranks))
        for suit in range(4):
            if hand.name == "straight flush":
                wanted = [r - 2 for r in straight_ranks(hand.ranks[0])]
                lacking = 5 - (suits[:, suit, wanted] >= 1).sum(axis=1)
                part = table[lacking, lacking]
            else:
                top = hand.ranks[0] - 2
                held = suits[:, suit, top] >= 1
                lower = (suits[:, suit, :top] >= 1).sum(axis=1)
                part = (np.where(held, 1.0, table[1, 1])
                        * table[np.clip(top - lower, 0, 13), np.clip(4 - lower, 0, 5)])
            miss *= 1 - part
        return 1 - miss


class Table:
    """One decision's belief: the others' cards in each deal, and each deal's weight."""

    def __init__(self, game, me: str, mine, claims: list[dict], rng):
        self.game = game
        self.others = [p for p in game.active if p != me]
        held = {code(c) for c in mine}
        pool = np.array([c for c in range(DECK) if c not in held])
        gen = belief.generator(rng)
        dealt = belief.deals(pool, [game.cards[p] for p in self.others], belief.SAMPLES, gen)
        self.hands = {p: Cards.of(h) for p, h in zip(self.others, dealt)}
        self.all = Cards.of(np.tile([code(c) for c in mine], (belief.SAMPLES, 1)))
        for hand in self.hands.values():
            self.all = self.all + hand
        total = sum(game.cards[p] for p in game.active)
        self.tails = {p: tails(DECK - game.cards[p], total - game.cards[p]) for p in self.others}
        self.weights = np.ones(belief.SAMPLES)
        self.informed = False
        for said in claims:
            if said["player"] in self.others:
                chance = self.seat_chance(said["player"], Hand.parse(said["claim"]))
                self.weights *= belief.likelihood(chance, SHARPNESS)
                self.informed = True

    def seat_chance(self, player: str, hand: Hand) -> np.ndarray:
        return self.hands[player].chance(hand, self.tails[player])

    def made(self, hand: Hand, exact) -> float:
        """The chance ``hand`` is made: from the deals, or exact where no claim informs."""
        if not self.informed:
            return exact.probability
        return belief.share(self.weights, self.all.made(hand))


def move(game, view, rng) -> dict:
    """A hard computer player's move at Liar's Poker, as its phone would send it."""
    me, mine = view["you"]["name"], view["you"]["hand"]
    odds = PokerView.of_player(game, me, mine)  # the exact odds of its own view
    table = Table(game, me, odds.mine, view["declarations"], rng)
    last = game.last.hand if game.last is not None else None
    options = []
    if last is not None:
        options.append(belief.Option({"type": "call"},
                                     belief.call_value(table.made(last, odds.made(last)))))
    higher = odds.raises(last)
    if table.informed:  # the likeliest by the belief, then by the exact odds
        chances = {s.hand: belief.share(table.weights, table.all.made(s.hand)) for s in higher}
        higher = sorted(higher, key=lambda s: -chances[s.hand])[:WEIGHED] + higher[:WEIGHED]
    after = next_player(game.players, me, game.out, game.direction)
    keen = calling(view, after)
    held = {card.rank for card in odds.mine}
    seen, bluffing = set(), []
    bluffs = [s for s in higher if not held & set(s.hand.ranks)][:BLUFFS_WEIGHED]
    for suggestion in higher[:2 * WEIGHED] + bluffs:
        hand = suggestion.hand
        if hand in seen:
            continue
        seen.add(hand)
        called = np.clip(keen * belief.call_chance(table.seat_chance(after, hand)), 0, 1)
        option = belief.Option({"type": "claim", "claim": hand.to_dict()},
                               belief.raise_value(table.weights, table.all.made(hand), called))
        options.append(option)
        if not held & set(hand.ranks):
            bluffing.append(option)
    if last is None:  # opening: now and then its likeliest bluff, whatever it risks
        likeliest = sorted(bluffing, key=lambda o: -o.value)[:1]
        return belief.mixed(options, likeliest, rng, OPEN_BLUFF, float("inf"))
    return belief.mixed(options, bluffing, rng, BLUFF, BLUFF_MARGIN)
