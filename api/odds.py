"""Odds: how likely a claim is from one player's view, and the safest raise.

    POST /api/v1/letters/odds    a Liars' Letters declaration, from my tiles
    POST /api/v1/dice/odds       a Liar's Dice bid, from my dice
    POST /api/v1/post/odds       a Liar's Post claim, from my hand and the face-up cards
    POST /api/v1/liarliar/odds   a Liar Liar play, from my hand and what I have seen
    POST /api/v1/poker/odds      a Liar's Poker claim, from my cards

Each view passes its body to the library's ``answer`` (:mod:`solver.odds`), as
``liars odds`` does: the same answers, the same refusals.  Liars' Letters names a
bundled lexicon only (never a file) and searches within the configured budget.  The
OpenAPI entries are added by :func:`document` from each odds module's schemas, example
and descriptions, beside the hand-written ones.
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app, jsonify

from solver.games.letters import odds as letters
from solver.games.registry import GAMES, ODDS
from solver.odds.payload import SHARED_SCHEMAS

from . import inputs

bp = Blueprint("odds", __name__)

# The sister games' odds modules, by name: each one's answer, schemas and descriptions.
SISTER_GAMES = {name: ODDS[name] for name in GAMES if name in ODDS}


@bp.post("/letters/odds")
def letters_odds():
    body = inputs.json_body(letters.FIELDS)
    for name in ("lexicon", "tile_set"):  # a name's length, as every route here holds it
        inputs.string(body, name, max_length=inputs.MAX_NAME_LENGTH)
    payload = dict(body)
    if payload.get("lexicon") is None:
        payload["lexicon"] = current_app.config["DEFAULT_LEXICON"]
    return jsonify(letters.answer(payload, allow_paths=False,
                                  budget=lambda: inputs.budget(body)))


def _game_view(answer):
    def view():
        return jsonify(answer(inputs.json_body(None)))
    return view


def _add_game_routes() -> None:
    for name, module in SISTER_GAMES.items():
        bp.add_url_rule(f"/{name}/odds", f"{name}_odds", _game_view(module.answer),
                        methods=["POST"])


_add_game_routes()


# --- the OpenAPI entries ---------------------------------------------------------------

def letters_request() -> dict:
    """The library's request, with what this server reads itself: a bundled lexicon's
    name, a tile set's, and a budget as every solve here takes it."""
    from solver.games.schema import nullable

    from .openapi import ref
    return {**letters.SCHEMA, "properties": {
        **letters.SCHEMA["properties"], "tile_set": nullable(ref("TileSetName")),
        "lexicon": nullable(ref("LexiconName")), "budget": ref("Budget")}}


def _schemas() -> dict:
    """Each game's request and answer, and the chances they share."""
    schemas = dict(SHARED_SCHEMAS)
    for name, module in ODDS.items():
        request = letters_request() if module is letters else module.SCHEMA
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
        if module is letters:
            rules += budget_rules()
        errors = sorted({400, 413} | {r.error.status for r in module.REFUSALS})
        op = operation(module.SUMMARY, ref(name + "Result"), body=ref(name),
                       example=module.EXAMPLE, errors=tuple(errors),
                       description=module.DESCRIPTION, rules=rules)
        op["tags"] = [game, "odds"]
        document_["paths"][f"/api/v1/{game}/odds"] = {"post": op}


def register(app: Flask, prefix: str) -> None:
    app.register_blueprint(bp, url_prefix=prefix)
    app.extensions.setdefault("liars_openapi", []).append(document)
