"""The house leaderboard's part of the OpenAPI document: its routes (api/rooms/profiles.py),
and the profile a room's create, join and watch take.

It follows the rooms' own part (api/rooms/document.py) and adds to it: the ``profile``
field of a new room and of a join, what they refuse for it (401 unknown_profile, 409 a
profile in two seats, 429 a wrong key past the address's guessing limit), and the
view's ``rated`` and ``unrated_because``.
"""

from __future__ import annotations

from solver.errors import RoomConflict, TooManyGuesses, TooManyProfiles, UnknownProfile
from solver.games import schema
from solver.rooms.profiles import ID_PATTERN, MAX_KEY
from solver.rooms.ratings import ESTABLISHED, SCALE, START, Z
from solver.games.registry import ROOM_GAMES as GAMES

from .document import NAME_RULE, STORE_RULE
from .limits import (
    LEADERBOARD_SIZE,
    MAX_MISSES,
    NEW_PROFILES_PER_MINUTE,
    RATED_GAMES_PER_DAY,
    UNRATED_PROFILE_SECONDS,
)


def _rule(error, field: str, text: str) -> dict:
    """A refusal beyond the schema (api/openapi.py's x-rules): ``error``'s status and code."""
    return {"status": error.status, "code": error.code, "field": field, "rule": text}


PROFILE_RULE = _rule(UnknownProfile, "profile", "a profile's id and key that match a "
                                                "profile here (profiles never rated are "
                                                f"forgotten after "
                                                f"{UNRATED_PROFILE_SECONDS // 86400} days)")
ONE_SEAT_RULE = _rule(RoomConflict, "profile", "a profile sits in one seat of a room")
KEY_RULE = _rule(UnknownProfile, "", "the profile's key: Authorization: Bearer KEY")
LIMIT_RULE = _rule(TooManyProfiles, "", f"at most {NEW_PROFILES_PER_MINUTE} new profiles "
                                        f"from an address a minute")
UNIQUE_RULE = _rule(RoomConflict, "name", "a name no other profile here has, nor one that "
                                          "looks like it (case, Unicode look-alikes and "
                                          "invisible characters aside), as seat names")
GUESS_RULE = _rule(TooManyGuesses, "", f"at most {MAX_MISSES} unknown room codes or wrong "
                                       f"profile keys from an address a minute; past that "
                                       f"every key check and room lookup from it is refused, "
                                       f"right or wrong")
COUNTS = ("a game counts when every seat is a human with a profile, two at least, and its "
          "places come from play: no one taken off it (by the host or by themselves), and "
          "every seat made a move of its own (running out of time is play); and while its "
          f"group of profiles (the exact set) was rated fewer than {RATED_GAMES_PER_DAY} "
          "games in the last 24 hours (the server's --rated-games-per-day)")
LISTED = (f"a profile is listed once it has rated games against {ESTABLISHED} different "
          f"opponents at that game; before that its own page shows it as provisional")
FORMULA = (f"rating = round({START} + {SCALE:.1f} * (mu - {Z} * sigma)), from OpenSkill's "
           f"Plackett-Luce model of the places (a new player: mu 25, sigma 25/3, so {START})")


def profile_schema() -> dict:
    return {"type": "object", "required": ["id", "key"], "additionalProperties": False,
            "description": "your leaderboard profile (POST /profiles): its id and key; the "
                           "room keeps the id, never the key. " + COUNTS,
            "properties": {"id": {"type": "string", "pattern": ID_PATTERN},
                           "key": {"type": "string", "minLength": 1, "maxLength": MAX_KEY}}}


def extender(prefix: str):
    from ..openapi import RULES, error_responses, json_content

    def errors(*statuses: int, **described: str) -> dict:
        answers = error_responses(*[s for s in statuses if f"e{s}" not in described])
        for status, text in described.items():
            answers[status[1:]] = {"description": text,
                                   "content": json_content({"$ref": "#/components/schemas/"
                                                                    "Error"})}
        return answers

    def add_rules(op: dict, *rules: dict) -> None:
        op[RULES] = [*op.get(RULES, []), *rules]
        op["responses"].setdefault("401", errors(401, e401="The profile's id and key match "
                                                           "no profile here")["401"])

    def extend(document: dict) -> None:
        schemas, paths = document["components"]["schemas"], document["paths"]
        schemas["Profile"] = profile_schema()
        profile = schema.nullable({"$ref": "#/components/schemas/Profile"})  # null: none
        for branch in schemas["NewRoom"]["oneOf"]:
            branch["properties"]["profile"] = profile
        create = paths[f"{prefix}/rooms"]["post"]
        join = paths[f"{prefix}/rooms/{{code}}/join"]["post"]
        watch = paths[f"{prefix}/rooms/{{code}}/watch"]["post"]
        for op in (join, watch):
            op["requestBody"]["content"]["application/json"]["schema"]["properties"][
                "profile"] = profile
        add_rules(create, PROFILE_RULE, GUESS_RULE)
        add_rules(join, PROFILE_RULE, ONE_SEAT_RULE)
        add_rules(watch, PROFILE_RULE)
        schemas["RoomView"]["properties"]["rated"] = {
            "type": "boolean", "description": "does this table's game count for the "
                                              "leaderboard (or will it, if it ends as it "
                                              "goes): " + COUNTS}
        schemas["RoomView"]["properties"]["unrated_because"] = {
            **schema.nullable({"type": "string"}),
            "description": "why this table's game does not count, said to the table; null "
                           "when it does, and at a table where no seat has a profile"}
        if "required" in schemas["RoomView"]:
            schemas["RoomView"]["required"].append("unrated_because")
        document["components"].setdefault("securitySchemes", {})["profileKey"] = {
            "type": "http", "scheme": "bearer",
            "description": "a leaderboard profile's key (given once, by POST /profiles)"}
        made = {"type": "object", "required": ["id", "key", "name", "code"],
                "additionalProperties": False, "properties": {
                    "id": {"type": "string", "pattern": ID_PATTERN,
                           "description": "public: a room's create and join send it"},
                    "key": {"type": "string", "description": "the profile's secret, given "
                                                             "out this once: the phone keeps "
                                                             "it (the server keeps a digest)"},
                    "name": {"type": "string", "description": "as read (NFC, stripped)"},
                    "code": {"type": "string", "description": "ID.KEY: the profile as one "
                                                              "text, to take it to another "
                                                              "phone"}}}
        rating = {"type": "object", "required": ["rating", "games", "opponents"],
                  "properties": {
                      "rating": {"type": "integer", "description": FORMULA},
                      "games": {"type": "integer", "description": "rated games played"},
                      "opponents": {"type": "integer",
                                    "description": "different opponents met in them"}}}
        page = {**rating, "required": ["game", "rating", "games", "opponents",
                                       "provisional", "places", "history"],
                "properties": {
                    **rating["properties"], "game": {"enum": list(GAMES)},
                    "provisional": {"type": "boolean", "description": "not on the "
                                                                      "leaderboard yet: " +
                                                                      LISTED},
                    "places": {"type": "array", "description": "how many rated games it "
                                                               "finished at each place",
                               "items": {"type": "object", "required": ["place", "games"],
                                         "properties": {"place": {"type": "integer"},
                                                        "games": {"type": "integer"}}}},
                    "history": {"type": "array", "description": "its rating after each of "
                                                                "its last rated games, "
                                                                "oldest first",
                                "items": {"type": "object",
                                          "required": ["rating", "place", "players"],
                                          "properties": {
                                              "rating": {"type": "integer"},
                                              "place": {"type": "integer"},
                                              "players": {"type": "integer"}}}}}}
        paths[f"{prefix}/profiles"] = {"post": {
            "summary": "A leaderboard profile: a name, and a key the phone keeps",
            "description": "No account and no e-mail. Send the id and key as \"profile\" on "
                           "a room's create or join; " + COUNTS + ". " + FORMULA + ".",
            "tags": ["leaderboard"],
            "requestBody": {"required": True, "content": json_content(
                {"type": "object", "required": ["name"], "additionalProperties": False,
                 "properties": {"name": {**schema.room_name(),
                                         "description": "shown on the leaderboard"}}},
                {"name": "ann"})},
            "responses": {"201": {"description": "Created", "content": json_content(made)},
                          **errors(400, 409, 413, 415, 429, 503,
                                   e409="A profile here already has that name, or one that "
                                        "looks like it",
                                   e429="Too many new profiles from this address in a "
                                        "minute (Retry-After)",
                                   e503="The store cannot be reached now (Retry-After)")},
            RULES: [NAME_RULE, UNIQUE_RULE, LIMIT_RULE, STORE_RULE]}}
        paths[f"{prefix}/profiles/{{profile_id}}"] = {"get": {
            "summary": "Your profile's page (with its key): its name, and at each game its "
                       "rating, history, games, opponents and places; a phone taking the "
                       "profile over checks its code so",
            "description": LISTED + ".",
            "tags": ["leaderboard"], "security": [{"profileKey": []}],
            "parameters": [{"name": "profile_id", "in": "path", "required": True,
                            "schema": {"type": "string", "pattern": ID_PATTERN}}],
            "responses": {"200": {"description": "OK", "content": json_content({
                "type": "object", "required": ["id", "name", "ratings"], "properties": {
                    "id": {"type": "string"}, "name": {"type": "string"},
                    "ratings": {"type": "array", "description": "one a game rated at",
                                "items": page}}})},
                          **errors(401, 429, 503, e401="No key, or not this profile's key "
                                                       "(or no such profile: the same answer)",
                                   e429="Too many unknown room codes or wrong profile keys "
                                        "from this address in a minute (Retry-After)",
                                   e503="The store cannot be reached now (Retry-After)")},
            RULES: [KEY_RULE, GUESS_RULE, STORE_RULE]}}
        paths[f"{prefix}/leaderboard/{{game}}"] = {"get": {
            "summary": f"A game's leaderboard: its {LEADERBOARD_SIZE} best rated players, "
                       f"best first",
            "description": COUNTS + ". " + LISTED + ". " + FORMULA + ": cautious, so it "
                           "rises as a player keeps playing and the model grows sure of "
                           "them.",
            "tags": ["leaderboard"],
            "parameters": [{"name": "game", "in": "path", "required": True,
                            "schema": {"enum": list(GAMES)}}],
            "responses": {"200": {"description": "OK", "content": json_content({
                "type": "object", "required": ["game", "players"], "properties": {
                    "game": {"enum": list(GAMES)},
                    "players": {"type": "array", "maxItems": LEADERBOARD_SIZE, "items": {
                        **rating, "required": ["name", "rating", "games", "opponents"],
                        "properties": {**rating["properties"],
                                       "name": {"type": "string"}}}}}},
                {"game": "dice", "players": [
                    {"name": "ann", "rating": 1187, "games": 4, "opponents": 3},
                    {"name": "ben", "rating": 1052, "games": 3, "opponents": 3}]})},
                          **errors(404, 503, e404="No leaderboard for that game",
                                   e503="The store cannot be reached now (Retry-After)")},
            RULES: [STORE_RULE]}}
    return extend
