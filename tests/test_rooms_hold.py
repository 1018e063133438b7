"""Rooms hold at a real table: bursts, presence, guessing, outages, the server's own moves.

A whole table connects at once, some phones drop without a word, someone guesses
codes or makes rooms by the thousand, the store goes away: every legal request still
succeeds or is told plainly to retry (503 with Retry-After, never a 500), presence is
a heartbeat apart from the game's state, and computer players move with no phone
connected, even after a worker is killed.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import stat
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from api_server import HOST, LiveServer
from redis_server import redis_server
from rooms_http import bearer

from api import create_app
from api.rooms.changes import PRESENT_SECONDS
from api.rooms.limits import MAX_MISSES
from api.rooms.store import open_store

V1 = "/api/v1"


def app_client(db, **config):
    return create_app({"ROOMS_DB": db, "TESTING": True, "ROOM_REVEAL_SECONDS": 0,
                       **config}).test_client()


def create(client, game="dice", name="ann", **extra):
    answer = client.post(f"{V1}/rooms", json={"game": game, "name": name, **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


# --- presence: a heartbeat with an expiry, apart from the room ------------------------

def test_presence_is_a_heartbeat_that_expires(db):
    store = open_store(db)
    now = time.time()
    store.arrive("BCDFG", "ann", "s1", now)
    store.arrive("BCDFG", "ann", "s2", now)
    store.arrive("BCDFG", "ben", "s3", now)
    assert store.present("BCDFG", now) == {"ann", "ben"}
    store.depart("BCDFG", "s1", now)  # ann's other stream is still open
    assert store.present("BCDFG", now) == {"ann", "ben"}
    later = now + PRESENT_SECONDS + 1  # ben's phone went silent (kill -9, no network)
    store.beat("BCDFG", "ann", "s2", later)
    assert store.present("BCDFG", later) == {"ann"}
    store.depart("BCDFG", "s2", later)
    assert store.present("BCDFG", later) == frozenset()
    assert PRESENT_SECONDS + 5 <= 30  # gone for 30 s shows away, pings every 5 s


def test_a_view_shows_who_has_a_stream_open(db):
    client = app_client(db)
    made = create(client)
    code = made["code"]
    ben = client.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}).get_json()["token"]

    def connected():
        view = client.get(f"{V1}/rooms/{code}", headers=bearer(made["token"])).get_json()
        return {p["name"]: p["connected"] for p in view["players"]}

    assert connected() == {"ann": False, "ben": False}
    version = client.get(f"{V1}/rooms/{code}", headers=bearer(ben)).get_json()["version"]
    stream = client.get(f"{V1}/rooms/{code}/events?token={ben}", buffered=False)
    chunks = iter(stream.response)
    first = json.loads(next(c for c in chunks if c.startswith(b"data: "))[6:])
    assert first["version"] == version  # opening it changed no state
    assert abs(first["now"] - time.time() * 1000) < 60_000  # the server's clock, for a countdown
    assert connected() == {"ann": False, "ben": True}
    stream.close()
    assert connected() == {"ann": False, "ben": False}


# --- the server's own moves: due times and leases in the store ------------------------

def test_due_rooms_are_leased_to_one_process_at_a_time(db):
    store = open_store(db)
    now = time.time()
    room = {"code": "BCDFG", "version": 1, "phase": "playing"}
    assert store.create(room, now)
    assert store.due(now) == []
    assert store.save({**room, "version": 2}, 1, now, due=now + 1)
    assert store.due(now) == [] and store.due(now + 1) == ["BCDFG"]
    assert store.lease("BCDFG", "one", now + 1, 2.0)
    assert not store.lease("BCDFG", "two", now + 1.5, 2.0)  # held: one process acts
    assert store.lease("BCDFG", "two", now + 3.5, 2.0)  # its holder is gone: taken over
    assert store.save({**room, "version": 3}, 2, now + 4, due=None)
    assert store.due(now + 10) == []


# --- guessing and making rooms ------------------------------------------------------------

def test_over_the_guessing_limit_every_lookup_is_429_hits_included(db):
    client = app_client(db)
    made = create(client)
    code, token = made["code"], made["token"]
    for attempt in range(MAX_MISSES):
        answer = client.get(f"{V1}/rooms/BCDF{'BCDFG'[attempt % 5]}", headers=bearer("x"))
        assert answer.status_code == 404, attempt
        assert "expire" not in answer.get_json()["error"]["message"]  # gone is not found
    for answer in (client.get(f"{V1}/rooms/{code}", headers=bearer(token)),
                   client.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}),
                   client.get(f"{V1}/rooms/{code}/events?token={token}"),
                   client.get(f"{V1}/rooms/{code}/log", headers=bearer("wrong"))):
        assert answer.status_code == 429, answer.get_json()
        assert answer.get_json()["error"]["code"] == "too_many_guesses"
        assert answer.headers["Retry-After"] == "60"


def test_making_rooms_is_limited_per_address(db):
    client = app_client(db, ROOMS_PER_MINUTE=3, ROOMS_PER_ADDRESS=100)
    for _ in range(3):
        create(client)
    answer = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann"})
    assert answer.status_code == 429 and answer.get_json()["error"]["code"] == "too_many_rooms"
    assert answer.headers["Retry-After"] == "60"
    other = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann"},
                        environ_base={"REMOTE_ADDR": "10.0.0.7"})
    assert other.status_code == 201  # another address is not held back
    kept = app_client(db, ROOMS_PER_MINUTE=100, ROOMS_PER_ADDRESS=2)
    for _ in range(2):
        assert kept.post(f"{V1}/rooms", json={"game": "dice", "name": "x"},
                         environ_base={"REMOTE_ADDR": "10.0.0.8"}).status_code == 201
    full = kept.post(f"{V1}/rooms", json={"game": "dice", "name": "x"},
                     environ_base={"REMOTE_ADDR": "10.0.0.8"})
    assert full.status_code == 429 and "keeps 2 rooms" in full.get_json()["error"]["message"]


# --- the store going away -------------------------------------------------------------

def test_sqlite_is_private_and_a_lock_is_503_soon_without_holding_reads(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    client = app_client(str(path))
    made = create(client)
    code, token = made["code"], made["token"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds every hand dealt
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        asked = time.monotonic()
        answer = client.post(f"{V1}/rooms/{code}/join", json={"name": "ben"})
        waited = time.monotonic() - asked
        assert answer.status_code == 503, answer.get_json()
        assert answer.get_json()["error"]["code"] == "store_unavailable"
        assert int(answer.headers["Retry-After"]) >= 1
        assert waited < 5  # it was 10 s (generous: the limit is 1.5 s)
        view = client.get(f"{V1}/rooms/{code}", headers=bearer(token))
        assert view.status_code == 200  # reads do not wait behind the lock
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert client.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}).status_code == 201


def test_redis_down_is_503_and_healthz_says_so(tmp_path):
    with redis_server(tmp_path) as (url, server):
        client = app_client(url)
        made = create(client)
        assert client.get("/healthz").status_code == 200
        server.kill()
        server.wait(10)
        for answer in (client.get(f"{V1}/rooms/{made['code']}", headers=bearer(made["token"])),
                       client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann"}),
                       client.post(f"{V1}/rooms/{made['code']}/join", json={"name": "b"})):
            assert answer.status_code == 503, answer.get_json()
            assert answer.get_json()["error"]["code"] == "store_unavailable"
            assert "Retry-After" in answer.headers
        health = client.get("/healthz")
        assert health.status_code == 503 and health.get_json()["status"] == "store_unavailable"


@pytest.mark.parametrize("settings, says", [
    (("--appendonly", "no", "--save", ""), "loses every room"),
    (("--appendonly", "no", "--save", "3600 1"), "since the last snapshot"),
    (("--appendonly", "yes"), None),
])
def test_redis_durability_is_checked_at_start(tmp_path, capsys, settings, says):
    from api.serve import app_config
    with redis_server(tmp_path, *settings) as (url, _):
        app_config(rooms_db=url)
    err = capsys.readouterr().err
    if says is None:
        assert err == ""
    else:
        assert says in err and len(err.strip().splitlines()) == 1


# --- a real server: a table's burst, and a worker killed mid-game -----------------------

@pytest.fixture(scope="module")
def live(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("rooms") / "rooms.sqlite3")
    # every phone of the test shares one address: the per-address cap is lifted
    with LiveServer("--rooms-db", db, "--rooms-per-minute", "100", "--max-per-address", "0",
                    "--access-log") as server:
        server.db = db
        yield server


def first_view(response, until=lambda view: True, seconds=30.0):
    """The first view the stream sends that ``until`` accepts."""
    deadline = time.monotonic() + seconds
    for line in response.iter_lines():
        if line.startswith(b"data: "):
            view = json.loads(line[6:])
            if until(view):
                return view
        if time.monotonic() > deadline:
            break
    raise AssertionError("the stream ended before the view came")


def test_a_whole_table_connecting_at_once(live):
    """5 rooms of 12 phones: 55 joins at once, then 60 streams opened at once, then moves
    while the host changes a setting: every legal request succeeds."""
    rooms = []
    for _ in range(5):
        made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "p0",
                                              "rules": {"dice_each": 1}}).json()
        rooms.append((made["code"], {"p0": made["token"]}))
    start = threading.Barrier(55)

    def join(code, name):
        start.wait()
        return code, name, requests.post(f"{live.url}{V1}/rooms/{code}/join",
                                         json={"name": name}, timeout=60)

    with ThreadPoolExecutor(55) as pool:
        joins = list(pool.map(lambda job: join(*job), [(code, f"p{i}") for code, _ in rooms
                                                        for i in range(1, 12)]))
    for code, name, answer in joins:
        assert answer.status_code == 201, answer.text
        dict(rooms)[code][name] = answer.json()["token"]
    opened = threading.Barrier(60)

    def follow(code, name, token):
        opened.wait()
        response = requests.get(f"{live.url}{V1}/rooms/{code}/events",
                                params={"token": token}, stream=True, timeout=60)
        return code, name, response

    with ThreadPoolExecutor(60) as pool:
        streams = list(pool.map(lambda job: follow(*job), [
            (code, name, token) for code, tokens in rooms for name, token in tokens.items()]))
    try:
        for code, name, response in streams:
            assert response.status_code == 200, response.text
            view = first_view(response, lambda v: all(p["connected"] for p in v["players"]))
            assert view["you"]["name"] == name and len(view["players"]) == 12
        code, tokens = rooms[0]
        view = live.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["p0"])).json()
        toggling = threading.Event()

        def toggle():
            allowed = True
            while not toggling.is_set():
                answer = live.post(f"{V1}/rooms/{code}/advisor", json={"allowed": allowed},
                                   headers=bearer(tokens["p0"]))
                assert answer.status_code == 200, answer.text
                allowed = not allowed

        with ThreadPoolExecutor(1) as pool:
            host = pool.submit(toggle)
            try:
                for quantity in range(1, 12):  # each in turn, while the host keeps changing
                    answer = requests.post(f"{live.url}{V1}/rooms/{code}/moves",
                                           json={"type": "bid", "quantity": quantity,
                                                 "face": 6},
                                           headers=bearer(tokens[view["to_move"]]), timeout=60)
                    assert answer.status_code == 200, answer.text
                    view = answer.json()
            finally:
                toggling.set()
            host.result()
    finally:
        for _, _, response in streams:
            response.close()
    assert "Traceback" not in live.output()


def test_computer_players_move_with_no_phone_even_after_a_worker_is_killed(live):
    made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "ann"}).json()
    code, ann = made["code"], made["token"]
    live.post(f"{V1}/rooms/{code}/bots", json={"name": "robo", "delay": 2},
              headers=bearer(ann))
    view = live.post(f"{V1}/rooms/{code}/start", headers=bearer(ann)).json()
    if view["to_move"] == "robo":  # its first move: no phone has a stream open
        view = wait_for_turn(live, code, ann)
    moved = live.post(f"{V1}/rooms/{code}/moves", json={"type": "bid", "quantity": 1,
                                                         "face": 2}, headers=bearer(ann))
    assert moved.status_code == 200 and moved.json()["to_move"] == "robo"
    workers = subprocess.run(["pgrep", "-P", str(live.process.pid)], capture_output=True,
                             text=True, check=False).stdout.split()
    for pid in workers:  # every worker, whichever holds the room's lease, dies at once
        os.kill(int(pid), signal.SIGKILL)
    view = wait_for_turn(live, code, ann)
    assert view["version"] > moved.json()["version"]  # robo moved: bid or called


def wait_for_turn(live, code, token, seconds=60.0):
    """The view once it is ``token``'s player's turn again, or the game is over (polled:
    no stream is opened, so that none can set a computer player going)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            view = live.get(f"{V1}/rooms/{code}", headers=bearer(token), timeout=5).json()
        except (requests.RequestException, ValueError):  # the workers being replaced
            view = None
        if view and (view["to_move"] == view["you"]["name"] or view["phase"] == "over"
                     or view["phase"] == "reveal"):
            return view
        time.sleep(0.1)
    raise AssertionError("the computer player never moved")


def test_no_token_reaches_the_log_whatever_fails(live):
    """Failures on requests that carry tokens: a room whose stored state is corrupt under
    its open event streams (gunicorn logs the failed request's URI with a traceback), bad
    and guessed tokens, a request line too long, a stream dropped mid-way.  The server's
    whole output names none of the tokens."""
    made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "ann"}).json()
    code, tokens = made["code"], [made["token"]]
    tokens.append(live.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}).json()["token"])
    streams = [requests.get(f"{live.url}{V1}/rooms/{code}/events", params={"token": token},
                            stream=True, timeout=30) for token in tokens]
    for response in streams:
        assert first_view(response)["code"] == code
    dropped = requests.get(f"{live.url}{V1}/rooms/{code}/events", params={"token": tokens[0]},
                           stream=True, timeout=30)
    dropped.raw._fp.fp.raw._sock.close()  # a phone gone mid-stream, without a word
    for token in tokens:
        requests.get(f"{live.url}{V1}/rooms/{code}/events?token={token}x", timeout=30)
        requests.get(f"{live.url}{V1}/rooms/{code}/log?token={token}&" + "x" * 9000,
                     timeout=30)  # a request line past gunicorn's limit
    with sqlite3.connect(live.db) as db:  # the store corrupted under the open streams
        db.execute("UPDATE rooms SET data = '{', version = version + 1 WHERE code = ?",
                   (code,))
    for response in streams:
        try:
            for _ in response.iter_lines():
                pass
        except requests.RequestException:
            pass  # the stream failed: what the server logged of it is what is checked
        response.close()
    stuck = requests.get(f"{live.url}{V1}/rooms/{code}", timeout=30, headers=bearer(tokens[0]))
    assert stuck.status_code == 409 and stuck.json()["error"]["code"] == "room_stuck"
    log = wait_for_log(live, "JSONDecodeError")
    assert "JSONDecodeError" in log  # the failures were logged, by the room's code
    for token in tokens:
        assert token not in log and token[:16] not in log


def test_a_request_line_gunicorn_cannot_read_is_logged_without_its_token(live):
    """gunicorn refuses a request line holding a NUL (or another control character) before
    the app sees it, and its warning quotes the line whole: ``Invalid request from
    ip=...: Invalid HTTP request line: 'GET /...?token=...\\x00 HTTP/1.1'``.  The refusal
    is logged, by its path, and the token is not."""
    made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "ann"}).json()
    code, token = made["code"], made["token"]
    events = f"{V1}/rooms/{code}/events"
    for line in (f"GET {events}?token={token}\x00 HTTP/1.1",
                 f"GET {events}?seat=1\x01&token={token} HTTP/1.1"):
        with socket.create_connection((HOST, live.port)) as sock:
            sock.settimeout(30)
            sock.sendall(f"{line}\r\nHost: localhost\r\n\r\n".encode("latin-1"))
            answer = sock.recv(4096)
        # the answer quotes the line back, to its sender only (who holds the token)
        assert answer.startswith(b"HTTP/1.1 400")
    deadline = time.monotonic() + 30
    while True:  # both refusals are logged (as the log is written), with the path
        log = live.output()
        refusals = [row for row in log.splitlines()
                    if "Invalid HTTP request line" in row and f"{events}?" in row]
        if len(refusals) == 2 or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert len(refusals) == 2, log[-2000:]
    assert token not in log and token[:16] not in log


def wait_for_log(live, text: str, seconds: float = 30.0) -> str:
    """The server's output once it holds ``text`` (as the log is written), or as it is
    after ``seconds``, for the assertion to show."""
    deadline = time.monotonic() + seconds
    while text not in (log := live.output()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return log
