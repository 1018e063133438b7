"""The house leaderboard's ratings: which games count, and a game's places moving each
player's rating.

A rating is OpenSkill's Plackett-Luce estimate of a player's skill at one game: ``mu``
(the estimate) and ``sigma`` (how unsure it is), new players at mu 25, sigma 25/3.  The
model rates any number of players from their finishing order.  Each game moves the
winner up and the last down, by more when the result was a surprise, and makes sigma
smaller.

Players who share a place (the winners of Liar's Post, everyone still in when a game is
called off) are passed to OpenSkill as its documentation says, with equal ranks.  Its
Plackett-Luce arithmetic for ties is unsound, though (openskill.py issues #155 and
#173): places [1, 1, 1, 1, 5, 6] raise the 5th above the four who shared first.  So a
tie is read as what it says, that no order among the tied players was seen: the game is
rated once for each order of each tied group (its rotations, every group's together),
and each player takes the mean.  Tied players of equal ratings then move alike, and
never less than anyone placed below them (tests/test_ratings.py holds the cases).

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
>>> [r.shown for r in rate([Rating()] * 6, [1, 1, 1, 1, 5, 6])]
[1050, 1050, 1050, 1050, 977, 887]
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from openskill.models import PlackettLuce

from solver.errors import shown as quoted

MU = 25.0  # a new player's estimate (OpenSkill's default)
SIGMA = MU / 3  # ... and how unsure it is: mu - 3 sigma = 0
BETA = SIGMA / 2  # the spread of one game's performance around the skill (the default)
Z = 3  # the cautious skill is mu - Z * sigma
START = 1000  # what a new player shows
SCALE = 400 / (math.sqrt(2) * BETA * math.log(10))  # shown points per unit of mu: 29.5
ESTABLISHED = 3  # different opponents a profile meets at a game before it is listed

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
    players who share a place have the same number), in the order given.  A tie is every
    order of its players, equally likely: the mean of the game rated in each (the
    module's docstring says why).  A table seats 20 at most: 1,458 orders at worst."""
    if len(ratings) != len(places) or len(ratings) < 2:
        raise ValueError("a rated game has two players or more, each with a place")
    groups: dict[int, list[int]] = {}
    for index, place in enumerate(places):
        groups.setdefault(place, []).append(index)
    tied = [members for members in groups.values() if len(members) > 1]
    orders = list(itertools.product(*(range(len(members)) for members in tied)))
    mus, sigmas = [0.0] * len(ratings), [0.0] * len(ratings)
    for turns in orders:
        ranks = [float(place) for place in places]
        for members, turn in zip(tied, turns):  # the group's places, rotated ``turn`` on
            for at, index in enumerate(members):
                ranks[index] = places[index] + (at + turn) % len(members)
        teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
        for index, team in enumerate(_MODEL.rate(teams, ranks=ranks)):
            mus[index] += team[0].mu
            sigmas[index] += team[0].sigma
    mus = [mu / len(orders) for mu in mus]
    sigmas = [sigma / len(orders) for sigma in sigmas]
    for members in tied:  # tied players of one rating are one: equal to the last bit
        alike: dict[tuple[float, float], list[int]] = {}
        for index in members:
            alike.setdefault((ratings[index].mu, ratings[index].sigma), []).append(index)
        for same in alike.values():
            mu = math.fsum(mus[i] for i in same) / len(same)
            sigma = math.fsum(sigmas[i] for i in same) / len(same)
            for i in same:
                mus[i], sigmas[i] = mu, sigma
    return [Rating(mu=mu, sigma=sigma, games=old.games + 1)
            for mu, sigma, old in zip(mus, sigmas, ratings)]


# --- which games count ------------------------------------------------------------------

NOT_MOVES = frozenset({"leave", "timeout"})  # a player's log events that are not their move


def removed(room) -> list[str]:
    """The names taken off the room's current game, by the host or by themselves (a room
    kept before it listed them lists them as it is read: :mod:`.state`)."""
    return list(room.state.removed)


def players(room) -> list[dict]:
    """The seats of the room's current game: its seats, or once it is over the players
    it placed (one the host took off the table since, ``unseat``, watches on: still one
    of them, with their profile)."""
    placed = room.state.last_places if room.phase == "over" else None
    if not placed:
        return list(room.seats)
    records = {s["name"]: s for s in (*room.spectators, *room.seats)}
    return [records[p["name"]] for p in placed if p["name"] in records]


def never_moved(room) -> list[str]:
    """The players that made no move of their own in the room's current game (running
    out of time, or being taken off, is no move)."""
    moved = {e.get("player") for e in room.state.events
             if e.get("type") not in NOT_MOVES}
    return [s["name"] for s in players(room) if s["name"] not in moved]


def unrated_because(room) -> str | None:
    """Why the room's game does not count for the leaderboard, or None when it does (a
    game over) or will if it ends as it goes (one still played).  Every seat a person
    with a profile, two at least; and the places must come from play: a game in which
    anyone was taken off (by the host, or by themselves) is not rated, nor one in which
    a seat never made a move of its own (a second profile sat there to lose).  Running
    out of time is play: that player loses their place."""
    seats = players(room)
    if not any(s.get("profile") for s in seats):
        return "no seat has a profile: a game counts when every seat has one"
    bot = next((s["name"] for s in seats if s.get("bot")), None)
    if bot is not None:
        return (f"a computer player ({quoted(bot)}) sits at this table: it has no rating "
                f"to put at stake")
    bare = next((s["name"] for s in seats if not s.get("profile")), None)
    if bare is not None:
        return f"{quoted(bare)} plays without a profile: every seat needs one"
    if len(seats) < 2:
        return "a rated game needs two players with profiles"
    if room.phase == "lobby":
        return None
    gone = removed(room)
    if gone:
        return (f"{_names(gone)} left this game or {'was' if len(gone) == 1 else 'were'} "
                f"taken off it: a removal never decides a rated game")
    idle = never_moved(room) if room.phase == "over" else []
    if idle:
        return (f"{_names(idle)} made no move of their own in this game: a rated game is "
                f"played by everyone in it")
    return None


def _names(names: list[str]) -> str:
    quoted_names = [quoted(name) for name in names]
    if len(quoted_names) == 1:
        return quoted_names[0]
    return ", ".join(quoted_names[:-1]) + " and " + quoted_names[-1]


def group_of(profiles) -> str:
    """The key of a set of profiles, whatever their seats: the rated games of one group
    are bounded in a day (api/rooms/ratings.py)."""
    return ",".join(sorted(set(profiles)))
