"""The server's log never carries a token: gunicorn's own logger, as `liars serve` sets it
up, scrubs every line it writes (api/logs.py), the error log's request URIs and
tracebacks included."""

from __future__ import annotations

import io
import logging

from gunicorn.config import Config

from api.logs import scrub, scrubbed_logger_class

TOKEN = "hS3cr3t-T0ken_0123456789abcdefABCDEF012345"


def test_gunicorns_error_and_access_logs_never_write_a_token():
    config = Config()
    config.set("errorlog", "-")
    config.set("accesslog", "-")
    log = scrubbed_logger_class()(config)
    written = io.StringIO()
    for handler in (*log.error_log.handlers, *log.access_log.handlers):
        handler.setStream(written)
    uri = f"/api/v1/rooms/BCDFG/events?token={TOKEN}"
    try:
        raise ValueError(f"failed on {uri} with Authorization: Bearer {TOKEN}")
    except ValueError:
        # what gunicorn writes when a request fails before its answer began
        log.exception("Error handling request %s %s", "GET", uri)
    log.error_log.log(logging.INFO, "asked for %s", f"http://127.0.0.1/x?token={TOKEN}")
    text = written.getvalue()
    assert "Error handling request GET /api/v1/rooms/BCDFG/events?" in text
    assert "Traceback" in text and "ValueError" in text
    assert TOKEN not in text and TOKEN[:12] not in text


def test_scrub_keeps_the_path_and_drops_the_query():
    assert scrub(f"GET /api/v1/rooms/BCDFG/events?token={TOKEN} HTTP/1.1") == \
        "GET /api/v1/rooms/BCDFG/events?[query not logged] HTTP/1.1"
    assert scrub("no token here: /healthz") == "no token here: /healthz"


def test_a_request_line_gunicorn_quotes_loses_its_query():
    # gunicorn's warning for a request line it cannot read (a NUL in it) quotes it whole
    line = f"GET /api/v1/rooms/BCDFG/events?token={TOKEN}\x00 HTTP/1.1"
    warning = f"Invalid request from ip=127.0.0.1: Invalid HTTP request line: {line!r}"
    assert scrub(warning) == ("Invalid request from ip=127.0.0.1: Invalid HTTP request line: "
                              "'GET /api/v1/rooms/BCDFG/events?[query not logged] HTTP/1.1'")


def test_a_token_or_key_sent_as_a_path_segment_is_never_logged():
    """A token pasted as the room code, a profile's key as its id: gunicorn's access line
    names the path, which is blanked wherever such a segment stands."""
    config = Config()
    config.set("accesslog", "-")
    log = scrubbed_logger_class()(config)
    written = io.StringIO()
    for handler in log.access_log.handlers:
        handler.setStream(written)
    for path in (f"/api/v1/rooms/{TOKEN}/events", f"/api/v1/profiles/{TOKEN}",
                 f"/api/v1/rooms/{TOKEN}"):
        log.access_log.info('127.0.0.1 [01/Jan/2026:00:00:00] "GET %s HTTP/1.1" 401 80 1ms',
                            path)
    text = written.getvalue()
    assert TOKEN not in text and TOKEN[:12] not in text
    lines = [line for line in text.splitlines() if '"GET ' in line]
    assert len(lines) >= 3 and all("[token not logged]" in line for line in lines)
    assert "/events HTTP/1.1" in text
    assert scrub("GET /api/v1/rooms/BCDFG/events") == "GET /api/v1/rooms/BCDFG/events"
    assert scrub("GET /api/v1/profiles/abcdefghij HTTP/1.1") == \
        "GET /api/v1/profiles/abcdefghij HTTP/1.1"  # an id is no secret
