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

from solver.odds import dice, letters, liarliar, poker, post

from . import inputs

bp = Blueprint("odds", __name__)

SISTER_GAMES = {"dice": dice.answer, "post": post.answer, "liarliar": liarliar.answer,
                "poker": poker.answer}


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
    for name, answer in SISTER_GAMES.items():
        bp.add_url_rule(f"/{name}/odds", f"{name}_odds", _game_view(answer), methods=["POST"])


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
    bid = obj({"quantity": {"type": "integer"}, "face": {"type": "integer"}, "phrase": text},
              required=["quantity", "face", "phrase"])
    common = {"game": text, "advice": {"type": "string", "description": "what the "
                                                                        "suggestions are"}}
    return {
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
            required=["exists", "highest", "suggestions", "advice"]),
        "DiceOdds": dice.SCHEMA,
        "DiceOddsResult": obj({
            **common, "mine": {"type": "array", "items": {"type": "integer"}},
            "hidden": {"type": "integer"}, "dice_in_play": {"type": "integer"},
            "wild": {"type": "array", "items": {"type": "integer"}}, "bid": bid,
            "holds": ref("ExactChance"),
            "suggestions": {"type": "array", "items": obj(
                {"bid": bid, "holds": ref("ExactChance")}, required=["bid", "holds"])}},
            required=["holds", "suggestions", "advice"]),
        "PostOdds": post.SCHEMA,
        "PostOddsResult": obj({
            **common, "claim": {"type": "object"}, "mine": strings, "face_up": strings,
            "unseen": {"type": "integer"}, "true": ref("ExactChance"),
            "false": ref("ExactChance"),
            "suggestion": obj({"call": {"enum": ["true", "false", None]},
                               "right": ref("ExactChance")}, required=["call", "right"])},
            required=["true", "false", "suggestion"]),
        "LiarliarOdds": liarliar.SCHEMA,
        "LiarliarOddsResult": obj({
            **common, "claim": {"type": "object"}, "mine": strings, "seen": strings,
            "unseen": {"type": "integer"}, "could_be_true": {"type": "integer"},
            "true": ref("ExactChance"), "lie": ref("ExactChance"),
            "certainly": {"enum": ["lie", "true", None]},
            "suggestion": obj({"call_liar": {"type": "boolean"}}, required=["call_liar"])},
            required=["true", "lie", "certainly", "suggestion"]),
        "PokerOdds": poker.SCHEMA,
        "PokerOddsResult": obj({
            **common, "mine": strings, "hidden": {"type": "integer"},
            "claim": {"type": "object"}, "made": ref("ExactChance"),
            "suggestions": {"type": "array", "items": obj(
                {"claim": {"type": "object"}, "made": ref("ExactChance")},
                required=["claim", "made"])},
            "sampled": ref("Estimate")}, required=["made", "suggestions", "advice"]),
    }


EXAMPLES = {
    "letters": {"mine": "ABE", "hidden": 9, "declared": "bigger, a"},
    "dice": {"mine": [2, 5, 5], "hidden": 10, "bid": {"quantity": 4, "face": 5},
             "rules": {"wild": [1]}},
    "post": {"mine": ["Q", "Q", "K", "7"], "face_up": "Q Q Q 9", "claim": "this is a queen"},
    "liarliar": {"mine": ["KH", "KS", "4D"], "claim": "two kings"},
    "poker": {"mine": ["KH", "3C"], "hidden": 4, "claim": "pair of kings"},
}

SUMMARIES = {  # (summary, description) of each route
    "letters": (
        ("Liars' Letters: how likely a declaration exists and is the highest, from your "
         "tiles; the safest raises"),
        ("From your tiles and how many are hidden (a uniform draw from the tile set less "
         "yours): the exact chance the declared set exists among all the tiles (a product "
         "of one polynomial per letter), and that it is the highest (exact: a set leaving a "
         "tile unused never is, so one search of its own letters settles it; undecided past "
         "the budget, with an interval). With samples, seeded random deals estimate both, "
         "marked as estimates. suggestions are advice: legal raises from a bounded search, "
         "each with its exact chance.")),
    "dice": (
        "Liar's Dice: how likely a bid holds, from your dice; every next bid ranked",
        ("Each hidden die is fair; wild faces count unless the bid's face is wild. "
         "suggestions: on each face the smallest legal raise, ranked by exact chance.")),
    "post": (
        "Liar's Post: how likely the card is the named kind",
        ("The card on its way to you is any card you cannot see (the deck less your hand "
         "and the face-up cards), each as likely.")),
    "liarliar": (
        "Liar Liar: how likely the play just made is true",
        ("The cards played are a draw from those you cannot see (the 54 less your hand and "
         "seen); true when each is the rank or a joker; \"certainly\": \"lie\" when too few "
         "such cards are left.")),
    "poker": (
        ("Liar's Poker: how likely a named hand can be made, from your cards; every higher "
         "hand ranked"),
        ("The others' cards are a uniform draw from the deck less yours. Every hand's "
         "chance is exact (ranks: one polynomial per rank; flushes: one per suit). With "
         "samples, seeded random deals estimate it, marked as an estimate.")),
}


MODULES = {"letters": letters, "dice": dice, "post": post, "liarliar": liarliar,
           "poker": poker}


def document(document_: dict) -> None:
    """Add the odds routes and their schemas to the OpenAPI document."""
    from .openapi import budget_rules, operation, ref
    document_["components"]["schemas"].update(_schemas())
    for game, example in EXAMPLES.items():
        summary, description = SUMMARIES[game]
        name = game.capitalize() + "Odds"
        rules = [r.as_dict() for r in MODULES[game].REFUSALS]
        if game == "letters":
            rules += budget_rules()
        op = operation(summary, ref(name + "Result"), body=ref(name), example=example,
                       errors=(400, 413, 422) if game == "dice" else (400, 413),
                       description=description, rules=rules)
        op["tags"] = [game, "odds"]
        document_["paths"][f"/api/v1/{game}/odds"] = {"post": op}


def register(app: Flask, prefix: str) -> None:
    app.register_blueprint(bp, url_prefix=prefix)
    app.extensions.setdefault("liars_openapi", []).append(document)
