"""The OpenAPI document's part for Liars' Letters' own routes (api/letters.py):
/api/v1/letters/highest, highest-sets, subwords, compare, raise, call and replay, and their
replay's schemas.  Added to the document (:mod:`api.openapi`) by the app that serves the
routes, as the sister games' routes are (:mod:`api.games`)."""

from __future__ import annotations

import functools

from solver.games import schema
from solver.games.registry import REPLAYERS
from solver.search.alternatives import MAX_LISTED

from .openapi import (
    budget_rules,
    obj,
    operation,
    ref,
    searching_replay,
    solve_parts,
    tile_rules,
    whole_number,
    word_set_rules,
)

letters_operation = functools.partial(operation, tag="letters")  # its routes' one tag


def letters_replayer():
    """Liars' Letters' replay surface (its own routes: api/letters.py)."""
    return REPLAYERS["letters"]


def letters_replay_result() -> dict:
    """The Liars' Letters replay answer: the sister games' envelope, the letters state."""
    words = {"type": "array", "items": {"type": "string"}}
    name = {"type": ["string", "null"]}
    direction = {"enum": ["clockwise", "counterclockwise"]}
    declaration = obj({"player": {"type": "string"}, "words": words, "shape": schema.shape()},
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
        "rounds": {"type": "array", "items": round_},
        "outcome": {"type": ["object", "null"],
                    "description": "once the game is over (as every game's replay answers "
                                   "it): winner, winners, loser, losers, placings (best "
                                   "first), reason"}},
        required=["tiles", "out", "round", "opener", "to_move", "direction", "winner",
                  "rounds", "outcome"], additional=True)
    return obj({"ok": {"type": "boolean", "description": "false: an illegal or undecided "
                                                         "event stopped the replay"},
                "game": {"const": "letters"},
                "events": {"type": "integer", "description": "events replayed (when ok)"},
                "state": state, "error": ref("ErrorBody"), "event_index": {"type": "integer"},
                "event": {"type": "object"},
                "undecided": {"type": "object", "description": "the referee's undecided "
                              "ruling: what it does know"}},
               required=["ok", "game", "state"])


def letters_replay_request() -> dict:
    """The library's replay schema, with the rules this server reads itself."""
    return searching_replay(letters_replayer().replay_schema)


def paths(config) -> dict:
    lexicon, solve_fields, solve_rules, words = solve_parts(config)
    limit = whole_number
    return {
        "/api/v1/letters/highest": {"post": letters_operation(
            "The highest possible word set of the tiles", ref("Solution"),
            body=obj(solve_fields, required=["tiles"]),
            example={"tiles": "ABEGIRR"}, rules=solve_rules,
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
        "/api/v1/letters/highest-sets": {"post": letters_operation(
            "Every word set of the highest shape: how many, and the first few",
            obj({"tiles": {"type": "string"}, "tile_set": {"type": "string"},
                 "lexicon": {"type": "string"}, "shape": schema.shape(),
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
                      "limit": limit(MAX_LISTED, "sets listed, at most (default 20); count "
                                                 "is always the total")},
                     required=["tiles"]),
            example={"tiles": "ABEGIRR", "limit": 3}, rules=solve_rules,
            response_example={"tiles": "ABEGIRR", "tile_set": "scrabble", "lexicon": "twl06",
                              "shape": [5, 2], "count": 4, "count_is_exact": True,
                              "proven": True, "stopped": None, "upper_bound": [5, 2],
                              "sets": [["giber", "ar"], ["brier", "ag"], ["rerig", "ab"]]},
            description="The rules' tie-break picks one set (letters/highest); a referee "
                        "can ask how many others reach the same shape, and see them.")},
        "/api/v1/letters/subwords": {"post": letters_operation(
            "Every word formable from the tiles, longest first",
            obj({"tiles": {"type": "string"}, "tile_set": {"type": "string"},
                 "lexicon": {"type": "string"}, "count": {"type": "integer"},
                 "words": words, "truncated": {"type": "boolean"}},
                required=["tiles", "lexicon", "count", "words", "truncated"]),
            body=obj({"tiles": ref("Tiles"), "lexicon": lexicon,
                      "tile_set": schema.nullable(ref("TileSetName")),
                      "limit": limit(config["SUBWORDS_LIMIT_MAX"],
                                     f"at most this many words listed (default "
                                     f"{config['SUBWORDS_LIMIT']}); count is always the "
                                     f"total")},
                     required=["tiles"]),
            example={"tiles": "ABEGIRR", "limit": 10}, rules=tile_rules(config))},
        "/api/v1/letters/compare": {"post": letters_operation(
            "Which of two word sets is higher, or equal",
            obj({"result": {"type": "integer", "enum": [1, 0, -1]},
                 "higher": {"type": "string", "enum": ["a", "b", "equal"]},
                 "a": words, "a_shape": schema.shape(), "b": words, "b_shape": schema.shape()},
                required=["result", "higher", "a_shape", "b_shape"]),
            body=obj({"a": ref("WordSet"), "b": ref("WordSet")},
                     required=["a", "b"]),
            example={"a": "bigger", "b": "big, g, er"},
            rules=[*word_set_rules("a"), *word_set_rules("b")],
            description="Ranks by shape (word lengths high to low, compared "
                        "lexicographically); does not check the words against a lexicon.")},
        "/api/v1/letters/raise": {"post": letters_operation(
            "Is a declaration a legal raise over the previous one, and why",
            obj({"legal": {"type": "boolean"}, "reason": {"type": "string"},
                 "declared": words, "declared_shape": schema.shape(),
                 "previous": {**words, "type": ["array", "null"]},
                 "previous_shape": {**schema.shape(), "type": ["array", "null"]},
                 "lexicon": {"type": "string"}},
                required=["legal", "reason", "declared", "declared_shape", "lexicon"]),
            body=obj({"previous": {"anyOf": [ref("WordSet"), {"const": ""}, {"type": "null"}],
                                   "description": "absent, null, \"\" or []: the first "
                                                  "declaration of a round"},
                      "declared": ref("WordSet"), "lexicon": lexicon},
                     required=["declared"]),
            example={"previous": "it, is, so", "declared": "big"},
            rules=[*word_set_rules("previous"), *word_set_rules("declared")],
            description="previous absent, null, \"\" or []: the first declaration of a "
                        "round.")},
        "/api/v1/letters/call": {"post": letters_operation(
            "Rule a \"bullshit\" or \"exact\" call on the last declaration",
            obj({"call": {"type": "string", "enum": ["bullshit", "exact"]},
                 "declared": words, "declared_shape": schema.shape(),
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
                 "highest_shape": schema.shape(),
                 "highest": {**words, "description": "the highest set known; it exists"},
                 "proven": {"type": "boolean",
                            "description": "whether \"highest\" is proven the highest"},
                 "stopped": ref("Stopped"), "upper_bound": ref("UpperBound"),
                 "tiles": {"type": "string"}, "tile_set": {"type": "string"},
                 "lexicon": {"type": "string"}},
                required=["call", "exists", "decided", "ruling", "reason", "is_highest",
                          "highest", "highest_shape", "proven", "stopped", "upper_bound"]),
            body=obj({**solve_fields, "declared": ref("WordSet"),
                      "call": {"type": "string", "maxLength": 40,
                               "pattern": schema.name_pattern(["bullshit", "exact"]),
                               "examples": ["exact"],
                               "description": "bullshit or exact, in any case, spaces "
                                              "around it ignored"}},
                     required=["tiles", "declared", "call"]),
            example={"tiles": "ABEGIRR", "declared": "giber, ar", "call": "exact"},
            rules=[*solve_rules, *word_set_rules("declared")],
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
        "/api/v1/letters/replay": {"post": letters_operation(
            "Replay a whole Liars' Letters game, move by move", ref("LettersReplayResult"),
            body=ref("LettersReplay"), example=letters_replayer().REPLAY_EXAMPLE, errors=(400, 413),
            rules=[*letters_replayer().replay_refusals, *budget_rules(r"rules\.budget")],
            description=letters_replayer().description + " An illegal event answers 200 with \"ok\": "
                        "false, its event_index and why; rules.lexicon is a bundled lexicon; "
                        f"rules.budget is capped at {config['SOLVER_BUDGET_MAX']} s (default "
                        f"{config['SOLVER_BUDGET']}).")},
    }


def extender(config):
    """The document's extension: these routes and their schemas (``config``: the app's,
    read when the document is built)."""
    def extend(document: dict) -> None:
        document["paths"].update(paths(config))
        document["components"]["schemas"].update({
            "LettersReplay": letters_replay_request(),
            "LettersReplayResult": letters_replay_result()})
    return extend
