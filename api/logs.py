"""The server's log never carries a seat's token, under any failure.

A phone's event stream sends its token in the query (``?token=``: a browser's
EventSource sends no header), and gunicorn's error log names a failed request's whole
URI (``Error handling request GET /api/v1/rooms/CODE/events?token=...``), tracebacks
may quote a URL, and a header could be echoed.  Every line the server writes goes
through :class:`ScrubbingFormatter`, which drops each URL's query and blanks a token
wherever it stands (a path segment as long as a token too), in the message and in the
traceback alike.

>>> scrub("Error handling request GET /api/v1/rooms/BCDFG/events?token=s3cr3t-T0ken_x")
'Error handling request GET /api/v1/rooms/BCDFG/events?[query not logged]'
>>> scrub("Authorization: Bearer s3cr3t.T0ken and token=abc&x=1")
'Authorization: Bearer [token not logged] and token=[token not logged]&x=1'
>>> scrub('"GET /api/v1/rooms/' + "k" * 32 + '/events HTTP/1.1" 401')
'"GET /api/v1/rooms/[token not logged]/events HTTP/1.1" 401'
"""

from __future__ import annotations

import logging
import re

_QUERY = re.compile(r"(/[^\s?\"'<>]*)\?[^\s\"'<>]*")
_TOKEN = re.compile(r"(?i)((?:token|key)=)[^\s&\"'<>#]+")
_BEARER = re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._~+/=-]+")
# A path segment as long as a token or a profile's key (32 url-safe characters: 24 random
# bytes) is one sent in the wrong place (as a room code, as a profile id): blanked
# wherever in the path it stands.  Nothing the server names is that long.
SECRET_LENGTH = 32
_SEGMENT = re.compile(rf"(?<=/)[A-Za-z0-9_-]{{{SECRET_LENGTH},}}(?=[/?#\s\"'<>]|$)")


def scrub(text: str) -> str:
    """``text`` with every URL's query dropped and every token blanked."""
    text = _QUERY.sub(r"\1?[query not logged]", text)
    text = _TOKEN.sub(r"\1[token not logged]", text)
    text = _SEGMENT.sub("[token not logged]", text)
    return _BEARER.sub(r"\1[token not logged]", text)


class ScrubbingFormatter(logging.Formatter):
    """Another formatter's lines, scrubbed (its format, tracebacks included)."""

    def __init__(self, inner: logging.Formatter | None):
        super().__init__()
        self.inner = inner or logging.Formatter()

    def format(self, record: logging.LogRecord) -> str:
        return scrub(self.inner.format(record))


def scrub_handlers(*loggers: logging.Logger) -> None:
    """Every handler of ``loggers`` writes scrubbed lines from now on (once each)."""
    for logger in loggers:
        for handler in logger.handlers:
            if not isinstance(handler.formatter, ScrubbingFormatter):
                handler.setFormatter(ScrubbingFormatter(handler.formatter))


def scrubbed_logger_class():
    """gunicorn's Logger, its error and access logs scrubbed (``logger_class``)."""
    from gunicorn.glogging import Logger

    class ScrubbedLogger(Logger):
        def setup(self, cfg):
            super().setup(cfg)
            scrub_handlers(self.error_log, self.access_log)

    return ScrubbedLogger
