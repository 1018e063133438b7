"""The house leaderboard's ratings: a finished game's places moving each player's rating.

A rating is OpenSkill's Plackett-Luce estimate of a player's skill at one game: ``mu``
(the estimate) and ``sigma`` (how unsure it is), new players at mu 25, sigma 25/3.  The
model rates any number of players from their finishing order, and players who share a
place (the winners of Liar's Post) share a rank.  Each game moves the winner up and the
last down, by more when the result was a surprise, and makes sigma smaller.

What the leaderboard shows is Elo-like, 1000 for a new player::

    shown = round(1000 + SCALE * (mu - 3 * sigma))

``mu - 3 * sigma`` (OpenSkill's *ordinal*) is a skill the player is very likely above:
0 for a new player (25 - 3 * 25/3), so a new player shows exactly 1000.  ``SCALE`` puts
it on Elo's scale: between two players the model is sure of, Elo's 400 points (10 to 1
odds) is a gap of ``sqrt(2) * BETA * ln 10`` in mu, so SCALE = 400 / that = 29.5.  The
number is cautious: a player who keeps playing rises as the model grows surer of them,
so a regular of average skill ends well above 1000, and a lucky first win counts for
less than it would in mu.  The list is ordered by it.

>>> ann, ben = rate([Rating(), Rating()], [1, 2])
>>> Rating().shown, ann.shown, ben.shown, ann.games
(1000, 1101, 946, 1)
>>> ann.mu > 25 > ben.mu and ann.sigma < 25 / 3
True
>>> [r.shown for r in rate([Rating()] * 3, [1, 2, 2])]
[1096, 982, 982]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU = 25.0  # a new player's estimate (OpenSkill's default)
SIGMA = MU / 3  # ... and how unsure it is: mu - 3 sigma = 0
BETA = SIGMA / 2  # the spread of one game's performance around the skill (the default)
Z = 3  # the cautious skill is mu - Z * sigma
START = 1000  # what a new player shows
SCALE = 400 / (math.sqrt(2) * BETA * math.log(10))  # shown points per unit of mu: 29.5

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


@dataclass(frozen=True)
class Rating:
    """One player's rating at one game, and how many rated games made it."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def score(self) -> float:
        """The cautious skill, mu - 3 sigma: what the leaderboard is ordered by."""
        return self.mu - Z * self.sigma

    @property
    def shown(self) -> int:
        """The Elo-like number: 1000 for a new player (see the module's docstring)."""
        return round(START + SCALE * self.score)


def rate(ratings: list[Rating], places: list[int]) -> list[Rating]:
    """Each player's rating after a game they finished at ``places`` (1 is the winner;
    players who share a place have the same number), in the order given."""
    if len(ratings) != len(places) or len(ratings) < 2:
        raise ValueError("a rated game has two players or more, each with a place")
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = _MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Rating(mu=team[0].mu, sigma=team[0].sigma, games=old.games + 1)
            for team, old in zip(rated, ratings)]
