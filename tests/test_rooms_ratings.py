"""The house leaderboard over HTTP (api/rooms/profiles.py, api/rooms/ratings.py), against
both stores: profiles, rated games counted exactly once, which tables count, the order,
and ratings kept across a restart.  What keeps the board fair (removals, a group's games
a day, who is listed, unique names, guessed keys, the profile's page) is in
tests/test_rooms_fair_play.py.

Every test runs on SQLite and on a real Redis (Debian's redis-server), as the rooms'
contract does (tests/test_rooms_api.py).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from rooms_http import bearer, play_dice_out

from api import create_app
from api.rooms import ratings
from api.rooms.limits import UNRATED_PROFILE_SECONDS
from api.rooms.store import open_store
from solver.rooms.room import Room

V1 = "/api/v1"


def app_client(db, **config):
    return create_app({"ROOMS_DB": db, "TESTING": True, "ROOM_REVEAL_SECONDS": 0,
                       "ROOMS_PER_MINUTE": 1000, "ROOMS_PER_ADDRESS": 1000,
                       "PROFILES_PER_MINUTE": 1000, **config}).test_client()


@pytest.fixture
def client(db):
    return app_client(db)


def profile(client, name):
    made = client.post(f"{V1}/profiles", json={"name": name})
    assert made.status_code == 201, made.get_json()
    return made.get_json()


def sent(made):
    return {"id": made["id"], "key": made["key"]}


def table(client, seats, **extra):
    """A Liar's Dice room of one die each: ``seats`` are (name, profile or None)."""
    (host, mine), *others = seats
    body = {"game": "dice", "name": host, "rules": {"dice_each": 1}, **extra}
    if mine is not None:
        body["profile"] = sent(mine)
    made = client.post(f"{V1}/rooms", json=body)
    assert made.status_code == 201, made.get_json()
    code, tokens = made.get_json()["code"], {host: made.get_json()["token"]}
    for name, theirs in others:
        body = {"name": name, **({"profile": sent(theirs)} if theirs else {})}
        joined = client.post(f"{V1}/rooms/{code}/join", json=body)
        assert joined.status_code == 201, joined.get_json()
        tokens[name] = joined.get_json()["token"]
    return code, tokens


def board(client, game="dice"):
    answer = client.get(f"{V1}/leaderboard/{game}")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["game"] == game
    return answer.get_json()["players"]


def page(client, made) -> dict:
    """The profile's own page (its key sent), as its phone reads it."""
    answer = client.get(f"{V1}/profiles/{made['id']}", headers=bearer(made["key"]))
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def rated_games(client, made, game="dice") -> int:
    return next((r["games"] for r in page(client, made)["ratings"] if r["game"] == game), 0)


def test_a_profile_is_made_and_its_key_is_checked(client):
    ann = profile(client, " Ann ")
    assert ann["name"] == "Ann" and len(ann["key"]) >= 32 and ann["code"] == \
        f"{ann['id']}.{ann['key']}"
    mine = client.get(f"{V1}/profiles/{ann['id']}", headers=bearer(ann["key"]))
    assert mine.status_code == 200
    assert mine.get_json() == {"id": ann["id"], "name": "Ann", "ratings": []}
    ben = profile(client, "Ben")
    for headers in ({}, bearer(ben["key"]), bearer(ann["key"] + "x")):
        answer = client.get(f"{V1}/profiles/{ann['id']}", headers=headers)
        assert answer.status_code == 401, headers
        assert answer.get_json()["error"]["code"] == "unknown_profile"
    # a room's create and join check it before seating anyone
    wrong = {"id": ann["id"], "key": ben["key"]}
    answer = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann", "profile": wrong})
    assert answer.status_code == 401
    assert answer.get_json()["error"] == {
        "code": "unknown_profile", "field": "profile",
        "message": "no profile here has that id and key: check the code copied from the "
                   "phone that made it, or make a new profile"}
    code, tokens = table(client, [("ann", ann)])
    joined = client.post(f"{V1}/rooms/{code}/join", json={"name": "ben", "profile": {
        "id": "zzzzzzzzzz", "key": ben["key"]}})
    assert joined.status_code == 401 and joined.get_json()["error"]["field"] == "profile"
    malformed = client.post(f"{V1}/rooms/{code}/join", json={"name": "ben", "profile": "ben"})
    assert malformed.status_code == 400 and malformed.get_json()["error"]["field"] == "profile"
    view = client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["ann"])).get_json()
    assert [p["name"] for p in view["players"]] == ["ann"]  # no one was seated
    twice = client.post(f"{V1}/rooms/{code}/join", json={"name": "annie", "profile": sent(ann)})
    assert twice.status_code == 409 and twice.get_json()["error"]["field"] == "profile"


def test_the_key_is_never_stored_in_clear(db):
    client = app_client(db)
    ann, ben = profile(client, "Ann"), profile(client, "Ben")
    code, tokens = table(client, [("ann", ann), ("ben", ben)])
    play_dice_out(client, code, tokens, "ann")
    keys = [ann["key"].encode(), ben["key"].encode()]
    if db.startswith("redis://"):
        import redis
        server = redis.Redis.from_url(db)
        # (a key may go between the scan and its dump: a lease, a counter, expiring)
        stored = [data for data in (server.dump(key) for key in server.scan_iter())
                  if data is not None]
    else:
        stored = [path.read_bytes() for path in Path(db).parent.iterdir()]  # and its WAL
    assert stored and b"Ann" in b"".join(stored)  # the profiles are there ...
    assert not any(key in blob for blob in stored for key in keys)  # ... their keys not


def test_a_rated_game_counts_once(db):
    client = app_client(db)
    ann, ben = profile(client, "Ann"), profile(client, "Ben")
    code, tokens = table(client, [("ann", ann), ("ben", ben)])
    lobby = client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["ben"])).get_json()
    assert lobby["rated"] is True
    assert ann["id"] not in str(lobby) and ann["key"] not in str(lobby)
    view = play_dice_out(client, code, tokens, "ann")
    assert view["rated"] is True and view["unrated_because"] is None
    won = {"ann": ann, "ben": ben}[view["winner"]]
    lost = ben if won is ann else ann
    for made, rating, place in ((won, 1101, 1), (lost, 946, 2)):
        (mine,) = page(client, made)["ratings"]
        assert mine == {"game": "dice", "rating": rating, "games": 1, "opponents": 1,
                        "provisional": True, "places": [{"place": place, "games": 1}],
                        "history": [{"rating": rating, "place": place, "players": 2}]}
    assert board(client) == []  # one opponent met: not listed yet
    # the game is done: rating it again, here or in another process, changes nothing
    room = Room.from_dict(open_store(db).load(code))
    assert ratings.record(open_store(db), room) is False
    assert app_client(db).get(f"{V1}/rooms/{code}", headers=bearer(tokens["ann"])
                              ).status_code == 200
    assert rated_games(app_client(db), ann) == rated_games(client, ben) == 1


def test_two_processes_racing_rate_a_game_once(db):
    client = app_client(db)
    players = [profile(client, name) for name in ("Ann", "Ben", "Cy")]
    code, tokens = table(client, list(zip(("ann", "ben", "cy"), players)))
    play_dice_out(client, code, tokens, "ann")
    deadline = time.monotonic() + 30  # the look-out has looked at it too (it was due)
    while code in open_store(db).due(time.time() + 60) and time.monotonic() < deadline:
        time.sleep(0.05)
    # the game is over and rated; say it was not, and let eight processes race to rate it
    if db.startswith("redis://"):
        import redis
        redis.Redis.from_url(db).hdel(f"liars:room:{code}", "rated_game")
    else:
        import sqlite3
        with sqlite3.connect(db) as raw:
            raw.execute("UPDATE rooms SET rated_game = NULL")
    stores = [open_store(db) for _ in range(8)]
    room = Room.from_dict(stores[0].load(code))
    start, results = threading.Barrier(len(stores)), []

    def race(store):
        start.wait()
        results.append(ratings.record(store, room))

    threads = [threading.Thread(target=race, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False] * 7 + [True]
    # the first rating, and one more
    assert [rated_games(client, made) for made in players] == [2, 2, 2]


def test_a_process_killed_before_rating_is_made_up_for(db, monkeypatch):
    """The move that ends the game is saved, and its process dies before it rates the
    game: the look-out (every process runs one) rates it, since the save made it due."""
    import api.rooms
    client = app_client(db)
    ann, ben = profile(client, "Ann"), profile(client, "Ben")
    code, tokens = table(client, [("ann", ann), ("ben", ben)])
    monkeypatch.setattr(api.rooms, "_rate", lambda room: None)  # "killed" after its save
    play_dice_out(client, code, tokens, "ann")
    deadline = time.monotonic() + 30
    while not rated_games(client, ann) and time.monotonic() < deadline:
        time.sleep(0.05)  # the look-out's tick: a wait for the event, not a fixed sleep
    assert [rated_games(client, ann), rated_games(client, ben)] == [1, 1]


def test_a_table_with_a_computer_player_or_a_seat_without_a_profile_does_not_count(db):
    client = app_client(db)
    ann, ben = profile(client, "Ann"), profile(client, "Ben")
    code, tokens = table(client, [("ann", ann), ("ben", None)])
    over = play_dice_out(client, code, tokens, "ann")
    assert over["rated"] is False
    assert over["unrated_because"] == "'ben' plays without a profile: every seat needs one"
    code, tokens = table(client, [("ann", None), ("ben", None)])  # no profile: nothing said
    casual = play_dice_out(client, code, tokens, "ann")
    assert casual["rated"] is False and casual["unrated_because"] is None
    code, tokens = table(client, [("ann", ann), ("ben", ben)])
    added = client.post(f"{V1}/rooms/{code}/bots", json={"name": "robo", "delay": 0},
                        headers=bearer(tokens["ann"]))
    assert added.status_code == 201 and added.get_json()["rated"] is False
    assert added.get_json()["unrated_because"].startswith("a computer player ('robo')")
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["ann"])).get_json()
        if view["phase"] == "over":
            break
        mover = view["to_move"]
        if mover in tokens:
            body = ({"type": "liar"} if view["declarations"] else
                    {"type": "bid", "quantity": 1, "face": 6})
            client.post(f"{V1}/rooms/{code}/moves", json=body, headers=bearer(tokens[mover]))
        else:
            time.sleep(0.02)  # the computer player's move, in its own thread
    assert view["phase"] == "over" and view["rated"] is False
    code, tokens = table(client, [("ann", ann)])  # alone with a profile: no contest
    alone = client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["ann"])).get_json()
    assert alone["unrated_because"] == "a rated game needs two players with profiles"
    client.post(f"{V1}/rooms/{code}/join", json={"name": "ben"})
    assert rated_games(client, ann) == rated_games(client, ben) == 0


def test_the_leaderboard_is_best_first_and_survives_a_restart(db):
    client = app_client(db)
    players = {name: profile(client, name) for name in ("Ann", "Ben", "Cy", "Di")}
    seats = [(name.lower(), players[name]) for name in players]
    for order in (seats, seats[1:] + seats[:1], seats[:3]):
        code, tokens = table(client, order)
        play_dice_out(client, code, tokens, order[0][0])
    listed = board(client)
    assert sorted(p["name"] for p in listed) == ["Ann", "Ben", "Cy", "Di"]
    assert [p["rating"] for p in listed] == sorted((p["rating"] for p in listed),
                                                   reverse=True)
    assert sorted(p["games"] for p in listed) == [2, 3, 3, 3]
    assert [p["opponents"] for p in listed] == [3, 3, 3, 3]  # each met the three others
    for name, made in players.items():  # each line is that profile's own rating
        (rated,) = page(client, made)["ratings"]
        line = next(p for p in listed if p["name"] == name)
        assert {k: rated[k] for k in line if k != "name"} == \
            {"rating": line["rating"], "games": line["games"], "opponents": 3}
        assert rated["provisional"] is False and rated["history"][-1]["rating"] == \
            line["rating"]
    assert board(app_client(db)) == listed  # a new process, the store opened again


def test_an_unknown_game_has_no_leaderboard(client):
    answer = client.get(f"{V1}/leaderboard/chess")
    assert answer.status_code == 404 and answer.get_json()["error"]["code"] == "unknown_game"


def test_making_profiles_is_limited_per_address(db):
    client = app_client(db, PROFILES_PER_MINUTE=2)
    profile(client, "a")
    profile(client, "b")
    answer = client.post(f"{V1}/profiles", json={"name": "c"})
    assert answer.status_code == 429 and answer.headers["Retry-After"] == "60"
    assert answer.get_json()["error"]["code"] == "too_many_profiles"
    assert client.post(f"{V1}/profiles", json={"name": ""}).status_code == 400  # named first


def test_a_profile_never_rated_is_forgotten_after_a_while(db):
    client = app_client(db)
    ann, ben, cy = (profile(client, name) for name in ("Ann", "Ben", "Cy"))
    code, tokens = table(client, [("ann", ann), ("ben", ben)])
    play_dice_out(client, code, tokens, "ann")
    store = open_store(db)
    if db.startswith("redis://"):  # Redis expires an unrated profile itself
        import redis
        server = redis.Redis.from_url(db)
        from api.rooms.redis_store import RedisStore
        for key in (f"liars:profile:{cy['id']}", *RedisStore._name_keys("Cy")):
            ttl = server.ttl(key)  # the profile, and its name with it
            assert UNRATED_PROFILE_SECONDS - 5 <= ttl <= UNRATED_PROFILE_SECONDS, key
        for key in (f"liars:profile:{ann['id']}", *RedisStore._name_keys("Ann")):
            assert server.ttl(key) == -1, key  # rated: kept for good, and its name
        return
    assert store.purge_profiles(time.time()) == 0
    assert store.purge_profiles(time.time() + UNRATED_PROFILE_SECONDS + 1) == 1
    assert store.profile(cy["id"]) is None
    assert store.profile(ann["id"]) is not None and store.profile(ben["id"]) is not None
    assert store.add_profile({"id": "cccccccccc", "name": "cy", "key": "k"}, time.time()) \
        is None  # a forgotten profile's name is free again
    assert store.add_profile({"id": "dddddddddd", "name": "ANN", "key": "k"}, time.time()) \
        == "name"


def test_a_spectator_may_watch_with_a_profile_whose_key_is_checked(tmp_path):
    client = create_app({"ROOMS_DB": str(tmp_path / "rooms.sqlite3"),
                        "ROOM_REVEAL_SECONDS": 0}).test_client()
    made = client.post("/api/v1/rooms", json={"game": "dice", "name": "ann"}).get_json()
    profile = client.post("/api/v1/profiles", json={"name": "sam"}).get_json()
    bad = client.post(f"/api/v1/rooms/{made['code']}/watch",
                      json={"name": "sam", "profile": {"id": profile["id"], "key": "nope"}})
    assert bad.status_code == 401 and bad.get_json()["error"]["code"] == "unknown_profile"
    good = client.post(f"/api/v1/rooms/{made['code']}/watch",
                       json={"name": "sam", "profile": {"id": profile["id"],
                                                        "key": profile["key"]}})
    assert good.status_code == 201 and good.get_json()["room"]["you"]["seat"] is False
