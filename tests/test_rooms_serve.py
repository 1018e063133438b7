"""Rooms under plain `liars serve` (two workers, the default): a real server, real streams.

Several workers see one room and each phone's stream gets every change, whichever
worker made it; a restart loses no room; the access log never carries a token; one
address cannot hold every connection.
"""

from __future__ import annotations

import json
import socket

import pytest
import requests
from api_server import HOST, LiveServer

V1 = "/api/v1"


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def next_view(lines):
    for line in lines:
        if line.startswith(b"data: "):
            return json.loads(line[len(b"data: "):])
    raise AssertionError("the stream ended")


def wait_for_log(live, text: str, seconds: float = 30.0) -> str:
    """The server's log once it holds ``text`` (a worker writes its access log as it goes);
    the log as it is after ``seconds`` otherwise, for the assertion to show."""
    import time
    deadline = time.monotonic() + seconds
    while text not in (log := live.output()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return log


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return str(tmp_path_factory.mktemp("rooms") / "rooms.sqlite3")


def test_every_phone_hears_every_change_whichever_worker_makes_it(db):
    with LiveServer("--rooms-db", db, "--access-log") as live:
        made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "ann"}).json()
        code, ann = made["code"], made["token"]
        ben = live.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}).json()["token"]
        streams = {}
        for name, token in (("ann", ann), ("ben", ben)):
            for copy in range(3):  # several streams each: they land on both workers
                response = requests.get(f"{live.url}{V1}/rooms/{code}/events",
                                        params={"token": token}, stream=True, timeout=30)
                assert response.status_code == 200
                streams[name, copy] = response.iter_lines()
        for lines in streams.values():
            assert next_view(lines)["phase"] == "lobby"
        for request in range(6):  # moves made on whichever worker takes each connection
            if request == 0:
                answer = requests.post(f"{live.url}{V1}/rooms/{code}/start",
                                       headers=bearer(ann), timeout=30)
            else:
                view = answer.json()
                mover = view["to_move"]
                bids = view["declarations"]
                body = {"type": "bid", "quantity": len(bids) + 1, "face": 6}
                answer = requests.post(f"{live.url}{V1}/rooms/{code}/moves", json=body,
                                       headers=bearer(ann if mover == "ann" else ben),
                                       timeout=30)
            assert answer.status_code == 200, answer.text
            version = answer.json()["version"]
            for (name, _), lines in streams.items():
                view = next_view(lines)
                while view["version"] < version:
                    view = next_view(lines)
                assert view["version"] == version and view["you"]["name"] == name
                assert view["you"]["hand"] is not None and len(view["you"]["hand"]) == 5
        refused = requests.get(f"{live.url}{V1}/rooms/{code}/events",
                               params={"token": "a-made-up-token"}, timeout=30)
        assert refused.status_code == 401  # an answered stream request: logged
        log = wait_for_log(live, f"{code}/events HTTP")
    assert f"{code}/events HTTP" in log  # logged, without its query ...
    assert "a-made-up-token" not in log and ann not in log and ben not in log  # ... or token


def test_a_restart_loses_no_room(db):
    with LiveServer("--rooms-db", db) as live:
        made = live.post(f"{V1}/rooms", json={"game": "letters", "name": "ann"}).json()
    with LiveServer("--rooms-db", db) as live:
        view = live.get(f"{V1}/rooms/{made['code']}", headers=bearer(made["token"]))
        assert view.status_code == 200 and view.json()["you"]["name"] == "ann"


def _held(port: int) -> socket.socket:
    """A connection from 127.0.0.1 that holds its slot: a head, then a body that never
    comes (held until --body-timeout)."""
    sock = socket.create_connection((HOST, port), source_address=("127.0.0.1", 0))
    sock.sendall(b"POST /api/v1/judge HTTP/1.1\r\nHost: localhost\r\n"
                 b"Content-Type: application/json\r\nContent-Length: 10\r\n\r\n")
    return sock


def _asks(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection((HOST, port), source_address=(source, 0))
    sock.settimeout(30)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
    return sock


def test_one_address_cannot_hold_every_connection(db):
    """Past --max-per-address connections from one address, the next waits unread for one
    of them to close (then it is served), at most --header-timeout; then 429 and closed.
    Another address is answered meanwhile."""
    with LiveServer("--rooms-db", db, "--workers", "1", "--max-per-address", "2",
                    "--header-timeout", "3", "--body-timeout", "60") as live:
        first, second = _held(live.port), _held(live.port)
        waits, refused = _asks(live.port), _asks(live.port)
        other = _asks(live.port, "127.0.0.2")
        assert other.recv(4096).startswith(b"HTTP/1.1 200")  # another address is answered
        first.close()  # a slot frees: the connection that waited longest is served
        assert waits.recv(4096).startswith(b"HTTP/1.1 200")
        answer = refused.recv(4096)  # still no slot when its time is up
        assert answer.startswith(b"HTTP/1.1 429") and b"too_many_connections" in answer
        for sock in (second, waits, refused, other):
            sock.close()


def test_a_bad_rooms_db_is_one_line(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    from cli_run import run
    out = run("liars", "serve", "--rooms-db", str(blocked / "rooms.sqlite3"))
    assert out.returncode == 2 and "cannot open the rooms' store" in out.stderr
    assert len(out.stderr.splitlines()) == 1
