"""A leaderboard worth climbing (issue 48), over HTTP against both stores: a removal never
decides a rated game, nor a seat that never moved; one group of profiles is rated a
bounded number of games a day; a profile is listed once it has met three opponents; a
profile's name is one person's; wrong keys count as guesses; a profile's page shows its
ratings, their history, opponents and places.

The sock puppets of the issue are played here as they were found: one person's two
profiles at one table, the host taking the other seat off, or playing quick games.
"""

from __future__ import annotations

import time

import pytest
from rooms_http import bearer, play_dice_out
from test_rooms_ratings import app_client, board, page, profile, rated_games, sent, table

from api.rooms import ratings, turns
from api.rooms.limits import MAX_MISSES, RATED_GAMES_PER_DAY
from api.rooms.store import open_store

V1 = "/api/v1"


def view(client, code, token) -> dict:
    answer = client.get(f"{V1}/rooms/{code}", headers=bearer(token))
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def move(client, code, token, body) -> dict:
    answer = client.post(f"{V1}/rooms/{code}/moves", json=body, headers=bearer(token))
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def bid_own_face(client, code, tokens) -> dict:
    """The player to move bids one of their own die's face (it holds)."""
    mover = view(client, code, next(iter(tokens.values())))["to_move"]
    face = view(client, code, tokens[mover])["you"]["hand"][0]
    return move(client, code, tokens[mover], {"type": "bid", "quantity": 1, "face": face})


def finish(client, code, tokens) -> dict:
    """Play a started (or rematched) game of one die each to its end, as play_dice_out."""
    for _ in range(20):
        now = view(client, code, next(iter(tokens.values())))
        if now["phase"] == "over":
            return now
        if now["declarations"]:
            move(client, code, tokens[now["to_move"]], {"type": "liar"})
        else:
            bid_own_face(client, code, tokens)
    raise AssertionError("the game did not end")


# --- removal never decides a rated game --------------------------------------------------

def test_a_game_ended_by_the_host_taking_a_seat_off_is_not_rated(db):
    """The issue's farm: two profiles of one person, the host takes the other off."""
    client = app_client(db)
    ann, puppet = profile(client, "Ann"), profile(client, "Puppet")
    code, tokens = table(client, [("ann", ann), ("pup", puppet)])
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    over = move(client, code, tokens["ann"], {"type": "remove", "player": "pup"})
    assert over["phase"] == "over" and over["winner"] == "ann"
    assert over["rated"] is False
    assert over["unrated_because"] == ("'pup' left this game or was taken off it: a removal "
                                       "never decides a rated game")
    assert view(client, code, tokens["pup"])["unrated_because"] == over["unrated_because"]
    assert rated_games(client, ann) == rated_games(client, puppet) == 0
    # a rematch is a new game: played out, it counts
    client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(tokens["ann"]))
    assert finish(client, code, tokens)["rated"] is True
    assert rated_games(client, ann) == rated_games(client, puppet) == 1


def test_a_player_who_leaves_takes_the_rating_with_them(db):
    """The puppet leaves by itself (issue 45's own ``remove``), after a move of its own:
    still a removal, still not rated; the three of a table play on, unrated."""
    client = app_client(db)
    ann, puppet, cy = profile(client, "Ann"), profile(client, "Puppet"), profile(client, "Cy")
    code, tokens = table(client, [("ann", ann), ("pup", puppet), ("cy", cy)])
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    face = view(client, code, tokens["ann"])["you"]["hand"][0]
    move(client, code, tokens["ann"], {"type": "bid", "quantity": 1, "face": face})
    move(client, code, tokens["pup"], {"type": "bid", "quantity": 2, "face": face})
    left = move(client, code, tokens["pup"], {"type": "remove", "player": "pup"})
    assert left["phase"] != "over" and left["rated"] is False
    assert left["unrated_because"].startswith("'pup' left this game or was taken off it")
    over = finish(client, code, {name: tokens[name] for name in ("ann", "cy")})
    assert over["phase"] == "over" and over["rated"] is False
    assert rated_games(client, ann) == rated_games(client, cy) == 0


def test_a_player_taken_off_the_table_after_a_rated_game_leaves_it_rated(db):
    """Between games the host takes cy off the table (``unseat``): the game that was
    played still counts, and its view still says so; the rematch is the two left's."""
    client = app_client(db)
    ann, ben, cy = (profile(client, name) for name in ("Ann", "Ben", "Cy"))
    code, tokens = table(client, [("ann", ann), ("ben", ben), ("cy", cy)])
    assert play_dice_out(client, code, tokens, "ann")["rated"] is True
    after = move(client, code, tokens["ann"], {"type": "unseat", "player": "cy"})
    assert [p["name"] for p in after["players"]] == ["ann", "ben"]
    assert after["rated"] is True and after["unrated_because"] is None
    assert [rated_games(client, made) for made in (ann, ben, cy)] == [1, 1, 1]
    client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(tokens["ann"]))
    assert finish(client, code, {"ann": tokens["ann"], "ben": tokens["ben"]})["rated"]
    assert [rated_games(client, made) for made in (ann, ben, cy)] == [2, 2, 1]


def test_a_seatless_host_cannot_decide_which_of_two_players_loses(db):
    client = app_client(db)
    ann, ben, cy = (profile(client, name) for name in ("Ann", "Ben", "Cy"))
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "host", "seat": False,
                                            "rules": {"dice_each": 2},
                                            "profile": sent(ann)}).get_json()
    code, tokens = made["code"], {}
    for name, theirs in (("ben", ben), ("cy", cy)):
        joined = client.post(f"{V1}/rooms/{code}/join", json={"name": name,
                                                              "profile": sent(theirs)})
        tokens[name] = joined.get_json()["token"]
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(made["token"]))
    face = view(client, code, tokens["ben"])["you"]["hand"][0]
    for quantity, mover in enumerate(("ben", "cy"), 1):  # both move: only the removal decides
        move(client, code, tokens[mover], {"type": "bid", "quantity": quantity, "face": face})
    over = move(client, code, made["token"], {"type": "remove", "player": "cy"})
    assert over["phase"] == "over" and over["rated"] is False
    assert "'cy' left this game or was taken off it" in over["unrated_because"]
    assert rated_games(client, ben) == rated_games(client, cy) == 0


def test_a_seat_that_never_moved_does_not_count_but_a_clock_run_out_is_play(db):
    client = app_client(db)
    ann, puppet = profile(client, "Ann"), profile(client, "Puppet")
    code, tokens = table(client, [("ann", ann), ("pup", puppet)], clock=30)
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    bid_own_face(client, code, tokens)  # ann opens; the puppet lets its clock run out
    store = open_store(db)
    assert turns.time_out(store, code, time.time() + 60) == "pup"
    over = view(client, code, tokens["ann"])
    assert over["phase"] == "over" and over["rated"] is False
    assert over["unrated_because"] == ("'pup' made no move of their own in this game: a "
                                       "rated game is played by everyone in it")
    assert rated_games(client, ann) == 0

    # two dice each: both play a round, then whoever is to move runs out of time: that is
    # play, they lose their place, and the game counts
    ben = profile(client, "Ben")
    code, tokens = table(client, [("ann", ann), ("ben", ben)], clock=30,
                         rules={"dice_each": 2})
    client.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens["ann"]))
    bid_own_face(client, code, tokens)
    caller = view(client, code, tokens["ann"])["to_move"]
    move(client, code, tokens[caller], {"type": "liar"})  # wrong: the caller loses a die
    slow = turns.time_out(store, code, time.time() + 60)
    over = view(client, code, tokens["ann"])
    assert over["phase"] == "over" and over["rated"] is True, over["unrated_because"]
    slow_profile = {"ann": ann, "ben": ben}[slow]
    (slow_rating,) = page(client, slow_profile)["ratings"]
    assert slow_rating["places"] == [{"place": 2, "games": 1}] and slow_rating["games"] == 1


# --- one group, a bounded number of games a day ------------------------------------------

def test_one_group_is_rated_a_bounded_number_of_games_a_day(db, monkeypatch):
    """The issue's quick-play farm: one pair rematching.  (The default limit, 10: a
    look-out of another test's app on the same Redis rates by its own app's setting.)"""
    client = app_client(db)
    ann, ben, cy = (profile(client, name) for name in ("Ann", "Ben", "Cy"))
    code, tokens = table(client, [("ann", ann), ("ben", ben)])
    assert play_dice_out(client, code, tokens, "ann")["rated"] is True
    for _ in range(RATED_GAMES_PER_DAY - 1):
        client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(tokens["ann"]))
        assert finish(client, code, tokens)["rated"] is True
    over = view(client, code, tokens["ann"])  # the tenth game, once rated, still says so
    assert over["rated"] is True and over["unrated_because"] is None
    client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(tokens["ann"]))
    playing = view(client, code, tokens["ben"])
    limit = ("these players were rated together 10 times in the last 24 hours, the most "
             "this server rates one group a day (10): play on, unrated, or with others")
    assert playing["rated"] is False and playing["unrated_because"] == limit
    assert finish(client, code, tokens)["unrated_because"] == limit
    assert rated_games(client, ann) == rated_games(client, ben) == 10
    # the same pair at another table: the same group, whichever seats they take
    code, tokens = table(client, [("ben", ben), ("ann", ann)])
    assert view(client, code, tokens["ann"])["unrated_because"] == limit
    # another set of profiles is another group
    code, tokens = table(client, [("ann", ann), ("ben", ben), ("cy", cy)])
    assert play_dice_out(client, code, tokens, "ann")["rated"] is True
    assert rated_games(client, ann) == 11
    # a day later (a rolling day) the pair counts again
    later = time.time() + 24 * 3600 + 1
    monkeypatch.setattr(ratings, "time", type("Clock", (), {"time": staticmethod(
        lambda: later)}))
    code, tokens = table(client, [("ann", ann), ("ben", ben)])
    assert play_dice_out(client, code, tokens, "ann")["rated"] is True
    assert rated_games(client, ann) == 12


def test_the_daily_limit_is_the_apps_setting(tmp_path):
    """RATED_GAMES_PER_DAY (liars serve --rated-games-per-day): here 1 (SQLite: no other
    app's look-out shares this file)."""
    client = app_client(str(tmp_path / "rooms.sqlite3"), RATED_GAMES_PER_DAY=1)
    ann, ben = profile(client, "Ann"), profile(client, "Ben")
    code, tokens = table(client, [("ann", ann), ("ben", ben)])
    assert play_dice_out(client, code, tokens, "ann")["rated"] is True
    client.post(f"{V1}/rooms/{code}/rematch", headers=bearer(tokens["ann"]))
    assert "(1): play on, unrated" in finish(client, code, tokens)["unrated_because"]
    assert rated_games(client, ann) == 1


def test_the_daily_limit_is_an_operator_setting():
    import argparse

    from api.serve import add_arguments, app_config
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args([]).rated_games_per_day == RATED_GAMES_PER_DAY == 10
    assert parser.parse_args(["--rated-games-per-day", "3"]).rated_games_per_day == 3
    for wrong in ("0", "-1", "x"):
        with pytest.raises(SystemExit):
            parser.parse_args(["--rated-games-per-day", wrong])
    assert app_config(rated_games=3)["RATED_GAMES_PER_DAY"] == 3


def test_racing_games_of_one_group_never_pass_its_limit(db):
    """Six finished games of one group rated at once by six processes' stores: each store
    counts the group's games and rates in one transaction, so three count, no more.  (On
    the store itself: rooms made here are due to no look-out, whichever app runs one.)"""
    import threading
    now, group = time.time(), "aaaaaaaaaa,bbbbbbbbbb"
    store = open_store(db)
    for pid, name in (("aaaaaaaaaa", "Ann"), ("bbbbbbbbbb", "Ben")):
        assert store.add_profile({"id": pid, "name": name, "key": "k"}, now) is None
    codes = [f"BCDF{letter}" for letter in "BCDFGH"]
    for code in codes:
        assert store.create({"code": code, "version": 1, "phase": "over"}, now)

    def update(current):
        games = 1 + (current["aaaaaaaaaa"] or {"games": 0})["games"]
        return {pid: {"mu": 25.0, "sigma": 8.0, "games": games, "score": 1.0,
                      "met": [other], "opponents": 1, "listed": False,
                      "places": {"1": games}, "history": {"mu": 25.0, "sigma": 8.0,
                                                         "place": 1, "players": 2}}
                for pid, other in (("aaaaaaaaaa", "bbbbbbbbbb"),
                                   ("bbbbbbbbbb", "aaaaaaaaaa"))}

    start, results = threading.Barrier(len(codes)), []

    def race(code):
        mine = open_store(db)
        start.wait()
        results.append(mine.rate(code, 1, "dice", ["aaaaaaaaaa", "bbbbbbbbbb"], update,
                                 group=group, limit=3, now=time.time()))

    threads = [threading.Thread(target=race, args=(code,)) for code in codes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False] * 3 + [True] * 3
    assert len(store.group_games(group, time.time())) == 3
    assert [r["games"] for r in store.ratings("aaaaaaaaaa")] == [3]
    assert len(store.ratings("bbbbbbbbbb")[0]["history"]) == 3
    assert store.group_games(group, time.time() + 24 * 3600 + 1) == []  # a rolling day


# --- listed once established ---------------------------------------------------------------

def test_a_profile_is_listed_once_it_has_met_three_opponents(db):
    client = app_client(db)
    ann, ben, cy, di = (profile(client, name) for name in ("Ann", "Ben", "Cy", "Di"))
    for other, name in ((ben, "ben"), (cy, "cy"), (ben, "ben")):
        code, tokens = table(client, [("ann", ann), (name, other)])
        play_dice_out(client, code, tokens, "ann")
    assert board(client) == []  # ann met two opponents in three games: not yet
    (mine,) = page(client, ann)["ratings"]
    assert mine["provisional"] is True and mine["games"] == 3 and mine["opponents"] == 2
    code, tokens = table(client, [("ann", ann), ("di", di)])
    play_dice_out(client, code, tokens, "ann")
    (line,) = board(client)
    (mine,) = page(client, ann)["ratings"]
    assert line == {"name": "Ann", "rating": mine["rating"], "games": 4, "opponents": 3}
    assert mine["provisional"] is False
    assert all(page(client, made)["ratings"][0]["provisional"] for made in (ben, cy, di))


# --- a name is one person's ----------------------------------------------------------------

@pytest.mark.parametrize("alike", ["marta", "MARTA", "M\u0430rta", "\uff2darta",
                                   "Marta\u3164", " Marta "])
def test_a_profile_name_is_one_persons(db, alike):
    client = app_client(db)
    profile(client, "Marta")
    answer = client.post(f"{V1}/profiles", json={"name": alike})
    assert answer.status_code == 409, answer.get_json()
    error = answer.get_json()["error"]
    assert error["code"] == "room_conflict" and error["field"] == "name"
    assert "looks like it" in error["message"]
    assert profile(client, "Martha")["name"] == "Martha"  # another name is free


def test_a_name_kept_before_names_were_unique_stays_and_is_taken(tmp_path):
    """A SQLite file from before: its profiles gain their look-alike keys at start, the
    first of two look-alikes keeping its own."""
    import sqlite3
    path = tmp_path / "rooms.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.executescript("""
            CREATE TABLE profiles (id TEXT PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL,
                                   created REAL NOT NULL, rated INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE ratings (game TEXT NOT NULL, profile TEXT NOT NULL, mu REAL NOT NULL,
                                  sigma REAL NOT NULL, games INTEGER NOT NULL,
                                  score REAL NOT NULL, PRIMARY KEY (game, profile));
            INSERT INTO profiles VALUES ('aaaaaaaaaa', 'Marta', 'k', 1, 1);
            INSERT INTO profiles VALUES ('bbbbbbbbbb', 'marta', 'k', 2, 1);
            INSERT INTO ratings VALUES ('dice', 'aaaaaaaaaa', 30, 5, 4, 15);""")
    store = open_store(str(path))
    assert store.profile("bbbbbbbbbb")["name"] == "marta"  # kept, as it was
    assert store.add_profile({"id": "cccccccccc", "name": "MARTA", "key": "k"}, 3) == "name"
    (rating,) = store.ratings("aaaaaaaaaa")
    assert rating["opponents"] == 0 and rating["history"] == [] and rating["games"] == 4


# --- keys are not guessed ------------------------------------------------------------------

def test_wrong_profile_keys_count_toward_the_guessing_limit(db):
    client = app_client(db)
    ann = profile(client, "Ann")
    wrong = {"id": ann["id"], "key": "x" * 32}
    half = MAX_MISSES // 2
    for attempt in range(half):
        answer = client.get(f"{V1}/profiles/{ann['id']}", headers=bearer("x" * 32))
        assert answer.status_code == 401, attempt
    for attempt in range(MAX_MISSES - half - 1):  # a join's wrong key, a wrong room code
        answer = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                                  "profile": wrong})
        assert answer.status_code == 401, attempt
    assert client.get(f"{V1}/rooms/BCDFG", headers=bearer("x")).status_code == 404
    for answer in (client.get(f"{V1}/profiles/{ann['id']}", headers=bearer(ann["key"])),
                   client.get(f"{V1}/profiles/{ann['id']}", headers=bearer("y" * 32)),
                   client.get(f"{V1}/profiles/not-an-id", headers=bearer("y")),
                   client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                                    "profile": sent(ann)})):
        assert answer.status_code == 429, answer.get_json()  # right or wrong: refused
        assert answer.get_json()["error"]["code"] == "too_many_guesses"
        assert answer.headers["Retry-After"] == "60"


def test_the_right_key_is_never_a_miss(db):
    client = app_client(db)
    ann = profile(client, "Ann")
    for _ in range(MAX_MISSES + 5):  # a table's phones, one address, all right
        assert client.get(f"{V1}/profiles/{ann['id']}",
                          headers=bearer(ann["key"])).status_code == 200


# --- a profile's page ------------------------------------------------------------------------

def test_a_profiles_page_shows_its_history_games_opponents_and_places(db):
    client = app_client(db)
    ann, ben, cy = (profile(client, name) for name in ("Ann", "Ben", "Cy"))
    places = []
    for seats in ([("ann", ann), ("ben", ben)], [("ann", ann), ("ben", ben), ("cy", cy)],
                  [("cy", cy), ("ann", ann)]):
        code, tokens = table(client, seats)
        over = play_dice_out(client, code, tokens, seats[0][0])
        places.append(next(p["place"] for p in over["places"] if p["name"] == "ann"))
    mine = page(client, ann)
    assert set(mine) == {"id", "name", "ratings"} and mine["name"] == "Ann"
    (dice,) = mine["ratings"]
    assert dice["games"] == 3 and dice["opponents"] == 2 and dice["provisional"] is True
    assert [(p["place"], p["players"]) for p in dice["history"]] == \
        list(zip(places, [2, 3, 2]))
    assert dice["history"][-1]["rating"] == dice["rating"]
    tally = {place: places.count(place) for place in set(places)}
    assert dice["places"] == [{"place": place, "games": count}
                              for place, count in sorted(tally.items())]
    assert ann["key"] not in str(mine)  # the key goes to the server, never back
