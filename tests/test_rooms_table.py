"""The table the seed's site keeps: a clock the server runs by itself, rematch, places,
the session's score and the kitty, open tables (api/rooms, solver/rooms)."""

from __future__ import annotations

import random
import time

import pytest
from rooms_http import V1, bearer, wait_for

from api import create_app
from api.rooms import turns
from api.rooms.store import open_store
from solver.errors import HostOnly, InvalidInput, NotAPlayer, RoomConflict
from solver.games.registry import ROOM_GAMES
from solver.rooms.room import Room


def over(view) -> bool:
    return view["phase"] == "over"


def dice_room(clock=10, names=("ann", "ben", "cy"), **extra):
    room, _ = Room.create("BCDFG", {"game": "dice", "name": names[0], "clock": clock,
                                    "rules": {"dice_each": 1}, **extra})
    for name in names[1:]:
        room.join(name)
    room.start(names[0], rng=random.Random(1))
    return room


# --- the clock, in the room itself (pure: the time is passed in) -----------------------

def test_the_clock_runs_once_per_turn_and_a_player_out_of_time_is_out():
    room = dice_room(clock=10)
    room.timers(1000.0)
    assert room.due() == 1010.0
    view = room.view("ben", now=1003.5)
    assert (view["clock"], view["deadline"], view["now"]) == (10, 1_010_000, 1_003_500)
    room.timers(1005.0)  # a change that is no turn gives no one more time
    assert room.due() == 1010.0 and room.out_of_time(1009.9) is None
    assert room.out_of_time(1010.0) == "ann"
    room.time_out(1010.0, rng=random.Random(2))
    view = room.view("ann")
    assert view["timed_out"] == ["ann"] and view["to_move"] == "ben"  # the next player in
    assert [p["out"] for p in view["players"]] == [True, False, False]
    room.timers(1011.0)
    assert room.due() == 1021.0  # ben's own turn, with the whole clock
    room.time_out(1021.0)
    over = room.view("cy")
    assert over["phase"] == "over" and over["winner"] == "cy"
    # placed below everyone still in at that moment: ben went out after ann
    assert [p["name"] for p in over["places"]] == ["cy", "ben", "ann"]
    room.timers(1022.0)
    assert room.due() is None and room.view("cy")["deadline"] is None


def test_no_clock_no_deadline_and_the_clock_is_bounded():
    room = dice_room(clock=None)
    room.timers(1000.0)
    assert room.due() is None and room.view("ann")["deadline"] is None
    for bad in (4, 301, 10.5, True, "10"):
        with pytest.raises(InvalidInput):
            Room.create("BCDFG", {"game": "dice", "name": "ann", "clock": bad})


def test_settings_change_between_games_only_and_a_rematch_keeps_the_seats():
    room = dice_room(clock=None)
    with pytest.raises(RoomConflict):
        room.settings("ann", {"clock": 30})  # not while a game is played
    for _ in ("ann", "ben"):
        room.timers(1000.0)
        room.state.timer["deadline"] = 0.0  # out of time at once
        room.time_out(1.0)
    assert room.phase == "over" and room.view("ann")["session"]["games"] == 1
    room.settings("ann", {"clock": 30})
    with pytest.raises(RoomConflict):
        room.start("ann")  # the game has started once: the next is a rematch
    room.rematch("ann", rng=random.Random(3))
    view = room.view("ben")
    assert view["phase"] == "playing" and view["game_no"] == 2 and view["clock"] == 30
    assert [p["name"] for p in view["players"]] == ["ann", "ben", "cy"]
    assert not any(p["out"] for p in view["players"]) and view["timed_out"] == []
    assert view["to_move"] == "ben"  # the next seat opens the next game
    assert room.log()["players"] == ["ben", "cy", "ann"] and room.log()["events"] == []
    session = {p["name"]: p for p in view["session"]["players"]}
    assert session["cy"]["wins"] == 1 and session["cy"]["places"] == [1]
    assert session["ann"]["places"] == [3] and session["ben"]["places"] == [2]


def finish(room):
    """Time out the players to move until one is left: the game over."""
    while room.phase != "over":
        room.timers(1000.0)
        room.state.timer["deadline"] = 0.0
        room.time_out(1.0)


def test_a_player_who_walked_away_is_taken_off_the_table_between_games():
    """Between games the host removes a player: no seat (nor ante) in the rematch, their
    phone watches on, the table's score keeps their games; never below two players, and
    only the host may."""
    room = dice_room(clock=5, kitty={"ante": 5})
    cy = room.state.spectators  # (the list the room keeps: cy lands there)
    finish(room)
    before = room.version
    with pytest.raises(HostOnly):
        room.move("ben", {"type": "unseat", "player": "cy"})
    with pytest.raises(RoomConflict, match="unseat"):  # out of a game is another move
        room.move("ann", {"type": "remove", "player": "cy"})
    assert room.version == before and len(room.seats) == 3
    room.move("ann", {"type": "unseat", "player": "cy"})
    assert room.version == before + 1
    assert room.view("ann")["notice"]["kind"] == "unseated"
    view = room.view("cy")
    assert view["you"]["seat"] is False and view["you"]["hand"] is None
    assert [p["name"] for p in view["players"]] == ["ann", "ben"] and view["spectators"] == ["cy"]
    assert [p["name"] for p in view["places"]] == [p["name"] for p in room.view("ann")["places"]]
    assert cy and cy[0]["name"] == "cy"
    with pytest.raises(RoomConflict) as refused:
        room.move("ann", {"type": "unseat", "player": "ben"})  # Liar's Dice needs two
    assert refused.value.field == "player" and "needs 2 players" in str(refused.value)
    with pytest.raises(InvalidInput):
        room.move("ann", {"type": "unseat", "player": "cy"})  # no longer at the table
    chips = {p["name"]: p["chips"] for p in room.view("ann")["session"]["players"]}
    room.rematch("ann", rng=random.Random(2))
    view = room.view("ben")
    assert view["phase"] == "playing" and [p["name"] for p in view["players"]] == ["ann", "ben"]
    assert room.log()["players"] in (["ann", "ben"], ["ben", "ann"])
    after = {p["name"]: p["chips"] for p in view["session"]["players"]}
    assert after == {"ann": chips["ann"] - 5, "ben": chips["ben"] - 5, "cy": chips["cy"]}
    assert view["kitty"]["pot"] >= 10
    with pytest.raises(NotAPlayer):
        room.move("cy", {"type": "bid", "quantity": 1, "face": 2})  # a spectator now


def test_the_host_who_leaves_between_games_hands_the_table_on():
    room = dice_room(clock=5)
    finish(room)
    room.move("ann", {"type": "unseat", "player": "ann"})
    view = room.view("ben")
    assert view["you"]["host"] and not room.view("ann")["you"]["host"]
    room.rematch("ben", rng=random.Random(2))
    assert [p["name"] for p in room.view("ben")["players"]] == ["ben", "cy"]


def test_the_kitty_goes_to_the_winner_and_is_dice_only():
    room = dice_room(clock=None, kitty={"ante": 5})
    assert room.view("ann")["kitty"] == {"ante": 5, "pot": 15}
    for _ in range(2):
        room.state.timer["deadline"] = 0.0
        room.time_out(1.0)
    view = room.view("ann")
    chips = {p["name"]: p["chips"] for p in view["session"]["players"]}
    assert chips == {"ann": -5, "ben": -5, "cy": 10} and view["kitty"]["pot"] == 0
    with pytest.raises(InvalidInput):
        Room.create("BCDFG", {"game": "letters", "name": "ann", "kitty": {"ante": 5}})


def chips_and_pot(room) -> int:
    view = room.view(room.host)
    return sum(p["chips"] for p in view["session"]["players"]) + (view["kitty"] or {"pot": 0})["pot"]


def test_the_kittys_chips_are_conserved_whatever_the_settings(monkeypatch):
    """A game called off (no single winner) leaves the kitty standing: it cannot be switched
    off then (409 naming it), a new ante keeps the pot, and chips and pot always sum to 0."""
    import solver.rooms.room as room_module
    monkeypatch.setattr(room_module, "MAX_EVENTS", 3)  # the log is full after one call
    room = dice_room(clock=None, kitty={"ante": 7})
    room.move("ann", {"type": "bid", "quantity": 1, "face": 6})
    room.move("ben", {"type": "liar"}, rng=random.Random(1))
    view = room.view("ann")
    assert view["phase"] == "over" and view["winner"] is None and view["kitty"]["pot"] == 21
    assert chips_and_pot(room) == 0
    version = room.version
    with pytest.raises(RoomConflict) as refused:
        room.settings("ann", {"kitty": None})
    assert refused.value.field == "kitty" and "21 chips" in refused.value.message
    assert room.version == version and room.view("ann")["kitty"]["pot"] == 21
    room.settings("ann", {"kitty": {"ante": 2}})
    assert room.view("ann")["kitty"] == {"ante": 2, "pot": 21} and chips_and_pot(room) == 0
    monkeypatch.undo()
    room.rematch("ann", rng=random.Random(3))
    assert room.view("ann")["kitty"]["pot"] == 27 and chips_and_pot(room) == 0
    finish(room)
    assert room.view("ann")["kitty"]["pot"] == 0 and chips_and_pot(room) == 0
    room.settings("ann", {"kitty": None})  # nothing standing: off it goes
    assert room.view("ann")["kitty"] is None and chips_and_pot(room) == 0


# --- the server runs its own table --------------------------------------------------------

def test_two_servers_on_one_redis_never_apply_one_timeout_twice(redis_url):
    """Both see the same room past its deadline at once; one change is saved."""
    import redis
    redis.Redis.from_url(redis_url).flushdb()  # no room of an earlier test under its code
    first, second = open_store(redis_url), open_store(redis_url)
    room = dice_room(clock=5)
    room.timers(1000.0)
    assert first.create(room.to_dict(), time.time())
    seen = [Room.from_dict(store.load("BCDFG")) for store in (first, second)]
    assert [r.time_out(1006.0) for r in seen] == ["ann", "ann"]
    saved = [turns.save(store, r, room.version) for store, r in zip((first, second), seen)]
    assert sorted(saved) == [False, True]
    events = Room.from_dict(second.load("BCDFG")).log()["events"]
    assert events == [{"type": "leave", "player": "ann"}]
    assert turns.time_out(second, "BCDFG", 1006.0) is None  # ben's clock started anew


def test_a_table_with_a_clock_finishes_with_no_stream_open(tmp_path):
    """No phone connected, the host never moves: the server times them out and its
    computer players play on to the end, by themselves."""
    client = create_app({"ROOMS_DB": str(tmp_path / "rooms.sqlite3"),
                        "ROOM_REVEAL_SECONDS": 0}).test_client()
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann", "clock": 5,
                                            "rules": {"dice_each": 1}}).get_json()
    code, ann = made["code"], made["token"]
    for name in ("robo", "hal"):
        client.post(f"{V1}/rooms/{code}/bots", json={"name": name, "delay": 0},
                    headers=bearer(ann))
    started = client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann)).get_json()
    assert started["to_move"] == "ann" and 0 < started["deadline"] - started["now"] <= 5000
    view = wait_for(client, code, ann, over, seconds=120)
    assert view["phase"] == "over" and view["timed_out"] == ["ann"]
    assert view["places"][-1] == {"name": "ann", "place": 3}
    log = client.get(f"{V1}/rooms/{code}/log", headers=bearer(ann)).get_json()
    replayed = client.post(f"{V1}/dice/replay", json=log).get_json()
    assert replayed["ok"] and replayed["state"]["over"]


# --- over HTTP: rematch, settings, open tables -------------------------------------------

@pytest.fixture
def client(tmp_path):
    return create_app({"ROOMS_DB": str(tmp_path / "rooms.sqlite3"),
                       "ROOM_REVEAL_SECONDS": 0}).test_client()


def test_rematch_and_settings_over_http(client):
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                            "rules": {"dice_each": 1}}).get_json()
    code, ann = made["code"], made["token"]
    ben = client.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}).get_json()["token"]
    changed = client.post(f"{V1}/rooms/{code}/settings", json={"clock": 30, "open": True},
                          headers=bearer(ann))
    assert changed.status_code == 200 and changed.get_json()["clock"] == 30
    assert client.post(f"{V1}/rooms/{code}/settings", json={"clock": 10},
                       headers=bearer(ben)).status_code == 403
    assert client.post(f"{V1}/rooms/{code}/settings", json={"clock": 1},
                       headers=bearer(ann)).status_code == 400
    assert client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(ann)).status_code == 409
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann))
    view = client.post(f"{V1}/rooms/{code}/moves", json={"type": "bid", "quantity": 1,
                                                          "face": 6},
                       headers=bearer(ann)).get_json()
    view = client.post(f"{V1}/rooms/{code}/moves", json={"type": "liar"},
                       headers=bearer(ben)).get_json()
    assert view["phase"] == "over" and len(view["places"]) == 2
    again = client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(ann))
    assert again.status_code == 200, again.get_json()
    again = again.get_json()
    assert again["phase"] == "playing" and again["game_no"] == 2
    assert again["session"]["games"] == 1 and again["to_move"] == "ben"
    seen = client.get(f"{V1}/rooms/{code}", headers=bearer(ben)).get_json()
    assert seen["version"] == again["version"] and seen["you"]["hand"]  # no new join


def test_a_player_taken_off_between_games_over_http(client):
    """The remove move after the game: the phone's token now watches; the rematch deals
    to the two left; the ratings and the log see only the seated."""
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                            "rules": {"dice_each": 1}}).get_json()
    code, tokens = made["code"], {"ann": made["token"]}
    for name in ("ben", "cy"):
        tokens[name] = client.post(f"{V1}/rooms/{code}/join",
                                   json={"name": name}).get_json()["token"]
    view = client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"])).get_json()
    while view["phase"] != "over":
        mover = view["to_move"]
        move = {"type": "liar"} if view["declarations"] else \
            {"type": "bid", "quantity": 1, "face": 6}
        view = client.post(f"{V1}/rooms/{code}/moves", json=move,
                           headers=bearer(tokens[mover])).get_json()
    refused = client.post(f"{V1}/rooms/{code}/moves", json={"type": "unseat", "player": "cy"},
                          headers=bearer(tokens["ben"]))
    assert refused.status_code == 403
    gone = client.post(f"{V1}/rooms/{code}/moves", json={"type": "unseat", "player": "cy"},
                       headers=bearer(tokens["ann"]))
    assert gone.status_code == 200, gone.get_json()
    assert [p["name"] for p in gone.get_json()["players"]] == ["ann", "ben"]
    watching = client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["cy"])).get_json()
    assert watching["you"]["seat"] is False and watching["spectators"] == ["cy"]
    again = client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(tokens["ann"])).get_json()
    assert again["phase"] == "playing" and {p["name"] for p in again["players"]} == {"ann", "ben"}
    assert client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["cy"])).get_json()[
        "you"]["hand"] is None


def test_open_tables_are_listed_in_their_lobby_only(client):
    listed = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann", "open": True,
                                              "clock": 10}).get_json()
    client.post(f"{V1}/rooms", json={"game": "letters", "name": "bo"})  # private
    tables = client.get(f"{V1}/rooms?open=1").get_json()["rooms"]
    assert tables == [{"code": listed["code"], "game": "dice", "seats": 20, "players": 1,
                       "clock": 10, "host": "ann"}]
    assert client.get(f"{V1}/rooms").status_code == 400
    client.post(f"{V1}/rooms/{listed['code']}/join", json={"name": "ben"})
    client.post(f"{V1}/rooms/{listed['code']}/start", headers=bearer(listed["token"]))
    assert client.get(f"{V1}/rooms?open=1").get_json()["rooms"] == []


# --- a table display and spectators ------------------------------------------------------

def test_a_table_display_runs_a_table_of_computer_players_and_spectators_see_no_hand(client):
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "tv", "seat": False,
                                            "rules": {"dice_each": 1}}).get_json()
    code, tv = made["code"], made["token"]
    assert made["room"]["you"] == {"name": "tv", "host": True, "seat": False, "hand": None}
    assert made["room"]["players"] == [] and made["room"]["spectators"] == ["tv"]
    for name in ("robo", "hal", "ada"):
        assert client.post(f"{V1}/rooms/{code}/bots", json={"name": name, "delay": 0},
                           headers=bearer(tv)).status_code == 201
    watcher = client.post(f"{V1}/rooms/{code}/watch", json={"name": "sam"})
    assert watcher.status_code == 201
    sam = watcher.get_json()["token"]
    taken = client.post(f"{V1}/rooms/{code}/watch", json={"name": "ROBO"})
    assert taken.status_code == 409  # one name, one person, seated or not
    assert client.post(f"{V1}/rooms/{code}/start", headers=bearer(tv)).status_code == 200
    refused = client.post(f"{V1}/rooms/{code}/moves", json={"type": "liar"},
                          headers=bearer(sam))
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "not_a_player"
    def sees_no_hand(view):
        assert view["you"]["hand"] is None and view["you"]["seat"] is False
        assert all("hand" not in p for p in view["players"])

    view = wait_for(client, code, sam, over, seconds=120, each=sees_no_hand)
    assert view["phase"] == "over" and len(view["places"]) == 3
    assert view["spectators"] == ["tv", "sam"]
    late = client.post(f"{V1}/rooms/{code}/watch", json={"name": "late"})
    assert late.status_code == 201  # in any phase


# --- every game the rooms host: a table of computer players alone, and its one log ------

@pytest.mark.parametrize("game", sorted(ROOM_GAMES))
def test_computer_players_alone_play_every_game_to_the_end_and_the_log_replays(client, game):
    made = client.post(f"{V1}/rooms", json={"game": game, "name": "tv", "seat": False}
                       ).get_json()
    code, tv = made["code"], made["token"]
    for name in ("robo", "hal", "ada"):
        answer = client.post(f"{V1}/rooms/{code}/bots", json={"name": name, "delay": 0},
                             headers=bearer(tv))
        assert answer.status_code == 201, answer.get_json()
    assert client.post(f"{V1}/rooms/{code}/start", headers=bearer(tv)).status_code == 200
    view = wait_for(client, code, tv, over, seconds=120)
    assert view["phase"] == "over", view
    log = client.get(f"{V1}/rooms/{code}/log", headers=bearer(tv)).get_json()
    replayed = client.post(f"{V1}/{game}/replay", json=log).get_json()
    assert replayed.get("ok") is not False, replayed
    again = ROOM_GAMES[game].game_type.from_dict(replayed["state"])  # the replay's game
    assert again.is_over() and view["places"] == Room.places(again.outcome())
