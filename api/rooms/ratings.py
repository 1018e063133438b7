"""Rating a finished game for the house leaderboard, exactly once, and saying which games
count.

A game counts when every seat is a person with a profile, two at least, and its places
came from play (:func:`solver.rooms.ratings.unrated_because`: no one taken off, everyone
made a move of their own); and when its group of profiles, the exact set, has not been
rated the operator's number of games (``RATED_GAMES_PER_DAY``, ``liars serve
--rated-games-per-day``, 10 by default) in the last day (:func:`verdict`).  Past it the
table plays on, unrated, and its view says why.

:func:`record` is called after every save that leaves such a room over, whoever saved
it: a human's move (api/rooms/__init__.py), a computer player's (turns.py: it never
counts, but the hook is the same), and the server's own look-out (turns.py), which every
such save makes due at once so that a process killed between its save and its rating is
made up for by another.  The store rates a game, counts it for its group and marks it
rated in one transaction (``store.rate``), so two processes that race, or one that dies
half way, never count a game twice nor half, nor a group past its limit.  A room's games
are told apart by ``game_no`` (a room may host several, one after the other).
"""

from __future__ import annotations

import time

from solver.rooms.ratings import ESTABLISHED, Rating, group_of, players, rate, unrated_because
from solver.rooms.room import Room

from .limits import RATED_GAMES_PER_DAY


def games_per_day() -> int:
    """The operator's limit on one group's rated games a day (the app's config, in a
    request or the look-out's app context; the default elsewhere)."""
    from flask import current_app, has_app_context
    if not has_app_context():
        return RATED_GAMES_PER_DAY
    return int(current_app.config.get("RATED_GAMES_PER_DAY", RATED_GAMES_PER_DAY))


def due(room: Room) -> bool:
    """Is ``room`` a finished game that may still need rating?"""
    return room.phase == "over" and room.rated()


def _profiles(room: Room) -> list[str]:
    return [s["profile"] for s in players(room)]


def verdict(store, room: Room, now: float | None = None) -> tuple[bool, str | None]:
    """Does the room's game count (or will it, if it ends as it goes), and if not, why:
    what the view's ``rated`` and ``unrated_because`` say.  No reason is given at a table
    where no seat has a profile: nothing there was meant to count."""
    why = unrated_because(room)
    if why is not None:
        return False, why if any(s.get("profile") for s in players(room)) else None
    now = time.time() if now is None else now
    limit = games_per_day()
    rated = store.group_games(group_of(_profiles(room)), now)
    this = (room.code, room.game_no)
    if this in rated:
        return True, None
    if len(rated) >= limit:
        return False, (f"these players were rated together {len(rated)} times in the last "
                       f"24 hours, the most this server rates one group a day ({limit}): "
                       f"play on, unrated, or with others")
    return True, None


def record(store, room: Room) -> bool:
    """Rate ``room``'s finished game if it counts and was not rated yet; True if this call
    rated it."""
    if not due(room):
        return False
    standings = room.standings()
    profiles = [pid for pid, _ in standings]
    places = [place for _, place in standings]

    def update(current: dict) -> dict:
        old = [Rating(**{k: current[pid][k] for k in ("mu", "sigma", "games")})
               if current[pid] else Rating() for pid in profiles]
        new = {}
        for (pid, place), before, after in zip(standings, (current[p] for p in profiles),
                                                rate(old, places)):
            met = sorted(set((before or {}).get("met", [])) | (set(profiles) - {pid}))
            tally = dict((before or {}).get("places", {}))
            tally[str(place)] = tally.get(str(place), 0) + 1
            new[pid] = {"mu": after.mu, "sigma": after.sigma, "games": after.games,
                        "score": after.score, "met": met, "opponents": len(met),
                        "listed": len(met) >= ESTABLISHED, "places": tally,
                        "history": {"mu": after.mu, "sigma": after.sigma, "place": place,
                                    "players": len(profiles)}}
        return new

    return store.rate(room.code, room.game_no, room.game, profiles, update,
                      group=group_of(profiles), limit=games_per_day(), now=time.time())


def standing(row: dict) -> dict:
    """What the leaderboard shows of a stored rating: the Elo-like number, the rated games
    played, and the different opponents met."""
    rating = Rating(mu=row["mu"], sigma=row["sigma"], games=row["games"])
    return {"rating": rating.shown, "games": rating.games, "opponents": row["opponents"]}


def profile_rating(row: dict) -> dict:
    """What a profile's own page shows of its rating at one game: the board's numbers,
    whether it is listed yet (``provisional`` until it has met ESTABLISHED opponents),
    how many games it finished at each place, and its rating after each of its last
    rated games (oldest first) with the place and the players of each."""
    places = sorted((int(place), count) for place, count in row["places"].items())
    return {"game": row["game"], **standing(row),
            "provisional": row["opponents"] < ESTABLISHED,
            "places": [{"place": place, "games": count} for place, count in places],
            "history": [{"rating": Rating(mu=p["mu"], sigma=p["sigma"]).shown,
                         "place": p["place"], "players": p["players"]}
                        for p in row["history"]]}
