"""What a hard computer player believes of the hands it cannot see, and how it chooses.

The exact odds (:mod:`solver.odds`) treat every hidden hand as a uniform draw.  But a
player who claims "three fives" most likely holds fives: each claim made this round
says something of its claimer's hand.  For each other player, a hard player weighs
every hand it may hold (:func:`holdings`: its chance as a draw from what the hard
player cannot see, :func:`prior`) by how likely that player's claims were from it
(:func:`likelihood`: a player claims what its own hand makes likely, by the exact
odds from its seat, and now and then bluffs), and draws many deals of the hidden hands
from the result (:func:`believed_hands`, seeded from the room's generator; a hand too
big to list is dealt at random and weighed instead).  Every chance it acts on is then
the share of the deals where the claim holds: the exact odds of its own view, updated
by the claims (Bayes' rule).  Where no other player has claimed anything this round, it
uses the exact odds as they are.

Its choice (:func:`choose`) weighs each move by what it risks: a call loses when the
claim holds; a raise loses when the next player calls it and it fails, and the next
player calls, as a player going by its own odds does, what its own hand makes unlikely
(:func:`call_chance`).  A raise that the next player will believe is worth making even
when it is false (a bluff), and one that holds is a trap when the next player will
call it.  Now and then it takes a move close to the best at random, and now and then
a bluff (:func:`mixed`: a claim its own hand does not back, when it risks little more
than the best), so that its claims do not give its hand away.  What it knows of each
other player from this game's rulings (how often it calls, whether its claims held)
is read by :mod:`.record` and each game's module.

>>> import random
>>> gen = generator(random.Random(1))
>>> hands = deals(np.array([0, 0, 1, 1, 2]), [2, 1], 4, gen)
>>> [h.shape for h in hands]
[(4, 2), (4, 1)]
>>> float(call_chance(np.array([0.5]))[0])
0.5
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

import numpy as np

SAMPLES = 2000  # deals of the hidden hands a decision weighs
ENUMERATE = 30_000  # a hand with at most this many holdings is weighed holding by holding
OTHERS_BLUFF = 0.02  # how often another player's claim is taken to say nothing of its hand
CALL_AT = 0.5  # the next player is taken to call a claim it finds less likely than this
CALL_SOFTNESS = 0.1  # ... not sharply: its chance of calling falls off over about this much
GAIN = 0.3  # another player's loss counts this much of one's own (three or more at a table)
NEAR = 0.05  # moves this close to the best are all taken now and then ...
MIX = 0.15  # ... this often, one at random


def generator(rng) -> np.random.Generator:
    """numpy's generator, seeded from the room's ``rng`` (the same seed, the same move)."""
    return np.random.default_rng(rng.getrandbits(64))


def deals(pool: np.ndarray, sizes: list[int], samples: int,
          gen: np.random.Generator) -> list[np.ndarray]:
    """``samples`` random deals of ``pool`` (the items one cannot see: tile or card codes)
    to hands of ``sizes``: one ``(samples, size)`` array of item codes a hand."""
    need = sum(sizes)
    if need == 0 or not len(pool):
        return [np.zeros((samples, size), dtype=np.int64) for size in sizes]
    order = np.argsort(gen.random((samples, len(pool))), axis=1)[:, :need]
    dealt = pool[order]
    hands, at = [], 0
    for size in sizes:
        hands.append(dealt[:, at:at + size])
        at += size
    return hands


@lru_cache(maxsize=64)
def holdings(size: int, kinds: int) -> np.ndarray | None:
    """Every hand of ``size`` items of ``kinds`` kinds, as counts ``(hands, kinds)``; None
    when there are more than :data:`ENUMERATE`."""
    if comb(kinds + size - 1, size) > ENUMERATE:
        return None
    out = np.zeros((comb(kinds + size - 1, size), kinds), dtype=np.int64)
    for row, hand in enumerate(combinations_with_replacement(range(kinds), size)):
        for kind in hand:
            out[row, kind] += 1
    return out


def prior(hands: np.ndarray, pool: np.ndarray | None) -> np.ndarray:
    """How likely a uniform draw from ``pool`` (counts a kind) is each of ``hands``, up to
    a common factor: the product of ``C(pool, held)`` over the kinds.  ``pool`` None:
    each item is drawn alike and apart (a die): the multinomial ``1 / prod(held!)``."""
    if pool is None:
        factorial = np.array([float(np.prod(np.arange(1, k + 1)))
                              for k in range(hands.max(initial=0) + 1)])
        return 1 / np.prod(factorial[hands], axis=1)
    table = np.array([[comb(int(have), k) for k in range(hands.max(initial=0) + 1)]
                      for have in range(int(pool.max(initial=0)) + 1)], dtype=float)
    return np.prod(table[pool[None, :], hands], axis=1)


def believed_hands(size: int, kinds: int, pool: np.ndarray | None, weigh, samples: int,
                   gen: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """One other player's hand of ``size`` items of ``kinds`` kinds, drawn from ``pool``
    (counts a kind; None: each item alike and apart, a die), ``samples`` times, as counts
    ``(samples, kinds)``, with each one's weight; ``weigh`` gives the likelihood of that
    player's claims for hands as counts.

    Where the hands are few (:func:`holdings`), each is weighed exactly and the samples
    are drawn from the result (weights 1): a claim that only a rare hand makes likely is
    then read right.  Otherwise the hands are dealt and weighed."""
    every = holdings(size, kinds)
    if every is not None:
        chance = prior(every, pool) * weigh(every)
        if chance.sum() <= 0:  # the claims fit no hand: weigh them all alike
            chance = prior(every, pool)
        picked = gen.choice(len(every), size=samples, p=chance / chance.sum())
        return every[picked], np.ones(samples)
    if pool is None:
        dealt = gen.integers(0, kinds, size=(samples, size))
    else:
        (dealt,) = deals(np.repeat(np.arange(kinds), pool), [size], samples, gen)
    hands = counts(dealt, kinds)
    return hands, weigh(hands)


def counts(hand: np.ndarray, kinds: int) -> np.ndarray:
    """``(samples, kinds)``: how many of each item code each dealt hand holds."""
    out = np.zeros((hand.shape[0], kinds), dtype=np.int64)
    for column in range(hand.shape[1]):
        out[np.arange(hand.shape[0]), hand[:, column]] += 1
    return out


def likelihood(chance: np.ndarray, sharpness: float = 1.0,
               bluff: float | None = None) -> np.ndarray:
    """How likely a claim was from each dealt hand, given the chance that hand gives it: a
    player mostly claims what its hand makes likely (the chance to the power
    ``sharpness``: a game where a claimer has many likelier claims to choose from reads
    an unlikely one as less likely still), and now and then (``bluff``) bluffs."""
    bluff = OTHERS_BLUFF if bluff is None else bluff
    return bluff + (1 - bluff) * chance ** sharpness


def share(weights: np.ndarray, hits: np.ndarray) -> float:
    """The weighted share of the deals where ``hits`` is true."""
    total = weights.sum()
    if total <= 0:  # the claims fit no deal at all: weigh them all alike
        return float(hits.mean())
    return float((weights * hits).sum() / total)


def call_chance(chance: np.ndarray) -> np.ndarray:
    """How likely the next player calls a claim it finds ``chance`` likely."""
    return 1 / (1 + np.exp((chance - CALL_AT) / CALL_SOFTNESS))


def raise_value(weights: np.ndarray, holds: np.ndarray, called: np.ndarray) -> float:
    """A raise's worth: called (``called``, a chance a deal) and false, it costs one; called
    and true, the caller pays (worth :data:`GAIN`); not called, nothing yet."""
    return share(weights, called * np.where(holds, GAIN, -1.0))


def call_value(holds: float) -> float:
    """A call's worth: the caller pays when the claim holds, the claimer when it fails."""
    return -holds + GAIN * (1 - holds)


@dataclass(frozen=True)
class Option:
    """One move a hard player may make, and its worth (higher is better)."""

    move: dict
    value: float


def mixed(options: list[Option], bluffs: list[Option], rng, rate: float,
          margin: float) -> dict:
    """Now and then (``rate``) a bluff: one of ``bluffs`` (claims its own hand does not
    back) within ``margin`` of the best move, so that its claims do not show its hand;
    else :func:`choose`."""
    best = max(o.value for o in options)
    fair = [o for o in bluffs if o.value >= best - margin]
    if fair and rng.random() < rate:
        return rng.choice(fair).move
    return choose(options, rng)


def choose(options: list[Option], rng) -> dict:
    """The best move; now and then (:data:`MIX`) one of those within :data:`NEAR` of it."""
    best = max(options, key=lambda o: o.value)
    near = [o for o in options if o is not best and o.value >= best.value - NEAR]
    if near and rng.random() < MIX:
        return rng.choice(near).move
    return best.move
