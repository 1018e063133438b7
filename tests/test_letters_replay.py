"""Liars' Letters replayed as a whole game: ``solver.games.registry.REPLAYERS["letters"]`` (the sister games'
replay machinery over :class:`solver.games.letters.game.LettersGame`), ``liars letters replay`` and
``POST /api/v1/letters/replay``.

Every rule of docs/rules.md's rounds and the end, every illegal event, the table's own
ruling on an "exact" the referee cannot decide, and random legal games that must come out
the same through the library, the CLI and the API.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter

import pytest

from solver.cli.main import liars_main
from solver.errors import (
    InvalidInput,
    InvalidRules,
    InvalidTile,
    InvalidWordSet,
    LiarsError,
    TooManyTiles,
)
from solver.games.letters import game as letters
from solver.games.letters.game import LettersGame, LettersRules, action_from_dict
from solver.games.registry import REPLAYERS
from solver.search.highest import highest
from solver.words.tiles import get_tile_set

LETTERS = REPLAYERS["letters"]  # Liars' Letters' replay surface (the registry's)


def D(player, words):
    return {"type": "declare", "player": player, "words": words}


def C(player, call, tiles, **extra):
    return {"type": "call", "player": player, "call": call, "tiles": tiles, **extra}


def replay(players, events, **rules):
    return LETTERS.replay({"rules": rules, "players": players, "events": events})


def state(players, events, **rules):
    result = replay(players, events, **rules)
    assert result["ok"], result.get("error")
    return result["state"]


AB = ["ann", "ben"]
ABC = ["ann", "ben", "cy"]


# --- tile gains and losses ---------------------------------------------------------------

def test_bullshit_on_a_set_that_exists_the_caller_gains():
    s = state(ABC, [D("ann", "it"), D("ben", "big"), C("cy", "bullshit", "b i g")])
    assert s["tiles"] == {"ann": 1, "ben": 1, "cy": 2}
    (first,) = s["rounds"]
    assert first["declarations"] == [{"player": "ann", "words": ["it"], "shape": [2]},
                                     {"player": "ben", "words": ["big"], "shape": [3]}]
    assert first["call"] == {"player": "cy", "call": "bullshit", "tiles": "BGI",
                             "declarer": "ben", "declared": ["big"]}
    ruling = first["ruling"]
    assert (ruling["by"], ruling["decision"], ruling["caller"], ruling["declarer"]) == \
        ("referee", "rejected", 1, 0)
    assert ruling["referee"]["exists"] is True
    assert first["tile_changes"] == [{"player": "cy", "role": "caller", "change": 1,
                                      "before": 1, "after": 2, "out": False}]


def test_bullshit_on_a_set_that_does_not_exist_the_declarer_gains():
    s = state(ABC, [D("ann", "a"), D("ben", "it"), C("cy", "bullshit", "ABC")])
    assert s["tiles"] == {"ann": 1, "ben": 2, "cy": 1}
    ruling = s["rounds"][0]["ruling"]
    assert (ruling["decision"], ruling["caller"], ruling["declarer"]) == ("upheld", 0, 1)
    assert [c["player"] for c in s["rounds"][0]["tile_changes"]] == ["ben"]


def test_exact_wrong_the_caller_gains():
    s = state(AB, [D("ann", "a"), C("ben", "exact", "AB")])   # 'ab' is higher
    assert s["tiles"] == {"ann": 1, "ben": 2}
    assert s["rounds"][0]["ruling"]["referee"]["highest"] == ["ab"]


def test_exact_right_both_lose_but_never_below_zero():
    events = [D("ann", "ab"), C("ben", "exact", "AB")]         # the highest: both lose
    s = state(AB, events)
    assert s["tiles"] == {"ann": 0, "ben": 0}
    events += [D("ben", "a"), C("ann", "exact", "")]           # nothing revealed: ann gains
    assert state(AB, events)["tiles"] == {"ann": 1, "ben": 0}
    events += [D("ann", "a"), C("ben", "exact", "A")]          # right again: ben holds none
    s = state(AB, events)
    assert s["tiles"] == {"ann": 0, "ben": 0}
    changes = {c["player"]: c for c in s["rounds"][-1]["tile_changes"]}
    assert changes["ann"]["change"] == -1
    assert (changes["ben"]["before"], changes["ben"]["change"], changes["ben"]["after"]) == \
        (0, 0, 0)


# --- the tile limit, going out, the winner ---------------------------------------------------

def ann_goes_out():
    """Two players; ann is wrong four times and would gain a fifth tile."""
    return [D("ann", "qi"), C("ben", "bullshit", "AB"),         # no Q: ann 2
            D("ben", "a"), C("ann", "bullshit", "ABC"),         # 'a' exists: ann 3
            D("ann", "qi"), C("ben", "bullshit", "ABCD"),       # ann 4
            D("ben", "a"), C("ann", "bullshit", "ABCDE")]       # ann would hold 5: out


def test_a_fifth_tile_puts_a_player_out_and_the_last_one_left_wins():
    events = ann_goes_out()
    before = state(AB, events[:-1])
    assert before["tiles"] == {"ann": 4, "ben": 1} and before["winner"] is None
    s = state(AB, events)
    assert s["out"] == ["ann"] and s["tiles"] == {"ben": 1}
    assert s["winner"] == "ben" and s["to_move"] is None and s["over"] is True
    last = s["rounds"][-1]
    assert last["tile_changes"] == [{"player": "ann", "role": "caller", "change": 1,
                                     "before": 4, "after": None, "out": True}]
    assert last["out"] == ["ann"] and last["winner"] == "ben"
    assert last["next_opener"] is None and last["next_direction"] is None


def test_the_outcome_names_the_winner_and_every_place_as_the_sister_games_do():
    """Last in first, then in reverse order of going out: the shape dice's replay answers."""
    players = ["ann", "ben", "cy"]
    events = [D("ann", "a"), D("ben", "qi"), C("cy", "bullshit", "ABC"),     # ben out
              D("cy", "qi"), C("ann", "bullshit", "AB")]                     # cy out
    assert state(players, events[:3], tile_limit=1)["outcome"] is None
    outcome = state(players, events, tile_limit=1)["outcome"]
    assert outcome["winner"] == "ann" and outcome["placings"] == [["ann"], ["cy"], ["ben"]]
    dice = REPLAYERS["dice"].replay({"players": AB, "rules": {"dice_each": 1}, "events": [
        {"type": "bid", "player": "ann", "quantity": 2, "face": 6},
        {"type": "liar", "player": "ben", "dice": {"ann": [1], "ben": [2]}}]})
    assert set(outcome) == set(dice["state"]["outcome"])


def test_the_tile_limit_is_the_tables_choice():
    events = [D("ann", "qi"), C("ben", "bullshit", "AB")]
    assert state(AB, events, tile_limit=2)["winner"] is None
    s = state(AB, events, tile_limit=1)
    assert s["winner"] == "ben" and s["out"] == ["ann"]
    assert s["rules"]["tile_limit"] == 1
    with pytest.raises(InvalidRules, match="tile_limit must be a whole number from 1 to 20"):
        replay(AB, [], tile_limit=21)


def test_players_go_out_in_order():
    players = ["ann", "ben", "cy"]
    events = [D("ann", "a"), D("ben", "qi"), C("cy", "bullshit", "ABC")]   # ben out
    s = state(players, events, tile_limit=1)
    assert s["out"] == ["ben"] and s["to_move"] == "cy"
    events += [D("cy", "qi"), C("ann", "bullshit", "AB")]                  # cy out
    s = state(players, events, tile_limit=1)
    assert s["out"] == ["ben", "cy"] and s["winner"] == "ann"


# --- who opens, which way ----------------------------------------------------------------------

def test_rounds_alternate_from_clockwise_and_the_turn_follows_the_direction():
    players = ["ann", "bob", "cy", "dee"]
    s = state(players, [])
    assert (s["round"], s["direction"], s["opener"], s["to_move"]) == \
        (1, "clockwise", "ann", "ann")
    events = [D("ann", "a")]
    assert state(players, events)["to_move"] == "bob"
    events += [D("bob", "it"), C("cy", "bullshit", "ABCI")]        # no T: bob gains
    s = state(players, events)
    assert (s["round"], s["direction"], s["opener"], s["to_move"]) == \
        (2, "counterclockwise", "cy", "cy")
    events += [D("cy", "b")]
    assert state(players, events)["to_move"] == "bob"              # counterclockwise
    events += [D("bob", "ab"), C("ann", "bullshit", "ABCIZ")]      # ab exists: ann gains
    s = state(players, events)
    assert (s["round"], s["direction"], s["opener"]) == (3, "clockwise", "ann")
    events += [D("ann", "za")]
    assert state(players, events)["to_move"] == "bob"              # clockwise again
    assert [r["direction"] for r in s["rounds"]] == ["clockwise", "counterclockwise"]
    assert [r["next_direction"] for r in s["rounds"]] == ["counterclockwise", "clockwise"]


def test_the_next_round_is_opened_by_the_latest_player_to_take_a_turn_still_in():
    # The caller took the last turn and is still in: the caller opens.
    s = state(ABC, [D("ann", "a"), D("ben", "ab"), C("cy", "bullshit", "ABC")])
    assert s["opener"] == "cy" and s["rounds"][0]["next_opener"] == "cy"
    # The caller went out: the declarer took the turn before and opens.
    s = state(ABC, [D("ann", "a"), D("ben", "ab"), C("cy", "bullshit", "ABC")], tile_limit=1)
    assert s["out"] == ["cy"] and s["opener"] == "ben" and s["to_move"] == "ben"
    assert s["direction"] == "counterclockwise"
    # The declarer went out: the caller opens.
    s = state(ABC, [D("ann", "a"), D("ben", "qi"), C("cy", "bullshit", "ABC")], tile_limit=1)
    assert s["out"] == ["ben"] and s["opener"] == "cy"


def test_a_player_out_is_skipped():
    players = ["ann", "ben", "cy", "dee"]
    events = [D("ann", "a"), D("ben", "qi"), C("cy", "bullshit", "ABCD")]   # ben out
    s = state(players, events, tile_limit=1)
    assert s["opener"] == "cy" and s["direction"] == "counterclockwise"
    events += [D("cy", "b")]
    assert state(players, events, tile_limit=1)["to_move"] == "ann"        # ben is skipped


# --- illegal events: ok false, where, why, and the state before -----------------------------

ILLEGAL = [
    ("out of turn", AB, [D("ben", "a")], 0, "illegal_move", "it is ann's turn, not ben's",
     "events[0].player"),
    ("not at the table", AB, [D("zed", "a")], 0, "illegal_move", "'zed' is not at this table",
     "events[0].player"),
    ("lower", ABC, [D("ann", "big"), D("ben", "it, is, so")], 1, "illegal_move",
     "is lower than .*strictly higher", "events[1].words"),
    ("equal", ABC, [D("ann", "bigger, b"), D("ben", "larger, a")], 1, "illegal_move",
     "is the same as", "events[1].words"),
    ("not a word", ABC, [D("ann", "a"), D("ben", "qzx")], 1, "illegal_move",
     "not in the twl06 lexicon: QZX", "events[1].words"),
    ("no declaration to call", AB, [C("ann", "bullshit", "AB")], 0, "illegal_move",
     "nothing has been declared this round", "events[0].call"),
    ("no declaration in the new round", AB,
     [D("ann", "a"), C("ben", "exact", "AB"), C("ben", "exact", "ABC")], 2, "illegal_move",
     "nothing has been declared", "events[2].call"),
    ("too few tiles", ABC, [D("ann", "a"), C("ben", "bullshit", "AB")], 1, "illegal_move",
     "2 tiles revealed, but the players hold 3", "events[1].tiles"),
    ("too many tiles", AB, [D("ann", "a"), C("ben", "bullshit", "ABC")], 1, "illegal_move",
     "3 tiles revealed, but the players hold 2", "events[1].tiles"),
    ("game over", AB, [*ann_goes_out(), D("ben", "a")], 8, "game_over",
     "the game is over: ben won", "events[8]"),
    ("an out player acts", ABC,
     [D("ann", "a"), D("ben", "qi"), C("cy", "bullshit", "ABC"), D("cy", "a"), D("ben", "b")],
     4, "illegal_move", "ben is out of the game", "events[4].player"),
    ("the table contradicts a proven ruling", AB,
     [D("ann", "ab"), C("ben", "exact", "AB", ruling="rejected")], 1, "illegal_move",
     "the table ruled 'exact' rejected, but the referee proves it upheld", "events[1].ruling"),
]


@pytest.mark.parametrize("players, events, index, code, message, field",
                         [case[1:] for case in ILLEGAL], ids=[case[0] for case in ILLEGAL])
def test_every_illegal_event_stops_the_replay_there(players, events, index, code, message,
                                                    field):
    rules = {"tile_limit": 1} if "is out of the game" in message else {}
    result = replay(players, events, **rules)
    assert result["ok"] is False
    assert result["event_index"] == index and result["event"] == events[index]
    assert result["error"]["code"] == code
    assert re.search(message, result["error"]["message"]), result["error"]
    assert result["error"]["field"] == field
    assert result["state"] == state(players, events[:index], **rules)   # the state before it
    assert "events" not in result


INPUT_ERRORS = [
    ({"type": "raise", "player": "ann", "words": "a"}, InvalidInput, "'declare', 'call' or 'leave'",
     "events[0].type"),
    ({"type": "declare", "player": "ann"}, InvalidInput, "needs a 'words'", "events[0].words"),
    ({"type": "declare", "player": "ann", "words": "b1g"}, InvalidWordSet, "letters A-Z",
     "events[0].words"),
    ({"type": "declare", "player": "ann", "words": "a", "tiles": "A"}, InvalidInput,
     "unknown field.*'tiles'", "events[0].tiles"),
    ({"type": "call", "player": "ann", "call": "liar", "tiles": "A"}, InvalidInput,
     "'bullshit' or 'exact'", "events[0].call"),
    ({"type": "call", "player": "ann", "call": "exact", "tiles": ["A"]}, InvalidInput,
     "tiles must be a string", "events[0].tiles"),
    ({"type": "call", "player": "ann", "call": "exact", "tiles": "A", "ruling": "maybe"},
     InvalidInput, "'upheld' or 'rejected'", "events[0].ruling"),
    ("declare", InvalidInput, "an event must be an object", "events[0]"),
]


@pytest.mark.parametrize("event, error, message, field", INPUT_ERRORS)
def test_unreadable_events_are_input_errors_naming_the_event(event, error, message, field):
    with pytest.raises(error, match=message) as caught:
        replay(AB, [event])
    assert caught.value.field == field


def test_revealed_tiles_that_cannot_be_read_are_input_errors_not_rulings():
    with pytest.raises(InvalidTile, match="'7' is not a letter tile") as caught:
        replay(AB, [D("ann", "a"), C("ben", "bullshit", "A7")])
    assert caught.value.field == "events[1].tiles"
    players = [f"p{i}" for i in range(13)]
    with pytest.raises(TooManyTiles, match="13 E's, but the scrabble set has only 12"):
        replay(players, [D("p0", "e"), C("p1", "bullshit", "E" * 13)])
    s = state(players, [D("p0", "e"), C("p1", "bullshit", "E" * 13)], tile_set="bananagrams")
    assert s["tiles"]["p1"] == 2


# --- "exact" the referee cannot decide: the table rules -----------------------------------------

EIGHT = [f"p{i}" for i in range(1, 9)]
# budget 0 stops the search at once: 'sunnah, w, z' is the highest of these tiles, but all
# the search can prove is that no set beats (6, 2).
HARD = [D("p1", "sunnah, w, z"), C("p2", "exact", "NSZAUNHW")]


def test_the_hard_case_is_really_the_highest():
    assert highest("NSZAUNHW", budget=None).shape == (6, 1, 1)


def test_an_undecided_exact_stops_the_replay_with_the_reason_and_what_is_known():
    result = replay(EIGHT, HARD, budget=0)
    assert result["ok"] is False and result["event_index"] == 1
    error = result["error"]
    assert error["code"] == "undecided" and error["field"] == "events[1].ruling"
    assert "'exact' on 'sunnah, w, z' is undecided" in error["message"]
    assert "'upheld' or 'rejected'" in error["message"]
    assert result["undecided"]["exists"] is True and result["undecided"]["proven"] is False
    assert result["state"]["last"]["declared"] == ["sunnah", "w", "z"]
    assert result["state"]["tiles"] == {p: 1 for p in EIGHT}


@pytest.mark.parametrize("ruling, tiles, decision", [
    ("upheld", {"p1": 0, "p2": 0}, ("upheld", -1, -1)),
    ("rejected", {"p1": 1, "p2": 2}, ("rejected", 1, 0)),
])
def test_the_tables_ruling_on_an_undecided_exact_is_applied_and_recorded(ruling, tiles,
                                                                         decision):
    events = [HARD[0], {**HARD[1], "ruling": ruling}]
    s = state(EIGHT, events, budget=0)
    assert {p: s["tiles"][p] for p in ("p1", "p2")} == tiles
    record = s["rounds"][0]["ruling"]
    assert record["by"] == "table"
    assert (record["decision"], record["caller"], record["declarer"]) == decision
    assert "could prove" in record["reason"] or record["reason"]
    assert record["referee"]["proven"] is False
    assert s["opener"] == "p2" and s["direction"] == "counterclockwise"
    # The replay goes on from the table's ruling.
    events += [D("p2", "a")]
    assert state(EIGHT, events, budget=0)["to_move"] == "p1"


def test_with_time_to_prove_it_the_referee_rules_and_the_table_must_agree():
    s = state(EIGHT, HARD, budget=5)
    assert s["rounds"][0]["ruling"]["by"] == "referee"
    assert s["tiles"]["p1"] == 0 and s["tiles"]["p2"] == 0
    agreed = state(EIGHT, [HARD[0], {**HARD[1], "ruling": "upheld"}], budget=5)
    assert agreed == s
    result = replay(EIGHT, [HARD[0], {**HARD[1], "ruling": "rejected"}], budget=5)
    assert result["ok"] is False and "the referee proves it upheld" in \
        result["error"]["message"]


def test_bullshit_is_always_decided_even_without_time():
    s = state(EIGHT, [HARD[0], C("p2", "bullshit", "NSZAUNHW")], budget=0)
    assert s["rounds"][0]["ruling"]["by"] == "referee"
    assert s["tiles"]["p2"] == 2


def test_rules_budget_flows_to_the_referee():
    assert LettersRules.from_dict({"budget": 0}).budget == 0
    with pytest.raises(InvalidRules, match="budget must be a number"):
        LettersRules.from_dict({"budget": -1})
    with pytest.raises(InvalidRules, match="budget must be a number"):
        LettersRules.from_dict({"budget": "fast"})
    assert replay(EIGHT, HARD, budget=0)["state"]["rules"]["budget"] == 0


@pytest.mark.parametrize("rules, message", [
    ({"tile_set": ["scrabble"]}, "tile_set must be a tile set's name"),
    ({"tile_set": "chess"}, "unknown tile set 'chess'"),
    ({"lexicon": 7}, "lexicon must be a lexicon's name"),
    ({"lexicon": "zz"}, "unknown lexicon 'zz'"),  # with no call yet to load it: refused too
    ({"tile_limit": True}, "tile_limit must be a whole number"),
])
def test_bad_rules_name_the_option(rules, message):
    with pytest.raises(InvalidRules, match=message) as caught:
        replay(AB, [], **rules)
    assert caught.value.field == f"rules.{next(iter(rules))}"


# --- random legal games: library, CLI and API agree ---------------------------------------------

BAG = "".join(letter * n for letter, n in sorted(get_tile_set("scrabble").counts.items()))
NAMES = ["ann", "ben", "cy", "dee", "eve"]


def random_game(rng: random.Random, words: list[str]) -> dict:
    """A legal game built move by move with the library, stopped at a winner or 50 events."""
    players = rng.sample(NAMES, rng.randint(2, 4))
    rules = {"tile_limit": rng.randint(1, 3), "budget": 2}
    game = LettersGame(players, LettersRules(**rules))
    events = []
    while game.winner is None and len(events) < 50:
        if game.last is None or (rng.random() < 0.55 and len(game.last[1]) < 6):
            last = list(game.last[1]) if game.last else []
            longest = max(map(len, last), default=0)
            longer = [w for w in words if len(w) > longest]
            if longer and rng.random() < 0.4:
                declared = [rng.choice(longer)]
            else:
                declared = last + [rng.choice("abcdefghijklmnopqrstuvwxyz")]
            event = D(game.to_move, ", ".join(declared).upper())
        else:
            held = game.tiles_in_play
            letters = "".join(game.last[1]).upper()
            pool = Counter(BAG)
            pool.subtract(letters)
            if len(letters) <= held and min(pool.values()) >= 0 and rng.random() < 0.5:
                # make the set exist, often
                tiles = letters + "".join(rng.sample(list(pool.elements()), held - len(letters)))
            else:
                tiles = "".join(rng.sample(BAG, held))
            event = C(game.to_move, rng.choice(["bullshit", "exact"]), tiles.lower())
        game.push(action_from_dict(event))
        events.append(event)
    return {"rules": rules, "players": players, "events": events}, game


@pytest.fixture(scope="module")
def short_words(twl):
    return [w for w in twl.words_from("AEIOUBCDGLMNRST") if len(w) <= 6]


@pytest.fixture(scope="module")
def client():
    from api import create_app
    return create_app().test_client()


def test_random_legal_games_agree_through_library_cli_and_api(short_words, client,
                                                              capsys, monkeypatch):
    rng = random.Random(11)
    finished = 0
    for _ in range(10):
        payload, game = random_game(rng, short_words)
        # Each front end searches afresh (the referee remembers rulings within a process).
        letters._ruling.cache_clear()
        library = LETTERS.replay(payload)
        assert library["ok"] and library["events"] == len(payload["events"])
        assert library["state"] == game.to_dict()
        letters._ruling.cache_clear()
        monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(payload)))
        assert liars_main(["letters", "replay", "-", "--json"]) == 0
        cli = json.loads(capsys.readouterr().out)
        letters._ruling.cache_clear()
        api = client.post("/api/v1/letters/replay", json=payload)
        assert api.status_code == 200
        assert cli == library == api.get_json()
        # ... and they agree on where a game goes wrong: an event out of turn.
        wrong = {**payload, "events": payload["events"] + [
            D(next(p for p in payload["players"] if p != game.to_move), "a")]}
        monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(wrong)))
        assert liars_main(["letters", "replay", "-", "--json"]) == 1
        cli = json.loads(capsys.readouterr().out)
        assert cli == LETTERS.replay(wrong) == client.post("/api/v1/letters/replay",
                                                           json=wrong).get_json()
        assert cli["ok"] is False and cli["event_index"] == len(payload["events"])
        finished += game.winner is not None
    assert finished >= 3  # the random games do reach winners


# --- the CLI and the API around it -----------------------------------------------------------

def test_cli_text_lines_and_exit_codes(capsys, monkeypatch, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(LETTERS.REPLAY_EXAMPLE))
    assert liars_main(["letters", "replay", str(path)]) == 0
    assert capsys.readouterr().out == ("5 events, all legal; round 3 (clockwise): ben to open; "
                                       "tiles: ann 1, ben 2, cy 2\n")
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(
        {"rules": {"budget": 0}, "players": EIGHT, "events": HARD})))
    assert liars_main(["letters", "replay", "-"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("event 1 (call by p2) is undecided: 'sunnah, w, z' exists")
    assert "round 1 (clockwise): p2 to raise or call on 'sunnah, w, z' (p1)" in out
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(
        {"players": AB, "events": ann_goes_out()})))
    assert liars_main(["letters", "replay", "-"]) == 0
    assert "game over: ben wins after 4 rounds; out: ann" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(
        {"players": AB, "events": [D("ann", "a"), C("ben", "exact", "A9")]})))
    assert liars_main(["letters", "replay", "-"]) == 2
    assert capsys.readouterr().err == ("liars letters replay: '9' is not a letter tile (use A-Z; "
                                       "spaces, commas and hyphens are ignored) (see liars "
                                       "letters replay --help)\n")


def test_api_answers_like_the_library_and_bounds_what_it_runs(client):
    answer = client.post("/api/v1/letters/replay", json=LETTERS.REPLAY_EXAMPLE)
    assert answer.status_code == 200
    body = answer.get_json()
    assert set(body) == {"ok", "game", "events", "state"} and body["ok"] is True
    assert {"tiles", "out", "round", "opener", "to_move", "direction", "winner",
            "rounds", "outcome"} <= set(body["state"])
    assert body["state"]["rules"]["budget"] == 2.0            # the server's default
    big = client.post("/api/v1/letters/replay", json={"rules": {"budget": 30},
                                                      "players": AB})
    assert big.get_json()["state"]["rules"]["budget"] == 5.0  # capped
    for rules, field in [({"lexicon": "/etc/passwd"}, "rules.lexicon"),
                         ({"budget": 1e6}, "rules.budget"), ({"budget": -1}, "rules.budget"),
                         ({"tile_limit": "4"},
                                                           "rules.tile_limit")]:
        bad = client.post("/api/v1/letters/replay", json={"rules": rules, "players": AB})
        assert bad.status_code == 400 and bad.get_json()["error"]["field"] == field
    bad = client.post("/api/v1/letters/replay", json={"players": AB, "events": [
        D("ann", "a"), C("ben", "exact", "A7")]})
    assert bad.status_code == 400
    assert bad.get_json()["error"]["field"] == "events[1].tiles"
    illegal = client.post("/api/v1/letters/replay", json={"players": AB, "events": [
        D("ben", "a")]})
    assert illegal.status_code == 200 and illegal.get_json()["ok"] is False


def test_letters_replays_beside_the_sister_games():
    assert REPLAYERS["letters"] is LETTERS
    assert set(REPLAYERS) == {"letters", "dice", "post", "liarliar", "poker"}
    with pytest.raises(LiarsError, match="needs players"):
        LETTERS.replay({"events": []})


def test_no_letters_replay_request_makes_a_5xx():
    """Near-miss replays (one part of the example changed, or many) answer 200 or a 4xx."""
    hypothesis = pytest.importorskip("hypothesis")
    from test_api_fuzz import APP, FUZZ, check, mutated, one_change

    client = APP.test_client()
    path = "/api/v1/letters/replay"
    example = {**LETTERS.REPLAY_EXAMPLE, "events": [
        *LETTERS.REPLAY_EXAMPLE["events"], C("ben", "exact", "ABCDE", ruling="upheld")]}

    @hypothesis.settings(FUZZ, max_examples=80)
    @hypothesis.given((one_change(example) | mutated(example)).map(
        lambda v: json.dumps(v, ensure_ascii=False).encode("utf-8", "surrogatepass")))
    def run(data):
        check(client.post(path, data=data, content_type="application/json"), path)

    run()


# --- a whole replay's searches are bounded ------------------------------------------------------

class FakeClock:
    """time.monotonic for the referee: it moves only when a search spends its budget."""

    def __init__(self):
        self.now = 1000.0
        self.budgets: list[float] = []

    def monotonic(self) -> float:
        return self.now


def test_a_replays_searches_share_its_overall_bound(monkeypatch, short_words):
    """Each call is searched for the rules' budget or what is left of the replay's seconds,
    whichever is less; once they are spent, only quick proofs (budget 0)."""
    clock = FakeClock()
    real_rule_call = letters.rule_call

    def timed_rule_call(*args, budget, **kwargs):
        clock.budgets.append(budget)
        clock.now += budget  # as if every search used all of its budget
        return real_rule_call(*args, budget=0, **kwargs)

    monkeypatch.setattr(letters, "time", clock)
    monkeypatch.setattr(registry_module(), "time", clock)
    monkeypatch.setattr(letters, "rule_call", timed_rule_call)
    rng = random.Random(5)
    for _ in range(6):
        payload, _ = random_game(rng, short_words)
        letters._ruling.cache_clear()
        clock.budgets.clear()
        answer = LETTERS.replay(payload, seconds=5)
        spent = 0.0
        for budget in clock.budgets:
            assert budget == min(2.0, max(0.0, 5 - spent))
            spent += budget
        assert spent <= 5
        if not answer["ok"] and answer["error"]["code"] == "undecided":
            assert answer.get("cut_short") is (True if spent >= 5 else None)


def registry_module():
    from solver.games import registry
    return registry


def big_table_game() -> dict:
    """A legal 20-player Bananagrams game of bullshit calls on up to 100 tiles, as a table
    might play it for an evening (built with quick searches only)."""
    rng = random.Random(20)
    players = [f"p{i:02d}" for i in range(20)]
    rules = {"tile_set": "bananagrams", "tile_limit": 10, "budget": 0}
    game = LettersGame(players, LettersRules(**rules))
    bag = "".join(letter * n for letter, n in sorted(get_tile_set("bananagrams").counts.items()))
    events, raises = [], 0
    while game.winner is None and len(events) < 430:
        if game.last is None or raises:  # a few raises around the table, a letter more each
            words = list(game.last[1]) if game.last else []
            event = D(game.to_move, ", ".join(words + [rng.choice("aeioust")]))
            raises = rng.randint(0, 6) if game.last is None else raises - 1
        else:
            event = C(game.to_move, "bullshit", "".join(rng.sample(bag, game.tiles_in_play)))
        game.push(action_from_dict(event))
        events.append(event)
    return {"rules": {**rules, "budget": 2}, "players": players, "events": events}


def test_a_long_legal_game_replays_through_the_api_within_its_bound():
    """Its searches, 2 s a call, would take minutes; under REPLAY_BUDGET the replay answers
    200 with the whole game (bullshit needs no long search: every call is decided)."""
    from api import create_app
    payload = big_table_game()
    calls = sum(e["type"] == "call" for e in payload["events"])
    assert calls >= 80 and max(len(e.get("tiles", "")) for e in payload["events"]) > 99
    letters._ruling.cache_clear()
    client = create_app({"REPLAY_BUDGET": 1.0, "MAX_CONTENT_LENGTH": 1 << 20}).test_client()
    answer = client.post("/api/v1/letters/replay", json=payload)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["ok"] and body["events"] == len(payload["events"])
