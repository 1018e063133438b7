"""Odds: how likely a claim is from one player's view, and the safest raise.

    POST /api/v1/letters/odds    a Liars' Letters declaration, from my tiles
    POST /api/v1/dice/odds       a Liar's Dice bid, from my dice
    POST /api/v1/post/odds       a Liar's Post claim, from my hand and the face-up cards
    POST /api/v1/liarliar/odds   a Liar Liar play, from my hand and what I have seen
    POST /api/v1/poker/odds      a Liar's Poker claim, from my cards

Each view passes its body to the library's ``answer`` (:mod:`solver.odds`), as
``liars odds`` does: the same answers, the same refusals.  Liars' Letters names a
bundled lexicon only (never a file) and searches within the configured budget.  The
OpenAPI entries are added by :func:`document`, beside the hand-written ones.
"""

from __future__ import annotations

from flask import Blueprint, Flask, current_app, jsonify

from solver.games.registry import GAMES
from solver.odds import letters, odds_of

from . import inputs

bp = Blueprint("odds", __name__)

# The sister games' odds modules, by name: each one's answer, schemas and descriptions.
SISTER_GAMES = {name: odds_of(name) for name in GAMES if odds_of(name) is not None}


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
    from .openapi import obj, ref, shape
    number = {"type": "number", "minimum": 0, "maximum": 1}
    text = {"type": "string"}
    strings = {"type": "array", "items": text}
    chance = obj({"probability": number,
                  "fraction": {"type": "string", "pattern": r"^\d+/\d+$",
                               "description": "the exact chance, n/d"},
                  "exact": {"const": True}, "reason": text},
                 required=["probability", "fraction", "exact"])
    estimate = obj({"probability": number, "exact": {"const": False},
                    "estimate": {"const": True, "description": "an estimate, not exact"},
                    "samples": {"type": "integer", "minimum": 1},
                    "hits": {"type": "integer", "minimum": 0},
                    "interval": {"type": "array", "items": number, "minItems": 2,
                                 "maxItems": 2, "description": "Wilson score interval"},
                    "confidence": number, "seed": {"type": "integer"}},
                   required=["probability", "exact", "estimate", "samples", "hits",
                             "interval", "confidence", "seed"])
    highest = obj({
        "probability": {**number, "type": ["number", "null"],
                        "description": "null when undecided"},
        "fraction": {"type": ["string", "null"]}, "exact": {"const": True},
        "decided": {"type": "boolean", "description": "false: the one search it needs ran "
                                                      "out of time; the chance is in "
                                                      "\"interval\""},
        "samples": {"type": "integer", "const": 0,
                    "description": "0: computed exactly, no deal sampled"},
        "interval": {"type": "array", "items": number, "minItems": 2, "maxItems": 2},
        "reason": text}, required=["probability", "exact", "decided", "samples", "interval",
                                   "reason"])
    common = {"game": text, "advice": {"type": "string", "description": "what the "
                                                                        "suggestions are"}}
    schemas = {
        "ExactChance": chance, "Estimate": estimate,
        "LettersOdds": letters_request(),
        "LettersOddsResult": obj({
            **common, "mine": text, "hidden": {"type": "integer"},
            "unseen": {"type": "integer", "description": "tiles you cannot see: the set "
                                                         "less yours"},
            "tile_set": text, "lexicon": text, "declared": strings, "declared_shape": shape(),
            "exists": ref("ExactChance"), "highest": highest,
            "suggestions": {"type": "array", "items": obj(
                {"words": strings, "shape": shape(), "exists": ref("ExactChance")},
                required=["words", "shape", "exists"])},
            "sampled": obj({"exists": ref("Estimate"),
                            "highest": {"oneOf": [ref("Estimate"), {"type": "null"}]}},
                           required=["exists", "highest"])},
            required=["exists", "highest", "suggestions", "advice"])}
    for name, module in SISTER_GAMES.items():
        schemas[f"{name.capitalize()}Odds"] = module.SCHEMA
        schemas[f"{name.capitalize()}OddsResult"] = module.ANSWER_SCHEMA
    return schemas


LETTERS_EXAMPLE = {"mine": "ABE", "hidden": 9, "declared": "bigger, a"}
LETTERS_SUMMARY = (
    "Liars' Letters: how likely a declaration exists and is the highest, from your tiles; "
    "the safest raises")
LETTERS_DESCRIPTION = (
    "From your tiles and how many are hidden (a uniform draw from the tile set less yours): "
    "the exact chance the declared set exists among all the tiles (a product of one "
    "polynomial per letter), and that it is the highest (exact: a set leaving a tile unused "
    "never is, so one search of its own letters settles it; undecided past the budget, with "
    "an interval). With samples, seeded random deals estimate both, marked as estimates. "
    "suggestions are advice: legal raises from a bounded search, each with its exact "
    "chance.")


def document(document_: dict) -> None:
    """Add the odds routes and their schemas to the OpenAPI document."""
    from .openapi import budget_rules, operation, ref
    document_["components"]["schemas"].update(_schemas())
    routes = {"letters": (letters, LETTERS_EXAMPLE, LETTERS_SUMMARY, LETTERS_DESCRIPTION),
              **{name: (module, module.EXAMPLE, module.SUMMARY, module.DESCRIPTION)
                 for name, module in SISTER_GAMES.items()}}
    for game, (module, example, summary, description) in routes.items():
        name = game.capitalize() + "Odds"
        rules = [r.as_dict() for r in module.REFUSALS]
        if game == "letters":
            rules += budget_rules()
        errors = sorted({400, 413} | {r.error.status for r in module.REFUSALS})
        op = operation(summary, ref(name + "Result"), body=ref(name), example=example,
                       errors=tuple(errors), description=description, rules=rules)
        op["tags"] = [game, "odds"]
        document_["paths"][f"/api/v1/{game}/odds"] = {"post": op}


def register(app: Flask, prefix: str) -> None:
    app.register_blueprint(bp, url_prefix=prefix)
    app.extensions.setdefault("liars_openapi", []).append(document)
