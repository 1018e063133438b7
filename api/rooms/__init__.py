"""Rooms over HTTP: create, join, start, move, each phone's view, its live stream, the log.

A thin layer over :mod:`solver.rooms`: read the body and the token, load the room
from the store, let the room do the move, save it at the version it was loaded at
(retrying when another worker moved first), answer the mover's view.  Every route
but create and join needs the player's token (``Authorization: Bearer TOKEN``; the
event stream, which a browser opens without headers, takes ``?token=``).

>>> from api import create_app
>>> import tempfile, os
>>> app = create_app({"ROOMS_DB": os.path.join(tempfile.mkdtemp(), "rooms.sqlite3")})
>>> client = app.test_client()
>>> made = client.post("/api/v1/rooms", json={"game": "dice", "name": "ann"}).get_json()
>>> made["room"]["phase"], made["room"]["you"], len(made["code"])
('lobby', {'name': 'ann', 'host': True, 'seat': True, 'hand': None}, 5)
>>> client.get(f"/api/v1/rooms/{made['code']}").status_code
401
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import secrets
import time

from flask import Blueprint, Response, current_app, jsonify, request

from solver.errors import (
    InvalidInput,
    LiarsError,
    NotSeated,
    RoomConflict,
    RoomStuck,
    TooManyRooms,
    UnknownRoom,
)
from solver.games.registry import ROOM_GAMES
from solver.rooms import kept
from solver.rooms.bots import DEFAULT_LEVEL
from solver.rooms.room import NO_TOKEN, Room
from solver.rooms.tokens import digest as token_digest

from .. import inputs
from ..errors import StoreUnavailable, TooManyRequests
from ..front import CLOSE_KEY
from . import fanout, guesses, profiles, ratings, service, throttle, turns
from .limits import (
    CODE_LENGTH,
    CODE_LETTERS,
    NEW_ROOMS_PER_MINUTE,
    REVEAL_SECONDS,
    ROOMS_PER_ADDRESS,
)
from .service import store
from .streams import Streams
from .sweep import sweep
from .views import SharedViews

bp = Blueprint("rooms", __name__)

STREAM_PING = 5.0  # seconds between keep-alive comments on an idle stream (and heartbeats)
OPEN_TABLES = 50  # open tables listed at most
MOVE_SECONDS = 10.0  # a change is retried this long while other requests keep saving first
_CODE = re.compile(f"[{CODE_LETTERS}{CODE_LETTERS.lower()}]{{{CODE_LENGTH}}}")
STREAMS_EXTENSION = "liars_streams"
VIEWS_EXTENSION = "liars_shared_views"
FANOUT_EXTENSION = "liars_spectator_writers"


def _address() -> str:
    return request.remote_addr or "?"


def _source() -> str:
    """Who asks, as a room keeps it (a spectator's place counted by address): a digest of
    the address, never the address."""
    return hashlib.sha256(f"address:{_address()}".encode()).hexdigest()[:16]


def _room(code: str) -> Room:
    """The room ``code`` names.  An address that has tried too many unknown codes is told
    to stop (429) before the room is looked up, whether it exists or not: a guess over the
    limit learns nothing."""
    now = time.time()
    guesses.may_guess(store(), now)
    try:
        data = store().load(code.upper(), now) if _CODE.fullmatch(code) else None
    except LiarsError:
        raise
    except Exception as err:  # stored, but not as JSON this server reads
        raise stuck_table(code.upper(), err) from None
    if data is None:
        guesses.missed(store(), now)
        raise UnknownRoom(f"no room {code[:12].upper()!r} here: check the code",
                          field="code")
    try:
        return Room.from_dict(data)
    except TypeError as err:  # a state no server of this code wrote (solver/rooms/state.py)
        raise stuck_table(code.upper(), err) from None


def _token() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header[len("Bearer "):].strip()
    return None


def _need_token(token: str | None = None) -> str:
    """The request's token (``token``, else its Authorization header).  A request with none
    is refused before its room is looked up: no token, no word about which rooms exist."""
    token = token or _token()
    if not token:
        raise NotSeated(NO_TOKEN)
    return token


def _changed(code: str, change, loaded: Room | None = None) -> tuple[Room, str]:
    """``change(room) -> seat name`` made as every change is (:func:`service.change`:
    read, change, save at the version read), retried (for up to MOVE_SECONDS, with a
    random pause) when another request saved first, so that no two moves are ever applied
    to one version and a legal move is never refused for it.  ``loaded``: the room as this
    request already read it, and changed in no way, tried first (a room's state is read
    once a move, not twice)."""
    deadline = time.monotonic() + MOVE_SECONDS
    pause = 0.005

    def checked(room: Room) -> tuple[str]:  # (never None: a route's change is saved)
        try:
            name = change(room)
            viewed(room, name)  # a change whose view cannot be built is never saved
        except LiarsError as err:
            broken = room.unplayable() if not isinstance(err, RoomStuck) else None
            if broken is not None:  # refused for its stored state, not for the request
                raise stuck_table(room.code, broken) from None
            raise
        except Exception as err:
            raise stuck_table(room.code, err) from None
        return (name,)

    while True:
        done = service.change(store(), code, checked, loaded=loaded, read=_room)
        loaded = None
        if done.saved:
            if done.due is not None:
                start_turns(current_app._get_current_object(), wake=done.due <= time.time())
            _rate(done.room)
            return done.room, done.answer[0]
        if time.monotonic() + pause > deadline:
            raise StoreUnavailable("the room is busy (other moves kept coming first): try "
                                   "again in a moment")
        time.sleep(random.uniform(0, pause))
        pause = min(pause * 2, 0.2)


def _by_seat(code: str, act, loaded: Room | None = None) -> tuple[Room, str]:
    """``act(room, name)`` done by the request token's seat, saved as one change
    (:func:`_changed`, ``loaded`` tried first): the room after it, and the seat's name."""
    _need_token()

    def change(room: Room) -> str:
        name = _seat(room)
        act(room, name)
        return name

    return _changed(code, change, loaded)


def _seat(room: Room, token: str | None = None) -> str:
    try:
        return room.seat(token if token is not None else _token())
    except LiarsError:
        raise
    except Exception as err:  # seats stored in a shape no token can be checked against
        raise stuck_table(room.code, err) from None


def _view(room: Room, name: str) -> dict:
    """``name``'s view, with who is connected now (kept apart from the room's state)."""
    now = time.time()
    return _seen(store(), room, name, store().present(room.code, now), now)


def _seen(rooms, room: Room, name: str, present, now: float) -> dict:
    """``name``'s view of ``room`` (:func:`viewed`), its ``rated`` as the leaderboard's
    store says (a group's games a day are bounded) and ``unrated_because`` why not."""
    view = viewed(room, name, present=present, now=now)
    view["rated"], view["unrated_because"] = ratings.verdict(rooms, room, now)
    return view


def viewed(room: Room, name: str, **seen) -> dict:
    """``room.view``, or RoomStuck (409) naming the table when its stored state is not one
    the server can read: a broken room is one table's problem, said plainly, never a 500."""
    try:
        return room.view(name, **seen)
    except Exception as err:  # a view only reads: any error is the stored state's
        raise stuck_table(room.code, err) from None


def stuck_table(code: str, err: Exception, log=None) -> RoomStuck:
    """RoomStuck naming table ``code``, its cause logged (``log``: the app's logger's
    ``error``, taken beforehand where no app context is, as in an event stream)."""
    (log or current_app.logger.error)("room %s cannot be shown: %s: %s", code,
                                      type(err).__name__, str(err)[:200])
    return RoomStuck(f"table {code} is stuck: the server cannot read its state "
                     f"({type(err).__name__}); the host may start a rematch", field="code")


def _rules(body: dict) -> dict:
    """A room's rules read as the replay reads them: for a game that searches a lexicon, a
    bundled lexicon and the budget capped as every search here is."""
    rules = body.get("rules")
    kind = ROOM_GAMES.get(body.get("game")) if isinstance(body.get("game"), str) else None
    if kind is None or not kind.searches_lexicon \
            or not (rules is None or isinstance(rules, dict)):
        return body
    rules = dict(rules or {})
    try:
        rules["lexicon"] = inputs.lexicon(name=inputs.string(
            rules, "lexicon", max_length=inputs.MAX_NAME_LENGTH)).name
        rules["budget"] = inputs.requested_budget(rules)
    except LiarsError as err:
        err.field = f"rules.{err.field}"
        raise
    return {**body, "rules": rules}


def reveal_seconds() -> float:
    """How long each ruling's reveal stays before computer players move on (the server's
    ``--reveal-seconds``; a room keeps the value it was made with)."""
    return float(current_app.config.get("ROOM_REVEAL_SECONDS", REVEAL_SECONDS))


def _may_create(now: float) -> None:
    """An address makes at most ROOMS_PER_MINUTE rooms a minute and keeps at most
    ROOMS_PER_ADDRESS (so that no one fills the code space and makes guessing pay)."""
    per_minute = current_app.config.get("ROOMS_PER_MINUTE", NEW_ROOMS_PER_MINUTE)
    kept = current_app.config.get("ROOMS_PER_ADDRESS", ROOMS_PER_ADDRESS)
    made = store().hits("create", _address(), now)
    if made >= per_minute:
        raise TooManyRooms(f"{made} new rooms from this address in a minute: at most "
                           f"{per_minute}; wait a minute", retry_after=60)
    owned = store().owned(_address(), now)
    if owned >= kept:
        raise TooManyRooms(f"this address already keeps {owned} rooms, the most it may: "
                           f"a room is kept an hour after its game ends, a day after its "
                           f"last move", retry_after=3600)


@bp.post("/rooms")
def create():
    body = _rules(inputs.json_body({"game", "deal", "name", "rules", "advisor", "clock",
                                    "kitty", "open", "seat", "profile", "seed"}))
    body = dict(body)
    profile = profiles.verified(body.pop("profile", None))
    now = time.time()
    _may_create(now)
    sweep(store(), now)  # the rooms past their expiry go (at most once a minute)
    for _ in range(20):
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        room, token = Room.create(code, body, profile=profile, hold=reveal_seconds())
        if store().create(room.to_dict(), time.time(), owner=_address(),
                          listed=service.listed(room)):
            store().hit("create", _address(), now)
            return jsonify({"code": code, "token": token, "room": _view(room, room.host)}), 201
    raise RoomConflict("no free room code was found: try again")


@bp.post("/rooms/<code>/join")
def join(code: str):
    body = inputs.json_body({"name", "profile", "seed"})
    profile = profiles.verified(body.get("profile"))
    token = {}

    def seat(room: Room) -> str:
        token["value"] = room.join(body.get("name"), profile=profile, seed=body.get("seed"))
        return room.seat(token["value"])

    room, name = _changed(code, seat)
    return jsonify({"token": token["value"], "room": _view(room, name)}), 201


@bp.post("/rooms/<code>/watch")
def watch(code: str):
    """A spectator's token, in any phase: the public state only, never a hand."""
    body = inputs.json_body({"name", "profile"})
    profile = profiles.verified(body.get("profile"))  # a spectator's is checked, not rated
    token = {}

    def sit_aside(room: Room) -> str:
        token["value"] = room.watch(body.get("name"), profile=profile, source=_source())
        return room.seat(token["value"])

    room, name = _changed(code, sit_aside)
    return jsonify({"token": token["value"], "room": _view(room, name)}), 201


@bp.get("/rooms/<code>")
def view(code: str):
    token = _need_token()
    room = _room(code)
    return jsonify(_view(room, _seat(room, token)))


@bp.post("/rooms/<code>/start")
def start(code: str):
    room, name = _by_seat(code, Room.start)
    return jsonify(_view(room, name))


@bp.post("/rooms/<code>/moves")
def move(code: str):
    body = inputs.json_body(None)
    token = _need_token()
    if isinstance(body, dict) and body.get("type") == "seen":
        wait = throttle.seen.wait(token, time.time())
        if wait:
            raise TooManyRequests(f"more than {throttle.SEEN_PER_MINUTE} seen moves from "
                                  f"this token in a minute: a phone says it once a ruling",
                                  retry_after=wait, field="type")
    room = _room(code)
    sender = _seat(room)  # a bad token is 401 here, before the move is read
    _on_time(room, sender, body)
    if room.kind.searches(body.get("type")):
        apart = answer_apart()  # a ruling may search: in a solver process, if there is one
        if apart is not None:
            return apart

    room, name = _by_seat(code, lambda room, name: room.move(name, body), loaded=room)
    return jsonify(_view(room, name))


def _on_time(room: Room, sender: str, body) -> None:
    """The deadline is the deadline: a move of the player to move that reaches the server
    after their clock ran out is refused (409, field ``clock``) and the timeout applied
    here and now, whatever the look-out's timing.  Not while the look-outs have been away
    (their first tick gives the time back first)."""
    now = time.time()
    try:
        late = room.out_of_time(now) == sender
    except Exception:  # a state the server cannot read: the move says so (room_stuck)
        return
    if not late or not isinstance(body, dict) or body.get("type") == "seen" \
            or turns.away(store(), now):
        return
    late = now - room.state.timer["deadline"]
    if turns.time_out(store(), room.code, now) is not None:
        start_turns(current_app._get_current_object(), wake=True)
    raise RoomConflict(f"{sender}'s time ran out {late:.2f} s before this move reached the "
                       f"server: {sender} is out of this game", field="clock")


@bp.post("/rooms/<code>/bots")
def add_bot(code: str):
    """The host seats a computer player (before the start; server deal only), at its
    ``level``: "easy" (the default) or "hard"."""
    body = inputs.json_body({"name", "delay", "level"})
    room, name = _by_seat(code, lambda room, name: room.add_bot(
        name, body.get("name"), delay=body.get("delay", 1.0),
        level=body.get("level", DEFAULT_LEVEL)))
    return jsonify(_view(room, name)), 201


@bp.get("/rooms")
def open_tables():
    """The open tables in their lobby, to join (``?open=1``; tables are private unless
    their host lists them)."""
    args = inputs.query_args(("open",))
    if args.get("open") not in ("1", "true"):
        raise InvalidInput("only the open tables are listed: ask for ?open=1", field="open")
    now = time.time()
    tables = []
    for data in store().listed(now, limit=OPEN_TABLES):
        try:
            room = Room.from_dict(data)
            if room.phase == "lobby" and data.get("open"):
                tables.append({"code": room.code, "game": room.game,
                               "seats": room.game_type.seats[1], "players": len(room.seats),
                               "clock": data.get("clock"), "host": room.host})
        except Exception:  # noqa: BLE001 - a table no server can read is listed to no one
            continue
    return jsonify({"rooms": tables})


@bp.post("/rooms/<code>/settings")
def settings(code: str):
    """The host changes the clock, the listing, the kitty: in the lobby or between games."""
    body = inputs.json_body({"clock", "open", "kitty"})
    room, name = _by_seat(code, lambda room, name: room.settings(name, body))
    return jsonify(_view(room, name))


@bp.post("/rooms/<code>/rematch")
def rematch(code: str):
    """The host starts the next game at the same table, once the game is over."""
    room, name = _by_seat(code, Room.rematch)
    return jsonify(_view(room, name))


@bp.post("/rooms/<code>/advisor")
def advisor(code: str):
    """The host allows the advisor for the table, or forbids it: {"allowed": bool}."""
    body = inputs.json_body({"allowed"})
    room, name = _by_seat(code, lambda room, name: room.set_advisor(name, body.get("allowed")))
    return jsonify(_view(room, name))


@bp.get("/rooms/<code>/advice")
def advice(code: str):
    """The advisor's odds from your own view, if the host allows it (advice)."""
    _need_token()
    room = _room(code)
    return jsonify(room.advice(_seat(room)))


@bp.get("/rooms/<code>/log")
def log(code: str):
    _need_token()
    room = _room(code)
    _seat(room)
    return jsonify(room.log())


@bp.get("/rooms/<code>/games/<n>/replay")
def replay(code: str, n: str):
    """Game ``n``'s replay, for anyone with the table's code (no token): once it is over,
    every claim, call and reveal with its odds, its log and its places; 404 before."""
    return jsonify(kept.replay(_room(code), n))


@bp.get("/rooms/<code>/games")
def games(code: str):
    """The room's log: every finished game it keeps (the last 10), for anyone with the
    table's code (no token)."""
    return jsonify(kept.kept_log(_room(code)))


@bp.get("/rooms/<code>/events")
def events(code: str):
    """Server-sent events: ``data: VIEW`` now and whenever the room or who is connected
    changes, a ``ping`` event every STREAM_PING seconds when nothing does (proxies and
    phones keep the line open, and the phone sees within seconds that the server is gone).

    While it is open the stream beats every STREAM_PING seconds: that heartbeat, kept
    apart from the room's state, is what shows its player connected (a stream whose
    worker was killed stops beating, and its player shows away once it expires).  A
    store that fails mid-stream ends the stream quietly (the phone opens it again).

    The stream follows its token, not a name: a spectator renamed (a player took their
    name) is sent their new one, and one sent away by the host is closed.  A spectator's
    stream keeps no heartbeat: only players show connected.  Streams take
    their share of the server's connections (api/rooms/streams.py): past it, 503 at once.
    A spectator's view is the room's shared one (api/rooms/views.py)."""
    args = inputs.query_args(("token",))
    token = _need_token(args.get("token"))
    room = _room(code)
    name = _seat(room, token)
    code, digest = room.code, token_digest(token)
    # Only a player's connection is shown (and holds a reveal): a spectator's stream
    # keeps no heartbeat, and its coming and going wakes no one.
    seated = room.plays(name)
    try:
        release = _streams().take(digest, spectator=not seated)
    except LiarsError:
        request.environ[CLOSE_KEY] = True  # a refused stream keeps no connection
        raise
    rooms, shared = store(), _shared_views()
    # a spectator's stream, once sent its first view, is handed to the room's writer
    # (api/rooms/fanout.py), where its server lets it be
    handed = None if seated else fanout.handover(request.environ)
    writers = _fanout(rooms, shared) if handed is not None else None
    stream_id = secrets.token_hex(8)
    log_failure, log_error = current_app.logger.info, current_app.logger.error
    finish = _with_verdict(rooms)

    def stream():
        try:
            announced = seated and _quietly(
                lambda: rooms.arrive(code, name, stream_id, time.time()))
            yield "retry: 2000\n\n"
            mark, data, sent = (0, 0), rooms.load(code, time.time()), None
            while data is not None:  # a room that expired ends its streams
                # (the view anew when the room changed, or which players are connected)
                sent, text = shared.frame(rooms, data, mark, digest, time.time(), sent,
                                          finish)
                if text is None:
                    break  # sent away: the token opens nothing any more
                if text:
                    yield text
                if handed is not None:  # the writer sends the rest; this waits till the end
                    member = fanout.Spectator(*handed, digest, sent)
                    writers.join(code, data, member)
                    try:
                        member.ended.wait()
                    finally:
                        writers.leave(code, member)
                    return
                woke = rooms.watch(code, mark, STREAM_PING)
                if woke is None:  # a ping a phone's page hears (a comment it would not)
                    yield "event: ping\ndata: {}\n\n"
                    if seated:  # the heartbeat (an arrival again, told to the others, if
                        # the first one was not written)
                        beat = rooms.beat if announced else rooms.arrive
                        announced = _quietly(lambda beat=beat: beat(code, name, stream_id,
                                                                    time.time()))
                    sweep(rooms, time.time())  # the expired rooms go, once a minute
                    data = _newer(shared.reload(rooms, code, time.time()), data)
                else:  # (this process may have heard of an older version than was sent)
                    mark, woken = woke
                    data = _newer(woken, data)
        except RoomStuck as err:  # said once, then the stream ends
            yield f"event: stuck\ndata: {json.dumps({'error': err.as_dict()})}\n\n"
        except StoreUnavailable as err:  # the store went away: the phone opens it again
            log_failure("an event stream of room %s ended: %s", code, err.message)
        except Exception as err:  # a state stored as no server writes it: said, then ended
            said = stuck_table(code, err, log_error).as_dict()
            yield f"event: stuck\ndata: {json.dumps({'error': said})}\n\n"
        finally:
            if seated:
                _quietly(lambda: rooms.depart(code, stream_id, time.time()))

    # (the stream reads nothing of the request once it runs: no request context is kept
    # for it, nor passed through at every event)
    response = Response(stream(), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    response.call_on_close(release)  # counted out however the stream ends, read or not
    return response


def _newer(data: dict | None, held: dict) -> dict | None:
    """The room as a stream goes on with: ``data`` unless it is older than ``held`` (a
    stream never goes back); None once the room is gone."""
    return data if data is None or data["version"] >= held["version"] else held


def _streams() -> Streams:
    """This process's count of its event streams (a forked worker counts its own)."""
    counted = current_app.extensions.get(STREAMS_EXTENSION)
    if counted is None or counted[0] != os.getpid():
        counted = current_app.extensions[STREAMS_EXTENSION] = (
            os.getpid(), Streams(int(current_app.config["MAX_CONNECTIONS"])))
    return counted[1]


def _with_verdict(rooms):
    """What a stream adds to a view it sends: the leaderboard's verdict, as :func:`_seen`
    does (``finish(room, view)``, for :class:`SharedViews`)."""
    def finish(room: Room, view: dict) -> dict:
        view["rated"], view["unrated_because"] = ratings.verdict(rooms, room, time.time())
        return view
    return finish


def _fanout(rooms, shared: SharedViews) -> fanout.Fanout:
    """This process's writers of its rooms' spectators' streams."""
    held = current_app.extensions.get(FANOUT_EXTENSION)
    if held is None or held[0] != os.getpid():
        log_failure, log_error = current_app.logger.info, current_app.logger.error
        held = current_app.extensions[FANOUT_EXTENSION] = (os.getpid(), fanout.Fanout(
            rooms, shared, finish=_with_verdict(rooms), log_failure=log_failure,
            ping_seconds=STREAM_PING,
            stuck=lambda code, err: stuck_table(code, err, log_error)))
    return held[1]


def _shared_views() -> SharedViews:
    """This process's views shared by its rooms' spectators' streams."""
    shared = current_app.extensions.get(VIEWS_EXTENSION)
    if shared is None or shared[0] != os.getpid():
        shared = current_app.extensions[VIEWS_EXTENSION] = (os.getpid(), SharedViews())
    return shared[1]


def _quietly(work) -> bool:
    """A heartbeat written if the store takes it (True): presence never fails a stream."""
    try:
        work()
    except LiarsError:
        return False
    return True


def start_turns(app, *, wake: bool = False) -> None:
    """Start this process's look-out for the server's own moves (api/rooms/turns.py), once;
    never in a solver process, which answers one request at a time."""
    from flask import has_request_context

    from ..serving import POOLED_KEY
    if has_request_context() and request.environ.get(POOLED_KEY):
        return
    with app.app_context():
        ticker = turns.start(app, store())
    if wake:
        ticker.wake()


def answer_apart():
    """The whole request answered by a solver process, when this worker has a pool."""
    from ..serving import POOL_EXTENSION, POOLED_KEY
    pool = current_app.extensions.get(POOL_EXTENSION)
    if pool is None or request.environ.get(POOLED_KEY):
        return None
    status, headers, body = pool.answer(request.environ, request.get_data(cache=True))
    return current_app.response_class(body, status=status, headers=headers)


def _rate(room: Room) -> None:
    """Rate the room's game if it just counted for the leaderboard (api/rooms/ratings.py).
    A store that fails here fails no move: the look-out rates it on its next tick."""
    try:
        ratings.record(store(), room)
    except LiarsError as err:
        current_app.logger.info("room %s's game is not rated yet: %s", room.code, err.message)
    except Exception as err:  # the move is saved: its answer is no 500 (the look-out retries)
        current_app.logger.error("room %s's game could not be rated: %s: %s", room.code,
                                 type(err).__name__, str(err)[:200])


def register(app, prefix: str) -> None:
    from .document import extender
    app.register_blueprint(bp, url_prefix=prefix)
    app.extensions.setdefault("liars_openapi", []).append(extender(prefix))
    profiles.register(app, prefix)

