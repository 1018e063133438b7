"""The easy computer player at Liar Liar, and the advisor: from one seat's own view.

Both see what that player's phone shows (its own hand, what is public) and the public
game, never another hand (:mod:`solver.rooms.bots` says how the levels differ).
"""

from __future__ import annotations

from solver.games.base import Game
from solver.rooms.bots import CALL_BELOW

from .odds import LiarLiarView


def seat_odds(game, view) -> LiarLiarView:
    return LiarLiarView.of_player(game, view["you"]["name"], view["you"]["hand"])


def advice(game: Game, view: dict) -> dict:
    """The advisor at Liar Liar: how likely the last play is true, when you may call."""
    last = view.get("last_play")
    if last is None or not view["you"].get("can_call"):
        return {"last": None, "suggestions": []}
    chance = seat_odds(game, view).true({"rank": view["rank"], "count": last["count"]})
    return {"last": {**last, "rank": view["rank"], "true": chance.as_dict()},
            "suggestions": []}


def move(game, view, rng) -> dict:
    """A computer player's move at Liar Liar, as its phone would send it: put down any
    four of a kind, call an unlikely play, else play the round's rank truthfully when it
    can (and bluff otherwise), opening with the rank it holds most of."""
    from solver.games.cards import Card
    hand = view["you"]["hand"]
    ranks = [Card.parse(c).rank for c in hand]
    fours = [r for r in set(ranks) if r is not None and ranks.count(r) >= 4]
    if fours:
        from solver.games.cards import rank_name
        return {"type": "discard", "rank": rank_name(fours[0])}
    last = view.get("last_play")
    if last is not None and view["you"].get("can_call"):
        chance = seat_odds(game, view).true({"rank": view["rank"], "count": last["count"]})
        if chance.probability < CALL_BELOW * (0.5 + rng.random()):
            return {"type": "liar"}
    from solver.games.cards import parse_rank, rank_name
    if view["rank"] is None:  # it opens: the rank it holds most of
        counts = {r: ranks.count(r) for r in set(ranks) if r is not None}
        rank = max(counts, key=lambda r: (counts[r], r)) if counts else 14
        true = [c for c in hand if Card.parse(c).rank in (rank, None)][:3]
        return {"type": "play", "cards": true or hand[:1], "rank": rank_name(rank)}
    rank = parse_rank(view["rank"])
    true = [c for c in hand if Card.parse(c).rank in (rank, None)]
    if true:
        return {"type": "play", "cards": true[:rng.randint(1, min(3, len(true)))]}
    return {"type": "play", "cards": [rng.choice(hand)]}  # a bluff: no card of the rank
