"""A ruling's reveal stays on the phones: each ruling is numbered and timed in every view,
a phone dismisses it (a "seen" move), computer players wait for it (the hold, the
connected phones, 30 s at most), a clock after a ruling starts after the hold, and the
view keeps the game's last finished rounds, public only.

The waits are tested on the room and the look-out's own sums with the time passed in
(solver/rooms/room.py, api/rooms/turns.py): nothing here waits on the clock but the one
real server's test at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter

import pytest
import requests
from api_server import LiveServer
from room_views import cards_in

from api import create_app
from api.rooms import service, turns
from api.serve import add_arguments, app_config
from solver.errors import InvalidInput
from solver.games.cards import Card
from solver.rooms.call_odds import seen_by
from solver.rooms.clock import REVEAL_WAIT_MAX
from solver.games.registry import ROOM_GAMES
from solver.rooms.reveals import HISTORY_ROUNDS
from solver.rooms.room import Room

V1 = "/api/v1"
RULES = {"letters": {"tile_limit": 2, "budget": 0.5}, "dice": {"dice_each": 2}}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def table(game, *, hold=5.0, seed=1, names=("ann", "ben"), bots=(), clock=None):
    """A table run from a display (its host "tv" has no seat), a spectator, ``names`` at
    it and ``bots`` (delay 1 s), started."""
    rng = random.Random(seed)
    room, _ = Room.create("BCDFG", {"game": game, "name": "tv", "seat": False,
                                    "rules": RULES.get(game, {}), "clock": clock},
                          rng=rng, hold=hold)
    for name in names:
        room.join(name)
    for name in bots:
        room.add_bot("tv", name, delay=1.0)
    room.watch("sam")
    room.start("tv", rng=rng)
    return room, rng


def until_ruled(room, rng, limit=2000):
    """Every seat plays its computer player's move until a ruling is made."""
    for _ in range(limit):
        if room.state.last_ruling is not None:
            return room.state.last_ruling
        mover = room.view("tv")["to_move"]
        room.move(mover, room.kind.decide(room.game_obj(), room.view(mover), rng), rng=rng)
    raise AssertionError("no ruling")


# --- the reveal record ------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(ROOM_GAMES))
def test_every_games_ruling_has_a_reveal_record_in_every_view(game):
    room, rng = table(game)
    for name in ("ann", "sam", "tv"):
        assert room.view(name)["reveal"] is None and room.view(name)["history"] == []
    declared = None
    for _ in range(2000):  # the round's claims as the views showed them before the call
        if room.state.last_ruling is not None:
            break
        declared = room.view("sam")["declarations"]
        mover = room.view("tv")["to_move"]
        room.move(mover, room.kind.decide(room.game_obj(), room.view(mover), rng), rng=rng)
    ruling = room.state.last_ruling
    room.timers(1000.0)  # the server's save: the reveal is timed with its clock
    for name in ("ann", "sam", "tv"):  # a player, a spectator, a display's host
        view = room.view(name, present=frozenset({"ann", "sam"}))
        assert view["reveal"] == {"n": 1, "at": 1000.0, "hold": 5.0, "seen": [],
                                  "waiting": ["ann"]}  # ben is away; sam is no seat
        assert not cards_in(view["reveal"])
        [entry] = view["history"]
        # each view shows the ruling whole but for a caller's private odds (their hand is
        # still in play: Liar Liar, Liar's Post), which their own view alone shows
        assert entry["ruling"] == view["last_ruling"] == seen_by(ruling, name)
        odds = ruling["odds"]
        if odds is not None and odds["caller"].get("private") \
                and odds["caller"]["seat"] != name:
            assert view["last_ruling"]["odds"]["caller"] == {
                "seat": odds["caller"]["seat"], "private": True, "withheld": True}
        if ruling["call"] != "discard":
            assert entry["claims"] == declared and entry["round"] == 1
    assert room.view("ann")["reveal"]["waiting"] == []  # no one connected, no one waited for
    room.timers(2000.0)
    assert room.view("ann")["reveal"]["at"] == 1000.0  # timed once


def test_a_discard_in_liar_liar_is_revealed_and_its_round_goes_on():
    for seed in range(100):
        room, rng = table("liarliar", seed=seed)
        mover = room.view("tv")["to_move"]
        kinds = Counter(Card.parse(c).rank for c in room.hands[mover] if c != "joker")
        four = [rank for rank, count in kinds.items() if count >= 4]
        if four:
            break
    rank = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(four[0], str(four[0]))
    room.move(mover, {"type": "discard", "rank": rank})
    view = room.view("sam")
    assert view["last_ruling"]["call"] == "discard" and view["reveal"]["n"] == 1
    assert view["history"] == [{"round": 1, "claims": [], "ruling": view["last_ruling"]}]


def test_rulings_are_numbered_and_a_rematch_starts_again():
    room, rng = table("dice", names=("ann", "ben"))
    numbers = []
    while room.phase != "over":
        before = room.state.last_ruling
        mover = room.view("tv")["to_move"]
        room.move(mover, room.kind.decide(room.game_obj(), room.view(mover), rng), rng=rng)
        if room.state.last_ruling is not before:
            numbers.append(room.view("ann")["reveal"]["n"])
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 3
    assert [e["round"] for e in room.view("ann")["history"]] == numbers
    room.rematch("tv", rng=rng)
    view = room.view("ann")
    assert view["reveal"] is None and view["history"] == []


# --- seen -------------------------------------------------------------------------------

def test_seen_marks_a_player_once_and_a_stale_or_bad_n_changes_nothing():
    room, rng = table("dice")
    version = room.version
    room.move("ann", {"type": "seen", "n": 1})  # no ruling yet: nothing to see
    assert room.version == version
    until_ruled(room, rng)
    version = room.version
    n = room.view("ann")["reveal"]["n"]
    room.move("ben", {"type": "seen", "n": n})
    assert room.view("ann")["reveal"]["seen"] == ["ben"] and room.version == version + 1
    for name, body in (("ben", {"type": "seen", "n": n}),      # again
                       ("ann", {"type": "seen", "n": n - 1}),  # stale
                       ("ann", {"type": "seen", "n": n + 1}),  # not made yet
                       ("sam", {"type": "seen", "n": n}),      # a spectator: harmless
                       ("tv", {"type": "seen", "n": n})):      # the display's host
        room.move(name, body)
    assert room.view("ann")["reveal"]["seen"] == ["ben"] and room.version == version + 1
    for bad in ("1", 1.0, True, None, [1]):
        with pytest.raises(InvalidInput) as refused:
            room.move("ann", {"type": "seen", "n": bad})
        assert refused.value.field == "n"
    with pytest.raises(InvalidInput) as refused:
        room.move("ann", {"type": "seen"})
    assert refused.value.field == "n"
    with pytest.raises(InvalidInput) as refused:
        room.move("ann", {"type": "seen", "n": n, "extra": 1})
    assert refused.value.field == "extra"


def test_a_players_move_counts_as_seen_but_not_for_the_ruling_it_makes():
    room, rng = table("dice")
    until_ruled(room, rng)
    mover = room.view("tv")["to_move"]
    room.move(mover, {"type": "bid", "quantity": 1, "face": 2})
    assert room.view("tv")["reveal"]["seen"] == [mover]
    other = next(p for p in ("ann", "ben") if p != mover)
    n = room.view("tv")["reveal"]["n"]
    room.move(other, {"type": "liar"})  # a new ruling: no one has seen it yet
    reveal = room.view("tv")["reveal"]
    assert reveal["n"] == n + 1 and reveal["seen"] == []


def test_seen_over_http_and_a_bad_n_is_400_naming_n(tmp_path):
    client = create_app({"ROOMS_DB": str(tmp_path / "rooms.sqlite3")}).test_client()
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                            "rules": {"dice_each": 2}}).get_json()
    code, ann = made["code"], made["token"]
    ben = client.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}).get_json()["token"]
    sam = client.post(f"{V1}/rooms/{code}/watch", json={"name": "sam"}).get_json()["token"]
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(ann))
    client.post(f"{V1}/rooms/{code}/moves", json={"type": "bid", "quantity": 1, "face": 2},
                headers=bearer(ann))
    ruled = client.post(f"{V1}/rooms/{code}/moves", json={"type": "liar"},
                        headers=bearer(ben)).get_json()
    reveal = ruled["reveal"]
    assert reveal["n"] == 1 and reveal["hold"] == 5.0 and reveal["seen"] == []
    assert abs(reveal["at"] - time.time()) < 60 and ruled["history"][0]["round"] == 1
    seen = client.post(f"{V1}/rooms/{code}/moves", json={"type": "seen", "n": 1},
                       headers=bearer(ann))
    assert seen.status_code == 200 and seen.get_json()["reveal"]["seen"] == ["ann"]
    version = seen.get_json()["version"]
    again = client.post(f"{V1}/rooms/{code}/moves", json={"type": "seen", "n": 1},
                        headers=bearer(sam))
    assert again.status_code == 200 and again.get_json()["version"] == version
    bad = client.post(f"{V1}/rooms/{code}/moves", json={"type": "seen", "n": "1"},
                      headers=bearer(ann))
    assert bad.status_code == 400
    assert bad.get_json()["error"]["code"] == "invalid_input"
    assert bad.get_json()["error"]["field"] == "n"


# --- computer players wait ----------------------------------------------------------------

def bot_after_a_ruling(hold=5.0, clock=None):
    """A dice table of ann and the computer player robo, robo to move just after a ruling
    (ann's bid holds: robo called and loses a die, and opens), timed at 1000.0."""
    room, rng = table("dice", hold=hold, names=("ann",), bots=("robo",), clock=clock)
    room.timers(990.0)
    room.state.hands = {"ann": [6, 6], "robo": [6, 6]}
    mover = room.view("tv")["to_move"]
    if mover == "robo":
        room.move("robo", {"type": "bid", "quantity": 1, "face": 5})
    room.move("ann", {"type": "bid", "quantity": 2, "face": 6})
    room.move("robo", {"type": "liar"})
    assert room.view("tv")["to_move"] == "robo" and room.view("tv")["reveal"]["n"] == 1
    room.timers(1000.0)
    return room


def test_a_computer_player_waits_for_the_hold():
    room = bot_after_a_ruling()
    assert room.state.timer["bot_at"] == 1001.0  # its own delay
    assert room.bot_moment() == 1005.0 and service.next_moment(room, 1000.0) == 1005.0
    room = bot_after_a_ruling(hold=0.0)
    assert service.next_moment(room, 1000.0) == 1001.0  # no hold: its delay alone


def test_a_computer_player_waits_for_a_connected_human_to_see_it_30_s_at_most():
    room = bot_after_a_ruling()
    ann = frozenset({"ann"})
    assert room.reveal_waiting(ann) == ["ann"]
    assert room.bot_moment(ann) == 1000.0 + REVEAL_WAIT_MAX == 1030.0
    # the look-out comes back from the hold on, every few seconds, to see who is still there
    assert service.next_moment(room, 1000.0, ann) == 1005.0
    assert service.next_moment(room, 1010.0, ann) == 1010.0 + service.PRESENCE_SECONDS
    assert service.next_moment(room, 1029.0, ann) == 1030.0  # the cap
    assert service.next_moment(room, 1040.0, ann) == 1030.0  # due: a phone that walked away
    # ann's phone left: robo waits the hold only
    assert service.next_moment(room, 1010.0, frozenset()) == 1005.0
    room.move("ann", {"type": "seen", "n": 1})
    assert room.reveal_waiting(ann) == [] and room.bot_moment(ann) == 1005.0
    assert service.next_moment(room, 1010.0, ann) == 1005.0  # due at once


def test_the_look_out_postpones_a_waiting_computer_player(tmp_path):
    """The look-out's own step: a room due while its computer player still waits for a
    connected phone is put off to its next moment, and robo does not move."""

    class Store:
        def __init__(self, data):
            self.data, self.postponed = data, []

        def load(self, code, now=None):
            return json.loads(json.dumps(self.data))

        def present(self, code, now):
            return frozenset({"ann"})

        def postpone(self, code, until):
            self.postponed.append(until)

    room = bot_after_a_ruling()
    room.state.reveal["at"] = time.time()  # the look-out reads its own clock
    store = Store(room.to_dict())
    ticker = turns.Ticker.__new__(turns.Ticker)
    ticker.app, ticker.store = None, store
    ticker.act("BCDFG")
    [until] = store.postponed
    assert room.state.reveal["at"] + 5 <= until <= room.state.reveal["at"] + 30
    assert store.data["version"] == room.version  # no move was made


def test_a_clock_after_a_ruling_starts_after_the_hold():
    room, rng = table("dice", clock=10)
    room.timers(990.0)
    assert room.state.timer["deadline"] == 1000.0
    until_ruled(room, rng)
    room.timers(1000.0)
    assert room.state.timer["deadline"] == 1015.0  # 1000 + 5 s shown + 10 s to move
    assert room.view("ann")["deadline"] == 1_015_000
    room, rng = table("dice", clock=10, hold=0.0)
    until_ruled(room, rng)
    room.timers(1000.0)
    assert room.state.timer["deadline"] == 1010.0


# --- the history ------------------------------------------------------------------------

def test_the_history_keeps_the_last_20_rounds_public_only():
    room, rng = table("post", names=("ann", "ben", "cy"))
    rulings, shown = 0, []
    while room.phase != "over":
        before = room.state.last_ruling
        mover = room.view("tv")["to_move"]
        room.move(mover, room.kind.decide(room.game_obj(), room.view(mover), rng), rng=rng)
        ruling = room.state.last_ruling
        if ruling is not before:
            rulings += 1
            shown.append(room.view("sam")["last_ruling"])
        history = room.view("sam")["history"]
        assert len(history) == min(rulings, HISTORY_ROUNDS)
        assert [e["ruling"] for e in history] == shown[-HISTORY_ROUNDS:]
        for entry in history:  # a send or a pass shows no card; the call turned its own
            assert not cards_in(entry["claims"])
            assert set(cards_in(entry["ruling"])) == {entry["ruling"]["card"]}
    assert rulings > HISTORY_ROUNDS
    rounds = [e["round"] for e in room.view("sam")["history"]]
    assert rounds == sorted(rounds) and len(set(rounds)) == len(rounds)


# --- the server's setting ----------------------------------------------------------------

def test_reveal_seconds_is_the_servers_setting_0_to_60(capsys):
    parser = argparse.ArgumentParser(prog="liars serve")
    add_arguments(parser)
    assert parser.parse_args([]).reveal_seconds == 5
    assert parser.parse_args(["--reveal-seconds", "0"]).reveal_seconds == 0
    for bad in ("99", "-1", "nan", "soon"):
        with pytest.raises(SystemExit) as stopped:
            parser.parse_args(["--reveal-seconds", bad])
        assert stopped.value.code == 2
        error = capsys.readouterr().err
        assert "--reveal-seconds" in error and bad in error
        if bad == "99":
            assert "the reveal is shown from 0 to 60 seconds, not 99" in error
    assert app_config(reveal_seconds=2)["ROOM_REVEAL_SECONDS"] == 2
    assert create_app().config["ROOM_REVEAL_SECONDS"] == 5  # the server's default


# --- a real server ------------------------------------------------------------------------

def test_over_http_a_computer_player_waits_for_the_connected_phone_to_see_the_ruling(tmp_path):
    with LiveServer("--reveal-seconds", "1", "--rooms-db",
                    str(tmp_path / "rooms.sqlite3")) as live:
        made = live.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                              "rules": {"dice_each": 5}}).json()
        code, ann = made["code"], made["token"]
        live.post(f"{V1}/rooms/{code}/bots", json={"name": "robo", "delay": 0},
                  headers=bearer(ann))
        stream = requests.get(f"{live.url}{V1}/rooms/{code}/events", params={"token": ann},
                              stream=True, timeout=30)  # ann's phone is connected
        lines = stream.iter_lines()
        next(line for line in lines if line.startswith(b"data: "))
        live.post(f"{V1}/rooms/{code}/start", headers=bearer(ann))
        ruled = None
        for _ in range(2000):  # until a ruling leaves robo to move, before ann has seen it
            view = live.get(f"{V1}/rooms/{code}", headers=bearer(ann)).json()
            if view["phase"] == "over":  # robo won: again
                live.post(f"{V1}/rooms/{code}/rematch", headers=bearer(ann))
                continue
            reveal = view["reveal"]
            if reveal and "ann" not in reveal["seen"] and view["to_move"] == "robo":
                ruled = view
                break
            if view["to_move"] == "ann":  # her move dismisses the reveal before it
                move = {"type": "liar"} if view["declarations"] else opening(view)
                answer = live.post(f"{V1}/rooms/{code}/moves", json=move, headers=bearer(ann))
                assert answer.status_code == 200, answer.json()
            else:
                time.sleep(0.05)
        assert ruled is not None and ruled["reveal"]["waiting"] == ["ann"]
        assert ruled["reveal"]["hold"] == 1.0
        time.sleep(2.5)  # past the hold: robo still waits for ann's phone
        still = live.get(f"{V1}/rooms/{code}", headers=bearer(ann)).json()
        assert still["version"] == ruled["version"] and still["to_move"] == "robo"
        live.post(f"{V1}/rooms/{code}/moves", json={"type": "seen", "n": ruled["reveal"]["n"]},
                  headers=bearer(ann))
        moved = wait_for(live, code, ann, lambda v: v["to_move"] != "robo", seconds=20)
        assert moved["reveal"]["n"] >= ruled["reveal"]["n"]
        assert time.time() < ruled["reveal"]["at"] + REVEAL_WAIT_MAX  # released by seen
        stream.close()


def opening(view) -> dict:
    """ann's opening bid: one more of her likeliest face than she holds, so that robo's
    answer (a call, or a raise she calls) is often wrong and robo, losing, opens."""
    held = Counter(view["you"]["hand"])
    face, count = held.most_common(1)[0]
    return {"type": "bid", "quantity": count + 1, "face": face}


def wait_for(live, code, token, done, seconds=30.0):
    deadline = time.monotonic() + seconds
    while True:
        view = live.get(f"{V1}/rooms/{code}", headers=bearer(token)).json()
        if done(view) or time.monotonic() > deadline:
            return view
        time.sleep(0.05)
