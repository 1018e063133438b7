"""Spectators scale (api/rooms/views.py, solver/rooms/spectators.py), on both stores: a
table takes 500 of them and one address 20 of those places, their names never keep a
player out, the host sends one away, and every spectator stream of a room sends the one
view built for the room's version."""

from __future__ import annotations

import json
import queue
import threading

import pytest
from rooms_http import V1, bearer

from api import create_app
from api.rooms.views import SharedViews
from solver.errors import RoomConflict
from solver.rooms.room import Room
from solver.rooms.spectators import MAX_SPECTATORS, SPECTATORS_PER_ADDRESS


@pytest.fixture
def client(db):
    return create_app({"ROOMS_DB": db, "TESTING": True, "ROOM_REVEAL_SECONDS": 0}).test_client()


def make_room(client, **extra) -> tuple[str, str]:
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                            "rules": {"dice_each": 1}, **extra}).get_json()
    return made["code"], made["token"]


def watch(client, code, name, address="10.0.0.1"):
    return client.post(f"{V1}/rooms/{code}/watch", json={"name": name},
                       environ_base={"REMOTE_ADDR": address})


def join(client, code, name):
    return client.post(f"{V1}/rooms/{code}/join", json={"name": name})


def test_a_table_takes_500_spectators_and_one_address_20_of_them(client):
    code, _ = make_room(client)
    assert MAX_SPECTATORS >= 500
    for n in range(SPECTATORS_PER_ADDRESS):
        assert watch(client, code, f"s{n}").status_code == 201
    refused = watch(client, code, "one more")
    error = refused.get_json()["error"]
    assert refused.status_code == 409 and error["field"] == "name"
    assert f"under {SPECTATORS_PER_ADDRESS} names" in error["message"]
    for n in range(SPECTATORS_PER_ADDRESS, MAX_SPECTATORS):  # from other addresses
        answer = watch(client, code, f"s{n}", address=f"10.0.{1 + n // 20}.{n % 20}")
        assert answer.status_code == 201, (n, answer.get_json())
    full = watch(client, code, "late", address="10.9.9.9")
    assert full.status_code == 409 and f"{MAX_SPECTATORS} spectators" in \
        full.get_json()["error"]["message"]
    assert join(client, code, "ben").status_code == 201  # a player still sits down


def test_a_spectators_name_never_keeps_a_player_out(client):
    code, _ = make_room(client)
    alice = watch(client, code, "Alice").get_json()
    ben = watch(client, code, "ben").get_json()
    assert watch(client, code, "ann").status_code == 409  # no spectator takes a player's
    assert watch(client, code, "ALICE").status_code == 409  # nor another spectator's
    joined = join(client, code, "alice")  # a player takes it: the spectator gives it up
    assert joined.status_code == 201
    view = joined.get_json()["room"]
    assert [p["name"] for p in view["players"]] == ["ann", "alice"]
    assert "Alice (watching)" in view["spectators"] and "Alice" not in view["spectators"]
    seen_by_her = client.get(f"{V1}/rooms/{code}", headers=bearer(alice["token"])).get_json()
    assert seen_by_her["you"] == {"name": "Alice (watching)", "host": False, "seat": False,
                                  "hand": None}
    assert join(client, code, "ann").status_code == 409  # a player's stays theirs
    again = join(client, code, "BEN").get_json()["room"]  # one more taken over
    assert sorted(again["spectators"]) == ["Alice (watching)", "ben (watching)"]
    seen_by_ben = client.get(f"{V1}/rooms/{code}", headers=bearer(ben["token"])).get_json()
    assert seen_by_ben["you"]["name"] == "ben (watching)"


def test_a_player_unseated_keeps_their_name_as_a_spectator():
    room, ann = Room.create("BCDFG", {"game": "dice", "name": "ann"})
    room.join("cy")
    room.move(room.seat(ann), {"type": "unseat", "player": "cy"})
    assert [s["name"] for s in room.spectators] == ["cy"]
    with pytest.raises(RoomConflict, match="already at this table"):
        room.join("cy")  # cy played here (the score keeps them): the name stays theirs


def test_the_host_sends_a_spectator_away(client):
    code, ann = make_room(client)
    sam = watch(client, code, "sam").get_json()["token"]
    ben = join(client, code, "ben").get_json()["token"]
    stream = client.get(f"{V1}/rooms/{code}/events?token={sam}", buffered=False)
    chunks = iter(stream.response)
    assert next_view(chunks)["you"]["name"] == "sam"

    def dismiss(token, name):
        return client.post(f"{V1}/rooms/{code}/moves", json={"type": "dismiss",
                                                              "spectator": name},
                           headers=bearer(token))

    assert dismiss(ben, "sam").status_code == 403  # the host's
    unknown = dismiss(ann, "nobody")
    assert unknown.status_code == 400 and unknown.get_json()["error"]["field"] == "spectator"
    answer = dismiss(ann, "sam")
    assert answer.status_code == 200 and answer.get_json()["spectators"] == []
    rest = [c.decode() if isinstance(c, bytes) else c for c in chunks]  # and then it ends
    assert not any(text.startswith("data: ") for text in rest), rest
    stream.close()
    assert client.get(f"{V1}/rooms/{code}", headers=bearer(sam)).status_code == 401
    display = client.post(f"{V1}/rooms", json={"game": "dice", "name": "tv", "seat": False})
    made = display.get_json()
    kept = client.post(f"{V1}/rooms/{made['code']}/moves", json={"type": "dismiss",
                                                                  "spectator": "tv"},
                       headers=bearer(made["token"]))
    assert kept.status_code == 409 and kept.get_json()["error"]["field"] == "spectator"


def next_view(chunks) -> dict:
    for chunk in chunks:
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        if text.startswith("data: "):
            return json.loads(text[len("data: "):])
    raise AssertionError("the stream ended")


class Reader:
    """One stream read in a thread of its own (a flask request context is a thread's):
    each view it carries, in order, in a queue."""

    def __init__(self, client, code, token):
        self.views = queue.Queue()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True,
                                       args=(client, f"{V1}/rooms/{code}/events?token={token}"))
        self.thread.start()

    def _read(self, client, path):
        self.stream = client.get(path, buffered=False)
        for chunk in self.stream.response:
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.startswith("data: "):
                self.views.put(json.loads(text[len("data: "):]))
            if self.stop.is_set():  # (at the next chunk: a ping within 5 s)
                break
        self.stream.close()  # here: a generator is closed by the thread that runs it
        self.views.put(None)

    def next(self) -> dict:
        return self.views.get(timeout=30)

    def close(self):
        self.stop.set()
        self.thread.join(30)


def test_every_spectator_stream_sends_the_view_built_once_a_version(client, monkeypatch):
    """Five spectators' streams and a player's: after a move, one table view is built for
    the version (the player's own is built for them), and each spectator's is exactly the
    view the room would build for them."""
    code, ann = make_room(client)
    ben = join(client, code, "ben").get_json()["token"]
    spectators = {f"s{n}": watch(client, code, f"s{n}").get_json()["token"] for n in range(5)}
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann))
    readers = {name: Reader(client, code, token)
               for name, token in {**spectators, "ben": ben}.items()}
    first = {}
    for name, reader in readers.items():  # each stream's view once ben shows connected
        view = reader.next()
        while not next(p for p in view["players"] if p["name"] == "ben")["connected"]:
            view = reader.next()
        first[name] = view
    builds = []
    table_view = Room.table_view
    monkeypatch.setattr(Room, "table_view", lambda self, *a, **k: builds.append(self.version)
                        or table_view(self, *a, **k))
    mover = first["ben"]["to_move"]
    moved = client.post(f"{V1}/rooms/{code}/moves", json={"type": "bid", "quantity": 1,
                                                          "face": 2},
                        headers=bearer(ann if mover == "ann" else ben))
    assert moved.status_code == 200
    version = moved.get_json()["version"]
    after = {}
    for name, reader in readers.items():
        view = reader.next()
        while view["version"] < version:  # (a view of who connected, sent meanwhile)
            view = reader.next()
        after[name] = view
    assert builds == [version]  # once for all five spectators
    for name, token in spectators.items():
        view = after[name]
        own = client.get(f"{V1}/rooms/{code}", headers=bearer(token)).get_json()
        assert view["version"] == version and view["you"]["name"] == name
        assert {**view, "now": None} == {**own, "now": None}
    assert after["ben"]["you"]["hand"] is not None
    assert all(view["you"]["hand"] is None for name, view in after.items() if name != "ben")
    for reader in readers.values():
        reader.stop.set()
    for reader in readers.values():
        reader.close()


def test_a_shared_view_is_the_rooms_own_for_any_spectator():
    room, ann = Room.create("BCDFG", {"game": "dice", "name": "ann", "seat": True})
    room.join("ben")
    room.watch("sam")
    room.start("ann")
    shared, data = SharedViews(), room.to_dict()
    for record in (room.spectators[0], room.seats[1]):
        who = shared.who(data, record["token"])
        sent = json.loads(shared.message(data, frozenset({"ben"}), *who, 1.5))
        assert sent == room.view(record["name"], present=frozenset({"ben"}), now=1.5)
    assert shared.who(data, room.spectators[0]["token"])[:2] == ("sam", False)
    assert shared.who(data, "no such digest") is None
    assert shared.players(data) == {"ann", "ben"}


def test_a_stream_never_goes_back_to_a_version_before_it(tmp_path):
    """Two workers on one SQLite file: the one serving the stream has heard of an older
    version of the room (its own save) than the one its new spectator's stream first
    sends (the other worker's).  The stream goes on from the newer one: it neither sends
    the older view nor takes its spectator for one sent away."""
    db = str(tmp_path / "rooms.sqlite3")
    first = create_app({"ROOMS_DB": db, "TESTING": True}).test_client()
    second_app = create_app({"ROOMS_DB": db, "TESTING": True})
    second = second_app.test_client()
    with second_app.app_context():
        from api.rooms import store
        changes = store()._changes
    changes._every = 3600  # this worker hears only of its own saves
    code, ann = make_room(first)
    # (another of the room's streams in this worker, waiting all along: the room's newest
    # state it heard of is kept for its streams)
    threading.Thread(target=changes.wait, args=(code, (10**9, 10**9), 10), daemon=True).start()
    host = Reader(second, code, ann)  # a stream waits in the second worker ...
    made = host.next()["version"]
    join(second, code, "ben")  # ... which saves the next version, kept for its streams
    assert host.next()["version"] == made + 1
    sam = watch(first, code, "sam").get_json()["token"]  # the one after, in the first
    reader = Reader(second, code, sam)
    assert reader.next()["you"]["name"] == "sam"
    later = watch(second, code, "tom").get_json()["room"]["version"]  # the second saves
    view = reader.next()
    assert view is not None and view["version"] == later and view["you"]["name"] == "sam"
    host.close()
    reader.close()
