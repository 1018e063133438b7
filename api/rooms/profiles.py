"""The house leaderboard over HTTP: profiles, and each game's leaderboard.

``POST /profiles {"name"}`` makes a profile and gives its key out once (the store keeps
its digest), under a name that is one person's: no other profile's name looks like it
(409 naming ``name``; the look-alike rule of seat names, :func:`solver.games.names.same_name`).
A room's create and join take ``"profile": {"id", "key"}``, checked here before the seat
is taken (:func:`verified`: a wrong key or an unknown id is 401 unknown_profile, one
answer for both, and a miss counted toward the address's guessing limit, as an unknown
room code is: api/rooms/guesses.py).  ``GET /profiles/{id}`` with the key
(``Authorization: Bearer KEY``) answers the profile's name and its page: each game's
rating, its history, games, opponents and places (how a phone taking the profile over
checks the code it was given, too).  ``GET /leaderboard/{game}`` lists a game's best
rated players that have met ESTABLISHED opponents, best first (api/rooms/ratings.py
says what counts).
"""

from __future__ import annotations

import time

from flask import Blueprint, current_app, jsonify, request

from solver.errors import (
    InvalidInput,
    RoomConflict,
    TooManyProfiles,
    UnknownGame,
    UnknownProfile,
    shown,
)
from solver.games.names import read_name
from solver.rooms.profiles import matches, new_profile, read_profile
from solver.rooms.ratings import ESTABLISHED
from solver.games.registry import ROOM_GAMES as GAMES

from .. import inputs
from ..errors import StoreUnavailable
from . import guesses
from .limits import LEADERBOARD_SIZE, NEW_PROFILES_PER_MINUTE
from .ratings import profile_rating, standing

bp = Blueprint("profiles", __name__)

UNKNOWN = ("no profile here has that id and key: check the code copied from the phone "
           "that made it, or make a new profile")


def _store():
    from .service import store
    return store()


def _checked(profile_id: str, key: str, field: str | None = None) -> dict:
    """The profile ``profile_id`` if ``key`` is its key; else 401, and a miss counted
    toward the address's guessing limit (checked first: over it, 429 before any look)."""
    store = _store()
    guesses.may_guess(store)
    profile = store.profile(profile_id)
    if profile is None or not matches(profile, key):
        guesses.missed(store)
        raise UnknownProfile(UNKNOWN, field=field)
    return profile


def verified(value) -> str | None:
    """The id of the profile ``{"id", "key"}`` names, its key checked (None: none sent)."""
    if value is None:
        return None
    profile_id, key = read_profile(value)
    return _checked(profile_id, key, "profile")["id"]


def _may_make(now: float) -> None:
    per_minute = current_app.config.get("PROFILES_PER_MINUTE", NEW_PROFILES_PER_MINUTE)
    made = _store().hits("new-profile", request.remote_addr or "?", now)
    if made >= per_minute:
        raise TooManyProfiles(f"{made} new profiles from this address in a minute: at most "
                              f"{per_minute}; wait a minute", retry_after=60)


@bp.post("/profiles")
def create():
    body = inputs.json_body({"name"})
    name = read_name(body.get("name"))  # a name mistyped is told before the limit is counted
    now = time.time()
    _may_make(now)
    store = _store()
    store.purge_profiles(now)  # the profiles never rated go as new ones come
    for _ in range(20):
        profile, key = new_profile(name)
        taken = store.add_profile(profile, now)
        if taken == "name":
            raise RoomConflict(f"a profile here is already called {shown(name)}, or a name "
                               f"that looks like it (case, look-alike letters and invisible "
                               f"characters aside): choose another name", field="name")
        if taken is None:
            store.hit("new-profile", request.remote_addr or "?", now)
            return jsonify({"id": profile["id"], "key": key, "name": profile["name"],
                            "code": f"{profile['id']}.{key}"}), 201
    raise StoreUnavailable("no free profile id was found: try again")  # 32**10 ids: never


@bp.get("/profiles/<profile_id>")
def show(profile_id: str):
    """A profile's page, for a phone that holds its key: its name, and at each game it
    was rated at its rating, whether it is still provisional (not yet on the board), its
    rating over its rated games, games played, opponents met and places."""
    header = request.headers.get("Authorization", "")
    key = header[len("Bearer "):].strip() if header.startswith("Bearer ") else ""
    if not key:
        raise UnknownProfile("this needs the profile's key (Authorization: Bearer KEY)")
    try:
        read_profile({"id": profile_id, "key": key})
    except InvalidInput:  # a malformed id or key is a wrong one: a miss like any other
        guesses.may_guess(_store())
        guesses.missed(_store())
        raise UnknownProfile(UNKNOWN) from None
    profile = _checked(profile_id, key)
    return jsonify({"id": profile_id, "name": profile["name"],
                    "ratings": [profile_rating(row)
                                for row in _store().ratings(profile_id)]})


@bp.get("/leaderboard/<game>")
def leaderboard(game: str):
    """A game's best rated players, best first (at most LEADERBOARD_SIZE), each with its
    rated games and different opponents met; a profile is listed once it has met
    ESTABLISHED opponents there (one person's second profile is no field)."""
    if game not in GAMES:
        raise UnknownGame(f"no leaderboard for {shown(game)}: the games rated here are "
                          f"{', '.join(GAMES)}", field="game")
    rows = _store().leaderboard(game, LEADERBOARD_SIZE, ESTABLISHED)
    return jsonify({"game": game, "players": [{"name": row["name"], **standing(row)}
                                              for row in rows]})


def register(app, prefix: str) -> None:
    """The routes, and their part of the OpenAPI document (after the rooms' own)."""
    from .board_document import extender
    app.register_blueprint(bp, url_prefix=prefix)
    app.extensions.setdefault("liars_openapi", []).append(extender(prefix))
