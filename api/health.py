"""GET /healthz: the process is up and can answer (used by tests and load balancers)."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    return jsonify({"status": "ok", "default_lexicon": current_app.config["DEFAULT_LEXICON"]})
