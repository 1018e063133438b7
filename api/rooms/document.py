"""The rooms' part of the OpenAPI document (GET /api/v1/openapi.json).

It says what the routes in api/rooms/__init__.py do, in the order they do it: a body is
read first (400, 413, 415), then the token (401: a route with none is refused before its
room is looked up), then the room (404; an address guessing codes, 429), then the seat
(401) and what the room makes of the request (403 host only, 409 not now).  What a
schema cannot say (which rooms exist, whose token it is, the game's state) is each
operation's x-rules, as for every other route (api/openapi.py).
"""

from __future__ import annotations

from solver.errors import (
    GameOver,
    HostOnly,
    IllegalMove,
    InvalidInput,
    NoReplay,
    NotAPlayer,
    NotSeated,
    RoomConflict,
    TooManyGuesses,
    TooManyRooms,
    UnknownRoom,
)
from solver.games import schema
from solver.games.registry import REPLAYERS, ROOM_GAMES
from solver.games.table import MAX_NAME, TABLE_RULINGS
from solver.rooms.bots import DEFAULT_LEVEL, LEVELS
from solver.rooms.call_odds import REVEAL_SEARCH
from solver.rooms.clock import MAX_CLOCK, MIN_CLOCK
from solver.rooms.fairdeal import SCHEME
from solver.rooms.fairness import MAX_SEED
from solver.rooms.kept import KEPT_GAMES
from solver.rooms.leaving import OUT_BY
from solver.rooms.room import DEALS, MAX_BOT_DELAY, PHASES
from solver.rooms.session import MAX_ANTE
from solver.rooms.spectators import MAX_SPECTATORS, SPECTATORS_PER_ADDRESS
from solver.rooms.variants import move_branch

from ..errors import StoreUnavailable, StreamsFull, TooManyRequests, TooManyStreams
from .limits import MAX_MISSES, NEW_ROOMS_PER_MINUTE, ROOMS_PER_ADDRESS
from .streams import STREAMS_PER_TOKEN
from .throttle import SEEN_PER_MINUTE

ROOM_ERRORS = {
    401: "No token, or not a token of this room's seats",
    403: "Only the host may do this",
    404: "No such room (rooms expire a day after their last move, an hour after the game "
         "ends)",
    503: "The rooms' store cannot be reached now (Retry-After): nothing was changed",
    409: "Not now: joining after the start, a move out of turn, in the wrong phase, or "
         "illegal by the rules",
    429: "Too many unknown room codes from this address in a minute, or too many new rooms "
         "(Retry-After)",
}


def _rule(error, field: str, text: str) -> dict:
    # in a room an illegal move is a conflict (solver.rooms.room.Room.move)
    status = RoomConflict.status if issubclass(error, IllegalMove) else error.status
    return {"status": status, "code": error.code, "field": field, "rule": text}


NAME_RULE = _rule(InvalidInput, "name", f"a name is 1 to {MAX_NAME} characters once "
                                        f"NFC-normalised and stripped, one of which shows "
                                        f"(not only blanks, fillers such as U+3164, or marks)")
TOKEN_RULE = _rule(NotSeated, "", "the player's token: Authorization: Bearer TOKEN (the event "
                                  "stream also takes ?token=), one of this room's seats'")
# RFC 6750: a token is sent one way per request (api/serving.py: one_credential).
ONE_CREDENTIAL = _rule(InvalidInput, "token", "one credential a request: the Authorization "
                                              "header or ?token=, not both")
STREAMS_RULE = _rule(TooManyStreams, "", f"at most {STREAMS_PER_TOKEN} event streams open "
                                         f"with one token (Retry-After)")
STREAMS_FULL_RULE = _rule(StreamsFull, "", "the server holds fewer event streams than its share "
                                           "of its connections (all but a tenth, spectators' "
                                           "at most three quarters of those): past it 503 at "
                                           "once, with Retry-After")
SEEN_RULE = _rule(TooManyRequests, "type", f"at most {SEEN_PER_MINUTE} seen moves from one "
                                           f"token a minute (Retry-After)")
ROOM_RULES = (_rule(UnknownRoom, "code", "a room that exists (rooms expire a day after their "
                                         "last move, an hour after the game ends)"),
              _rule(TooManyGuesses, "", f"at most {MAX_MISSES} unknown room codes from an "
                                        f"address a minute; past that every room lookup "
                                        f"from it is refused, whether the room exists or "
                                        f"not"))
STORE_RULE = _rule(StoreUnavailable, "", "the rooms' store can be reached (Redis up, the "
                                         "SQLite file writable and not locked by another "
                                         "program for over 1.5 s)")
CREATE_LIMITS = _rule(TooManyRooms, "", f"at most {NEW_ROOMS_PER_MINUTE} new rooms from an "
                                        f"address a minute, and {ROOMS_PER_ADDRESS} kept at "
                                        f"once (the server's --rooms-per-minute and "
                                        f"--rooms-per-address)")
HOST_RULE = _rule(HostOnly, "", "only the room's host may do this")
SEED_RULE = _rule(InvalidInput, "seed", f"a phone's seed is at most {MAX_SEED} printable ASCII "
                                        f"characters (space to ~)")
HEX = {"type": "string", "pattern": "^[0-9a-f]{64}$"}


def seed_schema() -> dict:
    return {"type": ["string", "null"], "maxLength": MAX_SEED, "pattern": "^[ -~]*$",
            "description": "this phone's seed for the fair deal (docs/fair-deal.md): the "
                           "page makes one with crypto.getRandomValues; null or none: the "
                           "seat adds an empty text"}


def fairness_schema() -> dict:
    """The view's ``fairness``: the fair deal of the game being played (or just over)."""
    nullable_hex = {"type": ["string", "null"], "pattern": HEX["pattern"]}
    return {
        "type": ["object", "null"],
        "required": ["scheme", "game", "commit", "client_seed", "server_seed"],
        "description": "the fair deal (docs/fair-deal.md); null at a table that deals its "
                       "own hands",
        "properties": {
            "scheme": {"const": SCHEME},
            "game": {"type": "integer", "description": "the game's number at this table"},
            "commit": {**HEX, "description": "SHA-256 of the game's 32-byte seed, shown "
                                             "from before its first deal"},
            "client_seed": {"type": "string", "description": "the seats' seeds in seat "
                                                             "order joined by |, fixed "
                                                             "at the start (a seat with "
                                                             "none adds an empty text)"},
            "server_seed": {**nullable_hex, "description": "the seed, once the game is "
                                                           "over; null until then"},
            "round": {"type": ["integer", "null"],
                      "description": "the number of the game's last deal (null before "
                                     "the first)"},
            "as_dealt": {"type": "boolean", "description": "the hands are still as that "
                                                           "deal made them"},
            "next_commit": {**nullable_hex, "description": "once the game is over: the "
                                                           "commitment of the next game's "
                                                           "seed"}}}
BUSY_RULE = _rule(StoreUnavailable, "", "the room is not busy for 10 s on end (other moves "
                                        "kept coming first): else 503, try again")
# A move the schema admits may still be out of turn, in the wrong phase or illegal by the
# game's rules: in a room every such move is 409, on the field it is about.
MOVE_CONFLICTS = tuple(_rule(error, schema.ANY, "a move legal now: in turn, in its phase, by "
                                                "the game's rules")
                       for error in (RoomConflict, IllegalMove, GameOver))


def _unprefixed(refusals) -> list[dict]:
    """A game's replay refusals of an event's fields, named as a move's body names them."""
    prefix = schema.EVENT + r"\."
    return [_rule(r.error, r.field[len(prefix):], r.rule) for r in refusals
            if r.field.startswith(prefix)]


def room_moves() -> dict[str, dict[str, set[str]]]:
    """The moves a phone sends, by game, with the keys each may carry besides "type"."""
    return {name: kind.moves for name, kind in ROOM_GAMES.items()}


def move_rules() -> list[dict]:
    MOVES = room_moves()
    rules = [_rule(InvalidInput, "type", "a move of the room's game: "
                   + "; ".join(f"{game}: {', '.join(moves)}" for game, moves in MOVES.items())),
             _rule(InvalidInput, "|".join(sorted(set().union(*(
                 keys for moves in MOVES.values() for keys in moves.values())))),
                   "the move's fields: those of its kind in the room's game; a player "
                   "removed is at the table")]
    for kind in ROOM_GAMES.values():
        rules += [r for r in _unprefixed(kind.game_type.replay_refusals) if r not in rules]
    return rules


def move_schema() -> dict:
    """Every move a phone sends (each room game's moves), a replay event without "player"."""
    MOVES = room_moves()
    ruling = {"enum": list(TABLE_RULINGS), "description": "the table's decision on a call "
                                                          "the referee cannot decide"}
    player = {**schema.room_name(), "description": "remove: the seat taken out of this game "
                                                   "(by the host, or by that player); "
                                                   "unseat: the seat the host takes off the "
                                                   "table between games"}
    branches = []
    for game, kind in ROOM_GAMES.items():  # keep the schema in step with what the room reads
        own = kind.move_schemas()
        listed = {branch["properties"]["type"]["const"] for branch in own}
        assert listed == set(kind.own_moves), (game, listed)
        branches += own
    spectator = {**schema.room_name(), "description": "dismiss: the spectator the host "
                                                      "sends away (as the view's spectators "
                                                      "name them)"}
    seen = {"type": "integer", "description": "the number of the ruling whose reveal the "
                                              "phone dismissed (the view's reveal.n)"}
    return {"anyOf": [*branches,
                      move_branch("ruling", {"ruling": ruling}, ["ruling"]),
                      move_branch("remove", {"player": player}, ["player"]),
                      move_branch("unseat", {"player": player}, ["player"]),
                      move_branch("dismiss", {"spectator": spectator}, ["spectator"]),
                      move_branch("seen", {"n": seen}, ["n"])],
            "description": "a replay event without \"player\" (the token says who): "
                           + "; ".join(f"{game}: {', '.join(kinds)}"
                                       for game, kinds in MOVES.items())}


def new_room_schema() -> dict:
    """A new room: each game with its own rules, as its replay takes them (a game that
    searches a lexicon: a bundled lexicon, a budget as every solve here takes it)."""
    from ..openapi import searching_replay
    rules = {game: (searching_replay if kind.searches_lexicon else lambda replay: replay)(
        REPLAYERS[game].replay_schema)["properties"]["rules"]
        for game, kind in ROOM_GAMES.items()}
    name = {**schema.room_name(), "description": "the host's name (see join)"}
    return {"oneOf": [{
        "type": "object", "required": ["game", "name"], "additionalProperties": False,
        "properties": {"game": {"const": game},
                       "deal": {"enum": list(DEALS) if ROOM_GAMES[game].table_deal
                                else ["server"], "default": "server"},
                       "name": name,
                       "advisor": {"type": "boolean", "default": False,
                                   "description": "may each player ask for advice"},
                       "seed": seed_schema(),
                       "seat": {"type": "boolean", "default": True,
                                "description": "false: the host runs a table display (a "
                                               "big screen) and does not play"},
                       **TABLE_SETTINGS(game),
                       "rules": {**rules[game], "description": "the game's rules, as its "
                                                               "replay takes them; null: "
                                                               "the defaults"}}}
        for game in ROOM_GAMES]}


def TABLE_SETTINGS(game: str | None) -> dict:
    """The table's settings a new room of ``game`` and POST /settings take (the kitty: the
    games that have one); ``game`` None: a table of any game (POST /settings, whose room's
    game refuses what it does not take)."""
    clock = {"type": ["integer", "null"], "minimum": MIN_CLOCK, "maximum": MAX_CLOCK}
    if game is not None and ROOM_GAMES[game].clock_choices is not None:
        clock = {"enum": list(ROOM_GAMES[game].clock_choices)}  # the game's own clocks
    settings = {
        "clock": {**clock, "default": None, "description": "seconds the player to move has; "
                                                            "null: no clock (a player out of "
                                                            "time is out)"},
        "open": {"type": "boolean", "default": False,
                 "description": "listed among the open tables (GET /rooms?open=1)"}}
    if any(kind.kitty for name, kind in ROOM_GAMES.items() if game in (None, name)):
        settings["kitty"] = {"type": ["object", "null"], "additionalProperties": False,
                             "required": ["ante"], "default": None,
                             "properties": {"ante": {"type": "integer", "minimum": 1,
                                                     "maximum": MAX_ANTE}},
                             "description": "every player antes before each game; the "
                                            "winner takes the kitty"}
    return settings


def create_rules() -> list[dict]:
    from ..openapi import budget_rules
    rules = [NAME_RULE, _rule(RoomConflict, "", "a free room code (20 tries)")]
    rules += budget_rules(r"rules\.budget")
    for kind in ROOM_GAMES.values():
        rules += [r.as_dict() for r in kind.game_type.replay_refusals
                  if r.field.startswith("rules")]
    return rules


PROBABILITY = {"type": "number", "minimum": 0, "maximum": 1}
ODDS_FIGURE = {
    "type": "object", "required": ["seat"],
    "description": "one seat's chance that the claim held, from its own view (its hand and "
                   "what was public before the call), as POST /api/v1/GAME/odds answers "
                   "that view",
    "properties": {
        "seat": {"type": "string"},
        "p": {"type": ["number", "null"], "minimum": 0, "maximum": 1,
              "description": "the chance; null when a search could not settle it (then "
                             "interval) or withheld"},
        "fraction": {"type": ["string", "null"], "pattern": "^[0-9]+/[0-9]+$",
                     "description": "the exact chance, n/d"},
        "exact": {"type": "boolean"},
        "decided": {"const": False, "description": "a Liars' Letters 'exact' whose one "
                                                   f"search ({REVEAL_SEARCH:g} s at most) "
                                                   "did not settle it"},
        "interval": {"type": "array", "items": PROBABILITY, "minItems": 2, "maxItems": 2,
                     "description": "where the chance lies, when not decided"},
        "private": {"const": True, "description": "the caller's figure where hands outlive "
                                                  "the ruling (Liar Liar, Liar's Post): "
                                                  "shown to the caller alone while the game "
                                                  "is on, to all in its replay"},
        "withheld": {"const": True, "description": "another seat's private figure: not "
                                                   "yours to see"}}}
def ruling_odds() -> dict:
    """A ruling's ``odds``: each measure the games' room variants name (``measures``)."""
    measures: dict[str, list[str]] = {}
    for name, kind in ROOM_GAMES.items():
        for measure, meaning in kind.measures.items():
            measures.setdefault(measure, []).append(f"{meaning} ({REPLAYERS[name].title})")
    return {"oneOf": [{"type": "null"}, {
        "type": "object", "required": ["measure", "claim", "caller", "claimer"],
        "description": "how likely the called claim was to hold, from the caller's seat and "
                       "the claimer's; null for what is no call (a Liar Liar discard)",
        "properties": {
            "measure": {"enum": list(measures),
                        "description": "what held means: " + "; ".join(
                            f"{measure}: {', '.join(said)}"
                            for measure, said in measures.items())},
            "claim": {"type": "object", "required": ["phrase"],
                      "description": "the claim called, as its game says it"},
            "caller": ODDS_FIGURE, "claimer": ODDS_FIGURE}}]}


def ruling() -> dict:
    return {"type": "object", "description": "a ruling: the call, what it revealed, the "
                                             "verdict, who gains or loses, and its odds",
            "properties": {"odds": ruling_odds()}}


def replay_schema() -> dict:
    """A finished game's replay (GET /rooms/{code}/games/{n}/replay)."""
    return {
        "type": "object",
        "required": ["code", "game", "n", "players", "places", "winner", "rounds", "log"],
        "properties": {
            "code": {"type": "string"}, "game": {"enum": list(ROOM_GAMES)},
            "n": {"type": "integer", "minimum": 1, "description": "the game's number at the "
                                                                  "table (1, then each "
                                                                  "rematch)"},
            "deal": {"enum": list(DEALS)},
            "players": {"type": "array", "items": {"type": "string"}},
            "places": {"type": "array", "items": {"type": "object"}},
            "winner": {"type": ["string", "null"]},
            "called_off": {"type": ["string", "null"]},
            "rounds": {"type": "array", "description": "every round a ruling closed, oldest "
                                                       "first: its claims, its ruling with "
                                                       "every odds figure",
                       "items": {"type": "object", "required": ["round", "claims", "ruling"],
                                 "properties": {"round": {"type": ["integer", "null"]},
                                                "claims": {"type": "array",
                                                           "items": {"type": "object"}},
                                                "ruling": ruling()}}},
            "rounds_dropped": {"type": "integer", "minimum": 0,
                               "description": "the earliest rounds a very long game's record "
                                              "left out (its log keeps every move)"},
            "log": {"type": "object", "required": ["rules", "players", "events"],
                    "description": "the replay JSON of the game: POST /api/v1/GAME/replay "
                                   "plays it"}}}


def room_view() -> dict:
    return {
        "type": "object", "additionalProperties": True,
        "required": ["code", "game", "deal", "rules", "version", "phase", "players", "you",
                     "to_move", "round", "direction", "declarations", "last_ruling",
                     "reveal", "history", "winner"],
        "description": "what one player's phone shows: everything public and only "
                       "their own hand",
        "properties": {
            "code": {"type": "string"}, "game": {"enum": list(ROOM_GAMES)},
            "deal": {"enum": list(DEALS)}, "rules": {"type": "object"},
            "version": {"type": "integer", "description": "+1 on every change"},
            "phase": {"enum": list(PHASES)},
            "players": {"type": "array", "items": {"type": "object", "properties": {
                "bot": {"type": "boolean", "description": "a computer player"},
                "out": {"type": "boolean", "description": "out of this game (Liar Liar: "
                                                          "eliminated, not finished)"},
                "out_by": {"enum": [*OUT_BY, None],
                           "description": "why they are out: clock (ran out of time), "
                                          "removed (taken off by the host), left (took "
                                          "themselves off), play (lost it); null in play"},
                "level": {"enum": [*LEVELS, None],
                          "description": "a computer player's level; null for a person"}}}},
            "spectators": {"type": "array", "items": {"type": "string"},
                           "description": "who watches (the table display's host too)"},
            "you": {"type": "object", "properties": {
                "name": {"type": "string"}, "host": {"type": "boolean"},
                "seat": {"type": "boolean", "description": "false: you watch"},
                "hand": {"description": "your tiles (letters) or dice; null before the "
                                        "deal or when the table deals"}}},
            "to_move": {"type": ["string", "null"]},
            "round": {"type": ["integer", "null"]},
            "direction": {"type": ["string", "null"]},
            "declarations": {"type": "array", "items": {"type": "object"},
                             "description": "this round's last 20 claims, in order"},
            "claims": {"type": "integer", "description": "how many claims this round has"},
            "called_off": {"type": ["string", "null"],
                           "description": "why the game was called off (its log full)"},
            "waiting_for": {"type": "array", "items": {"type": "string"}},
            "last_ruling": {"oneOf": [{"type": "null"}, ruling()]},
            "reveal": {
                "type": ["object", "null"], "required": ["n", "at", "hold", "seen", "waiting"],
                "description": "the last ruling's reveal, shown until each phone dismisses it "
                               "(a seen move) and at least hold seconds; null before the "
                               "game's first ruling",
                "properties": {
                    "n": {"type": "integer", "description": "the ruling's number this game"},
                    "at": {"type": ["number", "null"],
                           "description": "when it was made (epoch seconds)"},
                    "hold": {"type": "number", "description": "seconds computer players "
                                                              "wait at least"},
                    "seen": {"type": "array", "items": {"type": "string"},
                             "description": "the players who dismissed it"},
                    "waiting": {"type": "array", "items": {"type": "string"},
                                "description": "the connected players who have not"}}},
            "history": {"type": "array", "description": "the game's last 20 finished rounds, "
                                                        "oldest first: public only",
                        "items": {"type": "object", "required": ["round", "claims", "ruling"],
                                  "properties": {
                                      "round": {"type": ["integer", "null"]},
                                      "claims": {"type": "array",
                                                 "items": {"type": "object"}},
                                      "ruling": ruling()}}},
            "winner": {"type": ["string", "null"]},
            "clock": {"type": ["integer", "null"]},
            "deadline": {"type": ["integer", "null"],
                         "description": "when the player to move runs out of time (epoch "
                                        "ms); null for a computer player (no clock)"},
            "clock_starts": {"type": ["integer", "null"],
                             "description": "when the mover's clock starts to run (epoch ms; "
                                            "after a ruling's reveal is held): show "
                                            "min(clock, deadline - now), never more"},
            "stuck": {"type": ["string", "null"],
                      "description": "why the server cannot act in this table (it set it "
                                     "aside; the host may start a rematch), or null"},
            "removed": {"type": "array", "items": {"type": "string"},
                        "description": "the seats taken off this game (by the host or "
                                       "themselves)"},
            "notice": {"type": ["object", "null"], "required": ["n", "kind", "player", "text"],
                       "description": "the last table event that is no ruling, said to "
                                      "everyone",
                       "properties": {
                           "n": {"type": "integer", "description": "grows with each notice"},
                           "kind": {"enum": ["timeout", "removed", "left", "unseated"]},
                           "player": {"type": "string"},
                           "by": {"type": ["string", "null"]},
                           "at": {"type": ["number", "null"],
                                  "description": "when the server applied a clock (epoch "
                                                 "seconds); null for the other kinds"},
                           "text": {"type": "string"}}},
            "now": {"type": ["integer", "null"],
                    "description": "the server's time as it answered (epoch ms)"},
            "session": {"type": "object", "description": "the table's games so far: each "
                                                        "player's places, wins and chips"},
            "fairness": fairness_schema(),
            "places": {"type": ["array", "null"], "items": {
                "type": "object", "required": ["name", "place"],
                "properties": {"name": {"type": "string"}, "place": {"type": "integer"}}},
                "description": "when the game is over: every seat, best first (players who "
                               "share a place have the same number)"}}}


def stream_event() -> dict:
    """One server-sent event as a reader parses it: a ``message`` is a RoomView's JSON,
    a ``ping`` (every 5 s while nothing changes, its data ``{}``) says the server is there
    (the ``retry:`` line is no event)."""
    return {"type": "object", "required": ["data", "event"],
            # OpenAPI 3.0 has no contentSchema: the text's own schema is in its words
            "properties": {"data": {"type": "string", "pattern": "^\\{",
                                    "description": "your view of the room, now and on every "
                                                   "change: a RoomView as JSON text; a "
                                                   "ping's: {}"},
                           "event": {"enum": ["message", "ping"]},
                           "id": {"type": "string"}, "retry": {"type": "integer"}}}


def extender(prefix: str):
    from ..openapi import RULES, error_responses, json_content, ref

    def errors(*statuses: int) -> dict:
        known = error_responses(*[s for s in statuses if s not in ROOM_ERRORS])
        return {**known, **{str(s): {"description": ROOM_ERRORS[s],
                                     "content": json_content(ref("Error"))}
                            for s in statuses if s in ROOM_ERRORS}}

    def op(summary: str, ok: dict, statuses, rules, *, status: int = 200, body=None,
           example=None, token: bool = True, room: bool = True, parameters=None,
           security=({"bearerAuth": []},)) -> dict:
        statuses = {*statuses, 503, *((400, 413, 415) if body is not None else ())}
        rules = [*rules, STORE_RULE]
        entry = {"summary": summary, "tags": ["rooms"], "responses": {str(status): ok}}
        if room:
            entry["parameters"] = [code]
            statuses |= {404, 429}
            rules = [*rules, *ROOM_RULES]
        if parameters:
            entry.setdefault("parameters", []).extend(parameters)
        if body is not None:
            entry["requestBody"] = {"required": True, "content": json_content(body, example)}
        if token:
            entry["security"] = list(security)
            statuses |= {401}
            rules = [TOKEN_RULE, ONE_CREDENTIAL, *rules]
        statuses |= {r["status"] for r in rules}
        entry["responses"].update(errors(*sorted(statuses)))
        entry[RULES] = rules
        return entry

    def body_of(properties: dict, required) -> dict:
        body = {"type": "object", "required": list(required), "additionalProperties": False,
                "properties": properties}
        if not required:  # OpenAPI 3.0 wants at least one name in a "required"
            del body["required"]
        return body

    from .limits import CODE_LENGTH, CODE_LETTERS
    seated = {"description": "OK", "content": json_content(ref("RoomView"))}
    code = {"name": "code", "in": "path", "required": True,
            "schema": {"type": "string",
                       "pattern": f"^[{CODE_LETTERS}{CODE_LETTERS.lower()}]{{{CODE_LENGTH}}}$",
                       "description": "the room's code, in any case"}}

    def extend(document: dict) -> None:
        schemas = document["components"]["schemas"]
        schemas["RoomView"] = room_view()
        schemas["NewRoom"] = new_room_schema()
        schemas["RoomMove"] = move_schema()
        schemas["RoomEvent"] = stream_event()
        schemas["GameReplay"] = replay_schema()
        joined = {"type": "object", "required": ["token", "room"], "properties": {
            "code": {"type": "string"}, "token": {"type": "string"}, "room": ref("RoomView")}}
        schemes = document["components"].setdefault("securitySchemes", {})
        schemes["bearerAuth"] = {
            "type": "http", "scheme": "bearer",
            "description": "the token a player got on creating or joining the room"}
        schemes["streamToken"] = {
            "type": "apiKey", "in": "query", "name": "token",
            "description": "the same token, as the event stream alone takes it (a browser's "
                           "EventSource sends no header); one way a request, never both"}
        conflict = [BUSY_RULE]
        rooms = f"{prefix}/rooms/{{code}}"
        paths = document["paths"]
        create = op("A new room; the creator is its host",
                    {"description": "Created", "content": json_content(joined)}, (409, 429),
                    [*create_rules(), SEED_RULE, CREATE_LIMITS], status=201, body=ref("NewRoom"),
                    token=False,
                    room=False, example={"game": next(iter(ROOM_GAMES)), "deal": "server",
                                         "name": "ann"})
        paths[f"{prefix}/rooms"] = {"post": create}
        paths[f"{rooms}/join"] = {"post": op(
            "Join a room by its code, before the host starts it",
            {"description": "Joined", "content": json_content(joined)}, (404, 409, 429),
            [NAME_RULE, SEED_RULE, _rule(RoomConflict, "name", "before the start, a name no "
                                                               "player keeps (case aside; a "
                                                               "spectator's who never played "
                                                               "here is taken over), a seat "
                                                               "free"), *conflict],
            status=201, token=False, example={"name": "ben", "seed": "f00d5eed"},
            body=body_of({"name": {**schema.room_name(), "description": "your name at the "
                                   "table"}, "seed": seed_schema()}, ["name"]))}
        paths[rooms] = {"get": op("Your view of the room", seated, (404, 429), [])}
        paths[f"{rooms}/watch"] = {"post": op(
            "Watch a table from the sidelines, in any phase: the public state only",
            {"description": "Watching", "content": json_content(joined)}, (404, 409, 429),
            [NAME_RULE, _rule(RoomConflict, "name", f"a name no player nor spectator "
                                                    f"keeps (case aside), at most "
                                                    f"{MAX_SPECTATORS} spectators, "
                                                    f"{SPECTATORS_PER_ADDRESS} of them from "
                                                    f"one address"),
             *conflict],
            status=201, token=False, example={"name": "sam"},
            body=body_of({"name": {**schema.room_name(), "description": "your name"}},
                         ["name"]))}
        paths[f"{rooms}/start"] = {"post": op(
            "The host starts the game", seated, (403, 404, 409, 429),
            [HOST_RULE, _rule(RoomConflict, "type|players", "in the lobby, with enough "
                                                            "players"), *conflict])}
        paths[f"{rooms}/moves"] = {"post": op(
            "A move: declare, call, bid, liar, reveal (table deal), ruling (host)", seated,
            (403, 404, 409, 429), [HOST_RULE, _rule(NotAPlayer, "", "a player's seat: "
                                                                    "spectators do not move"),
                                   *move_rules(), *MOVE_CONFLICTS, SEEN_RULE, *conflict],
            body=ref("RoomMove"), example={"type": "declare", "words": "big, g"})}
        paths[f"{rooms}/events"] = {"get": op(
            "Server-sent events: data: VIEW now and on every change",
            {"description": "text/event-stream: a data: event of your RoomView now and on "
                            "every change, a comment now and then",
             "content": {"text/event-stream": {"schema": ref("RoomEvent")}}},
            (404, 429, 503), [STREAMS_RULE, STREAMS_FULL_RULE],
            security=({"bearerAuth": []}, {"streamToken": []}))}
        paths[f"{rooms}/bots"] = {"post": op(
            "The host seats a computer player (server deal, before the start)", seated,
            (403, 404, 409, 429),
            [HOST_RULE, NAME_RULE, _rule(RoomConflict, "name|deal", "before the start, at a "
                                                                     "table the server "
                                                                     "deals, a name not "
                                                                     "taken, a seat free"),
             _rule(InvalidInput, "level", "easy or hard"), *conflict], status=201,
            example={"name": "robo", "delay": 1, "level": "hard"},
            body=body_of({"name": {**schema.room_name(), "description": "its name"},
                          "delay": {"type": "number", "minimum": 0,
                                    "maximum": MAX_BOT_DELAY, "default": 1,
                                    "description": "seconds it takes over a move"},
                          "level": {"enum": list(LEVELS), "default": DEFAULT_LEVEL,
                                    "description": "easy: the safest raises, a dose of "
                                                   "bluffing, calls on a threshold drawn at "
                                                   "random; hard: the exact odds weighed by "
                                                   "what the others' claims say of their "
                                                   "hands, the move that risks least, bluffs "
                                                   "and 'exact' calls"}},
                         ["name"]))}
        paths[f"{prefix}/rooms"]["get"] = op(
            "The open tables in their lobby, to join (?open=1)",
            {"description": "OK", "content": json_content({
                "type": "object", "required": ["rooms"], "properties": {"rooms": {
                    "type": "array", "items": {
                        "type": "object",
                        "required": ["code", "game", "seats", "players", "clock"],
                        "properties": {"code": {"type": "string"}, "game": {"enum": list(ROOM_GAMES)},
                                       "seats": {"type": "integer"},
                                       "players": {"type": "integer"},
                                       "clock": {"type": ["integer", "null"]},
                                       "host": {"type": "string"}}}}}})},
            (400,), [_rule(InvalidInput, "open", "?open=1: only open tables are listed")],
            token=False, room=False, parameters=[{
                "name": "open", "in": "query", "required": True,
                "schema": {"type": "string", "enum": ["1", "true"]}}])
        settings = TABLE_SETTINGS(None)
        kitties = " and ".join(REPLAYERS[name].title for name, kind in ROOM_GAMES.items()
                               if kind.kitty)
        paths[f"{rooms}/settings"] = {"post": op(
            "The host changes the clock, the listing or the kitty, in the lobby or between "
            "games", seated, (403, 404, 409, 429),
            [HOST_RULE, _rule(RoomConflict, "type", "in the lobby or between games"),
             _rule(InvalidInput, "clock|open|kitty|kitty.ante", "each setting as a new "
                                                                "room of the table's game "
                                                                f"takes it (the kitty: "
                                                                f"{kitties})"),
             *conflict], example={"clock": 30},
            body=body_of(settings, []))}
        paths[f"{rooms}/rematch"] = {"post": op(
            "The host starts the next game at the same table, the same seats, once the game "
            "is over", seated, (403, 404, 409, 429),
            [HOST_RULE, _rule(RoomConflict, "type", "the game is over"), *conflict])}
        paths[f"{rooms}/advisor"] = {"post": op(
            "The host allows the advisor for the table, or forbids it", seated,
            (403, 404, 409, 429), [HOST_RULE, *conflict], example={"allowed": True},
            body=body_of({"allowed": {"type": "boolean"}}, ["allowed"]))}
        paths[f"{rooms}/advice"] = {"get": op(
            "Advice from your own view: how likely the last claim is, the safest raises "
            "(exact probabilities), when the host allows the advisor",
            {"description": "OK", "content": json_content(
                {"type": "object", "properties": {"last": {}, "suggestions": {
                    "type": "array"}}})}, (403, 404, 409, 429),
            [_rule(HostOnly, "", "the host has allowed the advisor"),
             _rule(RoomConflict, "deal|type", "a claim to advise on, at a table the server "
                                              "deals")])}
        number = {"name": "n", "in": "path", "required": True,
                  "schema": {"type": "integer", "minimum": 1, "maximum": 999999999},
                  "description": "the game's number at the table (the view's game_no)"}
        paths[f"{rooms}/games/{{n}}/replay"] = {"get": op(
            "A finished game's replay, for anyone with the table's code (no token): every "
            "claim, call and reveal with its odds; 404 until the game is over",
            {"description": "OK", "content": json_content(ref("GameReplay"))}, (400, 404, 429),
            [_rule(InvalidInput, "n", "a game's number, 1 or more"),
             _rule(NoReplay, "n", f"a game of this table that is over and still kept (the "
                                  f"last {KEPT_GAMES})")],
            token=False, parameters=[number])}
        paths[f"{rooms}/games"] = {"get": op(
            f"The room's log: its finished games' replays (the last {KEPT_GAMES}), for "
            f"anyone with the table's code (no token)",
            {"description": "OK", "content": json_content({
                "type": "object", "required": ["code", "game", "games"],
                "properties": {"code": {"type": "string"}, "game": {"enum": list(ROOM_GAMES)},
                               "games": {"type": "array", "items": ref("GameReplay")}}})},
            (404, 429), [], token=False)}
        paths[f"{rooms}/log"] = {"get": op(
            "The replay so far: {rules, players, events}, and the fair deal's records "
            "(fairness: each game's, whole once it is over; liars verify checks them)",
            {"description": "OK", "content": json_content({
                "type": "object", "required": ["rules", "players", "events", "fairness"],
                "properties": {"fairness": {"type": "array", "items": {"type": "object"}}}})},
            (404, 429), [])}
    return extend

