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
('lobby', {'name': 'ann', 'host': True, 'hand': None}, 5)
>>> client.get(f"/api/v1/rooms/{made['code']}").status_code
401
"""

from __future__ import annotations

import json
import re
import secrets
import time

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context

from solver.errors import (
    InvalidInput,
    LiarsError,
    NotSeated,
    RoomConflict,
    TooManyGuesses,
    UnknownRoom,
)
from solver.rooms.room import NO_TOKEN, Room

from .. import inputs
from . import bots
from .store import open_store

bp = Blueprint("rooms", __name__)

CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels (no words), nothing like 0, 1 or 5
CODE_LENGTH = 5  # 20**5 = 3.2 million codes, and guessing them is bounded
MAX_MISSES = 30  # unknown codes an address may try in a minute; then 429
STREAM_PING = 15.0  # seconds between keep-alive comments on an idle event stream
MOVE_TRIES = 5  # a move retried this often when other workers keep moving first
_CODE = re.compile(f"[{CODE_LETTERS}{CODE_LETTERS.lower()}]{{{CODE_LENGTH}}}")
EXTENSION = "liars_rooms"


def store():
    """This process's store (opened on first use: a forked worker opens its own)."""
    opened = current_app.extensions.get(EXTENSION)
    if opened is None:
        opened = current_app.extensions[EXTENSION] = open_store(current_app.config["ROOMS_DB"])
    return opened


def _room(code: str) -> Room:
    """The room ``code`` names; an address guessing codes is told to stop (429)."""
    now = time.time()
    data = store().load(code.upper(), now) if _CODE.fullmatch(code) else None
    if data is None:
        misses = store().miss(request.remote_addr or "?", now)
        if misses > MAX_MISSES:
            raise TooManyGuesses(f"{misses} unknown room codes from this address in a "
                                 f"minute: wait a minute, and check the code")
        raise UnknownRoom(f"no room {code[:12].upper()!r}: check the code (rooms expire a "
                          f"day after their last move, an hour after the game ends)",
                          field="code")
    return Room.from_dict(data)


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


def _changed(code: str, change) -> tuple[Room, str]:
    """Load, apply ``change(room) -> seat name``, save at the loaded version; retried when
    another worker saved first (so no two moves are ever applied to one version).  A
    computer player whose turn it now is, is set going."""
    for _ in range(MOVE_TRIES):
        room = _room(code)
        version = room.version
        name = change(room)
        if store().save(room.to_dict(), version, time.time()):
            bots.kick(store(), room)
            return room, name
    raise RoomConflict("the room is busy: try the move again")


def _seat(room: Room, token: str | None = None) -> str:
    return room.seat(token if token is not None else _token())


def _rules(body: dict) -> dict:
    """A room's rules read as the replay reads them: a bundled lexicon, the budget capped."""
    rules = body.get("rules")
    if body.get("game") != "letters" or not (rules is None or isinstance(rules, dict)):
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


@bp.post("/rooms")
def create():
    body = _rules(inputs.json_body({"game", "deal", "name", "rules", "advisor"}))
    store().purge(time.time())  # the rooms past their expiry go as new ones come
    for _ in range(20):
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        room, token = Room.create(code, body)
        if store().create(room.to_dict(), time.time()):
            return jsonify({"code": code, "token": token, "room": room.view(room.host)}), 201
    raise RoomConflict("no free room code was found: try again")


@bp.post("/rooms/<code>/join")
def join(code: str):
    body = inputs.json_body({"name"})
    token = {}

    def seat(room: Room) -> str:
        token["value"] = room.join(body.get("name"))
        return room.seat(token["value"])

    room, name = _changed(code, seat)
    return jsonify({"token": token["value"], "room": room.view(name)}), 201


@bp.get("/rooms/<code>")
def view(code: str):
    token = _need_token()
    room = _room(code)
    return jsonify(room.view(_seat(room, token)))


@bp.post("/rooms/<code>/start")
def start(code: str):
    _need_token()

    def go(room: Room) -> str:
        name = _seat(room)
        room.start(name)
        return name

    room, name = _changed(code, go)
    return jsonify(room.view(name))


@bp.post("/rooms/<code>/moves")
def move(code: str):
    body = inputs.json_body(None)
    _need_token()
    room = _room(code)
    _seat(room)  # a bad token is 401 here, before the move is read
    if room.kind.searches(body.get("type")):
        apart = answer_apart()  # a ruling may search: in a solver process, if there is one
        if apart is not None:
            return apart

    def play(room: Room) -> str:
        name = _seat(room)
        room.move(name, body)
        return name

    room, name = _changed(code, play)
    return jsonify(room.view(name))


@bp.post("/rooms/<code>/bots")
def add_bot(code: str):
    """The host seats a computer player (before the start; server deal only)."""
    body = inputs.json_body({"name", "delay"})
    _need_token()

    def seat(room: Room) -> str:
        name = _seat(room)
        room.add_bot(name, body.get("name"), delay=body.get("delay", 1.0))
        return name

    room, name = _changed(code, seat)
    return jsonify(room.view(name)), 201


@bp.post("/rooms/<code>/bots/turn")
def bot_turn(code: str):
    """A computer player's move, sent for it by the server with its own token (see
    api/rooms/bots.py): made only if it is still its turn at ``version``."""
    body = inputs.json_body({"version"})
    _need_token()
    room = _room(code)
    name = _seat(room)
    version = body.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise InvalidInput("version is the room's version the move was planned at",
                           field="version")
    moved = bots.step(store(), room.code, version, name)
    return jsonify({"moved": moved})


@bp.post("/rooms/<code>/advisor")
def advisor(code: str):
    """The host allows the advisor for the table, or forbids it: {"allowed": bool}."""
    body = inputs.json_body({"allowed"})
    _need_token()

    def choose(room: Room) -> str:
        name = _seat(room)
        room.set_advisor(name, body.get("allowed"))
        return name

    room, name = _changed(code, choose)
    return jsonify(room.view(name))


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


@bp.get("/rooms/<code>/events")
def events(code: str):
    """Server-sent events: ``data: VIEW`` now and on every change, a comment every
    STREAM_PING seconds when nothing changes (proxies and phones keep the line open)."""
    args = inputs.query_args(("token",))
    token = _need_token(args.get("token"))
    room = _room(code)
    name = _seat(room, token)
    code = room.code
    rooms = store()

    def stream():
        last = 0
        _changed(code, lambda room: room.connect(name, +1))
        try:
            yield "retry: 2000\n\n"
            data = rooms.load(code, time.time())
            while data is not None:  # a room that expired ends its streams
                current = Room.from_dict(data)
                if current.version > last:
                    last = current.version
                    yield f"data: {json.dumps(current.view(name), separators=(',', ':'))}\n\n"
                data = rooms.watch(code, last, STREAM_PING)
                if data is None:
                    yield ": ping\n\n"
                    data = rooms.load(code, time.time())
                    if data is not None:  # a computer player left waiting: set it going
                        bots.kick(rooms, Room.from_dict(data))
        finally:
            try:
                _changed(code, lambda room: room.connect(name, -1))
            except LiarsError:
                pass  # the room is gone: nothing to tell

    return Response(stream_with_context(stream()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def answer_apart():
    """The whole request answered by a solver process, when this worker has a pool."""
    from ..serving import POOL_EXTENSION, POOLED_KEY
    pool = current_app.extensions.get(POOL_EXTENSION)
    if pool is None or request.environ.get(POOLED_KEY):
        return None
    status, headers, body = pool.answer(request.environ, request.get_data(cache=True))
    return current_app.response_class(body, status=status, headers=headers)


def register(app, prefix: str) -> None:
    from .document import extender
    app.register_blueprint(bp, url_prefix=prefix)
    app.extensions.setdefault("liars_openapi", []).append(extender(prefix))

