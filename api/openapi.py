"""The OpenAPI 3 document, served at GET /api/v1/openapi.json.

Hand-written per route below (plus the sister games' routes, generated from the
:mod:`solver.games.registry` registry by :mod:`api.games`).  tests/test_api_openapi.py
keeps it true: every flask route is documented with its methods, and every
documented path exists.  Limits in the schemas come from the app's config.
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app, jsonify

from solver.games.registry import LETTERS
from solver.search.alternatives import MAX_LISTED
from solver.search.budget import MAX_BUDGET
from solver.words.lexicon import MAX_WORD_LENGTH as MAX_QUERY_LENGTH
from solver.words.lexicon import lexicon_names
from solver.words.queries import (
    DEFAULT_LIMIT,
    MAX_BLANKS,
    MAX_LIMIT,
    MAX_OFFSET,
    MAX_PATTERN_CHARACTERS,
    ORDERS,
)
from solver.words.tiles import TILE_SETS
from solver.words.wordset import MAX_WORD_LENGTH, MAX_WORDS

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


def letters_replay_result() -> dict:
    """The Liars' Letters replay answer: the sister games' envelope, the letters state."""
    words = {"type": "array", "items": {"type": "string"}}
    name = {"type": ["string", "null"]}
    direction = {"enum": ["clockwise", "counterclockwise"]}
    declaration = obj({"player": {"type": "string"}, "words": words, "shape": shape()},
                      required=["player", "words", "shape"])
    change = obj({"player": {"type": "string"}, "role": {"enum": ["caller", "declarer"]},
                  "change": {"type": "integer"}, "before": {"type": "integer"},
                  "after": {"type": ["integer", "null"], "description": "null: out"},
                  "out": {"type": "boolean"}},
                 required=["player", "role", "change", "before", "after", "out"])
    round_ = obj({
        "round": {"type": "integer"}, "opener": {"type": "string"}, "direction": direction,
        "declarations": {"type": "array", "items": declaration},
        "call": {"type": "object", "description": "player, call, tiles, declarer, declared"},
        "ruling": obj({"by": {"enum": ["referee", "table"]},
                       "decision": {"enum": ["upheld", "rejected"],
                                    "description": "upheld: the caller was right"},
                       "caller": {"type": "integer", "enum": [1, 0, -1]},
                       "declarer": {"type": "integer", "enum": [1, 0, -1]},
                       "reason": {"type": ["string", "null"],
                                  "description": "why the referee could not decide (when "
                                                 "the table ruled)"},
                       "referee": {"type": "object",
                                   "description": "the referee's ruling, as letters/call"}},
                      required=["by", "decision", "caller", "declarer"], additional=True),
        "tile_changes": {"type": "array", "items": change},
        "out": {"type": "array", "items": {"type": "string"}},
        "next_opener": name, "next_direction": {"enum": [*direction["enum"], None]},
        "winner": name}, required=["round", "declarations", "call", "ruling", "tile_changes"],
        additional=True)
    state = obj({
        "tiles": {"type": "object", "additionalProperties": {"type": "integer"},
                  "description": "tiles held by each player still in"},
        "out": {"type": "array", "items": {"type": "string"},
                "description": "in the order they went out"},
        "round": {"type": "integer"}, "opener": {"type": "string"}, "to_move": name,
        "direction": direction, "winner": name,
        "last": {"type": ["object", "null"], "description": "the declaration to beat"},
        "rounds": {"type": "array", "items": round_}},
        required=["tiles", "out", "round", "opener", "to_move", "direction", "winner",
                  "rounds"], additional=True)
    return obj({"ok": {"type": "boolean", "description": "false: an illegal or undecided "
                                                         "event stopped the replay"},
                "game": {"const": "letters"},
                "events": {"type": "integer", "description": "events replayed (when ok)"},
                "state": state, "error": ref("ErrorBody"), "event_index": {"type": "integer"},
                "event": {"type": "object"},
                "undecided": {"type": "object", "description": "the referee's undecided "
                              "ruling: what it does know"}},
               required=["ok", "game", "state"])


def schemas(config) -> dict:
    max_tiles = config["MAX_SOLVE_TILES"]
    words = {"type": "array", "items": {"type": "string"}}
    return {
        "ErrorBody": obj({
            "code": {"type": "string", "examples": ["invalid_tile"],
                     "description": "stable machine-readable code, e.g. invalid_input, "
                                    "malformed_json, invalid_tile, too_many_tiles, "
                                    "unknown_lexicon, unknown_tile_set, invalid_word_set, "
                                    "invalid_query, limit_exceeded, body_too_large, "
                                    "not_found, method_not_allowed, illegal_move, undecided"},
            "message": {"type": "string", "description": "names the problem"},
            "field": {"type": ["string", "null"],
                      "description": "the request field it came from, if any"},
        }, required=["code", "message", "field"]),
        "Error": obj({"error": ref("ErrorBody")}, required=["error"]),
        "LettersReplay": LETTERS.replay_schema,
        "LettersReplayResult": letters_replay_result(),
        "WordSetInput": {
            "description": f"a word set: a list of words, or one string like 'big, g, er' "
                           f"(words separated by spaces, commas, semicolons or plus signs); "
                           f"at most {MAX_WORDS} words of at most "
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
        "Budget": {"oneOf": [{"type": "number", "minimum": 0, "maximum": MAX_BUDGET},
                             {"type": "string", "pattern": r"^\s*[+-]?(\d+(\.\d*)?|\.\d+)"
                                                           r"([eE][+-]?\d+)?\s*$"}],
                   "description": f"seconds the solver may spend, 0 to {MAX_BUDGET:g}, as a "
                                  f"number or its text (the same budgets as the CLI's "
                                  f"--budget; anything else is invalid_input on 'budget'); "
                                  f"0 proves only what is quick. Default "
                                  f"{config['SOLVER_BUDGET']}, used at most "
                                  f"{config['SOLVER_BUDGET_MAX']}; past it the answer has "
                                  f"\"proven\": false and \"stopped\": \"budget\""},
        "Stopped": {"type": ["string", "null"], "enum": ["budget", "size", None],
                    "description": "why the answer is not proven or not complete: "
                                   "\"budget\" (out of time: a larger budget may help) or "
                                   "\"size\" (highest-sets only: more sets than it "
                                   "enumerates; more time does not help); null when "
                                   "proven"},
        "UpperBound": {"type": ["array", "null"], "items": {"type": "integer", "minimum": 1},
                       "description": "a shape no word set of the tiles can beat: the "
                                      "highest lies between \"shape\" and this (equal "
                                      "when proven)"},
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
                         "stopped": ref("Stopped"), "upper_bound": ref("UpperBound")},
                        required=["tiles", "lexicon", "shape", "words", "proven", "stopped",
                                  "upper_bound"]),
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
        "/sw.js": {"get": {"summary": "The phone page's service worker (api/static/sw.js, "
                                      "filled in with the site version): the page offline",
                           "tags": ["meta"],
                           "responses": {"200": {"description": "JavaScript",
                                                 "content": {"text/javascript": {"schema": {
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
                        "word failed. A single letter is always a word; a word with a "
                        "character that is not a letter A-Z (don't, café, b1g) is not "
                        "acceptable. Only a malformed request is a 4xx, quoting no word.",
            tag="words")},
        "/api/v1/words/{word}": {"get": operation(
            "Is one word valid (a player checking a spelling)",
            obj({"word": {"type": "string"}, "valid": {"type": "boolean"},
                 "lexicon": {"type": "string"}}, required=["word", "valid", "lexicon"]),
            parameters=[{"name": "word", "in": "path", "required": True,
                         "schema": {"type": "string", "maxLength": MAX_WORD_LENGTH}},
                        lexicon_query],
            response_example={"word": "bigger", "valid": True, "lexicon": "twl06"},
            description="A word with a character that is not a letter A-Z is not valid "
                        "(200, valid false), as the judge rules; text that is no word or "
                        "several (a space, a comma) is 400: use POST /api/v1/judge for a "
                        "whole play. The query takes lexicon only: another part, or one "
                        "given twice, is refused (400 invalid_query).",
            tag="words")},
        "/api/v1/words": {"get": word_query_operation()},
        "/api/v1/letters/highest": {"post": operation(
            "The highest possible word set of the tiles", ref("Solution"),
            body=obj(solve_fields, required=["tiles"]),
            example={"tiles": "ABEGIRR"},
            response_example={"tiles": "ABEGIRR", "lexicon": "twl06", "shape": [5, 2],
                              "words": ["giber", "ar"], "proven": True,
                              "stopped": None, "upper_bound": [5, 2],
                              "tile_set": "scrabble"},
            description="Exact unless the search runs out of its time budget: there is no "
                        "size cap, every rack is provable given time, but racks of 60 tiles "
                        "and more can need more than the default budget. Out of time, the "
                        "answer has \"proven\": false and \"stopped\": \"budget\": the "
                        "set returned exists (a lower bound) but may not be the highest, "
                        "which lies between its shape and \"upper_bound\". Ties break "
                        "deterministically (see solver/search/layered.py).")},
        "/api/v1/letters/highest-sets": {"post": operation(
            "Every word set of the highest shape: how many, and the first few",
            obj({"tiles": {"type": "string"}, "tile_set": {"type": "string"},
                 "lexicon": {"type": "string"}, "shape": shape(),
                 "count": {"type": "integer", "minimum": 0},
                 "count_is_exact": {"type": "boolean",
                                    "description": "false when the count stopped at its "
                                                   "time or size bound (then a lower bound)"},
                 "proven": {"type": "boolean"},
                 "stopped": ref("Stopped"), "upper_bound": ref("UpperBound"),
                 "sets": {"type": "array", "items": words}},
                required=["shape", "count", "count_is_exact", "proven", "stopped",
                          "upper_bound", "sets"]),
            body=obj({**solve_fields,
                      "limit": {"type": "integer", "minimum": 0, "maximum": MAX_LISTED,
                                "description": "sets listed, at most (default 20); count "
                                               "is always the total"}},
                     required=["tiles"]),
            example={"tiles": "ABEGIRR", "limit": 3},
            response_example={"tiles": "ABEGIRR", "tile_set": "scrabble", "lexicon": "twl06",
                              "shape": [5, 2], "count": 4, "count_is_exact": True,
                              "proven": True, "stopped": None, "upper_bound": [5, 2],
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
                 "exists": {"type": "boolean", "description": "always proven"},
                 "decided": {"type": "boolean",
                             "description": "false when the ruling needs what could not "
                                            "be proven (an exact call on a set that may or "
                                            "may not be the highest): the table decides"},
                 "ruling": {"oneOf": [
                     obj({"caller": {"type": "integer", "enum": [1, 0, -1]},
                          "declarer": {"type": "integer", "enum": [1, 0, -1]}},
                         required=["caller", "declarer"]),
                     {"type": "null"}],
                     "description": "+1 gains a tile, 0 no change, -1 loses a tile; null "
                                    "when not decided"},
                 "reason": {"type": "string", "description": "why, in plain words"},
                 "is_highest": {"type": ["boolean", "null"],
                                "description": "null when not proven either way"},
                 "highest_shape": shape(),
                 "highest": {**words, "description": "the highest set known; it exists"},
                 "proven": {"type": "boolean",
                            "description": "whether \"highest\" is proven the highest"},
                 "stopped": ref("Stopped"), "upper_bound": ref("UpperBound"),
                 "tiles": {"type": "string"}, "tile_set": {"type": "string"},
                 "lexicon": {"type": "string"}},
                required=["call", "exists", "decided", "ruling", "reason", "is_highest",
                          "highest", "highest_shape", "proven", "stopped", "upper_bound"]),
            body=obj({**solve_fields, "declared": ref("WordSetInput"),
                      "call": {"type": "string", "enum": ["bullshit", "exact"]}},
                     required=["tiles", "declared", "call"]),
            example={"tiles": "ABEGIRR", "declared": "giber, ar", "call": "exact"},
            description="A ruling is decided only from proof. Cheap proofs hold whatever "
                        "the budget (0 included): whether the set exists, that a set "
                        "leaving tiles unused is not the highest, that a known higher set "
                        "makes \"exact\" wrong. Otherwise an exact call may be undecided: "
                        "\"decided\": false, \"ruling\": null, the reason, and the "
                        "highest known set and upper bound.",
            response_example={"call": "exact", "declared": ["giber", "ar"],
                              "declared_shape": [5, 2], "exists": True, "decided": True,
                              "ruling": {"caller": -1, "declarer": -1},
                              "reason": "'giber, ar' exists and is the highest: no word set "
                                        "of these tiles beats (5, 2)",
                              "is_highest": True, "highest_shape": [5, 2],
                              "highest": ["giber", "ar"], "proven": True, "stopped": None,
                              "upper_bound": [5, 2], "tiles": "ABEGIRR",
                              "tile_set": "scrabble", "lexicon": "twl06"})},
        "/api/v1/letters/replay": {"post": operation(
            "Replay a whole Liars' Letters game, move by move", ref("LettersReplayResult"),
            body=ref("LettersReplay"), example=LETTERS.REPLAY_EXAMPLE, errors=(400, 413),
            description=LETTERS.description + " An illegal event answers 200 with \"ok\": "
                        "false, its event_index and why; rules.lexicon is a bundled lexicon; "
                        f"rules.budget is capped at {config['SOLVER_BUDGET_MAX']} s (default "
                        f"{config['SOLVER_BUDGET']}).")},
    }


def word_query_operation() -> dict:
    """GET /api/v1/words: the dictionary queries of solver/words/queries.py (api/words.py)."""
    def text(name, description, example=None):
        schema = {"type": "string", "maxLength": MAX_PATTERN_CHARACTERS}
        if example:
            schema["examples"] = [example]
        return {"name": name, "in": "query", "required": False, "description": description,
                "schema": schema}

    def whole(name, description, low, high, default=None):
        schema = {"type": "integer", "minimum": low, "maximum": high}
        if default is not None:
            schema["default"] = default
        return {"name": name, "in": "query", "required": False, "description": description,
                "schema": schema}

    hooked = {"type": "array", "items": obj({"letter": {"type": "string"},
                                            "word": {"type": "string"}},
                                           required=["letter", "word"])}
    answer = obj({
        "query": {"type": "object", "description": "the query as understood (canonical, "
                                                   "defaults left out)"},
        "lexicon": {"type": "string"}, "count": {"type": "integer", "minimum": 0,
                                                 "description": "every matching word"},
        "offset": {"type": "integer"}, "limit": {"type": "integer"},
        "order": {"type": "string", "enum": list(ORDERS)},
        "words": {"type": "array", "items": {"type": "string"},
                  "description": "this page of the matching words"},
        "hooks": obj({"word": {"type": "string"},
                      "valid": {"type": "boolean", "description": "is the word itself "
                                                                  "listed"},
                      "front": hooked, "back": hooked},
                     required=["word", "valid", "front", "back"])},
        required=["query", "lexicon", "count", "offset", "limit", "order", "words"])
    return operation(
        "Dictionary queries for study: anagrams, patterns, hooks, filters", answer,
        parameters=[
            text("anagram", f"words of exactly these letters; ? is a blank (at most "
                            f"{MAX_BLANKS}); with min or max, the sub-anagrams of those "
                            f"lengths", "RETAINS?"),
            text("pattern", "words matching: ? one letter, * any run (or none), [AEI] one "
                            "of these, [^AEI] none of these", "B?G*"),
            text("hooks", "the letters that make this word one letter longer, front and "
                          "back, each with its word", "ARE"),
            whole("min", "words of at least this many letters", 1, MAX_QUERY_LENGTH),
            whole("max", "words of at most this many letters", 1, MAX_QUERY_LENGTH),
            text("starts", "words starting with these letters"),
            text("ends", "words ending with these letters"),
            text("contains", "words using these letters (a repeated letter as often)"),
            {"name": "order", "in": "query", "required": False,
             "schema": {"type": "string", "enum": list(ORDERS), "default": ORDERS[0]},
             "description": "longest first then alphabetically, or alphabetically"},
            whole("limit", "words on this page, at most", 0, MAX_LIMIT, DEFAULT_LIMIT),
            whole("offset", "words skipped before this page", 0, MAX_OFFSET, 0),
            {"name": "lexicon", "in": "query", "required": False,
             "schema": ref("LexiconName")}],
        response_example={"query": {"pattern": "B?G*", "max": 3}, "lexicon": "twl06",
                          "count": 5, "offset": 0, "limit": 100, "order": "longest",
                          "words": ["bag", "beg", "big", "bog", "bug"]},
        description="One of anagram, pattern or hooks, and any filters (or filters "
                    "alone). count is the total; words is one page. A part the query "
                    "does not take, or given twice, is refused (400 invalid_query), and "
                    "so is an unclosed '[', an empty pattern, a pattern longer than the "
                    "longest word, more than two blanks, a limit out of range. Work per "
                    "request is bounded: at most one pass over the lexicon and a sort.",
        errors=(400,), tag="words")


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
                                f"word, solver budget {config['SOLVER_BUDGET_MAX']} s. "
                                "Bodies must be application/json (else 415); the Host must "
                                "name this server (else 421); a busy solver pool answers "
                                "503 with Retry-After, the only 5xx on purpose."},
        "paths": paths(config),
        "components": {"schemas": schemas(config)},
    }
    for extend in app.extensions.get("liars_openapi", []):
        extend(document)
    return document


@bp.get("/openapi.json")
def openapi_json():
    return jsonify(build_document(current_app))
