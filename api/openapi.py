"""The OpenAPI document, served at GET /api/v1/openapi.json: the contract of the API.

Hand-written per route below (plus the sister games' routes, generated from the
:mod:`solver.games.registry` registry by :mod:`api.games`), in JSON Schema 2020-12
terms, and served as OpenAPI 3.0.3 (:mod:`api.openapi30` says why).  It says what the
server takes: text fields have the patterns of what the library reads, null is given
where it means "not given", and each operation's ``x-rules`` lists the refusals its
schemas cannot state (:func:`rule`).  Limits in the schemas come from the app's config.

Tests keep it true: every flask route is documented with its methods and every
documented path exists (tests/test_api_openapi.py), every pattern admits exactly what
the library reads (tests/test_openapi_patterns.py), each body field is refused exactly
when the document says (tests/test_api_contract.py), and Schemathesis with every check
finds nothing against a live server (tests/test_api_schemathesis.py).
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app, jsonify

from solver.games import schema
from solver.search.budget import MAX_BUDGET
from solver.search.budget import MAX_BUDGET_TEXT as BUDGET_TEXT_LENGTH
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

from .inputs import MAX_NAME_LENGTH
from .openapi30 import downgrade_document

bp = Blueprint("openapi", __name__)


def decimal_digit() -> str:
    """A pattern class for one decimal digit of any script (Unicode category Nd), which
    Python's re reads as \\d and float() reads as a digit: read_budget takes them."""
    return f"[{schema.category_class(('Nd',))}]"


def budget_text() -> str:
    """The pattern of a budget written as text: a plain decimal number, spaces around it
    (read_budget: strip, then [+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?)."""
    space, d = f"[{schema.SPACE}]", decimal_digit()
    return (f"^{space}*[+-]?(?:{d}+(?:\\.{d}*)?|\\.{d}+)(?:[eE][+-]?{d}+)?{space}*$")


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
            415: "The body was not sent as application/json (unsupported_media_type)",
            422: "Readable but not allowed by the rules"}
    return {str(s): {"description": text[s], "content": json_content(ref("Error"))}
            for s in statuses}


def operation(summary: str, response: dict, *, tag: str, body: dict | None = None,
              example=None, errors=(400, 413), description: str | None = None,
              parameters: list | None = None,
              response_example=None, rules=()) -> dict:
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
        op["responses"].update(error_responses(415))
    if rules:
        with_rules(op, rules)
    return op


# The OpenAPI extension listing what a schema cannot state (a sum across a list's items,
# a letter's count in a tile set, a claim's grammar, a move's legality): a request the
# schema admits may still be refused, but only so.
RULES = "x-rules"


def rule(status: int, code: str, field: str, text: str) -> dict:
    """One refusal beyond the schema: its status and error code, the error's field (a
    regular expression the whole field matches) and the rule, in words."""
    return {"status": status, "code": code, "field": field, "rule": text}


def with_rules(op: dict, rules) -> dict:
    """Add refusals beyond the schema to an operation, each status documented."""
    op.setdefault(RULES, []).extend(rules)
    for status in sorted({r["status"] for r in rules}):
        op["responses"].setdefault(str(status), error_responses(status)[str(status)])
    return op


def tile_rules(config, field: str = "tiles") -> list[dict]:
    rules = [rule(400, "too_many_tiles", field, "no more of a letter than the tile set "
                                                "holds (scrabble: 1 Q, 12 E, ...)")]
    if config["MAX_SOLVE_TILES"] < max(ts.size for ts in TILE_SETS.values()):
        rules.append(rule(413, "limit_exceeded", field, f"at most "
                                                        f"{config['MAX_SOLVE_TILES']} tiles "
                                                        f"to solve"))
    return rules


def budget_rules(field: str = "budget") -> list[dict]:
    return [rule(400, "invalid_input", field, f"a budget is from 0 to {MAX_BUDGET:g} "
                                              f"seconds, and its text is at most "
                                              f"{BUDGET_TEXT_LENGTH} characters once "
                                              f"stripped")]


def word_set_rules(field: str) -> list[dict]:
    return [rule(400, "invalid_word_set", field, "a list of words holds at least one word "
                                                 "in all its items"),
            rule(413, "limit_exceeded", field, f"a list of words holds at most {MAX_WORDS} "
                                               f"words in all its items")]


def obj(properties: dict, required=(), additional: bool = False) -> dict:
    schema = {"type": "object", "properties": properties, "additionalProperties": additional}
    if required:
        schema["required"] = list(required)
    return schema


def searching_replay(replay: dict) -> dict:
    """A replay schema of a game that searches a lexicon, with the rules this server reads
    itself: a bundled lexicon's name, and a budget as every solve here takes it."""
    rules = replay["properties"]["rules"]
    rules = {**rules, "properties": {**rules["properties"],
                                     "lexicon": schema.nullable(ref("LexiconName")),
                                     "budget": ref("Budget")}}
    return {**replay, "properties": {**replay["properties"], "rules": rules}}


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
        "WordSet": schema.word_set(
            letters_only=True,
            description=f"a word set: one string like 'big, g, er' (words separated by "
                        f"whitespace, commas, semicolons or plus signs) or a list of such "
                        f"strings; at least one and at most {MAX_WORDS} words in all, each "
                        f"of at most {MAX_WORD_LENGTH} letters A-Z in any case"),
        "Play": schema.word_set(
            letters_only=False,
            description=f"a play to judge, written as a word set (see WordSet) but of any "
                        f"characters: a word that is not letters A-Z is simply not "
                        f"acceptable; at least one and at most {MAX_WORDS} words in all, "
                        f"each of at most {MAX_WORD_LENGTH} characters"),
        "Tiles": {**schema.tiles(), "examples": ["ABEGIRR"],
                  "description": f"revealed tiles, letters A-Z in any case; spaces, tabs, "
                                 f"commas and hyphens are ignored; no more of a letter than "
                                 f"the tile set holds, and at most {max_tiles} tiles to "
                                 f"solve"},
        "LexiconName": {
            "type": "string", "maxLength": MAX_NAME_LENGTH,
            "pattern": schema.name_pattern(lexicon_names(), empty=True),
            "examples": [config["DEFAULT_LEXICON"]],
            "description": f"a bundled lexicon: {', '.join(lexicon_names())}, in any case, "
                           f"spaces around it ignored; \"\" (in a body also null) or absent: "
                           f"the default ({config['DEFAULT_LEXICON']}); never a file path"},
        "TileSetName": {
            "type": "string", "maxLength": MAX_NAME_LENGTH,
            "pattern": schema.name_pattern(sorted(TILE_SETS), empty=True),
            "examples": ["scrabble"],
            "description": f"the physical tile set: {', '.join(sorted(TILE_SETS))}, in any "
                           f"case, spaces around it ignored; \"\", null or absent: "
                           f"scrabble"},
        "Budget": schema.nullable({
            "oneOf": [{"type": "number", "minimum": 0, "maximum": MAX_BUDGET},
                      {"type": "string", "pattern": budget_text()}],
            "description": f"seconds the solver may spend, 0 to {MAX_BUDGET:g}, as a "
                           f"number or its text (at most {BUDGET_TEXT_LENGTH} characters "
                           f"once stripped; decimal digits of any script, as Python reads "
                           f"them): the same budgets as the CLI's --budget; anything else "
                           f"is invalid_input on 'budget'. 0 proves only what is quick. "
                           f"Null or absent: {config['SOLVER_BUDGET']}; used at most "
                           f"{config['SOLVER_BUDGET_MAX']}; past it the answer has "
                           f"\"proven\": false and \"stopped\": \"budget\""}),
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
                         "lexicon": {"type": "string"}, "shape": schema.shape(), "words": words,
                         "proven": {"type": "boolean",
                                    "description": "false when the search stopped before "
                                                   "proving the answer (out of its time "
                                                   "budget); the set exists but may not be "
                                                   "the highest"},
                         "stopped": ref("Stopped"), "upper_bound": ref("UpperBound")},
                        required=["tiles", "lexicon", "shape", "words", "proven", "stopped",
                                  "upper_bound"]),
    }


def solve_parts(config) -> tuple[dict, dict, list, dict]:
    """What the routes that search tiles share: a body's lexicon (null: the default), a
    solve's fields and refusals, a list of words."""
    lexicon = schema.nullable(ref("LexiconName"))  # in a body, null is the default too
    solve_fields = {"tiles": ref("Tiles"), "lexicon": lexicon,
                    "tile_set": schema.nullable(ref("TileSetName")), "budget": ref("Budget")}
    solve_rules = [*tile_rules(config), *budget_rules()]
    return lexicon, solve_fields, solve_rules, {"type": "array", "items": {"type": "string"}}


def whole_number(high: int, text: str) -> dict:
    """The HTTP layer's whole numbers (api.inputs.integer): 20.0 is 20, null the default."""
    return schema.nullable({"type": "number", "multipleOf": 1, "minimum": 0,
                            "maximum": high, "description": text})


def paths(config) -> dict:
    lexicon, solve_fields, solve_rules, words = solve_parts(config)
    lexicon_query = {"name": "lexicon", "in": "query", "required": False,
                     "schema": ref("LexiconName")}
    gap = f"[{schema.SPACE},;+]"
    return {
        "/healthz": {"get": operation(
            "Liveness", obj({"status": {"type": "string", "enum": ["ok"]},
                             "default_lexicon": {"type": "string"}}, required=["status"]),
            errors=(), tag="meta")},
        "/": {"get": {"summary": "The phone page (api/static/index.html; its file's address "
                                 "/static/index.html redirects here)", "tags": ["meta"],
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
            body=obj({"words": ref("Play"), "lexicon": lexicon},
                     required=["words"]),
            example={"words": ["big", "g", "er"], "lexicon": "twl06"},
            rules=word_set_rules("words"),
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
                         "description": f"one word of at most {MAX_WORD_LENGTH} "
                                        f"characters, whitespace, commas, semicolons or "
                                        f"plus signs around it ignored; a '/' makes the "
                                        f"path another (404)",
                         "schema": {"type": "string",
                                    "pattern": f"^{gap}*[^{schema.SPACE},;+/]"
                                               f"{{1,{MAX_WORD_LENGTH}}}{gap}*$"}},
                        lexicon_query],
            errors=(400, 404, 413),
            response_example={"word": "bigger", "valid": True, "lexicon": "twl06"},
            description="A word with a character that is not a letter A-Z is not valid "
                        "(200, valid false), as the judge rules; text that is no word or "
                        "several (a space, a comma) is 400: use POST /api/v1/judge for a "
                        "whole play. The query takes lexicon only: another part, or one "
                        "given twice, is refused (400 invalid_query).",
            tag="words")},
        "/api/v1/words": {"get": word_query_operation()},
    }


def word_query_operation() -> dict:
    """GET /api/v1/words: the dictionary queries of solver/words/queries.py (api/words.py).

    The query string is one object (style form, explode: each property is a part), so
    that the schema can say what the parts say together: at most one of anagram, pattern
    and hooks, and something to look for."""
    spaces = "[ \\t]"  # what a query's letters may have between them (queries.IGNORED)
    space = f"[{schema.SPACE}]"

    def text(pattern: str, description: str, example=None) -> dict:
        part = {"type": "string", "pattern": pattern, "description": description}
        if example:
            part["examples"] = [example]
        return part

    def letters(most: int, least: int = 0) -> str:
        return f"^{spaces}*(?:[A-Za-z]{spaces}*){{{least},{most}}}$"

    def whole(low: int, high: int, description: str, default=None) -> dict:
        part = {"type": "integer", "minimum": low, "maximum": high,
                "description": description}
        if default is not None:
            part["default"] = default
        return part

    blank, letter = f"\\?{spaces}*", f"[A-Za-z]{spaces}*"
    parts = {
        "anagram": text(f"^{spaces}*(?:{letter}(?:{letter})*(?:{blank}(?:{letter})*)"
                        f"{{0,{MAX_BLANKS}}}|{blank}(?:{letter})*(?:{blank}(?:{letter})*)"
                        f"{{0,{MAX_BLANKS - 1}}})$",
                        f"words of exactly these letters; ? is a blank (at most {MAX_BLANKS}); "
                        f"with min or max, the sub-anagrams of those lengths; at most "
                        f"{MAX_QUERY_LENGTH} letters and blanks", "RETAINS?"),
        "pattern": text(f"^{space}*(?:[A-Za-z?*]|\\[\\^?[A-Za-z]+\\])+{space}*$",
                        f"words matching: ? one letter, * any run (or none), [AEI] one of "
                        f"these, [^AEI] none of these; at most {MAX_PATTERN_CHARACTERS} "
                        f"characters, and no longer than the lexicon's longest word", "B?G*"),
        "hooks": text(letters(MAX_QUERY_LENGTH - 1, 1), "the letters that make this word "
                                                        "one letter longer, front and back, "
                                                        "each with its word", "ARE"),
        "min": whole(1, MAX_QUERY_LENGTH, "words of at least this many letters"),
        "max": whole(1, MAX_QUERY_LENGTH, "words of at most this many letters (not below "
                                          "min)"),
        "starts": text(letters(MAX_QUERY_LENGTH), "words starting with these letters"),
        "ends": text(letters(MAX_QUERY_LENGTH), "words ending with these letters"),
        "contains": text(letters(MAX_QUERY_LENGTH), "words using these letters (a repeated "
                                                    "letter as often)"),
        "order": {"type": "string", "pattern": schema.name_pattern(ORDERS),
                  "default": ORDERS[0], "examples": [ORDERS[0]],
                  "description": "longest first then alphabetically, or alphabetically"},
        "limit": whole(0, MAX_LIMIT, "words on this page, at most", DEFAULT_LIMIT),
        "offset": whole(0, MAX_OFFSET, "words skipped before this page", 0),
        "lexicon": ref("LexiconName")}
    a_letter = {"pattern": "[A-Za-z]"}  # a filter given empty (or only spaces) is no filter
    query = {
        "type": "object", "properties": parts, "additionalProperties": False,
        "not": {"anyOf": [{"required": [a, b]} for a, b in
                          (("anagram", "pattern"), ("anagram", "hooks"), ("pattern", "hooks"))]},
        "anyOf": [*({"required": [kind]} for kind in ("anagram", "pattern", "hooks", "min",
                                                        "max")),
                  *({"required": [name], "properties": {name: a_letter}}
                    for name in ("starts", "ends", "contains"))],
        "description": "one of anagram, pattern or hooks, and any filters (or filters "
                       "alone); each part at most once"}
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
        parameters=[{"name": "query", "in": "query", "required": True, "style": "form",
                     "explode": True, "schema": query,
                     "description": "the query's parts, each a part of the query string"}],
        response_example={"query": {"pattern": "B?G*", "max": 3}, "lexicon": "twl06",
                          "count": 5, "offset": 0, "limit": 100, "order": "longest",
                          "words": ["bag", "beg", "big", "bog", "bug"]},
        description="One of anagram, pattern or hooks, and any filters (or filters "
                    "alone). count is the total; words is one page. A part the query "
                    "does not take, or given twice, is refused (400 invalid_query), and "
                    "so is an unclosed '[', an empty pattern, a pattern longer than the "
                    "longest word, more than two blanks, a limit out of range. Work per "
                    "request is bounded: at most one pass over the lexicon and a sort.",
        errors=(400,), tag="words",
        rules=[rule(400, "invalid_query", "anagram", f"at most {MAX_QUERY_LENGTH} letters "
                                                     f"and blanks"),
               rule(400, "invalid_query", "pattern", f"at most {MAX_PATTERN_CHARACTERS} "
                                                     f"characters, no longer than the "
                                                     f"lexicon's longest word, and a [^...] "
                                                     f"leaves a letter"),
               rule(400, "invalid_query", "min", "min is at most max")])


def build_document(app: Flask) -> dict:
    """The whole document for this app (its limits, and the games it serves)."""
    config = app.config
    document = {
        "openapi": "3.1.0",  # written in 2020-12 terms, served as 3.0.3 (api/openapi30.py)
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
                                "503 with Retry-After, the only 5xx on purpose. An integer "
                                "is a JSON number written without a fraction (8, not "
                                "8.0). A request its schema admits may still be refused, "
                                "but only as its operation's x-rules say: each entry is a "
                                "status, an error code, the field (a regular expression "
                                "the whole field matches) and the rule a schema cannot "
                                "state."},
        "paths": paths(config),
        "components": {"schemas": schemas(config)},
    }
    for extend in app.extensions.get("liars_openapi", []):
        extend(document)
    limit = config["MAX_CONTENT_LENGTH"]
    for item in document["paths"].values():
        for op in item.values():
            if "requestBody" in op and limit is not None:
                with_rules(op, [rule(413, "body_too_large", "body",
                                     f"a body is at most {limit} bytes")])
    return downgrade_document(document)


@bp.get("/openapi.json")
def openapi_json():
    return jsonify(build_document(current_app))
