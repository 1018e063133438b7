"""GET /healthz: the process is up and can answer (used by tests and load balancers).

It answers 503 ``store_unavailable`` when the rooms' store cannot be reached (Redis
down, the SQLite file read-only), so that a load balancer stops sending phones to a
server whose rooms cannot move.  It also sweeps the expired rooms away, at most once a
minute (api/rooms/sweep.py)."""

from __future__ import annotations

import time

from flask import Blueprint, current_app, jsonify

from solver.errors import LiarsError

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    from .rooms import store
    from .rooms.sweep import sweep
    answer = {"status": "ok", "default_lexicon": current_app.config["DEFAULT_LEXICON"]}
    try:
        store().check()
        sweep(store(), time.time())  # the expired rooms go, at most once a minute
    except LiarsError as err:
        response = jsonify({**answer, "status": err.code, "message": err.message})
        response.status_code = err.status
        response.headers["Retry-After"] = str(getattr(err, "retry_after", 2))
        return response
    return jsonify(answer)
