"""Liars' Letters: the highest word set (and all others of its shape), subwords,
comparing, raising, calls, and replaying a whole game.

Each view reads its JSON body, calls :mod:`solver` and returns the library's
``as_dict()``.  Solves (highest, highest-sets, call) run under the configured
time budget: a solve past it answers ``"proven": false`` with ``"stopped"``
(why) and ``"upper_bound"`` rather than holding a worker, and a call whose
ruling hinged on it answers ``"decided": false``, ``"ruling": null``.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from solver.errors import LiarsError
from solver.games.letters.game import Call, check_raise, rule_call
from solver.games.registry import REPLAYERS
from solver.search.alternatives import MAX_LISTED
from solver.search.alternatives import highest_sets as solve_highest_sets
from solver.search.highest import highest as solve_highest
from solver.words.wordset import WordSet
from solver.words.wordset import compare as compare_sets

from . import inputs
from .serving import pooled

bp = Blueprint("letters", __name__)

SOLVE_FIELDS = frozenset({"tiles", "lexicon", "tile_set", "budget"})


@bp.post("/highest")
@pooled
def highest():
    body = inputs.json_body(SOLVE_FIELDS)
    tiles = inputs.tiles(body)
    lex = inputs.lexicon(body)
    seconds = inputs.budget(body)
    with inputs.CPU_SHARE.measured():
        solution = solve_highest(tiles, lex, budget=seconds)
    return jsonify({**solution.as_dict(), "tile_set": tiles.tile_set.name})


@bp.post("/highest-sets")
@pooled
def highest_sets():
    """Every word set of the highest shape: counted, and the first ``limit`` listed."""
    body = inputs.json_body(SOLVE_FIELDS | {"limit"})
    tiles = inputs.tiles(body)
    lex = inputs.lexicon(body)
    limit = inputs.integer(body, "limit", default=20, low=0, high=MAX_LISTED)
    seconds = inputs.budget(body)
    with inputs.CPU_SHARE.measured():
        result = solve_highest_sets(tiles, lex, limit=limit, budget=seconds)
    return jsonify({"tiles": str(tiles), "tile_set": tiles.tile_set.name, "lexicon": lex.name,
                    **result.as_dict()})


@bp.post("/subwords")
def subwords():
    body = inputs.json_body({"tiles", "lexicon", "tile_set", "limit"})
    tiles = inputs.tiles(body)
    lex = inputs.lexicon(body)
    config = current_app.config
    limit = inputs.integer(body, "limit", default=min(config["SUBWORDS_LIMIT"],
                                                      config["SUBWORDS_LIMIT_MAX"]),
                           low=0, high=config["SUBWORDS_LIMIT_MAX"])
    words = lex.words_from(tiles)
    return jsonify({"tiles": str(tiles), "tile_set": tiles.tile_set.name,
                    "lexicon": lex.name, "count": len(words), "words": words[:limit],
                    "truncated": len(words) > limit})


@bp.post("/compare")
def compare():
    body = inputs.json_body({"a", "b"})
    a = WordSet.parse(inputs.word_set(body, "a"), field="a")
    b = WordSet.parse(inputs.word_set(body, "b"), field="b")
    result = compare_sets(a, b)
    return jsonify({"result": result, "higher": {1: "a", -1: "b", 0: "equal"}[result],
                    "a": list(a), "a_shape": list(a.shape),
                    "b": list(b), "b_shape": list(b.shape)})


@bp.post("/raise")
def raise_():
    body = inputs.json_body({"previous", "declared", "lexicon"})
    previous = inputs.word_set(body, "previous", required=False)
    declared = inputs.word_set(body, "declared")
    lex = inputs.lexicon(body)
    check = check_raise(previous, declared, lex)
    return jsonify({**check.as_dict(), "lexicon": lex.name})


@bp.post("/call")
@pooled
def call():
    body = inputs.json_body(SOLVE_FIELDS | {"declared", "call"})
    kind = inputs.string(body, "call", required=True, max_length=40)
    Call.parse(kind)  # the library's message for anything but bullshit or exact
    tiles = inputs.tiles(body)
    declared = WordSet.parse(inputs.word_set(body, "declared"), field="declared")
    lex = inputs.lexicon(body)
    seconds = inputs.budget(body)
    with inputs.CPU_SHARE.measured():
        ruling = rule_call(tiles, declared, kind, lex, budget=seconds)
    return jsonify({**ruling.as_dict(), "tiles": str(tiles), "tile_set": tiles.tile_set.name,
                    "lexicon": lex.name})


@bp.post("/replay")
@pooled
def replay():
    """A whole game, as the sister games replay (see :data:`solver.games.registry.REPLAYERS`).

    The rules' lexicon is a bundled one (never a file path), and the referee's
    search per call runs under the configured budget, like every solve here; the
    whole replay's searches under REPLAY_BUDGET (past it, a call that needs a long
    search is undecided, and the replay answers where it stopped: never a timeout).
    """
    body = inputs.json_body(None)
    rules = body.get("rules")
    if rules is None or isinstance(rules, dict):  # anything else: the library's error
        rules = dict(rules or {})
        try:
            rules["lexicon"] = inputs.lexicon(name=inputs.string(
                rules, "lexicon", max_length=inputs.MAX_NAME_LENGTH)).name
            rules["budget"] = inputs.requested_budget(rules)
        except LiarsError as err:
            err.field = f"rules.{err.field}"
            raise
        body = {**body, "rules": rules}
    letters = REPLAYERS["letters"]
    return jsonify(letters.replay(body, seconds=float(current_app.config["REPLAY_BUDGET"])))
