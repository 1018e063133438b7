"""The easy computer player at Liar's Poker, and the advisor: from one seat's own view.

Both see what that player's phone shows (its own hand, what is public) and the public
game, never another hand (:mod:`solver.rooms.bots` says how the levels differ).
"""

from __future__ import annotations

from solver.games.base import Game
from solver.rooms.bots import CALL_BELOW, SUGGESTIONS, pick

from .odds import PokerView


def advice(game: Game, view: dict) -> dict:
    """The advisor at Liar's Poker: how likely the last claim is made, the safest raises."""
    odds = PokerView.of_player(game, view["you"]["name"], view["you"]["hand"])
    last = game.last.hand if game.last is not None else None
    return {"last": None if last is None else {
                "claim": last.to_dict(), "made": odds.made(last).as_dict()},
            "suggestions": [s.as_dict() for s in odds.raises(last, limit=SUGGESTIONS)]}


def move(game, view, rng) -> dict:
    """A computer player's move at Liar's Poker, as its phone would send it."""
    odds = PokerView.of_player(game, view["you"]["name"], view["you"]["hand"])
    last = game.last.hand if game.last is not None else None
    if last is not None and odds.made(last).value < CALL_BELOW * (0.5 + rng.random()):
        return {"type": "call"}
    suggestions = odds.raises(last, limit=SUGGESTIONS)
    if not suggestions:
        return {"type": "call"}
    return {"type": "claim", "claim": pick(suggestions, rng).hand.to_dict()}
