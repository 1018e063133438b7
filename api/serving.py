"""What the app does because it is a server on a home network, apart from any route:

* **Host check**: a request is served only when its ``Host`` names this server:
  ``localhost``, any IP literal (phones on the LAN use the address), or a name in
  ``ALLOWED_HOSTS`` (``"*"``: any, behind a proxy that checks it).  Anything else is
  421, so a web page cannot reach the API by DNS rebinding.
* **One credential**: a request that sends its token both in the ``Authorization``
  header and as ``?token=`` is refused 400, on every route (RFC 6750: one way per
  request).
* **Security headers** on every answer (:data:`api.errors.SECURITY_HEADERS`): a CSP
  of ``default-src 'self'`` that forbids framing, no referrer, no sniffing.  No
  CORS headers are ever sent: other sites' pages cannot read the answers.
* **Solves apart**: under ``liars serve`` a solver pool (:mod:`api.pool`) is attached
  to the app in each HTTP worker; requests to a route marked :func:`pooled` with
  more than ``INLINE_SOLVE_TILES`` tiles are then answered by a solver process,
  so that a long solve never holds up the light requests.  Without a pool (tests,
  the solver processes themselves) every route runs here.

>>> from api import create_app
>>> client = create_app({"ALLOWED_HOSTS": ("referee.lan",)}).test_client()
>>> client.get("/healthz", headers={"Host": "referee.lan:8000"}).status_code
200
>>> client.get("/healthz", headers={"Host": "192.168.1.20:8000"}).status_code
200
>>> r = client.get("/healthz", headers={"Host": "evil.example"})
>>> r.status_code, r.get_json()["error"]["code"], r.headers["X-Frame-Options"]
(421, 'misdirected_request', 'DENY')
"""

from __future__ import annotations

import ipaddress
import json

from flask import Flask, current_app, request

from solver.errors import InvalidInput

from .errors import SECURITY_HEADERS, MisdirectedRequest

POOL_EXTENSION = "liars_solver_pool"
POOLED_KEY = "liars.pooled"  # environ: this request is being answered in a solver process


def host_allowed(host: str, allowed) -> bool:
    """Is ``host`` (a Host header: name or address, maybe with a port) this server?

    >>> [host_allowed(h, ()) for h in ("localhost", "LOCALHOST:80", "127.0.0.1:8000",
    ...                                  "[::1]:8000", "10.0.0.7", "example.com", "")]
    [True, True, True, True, True, False, False]
    >>> host_allowed("referee.lan", ("referee.lan",)), host_allowed("x.y", ("*",))
    (True, True)
    """
    if "*" in allowed:
        return True
    host = host.strip().lower()
    if host.startswith("["):  # [v6]:port
        name = host[1:host.find("]")] if "]" in host else ""
    else:
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    name = name.rstrip(".")
    if not name:
        return False
    if name == "localhost" or name in {a.lower().rstrip(".") for a in allowed}:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def check_host():
    allowed = current_app.config["ALLOWED_HOSTS"] or ()
    if not host_allowed(request.host, allowed):
        raise MisdirectedRequest(
            f"this server does not answer for host {request.host[:80]!r}: use its address, "
            f"localhost, or a name given to `liars serve --allow-host`", field=None)


def one_credential():
    """before_request: a token is sent one way per request (RFC 6750, section 2): the
    ``Authorization`` header, or the event stream's ``?token=`` (a browser's EventSource
    sends no header), never both.  A request carrying both is refused 400 on every route,
    whether or not they agree, before anything reads either: no route can take one and
    ignore the other."""
    if request.routing_exception is not None:
        return  # no such route, or not this method: that is the answer
    if "token" in request.args and "Authorization" in request.headers:
        raise InvalidInput("send your token one way: the Authorization header or ?token=, "
                           "not both", field="token")


def add_security_headers(response):
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _tile_count(data: bytes) -> int:
    """How many tiles a solve request names, the most of any call in a replay (0 if
    unreadable: the view will say why).

    >>> _tile_count(b'{"tiles": "ABEGIRR"}'), _tile_count(b'[1]')
    (7, 0)
    >>> _tile_count(b'{"events": [{"tiles": "AB"}, {"tiles": "A B C"}, 3]}')
    3
    """
    try:
        body = json.loads(data)
    except (ValueError, RecursionError):
        return 0
    if not isinstance(body, dict):
        return 0
    events = body.get("events")
    named = [body.get("tiles")] + ([e.get("tiles") for e in events if isinstance(e, dict)]
                                   if isinstance(events, list) else [])
    return max((sum(ch.isalpha() for ch in tiles) for tiles in named
                if isinstance(tiles, str)), default=0)


def pooled(view):
    """Mark a route whose big solves go to the solver pool (:func:`solve_apart`): a game's
    blueprint says which of its routes search, so that no shared module names them."""
    view.liars_pooled = True
    return view


def is_pooled(app: Flask, endpoint: str | None) -> bool:
    """Does ``endpoint`` hand its big solves to the pool?  The config's
    ``POOLED_ENDPOINTS`` when it names them, else the routes marked :func:`pooled`."""
    named = app.config.get("POOLED_ENDPOINTS")
    if named is not None:
        return endpoint in named
    return bool(getattr(app.view_functions.get(endpoint or ""), "liars_pooled", False))


def solve_apart():
    """before_request: hand a big solve to the solver pool, if this process has one."""
    pool = current_app.extensions.get(POOL_EXTENSION)
    if (pool is None or request.environ.get(POOLED_KEY)
            or not is_pooled(current_app, request.endpoint)
            or request.mimetype != "application/json"):
        return None
    data = request.get_data(cache=True)
    if _tile_count(data) <= current_app.config["INLINE_SOLVE_TILES"]:
        return None
    status, headers, body = pool.answer(request.environ, data)
    return current_app.response_class(body, status=status, headers=headers)


def register(app: Flask) -> None:
    app.before_request(check_host)   # first: before any other hook or route
    app.before_request(one_credential)
    app.before_request(solve_apart)
    app.after_request(add_security_headers)
