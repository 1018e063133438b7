"""The phone page: api/static/index.html at /, its files under /static/ (flask's own
static route).  No CDN: everything the page needs ships in api/static/."""

from __future__ import annotations

from flask import Blueprint, current_app, send_from_directory

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    return send_from_directory(current_app.static_folder, "index.html", max_age=0)
