"""The OpenAPI 3 document, served at GET /api/v1/openapi.json.

Hand-written per route below (plus the sister games' routes, generated from the
:mod:`solver.games` registry by :mod:`api.games`).  tests/test_api_openapi.py
keeps it true: every flask route is documented with its methods, and every
documented path exists.  Limits in the schemas come from the app's config.
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app, jsonify

from solver.alternatives import MAX_LISTED
from solver.lexicon import lexicon_names
from solver.tiles import TILE_SETS
from solver.wordset import MAX_WORDS, MAX_WORD_LENGTH

bp = Blueprint("openapi", __name__)


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def json_content(schema: dict, example=None) -> dict:
    media = {"schema": schema}
    if example is not None:
        media["example"] = example
    return {"application/json": media}


def error_responses(*statuses: int) -> dict:
    text = {400: "Bad input: malformed JSON, wrong type, unknown lexicon or tile set, bad "
                 "character, too many tiles for the tile set, unknown field",
            404: "No such endpoint", 405: "Method not allowed",
            413: "A limit exceeded: body size, tiles to solve, words per set, word length",
            422: "Readable but not allowed by the rules"}
    return {str(s): {"description": text[s], "content": json_content(ref("Error"))}
            for s in statuses}


def operation(summary: str, response: dict, *, body: dict | None = None,
              example=None, errors=(400, 413), description: str | None = None,
              tag: str = "letters", parameters: list | None = None,
              response_example=None) -> dict:
    op = {"summary": summary, "tags": [tag],
          "responses": {"200": {"description": "OK",
                                "content": json_content(response, response_example)},
                        **error_responses(*errors)}}
    if description:
        op["description"] = description
    if parameters:
        op["parameters"] = parameters
    if body is not None:
        op["requestBody"] = {"required": True, "content": json_content(body, example)}
    return op


def obj(properties: dict, required=(), additional: bool = False) -> dict:
    schema = {"type": "object", "properties": properties, "additionalProperties": additional}
    if required:
        schema["required"] = list(required)
    return schema


def shape() -> dict:
    return {"type": "array", "items": {"type": "integer", "minimum": 1},
            "description": "word lengths, high to low"}


def schemas(config) -> dict:
    max_tiles = config["MAX_SOLVE_TILES"]
    words = {"type": "array", "items": {"type": "string"}}
    return {
        "ErrorBody": obj({
            "code": {"type": "string", "examples": ["invalid_tile"],
                     "description": "stable machine-readable code, e.g. invalid_input, "
                                    "malformed_json, invalid_tile, too_many_tiles, "
                                    "unknown_lexicon, unknown_tile_set, invalid_word_set, "
                                    "limit_exceeded, body_too_large, not_found, "
                                    "method_not_allowed, illegal_move"},
            "message": {"type": "string", "description": "names the problem"},
            "field": {"type": ["string", "null"],
                      "description": "the request field it came from, if any"},
        }, required=["code", "message", "field"]),
        "Error": obj({"error": ref("ErrorBody")}, required=["error"]),
        "WordSetInput": {
            "description": f"a word set: a list of words, or one string like 'big, g, er' "
                           f"(commas or spaces); at most {MAX_WORDS} words of at most "
                           f"{MAX_WORD_LENGTH} letters A-Z",
            "oneOf": [{"type": "string", "examples": ["big, g, er"]},
                      {"type": "array", "items": {"type": "string"}, "maxItems": MAX_WORDS,
                       "examples": [["big", "g", "er"]]}]},
        "Tiles": {"type": "string", "examples": ["ABEGIRR"],
                  "description": f"revealed tiles, case-insensitive; spaces, commas and "
                                 f"hyphens are ignored; no more of a letter than the tile set "
                                 f"holds, and at most {max_tiles} tiles to solve"},
        "LexiconName": {"type": "string", "enum": lexicon_names(),
                        "description": f"a bundled lexicon (default "
                                       f"{config['DEFAULT_LEXICON']}); never a file path"},
        "TileSetName": {"type": "string", "enum": sorted(TILE_SETS),
                        "description": "the physical tile set (default scrabble)"},
        "Budget": {"type": "number", "exclusiveMinimum": 0,
                   "description": f"seconds the solver may spend (default "
                                  f"{config['SOLVER_BUDGET']}, capped at "
                                  f"{config['SOLVER_BUDGET_MAX']}); past it the answer has "
                                  f"\"proven\": false"},
        "Lexicon": obj({"name": {"type": "string"}, "words": {"type": "integer"},
                        "title": {"type": "string"}, "source": {"type": "object"}},
                       required=["name", "words"], additional=True),
        "Solution": obj({"tiles": {"type": "string"}, "tile_set": {"type": "string"},
                         "lexicon": {"type": "string"}, "shape": shape(), "words": words,
                         "proven": {"type": "boolean",
                                    "description": "false when the search stopped before "
                                                   "proving the answer (out of its time "
                                                   "budget); the set exists but may not be "
                                                   "the highest"},
                         "stopped": {"type": ["string", "null"], "enum": ["budget", None],
                                     "description": "why the answer is not proven: "
                                                    "\"budget\" (out of time); null when "
                                                    "proven"},
                         "upper_bound": {**shape(),
                                         "description": "a shape no word set of these tiles "
                                                        "can beat (equal to shape when "
                                                        "proven): the highest lies between "
                                                        "the two"}},
                        required=["tiles", "lexicon", "shape", "words", "proven"]),
    }


def paths(config) -> dict:
    solve_fields = {"tiles": ref("Tiles"), "lexicon": ref("LexiconName"),
                    "tile_set": ref("TileSetName"), "budget": ref("Budget")}
    words = {"type": "array", "items": {"type": "string"}}
    lexicon_query = {"name": "lexicon", "in": "query", "required": False,
                     "schema": ref("LexiconName")}
    return {
        "/healthz": {"get": operation(
            "Liveness", obj({"status": {"type": "string", "enum": ["ok"]},
                             "default_lexicon": {"type": "string"}}, required=["status"]),
            errors=(), tag="meta")},
        "/": {"get": {"summary": "The phone page (api/static/index.html)", "tags": ["meta"],
                      "responses": {"200": {"description": "HTML",
                                            "content": {"text/html": {"schema": {
                                                "type": "string"}}}},
                                    **error_responses(404)}}},
        "/api/v1/openapi.json": {"get": operation(
            "This document", {"type": "object"}, errors=(), tag="meta")},
        "/api/v1/lexicons": {"get": operation(
            "The bundled lexicons, with word counts and provenance",
            obj({"default": {"type": "string"},
                 "lexicons": {"type": "array", "items": ref("Lexicon")}},
                required=["default", "lexicons"]),
            errors=(), tag="words")},
        "/api/v1/judge": {"post": operation(
            "Judge a whole play: acceptable or not",
            obj({"acceptable": {"type": "boolean"}, "lexicon": {"type": "string"}},
                required=["acceptable", "lexicon"]),
            body=obj({"words": ref("WordSetInput"), "lexicon": ref("LexiconName")},
                     required=["words"]),
            example={"words": ["big", "g", "er"], "lexicon": "twl06"},
            response_example={"acceptable": True, "lexicon": "twl06"},
            description="Word-judge convention: one verdict for the whole play, never which "
                        "word failed. A single letter is always a word.",
            tag="words")},
        "/api/v1/words/{word}": {"get": operation(
            "Is one word valid (a player checking a spelling)",
            obj({"word": {"type": "string"}, "valid": {"type": "boolean"},
                 "lexicon": {"type": "string"}}, required=["word", "valid", "lexicon"]),
            parameters=[{"name": "word", "in": "path", "required": True,
                         "schema": {"type": "string", "maxLength": MAX_WORD_LENGTH}},
                        lexicon_query],
            response_example={"word": "bigger", "valid": True, "lexicon": "twl06"},
            tag="words")},
        "/api/v1/letters/highest": {"post": operation(
            "The highest possible word set of the tiles", ref("Solution"),
            body=obj(solve_fields, required=["tiles"]),
            example={"tiles": "ABEGIRR"},
            response_example={"tiles": "ABEGIRR", "lexicon": "twl06", "shape": [5, 2],
                              "words": ["giber", "ar"], "proven": True,
                              "tile_set": "scrabble"},
            description="Exact unless the search stops first: out of its time budget, or on "
                        "a rack too large to prove, around 60+ tiles (then \"proven\": false "
                        "and the set returned exists but may not be the highest). Ties break "
                        "deterministically (see solver/search.py).")},
        "/api/v1/letters/highest-sets": {"post": operation(
            "Every word set of the highest shape: how many, and the first few",
            obj({"tiles": {"type": "string"}, "tile_set": {"type": "string"},
                 "lexicon": {"type": "string"}, "shape": shape(),
                 "count": {"type": "integer", "minimum": 0},
                 "count_is_exact": {"type": "boolean",
                                    "description": "false when the count stopped at its "
                                                   "time or size bound (then a lower bound)"},
                 "proven": {"type": "boolean"},
                 "sets": {"type": "array", "items": words}},
                required=["shape", "count", "count_is_exact", "proven", "sets"]),
            body=obj({**solve_fields,
                      "limit": {"type": "integer", "minimum": 0, "maximum": MAX_LISTED,
                                "description": "sets listed, at most (default 20); count "
                                               "is always the total"}},
                     required=["tiles"]),
            example={"tiles": "ABEGIRR", "limit": 3},
            response_example={"tiles": "ABEGIRR", "tile_set": "scrabble", "lexicon": "twl06",
                              "shape": [5, 2], "count": 4, "count_is_exact": True,
                              "proven": True,
                              "sets": [["giber", "ar"], ["brier", "ag"], ["rerig", "ab"]]},
            description="The rules' tie-break picks one set (letters/highest); a referee "
                        "can ask how many others reach the same shape, and see them.")},
        "/api/v1/letters/subwords": {"post": operation(
            "Every word formable from the tiles, longest first",
            obj({"tiles": {"type": "string"}, "tile_set": {"type": "string"},
                 "lexicon": {"type": "string"}, "count": {"type": "integer"},
                 "words": words, "truncated": {"type": "boolean"}},
                required=["tiles", "lexicon", "count", "words", "truncated"]),
            body=obj({"tiles": ref("Tiles"), "lexicon": ref("LexiconName"),
                      "tile_set": ref("TileSetName"),
                      "limit": {"type": "integer", "minimum": 0,
                                "maximum": config["SUBWORDS_LIMIT_MAX"],
                                "description": f"at most this many words listed (default "
                                               f"{config['SUBWORDS_LIMIT']}); count is "
                                               f"always the total"}},
                     required=["tiles"]),
            example={"tiles": "ABEGIRR", "limit": 10})},
        "/api/v1/letters/compare": {"post": operation(
            "Which of two word sets is higher, or equal",
            obj({"result": {"type": "integer", "enum": [1, 0, -1]},
                 "higher": {"type": "string", "enum": ["a", "b", "equal"]},
                 "a": words, "a_shape": shape(), "b": words, "b_shape": shape()},
                required=["result", "higher", "a_shape", "b_shape"]),
            body=obj({"a": ref("WordSetInput"), "b": ref("WordSetInput")},
                     required=["a", "b"]),
            example={"a": "bigger", "b": "big, g, er"},
            description="Ranks by shape (word lengths high to low, compared "
                        "lexicographically); does not check the words against a lexicon.")},
        "/api/v1/letters/raise": {"post": operation(
            "Is a declaration a legal raise over the previous one, and why",
            obj({"legal": {"type": "boolean"}, "reason": {"type": "string"},
                 "declared": words, "declared_shape": shape(),
                 "previous": {**words, "type": ["array", "null"]},
                 "previous_shape": {**shape(), "type": ["array", "null"]},
                 "lexicon": {"type": "string"}},
                required=["legal", "reason", "declared", "declared_shape", "lexicon"]),
            body=obj({"previous": {"oneOf": [ref("WordSetInput"), {"type": "null"}]},
                      "declared": ref("WordSetInput"), "lexicon": ref("LexiconName")},
                     required=["declared"]),
            example={"previous": "it, is, so", "declared": "big"},
            description="previous absent or null: the first declaration of a round.")},
        "/api/v1/letters/call": {"post": operation(
            "Rule a \"bullshit\" or \"exact\" call on the last declaration",
            obj({"call": {"type": "string", "enum": ["bullshit", "exact"]},
                 "declared": words, "declared_shape": shape(),
                 "exists": {"type": "boolean"}, "highest_shape": shape(), "highest": words,
                 "is_highest": {"type": "boolean"},
                 "proven": {"type": "boolean", "description": "false when an exact ruling "
                            "hinged on a search that ran out of time"},
                 "ruling": obj({"caller": {"type": "integer", "enum": [1, 0, -1]},
                                "declarer": {"type": "integer", "enum": [1, 0, -1]}},
                               required=["caller", "declarer"]),
                 "tiles": {"type": "string"}, "tile_set": {"type": "string"},
                 "lexicon": {"type": "string"}},
                required=["exists", "highest_shape", "is_highest", "ruling", "proven"]),
            body=obj({**solve_fields, "declared": ref("WordSetInput"),
                      "call": {"type": "string", "enum": ["bullshit", "exact"]}},
                     required=["tiles", "declared", "call"]),
            example={"tiles": "ABEGIRR", "declared": "giber, ar", "call": "exact"},
            description="ruling: +1 gains a tile, 0 no change, -1 loses a tile.")},
    }


def build_document(app: Flask) -> dict:
    """The whole document for this app (its limits, and the games it serves)."""
    config = app.config
    document = {
        "openapi": "3.1.0",
        "info": {"title": "Liars' Letters referee API", "version": "1",
                 "description": "Referees Liars' Letters and its sister bluffing games. "
                                "JSON in and out; every error is "
                                "{\"error\": {\"code\", \"message\", \"field\"}} with a 4xx "
                                "status. Requests are bounded: body "
                                f"{config['MAX_CONTENT_LENGTH']} bytes, "
                                f"{config['MAX_SOLVE_TILES']} tiles to solve, "
                                f"{MAX_WORDS} words a set, {MAX_WORD_LENGTH} letters a "
                                f"word, solver budget {config['SOLVER_BUDGET_MAX']} s."},
        "paths": paths(config),
        "components": {"schemas": schemas(config)},
    }
    for extend in app.extensions.get("liars_openapi", []):
        extend(document)
    return document


@bp.get("/openapi.json")
def openapi_json():
    return jsonify(build_document(current_app))
