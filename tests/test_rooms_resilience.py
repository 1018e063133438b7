"""The server keeps every table going (api/rooms/turns.py, api/rooms/__init__.py), on both
stores: a room the server cannot act in stops no other and is said plainly (409
``room_stuck``, never a 500, never a save it then fails); time the server was away is given
back to the clocks; a move after its deadline is refused and the timeout applied; a room one
process leases is not offered to another."""

from __future__ import annotations

import itertools
import json
from collections import Counter
import logging
import time

import pytest
from rooms_http import bearer, wait_for

from api import create_app
from api.rooms import turns
from api.rooms.store import open_store
from solver.rooms.room import Room

V1 = "/api/v1"


_REDIS_DBS = itertools.count(1)  # Redis's numbered databases 1-15: one a test here


@pytest.fixture
def db(db):
    """The store, on Redis a numbered database of this test's own: the look-outs of the
    session's earlier apps, which tick on for good, never act in these rooms."""
    if not db.startswith("redis://"):
        return db
    import redis
    url = f"{db.rsplit('/', 1)[0] if db.count('/') > 2 else db}/{next(_REDIS_DBS)}"
    redis.Redis.from_url(url).flushdb()
    return url


@pytest.fixture
def app(db):
    return create_app({"ROOMS_DB": db, "TESTING": True, "ROOM_REVEAL_SECONDS": 0})


def made(client, body) -> tuple[str, str]:
    answer = client.post(f"{V1}/rooms", json=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["code"], answer.get_json()["token"]


def joined(client, code, name, **extra) -> str:
    answer = client.post(f"{V1}/rooms/{code}/join", json={"name": name, **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["token"]


def break_room(db: str, store, code: str, text: str) -> None:
    """Store ``text`` as room ``code``'s state, as no server would write it."""
    if db.startswith("redis://"):
        import redis
        redis.Redis.from_url(db).hset(f"liars:room:{code}", "data", text)
    else:
        import sqlite3
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE rooms SET data = ? WHERE code = ?", (text, code))


def a_ticker(app, store) -> turns.Ticker:
    """A look-out whose ticks the test makes (no thread of its own)."""
    ticker = turns.Ticker.__new__(turns.Ticker)
    ticker.app, ticker.store, ticker.owner, ticker.failures = app, store, "test:1", {}
    ticker.marked = 0.0
    return ticker


# --- one room never stops another ----------------------------------------------------------

def test_thirty_broken_rooms_stop_no_table_and_each_says_it_is_stuck(app, db, caplog):
    """The look-out stopped at the first room it failed on, and failing rooms came first
    again on the next tick: a table of computer players beside 30 of them made no move."""
    client, store = app.test_client(), open_store(db)
    now = time.time()
    broken = []
    for i in range(30):  # half not JSON at all, half JSON that is no room's state
        code = f"BRK{'BCDFGHJKLMNPQRSTVWXZ'[i % 20]}{'BCDFG'[i // 20]}"
        room = {"code": code, "version": 1, "phase": "playing", "seats": []}
        assert store.create(room, now)
        store.save(room, 1, now, due=now - 100)  # due at once, before everything else
        break_room(db, store, code, "{no json" if i % 2 else json.dumps(
            {"code": code, "version": 1, "phase": "playing", "seats": "?", "timer": 5}))
        broken.append(code)
    # three dice each: a game of two computer players lasts six moves at least (with two it
    # could end after four, the same one losing both its dice, before the five waited for)
    code, tv = made(client, {"game": "dice", "name": "tv", "seat": False,
                             "rules": {"dice_each": 3}})
    for name in ("hal", "robo"):
        assert client.post(f"{V1}/rooms/{code}/bots", json={"name": name, "delay": 0},
                           headers=bearer(tv)).status_code == 201
    assert client.post(f"{V1}/rooms/{code}/start", headers=bearer(tv)).status_code == 200
    caplog.set_level(logging.ERROR, logger="api.rooms.turns")
    start = client.get(f"{V1}/rooms/{code}", headers=bearer(tv)).get_json()["version"]
    # the app's own look-out (started by the start) plays the computer players
    view = wait_for(client, code, tv, lambda v: v["version"] >= start + 5, seconds=90)
    assert view["version"] >= start + 5, "the computer players made no move"
    set_aside = [r.getMessage() for r in caplog.records if "set aside" in r.getMessage()]
    logged = Counter(m.split()[1] for m in set_aside)
    assert {c: logged[c] for c in broken} == {c: 1 for c in broken}, set_aside  # once each
    assert all("token" not in m for m in set_aside)
    for code_ in broken[:4]:
        answer = client.get(f"{V1}/rooms/{code_}", headers=bearer("x" * 32))
        assert answer.status_code == 409, answer.get_json()
        assert answer.get_json()["error"]["code"] == "room_stuck"
        assert code_ in answer.get_json()["error"]["message"]


def test_a_room_whose_game_cannot_be_read_is_stuck_and_the_host_plays_a_rematch(app, db):
    client, store = app.test_client(), open_store(db)
    code, ann = made(client, {"game": "dice", "name": "ann", "clock": 10})
    ben = joined(client, code, "ben")
    assert client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann)).status_code == 200
    data = store.load(code)
    data["state"] = {"players": 7}  # a game no server wrote
    data["version"] += 1
    assert store.save(data, data["version"] - 1, time.time(), due=time.time() - 1)
    for token in (ann, ben):
        answer = client.get(f"{V1}/rooms/{code}", headers=bearer(token))
        assert answer.status_code == 409 and answer.get_json()["error"]["code"] == "room_stuck"
    before = store.load(code)["version"]
    refused = client.post(f"{V1}/rooms/{code}/moves", json={"type": "liar"},
                          headers=bearer(ben))
    assert refused.status_code == 409
    deadline = time.monotonic() + 90  # the app's look-out sets it aside, its phones told
    while not store.load(code).get("stuck") and time.monotonic() < deadline:
        time.sleep(0.02)
    stuck = store.load(code)
    assert stuck["stuck"] and stuck["version"] == before + 1
    again = client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(ann))
    assert again.status_code == 200, again.get_json()
    view = again.get_json()
    assert view["phase"] == "playing" and view["stuck"] is None and view["game_no"] == 2


def test_a_rated_table_takes_a_seat_off_after_its_game_and_every_save_after_it(app, db):
    """Once over, taking a seat off a rated table answered 500 (places read by the current
    seats) and saved it anyway; every later save in the room then answered 500."""
    client = app.test_client()
    keys = {}
    for name in ("ann", "ben", "cy"):
        answer = client.post(f"{V1}/profiles", json={"name": f"{name}-{db[-6:]}"})
        assert answer.status_code == 201
        keys[name] = {"id": answer.get_json()["id"], "key": answer.get_json()["key"]}
    code, ann = made(client, {"game": "dice", "name": "ann", "rules": {"dice_each": 1},
                              "profile": keys["ann"]})
    tokens = {"ann": ann, "ben": joined(client, code, "ben", profile=keys["ben"]),
              "cy": joined(client, code, "cy", profile=keys["cy"])}
    view = client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann)).get_json()
    while view["phase"] != "over":
        body = {"type": "liar"} if view["declarations"] else \
            {"type": "bid", "quantity": 1, "face": 6}
        view = client.post(f"{V1}/rooms/{code}/moves", json=body,
                           headers=bearer(tokens[view["to_move"]])).get_json()
    answers = [client.post(f"{V1}/rooms/{code}/moves", json={"type": "unseat", "player": "cy"},
                           headers=bearer(ann)),
               client.post(f"{V1}/rooms/{code}/moves", json={"type": "remove", "player": "cy"},
                           headers=bearer(ann)),
               client.post(f"{V1}/rooms/{code}/moves", json={"type": "seen", "n": 1},
                           headers=bearer(tokens["ben"])),
               client.post(f"{V1}/rooms/{code}/settings", json={"clock": 30},
                           headers=bearer(ann)),
               client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["cy"]))]
    assert [a.status_code for a in answers] == [200, 409, 200, 200, 200], \
        [a.get_json() for a in answers]
    assert client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(ann)).status_code == 200


# --- the clock is the players' -----------------------------------------------------------------

def clocked_room(store, code: str, clock: int, turn_came: float) -> Room:
    room, _ = Room.create(code, {"game": "dice", "name": "ann", "clock": clock})
    room.join("ben")
    room.start("ann")
    room.timers(turn_came)
    assert store.create(room.to_dict(), turn_came)
    store.save(room.to_dict(), room.version, turn_came, due=room.due())
    return room


def test_a_restart_after_fifteen_seconds_away_puts_no_one_out(app, db):
    """A server down 16 s with a 12 s clock running put the player to move out at once."""
    store = open_store(db)
    now = time.time()
    room = clocked_room(store, "AWAYS", 12, now - 17)  # ann's turn came 17 s ago
    store.alive(now - 16)  # the last look-out ran 16 s ago, then the server went away
    a_ticker(app, store).tick(now)
    after = Room.from_dict(store.load("AWAYS"))
    assert after.state.timed_out == [] and after.phase == "playing"
    assert after.state.timer["deadline"] == pytest.approx(room.state.timer["deadline"] + 16)
    # with a look-out that never went away, the same clock runs out
    clocked_room(store, "HEREB", 12, now - 17)
    store.alive(now - 0.2)
    a_ticker(app, store).tick(now)
    assert Room.from_dict(store.load("HEREB")).state.timed_out == ["ann"]


def test_a_move_after_its_deadline_is_refused_and_the_timeout_applied(app, db):
    """Moves sent 19-85 ms after the deadline counted: the deadline was only applied by the
    look-out's tick."""
    client, store = app.test_client(), open_store(db)
    code, ann = made(client, {"game": "dice", "name": "ann", "clock": 10})
    joined(client, code, "ben")
    cy = joined(client, code, "cy")
    view = client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann)).get_json()
    assert view["to_move"] == "ann"
    store.alive(time.time())  # the look-out runs
    data = store.load(code)
    data["timer"]["deadline"] = time.time() - 0.05  # ann's move arrives 50 ms late
    data["version"] += 1
    assert store.save(data, data["version"] - 1, time.time(), due=time.time() + 600)
    late = client.post(f"{V1}/rooms/{code}/moves", json={"type": "bid", "quantity": 1,
                                                          "face": 2}, headers=bearer(ann))
    assert late.status_code == 409, late.get_json()
    assert late.get_json()["error"]["field"] == "clock"
    view = client.get(f"{V1}/rooms/{code}", headers=bearer(cy)).get_json()
    assert view["timed_out"] == ["ann"] and view["declarations"] == []


def test_a_room_one_process_leases_is_not_offered_to_another(db):
    store = open_store(db)
    now = time.time()
    for code in ("LEASA", "LEASB"):
        room = {"code": code, "version": 1, "phase": "playing", "seats": []}
        store.create(room, now)
        store.save(room, 1, now, due=now - 1)
    assert sorted(store.due(now)) == ["LEASA", "LEASB"]
    assert store.lease("LEASA", "one", now, 1.5)
    assert store.due(now) == ["LEASB"]  # the other process's look-out skips it
    assert not store.lease("LEASA", "two", now, 1.5)
    assert "LEASA" in store.due(now + 2)  # a lease that ran out: taken over


def test_a_stream_is_told_its_room_is_stuck_and_ends(app, db):
    """A room whose stored game no server can read, while a phone follows it: its stream
    says ``stuck`` (the error naming the table), then ends, as a phone's page expects."""
    client, store = app.test_client(), open_store(db)
    code, ann = made(client, {"game": "dice", "name": "ann"})
    ben = joined(client, code, "ben")
    assert client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann)).status_code == 200
    stream = client.get(f"{V1}/rooms/{code}/events?token={ben}", buffered=False)
    assert stream.status_code == 200
    chunks = (c.decode() if isinstance(c, bytes) else c for c in stream.response)
    assert any(chunk.startswith("data: ") for chunk in chunks)  # the view, now
    data = store.load(code)
    data["state"] = {"players": 7}  # a game no server wrote
    data["version"] += 1
    assert store.save(data, data["version"] - 1, time.time())
    rest = "".join(chunks)  # to the stream's end
    assert rest.startswith("event: stuck\ndata: "), rest[:300]
    said = json.loads(rest.split("data: ", 1)[1].split("\n", 1)[0])
    assert said["error"]["code"] == "room_stuck" and code in said["error"]["message"]
    stream.close()
