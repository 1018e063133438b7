"""Reading requests: JSON bodies, query strings, field types and the configured limits.

This is parsing only (is it JSON, is ``tiles`` a string, is ``budget`` a
number); what the values mean is the library's business.  Every problem raises
a :class:`solver.errors.LiarsError` naming the field, which the error handlers
answer with 4xx.
"""

from __future__ import annotations

import collections
import math
import time
from contextlib import contextmanager

from flask import current_app, request
from werkzeug.exceptions import HTTPException

from solver.cli import jsontext
from solver.errors import InvalidInput, InvalidQuery, LimitExceeded
from solver.search.budget import read_budget
from solver.words.lexicon import Lexicon, load_lexicon
from solver.words.tiles import Tiles

from .errors import BodyTooLarge, MalformedJSON, Overloaded, UnsupportedMediaType

MAX_NAME_LENGTH = 64  # lexicon and tile set names
MIN_SOLVE_SECONDS = 0.05  # a solve left less than this after queueing is refused (503)
RECEIVED_KEY = "liars.received"  # environ: time.monotonic() when the server had the request
QUEUED_KEY = "liars.queued"  # environ: seconds the request waited for a free solver process


def json_body(allowed: set[str] | frozenset[str] | None) -> dict:
    """The request's JSON object; keys outside ``allowed`` are refused (a typo must not
    be ignored).  ``allowed=None`` leaves the keys to the library (the games check them).

    Only a body sent as ``application/json`` is read: anything else is 415, so that a
    cross-site form (``text/plain``, no CORS preflight) cannot drive the API."""
    if request.mimetype != "application/json":
        sent = request.mimetype or "no Content-Type"
        raise UnsupportedMediaType(f"send the body as application/json, not {sent[:60]}",
                                   field="body")
    try:
        data = request.get_data(cache=True)  # werkzeug enforces MAX_CONTENT_LENGTH (413) ...
    except HTTPException:
        raise  # 413 and friends answer as themselves
    except Exception as err:  # the server's own read errors: a broken chunk, a cut body
        raise MalformedJSON(f"the request body could not be read ({type(err).__name__})",
                            field="body") from None
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if limit is not None and request.content_length is None and len(data) >= limit:
        # ... but a chunked body is cut at the limit, silently: refuse it here.
        raise BodyTooLarge(f"request body is larger than the {limit} bytes this server "
                           f"accepts", field="body")
    if not data.strip():
        raise MalformedJSON("the request body is empty: send a JSON object", field="body")
    try:
        value = jsontext.decode(data)
    except RecursionError:
        raise MalformedJSON("malformed JSON: nested too deeply", field="body") from None
    except ValueError as exc:  # includes JSONDecodeError and UnicodeDecodeError
        raise MalformedJSON(f"malformed JSON: {exc}", field="body") from None
    if not isinstance(value, dict):
        raise InvalidInput(f"the body must be a JSON object, not {_json_type(value)}",
                           field="body")
    unknown = sorted(set(value) - set(allowed)) if allowed is not None else ()
    if unknown:
        shown = ", ".join(repr(k[:40]) for k in unknown[:5])
        raise InvalidInput(f"unknown field(s) {shown}; this endpoint takes "
                           f"{', '.join(sorted(allowed))}", field=unknown[0][:40])
    return value


def query_args(allowed: tuple[str, ...]) -> dict:
    """The query string as {part: value}.  A part outside ``allowed`` or one given twice
    is refused, as json_body refuses an unknown field (a typo must not be ignored), and
    a lexicon name is held to MAX_NAME_LENGTH."""
    args = request.args
    unknown = sorted(k for k in args if k not in allowed)
    if unknown:
        shown = ", ".join(repr(k[:40]) for k in unknown[:5])
        raise InvalidQuery(f"unknown query part(s) {shown}; this endpoint takes "
                           f"{', '.join(allowed)}", field=unknown[0][:40])
    for key in args:
        if len(args.getlist(key)) > 1:
            raise InvalidQuery(f"{key!r} is given {len(args.getlist(key))} times: give it "
                               f"once", field=key)
    name = args.get("lexicon")
    if name is not None and len(name) > MAX_NAME_LENGTH:
        raise InvalidInput(f"'lexicon' is longer than {MAX_NAME_LENGTH} characters",
                           field="lexicon")
    return dict(args.items())


def _json_type(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def string(body: dict, name: str, *, required: bool = False,
           max_length: int | None = None) -> str | None:
    """A string field (null or absent: None, unless required)."""
    value = body.get(name)
    if value is None:
        if required:
            raise InvalidInput(f"{name!r} is required", field=name)
        return None
    if not isinstance(value, str):
        raise InvalidInput(f"{name!r} must be a string, not {_json_type(value)}", field=name)
    if max_length is not None and len(value) > max_length:
        raise InvalidInput(f"{name!r} is longer than {max_length} characters", field=name)
    return value


def word_set(body: dict, name: str, *, required: bool = True):
    """A word set as sent: one string ``"big, g, er"`` or a list of strings.

    Only the JSON type is checked here; :meth:`solver.words.wordset.WordSet.parse`
    reads the words (and enforces the words-per-set and word-length limits).
    """
    value = body.get(name)
    if value is None:
        if required:
            raise InvalidInput(f"{name!r} is required: a list of words or a string like "
                               f"'big, g, er'", field=name)
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        for item in value:
            if not isinstance(item, str):
                raise InvalidInput(f"{name!r} must be a list of strings; it holds "
                                   f"{_json_type(item)}", field=name)
        return value
    raise InvalidInput(f"{name!r} must be a list of words or a string like 'big, g, er', "
                       f"not {_json_type(value)}", field=name)


def lexicon(body: dict | None = None, name: str | None = None) -> Lexicon:
    """The lexicon a request names (the configured default otherwise); never a file path."""
    if name is None and body is not None:
        name = string(body, "lexicon", max_length=MAX_NAME_LENGTH)
    try:
        return load_lexicon(name or current_app.config["DEFAULT_LEXICON"], allow_paths=False)
    except InvalidInput as exc:
        raise exc.with_field("lexicon")


def tiles(body: dict) -> Tiles:
    """The revealed tiles of a solve, from ``tiles`` and ``tile_set``, within MAX_SOLVE_TILES."""
    text = string(body, "tiles", required=True)
    tile_set = string(body, "tile_set", max_length=MAX_NAME_LENGTH)
    parsed = Tiles.parse(text, tile_set, field="tiles")
    limit = current_app.config["MAX_SOLVE_TILES"]
    if len(parsed) > limit:
        raise LimitExceeded(f"{len(parsed)} tiles: this server solves at most {limit}",
                            field="tiles")
    return parsed


def number(body: dict, name: str) -> float | None:
    value = body.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInput(f"{name!r} must be a number, not {_json_type(value)}", field=name)
    try:
        value = float(value)  # an int of 400 digits does not fit: OverflowError
    except OverflowError:
        value = math.inf
    if not math.isfinite(value):
        raise InvalidInput(f"{name!r} must be a finite number", field=name)
    return value


def requested_budget(body: dict) -> float:
    """Seconds the solver may spend, as asked: ``budget`` if sent (read as the library
    reads it: 0 to 60, a number or a number's text), capped by SOLVER_BUDGET_MAX; else
    the default.  A replay keeps this in its rules (each call searches that long)."""
    value = read_budget(body.get("budget"))
    cap = float(current_app.config["SOLVER_BUDGET_MAX"])
    if value is None:
        value = float(current_app.config["SOLVER_BUDGET"])
    return min(value, cap)


class CpuShare:
    """How much of a CPU this process got during its last big solves (the least of them).

    A big rack's search does some work it cannot cut short: reading the rack before
    its first look at the clock, and after its deadline the best set and the bounds
    (about 0.002 s of CPU a tile: 0.15-0.2 s for a Scrabble bag, 0.25-0.3 s for a
    Bananagrams one, measured under scripts/soak.py).  On a loaded machine a solver
    process (niced) gets a fraction of a CPU, and that work takes as many times longer;
    so a big solve's search stops early enough for it, by the share measured on the last
    ones, and a request that waited so long for a solver that even that work would end
    past its budget (and LATE) is refused at once: the answer comes within its budget
    (and a little) under load too, or not at all.
    """

    BIG = 48  # tiles: smaller racks do no work past their deadline worth a reserve
    CPU_PER_TILE = 0.0021  # CPU seconds a big search may need that no deadline cuts
    LATE = 0.5  # seconds past its budget an answer may come
    MOST = 0.75  # of its budget a search may leave to that work (at a fifth of a CPU, a
    #              whole bag is not proven in any 2 s budget: the set at hand is what it gets)
    SAFETY = 1.5  # a refusal plans for that work taking this much longer than the share
    #               says (the share moves between the estimate and the solve)

    KEPT = 4  # solves remembered: the share planned for is the worst of them (it moves
    #           with what else runs: under scripts/soak.py 0.2 to 0.6 from one solve to the next)

    PROBE = 0.05  # seconds of wall time a process with no solve behind it measures for

    def __init__(self):
        self.shares: collections.deque = collections.deque(maxlen=self.KEPT)
        self.measured_last: float | None = None  # by the last solve, if long enough

    def recall(self, shares) -> None:
        """Plan with ``shares`` (measured by this worker's solver processes, oldest
        first) before this process's own next solve."""
        self.measured_last = None
        if shares:
            self.shares = collections.deque(shares, maxlen=self.KEPT)

    @property
    def share(self) -> float:
        if not self.shares:  # nothing measured yet (a new worker): a short look first
            self.shares.append(self.probe())
        return min(self.shares)

    @share.setter
    def share(self, value: float) -> None:
        self.shares.clear()
        self.shares.append(value)

    def probe(self) -> float:
        """The share of a CPU this process gets now, over PROBE seconds of busy work."""
        wall, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - wall < self.PROBE:
            pass
        return max(0.05, min(1.0, (time.process_time() - cpu) / (time.perf_counter() - wall)))

    def uncut(self, tiles: int) -> float:
        """Wall seconds of the work a search of ``tiles`` cannot cut short, at this share."""
        return self.CPU_PER_TILE * tiles / self.share if tiles > self.BIG else 0.0

    def reserve(self, tiles: int, seconds: float) -> float:
        """How much earlier than ``seconds`` a search of ``tiles`` must stop."""
        if tiles <= self.BIG:
            return 0.0
        return min(seconds * self.MOST, self.CPU_PER_TILE * tiles * (1 / self.share - 1))

    def too_late(self, tiles: int, remaining: float) -> bool:
        """Would a search of ``tiles`` with ``remaining`` seconds of budget answer more
        than LATE past it?"""
        return self.SAFETY * self.uncut(tiles) > remaining + self.LATE

    @contextmanager
    def measured(self):
        """Measure the share of a CPU the solve inside gets."""
        wall, cpu = time.perf_counter(), time.process_time()
        yield
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if wall > 0.05:  # a solve long enough to tell
            self.measured_last = max(0.05, min(1.0, cpu / wall))
            self.shares.append(self.measured_last)


CPU_SHARE = CpuShare()  # this process's, read and set by its own solves


def budget(body: dict) -> float:
    """The :func:`requested_budget` of one solve, less the time the request already
    waited in the server (for a free solver process): the answer comes within the budget
    of the request's arrival.  A budget of 0 (or one below MIN_SOLVE_SECONDS) asks only
    for what is proven at once: waiting does not refuse it.  A big rack's search stops
    earlier by what a loaded machine makes of its late work (:class:`CpuShare`), and one
    that waited too long for that work to end in time is refused (503, retry)."""
    value = requested_budget(body)
    tiles = body.get("tiles")
    size = sum(ch.isalpha() for ch in tiles) if isinstance(tiles, str) else 0
    received = request.environ.get(RECEIVED_KEY)
    if received is not None and value > 0:
        waited = time.monotonic() - received
        # Only a wait for a solver refuses a big rack: the request's own reading and
        # hand-over take a while on a loaded machine too, and a request that found a solver
        # free is searched (its solve measures the share again).
        queued = request.environ.get(QUEUED_KEY, waited)
        remaining = value - waited
        if remaining < min(MIN_SOLVE_SECONDS, value / 2) or (
                queued > MIN_SOLVE_SECONDS and CPU_SHARE.too_late(size, remaining)):
            if value >= MIN_SOLVE_SECONDS:  # a real budget spent waiting: say so, retry
                raise Overloaded(f"the solvers were busy for {min(waited, value):.2g} s of "
                                 f"this request's {value:g} s budget, too long to search "
                                 f"{size or 'its'} tiles in the rest: retry",
                                 retry_after=math.ceil(value))
            remaining = 0.0  # a budget that small asked only for what is proven at once
        value = max(0.0, remaining)
    if size and value > 0:
        value -= CPU_SHARE.reserve(size, value)
    return value


def integer(body: dict, name: str, *, default: int, low: int, high: int) -> int:
    value = body.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise InvalidInput(f"{name!r} must be a whole number, not {_json_type(value)}",
                               field=name)
    if not low <= value <= high:
        raise InvalidInput(f"{name!r} must be from {low} to {high}, not {value}", field=name)
    return value
