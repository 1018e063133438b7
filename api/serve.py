"""``liars serve``: the API under gunicorn, the production WSGI server.

    liars serve [--host 127.0.0.1] [--port 8000] [--workers 2] [--threads 1] [--budget 2]
    python -m api.serve ...            # the same, without the console script

The app is created once in the gunicorn master (``preload_app``) with the
default lexicon loaded and its search index built, then forked: every worker
starts warm and shares those pages copy-on-write.  Solves are bounded by the
solver budget (capped by SOLVER_BUDGET_MAX), far below the worker timeout, so a
hard rack answers ``"proven": false`` instead of hanging a worker.

Worker kind: the work is CPU-bound under the GIL, so threads add no throughput;
gunicorn's sync worker (the default, ``--threads 1``) costs the least CPU per
request, and gunicorn kills a sync worker whose request overruns its timeout.
``--threads N`` runs the gthread worker instead: keep-alive, and a long solve no
longer queues the quick requests that reach the same worker (for tables where
heavy solves are common).  scripts/bench_api.py measures both (``--threads``).

gunicorn is imported only when serving, so ``liars`` stays quick to start.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from flask import Flask

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_WORKERS = 2
DEFAULT_THREADS = 1


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be from 0 to 65535, not {value}")
    return value


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError("budget must be more than 0 and at most 60 s")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"address to listen on (default {DEFAULT_HOST})")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--workers", type=_positive_int, default=DEFAULT_WORKERS,
                        help=f"worker processes (default {DEFAULT_WORKERS})")
    parser.add_argument("--threads", type=_positive_int, default=DEFAULT_THREADS,
                        help=f"threads per worker (default {DEFAULT_THREADS}): 1 runs gunicorn's "
                             f"sync worker, the cheapest per request; more run its gthread "
                             f"worker, with keep-alive, where a long solve does not hold up "
                             f"the other requests of its worker")
    parser.add_argument("--budget", type=_budget, default=None,
                        help="seconds a solve may take by default (default 2; requests may "
                             "ask for up to the cap, 5 s or this value if higher)")
    parser.add_argument("--lexicon", default=None,
                        help="the default lexicon, loaded and indexed at start-up "
                             "(default twl06)")
    parser.add_argument("--access-log", action="store_true",
                        help="log every request to stderr (off by default: it costs speed)")


def register(subparsers) -> None:
    """Add ``serve`` to the ``liars`` command's subparsers (called by solver/cli.py)."""
    parser = subparsers.add_parser(
        "serve", help="serve the HTTP API with gunicorn",
        description="Serve the HTTP API (/api/v1, /healthz, the phone page at /) with "
                    "gunicorn, a production WSGI server.")
    add_arguments(parser)
    parser.set_defaults(func=_command)


def _command(args) -> int:
    return run(args.host, args.port, args.workers, budget=args.budget, threads=args.threads,
               lexicon=args.lexicon, access_log=args.access_log)


def app_config(budget: float | None = None, lexicon: str | None = None) -> dict:
    """The create_app() configuration ``liars serve`` uses."""
    from . import DEFAULT_CONFIG
    from solver.lexicon import load_lexicon

    config: dict = {}
    if budget is not None:
        config["SOLVER_BUDGET"] = budget
        config["SOLVER_BUDGET_MAX"] = max(budget, DEFAULT_CONFIG["SOLVER_BUDGET_MAX"])
    if lexicon:
        # Fail now, with the library's message, rather than in every worker.
        config["DEFAULT_LEXICON"] = load_lexicon(lexicon, allow_paths=False).name
    config["WARM_LEXICONS"] = (config.get("DEFAULT_LEXICON", DEFAULT_CONFIG["DEFAULT_LEXICON"]),)
    return config


def _json_protocol_errors(worker) -> None:
    """gunicorn hook (post_worker_init): requests gunicorn refuses before the app sees
    them (a request line over 4 KiB, malformed HTTP, too many headers) are answered in
    the API's one JSON error shape too, instead of gunicorn's HTML page.

    gunicorn writes those answers through ``gunicorn.util.write_error``; this swaps
    it for a JSON writer in this worker process only.
    """
    import json

    from gunicorn import util

    from .errors import HTTP_CODES

    def write_error(sock, status_int, reason, mesg):
        code = ("internal_error" if status_int >= 500
                else HTTP_CODES.get(status_int, f"http_{status_int}"))
        message = (mesg or reason) if status_int < 500 else "internal server error"
        body = json.dumps({"error": {"code": code, "message": message, "field": None}})
        head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
        util.write_nonblock(sock, (head + body).encode("latin-1", "replace"))

    util.write_error = write_error


def run(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, workers: int = DEFAULT_WORKERS, *,
        budget: float | None = None, threads: int = DEFAULT_THREADS,
        lexicon: str | None = None, access_log: bool = False,
        factory: Callable[[], Flask] | None = None) -> int:
    """Serve ``factory()`` (the API by default) with gunicorn until stopped; the exit code.

    ``factory`` lets a benchmark serve another app (a bare "hello") the same way.
    """
    from gunicorn.app.base import BaseApplication

    if factory is None:
        from . import create_app
        config = app_config(budget, lexicon)

        def factory() -> Flask:
            return create_app(config)

    # Far above the longest solve a request may ask for, so that only a truly stuck
    # worker is killed (the sync worker is killed mid-request; gthread heartbeats).
    worker_timeout = max(30, int(2 * (budget or 0)) + 10)
    options = {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "worker_class": "gthread" if threads > 1 else "sync",
        "threads": threads,
        "preload_app": True,       # build the app (and warm the lexicon) once, then fork
        "timeout": worker_timeout,  # a worker silent this long is killed and replaced
        "graceful_timeout": 5,
        "keepalive": 5,
        "backlog": 2048,
        "accesslog": "-" if access_log else None,
        "errorlog": "-",
        "loglevel": "info",
        "proc_name": "liars-serve",
        # gunicorn >= 25 opens a control socket at one fixed path per user: several
        # servers (tests, benchmarks) would fight over it, and nothing here uses it.
        "control_socket_disable": True,
        "post_worker_init": _json_protocol_errors,
    }

    class _Server(BaseApplication):
        def load_config(self):
            for key, value in options.items():
                if key in self.cfg.settings:  # skip settings an older gunicorn lacks
                    self.cfg.set(key, value)

        def load(self):
            # The app's log (warm-up, and the traceback of any 500) goes to gunicorn's.
            import logging
            server_log = logging.getLogger("gunicorn.error")
            app_log = logging.getLogger("api")
            app_log.handlers = list(server_log.handlers)
            app_log.setLevel(server_log.level)
            app_log.propagate = False
            return factory()

    try:
        _Server().run()
    except SystemExit as exc:  # gunicorn exits through sys.exit
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m api.serve",
                                     description="Serve the HTTP API with gunicorn "
                                                 "(the same as `liars serve`).")
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return _command(args)
    except ValueError as exc:  # a LiarsError (e.g. an unknown --lexicon) is a ValueError
        print(f"{parser.prog}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
