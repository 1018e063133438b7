"""The sister games (dice, post, liarliar, poker): check and replay routes for each.

    POST /api/v1/<game>/check     one claim against what was revealed
    POST /api/v1/<game>/replay    a whole recorded game, move by move

The routes and their OpenAPI entries are generated from the
:data:`solver.games.registry.GAMES` registry: the request schemas, examples and
descriptions are the library's.  A replay that reaches an illegal move answers
200 with ``"ok": false`` and the event it stopped at (that is a finding about
the game, not a bad request); unreadable input is a 4xx like everywhere else.
"""

from __future__ import annotations

from flask import Blueprint, Flask, jsonify

from . import inputs


def _check_view(game):
    def view():
        return jsonify(game.check(inputs.json_body(None)))
    return view


def _replay_view(game):
    def view():
        return jsonify(game.replay(inputs.json_body(None)))
    return view


def blueprint(games: dict) -> Blueprint:
    bp = Blueprint("games", __name__)
    for name, game in games.items():
        bp.add_url_rule(f"/{name}/check", f"{name}_check", _check_view(game), methods=["POST"])
        bp.add_url_rule(f"/{name}/replay", f"{name}_replay", _replay_view(game),
                        methods=["POST"])
    return bp


def _schema_name(name: str, kind: str) -> str:
    return f"{name.capitalize()}{kind.capitalize()}"


def document_extender(games: dict, prefix: str):
    """Adds each game's two operations (and their request schemas) to the document."""
    from .openapi import error_responses, json_content, ref, with_rules

    def extend(document: dict) -> None:
        schemas = document["components"]["schemas"]
        schemas["GameCheckResult"] = {
            "type": "object", "required": ["game"], "additionalProperties": True,
            "properties": {"game": {"type": "string", "enum": sorted(games)}},
            "description": "the game's ruling on the claim; the fields depend on the game"}
        schemas["GameReplayResult"] = {
            "type": "object", "required": ["ok", "game", "state"], "additionalProperties": True,
            "properties": {
                "ok": {"type": "boolean", "description": "false: an illegal event stopped "
                                                         "the replay"},
                "game": {"type": "string", "enum": sorted(games)},
                "events": {"type": "integer", "description": "events replayed (when ok)"},
                "state": {"type": "object", "description": "the final state, or the state "
                                                           "before the illegal event"},
                "error": ref("ErrorBody"),
                "event_index": {"type": "integer"},
                "event": {"type": "object"}}}
        for name, game in games.items():
            for kind, schema, example, result, refusals in (
                    ("check", game.check_schema, game.CHECK_EXAMPLE, "GameCheckResult",
                     game.check_refusals),
                    ("replay", game.replay_schema, game.REPLAY_EXAMPLE, "GameReplayResult",
                     game.replay_refusals)):
                schemas[_schema_name(name, kind)] = schema
                summary = (f"{game.title}: check one claim" if kind == "check"
                           else f"{game.title}: replay a whole game")
                op = {"summary": summary, "description": game.description, "tags": [name],
                      "requestBody": {"required": True, "content": json_content(
                          ref(_schema_name(name, kind)), example)},
                      "responses": {"200": {"description": "OK",
                                            "content": json_content(ref(result))},
                                    **error_responses(400, 413, 415, 422)}}
                document["paths"][f"{prefix}/{name}/{kind}"] = {
                    "post": with_rules(op, refusals) if refusals else op}
    return extend


def register(app: Flask, prefix: str) -> None:
    """Serve every game of the registry (nothing if the library has none yet)."""
    try:
        from solver.games.registry import GAMES
    except ImportError:
        return
    app.register_blueprint(blueprint(GAMES), url_prefix=prefix)
    app.extensions.setdefault("liars_openapi", []).append(document_extender(GAMES, prefix))
