"""The easy computer player at Liar's Dice, and the advisor: from one seat's own view.

Both see what that player's phone shows (its own hand, what is public) and the public
game, never another hand (:mod:`solver.rooms.bots` says how the levels differ).
"""

from __future__ import annotations

from solver.games.base import Game
from solver.rooms.bots import CALL_BELOW, SUGGESTIONS, pick

from .odds import DiceView


def advice(game: Game, view: dict) -> dict:
    """The advisor at Liar's Dice: how likely the last bid holds, and the safest raises."""
    odds = DiceView.of_player(game, view["you"]["name"], view["you"]["hand"])
    return {"last": None if game.bid is None else {
                **game.bid.to_dict(), "holds": odds.holds(game.bid).as_dict()},
            "suggestions": [s.as_dict() for s in odds.raises(game.bid, limit=SUGGESTIONS)]}


def move(game, view, rng) -> dict:
    """A computer player's move at Liar's Dice, as its phone would send it.

    A player with no dice is out, so the one to move holds a die and there are always
    opening bids (quantity 1 on a face); with a bid standing and no raise left, it calls."""
    odds = DiceView.of_player(game, view["you"]["name"], view["you"]["hand"])
    if game.bid is not None:
        holds = odds.holds(game.bid).probability
        if holds < CALL_BELOW * (0.5 + rng.random()):
            return {"type": "liar"}
    suggestions = odds.raises(game.bid, limit=SUGGESTIONS)
    if not suggestions:
        return {"type": "liar"}
    bid = pick(suggestions, rng).bid
    return {"type": "bid", "quantity": bid.quantity, "face": bid.face}
