"""Rating a finished game for the house leaderboard, exactly once.

A game counts when every seat is a human with a profile, two at least
(:meth:`solver.rooms.room.Room.rated`).  :func:`record` is called after every save that
leaves such a room over, whoever saved it: a human's move (api/rooms/__init__.py), a
computer player's (turns.py: it never counts, but the hook is the same), and the
server's own look-out (turns.py), which every such save makes due at once so that a
process killed between its save and its rating is made up for by another.  The store
rates a game and marks it rated in one transaction (``store.rate``), so two processes
that race, or one that dies half way, never count a game twice nor half.  A room's games
are told apart by ``game_no`` (a room may host several, one after the other).
"""

from __future__ import annotations

from solver.rooms.ratings import Rating, rate
from solver.rooms.room import Room


def due(room: Room) -> bool:
    """Is ``room`` a finished game that may still need rating?"""
    return room.phase == "over" and room.rated()


def record(store, room: Room) -> bool:
    """Rate ``room``'s finished game if it counts and was not rated yet; True if this call
    rated it."""
    if not due(room):
        return False
    standings = room.standings()
    profiles = [pid for pid, _ in standings]
    places = [place for _, place in standings]

    def update(current: dict) -> dict:
        old = [Rating(**current[pid]) if current[pid] else Rating() for pid in profiles]
        return {pid: {"mu": new.mu, "sigma": new.sigma, "games": new.games,
                      "score": new.score}
                for pid, new in zip(profiles, rate(old, places))}

    return store.rate(room.code, room.data.get("game_no", 1), room.game, profiles, update)


def standing(row: dict) -> dict:
    """What is shown of a stored rating (``{"mu", "sigma", "games"}``): the Elo-like
    number, and the rated games played."""
    rating = Rating(mu=row["mu"], sigma=row["sigma"], games=row["games"])
    return {"rating": rating.shown, "games": rating.games}
