"""The rooms' part of the OpenAPI document (GET /api/v1/openapi.json)."""

from __future__ import annotations

from solver.rooms.room import DEALS, GAMES, MOVES

ROOM_ERRORS = {
    401: "No token, or not a token of this room's seats",
    403: "Only the host may do this",
    404: "No such room (rooms expire a day after their last move, an hour after the game "
         "ends)",
    409: "Not now: joining after the start, a move out of turn, in the wrong phase, or "
         "illegal by the rules",
    429: "Too many unknown room codes from this address in a minute (Retry-After)",
}


def extender(prefix: str):
    from ..openapi import error_responses, json_content, ref

    def errors(*statuses: int) -> dict:
        known = error_responses(*[s for s in statuses if s not in ROOM_ERRORS])
        return {**known, **{str(s): {"description": ROOM_ERRORS[s],
                                     "content": json_content(ref("Error"))}
                            for s in statuses if s in ROOM_ERRORS}}

    def extend(document: dict) -> None:
        schemas = document["components"]["schemas"]
        schemas["RoomView"] = {
            "type": "object", "additionalProperties": True,
            "required": ["code", "game", "deal", "rules", "version", "phase", "players", "you",
                         "to_move", "round", "direction", "declarations", "last_ruling",
                         "winner"],
            "description": "what one player's phone shows: everything public and only "
                           "their own hand",
            "properties": {
                "code": {"type": "string"}, "game": {"enum": list(GAMES)},
                "deal": {"enum": list(DEALS)}, "rules": {"type": "object"},
                "version": {"type": "integer", "description": "+1 on every change"},
                "phase": {"enum": ["lobby", "playing", "reveal", "over"]},
                "players": {"type": "array", "items": {"type": "object"}},
                "you": {"type": "object", "properties": {
                    "name": {"type": "string"}, "host": {"type": "boolean"},
                    "hand": {"description": "your tiles (letters) or dice; null before the "
                                            "deal or when the table deals"}}},
                "to_move": {"type": ["string", "null"]},
                "round": {"type": ["integer", "null"]},
                "direction": {"type": ["string", "null"]},
                "declarations": {"type": "array", "items": {"type": "object"}},
                "waiting_for": {"type": "array", "items": {"type": "string"}},
                "last_ruling": {"type": ["object", "null"]},
                "winner": {"type": ["string", "null"]}}}
        schemas["NewRoom"] = {
            "type": "object", "required": ["game", "name"], "additionalProperties": False,
            "properties": {"game": {"enum": list(GAMES)},
                           "deal": {"enum": list(DEALS), "default": "server"},
                           "name": {"type": "string", "minLength": 1, "maxLength": 40},
                           "advisor": {"type": "boolean", "default": False,
                                       "description": "may each player ask for advice"},
                           "rules": {"type": "object", "description": "the game's rules, as "
                                                                      "its replay takes them"}}}
        schemas["RoomMove"] = {
            "type": "object", "required": ["type"],
            "description": "a replay event without \"player\" (the token says who)",
            "properties": {"type": {"enum": sorted({k for m in MOVES.values() for k in m})}}}
        seated = {"description": "OK", "content": json_content(ref("RoomView"))}
        joined = {"type": "object", "required": ["token", "room"], "properties": {
            "code": {"type": "string"}, "token": {"type": "string"}, "room": ref("RoomView")}}
        auth = [{"bearerAuth": []}]
        document["components"].setdefault("securitySchemes", {})["bearerAuth"] = {
            "type": "http", "scheme": "bearer"}
        code = {"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}
        paths = document["paths"]
        paths[f"{prefix}/rooms"] = {"post": {
            "summary": "A new room; the creator is its host", "tags": ["rooms"],
            "requestBody": {"required": True, "content": json_content(
                ref("NewRoom"), {"game": "letters", "deal": "server", "name": "ann"})},
            "responses": {"201": {"description": "Created", "content": json_content(joined)},
                          **errors(400, 413)}}}
        paths[f"{prefix}/rooms/{{code}}/join"] = {"post": {
            "summary": "Join a room by its code, before the host starts it", "tags": ["rooms"],
            "parameters": [code], "requestBody": {"required": True, "content": json_content(
                {"type": "object", "required": ["name"], "properties": {
                    "name": {"type": "string"}}}, {"name": "ben"})},
            "responses": {"201": {"description": "Joined", "content": json_content(joined)},
                          **errors(400, 404, 409, 413, 429)}}}
        paths[f"{prefix}/rooms/{{code}}"] = {"get": {
            "summary": "Your view of the room", "tags": ["rooms"], "parameters": [code],
            "security": auth, "responses": {"200": seated, **errors(401, 404, 429)}}}
        paths[f"{prefix}/rooms/{{code}}/start"] = {"post": {
            "summary": "The host starts the game", "tags": ["rooms"], "parameters": [code],
            "security": auth, "responses": {"200": seated, **errors(401, 403, 404, 409, 429)}}}
        paths[f"{prefix}/rooms/{{code}}/moves"] = {"post": {
            "summary": "A move: declare, call, bid, liar, reveal (table deal), ruling (host)",
            "tags": ["rooms"], "parameters": [code], "security": auth,
            "requestBody": {"required": True, "content": json_content(
                ref("RoomMove"), {"type": "declare", "words": "big, g"})},
            "responses": {"200": seated, **errors(400, 401, 403, 404, 409, 413, 429)}}}
        paths[f"{prefix}/rooms/{{code}}/events"] = {"get": {
            "summary": "Server-sent events: data: VIEW now and on every change",
            "tags": ["rooms"], "parameters": [code, {
                "name": "token", "in": "query", "required": True,
                "schema": {"type": "string"}}],
            "responses": {"200": {"description": "text/event-stream",
                                  "content": {"text/event-stream": {
                                      "schema": {"type": "string"}}}},
                          **errors(401, 404, 429)}}}
        paths[f"{prefix}/rooms/{{code}}/bots"] = {"post": {
            "summary": "The host seats a computer player (server deal, before the start)",
            "tags": ["rooms"], "parameters": [code], "security": auth,
            "requestBody": {"required": True, "content": json_content(
                {"type": "object", "required": ["name"], "additionalProperties": False,
                 "properties": {"name": {"type": "string"},
                                "delay": {"type": "number", "minimum": 0, "maximum": 30,
                                          "default": 1,
                                          "description": "seconds it takes over a move"}}},
                {"name": "robo", "delay": 1})},
            "responses": {"201": seated, **errors(400, 401, 403, 404, 409, 413, 429)}}}
        paths[f"{prefix}/rooms/{{code}}/bots/turn"] = {"post": {
            "summary": "A computer player's move, sent by the server itself with its token",
            "tags": ["rooms"], "parameters": [code], "security": auth,
            "requestBody": {"required": True, "content": json_content(
                {"type": "object", "required": ["version"],
                 "properties": {"version": {"type": "integer"}}}, {"version": 1})},
            "responses": {"200": {"description": "OK", "content": json_content(
                {"type": "object", "properties": {"moved": {"type": "boolean"}}})},
                **errors(400, 401, 404, 409, 413, 429)}}}
        paths[f"{prefix}/rooms/{{code}}/advisor"] = {"post": {
            "summary": "The host allows the advisor for the table, or forbids it",
            "tags": ["rooms"], "parameters": [code], "security": auth,
            "requestBody": {"required": True, "content": json_content(
                {"type": "object", "required": ["allowed"],
                 "properties": {"allowed": {"type": "boolean"}}}, {"allowed": True})},
            "responses": {"200": seated, **errors(400, 401, 403, 404, 413, 429)}}}
        paths[f"{prefix}/rooms/{{code}}/advice"] = {"get": {
            "summary": "Advice from your own view: how likely the last claim is, the safest "
                       "raises (exact probabilities), when the host allows the advisor",
            "tags": ["rooms"], "parameters": [code], "security": auth,
            "responses": {"200": {"description": "OK", "content": json_content(
                {"type": "object", "properties": {"last": {}, "suggestions": {
                    "type": "array"}}})}, **errors(401, 403, 404, 409, 429)}}}
        paths[f"{prefix}/rooms/{{code}}/log"] = {"get": {
            "summary": "The replay so far: {rules, players, events}", "tags": ["rooms"],
            "parameters": [code], "security": auth,
            "responses": {"200": {"description": "OK", "content": json_content(
                {"type": "object"})}, **errors(401, 404, 429)}}}
    return extend
