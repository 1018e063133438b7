"""The phone page: api/static/index.html at /, its files under /static/ (flask's own
static route).  No CDN: everything the page needs ships in api/static/."""

from __future__ import annotations

import posixpath

from flask import Blueprint, current_app, redirect, request, send_from_directory, url_for

bp = Blueprint("pages", __name__)
PAGE = "index.html"


@bp.get("/")
def index():
    return send_from_directory(current_app.static_folder, PAGE, max_age=0)


@bp.before_app_request
def page_file_moves_to_the_root():
    """The page's URLs are relative to the site's root (static/app.css), as in an exported
    site, so the page is served at / only: its own file, which flask's static route would
    also send at /static/index.html (where those URLs name /static/static/...), redirects
    to /, query and all."""
    filename = (request.view_args or {}).get("filename") or ""
    if request.endpoint == "static" and posixpath.normpath(filename) == PAGE:
        query = request.query_string.decode("latin-1")
        return redirect(url_for("pages.index") + (f"?{query}" if query else ""), 301)
    return None


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
