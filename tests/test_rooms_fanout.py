"""One writer a room for its spectators' streams (api/rooms/fanout.py): on a live ``liars
serve`` each spectator hears each change of the table in order, as themselves; one sent away
hears no more, a table that turns stuck says so; and, the writer alone, a phone that stops
reading is cut off without holding the others up, and a room that is gone ends its
spectators' streams."""

from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
import time

from api_server import HOST, LiveServer
from rooms_http import V1, bearer, play_dice_out

from api.rooms import fanout
from api.rooms.store import open_store
from api.rooms.views import SharedViews
from solver.rooms.room import Room

WAIT = 30.0  # seconds a test waits for what it asserts, at most (it goes on once it holds)


class Follower:
    """A stream read over its own connection, in a thread: each event, in order."""

    def __init__(self, port: int, code: str, token: str):
        self.events: queue.Queue = queue.Queue()
        self.views: list[dict] = []
        self.ended = threading.Event()
        self.connection = http.client.HTTPConnection(HOST, port, timeout=WAIT)
        self.connection.request("GET", f"{V1}/rooms/{code}/events?token={token}")
        self.answer = self.connection.getresponse()
        assert self.answer.status == 200
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        event = "message"
        try:
            while True:
                line = self.answer.readline()
                if not line:
                    return
                text = line.decode().rstrip("\n")
                if text.startswith("event: "):
                    event = text[len("event: "):]
                elif text.startswith("data: "):
                    data = json.loads(text[len("data: "):])
                    if event == "message":
                        self.views.append(data)
                    self.events.put((event, data))
                elif not text:
                    event = "message"
        except (OSError, AttributeError, ValueError):  # (closed by the test: no more to read)
            pass
        finally:
            self.ended.set()

    def until(self, done) -> None:
        deadline = time.monotonic() + WAIT
        while not done() and time.monotonic() < deadline:
            time.sleep(0.01)

    def close(self):
        """Hang up: the socket shut first, so that the reading thread's wait for the next
        line ends now (closing the connection alone waits for it)."""
        if self.connection.sock is not None:
            try:
                self.connection.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.ended.wait(WAIT)
        self.connection.close()


def test_spectators_hear_each_change_in_order_as_themselves_and_one_sent_away_no_more(db):
    with LiveServer("--rooms-db", db, "--workers", "2") as live:
        made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                             "rules": {"dice_each": 2}}).json()
        code, tokens = made["code"], {"ann": made["token"]}
        tokens["ben"] = live.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}).json()["token"]
        names = [f"w{n}" for n in range(8)]
        for name in names:
            tokens[name] = live.post(f"{V1}/rooms/{code}/watch",
                                     json={"name": name}).json()["token"]
        watching = {name: Follower(live.port, code, tokens[name]) for name in names}
        for follower in watching.values():
            follower.until(lambda f=follower: f.views)
        # the host sends one away: their stream ends; the others hear that version
        sent_away = live.post(f"{V1}/rooms/{code}/moves", headers=bearer(tokens["ann"]),
                              json={"type": "dismiss", "spectator": "w0"})
        assert sent_away.status_code == 200, sent_away.text
        assert watching["w0"].ended.wait(WAIT)
        final = play_dice_out(live, code, tokens, "ann")
        assert final["phase"] == "over"
        for name in names[1:]:
            follower = watching[name]
            follower.until(lambda f=follower: f.views[-1]["version"] >= final["version"])
            versions = [view["version"] for view in follower.views]
            assert versions == sorted(set(versions)), versions  # in order, each once
            assert versions[-1] == final["version"]
            assert all(view["you"] == {"name": name, "host": False, "seat": False,
                                       "hand": None} for view in follower.views)
            assert not any(token in json.dumps(follower.views) for token in tokens.values())
            last = dict(follower.views[-1], you=None, now=None)
            assert last == dict(watching["w1"].views[-1], you=None, now=None)
        assert not any(view["version"] > sent_away.json()["version"]
                       for view in watching["w0"].views)
        for follower in watching.values():
            follower.close()


def test_a_spectator_is_told_that_its_table_turned_stuck(db):
    with LiveServer("--rooms-db", db, "--workers", "1") as live:
        made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "ann"}).json()
        code = made["code"]
        live.post(f"{V1}/rooms/{code}/join", json={"name": "ben"})
        sam = live.post(f"{V1}/rooms/{code}/watch", json={"name": "sam"}).json()["token"]
        follower = Follower(live.port, code, sam)
        follower.until(lambda: follower.views)
        store = open_store(db)
        data = store.load(code)
        data["state"] = {"players": 7}  # a game no server wrote
        data["version"] += 1
        assert store.save(data, data["version"] - 1, time.time())
        assert follower.ended.wait(WAIT)
        stuck = [data for event, data in list(follower.events.queue) if event == "stuck"]
        assert len(stuck) == 1 and stuck[0]["error"]["code"] == "room_stuck"
        assert code in stuck[0]["error"]["message"]
        follower.close()


# --- the writer alone: sockets of the test's own --------------------------------------------

class Gone:
    """A store whose room can be made to vanish (as an expired one does)."""

    def __init__(self, store):
        self.store, self.gone = store, False

    def load(self, code, now=None):
        return None if self.gone else self.store.load(code, now)

    def __getattr__(self, name):
        return getattr(self.store, name)


def a_room(store, spectators: int) -> dict:
    room, _ = Room.create("FANS", {"game": "dice", "name": "ann"})
    room.join("ben")
    tokens = [room.watch(f"w{n}", source=f"s{n}") for n in range(spectators)]
    assert store.create(room.to_dict(), time.time())
    return {"data": store.load("FANS"), "tokens": tokens}


def changed(store, times: int = 1) -> int:
    """The room saved at a new version ``times`` times over: the last version."""
    for _ in range(times):
        data = store.load("FANS")
        data["version"] += 1
        assert store.save(data, data["version"] - 1, time.time())
    return data["version"]


def a_fanout(store, ping: float = 5.0) -> fanout.Fanout:
    return fanout.Fanout(store, SharedViews(), finish=lambda room, view: view,
                         stuck=lambda code, err: None, log_failure=lambda *a: None,
                         ping_seconds=ping)


def a_spectator(token: str, *, small: bool = False):
    """A spectator's socket (the writer's end, non-blocking as gunicorn's) and the phone's."""
    ours, phone = socket.socketpair()
    if small:
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        phone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    ours.setblocking(False)
    from solver.rooms.tokens import digest
    return fanout.Spectator(ours, True, digest(token), None), phone


def versions_read(phone, until: int) -> list[int]:
    """The versions of the views the phone reads (chunked events) until ``until``."""
    phone.settimeout(WAIT)
    text, versions = b"", []
    while not versions or versions[-1] < until:
        chunk = phone.recv(65536)
        if not chunk:
            break
        text += chunk
        while b'"version":' in text:
            head, _, text = text.partition(b'"version":')
            versions.append(int(text.split(b",", 1)[0]))
    return versions


def test_a_phone_that_stops_reading_is_cut_off_and_holds_no_one_up(tmp_path):
    store = open_store(str(tmp_path / "rooms.sqlite3"))
    room = a_room(store, 2)
    writers = a_fanout(store)
    quick, quick_phone = a_spectator(room["tokens"][0])
    slow, slow_phone = a_spectator(room["tokens"][1], small=True)  # never read
    writers.join("FANS", room["data"], quick)
    writers.join("FANS", room["data"], slow)
    last = room["data"]["version"]
    read = []
    while not slow.ended.is_set() and last < room["data"]["version"] + 200:
        last = changed(store)
        read += versions_read(quick_phone, last)
    assert slow.ended.is_set() and writers.watching() == 1  # cut off, and let go
    assert slow_phone.recv(1 << 20) and slow_phone.recv(1 << 20) == b""  # shut
    last = changed(store)
    read += versions_read(quick_phone, last)
    assert read[-1] == last and read == sorted(set(read))
    assert not quick.ended.is_set()
    writers.leave("FANS", quick)


def test_a_room_that_is_gone_ends_its_spectators_streams(tmp_path):
    store = Gone(open_store(str(tmp_path / "rooms.sqlite3")))
    room = a_room(store.store, 1)
    writers = a_fanout(store, ping=0.05)
    member, phone = a_spectator(room["tokens"][0])
    writers.join("FANS", room["data"], member)
    assert versions_read(phone, room["data"]["version"])[-1] == room["data"]["version"]
    assert not member.ended.wait(0.2)  # (pinged, and kept)
    store.gone = True
    assert member.ended.wait(WAIT) and writers.watching() == 0


def test_a_stream_is_handed_over_only_where_its_server_lets_it_be():
    ours, theirs = socket.socketpair()
    try:
        assert fanout.handover({}) is None  # no socket: flask's test client, werkzeug
        assert fanout.handover({"gunicorn.socket": ours, "SERVER_PROTOCOL": "HTTP/1.1"}) \
            is None  # a socket that blocks
        ours.setblocking(False)
        assert fanout.handover({"gunicorn.socket": ours, "SERVER_PROTOCOL": "HTTP/1.1"}) \
            == (ours, True)
        assert fanout.handover({"gunicorn.socket": ours, "SERVER_PROTOCOL": "HTTP/1.0"}) \
            == (ours, False)
        assert fanout.handover({"gunicorn.socket": ours, "SERVER_PROTOCOL": "HTTP/2"}) is None
    finally:
        ours.close()
        theirs.close()
