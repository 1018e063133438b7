"""What the rooms' store is spared and kept from (issue 46), on both stores: a request that
changes nothing writes nothing, ``seen`` is limited per token, one credential a request,
expired rooms swept away within a minute, the SQLite file given its pages back, and every
key Redis holds for a room carrying its expiry."""

from __future__ import annotations

import time

import pytest
from rooms_http import V1, bearer

from api import create_app
from api.rooms import store as app_store
from api.rooms.changes import IDLE_SECONDS
from api.rooms.store import open_store
from api.rooms.sweep import SWEEP_SECONDS, sweep
from api.rooms.throttle import SEEN_PER_MINUTE


@pytest.fixture
def app(db):
    return create_app({"ROOMS_DB": db, "TESTING": True, "ROOM_REVEAL_SECONDS": 0})


def table(client, open_table=False):
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann", "open": open_table,
                                            "rules": {"dice_each": 1}}).get_json()
    ben = client.post(f"{V1}/rooms/{made['code']}/join", json={"name": "ben"}).get_json()
    return made["code"], made["token"], ben["token"]


def saves_of(app, monkeypatch) -> list:
    """Every save the app's store is asked for, from now on."""
    with app.app_context():
        rooms = app_store()
    saved = []
    save = rooms.save
    monkeypatch.setattr(rooms, "save", lambda room, *a, **k: saved.append(room["code"])
                        or save(room, *a, **k))
    return saved


def test_a_request_that_changes_nothing_writes_nothing(app, monkeypatch):
    client = app.test_client()
    code, ann, ben = table(client, open_table=True)
    other, _, _ = table(client, open_table=True)  # listed after the first: newest first
    listed = [t["code"] for t in client.get(f"{V1}/rooms?open=1").get_json()["rooms"]]
    assert listed[:2] == [other, code]
    saved = saves_of(app, monkeypatch)
    for body in ({"clock": None}, {"open": True}, {"kitty": None}, {}):
        answer = client.post(f"{V1}/rooms/{code}/settings", json=body, headers=bearer(ann))
        assert answer.status_code == 200, answer.get_json()
    same = client.post(f"{V1}/rooms/{code}/advisor", json={"allowed": False},
                       headers=bearer(ann))
    assert same.status_code == 200
    stale = client.post(f"{V1}/rooms/{code}/moves", json={"type": "seen", "n": 7},
                        headers=bearer(ben))
    assert stale.status_code == 200 and stale.get_json()["version"] == same.get_json()["version"]
    assert saved == []
    listed = [t["code"] for t in client.get(f"{V1}/rooms?open=1").get_json()["rooms"]]
    assert listed[:2] == [other, code]  # no place gained among the open tables
    changed = client.post(f"{V1}/rooms/{code}/settings", json={"clock": 30}, headers=bearer(ann))
    assert changed.get_json()["clock"] == 30 and saved == [code]


def test_seen_is_limited_per_token(app):
    client = app.test_client()
    code, ann, ben = table(client)
    for _ in range(SEEN_PER_MINUTE):
        answer = client.post(f"{V1}/rooms/{code}/moves", json={"type": "seen", "n": 1},
                             headers=bearer(ben))
        assert answer.status_code == 200
    refused = client.post(f"{V1}/rooms/{code}/moves", json={"type": "seen", "n": 1},
                          headers=bearer(ben))
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.get_json()["error"]["code"] == "too_many_requests"
    other = client.post(f"{V1}/rooms/{code}/moves", json={"type": "seen", "n": 1},
                        headers=bearer(ann))
    assert other.status_code == 200  # another token's own count
    moved = client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann))
    assert moved.status_code == 200  # and every other request of ben's is answered as before
    assert client.get(f"{V1}/rooms/{code}", headers=bearer(ben)).status_code == 200


def test_two_credentials_in_one_request_are_refused_on_every_route(app):
    client = app.test_client()
    code, ann, ben = table(client)
    for method, path in (("get", f"/rooms/{code}"), ("get", f"/rooms/{code}/events"),
                         ("post", f"/rooms/{code}/start"), ("get", f"/rooms/{code}/log"),
                         ("post", "/rooms"), ("get", "/profiles/abcdefghij")):
        for header, query in ((ben, ann), (ann, ann), ("wrong", ann), (ann, "wrong")):
            answer = getattr(client, method)(f"{V1}{path}?token={query}",
                                             headers=bearer(header))
            error = answer.get_json()["error"]
            assert answer.status_code == 400 and error["field"] == "token", (path, error)
    # one way is answered as ever
    stream = client.get(f"{V1}/rooms/{code}/events?token={ann}", buffered=False)
    assert stream.status_code == 200
    stream.close()
    assert client.get(f"{V1}/rooms/{code}", headers=bearer(ann)).status_code == 200


def test_expired_rooms_are_swept_within_a_minute_by_healthz(app):
    with app.app_context():
        rooms = app_store()
    long_ago = time.time() - 2 * IDLE_SECONDS
    for code in ("BCDFG", "BCDFH"):
        assert rooms.create({"code": code, "version": 1, "phase": "playing"}, long_ago)
    assert rooms.create({"code": "BCDFJ", "version": 1, "phase": "playing"}, time.time())
    assert app.test_client().get("/healthz").status_code == 200
    kept = [code for code in ("BCDFG", "BCDFH", "BCDFJ") if rooms.load(code) is not None]
    assert kept == ["BCDFJ"]
    now = time.time()
    assert not sweep(rooms, now)  # once a minute at most
    assert sweep(rooms, now + SWEEP_SECONDS)


def test_the_sqlite_file_gives_its_pages_back(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    rooms = open_store(str(path))
    import sqlite3
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA auto_vacuum").fetchone()[0] == 2  # incremental
    filler = "x" * 20_000
    long_ago = time.time() - 2 * IDLE_SECONDS
    for n in range(300):
        assert rooms.create({"code": f"R{n:04d}", "version": 1, "phase": "playing",
                             "filler": filler}, long_ago)
    rooms.purge_expired(time.time())  # (also empties the write-ahead log)
    full = path.stat().st_size
    assert full < 500_000, full  # 300 rooms of 20 kB came and went: the pages are back
    rooms.close()


def test_an_old_sqlite_file_is_made_incremental(tmp_path):
    import sqlite3
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE rooms (code TEXT PRIMARY KEY, version INTEGER NOT NULL, "
                   "data TEXT NOT NULL, changed REAL NOT NULL, expires REAL NOT NULL)")
    db.close()
    open_store(str(path)).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA auto_vacuum").fetchone()[0] == 2
    db.close()


def test_every_key_redis_holds_for_rooms_carries_its_expiry(redis_url):
    """Rooms, their due and open lists, leases, presence, counts, owners, profiles never
    rated: each key expires by itself.  Only the leaderboard is kept for good."""
    import redis
    server = redis.Redis.from_url(redis_url)
    server.flushdb()
    app = create_app({"ROOMS_DB": redis_url, "TESTING": True, "ROOM_REVEAL_SECONDS": 0})
    client = app.test_client()
    code, ann, ben = table(client, open_table=True)
    table(client, open_table=True)  # one listed still
    client.post(f"{V1}/rooms/{code}/settings", json={"clock": 30}, headers=bearer(ann))
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann))
    client.get(f"{V1}/rooms/BCDFG", headers=bearer("x"))  # a miss, counted
    client.post(f"{V1}/profiles", json={"name": "pat"})
    stream = client.get(f"{V1}/rooms/{code}/events?token={ben}", buffered=False)
    next(iter(stream.response))  # arrived: a heartbeat
    with app.app_context():
        rooms = app_store()
    assert rooms.lease(code, "me", time.time(), 1.5)
    keys = [key.decode() for key in server.keys("*")]
    assert {"liars:due", "liars:listed", f"liars:room:{code}",
            f"liars:presence:{code}", f"liars:lease:{code}"} <= set(keys), keys
    forever = [key for key in keys if server.ttl(key) < 0]
    assert forever == [], forever
    stream.close()
    # the indexes lose the codes of rooms gone
    server.delete(f"liars:room:{code}")
    assert rooms.purge_expired(time.time()) == 1
    assert server.zcard("liars:due") == 0
