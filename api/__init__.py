"""The HTTP API: a flask application factory over the :mod:`solver` library.

There is no rule logic here: each view reads JSON, calls the library and
formats its answer.  Limits are configuration, passed to the factory:

>>> app = create_app({"SOLVER_BUDGET": 0.5})
>>> app.config["SOLVER_BUDGET"], app.config["MAX_CONTENT_LENGTH"]
(0.5, 65536)
>>> client = app.test_client()
>>> client.get("/healthz").get_json()["status"]
'ok'
>>> client.post("/api/v1/judge", json={"words": "big, g, er"}).get_json()
{'acceptable': True, 'lexicon': 'twl06'}

Served in production by gunicorn through ``liars serve`` (see :mod:`api.serve`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.words.lexicon import DEFAULT_LEXICON, load_lexicon

if TYPE_CHECKING:
    from flask import Flask

API_PREFIX = "/api/v1"

DEFAULT_CONFIG = {
    # Requests are bounded: body size, tiles a solve may take, solver time.
    "MAX_CONTENT_LENGTH": 64 * 1024,   # bytes of request body (413 body_too_large beyond)
    "MAX_SOLVE_TILES": 144,            # tiles for highest, call and subwords (a whole Bananagrams set)
    "SOLVER_BUDGET": 2.0,              # seconds a solve may take by default ...
    "SOLVER_BUDGET_MAX": 5.0,          # ... and at most, whatever a request asks
    "REPLAY_BUDGET": 10.0,             # seconds the searches of one whole replay may take
    "ROOMS_DB": None,                  # rooms' store: a SQLite path (None: the user's state
                                       # folder) or redis://HOST:PORT/N (api/rooms/store.py)
    "ROOM_REVEAL_SECONDS": 5,          # a ruling's reveal stays this long before computer
                                       # players move on (liars serve --reveal-seconds)
    "RATED_GAMES_PER_DAY": 10,         # one group of profiles is rated this many games in
                                       # a rolling day (liars serve --rated-games-per-day)
    "MAX_CONNECTIONS": 2000,           # a worker's connections: event streams take their
                                       # share (api/rooms/streams.py; --max-connections)
    "SUBWORDS_LIMIT": 1000,            # words listed by letters/subwords by default ...
    "SUBWORDS_LIMIT_MAX": 5000,        # ... and at most
    "DEFAULT_LEXICON": DEFAULT_LEXICON,
    "WARM_LEXICONS": (),               # lexicons whose search index is built at start-up
    # Served only for these Host names besides localhost and IP literals ("*": any).
    "ALLOWED_HOSTS": (),
    # Under `liars serve`, these routes solve in a separate process pool (api.pool) once
    # a request names more tiles than INLINE_SOLVE_TILES; smaller solves take a few ms.
    # None: the routes their blueprint marks so (api.serving.pooled); else endpoint names.
    "POOLED_ENDPOINTS": None,
    "INLINE_SOLVE_TILES": 12,
}


def create_app(config: dict | None = None) -> Flask:
    """Build the application; ``config`` overrides :data:`DEFAULT_CONFIG` keys."""
    from flask import Flask  # here, so that `liars` (which registers `serve`) starts quickly

    app = Flask(__name__, static_folder="static", static_url_path="/static")
    app.config.from_mapping(DEFAULT_CONFIG)
    if config:
        app.config.from_mapping(config)
    app.url_map.merge_slashes = False  # '//judge' is a JSON 404, not an HTML redirect
    app.json.sort_keys = False
    app.json.compact = True

    from . import errors, games, health, letters, lexicons, odds, openapi, pages, serving

    errors.register(app)
    serving.register(app)  # Host check, security headers, solves in the solver pool
    app.register_blueprint(health.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(openapi.bp, url_prefix=API_PREFIX)
    app.register_blueprint(lexicons.bp, url_prefix=API_PREFIX)
    app.register_blueprint(letters.bp, url_prefix=API_PREFIX + "/letters")
    from .letters_document import extender as letters_document
    app.extensions.setdefault("liars_openapi", []).append(letters_document(app.config))
    games.register(app, API_PREFIX)
    odds.register(app, API_PREFIX)  # POST /letters/odds, /dice/odds, ...
    from . import words  # dictionary queries: GET /api/v1/words
    app.register_blueprint(words.bp, url_prefix=API_PREFIX)
    from . import rooms  # a table's game on every phone: /api/v1/rooms
    rooms.register(app, API_PREFIX)

    warm(app)
    return app


def warm(app: Flask) -> None:
    """Load the lexicons named in WARM_LEXICONS and build their search index now,
    so that the first request does not pay for it (about a second for twl06); and
    load the big searches' compiled loops (solver/search/kernels/), so that no
    request pays for loading them.

    The first run after an install has to compile them (about half a minute): then
    another process compiles them (logged, "compiling the big-rack search once ..."),
    and the app answers meanwhile; big racks are searched without the loops (as their
    budget allows, maybe not proven) until they are ready, then each process loads
    them on its first big solve.  No thread is started here: ``liars serve`` forks
    its workers from this process.
    """
    names = app.config["WARM_LEXICONS"] or ()
    for name in names:
        lexicon = load_lexicon(name, allow_paths=False)
        lexicon.index  # noqa: B018 - built on first access, cached on the lexicon
        app.logger.info("warmed lexicon %s (%d words) and its search index", lexicon.name,
                        len(lexicon))
    if names:
        from solver.search import kernels
        if kernels.cached():
            # quick; False only while another process compiles them
            if kernels.ready(wait=0):
                _first_big_solve(names[0])
        else:
            kernels.compile_apart()


def _first_big_solve(name: str) -> None:
    """A search of each whole bag, stopped at once, so that what a big search builds on
    first use (per lexicon and tile set: the rows' letter counts, the search's set-up) is
    built here, once, before the fork: a solver process's first big solve took 0.3-0.4 s
    of CPU more than its next ones, past its budget on a loaded machine.  Stopped at once
    (budget 0) it costs 0.1 s of CPU, against 0.5 s searching for 0.2 s, and a forked
    solver's first big solve is as quick after either."""
    from solver.search.highest import highest
    from solver.words.tiles import TILE_SETS

    for tile_set in TILE_SETS.values():
        highest(tile_set.bag, name, tile_set=tile_set, budget=0)
