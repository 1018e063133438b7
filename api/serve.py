"""``liars serve``: the API under gunicorn, built to stay up on a table's Wi-Fi.

    liars serve [--host 127.0.0.1] [--port 8000] [--workers 2] [--solvers 1] [--budget 2]
    python -m api.serve ...            # the same, without the console script

The design (chosen by measurement, see api/README.md):

* gunicorn's **gevent** worker: every connection is a greenlet, so a slow phone
  (or a hostile client dripping bytes) holds a greenlet, never the worker.  Its
  request head must arrive within ``--header-timeout`` and its body within
  ``--body-timeout``; the body is read whole (:mod:`api.front`) before any app
  code runs.  Keep-alive also makes light requests cheaper than the sync worker.
* **Solves apart**: each worker has a bounded pool of niced solver processes
  (:mod:`api.pool`); big solves run there, so that they cannot starve light
  requests, and past the queue they are answered 503 with Retry-After.
* The app is created once in the gunicorn master (``preload_app``) with the
  default lexicon loaded and its search index built, then forked: workers and
  solver processes start warm and share those pages copy-on-write.
* A killed worker is replaced by gunicorn, a killed solver process by its pool.

gunicorn and gevent are imported only when serving, so ``liars`` starts quickly.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Callable

from solver.rooms.clock import REVEAL_WAIT_MAX

from .rooms.limits import (
    MAX_REVEAL_SECONDS,
    NEW_ROOMS_PER_MINUTE,
    RATED_GAMES_PER_DAY,
    REVEAL_SECONDS,
    ROOMS_PER_ADDRESS,
)

if TYPE_CHECKING:
    from flask import Flask

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_WORKERS = 2
DEFAULT_SOLVERS = 1        # solver processes per worker
DEFAULT_SOLVE_QUEUE = 8    # big solves that may wait for one, per worker
DEFAULT_HEADER_TIMEOUT = 10.0
DEFAULT_BODY_TIMEOUT = 10.0
# Connections a worker holds: rooms keep one event stream open per phone (200 tables of
# four on two workers is 400 each), with room for the requests beside them.
DEFAULT_CONNECTIONS = 2000
DEFAULT_PER_ADDRESS = 64   # connections one address may hold open in a worker (0: no cap)
# The access log names each request's path without its query, and every line the server
# writes is scrubbed of queries and tokens (api/logs.py): an event stream's ?token= never
# reaches a log.
ACCESS_LOG_FORMAT = '%(h)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s %(M)sms'


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= 1000:
        raise argparse.ArgumentTypeError(f"must be from 0 to 1000, not {value}")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be from 0 to 65535, not {value}")
    return value


def _seconds(low: float, high: float, what: str):
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not low < value <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"{what} must be more than {low:g} and at most "
                                             f"{high:g} s")
        return value
    return parse


_budget = _seconds(0, 60, "budget")


def _reveal_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= MAX_REVEAL_SECONDS:  # also refuses nan
        raise argparse.ArgumentTypeError(f"the reveal is shown from 0 to {MAX_REVEAL_SECONDS} "
                                         f"seconds, not {text}")
    return value


def _host_name(text: str) -> str:
    name = text.strip()
    if not name or any(c in name for c in "/ \t@"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a host name")
    return name


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"address to listen on (default {DEFAULT_HOST}; 0.0.0.0 for "
                             f"the phones on your network)")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--workers", type=_positive_int, default=DEFAULT_WORKERS,
                        help=f"HTTP worker processes (default {DEFAULT_WORKERS})")
    parser.add_argument("--solvers", type=_positive_int, default=DEFAULT_SOLVERS,
                        help=f"solver processes per worker for big solves (default "
                             f"{DEFAULT_SOLVERS})")
    parser.add_argument("--solve-queue", type=_count, default=DEFAULT_SOLVE_QUEUE,
                        help=f"big solves that may wait for a solver, per worker (default "
                             f"{DEFAULT_SOLVE_QUEUE}); more get 503 with Retry-After")
    parser.add_argument("--budget", type=_budget, default=None,
                        help="seconds a solve may take by default (default 2; requests may "
                             "ask for up to the cap, 5 s or this value if higher)")
    parser.add_argument("--lexicon", default=None,
                        help="the default lexicon, loaded and indexed at start-up "
                             "(default twl06)")
    parser.add_argument("--allow-host", dest="allow_hosts", action="append", default=[],
                        type=_host_name, metavar="NAME",
                        help="also answer requests whose Host is NAME (repeatable; '*' for "
                             "any, behind a proxy that checks it); localhost and IP "
                             "addresses are always answered, other names get 421")
    parser.add_argument("--header-timeout", type=_seconds(0, 3600, "header timeout"),
                        default=DEFAULT_HEADER_TIMEOUT, metavar="SECONDS",
                        help=f"a request's head must arrive within this (default "
                             f"{DEFAULT_HEADER_TIMEOUT:g}; also the keep-alive idle time)")
    parser.add_argument("--body-timeout", type=_seconds(0, 3600, "body timeout"),
                        default=DEFAULT_BODY_TIMEOUT, metavar="SECONDS",
                        help=f"a request's body must arrive within this, or 408 (default "
                             f"{DEFAULT_BODY_TIMEOUT:g})")
    parser.add_argument("--access-log", action="store_true",
                        help="log every request to stderr (off by default: it costs speed; "
                             "paths are logged without their query, so no token is)")
    parser.add_argument("--rooms-db", metavar="PATH_OR_URL", default=None,
                        help="where rooms live: a SQLite file (default "
                             "~/.local/state/liars/rooms.sqlite3) or redis://HOST:PORT/N "
                             "for several machines behind one load balancer")
    parser.add_argument("--max-connections", type=_positive_int, default=DEFAULT_CONNECTIONS,
                        help=f"connections each worker holds open (default "
                             f"{DEFAULT_CONNECTIONS}); event streams take all but a tenth "
                             f"(at least 8 are kept for other requests), spectators' streams "
                             f"at most three quarters of those; past that a stream is "
                             f"answered 503 at once")
    parser.add_argument("--max-per-address", type=_count, default=DEFAULT_PER_ADDRESS,
                        metavar="N",
                        help=f"connections one address may hold open in a worker (default "
                             f"{DEFAULT_PER_ADDRESS}); past it a connection waits for one of "
                             f"them to close, at most --header-timeout, then 429; 0 for no "
                             f"cap, behind a proxy every client shares")
    parser.add_argument("--rooms-per-minute", type=_positive_int, default=NEW_ROOMS_PER_MINUTE,
                        metavar="N",
                        help=f"new rooms one address may make in a minute (default "
                             f"{NEW_ROOMS_PER_MINUTE}); past it 429")
    parser.add_argument("--rooms-per-address", type=_positive_int, default=ROOMS_PER_ADDRESS,
                        metavar="N",
                        help=f"rooms made from one address that are kept at once (default "
                             f"{ROOMS_PER_ADDRESS}; a room is kept an hour after its game "
                             f"ends, a day after its last move); past it 429")
    parser.add_argument("--reveal-seconds", type=_reveal_seconds, default=REVEAL_SECONDS,
                        metavar="N",
                        help=f"seconds each ruling's reveal stays on the phones before "
                             f"computer players move on (default {REVEAL_SECONDS}; 0 to "
                             f"{MAX_REVEAL_SECONDS}); they also wait, {REVEAL_WAIT_MAX:g} s at "
                             f"most, for every connected player to dismiss it")
    parser.add_argument("--rated-games-per-day", type=_positive_int,
                        default=RATED_GAMES_PER_DAY, metavar="N",
                        help=f"games the same set of leaderboard profiles is rated in a "
                             f"rolling 24 hours (default {RATED_GAMES_PER_DAY}); past it "
                             f"their table plays on unrated and says why")


def register(subparsers) -> None:
    """Add ``serve`` to the ``liars`` command's subparsers (called by api/cli.py)."""
    parser = subparsers.add_parser(
        "serve", help="serve the HTTP API with gunicorn",
        description="Serve the HTTP API (/api/v1, /healthz, the phone page at /) with "
                    "gunicorn: gevent workers that read each request whole, and big "
                    "solves in a bounded pool of solver processes.")
    add_arguments(parser)
    parser.set_defaults(func=_command)


def _command(args) -> int:
    return run(args.host, args.port, args.workers, budget=args.budget, lexicon=args.lexicon,
               access_log=args.access_log, solvers=args.solvers, solve_queue=args.solve_queue,
               allow_hosts=tuple(args.allow_hosts), header_timeout=args.header_timeout,
               body_timeout=args.body_timeout, rooms_db=args.rooms_db,
               max_connections=args.max_connections, per_address=args.max_per_address,
               room_limits=(args.rooms_per_minute, args.rooms_per_address),
               reveal_seconds=args.reveal_seconds, rated_games=args.rated_games_per_day)


def app_config(budget: float | None = None, lexicon: str | None = None,
               allow_hosts: tuple[str, ...] = (), rooms_db: str | None = None,
               room_limits: tuple[int, int] = (NEW_ROOMS_PER_MINUTE, ROOMS_PER_ADDRESS),
               reveal_seconds: float = REVEAL_SECONDS,
               rated_games: int = RATED_GAMES_PER_DAY,
               max_connections: int = DEFAULT_CONNECTIONS) -> dict:
    """The create_app() configuration ``liars serve`` uses."""
    from solver.words.lexicon import load_lexicon

    from . import DEFAULT_CONFIG
    from .rooms.store import open_store

    config: dict = {"ALLOWED_HOSTS": tuple(allow_hosts)}
    # Fail now, plainly, when the rooms' store cannot be opened (a folder that cannot be
    # made, no Redis there); a SQLite path is made absolute for every worker.
    if rooms_db and not rooms_db.startswith("redis://"):
        import os
        rooms_db = os.path.abspath(rooms_db)
    try:
        opened = open_store(rooms_db)
        warning = opened.durability()
        opened.close()
    except Exception as exc:  # noqa: BLE001 - any reason: the message says which
        from solver.errors import InvalidInput
        raise InvalidInput(f"cannot open the rooms' store {rooms_db or 'default'}: "
                           f"{exc}") from None
    if warning:  # one line, at start: durability is the store's own
        print(f"liars serve: warning: {warning}", file=sys.stderr, flush=True)
    config["ROOMS_DB"] = rooms_db
    config["ROOMS_PER_MINUTE"], config["ROOMS_PER_ADDRESS"] = room_limits
    config["ROOM_REVEAL_SECONDS"] = reveal_seconds
    config["RATED_GAMES_PER_DAY"] = rated_games
    config["MAX_CONNECTIONS"] = max_connections  # event streams take their share of them
    if budget is not None:
        config["SOLVER_BUDGET"] = budget
        config["SOLVER_BUDGET_MAX"] = max(budget, DEFAULT_CONFIG["SOLVER_BUDGET_MAX"])
    if lexicon:
        # Fail now, with the library's message, rather than in every worker.
        config["DEFAULT_LEXICON"] = load_lexicon(lexicon, allow_paths=False).name
    config["WARM_LEXICONS"] = (config.get("DEFAULT_LEXICON", DEFAULT_CONFIG["DEFAULT_LEXICON"]),)
    return config


def _json_protocol_errors() -> None:
    """Requests gunicorn refuses before the app sees them (a request line over 4 KiB,
    malformed HTTP, too many headers, an unknown transfer coding) are answered in the
    API's one JSON error shape too, with the security headers, instead of gunicorn's
    HTML page.  gunicorn writes those answers through ``gunicorn.util.write_error``;
    this swaps it for a JSON writer in this worker process only."""
    import json

    from gunicorn import util

    from .errors import HTTP_CODES, SECURITY_HEADERS

    extra = "".join(f"{k}: {v}\r\n" for k, v in SECURITY_HEADERS.items())

    def write_error(sock, status_int, reason, mesg):
        code = ("internal_error" if status_int == 500
                else HTTP_CODES.get(status_int, f"http_{status_int}"))
        message = (mesg or reason) if status_int != 500 else "internal server error"
        if status_int == 501:
            message = f"not implemented: {mesg or reason}"
        body = json.dumps({"error": {"code": code, "message": message, "field": None}})
        head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                f"{extra}\r\n")
        util.write_nonblock(sock, (head + body).encode("latin-1", "replace"))

    util.write_error = write_error


def file_limit(wanted: int) -> int:
    """Raise this process's open-file limit toward ``wanted`` (up to its hard limit; the
    workers inherit it) and say what it is now.  Every connection holds a descriptor, and
    the usual soft limit (1024) is below what --max-connections asks for: past it a
    worker could not accept anyone."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return wanted if soft == resource.RLIM_INFINITY else soft
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):
        return soft
    return target


def check_port_free(host: str, port: int) -> None:
    """Fail at once, in one line, when the address cannot be listened on (gunicorn
    would retry for five seconds and then print a page of log)."""
    import errno
    import socket

    from solver.errors import InvalidInput

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise InvalidInput(f"port {port} on {host} is already in use: stop the other "
                               f"server or choose another --port") from None
        if exc.errno == errno.EACCES:
            raise InvalidInput(f"not allowed to listen on port {port} (ports below 1024 "
                               f"need root): choose another --port") from None
        raise InvalidInput(f"cannot listen on {host}:{port}: "
                           f"{exc.strerror or exc}") from None


def run(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, workers: int = DEFAULT_WORKERS, *,
        budget: float | None = None, lexicon: str | None = None, access_log: bool = False,
        solvers: int = DEFAULT_SOLVERS, solve_queue: int = DEFAULT_SOLVE_QUEUE,
        allow_hosts: tuple[str, ...] = (), header_timeout: float = DEFAULT_HEADER_TIMEOUT,
        body_timeout: float = DEFAULT_BODY_TIMEOUT, rooms_db: str | None = None,
        max_connections: int = DEFAULT_CONNECTIONS, per_address: int = DEFAULT_PER_ADDRESS,
        room_limits: tuple[int, int] = (NEW_ROOMS_PER_MINUTE, ROOMS_PER_ADDRESS),
        reveal_seconds: float = REVEAL_SECONDS, rated_games: int = RATED_GAMES_PER_DAY,
        factory: Callable[[], Flask] | None = None) -> int:
    """Serve ``factory()`` (the API by default) with gunicorn until stopped; the exit code.

    ``factory`` lets a benchmark serve another app (a bare "hello") the same way.
    """
    import math

    import gevent  # noqa: F401 - fail here, plainly, if the worker's library is missing
    from gunicorn.app.base import BaseApplication

    from .front import BufferedRequests, gevent_worker
    from .logs import scrubbed_logger_class
    from .pool import SolverPool
    from .serving import POOL_EXTENSION, POOLED_KEY

    if factory is None:
        from . import create_app
        config = app_config(budget, lexicon, allow_hosts, rooms_db, room_limits,
                            reveal_seconds, rated_games, max_connections)

        def factory() -> Flask:
            return create_app(config)
    check_port_free(host, port)

    built: dict = {}  # the flask app, once load() has built it in the master

    def post_fork(server, worker):
        # Still a clean process (no gevent yet, no connection): fork the solver zygote.
        app = built["app"]
        if "POOLED_ENDPOINTS" not in app.config:  # another app (the benchmark's "hello")
            return
        budget_max = float(app.config.get("SOLVER_BUDGET_MAX", 5.0))
        pool = SolverPool(app, solvers, solve_queue, wait_limit=budget_max,
                          answer_limit=budget_max + 10, pooled_key=POOLED_KEY,
                          log=worker.log, on_broken=lambda: setattr(worker, "alive", False))
        pool.start(close_fds=[s.fileno() for s in worker.sockets])
        worker.liars_pool = pool

    def post_worker_init(worker):
        _json_protocol_errors()
        pool = getattr(worker, "liars_pool", None)
        if pool is not None:
            try:
                pool.attach()
            except (OSError, EOFError):
                if getattr(worker, "quitting", False) or pool.stopped():
                    # Ctrl-C while this worker boots: the terminal's SIGINT ended its solver
                    # processes too.  It leaves as a stopped worker does, not as one that
                    # failed to boot (a traceback and exit code 3).
                    sys.exit(0)
                raise
            built["app"].extensions[POOL_EXTENSION] = pool
        if "ROOMS_DB" in built["app"].config:  # the server runs its own tables from now on
            from .rooms import start_turns
            start_turns(built["app"])

    # Each worker holds up to max_connections served and as many waiting past their
    # address's cap (api/front.py), one descriptor each, and some of its own.
    files = file_limit(2 * max_connections + 256)
    waiting_room = max(0, min(max_connections, files - max_connections - 256))

    # Far above the longest solve a request may ask for, so that only a truly stuck
    # worker is killed (the gevent worker heartbeats while its greenlets wait).
    worker_timeout = max(30, int(2 * (budget or 0)) + 10)
    options = {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "worker_class": gevent_worker(header_timeout, per_address, waiting_room),
        "worker_connections": max_connections,
        "preload_app": True,        # build the app (and warm the lexicon) once, then fork
        "timeout": worker_timeout,  # a worker silent this long is killed and replaced
        "graceful_timeout": 5,
        "keepalive": max(1, math.ceil(header_timeout)),  # > 0: heads are timed at all
        "backlog": 2048,
        "accesslog": "-" if access_log else None,
        "access_log_format": ACCESS_LOG_FORMAT,
        "errorlog": "-",
        "loglevel": "info",
        "logger_class": scrubbed_logger_class(),  # no line carries a token (api/logs.py)
        "proc_name": "liars-serve",
        # gunicorn >= 25 opens a control socket at one fixed path per user: several
        # servers (tests, benchmarks) would fight over it, and nothing here uses it.
        "control_socket_disable": True,
        "post_fork": post_fork,
        "post_worker_init": post_worker_init,
    }

    class _Server(BaseApplication):
        def load_config(self):
            for key, value in options.items():
                if key in self.cfg.settings:  # skip settings an older gunicorn lacks
                    self.cfg.set(key, value)

        def load(self):
            # The app's log (warm-up, and the traceback of any 500) and the library's
            # notices (the big-rack search compiling once) go to gunicorn's.
            import logging
            server_log = logging.getLogger("gunicorn.error")
            for name in ("api", "solver"):
                app_log = logging.getLogger(name)
                app_log.handlers = list(server_log.handlers)
                app_log.setLevel(server_log.level)
                app_log.propagate = False
            app = built["app"] = factory()
            return BufferedRequests(app, body_timeout=body_timeout,
                                    max_body=app.config.get("MAX_CONTENT_LENGTH"))

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
