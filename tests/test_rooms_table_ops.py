"""Every table operation, on every game: the clock, taking a player off (the one to move or
any other, by the host or by themselves), taking a seat off between games, the rematch,
and the computer players' clock (they have none).  Each test runs on all five games: the
table's life is written once (solver/rooms/leaving.py, room.py) and each game says only
what going out means to its own state.  The randomized version of these, over HTTP and both
stores, is tests/test_rooms_matrix.py."""

from __future__ import annotations

import copy
import random

import pytest

from solver.errors import HostOnly, InvalidInput, RoomConflict
from solver.games.registry import ROOM_GAMES
from solver.rooms.room import Room

GAMES = sorted(ROOM_GAMES)
FAST = {"letters": {"tile_limit": 2}, "dice": {"dice_each": 2}, "poker": {"card_limit": 2}}
NAMES = ("ann", "ben", "cy")
PUBLIC_SEAT = {"name", "out", "out_by", "host", "bot", "level", "connected", "revealed"}


def room_of(game: str, *, clock=None, bots=(), hold=0.0, seed=1) -> tuple[Room, random.Random]:
    """A started room: ann hosts, ben and cy join (or sit as computer players)."""
    rng = random.Random(seed)
    body = {"game": game, "name": "ann", "rules": FAST.get(game, {}), "clock": clock}
    room, _ = Room.create("OPSXY", body, rng=rng, hold=hold)
    for name in NAMES[1:]:
        if name in bots:
            room.add_bot("ann", name, delay=0)
        else:
            room.join(name)
    room.start("ann", rng=rng)
    return room, rng


def legal_move(room: Room, rng) -> None:
    """One legal move at the table: the player to move's (an easy player's choice from
    their own view), or the host's ruling on a call the referee cannot decide."""
    if room.phase == "reveal":
        room.move(room.host, {"type": "ruling", "ruling": "rejected"}, rng=rng)
        return
    name = room.game_obj().to_move
    room.move(name, room.kind.decide(room.game_obj(), room.view(name), rng, "easy"), rng=rng)


def play_a_while(room: Room, rng, moves: int) -> None:
    for _ in range(moves):
        if room.phase == "over":
            return
        legal_move(room, rng)


def hidden_hands_stay_hidden(room: Room) -> None:
    """Each view holds its own hand and, of every other seat, a count only."""
    for seat in room.seats:
        view = room.view(seat["name"])
        assert view["you"]["hand"] == room.hands.get(seat["name"])
        for player in view["players"]:
            assert set(player) - {room.kind.hand_key} <= PUBLIC_SEAT, player
            assert isinstance(player[room.kind.hand_key], (int, type(None)))


# --- taking a player off: any seat, any moment, every game --------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_host_takes_off_a_player_whose_turn_it_is_not(game):
    """Liar Liar refused this ("it is sol's turn, not uma's"); Liar's Poker refused any
    removal ("a Liar's Poker event is 'claim' or 'call', not 'leave'")."""
    room, rng = room_of(game)
    play_a_while(room, rng, 3)
    mover = room.game_obj().to_move
    other = next(n for n in NAMES if n not in (mover, "ann") and not room.game_obj().is_out(n))
    before = room.version
    room.move("ann", {"type": "remove", "player": other}, rng=rng)
    view = room.view("ann")
    seat = next(p for p in view["players"] if p["name"] == other)
    assert room.version == before + 1
    assert seat["out"] is True and seat["out_by"] == "removed" and view["removed"] == [other]
    assert view["notice"]["kind"] == "removed" and view["notice"]["player"] == other
    assert other in view["notice"]["text"] and view["notice"]["by"] == "ann"
    assert room.log()["events"][-1] == {"type": "leave", "player": other}
    if game == "post":  # the rules: a player taken off loses Liar's Post
        assert view["phase"] == "over" and view["places"][-1]["name"] == other
    else:
        assert view["phase"] == "playing" and view["to_move"] != other
        play_a_while(room, rng, 4)  # and the game goes on
    hidden_hands_stay_hidden(room)


@pytest.mark.parametrize("game", GAMES)
def test_taking_off_the_player_to_move_and_a_player_leaving_end_the_game_in_places(game):
    room, rng = room_of(game)
    play_a_while(room, rng, 2)
    mover = room.game_obj().to_move
    if mover == "ann":
        room.move("ann", {"type": "remove", "player": "ann"}, rng=rng)  # the host leaves
        gone = {"ann": "left"}
    else:
        room.move("ann", {"type": "remove", "player": mover}, rng=rng)
        gone = {mover: "removed"}
    if room.phase != "over":
        last = next(n for n in NAMES if n not in gone and not room.game_obj().is_out(n)
                    and n != room.host)
        room.move(last, {"type": "remove", "player": last}, rng=rng)  # a player leaves
        gone[last] = "left"
    view = room.view("ben")
    assert view["phase"] == "over", view
    assert sorted(p["name"] for p in view["places"]) == sorted(NAMES)  # every seat placed
    for name, why in gone.items():
        seat = next(p for p in view["players"] if p["name"] == name)
        assert (seat["out"], seat["out_by"]) == (True, why)
        if game != "post":  # placed below everyone still in
            assert view["places"][0]["name"] not in gone


@pytest.mark.parametrize("game", GAMES)
def test_a_repeated_removal_changes_nothing_and_says_so(game):
    room, rng = room_of(game)
    target = "cy" if room.game_obj().to_move != "cy" else "ben"
    room.move("ann", {"type": "remove", "player": target}, rng=rng)
    if room.phase == "over":  # Liar's Post: the game is over, the repeat is refused as such
        with pytest.raises(RoomConflict):
            room.move("ann", {"type": "remove", "player": target}, rng=rng)
        return
    before = copy.deepcopy(room.state)
    with pytest.raises(RoomConflict, match="already out"):
        room.move("ann", {"type": "remove", "player": target}, rng=rng)
    assert room.state == before


@pytest.mark.parametrize("game", GAMES)
def test_only_the_host_takes_another_off_and_anyone_may_leave(game):
    room, rng = room_of(game)
    with pytest.raises(HostOnly):
        room.move("ben", {"type": "remove", "player": "cy"}, rng=rng)
    with pytest.raises(InvalidInput):
        room.move("ann", {"type": "remove", "player": "zed"}, rng=rng)
    room.move("ben", {"type": "remove", "player": "ben"}, rng=rng)
    seat = room.view("cy")["players"][1]
    assert (seat["name"], seat["out"], seat["out_by"]) == ("ben", True, "left")
    assert room.view("cy")["notice"]["kind"] == "left"


@pytest.mark.parametrize("game", GAMES)
def test_out_of_the_game_and_off_the_table_are_two_moves(game):
    room, rng = room_of(game)
    with pytest.raises(RoomConflict, match="remove"):
        room.move("ann", {"type": "unseat", "player": "cy"}, rng=rng)  # during the game
    room.move("ann", {"type": "remove", "player": "cy"}, rng=rng)
    if room.phase != "over":
        room.move("ann", {"type": "remove", "player": "ben"}, rng=rng)
    assert room.phase == "over"
    version, seats = room.version, len(room.seats)
    with pytest.raises(RoomConflict, match="unseat"):  # a retried remove takes no seat
        room.move("ann", {"type": "remove", "player": "cy"}, rng=rng)
    assert (room.version, len(room.seats)) == (version, seats)
    room.move("ann", {"type": "unseat", "player": "cy"}, rng=rng)
    assert [s["name"] for s in room.seats] == ["ann", "ben"]
    assert room.view("cy")["you"]["seat"] is False  # cy's phone watches on


# --- the clock, every game ------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_clock_puts_the_player_to_move_out_in_every_game(game):
    """Liar's Poker's clock never fired: its timeout was an event the game refused."""
    room, rng = room_of(game, clock=10)
    play_a_while(room, rng, 2)
    room.timers(1000.0)
    mover = room.game_obj().to_move
    deadline = room.state.timer["deadline"]
    assert deadline is not None and room.out_of_time(deadline - 0.01) is None
    assert room.time_out(deadline, rng=rng) == mover
    view = room.view("ann")
    seat = next(p for p in view["players"] if p["name"] == mover)
    assert (seat["out"], seat["out_by"]) == (True, "clock") and view["timed_out"] == [mover]
    assert view["notice"]["kind"] == "timeout" and view["notice"]["player"] == mover
    if game == "post":
        assert view["phase"] == "over" and view["places"][-1]["name"] == mover
    else:
        assert view["to_move"] != mover
        play_a_while(room, rng, 3)


@pytest.mark.parametrize("game", GAMES)
def test_a_computer_player_has_no_clock(game):
    """A computer player waiting for a phone to dismiss a reveal was put out by its own
    clock: only people have clocks (docs/rules.md)."""
    room, rng = room_of(game, clock=10, bots=("ben", "cy"))
    for _ in range(60):
        if room.phase == "over":
            break
        room.timers(1000.0 + _)
        mover = room.game_obj().to_move if room.phase == "playing" else None
        view = room.view("ann", now=1000.0 + _)
        if mover in ("ben", "cy"):
            assert view["deadline"] is None and view["clock_starts"] is None
            assert room.out_of_time(10 ** 10) is None
        elif mover == "ann":
            assert view["deadline"] - view["clock_starts"] == 10_000
        legal_move(room, rng)


@pytest.mark.parametrize("game", GAMES)
def test_after_a_ruling_the_clock_starts_once_the_reveal_is_held(game):
    """The clock showed 12 s on a 10 s clock after a reveal: its deadline counts the hold,
    and the view says when it starts, so a phone never shows more than the setting."""
    room, rng = room_of(game, clock=10, hold=4.0)
    for _ in range(200):  # to the first ruling
        if room.state.reveal is not None or room.phase == "over":
            break
        legal_move(room, rng)
    if room.phase != "playing" or room.state.reveal is None:
        pytest.skip("the game ended on its first ruling")
    room.timers(500.0)
    view = room.view("ann", now=500.0)
    assert view["clock_starts"] == 504_000 and view["deadline"] == 514_000


# --- the rematch, every game -----------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_its_rematch(game):
    """A Liar Liar rematch answered 500 at every play: its pile was never set up again."""
    room, rng = room_of(game, clock=10)
    play_a_while(room, rng, 3)
    while room.phase != "over":  # the host takes off whoever is to move (themselves too)
        room.move(room.host, {"type": "remove", "player": room.game_obj().to_move}, rng=rng)
    room.rematch(room.host, rng=rng)
    view = room.view("ann")
    assert view["phase"] == "playing" and view["game_no"] == 2
    assert view["removed"] == [] and view["timed_out"] == []
    assert not any(p["out"] for p in view["players"])
    play_a_while(room, rng, 8)
    assert room.view("ann")["version"] > view["version"] + 1
    hidden_hands_stay_hidden(room)


@pytest.mark.parametrize("game", GAMES)
def test_a_player_taken_off_holds_no_reveal(game):
    """A computer player waits for the phones still to dismiss a ruling, not for a phone
    whose player the host took off."""
    room, rng = room_of(game, bots=("cy",), hold=1.0)
    for _ in range(200):
        if room.state.reveal is not None or room.phase == "over":
            break
        legal_move(room, rng)
    if room.phase != "playing" or room.state.reveal is None:
        pytest.skip("the game ended on its first ruling")
    room.timers(100.0)
    assert "ben" in room.reveal_waiting({"ann", "ben"})
    room.move("ann", {"type": "remove", "player": "ben"}, rng=rng)
    if room.phase == "playing":
        assert "ben" not in room.reveal_waiting({"ann", "ben"})
