"""A game to keep (solver/rooms/kept.py, GET /rooms/{code}/games/{n}/replay and
/rooms/{code}/games): once a game is over anyone with the table's code reads its replay,
every round with its claims, its ruling and its odds, the game's log and its places; before
the end nothing of it is readable; a rematch keeps the games before it (the last ten).  A
caller's private odds (Liar Liar, Liar's Post) reach no one else's view while the game is
on, and everyone in its replay."""

from __future__ import annotations

import json
import random

import pytest
from rooms_http import V1, bearer, dice_table, json_of, play_dice_out, view_of

from api import create_app
from solver.rooms import kept
from solver.rooms.room import Room


@pytest.fixture
def client(tmp_path):
    return create_app({"ROOMS_DB": str(tmp_path / "rooms.sqlite3")}).test_client()


def replay_of(client, code, n):
    return client.get(f"{V1}/rooms/{code}/games/{n}/replay")  # no token: the link's reader


def test_a_game_s_replay_opens_once_it_is_over_to_anyone_with_the_code(client):
    code, tokens = dice_table(client)
    refused = replay_of(client, code, 1)
    assert refused.status_code == 404 and refused.get_json()["error"]["code"] == "no_replay"
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    hers = view_of(client, code, tokens["ann"])["you"]["hand"][0]
    face = 6 if hers != 6 else 5  # a face her die does not show: two of it cannot be
    client.post(f"{V1}/rooms/{code}/moves", json={"type": "bid", "quantity": 2, "face": face},
                headers=bearer(tokens["ann"]))
    playing = replay_of(client, code, 1)  # a bid stands, the dice are in the cups
    assert playing.status_code == 404
    assert "still being played" in playing.get_json()["error"]["message"]
    assert client.get(f"{V1}/rooms/{code}/games").get_json()["games"] == []
    client.post(f"{V1}/rooms/{code}/moves", json={"type": "liar"},
                headers=bearer(tokens["ben"]))  # 2 of a face she lacks: ann loses her only die
    over = view_of(client, code, tokens["ben"])
    assert over["phase"] == "over" and over["winner"] == "ben"
    record = json_of(replay_of(client, code, 1))
    assert (record["code"], record["game"], record["n"], record["winner"]) == \
        (code, "dice", 1, "ben")
    assert record["places"] == over["places"]
    [entry] = record["rounds"]
    assert entry["ruling"] == over["last_ruling"] and entry["claims"] == [
        {"player": "ann", "quantity": 2, "face": face}]
    assert entry["ruling"]["odds"]["measure"] == "holds"
    log = client.get(f"{V1}/rooms/{code}/log", headers=bearer(tokens["ann"])).get_json()
    assert record["log"] == log  # the replay JSON of the game, as the players' log says
    replayed = client.post(f"{V1}/dice/replay", json=record["log"]).get_json()
    assert replayed["ok"] and replayed["state"]["outcome"]["winner"] == "ben"
    assert client.get(f"{V1}/rooms/{code}/games").get_json() == {
        "code": code, "game": "dice", "games": [record]}


def test_a_rematch_keeps_the_games_before_it_and_shows_nothing_of_its_own(client):
    code, tokens = dice_table(client)
    first = play_dice_out(client, code, tokens, "ann")
    kept_log = client.get(f"{V1}/rooms/{code}/games").get_json()
    assert [g["n"] for g in kept_log["games"]] == [1]
    client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(tokens["ann"]))
    mover = view_of(client, code, tokens["ann"])["to_move"]
    hand = view_of(client, code, tokens[mover])["you"]["hand"]
    client.post(f"{V1}/rooms/{code}/moves", json={"type": "bid", "quantity": 1,
                                                  "face": hand[0]},
                headers=bearer(tokens[mover]))
    assert replay_of(client, code, 2).status_code == 404  # game 2 is being played
    assert client.get(f"{V1}/rooms/{code}/games").get_json() == kept_log  # nothing of it
    assert json_of(replay_of(client, code, 1))["winner"] == first["winner"]
    beyond = replay_of(client, code, 3)
    assert beyond.status_code == 404 and "no game 3" in beyond.get_json()["error"]["message"]


@pytest.mark.parametrize("n", ["x", "0", "-1", "1.5", "9" * 12])
def test_a_game_number_that_is_no_number_is_400_naming_n(client, n):
    code, _ = dice_table(client)
    answer = replay_of(client, code, n)
    assert answer.status_code == 400 and answer.get_json()["error"]["field"] == "n"


def test_an_unknown_room_s_replay_is_404_like_any_unknown_room(client):
    answer = client.get(f"{V1}/rooms/BCDFG/games/1/replay")
    assert answer.status_code == 404 and answer.get_json()["error"]["code"] == "unknown_room"


def played_out(room: Room, rng) -> None:
    while room.phase != "over":
        mover = room.game_obj().to_move
        room.move(mover, room.kind.decide(room.game_obj(), room.view(mover), rng), rng=rng)


def test_a_room_keeps_its_last_ten_games_and_says_so_of_an_older_one():
    rng = random.Random(3)
    room, _ = Room.create("KEEPS", {"game": "dice", "name": "ann", "rules": {"dice_each": 1}})
    room.join("ben")
    room.start("ann", rng=rng)
    for _ in range(kept.KEPT_GAMES + 2):
        played_out(room, rng)
        room.rematch("ann", rng=rng)
    played_out(room, rng)
    games = kept.kept_games(room.state)
    assert [g["n"] for g in games] == list(range(4, kept.KEPT_GAMES + 4))
    with pytest.raises(kept.NoReplay, match="no longer kept: a table keeps its last 10"):
        kept.replay(room, 3)
    assert kept.replay(room, 13)["n"] == 13


@pytest.mark.parametrize("game", ["liarliar", "post"])
def test_a_caller_s_private_odds_are_theirs_alone_until_the_replay(game):
    """Their hand stays in play after the call: the caller's figure (how many of the kind
    they hold) shows in their own view only; the replay shows it to everyone."""
    rng = random.Random(7)
    room, _ = Room.create("PRIVY", {"game": game, "name": "ann"})
    for name in ("ben", "cy"):
        room.join(name)
    room.watch("sam")
    room.start("ann", rng=rng)
    private = 0
    while room.phase != "over":
        last = room.state.last_ruling
        mover = room.game_obj().to_move
        room.move(mover, room.kind.decide(room.game_obj(), room.view(mover), rng), rng=rng)
        ruling = room.state.last_ruling
        odds = (ruling or {}).get("odds")
        if ruling is last or not odds:
            continue
        caller = odds["caller"]["seat"]
        for name in ("ann", "ben", "cy", "sam"):
            views = room.view(name)
            shown = [views["last_ruling"]["odds"]] + [
                e["ruling"]["odds"] for e in views["history"] if e["ruling"].get("odds")]
            for seen in shown:
                if seen["caller"]["seat"] == name:
                    assert seen["caller"]["p"] is not None
                else:
                    assert seen["caller"] == {"seat": seen["caller"]["seat"], "private": True,
                                              "withheld": True}
        assert room.view(caller)["last_ruling"]["odds"] == odds
        private += 1
    assert private >= 3
    record = kept.replay(room, 1)
    figures = [r["ruling"]["odds"]["caller"] for r in record["rounds"] if r["ruling"]["odds"]]
    assert len(figures) == private
    assert all(f["private"] and f["p"] is not None and "withheld" not in f for f in figures)


def test_kept_games_are_one_text_in_the_state_and_a_room_stored_before_reads_the_same():
    """A move decodes the room's state whole: its kept games (and their fair deals) are one
    JSON string there, read only by a replay, the log and the next game's end."""
    rng = random.Random(5)
    room, _ = Room.create("TEXTS", {"game": "dice", "name": "ann", "rules": {"dice_each": 1}})
    room.join("ben")
    room.start("ann", rng=rng)
    played_out(room, rng)
    room.rematch("ann", rng=rng)
    played_out(room, rng)
    state = room.to_dict()
    assert isinstance(state["games"], str) and isinstance(state["fair_games"], str)
    log = kept.kept_log(room)
    assert [g["n"] for g in log["games"]] == [1, 2]
    # a room stored before (state version 1): its games a list, read and kept on the same
    older = dict(state, games=json.loads(state["games"]),
                 fair_games=json.loads(state["fair_games"]))
    del older["state_version"]
    before = Room.from_dict(older)
    assert older["games"] == json.loads(state["games"])  # (the stored state left as it was)
    assert kept.kept_log(before) == log and before.fair_records() == room.fair_records()
    assert kept.replay(before, 2) == kept.replay(room, 2)
    before.rematch("ann", rng=random.Random(6))
    played_out(before, random.Random(6))
    assert [g["n"] for g in kept.kept_games(before.state)] == [1, 2, 3]
    assert len(json.loads(before.state.fair_games)) == 3
