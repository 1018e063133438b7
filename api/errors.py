"""Every error the API answers has one JSON shape:

    {"error": {"code": "...", "message": "...", "field": "..." | null}}

* a :class:`solver.errors.LiarsError` (the one error vocabulary) answers with its
  own ``status`` and ``as_dict()``;
* werkzeug's HTTP errors (unknown path, wrong method, body too large, ...) get a
  specific code (``not_found``, ``method_not_allowed``, ``body_too_large``, ...);
* anything else is a bug: it is logged with its traceback and answers 500
  ``internal_error`` with a generic message, never the traceback.

The few problems that only HTTP can cause are added to the vocabulary here, as
``LiarsError`` subclasses, so they are raised and answered like the library's.
"""

from __future__ import annotations

from flask import Flask, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from solver.errors import InvalidInput, LiarsError, LimitExceeded


class MalformedJSON(InvalidInput):
    """The body is not JSON at all (or is empty, or nested absurdly deep)."""

    code = "malformed_json"


class BodyTooLarge(LimitExceeded):
    code = "body_too_large"


class UnsupportedMediaType(LiarsError):
    """A body sent as anything but ``application/json``: a cross-site form can post
    ``text/plain`` without a CORS preflight, so only JSON is ever read as JSON."""

    code = "unsupported_media_type"
    status = 415


class MisdirectedRequest(LiarsError):
    """The ``Host`` header names another server (DNS rebinding): refused."""

    code = "misdirected_request"
    status = 421


class Overloaded(LiarsError):
    """The solver pool is full (or a solver process stopped): retry after a while.
    The one 5xx the API answers on purpose."""

    code = "overloaded"
    status = 503

    def __init__(self, message: str, *, retry_after: int = 1, field: str | None = None):
        super().__init__(message, field=field)
        self.retry_after = max(1, int(retry_after))


class StoreUnavailable(LiarsError):
    """The rooms' store cannot be reached (Redis down, the SQLite file locked by another
    program or read-only): nothing was changed; retry after a while.  /healthz says so
    too, so that a load balancer stops sending phones here."""

    code = "store_unavailable"
    status = 503

    def __init__(self, message: str, *, retry_after: int = 2, field: str | None = None):
        super().__init__(message, field=field)
        self.retry_after = max(1, int(retry_after))


class TooManyRequests(LiarsError):
    """A request one token sends far more often than a phone does (``seen``): retry
    after a while (api/rooms/throttle.py)."""

    code = "too_many_requests"
    status = 429

    def __init__(self, message: str, *, retry_after: int = 1, field: str | None = None):
        super().__init__(message, field=field)
        self.retry_after = max(1, int(retry_after))


class StreamsFull(LiarsError):
    """This process holds all the event streams it takes (api/rooms/streams.py): refused
    at once, so that everything else is still answered; retry after a while."""

    code = "streams_full"
    status = 503

    def __init__(self, message: str, *, retry_after: int = 5, field: str | None = None):
        super().__init__(message, field=field)
        self.retry_after = max(1, int(retry_after))


class TooManyStreams(TooManyRequests):
    """One token holds as many event streams as it may."""

    code = "too_many_streams"


# Sent with every answer, the app's and the server's own (see api.serve): the page
# needs no inline script or style, and no other site may frame it or learn its URLs.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; base-uri 'none'; form-action 'self'; "
                               "frame-ancestors 'none'; object-src 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    408: "request_timeout",
    411: "length_required",
    413: "body_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    417: "expectation_failed",
    421: "misdirected_request",
    431: "headers_too_large",
    501: "not_implemented",
    503: "overloaded",
}


def error_response(code: str, message: str, status: int, field: str | None = None,
                   headers=None):
    response = jsonify({"error": {"code": code, "message": message, "field": field}})
    response.status_code = status
    for key, value in headers or ():
        if key.lower() != "content-type":
            response.headers[key] = value
    return response


def handle_liars_error(error: LiarsError):
    body = error.as_dict()
    retry_after = getattr(error, "retry_after", None)
    headers = [("Retry-After", str(retry_after))] if retry_after else None
    return error_response(body["code"], body["message"], error.status, body["field"], headers)


def handle_http_exception(error: HTTPException):
    status = error.code or 500
    if status == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        message = f"request body is larger than the {limit} bytes this server accepts"
        return error_response("body_too_large", message, 413, "body")
    if status == 404:
        message = "no such endpoint; the API is described at /api/v1/openapi.json"
    elif status == 405:
        allowed = ", ".join(m for m in sorted(getattr(error, "valid_methods", None) or ())
                            if m not in ("HEAD", "OPTIONS"))
        message = "method not allowed here" + (f"; use {allowed}" if allowed else "")
    else:
        message = error.description or error.name
    code = HTTP_CODES.get(status, f"http_{status}")
    return error_response(code, message, status, None, error.get_headers())


def handle_unexpected(error: Exception):
    # The path only: a query may carry a seat's token (the event stream's ?token=).
    current_app.logger.exception("unhandled error while serving %s %s", request.method,
                                 request.path)
    return error_response("internal_error", "internal server error: the problem has been "
                          "logged", 500)


def register(app: Flask) -> None:
    app.register_error_handler(LiarsError, handle_liars_error)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Exception, handle_unexpected)
