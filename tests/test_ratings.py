"""The house leaderboard's pure parts: ratings from places, ties rated as ties, and which
games count (solver/rooms/ratings.py; solver/rooms/room.py's ``rated``), profiles and
their keys (solver/rooms/profiles.py)."""

from __future__ import annotations

import random

import pytest

from solver.errors import InvalidInput, RoomConflict
from solver.rooms.profiles import matches, new_profile, read_profile
from solver.rooms.ratings import (
    START,
    Rating,
    group_of,
    never_moved,
    players,
    rate,
    removed,
    unrated_because,
)
from solver.rooms.room import Room


def test_a_new_player_shows_1000():
    assert Rating().shown == START == 1000 and Rating().games == 0


def test_a_finishing_order_moves_ratings_the_right_way():
    first, second, third, fourth = rate([Rating()] * 4, [1, 2, 3, 4])
    assert first.mu > second.mu > third.mu > fourth.mu
    assert first.mu > 25 > fourth.mu
    assert first.shown > second.shown > third.shown > fourth.shown
    assert first.shown > 1000  # the winner's number rises from the first game
    assert all(r.sigma < Rating().sigma and r.games == 1 for r in (first, fourth))
    # the order given is the players', whatever their places
    assert rate([Rating()] * 4, [4, 3, 2, 1]) == [fourth, third, second, first]


def test_players_who_share_a_place_are_rated_alike():
    winner, one, other = rate([Rating()] * 3, [1, 2, 2])
    assert one == other and winner.mu > one.mu
    even = rate([Rating(), Rating()], [1, 1])
    assert even[0] == even[1] and even[0].mu == pytest.approx(25)


@pytest.mark.parametrize("places", [[1, 1, 1, 1, 5, 6], [1, 1, 3, 4], [1, 1, 1, 4, 5],
                                    [1, 2, 2], [1, 1], [2, 1, 1, 4, 4, 6], [1, 1, 3, 3, 3]])
def test_ties_are_ties(places):
    """Players who share a place move as equals, and never less than anyone placed below
    them (the issue's cases first: openskill's own tie arithmetic fails them)."""
    after = rate([Rating()] * len(places), places)
    for i, place in enumerate(places):
        for j, other in enumerate(places):
            if place == other:
                assert after[i] == after[j], (i, j)
            elif place < other:
                assert after[i].mu > after[j].mu and after[i].shown > after[j].shown, (i, j)


def test_the_issues_tie_is_rated_as_its_orders():
    """[1, 1, 1, 1, 5, 6]: the four who shared first gained 10, the 5th 37, before."""
    shown = [r.shown for r in rate([Rating()] * 6, [1, 1, 1, 1, 5, 6])]
    assert shown == [1050] * 4 + [977, 887]
    # the mean of the orders the tie stands for: the same as the tie broken each way
    strict = [rate([Rating()] * 4, order) for order in ([1, 2, 3, 4], [2, 3, 4, 1],
                                                        [3, 4, 1, 2], [4, 1, 2, 3])]
    tied = rate([Rating()] * 4, [1, 1, 1, 1])
    assert tied[0].mu == pytest.approx(sum(r[0].mu for r in strict) / 4)
    assert tied[0].mu == pytest.approx(25)  # four who share everything: no one moves


def test_tied_players_of_unequal_ratings_share_the_place_not_the_number():
    """A strong and a new player who share first: the strong one gains less (or loses),
    as a draw between them should; two of equal ratings still move alike."""
    strong = Rating(mu=35, sigma=3, games=30)
    a, b, c, d = rate([strong, Rating(), Rating(), Rating()], [1, 1, 1, 4])
    assert b == c and b.mu > 25 and a.mu - strong.mu < b.mu - 25
    assert d.mu < 25


def test_a_tie_costs_no_more_than_a_table_seats():
    """20 seats (the most a table takes) in groups of three: 3**6 * 2 orders."""
    places = [1, 1, 1, 4, 4, 4, 7, 7, 7, 10, 10, 10, 13, 13, 13, 16, 16, 16, 19, 19]
    after = rate([Rating()] * 20, places)
    assert after[0] == after[2] and after[0].mu > after[3].mu > after[19].mu


def test_an_upset_moves_more_than_the_expected_result():
    strong, new = Rating(mu=35, sigma=2, games=40), Rating()
    expected = rate([strong, new], [1, 2])
    upset = rate([strong, new], [2, 1])
    assert upset[0].mu < strong.mu < expected[0].mu
    assert strong.mu - upset[0].mu > expected[0].mu - strong.mu
    assert upset[1].mu - new.mu > new.mu - expected[1].mu


def test_regulars_rise_as_the_model_grows_sure():
    """The shown number is cautious (mu - 3 sigma): even players who keep playing all
    rise above 1000, and stay in order of how often they won."""
    ratings, rng = [Rating()] * 3, random.Random(5)
    for _ in range(60):
        ratings = rate(ratings, rng.choice([[1, 2, 3], [1, 3, 2], [2, 1, 3]]))
    assert all(r.shown > 1000 for r in ratings)
    assert ratings[0].shown > ratings[1].shown > ratings[2].shown


def test_a_rated_game_has_two_players_each_with_a_place():
    with pytest.raises(ValueError):
        rate([Rating()], [1])
    with pytest.raises(ValueError):
        rate([Rating(), Rating()], [1])


def test_a_profile_keeps_only_its_keys_digest():
    profile, key = new_profile(" Ann ")
    assert profile["name"] == "Ann" and set(profile) == {"id", "name", "key"}
    assert key not in profile.values() and len(key) >= 32  # 192 random bits
    assert matches(profile, key)
    assert not matches(profile, key + "x") and not matches(profile, "") \
        and not matches(profile, None)
    other, other_key = new_profile("Ann")
    assert other["id"] != profile["id"] and other_key != key


@pytest.mark.parametrize("value, field", [
    ("abc", "profile"), ({"id": "abcdefghij"}, "profile.key"),
    ({"id": "ABCDEFGHIJ", "key": "k"}, "profile.id"), ({"id": 7, "key": "k"}, "profile.id"),
    ({"id": "abcdefghij", "key": ""}, "profile.key"),
    ({"id": "abcdefghij", "key": "k" * 65}, "profile.key"),
    ({"id": "abcdefghij", "key": "k", "name": "ann"}, "profile"),
])
def test_a_malformed_profile_is_refused_naming_its_field(value, field):
    with pytest.raises(InvalidInput) as refused:
        read_profile(value)
    assert refused.value.field == field
    assert "k" * 20 not in refused.value.message  # a key is never quoted


def seated(*profiles, bot=False):
    room, _ = Room.create("BCDFG", {"game": "dice", "name": "ann"}, profile=profiles[0])
    for index, profile in enumerate(profiles[1:]):
        room.join(f"p{index}", profile=profile)
    if bot:
        room.add_bot("ann", "robo")
    return room


def test_a_table_counts_only_when_every_seat_is_a_human_with_a_profile():
    assert seated("aaaaaaaaaa", "bbbbbbbbbb").rated()
    assert seated("aaaaaaaaaa", "bbbbbbbbbb").view("ann")["rated"] is True
    assert not seated("aaaaaaaaaa").rated()  # one profile is no contest
    assert not seated("aaaaaaaaaa", None).rated()  # a seat without a profile
    assert not seated("aaaaaaaaaa", "bbbbbbbbbb", bot=True).rated()  # a computer player
    assert not seated(None, None).rated()
    assert "aaaaaaaaaa" not in str(seated("aaaaaaaaaa", "bbbbbbbbbb").view("p0"))
    assert unrated_because(seated("aaaaaaaaaa", None)) == \
        "'p0' plays without a profile: every seat needs one"


def played(room, moves):
    """``room`` started, then ``moves`` (mover, body) made; a one-die game each."""
    room.state.rules = {**room.rules, "dice_each": 1}
    room.start("ann", rng=random.Random(1))
    for mover, body in moves:
        room.move(mover, body(room) if callable(body) else body, rng=random.Random(2))
    return room


def own_bid(mover):
    return lambda room: {"type": "bid", "quantity": 1, "face": room.hands[mover][0]}


def test_a_removal_never_decides_a_rated_game():
    room = played(seated("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"), [("ann", own_bid("ann"))])
    assert room.rated() and unrated_because(room) is None  # so far, so good
    room.move("ann", {"type": "remove", "player": "p1"})
    assert removed(room) == ["p1"] and not room.rated()
    assert unrated_because(room) == ("'p1' left this game or was taken off it: a removal "
                                     "never decides a rated game")
    # the room's own list (issue 45's "removed") says so too, the log aside
    later = played(seated("aaaaaaaaaa", "bbbbbbbbbb"), [])
    later.state.removed = ["p0", "ann"]
    assert removed(later) == ["p0", "ann"]
    assert "'p0' and 'ann' left this game or were taken off it" in unrated_because(later)


def test_a_seat_that_never_moved_is_not_a_rated_game_but_a_timeout_is_play():
    room = played(seated("aaaaaaaaaa", "bbbbbbbbbb"), [("ann", own_bid("ann"))])
    assert never_moved(room) == ["p0"] and room.rated()  # still to come: not yet said
    room.state.timer["deadline"] = 0.0  # p0 lets the clock run out, never having moved
    room.time_out(1.0)
    assert room.phase == "over" and removed(room) == [] and never_moved(room) == ["p0"]
    assert unrated_because(room) == ("'p0' made no move of their own in this game: a "
                                     "rated game is played by everyone in it")
    both = played(seated("aaaaaaaaaa", "bbbbbbbbbb"), [("ann", own_bid("ann")),
                                                       ("p0", {"type": "liar"})])
    assert both.phase == "over" and both.rated() and never_moved(both) == []


def test_a_player_taken_off_the_table_after_the_game_is_still_one_of_its_players():
    """p0 times out before making a move; the game is played out without them, then the
    host takes them off the table (``unseat``): the game still had a seat that never
    moved, and its players are still the three it placed."""
    room = played(seated("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"), [("ann", own_bid("ann"))])
    room.state.timer["deadline"] = 0.0
    room.time_out(1.0)  # p0, to move, never moved
    while room.phase != "over":
        mover = room.game_obj().to_move
        room.move(mover, {"type": "liar"} if room.state.bids else own_bid(mover)(room),
                  rng=random.Random(2))
    room.move("ann", {"type": "unseat", "player": "p0"})
    assert [s["name"] for s in room.seats] == ["ann", "p1"]
    assert sorted(s["name"] for s in players(room)) == ["ann", "p0", "p1"]
    assert unrated_because(room).startswith("'p0' made no move of their own")


def test_a_group_is_its_set_of_profiles_whatever_the_seats():
    assert group_of(["b", "a"]) == group_of(["a", "b"]) == "a,b"
    assert group_of(["a", "b", "c"]) != group_of(["a", "b"])


def test_a_profile_sits_in_one_seat_of_a_room():
    room = seated("aaaaaaaaaa")
    with pytest.raises(RoomConflict) as refused:
        room.join("ann again", profile="aaaaaaaaaa")
    assert refused.value.field == "profile" and len(room.seats) == 1


def test_the_standings_are_the_places_of_the_profiles():
    room = seated("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc")
    room.state.rules = {**room.rules, "dice_each": 1}
    room.start("ann", rng=random.Random(1))
    while room.phase != "over":
        mover = room.game_obj().to_move
        if room.state.bids:
            room.move(mover, {"type": "liar"}, rng=random.Random(2))
        else:
            room.move(mover, {"type": "bid", "quantity": 1, "face": room.hands[mover][0]})
    by_name = {s["name"]: s["profile"] for s in room.seats}
    places = room.view("ann")["places"]
    assert room.standings() == [(by_name[p["name"]], p["place"]) for p in places]
    assert [place for _, place in room.standings()] == [1, 2, 3]
