"""Probabilities as the odds layer states them: exact fractions, or sampled estimates.

An exact :class:`Chance` is a :class:`fractions.Fraction`, shown both as a float and as
``"n/d"``.  An :class:`Estimate` is a count of hits in seeded random deals, with its
Wilson score interval; it says plainly that it is an estimate.

>>> Chance.of(1, 3).as_dict()
{'probability': 0.3333333333333333, 'fraction': '1/3', 'exact': True}
>>> e = Estimate(30, 100, seed=0)
>>> e.probability, [round(x, 4) for x in e.interval]
(0.3, [0.2189, 0.3958])
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

CONFIDENCE = 0.95  # the intervals' stated coverage
DEFAULT_SEED = 0  # sampled deals are the same for the same seed: answers are repeatable


def fraction_text(value: Fraction) -> str:
    """``"n/d"`` always, also for 0 and 1 (``"0/1"``, ``"1/1"``)."""
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True)
class Chance:
    """An exact probability."""

    value: Fraction

    @classmethod
    def of(cls, favourable: int, total: int) -> "Chance":
        return cls(Fraction(favourable, total))

    @property
    def probability(self) -> float:
        return float(self.value)

    @property
    def fraction(self) -> str:
        return fraction_text(self.value)

    @property
    def certain(self) -> bool:
        return self.value == 1

    @property
    def impossible(self) -> bool:
        return self.value == 0

    def complement(self) -> "Chance":
        return Chance(1 - self.value)

    def as_dict(self) -> dict:
        return {"probability": self.probability, "fraction": self.fraction, "exact": True}

    def __str__(self) -> str:
        return percent(self.value)


def percent(value) -> str:
    """A probability for people: ``'0.43%'``, ``'100%'``, ``'< 0.01%'``.

    >>> percent(Fraction(43, 10000)), percent(1), percent(Fraction(1, 10**9)), percent(0)
    ('0.43%', '100%', '< 0.01%', '0%')
    """
    value = float(value)
    if value == 0 or value == 1:
        return f"{value * 100:.0f}%"
    if value < 0.0001:
        return "< 0.01%"
    if value > 0.9999:
        return "> 99.99%"
    return f"{value * 100:.2f}%".replace(".00%", "%")


def wilson(hits: int, samples: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of ``hits`` in ``samples`` at ``confidence``.

    >>> wilson(0, 10)[0], wilson(10, 10)[1]
    (0.0, 1.0)
    """
    if samples <= 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = hits / samples
    scale = 1 + z * z / samples
    centre = (p + z * z / (2 * samples)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / samples + z * z / (4 * samples * samples))
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    high = 1.0 if hits == samples else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Estimate:
    """A probability estimated from ``samples`` seeded random deals: ``hits`` held."""

    hits: int
    samples: int
    seed: int = DEFAULT_SEED
    confidence: float = CONFIDENCE

    @property
    def probability(self) -> float:
        return self.hits / self.samples if self.samples else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.samples, self.confidence)

    def covers(self, value) -> bool:
        low, high = self.interval
        return low <= float(value) <= high

    def as_dict(self) -> dict:
        return {"probability": self.probability, "exact": False, "estimate": True,
                "samples": self.samples, "hits": self.hits, "interval": list(self.interval),
                "confidence": self.confidence, "seed": self.seed}

    def __str__(self) -> str:
        low, high = self.interval
        return (f"about {percent(self.probability)} (estimate: {self.hits} of {self.samples} "
                f"deals; {self.confidence:.0%} interval {percent(low)} to {percent(high)})")


def sample(holds: Callable[[list], bool], population: Sequence, draws: int, samples: int,
           seed: int = DEFAULT_SEED, confidence: float = CONFIDENCE) -> Estimate:
    """Deal ``draws`` of ``population`` at random ``samples`` times (seeded), and count
    the deals for which ``holds(deal)`` is true.

    >>> sample(lambda deal: "A" in deal, "AB", 1, 1000, seed=1).probability
    0.485
    """
    return sample_each(lambda deal: (holds(deal),), 1, population, draws, samples, seed,
                       confidence)[0]


def sample_each(judge: Callable[[list], tuple], events: int, population: Sequence, draws: int,
                samples: int, seed: int = DEFAULT_SEED,
                confidence: float = CONFIDENCE) -> list[Estimate]:
    """As :func:`sample`, for ``events`` events judged together on each deal:
    ``judge(deal)`` answers one truth value for each."""
    rng = random.Random(seed)
    population = list(population)
    hits = [0] * events
    for _ in range(samples):
        for i, held in enumerate(judge(rng.sample(population, draws))):
            hits[i] += bool(held)
    return [Estimate(n, samples, seed, confidence) for n in hits]
