"""The phone page: api/static/index.html at /, its files under /static/ (flask's own
static route).  No CDN: everything the page needs ships in api/static/."""

from __future__ import annotations

from flask import Blueprint, current_app, send_from_directory

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    return send_from_directory(current_app.static_folder, "index.html", max_age=0)


@bp.get("/sw.js")
def service_worker():
    """The service worker, at the root so that it controls the page; filled in with the
    site's version and app shell as ``liars export-site`` writes it (api/site.py)."""
    from .site import render_service_worker

    # Rendering reads and hashes every static file (1.4 MB): once per app, not per request
    # (the package's static files do not change while it serves).
    text = current_app.extensions.get("liars.service_worker")
    if text is None:
        text = current_app.extensions["liars.service_worker"] = render_service_worker()
    response = current_app.response_class(text, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response
