"""Rooms over HTTP (api/rooms): the rooms' contract, against both stores.

Every test here runs once on SQLite (the default store) and once on a real Redis
(Debian's redis-server, started by the ``redis_url`` fixture): the same contract.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from rooms_http import bearer, wait_for

from api import create_app
from api.rooms.store import open_store

V1 = "/api/v1"


@pytest.fixture
def client(db):
    return create_app({"ROOMS_DB": db, "TESTING": True, "ROOM_REVEAL_SECONDS": 0}).test_client()


def create(client, game="dice", name="ann", **extra):
    answer = client.post(f"{V1}/rooms", json={"game": game, "name": name, **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def table(client, game="dice", names=("ann", "ben", "cy"), **extra):
    made = create(client, game, names[0], **extra)
    tokens = {names[0]: made["token"]}
    for name in names[1:]:
        joined = client.post(f"{V1}/rooms/{made['code']}/join", json={"name": name})
        assert joined.status_code == 201
        tokens[name] = joined.get_json()["token"]
    return made["code"], tokens


def move(client, code, token, **body):
    return client.post(f"{V1}/rooms/{code}/moves", json=body, headers=bearer(token))


def test_create_join_view_and_the_tokens(client):
    made = create(client)
    code, token = made["code"], made["token"]
    assert len(code) == 5 and code.isalpha() and code.isupper()
    assert len(token) >= 32  # token_urlsafe(24): 192 random bits
    assert made["room"]["players"] == [{"name": "ann", "dice": None, "out": False, "out_by": None,
                                        "host": True, "bot": False, "level": None,
                                        "connected": False, "revealed": False}]
    ben = client.post(f"{V1}/rooms/{code.lower()}/join", json={"name": "ben"}).get_json()
    view = client.get(f"{V1}/rooms/{code}", headers=bearer(ben["token"])).get_json()
    assert view["you"] == {"name": "ben", "host": False, "seat": True, "hand": None}
    assert view["version"] == ben["room"]["version"]
    for headers in ({}, bearer("nope"), bearer(token + "x"), {"Authorization": token}):
        answer = client.get(f"{V1}/rooms/{code}", headers=headers)
        assert answer.status_code == 401 and answer.get_json()["error"]["code"] == "unauthorized"


def test_who_may_start_and_when_one_may_join(client):
    code, tokens = table(client, names=("ann", "ben"))
    answer = client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ben"]))
    assert answer.status_code == 403 and answer.get_json()["error"]["code"] == "host_only"
    assert move(client, code, tokens["ann"], type="bid", quantity=1, face=2).status_code == 409
    started = client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    assert started.status_code == 200 and started.get_json()["phase"] == "playing"
    late = client.post(f"{V1}/rooms/{code}/join", json={"name": "cy"})
    assert late.status_code == 409 and late.get_json()["error"]["code"] == "room_conflict"


def test_an_invisible_name_is_400_and_a_look_alike_409(client):
    """U+3164 HANGUL FILLER shows nothing: no one sits as it.  A Cyrillic "аnn" looks like
    ann: ann is already at this table."""
    blank = client.post(f"{V1}/rooms", json={"game": "dice", "name": "\u3164"})
    error = blank.get_json()["error"]
    assert blank.status_code == 400 and error["field"] == "name"
    assert error["message"].startswith("a name needs a character that shows")
    assert "U+3164" in error["message"]
    code, _ = table(client, names=("ann",))
    alike = client.post(f"{V1}/rooms/{code}/join", json={"name": "\u0430nn"})
    error = alike.get_json()["error"]
    assert alike.status_code == 409 and error["code"] == "room_conflict"
    assert error["message"] == "'ann' is already at this table: choose another name"


def test_an_unknown_room_is_404_and_guessing_is_bounded(client):
    for attempt in range(30):
        answer = client.get(f"{V1}/rooms/BCDF{'BCDFG'[attempt % 5]}", headers=bearer("x"))
        assert answer.status_code == 404, attempt
    answer = client.get(f"{V1}/rooms/ZZZZZ", headers=bearer("x"))
    assert answer.status_code == 429 and answer.get_json()["error"]["code"] == "too_many_guesses"
    assert answer.headers["Retry-After"] == "60"


@pytest.mark.parametrize("body, status, code", [
    ({"type": "bid", "quantity": 1}, 400, None),  # face missing: the library's error
    ({"type": "fly"}, 400, "invalid_input"),
    ({"type": "bid", "quantity": 1, "face": 2, "player": "ben"}, 400, "invalid_input"),
    ({"type": "liar"}, 409, "illegal_move"),  # nothing bid yet
])
def test_bad_moves_get_the_usual_error_shape(client, body, status, code):
    room, tokens = table(client, names=("ann", "ben"))
    client.post(f"{V1}/rooms/{room}/start", headers=bearer(tokens["ann"]))
    answer = move(client, room, tokens["ann"], **body)
    error = answer.get_json()["error"]
    assert answer.status_code == status and set(error) == {"code", "message", "field"}
    assert code is None or error["code"] == code
    out_of_turn = move(client, room, tokens["ben"], type="bid", quantity=1, face=2)
    assert out_of_turn.status_code == 409
    assert out_of_turn.get_json()["error"]["message"] == "it is ann's turn, not ben's"


def test_malformed_and_oversized_bodies(client):
    assert client.post(f"{V1}/rooms", data="{", content_type="application/json"
                       ).status_code == 400
    assert client.post(f"{V1}/rooms", data='{"game": "dice"}', content_type="text/plain"
                       ).status_code == 415
    big = client.post(f"{V1}/rooms", json={"game": "dice", "name": "a" * 100_000})
    assert big.status_code == 413
    assert client.post(f"{V1}/rooms", json={"game": "chess", "name": "a"}).status_code == 400
    html = create(client, name="<b>bo</b>")  # names are text: kept as typed, shown as text
    assert html["room"]["you"]["name"] == "<b>bo</b>"


def hands_in(node) -> list:
    if isinstance(node, dict):
        return [v for k, v in node.items() if k == "hand"] + \
            [h for v in node.values() for h in hands_in(v)]
    if isinstance(node, list):
        return [h for v in node for h in hands_in(v)]
    return []


def test_a_whole_server_dealt_dice_game_over_http(client):
    """Three phones to a winner: each view holds its own hand only; the log replays."""
    code, tokens = table(client, rules={"dice_each": 2})
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    rng = random.Random(4)
    for _ in range(200):
        views = {name: client.get(f"{V1}/rooms/{code}", headers=bearer(t)).get_json()
                 for name, t in tokens.items()}
        for name, view in views.items():
            assert hands_in(view) == [view["you"]["hand"]]  # no one else's
        # the log so far: dice only where a "Liar!" call revealed them
        so_far = client.get(f"{V1}/rooms/{code}/log", headers=bearer(tokens["cy"])).get_json()
        assert all(("dice" in event) == (event["type"] == "liar") for event in so_far["events"])
        view = views["ann"]
        if view["phase"] == "over":
            break
        mover = view["to_move"]
        bids = view["declarations"]
        in_play = sum(p["dice"] for p in view["players"] if not p["out"])
        if bids and (rng.random() < 0.4 or bids[-1]["quantity"] >= in_play):
            body = {"type": "liar"}
        else:
            body = {"type": "bid", "quantity": (bids[-1]["quantity"] + 1) if bids else 1,
                    "face": bids[-1]["face"] if bids else rng.randint(1, 6)}
        answer = move(client, code, tokens[mover], **body)
        assert answer.status_code == 200, answer.get_json()
    assert view["phase"] == "over" and view["winner"] in tokens
    log = client.get(f"{V1}/rooms/{code}/log", headers=bearer(tokens["ben"])).get_json()
    replayed = client.post(f"{V1}/dice/replay", json=log).get_json()
    assert replayed["ok"] and replayed["state"]["outcome"]["winner"] == view["winner"]


def test_a_table_dealt_letters_round_over_http(client):
    code, tokens = table(client, game="letters", deal="table", names=("ann", "ben"))
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    assert move(client, code, tokens["ann"], type="declare", words="qi").status_code == 200
    called = move(client, code, tokens["ben"], type="call", call="bullshit").get_json()
    assert called["phase"] == "reveal" and called["waiting_for"] == ["ann", "ben"]
    assert called["call"] == {"by": "ben", "call": "bullshit"}  # what is being ruled
    assert move(client, code, tokens["ann"], type="reveal", tiles="Q").status_code == 200
    assert client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["ben"])
                      ).get_json()["last_ruling"] is None  # ann's Q is not shown yet
    again = move(client, code, tokens["ann"], type="reveal", tiles="Z")  # once only
    assert again.status_code == 409
    assert "ann has already revealed their tiles" in again.get_json()["error"]["message"]
    done = move(client, code, tokens["ben"], type="reveal", tiles="I").get_json()
    assert done["phase"] == "playing" and done["last_ruling"]["revealed"] == {"ann": "Q",
                                                                              "ben": "I"}
    assert done["last_ruling"]["changes"] == {"ben": 1}  # qi exists: the caller gains
    assert done["call"] is None


def test_two_workers_never_apply_two_moves_to_one_version(db):
    first, second = open_store(db), open_store(db)
    app = create_app({"ROOMS_DB": db})
    made = app.test_client().post(f"{V1}/rooms", json={"game": "dice", "name": "ann"}
                                  ).get_json()
    room = first.load(made["code"])
    again = second.load(made["code"])
    version = room["version"]
    room["version"] += 1
    again["version"] += 1
    assert first.save(room, version, time.time()) is True
    assert second.save(again, version, time.time()) is False  # it must load and retry


def test_a_restarted_server_has_every_room(db):
    made = create(create_app({"ROOMS_DB": db}).test_client())
    fresh = create_app({"ROOMS_DB": db}).test_client()
    view = fresh.get(f"{V1}/rooms/{made['code']}", headers=bearer(made["token"]))
    assert view.status_code == 200 and view.get_json()["you"]["name"] == "ann"


def test_the_event_stream_sends_the_view_now_and_on_every_change(client):
    code, tokens = table(client, names=("ann", "ben"))
    stream = client.get(f"{V1}/rooms/{code}/events?token={tokens['ben']}", buffered=False)
    assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
    chunks = iter(stream.response)

    def next_view():
        for chunk in chunks:
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.startswith("data: "):
                return json.loads(text[len("data: "):])
        raise AssertionError("the stream ended")

    first = next_view()
    assert first["phase"] == "lobby" and first["you"]["name"] == "ben"
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    second = next_view()
    assert second["phase"] == "playing" and second["version"] > first["version"]
    assert hands_in(second) == [second["you"]["hand"]]
    stream.close()
    assert client.get(f"{V1}/rooms/{code}/events?token=bad").status_code == 401


def test_a_human_plays_two_computer_players_to_the_end(client):
    made = create(client, rules={"dice_each": 1})
    code, ann = made["code"], made["token"]
    for name in ("robo", "hal"):
        added = client.post(f"{V1}/rooms/{code}/bots", json={"name": name, "delay": 0},
                            headers=bearer(ann))
        assert added.status_code == 201
    players = added.get_json()["players"]
    assert [p["bot"] for p in players] == [False, True, True]
    assert all(p["connected"] for p in players[1:])
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann))
    for _ in range(100):
        view = wait_for(client, code, ann, lambda v: v["phase"] == "over"
                        or v["to_move"] == "ann")
        if view["phase"] == "over":
            break
        bids = view["declarations"]
        body = ({"type": "liar"} if bids else {"type": "bid", "quantity": 1, "face": 6})
        assert move(client, code, ann, **body).status_code == 200
    assert view["phase"] == "over" and view["winner"] in ("ann", "robo", "hal")
    # every seat placed, best first: the winner, then the reverse order of going out
    assert view["places"][0] == {"name": view["winner"], "place": 1}
    assert sorted(p["name"] for p in view["places"]) == ["ann", "hal", "robo"]
    assert [p["place"] for p in view["places"]] == [1, 2, 3]
    log = client.get(f"{V1}/rooms/{code}/log", headers=bearer(ann)).get_json()
    assert {e["player"] for e in log["events"]} >= {"robo", "hal"}
    assert client.post(f"{V1}/dice/replay", json=log).get_json()["ok"]


def test_bots_and_the_advisor_are_the_hosts(client):
    code, tokens = table(client, names=("ann", "ben"))
    answer = client.post(f"{V1}/rooms/{code}/bots", json={"name": "robo"},
                         headers=bearer(tokens["ben"]))
    assert answer.status_code == 403
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    assert client.get(f"{V1}/rooms/{code}/advice", headers=bearer(tokens["ben"])
                      ).status_code == 403
    allowed = client.post(f"{V1}/rooms/{code}/advisor", json={"allowed": True},
                          headers=bearer(tokens["ann"]))
    assert allowed.status_code == 200 and allowed.get_json()["advisor"] is True
    advice = client.get(f"{V1}/rooms/{code}/advice", headers=bearer(tokens["ben"]))
    assert advice.status_code == 200 and advice.get_json()["suggestions"]


def test_finished_and_idle_rooms_expire(db):
    """A room is gone a day after its last change, an hour after its game ended; the
    store forgets it then (a new room's creation sweeps the expired away)."""
    from api.rooms.changes import IDLE_SECONDS, OVER_SECONDS
    store = open_store(db)
    now = time.time()
    for code, phase in (("BCDFG", "playing"), ("BCDFH", "over")):
        assert store.create({"code": code, "version": 1, "phase": phase}, now)
    if db.startswith("redis://"):  # Redis expires each room itself, at its time
        import redis
        server = redis.Redis.from_url(db)
        assert IDLE_SECONDS - 5 <= server.ttl("liars:room:BCDFG") <= IDLE_SECONDS
        assert OVER_SECONDS - 5 <= server.ttl("liars:room:BCDFH") <= OVER_SECONDS
        return
    assert store.load("BCDFH", now + OVER_SECONDS - 1) is not None
    assert store.load("BCDFH", now + OVER_SECONDS + 1) is None
    assert store.load("BCDFG", now + OVER_SECONDS + 1) is not None
    assert store.load("BCDFG", now + IDLE_SECONDS + 1) is None
    assert store.purge_expired(now + IDLE_SECONDS + 1) == 2
    assert store.load("BCDFG") is None
