"""What ``liars serve`` writes to its output: never a request's query, never a token.

A phone's event stream carries its seat's token in its URL (``?token=``: a browser's
EventSource sends no header), and whoever reads a line holding it, on the terminal or
in a pasted log, holds that seat.  So every line the server writes is passed through
:func:`redact` on its way out, whatever wrote it and whatever failed:

* gunicorn's own log (its error log, with the tracebacks of requests that failed, and
  the access log) and the app's and the library's loggers, which share its handlers:
  :class:`ServerLog`, gunicorn's ``logger_class``, formats every record and then redacts
  it, its traceback included;
* whatever is written to stderr or stdout without a logger (gevent prints the exceptions
  of its greenlets and threads there, a solver process its last-resort traceback):
  :func:`guarded_streams` wraps both streams while the server runs.

:func:`redact` drops the query of every URL (``/path?query`` becomes ``/path``) and hides
the value of anything named ``token`` (``token=...``, ``'token': '...'``) or sent as
``Bearer ...``, so that a repr of a request, of its environ or of its headers carries no
token either.

>>> redact("Error handling request GET /api/v1/rooms/BCDFG/events?token=Zk3_x-9 HTTP/1.1")
'Error handling request GET /api/v1/rooms/BCDFG/events HTTP/1.1'
>>> redact("{'QUERY_STRING': 'token=Zk3_x-9', 'HTTP_AUTHORIZATION': 'Bearer Zk3_x-9'}")
"{'QUERY_STRING': 'token=[hidden]', 'HTTP_AUTHORIZATION': 'Bearer [hidden]'}"
>>> redact('{"code": "BCDFG", "token": "Zk3_x-9"}; WHERE code = ? AND version = ?')
'{"code": "BCDFG", "token": "[hidden]"}; WHERE code = ? AND version = ?'
"""

from __future__ import annotations

import contextlib
import logging
import re
import sys

from gunicorn.glogging import Logger

HIDDEN = "[hidden]"
# A URL's query: a "?" right after a path's character, up to a space, a quote or a bracket.
_QUERY = re.compile(r"(?<=[\w/%.~-])\?[^\s\"'<>()\[\]{}\\]+")
_TOKEN = re.compile(r"(?i)(\btoken=)[^\s\"'&;<>\\]+")               # token=VALUE
_TOKEN_KEY = re.compile(r"(?i)([\"']token[\"']\s*:\s*[\"'])[^\"']+")  # 'token': 'VALUE'
_BEARER = re.compile(r"(?i)(\bbearer\s+)[\w.~+/=-]+")                  # Bearer VALUE


def redact(text: str) -> str:
    """``text`` without URL queries, token values or bearer credentials (see above)."""
    if "?" in text:
        text = _QUERY.sub("", text)
    lowered = text.lower()
    if "token" in lowered:
        text = _TOKEN_KEY.sub(rf"\g<1>{HIDDEN}", _TOKEN.sub(rf"\g<1>{HIDDEN}", text))
    if "bearer" in lowered:
        text = _BEARER.sub(rf"\g<1>{HIDDEN}", text)
    return text


class RedactingFormatter(logging.Formatter):
    """Another formatter's line (message, traceback and all), redacted."""

    def __init__(self, inner: logging.Formatter | None):
        super().__init__()
        self.inner = inner or logging.Formatter()

    def format(self, record: logging.LogRecord) -> str:
        return redact(self.inner.format(record))


def guard(handler: logging.Handler) -> None:
    """Make ``handler`` redact every line it writes (once)."""
    if not isinstance(handler.formatter, RedactingFormatter):
        handler.setFormatter(RedactingFormatter(handler.formatter))


class ServerLog(Logger):
    """gunicorn's logger, every handler of its error and access logs redacting (gunicorn
    logs a failed request as ``Error handling request GET /path?query`` with its
    traceback, and quotes a request line it cannot read).  The access log names a
    request that failed before it was parsed whole by its path, not ``None``."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                guard(handler)

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        if atoms.get("U") is None and getattr(req, "path", None):
            atoms["U"] = req.path
        return atoms


class RedactingStream:
    """A text stream that redacts what is written to it, line by line as written."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(redact(text))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name):  # flush, fileno, isatty, encoding, ...
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_streams():
    """stdout and stderr redacted while the block runs (the server's processes, forked
    inside it, inherit the wrapped streams)."""
    saved = sys.stdout, sys.stderr
    if sys.stdout is not None:
        sys.stdout = RedactingStream(sys.stdout)
    if sys.stderr is not None:
        sys.stderr = RedactingStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
