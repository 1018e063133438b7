"""The house leaderboard's pure parts: ratings from places (solver/rooms/ratings.py),
profiles and their keys (solver/rooms/profiles.py), and which tables count
(solver/rooms/room.py's ``rated``)."""

from __future__ import annotations

import random

import pytest

from solver.errors import InvalidInput, RoomConflict
from solver.rooms.profiles import matches, new_profile, read_profile
from solver.rooms.ratings import START, Rating, rate
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
    assert "aaaaaaaaaa" not in str(seated("aaaaaaaaaa", "bbbbbbbbbb").view("p0"))


def test_a_profile_sits_in_one_seat_of_a_room():
    room = seated("aaaaaaaaaa")
    with pytest.raises(RoomConflict) as refused:
        room.join("ann again", profile="aaaaaaaaaa")
    assert refused.value.field == "profile" and len(room.seats) == 1


def test_the_standings_are_the_places_of_the_profiles():
    room = seated("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc")
    room.data["rules"] = {**room.rules, "dice_each": 1}
    room.start("ann", rng=random.Random(1))
    while room.phase != "over":
        mover = room.game_obj().to_move
        if room.data["bids"]:
            room.move(mover, {"type": "liar"}, rng=random.Random(2))
        else:
            room.move(mover, {"type": "bid", "quantity": 1, "face": room.hands[mover][0]})
    by_name = {s["name"]: s["profile"] for s in room.seats}
    places = room.view("ann")["places"]
    assert room.standings() == [(by_name[p["name"]], p["place"]) for p in places]
    assert [place for _, place in room.standings()] == [1, 2, 3]
