"""Computer players at work: each moves when its turn comes, at its own pace.

After every change saved, :func:`kick` looks whether a computer player is to move;
if so a thread (a greenlet under ``liars serve``) waits its delay, then moves for it
as its phone would: ``POST /rooms/{code}/bots/turn`` with its token, answered in a
solver process when the worker has a pool (its odds and any ruling search run
there, never in the worker that serves the event streams).  The move is made at the
version it was planned for, or not at all: a human who moved meanwhile, or another
worker that got there first, wins (compare and swap).  A computer player left
waiting (its worker gone) is set going again by the next change or stream ping.
"""

from __future__ import annotations

import secrets
import threading
import time

from solver.errors import LiarsError
from solver.rooms.room import Room

_planned: set[tuple[str, int]] = set()  # (room, version) a computer player moves at
_lock = threading.Lock()


def kick(store, room: Room) -> None:
    """Set going the computer player whose move it is in ``room``, if any (once)."""
    name = room.bot_to_move()
    if name is None:
        return
    key = (room.code, room.version)
    with _lock:
        if key in _planned:
            return
        _planned.add(key)
    from flask import current_app
    app = current_app._get_current_object()
    threading.Thread(target=_turn, args=(app, store, key, name), daemon=True,
                     name=f"bot {name}").start()


def _turn(app, store, key, name) -> None:
    code, version = key
    try:
        data = store.load(code)
        if data is None:
            return
        settings = Room.from_dict(data).bot(name)
        time.sleep(settings["delay"])
        with app.app_context():
            pool = app.extensions.get("liars_solver_pool")
            if pool is None:
                step(store, code, version, name)
                return
            from werkzeug.test import EnvironBuilder
            environ = EnvironBuilder(
                path=f"/api/v1/rooms/{code}/bots/turn", method="POST",
                json={"version": version}, environ_base={"REMOTE_ADDR": "bot"},
                headers={"Authorization": f"Bearer {settings['token']}",
                         "Host": "localhost"}).get_environ()
            pool.answer(environ, environ["wsgi.input"].read())
    except LiarsError as err:  # the pool busy: the next change or ping sets it going
        app.logger.info("computer player %s in room %s waits: %s", name, code, err.message)
    except Exception:  # noqa: BLE001 - a computer player must never stop a worker
        app.logger.exception("computer player %s in room %s could not move", name, code)
    finally:
        with _lock:
            _planned.discard(key)


def step(store, code: str, version: int, name: str) -> bool:
    """``name`` moves in room ``code`` if it is still its turn at ``version``; True if it
    did.  Its move is decided from its own view only."""
    data = store.load(code, time.time())
    if data is None or data["version"] != version:
        return False  # someone moved first
    room = Room.from_dict(data)
    if room.bot_to_move() != name:
        return False
    rng = secrets.SystemRandom()
    room.move(name, room.decide(name, rng), rng=rng)
    if store.save(room.to_dict(), version, time.time()):
        kick(store, room)
        return True
    return False
