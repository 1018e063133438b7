"""The easy computer player at Liars' Letters, and the advisor: from one seat's own view.

Both see what that player's phone shows (its own hand, what is public) and the public
game, never another hand (:mod:`solver.rooms.bots` says how the levels differ).
"""

from __future__ import annotations

from solver.games.base import Game
from solver.rooms.bots import CALL_BELOW, SUGGESTIONS, pick
from solver.words.wordset import WordSet

from .odds import LettersView
from .raises import Suggestion

EXACT_ABOVE = 0.6  # "exact" is called when the last set is at least this likely the highest
EXACT_BUDGET = 0.2  # seconds a computer player searches before it calls "exact"


def letters_raises(odds: LettersView, last) -> list[Suggestion]:
    """The safest raises over ``last``; at an opening, never none.

    The search skips sets that cannot exist, so where no tile is in play at all (every
    player at 0 tiles, as after a right "exact" between the last two) it finds nothing;
    but a round must still be opened, and the rules let it open on any single letter.
    The opening is then the tile set's most plentiful letter, with its chance (nought):
    the opener is ruled against on any call, and the next round has tiles again."""
    suggestions = odds.raises(last, limit=SUGGESTIONS)
    if suggestions or last is not None:
        return suggestions
    counts = odds.tile_set.counts
    letter = max(sorted(counts), key=lambda x: counts[x]).lower()
    return [Suggestion(WordSet((letter,)), odds.exists(letter))]


def advice(game: Game, view: dict) -> dict:
    """The advisor for the seat whose ``view`` this is: how likely the last declaration is,
    and the safest raises (advice; every probability is exact)."""
    odds = LettersView.of_player(game, view["you"]["name"], view["you"]["hand"])
    last = game.last[1] if game.last else None
    return {"last": None if last is None else {
                "words": list(last), "exists": odds.exists(last).as_dict()},
            "suggestions": [s.as_dict() for s in letters_raises(odds, last)]}


def move(game, view, rng) -> dict:
    """A computer player's move at Liars' Letters, as its phone would send it."""
    odds = LettersView.of_player(game, view["you"]["name"], view["you"]["hand"])
    last = game.last[1] if game.last else None
    if last is not None:
        exists = odds.exists(last).probability
        if exists < CALL_BELOW * (0.5 + rng.random()):
            return {"type": "call", "call": "bullshit"}
        highest = odds.highest(last, budget=EXACT_BUDGET)
        if highest.decided and highest.probability >= EXACT_ABOVE:
            return {"type": "call", "call": "exact"}
    suggestions = letters_raises(odds, last)
    if not suggestions:  # there is a declaration to call: no raise can exist
        return {"type": "call", "call": "bullshit"}
    return {"type": "declare", "words": ", ".join(pick(suggestions, rng).words)}
