"""The front of each HTTP worker: a request is read whole before any app code runs.

gunicorn's gevent worker gives every connection its own greenlet, so a client
that sends slowly holds only that greenlet, never the worker.  Its head must
arrive within the header timeout (gunicorn's ``keepalive`` setting, which
``liars serve --header-timeout`` sets; past it the connection is closed); this
middleware then reads the body, all of it, within ``--body-timeout``, and only
then calls the app.  Problems reading it are answered here, in the API's one
JSON error shape and with the security headers:

* a body that stalls: 408 ``request_timeout``;
* a broken chunked body: 400 ``bad_request``;
* a chunked body past MAX_CONTENT_LENGTH: 413 ``body_too_large`` (a declared
  Content-Length past it is left to the app, which answers 413 unread).

The connection is closed after any of these (the rest of the body is unread).

A kept-alive connection is also closed after ``keepalive_requests`` answers: a
gevent worker serves every connection it accepted, so a few busy connections
that happened to land on one worker would stay there (measured: p99 ~60 ms for
8 benchmark connections, ~20 ms after every 4th answer, ~13 ms after every one,
with less throughput); reconnecting
now and then lets the workers share them out again, at little cost.
"""

from __future__ import annotations

import io
import json
import time
import weakref

from .errors import SECURITY_HEADERS
from .inputs import RECEIVED_KEY

READ_SIZE = 16 * 1024
# environ: the app asks that this answer close its connection (a refused event stream:
# a phone that opens it again later should hold no connection meanwhile).
CLOSE_KEY = "liars.close"


class BodyTimeout(Exception):
    pass


class BufferedRequests:
    """WSGI middleware: stamp the arrival time, read the body whole, then call ``app``."""

    def __init__(self, app, *, body_timeout: float, max_body: int | None,
                 keepalive_requests: int = 4):
        self.app = app
        self.body_timeout = body_timeout
        self.max_body = max_body
        self.keepalive_requests = keepalive_requests
        self._served = weakref.WeakKeyDictionary()  # connection -> answers so far

    def __call__(self, environ, start_response):
        environ[RECEIVED_KEY] = time.monotonic()
        try:
            body = self._read(environ)
        except BodyTimeout:
            return self._refuse(start_response, "408 Request Timeout", "request_timeout",
                                f"the request body did not arrive within "
                                f"{self.body_timeout:g} s")
        except _TooLarge:
            return self._refuse(start_response, "413 Request Entity Too Large",
                                "body_too_large", f"request body is larger than the "
                                f"{self.max_body} bytes this server accepts", "body")
        except Exception as exc:  # gunicorn's chunk errors, a body cut short
            if not _is_http_error(exc):
                raise
            return self._refuse(start_response, "400 Bad Request", "bad_request",
                                f"the request body could not be read: {type(exc).__name__}",
                                "body")
        self._count(environ, start_response)
        if body is None:  # too large to read: the app answers 413, then the line closes
            _force_close(start_response)
            environ["wsgi.input"] = io.BytesIO()
        else:
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)

        def answer(status, headers, exc_info=None):
            if environ.get(CLOSE_KEY):
                _force_close(start_response)
            return start_response(status, headers, exc_info)

        return self.app(environ, answer)

    def _count(self, environ, start_response) -> None:
        connection = environ.get("gunicorn.socket")
        if connection is None:
            return
        try:
            served = self._served.get(connection, 0) + 1
            self._served[connection] = served
        except TypeError:  # not weak-referable: no count
            return
        if served >= self.keepalive_requests:
            _force_close(start_response)

    def _read(self, environ) -> bytes | None:
        """The whole body; None when a declared length is past the limit (unread)."""
        import gevent

        length = environ.get("CONTENT_LENGTH")
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if length and self.max_body is not None and int(length) > self.max_body:
            return None
        if not chunked and not length:
            return b""
        stream = environ["wsgi.input"]
        parts, size = [], 0
        timeout = gevent.Timeout(self.body_timeout, BodyTimeout)
        timeout.start()
        try:
            while True:
                chunk = stream.read(READ_SIZE)
                if not chunk:
                    break
                parts.append(chunk)
                size += len(chunk)
                if self.max_body is not None and size > self.max_body:
                    raise _TooLarge()
        finally:
            timeout.close()
        return b"".join(parts)

    def _refuse(self, start_response, status: str, code: str, message: str,
                field: str | None = None):
        body = json.dumps({"error": {"code": code, "message": message, "field": field}})
        data = body.encode()
        headers = [("Content-Type", "application/json"), ("Content-Length", str(len(data))),
                   *SECURITY_HEADERS.items()]
        _force_close(start_response)
        start_response(status, headers)
        return [data]


class _TooLarge(Exception):
    pass


def _is_http_error(exc: Exception) -> bool:
    return type(exc).__module__.startswith("gunicorn")


def _force_close(start_response) -> None:
    """Close the connection after this answer (gunicorn's Response.start_response)."""
    response = getattr(start_response, "__self__", None)
    if response is not None and hasattr(response, "force_close"):
        response.force_close()



def _too_many(address: str) -> bytes:
    body = json.dumps({"error": {"code": "too_many_connections", "message": (
        f"too many open connections from {address}: close some and try again"),
        "field": None}}).encode()
    head = ("HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 1\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            + "".join(f"{k}: {v}\r\n" for k, v in SECURITY_HEADERS.items()) + "\r\n")
    return head.encode() + body


class _Waiting:
    """A connection past its address's cap, accepted but not read yet."""

    __slots__ = ("addr", "address", "client", "deadline", "done")

    def __init__(self, client, addr, address: str, deadline: float):
        self.client, self.addr, self.address, self.deadline = client, addr, address, deadline
        self.done = False


def gevent_worker(header_timeout: float, per_address: int = 0, waiting_room: int = 0):
    """gunicorn's gevent worker class, with the time a request head may take (from the
    connection's start or the previous answer) set to ``header_timeout`` seconds; past
    it the connection is closed.  gunicorn uses its whole-second ``keepalive``.

    ``per_address`` bounds the connections one address may hold open in this worker
    (0: no bound, for a server behind a proxy whose address every client shares), so
    that idle sockets from one client cannot take every connection the worker has.  A
    connection past it waits, unread and without a greenlet, for one of its address's
    connections to close (then it is served), at most ``header_timeout`` seconds; then
    it is answered 429 and closed.  Answering it at once instead let a client that
    reconnects whenever it is closed keep the worker accepting and refusing thousands
    of connections a second (2,500 idle sockets took another client's p99 from 13 ms
    to 183 ms; scripts/bench_idle.py).  At most ``waiting_room`` connections wait in
    a worker (each holds a file descriptor); past that they are answered 429 at once."""
    import collections

    import gevent
    from gunicorn.workers.ggevent import GeventWorker

    class LiarsGeventWorker(GeventWorker):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.open_by_address = collections.Counter()
            self.waiting = collections.deque()  # every _Waiting, oldest first
            self.waiting_by_address = {}  # address -> deque of its _Waiting, oldest first
            self.waiting_count = 0  # those still waiting
            self.reaper = None  # the greenlet refusing the connections that waited too long
            self.quitting = False

        def handle_quit(self, sig, frame):
            """Quit at once (Ctrl-C, gunicorn's quick shutdown), once.  Ctrl-C in a terminal
            reaches a worker twice, from the terminal (its whole process group) and from
            the master (SIGQUIT); gunicorn then exits the worker from two greenlets, and the
            second one's ``sys.exit`` came while the worker was already shutting down,
            which gevent printed as a ``SystemExit: 0`` traceback."""
            if not self.quitting:
                self.quitting = True
                super().handle_quit(sig, frame)

        def timeout_ctx(self):
            return gevent.Timeout(header_timeout, False)

        def handle(self, listener, client, addr):
            address = addr[0] if isinstance(addr, tuple) and addr else str(addr)
            held = self.open_by_address
            if per_address and held[address] >= per_address:
                self._wait(client, addr, address)
                return
            while client is not None:
                held[address] += 1
                try:
                    super().handle(listener, client, addr)
                finally:
                    held[address] -= 1
                    if not held[address]:
                        del held[address]
                # A connection of this address that waited is served in this greenlet
                # (its place in the worker's pool is this one's).
                client, addr = self._next_waiting(address)

        def _wait(self, client, addr, address: str) -> None:
            """Keep ``client`` open, unread, until a slot of its address frees (or
            it is refused); the greenlet that accepted it ends now."""
            if self.waiting_count >= waiting_room:
                _refuse(client, address)
                return
            # The server closes the accepted socket when this greenlet ends: keep its
            # descriptor in a socket of our own.
            kept = type(client)(fileno=client.detach())
            entry = _Waiting(kept, addr, address, time.monotonic() + header_timeout)
            self.waiting.append(entry)
            self.waiting_by_address.setdefault(address, collections.deque()).append(entry)
            self.waiting_count += 1
            if self.reaper is None:
                self.reaper = gevent.spawn(self._reap)

        def _next_waiting(self, address: str):
            queue = self.waiting_by_address.get(address)
            while queue:
                entry = queue.popleft()
                if not entry.done:
                    entry.done = True
                    self.waiting_count -= 1
                    if not queue:
                        del self.waiting_by_address[address]
                    return entry.client, entry.addr
            self.waiting_by_address.pop(address, None)
            return None, None

        def _reap(self) -> None:
            """Refuse, oldest first, the connections that waited ``header_timeout``."""
            try:
                while self.waiting:
                    entry = self.waiting[0]
                    if not entry.done:
                        wait = entry.deadline - time.monotonic()
                        if wait > 0:
                            gevent.sleep(wait)
                            continue
                        entry.done = True
                        self.waiting_count -= 1
                        queue = self.waiting_by_address.get(entry.address)
                        while queue and queue[0].done:
                            queue.popleft()
                        if not queue:
                            self.waiting_by_address.pop(entry.address, None)
                        _refuse(entry.client, entry.address)
                    self.waiting.popleft()
            finally:
                self.reaper = None

    LiarsGeventWorker.__module__ = __name__
    return LiarsGeventWorker


def _refuse(client, address: str) -> None:
    """Answer 429 (if the socket takes it at once) and close."""
    try:
        client.settimeout(0)
        client.send(_too_many(address))
    except OSError:
        pass
    finally:
        client.close()
