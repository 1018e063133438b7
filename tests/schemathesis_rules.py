"""Schemathesis's run of the OpenAPI document, held to the document's own ``x-rules``.

A schema cannot state every rule (a sum across a list's items, a letter's count in a tile
set, a claim's grammar, a die face above the table's ``faces``), so each operation lists
the refusals beyond its schema in ``x-rules`` (api/openapi.py): status, error code, the
field (a regular expression) and the rule.  Schemathesis's ``positive_data_acceptance``
expects a request its schema admits to be answered 2xx; :func:`config` widens it, per
operation, to exactly the statuses of that operation's rules, and the check
:func:`refused_only_by_a_documented_rule` (loaded into ``st run`` as its hooks module)
holds every such refusal to a listed rule, by code and field, not only by status.

413 is this API's answer to a limit exceeded (words per set, word length, players), so it
is a refusal for ``negative_data_rejection`` as 400 is.
"""

from __future__ import annotations

import functools
import json
import os
import re

import schemathesis
from schemathesis.specs.openapi.checks import is_unexpected_http_status_case

RULES = "x-rules"
METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
# Schemathesis's own default for positive_data_acceptance: what a well-formed request
# may be answered besides a documented rule.
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]
# ... and its negative_data_rejection default, with 413 (limit_exceeded) added.
REFUSED = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428",
           "429", "5xx"]


def _build_each_regex_strategy_once() -> None:
    """Hypothesis builds a pattern's strategy again whenever a lazy ``from_regex`` is
    first unwrapped (twice when its alphabet is lazy too), and Schemathesis makes such
    strategies for each case: about 900 builds of this document's 70 patterns in a run,
    a third of its time.  The build is a pure function of the pattern, ``fullmatch`` and
    the alphabet, so it is kept and made once each.  The run is as large (4,804 cases)
    and as deterministic (73 of the fuzzing phase's random draws differ from an uncached
    run).  Without the private module (another Hypothesis) the run is only slower.  Done only
    in ``st run`` (this module as its hooks), not in pytest's process, which imports it
    for :func:`config`."""
    try:
        from hypothesis.strategies._internal import regex as hypothesis_regex
        build = hypothesis_regex.regex_strategy
    except (ImportError, AttributeError):
        return
    cached = functools.lru_cache(maxsize=None)(build)

    @functools.wraps(build)
    def regex_strategy(*args, **kwargs):
        try:
            return cached(*args, **kwargs)
        except TypeError:  # an unhashable alphabet: built each time, as before
            return build(*args, **kwargs)

    hypothesis_regex.regex_strategy = regex_strategy


if os.environ.get("SCHEMATHESIS_HOOKS") == __name__:
    _build_each_regex_strategy_once()


def _toml(value) -> str:
    return json.dumps(value)  # a TOML basic string or array of them is JSON's


def _streams(op: dict) -> bool:
    """Does the operation answer an event stream (one that stays open while it is good)?"""
    return any("text/event-stream" in response.get("content", {})
               for response in op.get("responses", {}).values())


def config(document: dict, room: dict | None = None, profile: dict | None = None,
           finished: dict | None = None) -> str:
    """schemathesis.toml for a run against ``document``: the negative check takes 413,
    and each operation with rules accepts its rules' statuses for schema-valid data.

    With ``room`` (``{"code", "token"}``: a room made for the run and its host's token),
    every operation that needs a player's token is sent to that room with that token, so
    that its generated requests reach the room's rules, not only its 401.  The event
    stream too: with a good token it never ends, so Schemathesis reads its first event
    and closes it (``max-stream-events``).  The token is still held to: where the room
    answers 2xx, the ``ignored_auth`` check sends the request again without the token and
    with a wrong one (in the header, and as the stream's ``?token=``), and each must be
    refused.

    With ``profile`` (``{"id", "key"}``: a leaderboard profile made for the run), the
    operations on a profile are sent to that one with its key, so that they are answered
    200, not only 401 (``ignored_auth`` holds them to the key as it holds the rooms').

    With ``finished`` (``{"code", "n"}``: a room whose game ``n`` is over), the operations
    anyone may ask of a room (its finished games and their replays) are sent to that one,
    so that they are answered 200, not only 404 (a code made up names no room)."""
    lines = ["[checks.negative_data_rejection]", f"expected-statuses = {_toml(REFUSED)}", ""]
    for path, item in document["paths"].items():
        for method, op in item.items():
            if method not in METHODS:
                continue
            entry = []
            if room and op.get("security") and "{code}" in path:
                entry += [f"parameters = {{ \"path.code\" = {_toml(room['code'])} }}",
                          f"headers = {{ Authorization = {_toml('Bearer ' + room['token'])} }}"]
            if finished and not op.get("security") and "{code}" in path:
                values = {"path.code": finished["code"]}
                if "{n}" in path:
                    values["path.n"] = finished["n"]
                entry += ["parameters = { " + ", ".join(
                    f"{_toml(k)} = {_toml(v)}" for k, v in values.items()) + " }"]
            if _streams(op):
                entry += ["max-stream-events = 1"]
            if profile and "{profile_id}" in path:
                entry += [f"parameters = {{ \"path.profile_id\" = {_toml(profile['id'])} }}",
                          f"headers = {{ Authorization = {_toml('Bearer ' + profile['key'])} }}"]
            if op.get(RULES):
                statuses = sorted({str(r["status"]) for r in op[RULES]})
                entry += ["[operations.checks.positive_data_acceptance]",
                          f"expected-statuses = {_toml(ACCEPTED + statuses)}"]
            if entry:
                lines += ["[[operations]]", f"include-name = {_toml(f'{method.upper()} {path}')}",
                          *entry, ""]
    return "\n".join(lines)


def allowed(rules, status: int, error: dict) -> bool:
    field = error.get("field") or ""
    return any(r["status"] == status and r["code"] == error.get("code")
               and re.fullmatch(r["field"], field) for r in rules)


@schemathesis.check
def refused_only_by_a_documented_rule(ctx, response, case):
    """A request its schema admits is refused (4xx) only as one of the operation's
    ``x-rules`` says: that status, that error code, that field."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or \
            is_unexpected_http_status_case(case) or not 400 <= response.status_code < 500:
        return
    rules = case.operation.definition.raw.get(RULES, [])
    try:
        error = response.json()["error"]
    except (ValueError, KeyError, TypeError):
        error = {}
    if not allowed(rules, response.status_code, error):
        raise AssertionError(
            f"A request the schema admits was refused {response.status_code} "
            f"{error.get('code')!r} on field {error.get('field')!r}, and no x-rules entry "
            f"of {case.operation.label} says so: {str(error.get('message'))[:200]}")
