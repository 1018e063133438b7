"""Odds: how likely a claim is from one player's view, and the safest raise.

    POST /api/v1/letters/odds    a Liars' Letters declaration, from my tiles
    POST /api/v1/dice/odds       a Liar's Dice bid, from my dice
    POST /api/v1/post/odds       a Liar's Post claim, from my hand and the face-up cards
    POST /api/v1/liarliar/odds   a Liar Liar play, from my hand and what I have seen
    POST /api/v1/poker/odds      a Liar's Poker claim, from my cards

Each view passes its body to the game's ``answer`` (its folder's ``odds.py``, by the
registry), as ``liars odds`` does: the same answers, the same refusals.  A game whose odds
search a lexicon (``SEARCHES``: Liars' Letters) names a bundled lexicon only (never a
file) and searches within the configured budget.  The
OpenAPI entries are added by :func:`document` from each odds module's schemas, example
and descriptions, beside the hand-written ones.
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app, jsonify

from solver.games.registry import ODDS
from solver.odds.payload import SHARED_SCHEMAS

from . import inputs

bp = Blueprint("odds", __name__)


def searches(module) -> bool:
    """Whether a game's odds search a lexicon (Liars' Letters): its request names a bundled
    lexicon and a tile set, and its search's budget is the server's to bound."""
    return getattr(module, "SEARCHES", False)


def _searching_view(module):
    def view():
        body = inputs.json_body(module.FIELDS)
        for name in ("lexicon", "tile_set"):  # a name's length, as every route here holds it
            inputs.string(body, name, max_length=inputs.MAX_NAME_LENGTH)
        payload = dict(body)
        if payload.get("lexicon") is None:
            payload["lexicon"] = current_app.config["DEFAULT_LEXICON"]
        return jsonify(module.answer(payload, allow_paths=False,
                                     budget=lambda: inputs.budget(body)))
    return view


def _game_view(answer):
    def view():
        return jsonify(answer(inputs.json_body(None)))
    return view


def _add_game_routes() -> None:
    for name, module in ODDS.items():
        view = _searching_view(module) if searches(module) else _game_view(module.answer)
        bp.add_url_rule(f"/{name}/odds", f"{name}_odds", view, methods=["POST"])


_add_game_routes()


# --- the OpenAPI entries ---------------------------------------------------------------

def searching_request(module) -> dict:
    """A searching game's request, with what this server reads itself: a bundled lexicon's
    name, a tile set's, and a budget as every solve here takes it."""
    from solver.games.schema import nullable

    from .openapi import ref
    return {**module.SCHEMA, "properties": {
        **module.SCHEMA["properties"], "tile_set": nullable(ref("TileSetName")),
        "lexicon": nullable(ref("LexiconName")), "budget": ref("Budget")}}


def _schemas() -> dict:
    """Each game's request and answer, and the chances they share."""
    schemas = dict(SHARED_SCHEMAS)
    for name, module in ODDS.items():
        request = searching_request(module) if searches(module) else module.SCHEMA
        schemas[f"{name.capitalize()}Odds"] = request
        schemas[f"{name.capitalize()}OddsResult"] = module.ANSWER_SCHEMA
    return schemas


def document(document_: dict) -> None:
    """Add the odds routes and their schemas to the OpenAPI document."""
    from .openapi import budget_rules, operation, ref
    document_["components"]["schemas"].update(_schemas())
    for game, module in ODDS.items():
        name = game.capitalize() + "Odds"
        rules = [r.as_dict() for r in module.REFUSALS]
        if searches(module):
            rules += budget_rules()
        errors = sorted({400, 413} | {r.error.status for r in module.REFUSALS})
        op = operation(module.SUMMARY, ref(name + "Result"), tag=game, body=ref(name),
                       example=module.EXAMPLE, errors=tuple(errors),
                       description=module.DESCRIPTION, rules=rules)
        op["tags"].append("odds")
        document_["paths"][f"/api/v1/{game}/odds"] = {"post": op}


def register(app: Flask, prefix: str) -> None:
    app.register_blueprint(bp, url_prefix=prefix)
    app.extensions.setdefault("liars_openapi", []).append(document)
