"""A room's stored state is versioned (solver/rooms/state.py): a state an older server wrote
is read and saved anew at this version; one a newer server wrote, or whose keys are not of
their types, makes its table stuck (409 room_stuck naming it) and no other."""

from __future__ import annotations

import json
import random
import time

import pytest
from rooms_http import V1, bearer, dice_table

from api import create_app
from api.rooms.store import open_store
from solver.rooms import kept, state
from solver.rooms.room import Room


@pytest.fixture
def client(db):
    return create_app({"ROOMS_DB": db, "TESTING": True}).test_client(), open_store(db)


def stored_as(store, code: str, change) -> None:
    """The room saved at its next version, its state changed by ``change`` (as another
    server's code would have written it)."""
    data = store.load(code)
    change(data)
    data["version"] += 1
    assert store.save(data, data["version"] - 1, time.time())


def test_a_state_an_older_server_wrote_is_read_and_saved_at_this_version(client):
    client, store = client
    code, tokens = dice_table(client)

    def as_version_1(data):  # kept games a list, no state_version
        del data["state_version"]
        data["games"] = [{"n": 1, "log": {"events": []}, "winner": "ann"}]
    stored_as(store, code, as_version_1)
    view = client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["ann"]))
    assert view.status_code == 200 and view.get_json()["phase"] == "lobby"
    assert [g["n"] for g in client.get(f"{V1}/rooms/{code}/games").get_json()["games"]] == [1]
    started = client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    assert started.status_code == 200
    saved = store.load(code)
    assert saved["state_version"] == state.STATE_VERSION and isinstance(saved["games"], str)
    assert [g["n"] for g in kept.kept_games(state.RoomState.from_dict(saved))] == [1]


def test_a_room_kept_before_it_listed_who_was_taken_off_lists_them_from_its_log():
    """Version 3 (every key present): a version-2 room with no ``removed`` lists each
    ``leave`` no clock made, so its leaderboard and its views read it as before."""
    room, _ = Room.create("OLDER", {"game": "dice", "name": "ann"}, rng=random.Random(1))
    for name in ("ben", "cy", "dee"):
        room.join(name)
    room.start("ann", rng=random.Random(1))
    older = json.loads(json.dumps(room.to_dict()))
    older.update(state_version=2, timed_out=["cy"], timer=None, events=[
        {"type": "leave", "player": "ben"}, {"type": "leave", "player": "cy"}])
    del older["removed"], older["session"]
    read = state.RoomState.from_dict(older)
    assert read.removed == ["ben"] and read.timer == {} and read.state_version == 3
    assert [p["name"] for p in read.session["players"]] == ["ann", "ben", "cy", "dee"]
    assert "removed" not in older and older["state_version"] == 2  # the stored one is left


@pytest.mark.parametrize("change, named", [
    (lambda data: data.update(state_version=state.STATE_VERSION + 1), "newer server"),
    (lambda data: data.update(seats={"ann": 1}), "seats"),
    (lambda data: data.update(game_no="2"), "game_no"),
    (lambda data: data.update(advisor=1), "advisor"),
    (lambda data: data.update(colour="red"), "colour"),
    (lambda data: data.pop("game"), "no game"),
])
def test_a_state_no_server_of_this_code_wrote_makes_its_table_stuck_and_no_other(
        client, change, named, caplog):
    client, store = client
    code, tokens = dice_table(client)
    other, others = dice_table(client)
    stored_as(store, code, change)
    answer = client.get(f"{V1}/rooms/{code}", headers=bearer(tokens["ann"]))
    assert answer.status_code == 409, answer.get_json()
    error = answer.get_json()["error"]
    assert error["code"] == "room_stuck" and code in error["message"]
    assert named in caplog.text and tokens["ann"] not in caplog.text
    started = client.post(f"{V1}/rooms/{other}/start", headers=bearer(others["ann"]))
    assert started.status_code == 200  # the other table plays on
    assert client.get(f"{V1}/rooms?open=1").status_code == 200


def test_every_room_a_game_plays_is_a_state_of_this_version():
    """Each game's room of computer players, from its lobby to the end of a game and a
    rematch: each state it is saved at reads as itself (none of its keys of another type
    than state.RoomState declares), through JSON as a store keeps it."""
    from solver.games.registry import ROOM_GAMES
    for game in ROOM_GAMES:
        rng = random.Random(7)
        room, _ = Room.create("SHAPE", {"game": game, "name": "tv", "seat": False,
                                        "clock": 30, "open": True}, rng=rng)
        for name in ("hal", "ida", "joe"):
            room.add_bot("tv", name, delay=0, level="easy")
        room.watch("sam")
        states = []
        for game_no in (1, 2):
            room.start("tv", rng=rng) if game_no == 1 else room.rematch("tv", rng=rng)
            while room.phase != "over" and len(states) < 3000:
                states.append(json.loads(json.dumps(room.to_dict())))
                if room.phase == "reveal":
                    room.move("tv", {"type": "ruling", "ruling": "rejected"}, rng=rng)
                else:
                    name = room.bot_to_move()
                    room.move(name, room.decide(name, rng), rng=rng)
        states.append(json.loads(json.dumps(room.to_dict())))
        assert room.phase == "over", game
        for stored in states:
            assert state.RoomState.from_dict(stored).to_dict() == stored, game
        assert {s["state_version"] for s in states} == {state.STATE_VERSION}
