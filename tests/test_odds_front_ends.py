"""Odds through the front ends: the library, ``liars ... odds`` and POST /api/v1/<game>/odds
give the same answer to the same input, and refuse the same bad input with the same
message; the contract's fields are there; the shell prints one line for each answer."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from cli_run import run

from api import create_app
from solver.errors import LiarsError
from solver.games.dice import odds as dice
from solver.games.letters import odds as letters
from solver.games.liarliar import odds as liarliar
from solver.games.poker import odds as poker
from solver.games.post import odds as post


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


ANSWER = {"letters": letters.answer, "dice": dice.answer, "post": post.answer,
          "liarliar": liarliar.answer, "poker": poker.answer}

# (game, request body, the same request as shell arguments after `liars`)
CASES = [
    ("letters", {"mine": "ABE", "hidden": 9, "declared": "bigger, a"},
     ["odds", "--hidden", "9", "ABE", "bigger, a"]),
    ("letters", {"mine": "ABEG", "hidden": 3, "declared": "giber, ar", "tile_set": "bananagrams",
                 "limit": 2, "samples": 300, "seed": 5},
     ["odds", "--hidden", "3", "--tile-set", "bananagrams", "--limit", "2", "--samples", "300",
      "--seed", "5", "ABEG", "giber, ar"]),
    ("letters", {"mine": "", "hidden": 4, "declared": "it", "lexicon": "csw19"},
     ["odds", "--hidden", "4", "--lexicon", "csw19", "", "it"]),
    ("dice", {"mine": [2, 5, 5], "hidden": 10, "bid": {"quantity": 4, "face": 5},
              "rules": {"wild": [1], "bid_order": "seed", "dice_each": 5, "faces": 6}},
     ["dice", "odds", "--hidden", "10", "--wild", "1", "4 fives", "2", "5", "5"]),
    ("dice", {"mine": [1, 3], "hidden": 6, "bid": "3 threes", "limit": 2,
              "rules": {"bid_order": "perudo", "dice_each": 5, "faces": 6}},
     ["dice", "odds", "--hidden", "6", "--bid-order", "perudo", "--limit", "2", "3 threes",
      "1", "3"]),
    ("post", {"mine": ["Q", "Q", "K", "7"], "face_up": "Q Q Q 9", "claim": "this is a queen",
              "rules": {"one_deck": False, "eight_different": False}},
     ["post", "odds", "--face-up", "Q Q Q 9", "this is a queen", "Q", "Q", "K", "7"]),
    ("liarliar", {"mine": ["KH", "KS", "4D"], "seen": "joker", "claim": "kings", "count": 2},
     ["liarliar", "odds", "--seen", "joker", "--count", "2", "kings", "KH", "KS", "4D"]),
    ("poker", {"mine": ["KH", "3C"], "hidden": 4, "claim": "pair of kings", "samples": 200,
               "rules": {"ladder": "standard"}},
     ["poker", "odds", "--hidden", "4", "--samples", "200", "pair of kings", "KH", "3C"]),
]


@pytest.mark.parametrize("game,body,argv", CASES, ids=[c[0] for c in CASES])
def test_every_front_end_gives_the_same_answer(client, game, body, argv):
    library = ANSWER[game](dict(body))
    api = client.post(f"/api/v1/{game}/odds", json=body)
    assert api.status_code == 200, api.get_json()
    ran = run("liars", *argv, "--json")
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == api.get_json() == json.loads(json.dumps(library))


BAD = [
    ("letters", {"mine": "AB7", "hidden": 9, "declared": "big"},
     ["odds", "--hidden", "9", "AB7", "big"]),
    ("letters", {"mine": "ABE", "hidden": -2, "declared": "big"},
     ["odds", "--hidden", "-2", "ABE", "big"]),
    ("letters", {"mine": "ABE", "hidden": 96, "declared": "big"},
     ["odds", "--hidden", "96", "ABE", "big"]),
    ("letters", {"mine": "QQ", "hidden": 3, "declared": "big"},
     ["odds", "--hidden", "3", "QQ", "big"]),
    ("letters", {"mine": "AB?", "hidden": -1, "declared": "b4", "budget": "nan"},
     ["odds", "--hidden", "-1", "--budget", "nan", "AB?", "b4"]),
    ("letters", {"mine": "ABE", "hidden": 9, "declared": "big", "budget": "nan"},
     ["odds", "--hidden", "9", "--budget", "nan", "ABE", "big"]),
    ("letters", {"mine": "ABE", "hidden": 9, "declared": "big", "limit": 99},
     ["odds", "--hidden", "9", "--limit", "99", "ABE", "big"]),
    ("letters", {"mine": "ABE", "hidden": 9, "declared": "big", "tile_set": "chess"},
     ["odds", "--hidden", "9", "--tile-set", "chess", "ABE", "big"]),
    ("dice", {"mine": ["2", "7"], "hidden": 3, "bid": "2 fives"},  # faces as typed
     ["dice", "odds", "--hidden", "3", "2 fives", "2", "7"]),
    ("dice", {"mine": [2], "hidden": 3, "bid": "9 fives"},
     ["dice", "odds", "--hidden", "3", "9 fives", "2"]),
    ("post", {"mine": ["Q"] * 9, "claim": "Q"}, ["post", "odds", "Q", *["Q"] * 9]),
    ("liarliar", {"mine": ["KH"], "claim": "two"}, ["liarliar", "odds", "two", "KH"]),
    ("poker", {"mine": ["K"], "hidden": 3, "claim": "pair of kings"},
     ["poker", "odds", "--hidden", "3", "pair of kings", "K"]),
]


@pytest.mark.parametrize("game,body,argv", BAD, ids=[c[0] for c in BAD])
def test_every_front_end_refuses_bad_input_with_the_same_message(client, game, body, argv):
    with pytest.raises(LiarsError) as caught:
        ANSWER[game](dict(body))
    api = client.post(f"/api/v1/{game}/odds", json=body)
    assert 400 <= api.status_code < 500
    error = api.get_json()["error"]
    assert (error["message"], error["field"]) == (caught.value.message, caught.value.field)
    ran = run("liars", *argv)
    assert ran.returncode == 2 and ran.stdout == ""
    assert caught.value.message in ran.stderr and ran.stderr.count("\n") == 1


def test_the_letters_contract(client):
    body = client.post("/api/v1/letters/odds", json={
        "mine": "ABE", "hidden": 9, "declared": "bigger, a"}).get_json()
    assert round(body["exists"]["probability"], 4) == 0.0043
    numerator, denominator = map(int, body["exists"]["fraction"].split("/"))
    assert abs(numerator / denominator - body["exists"]["probability"]) < 1e-15
    highest = body["highest"]
    assert {"probability", "samples", "interval"} <= set(highest) and highest["exact"] is True
    assert body["suggestions"] and all({"words", "exists"} <= set(s)
                                       for s in body["suggestions"])
    assert body["advice"].startswith("advice:")


def test_the_dice_contract(client):
    body = client.post("/api/v1/dice/odds", json={
        "mine": [2, 5, 5], "hidden": 10, "bid": {"quantity": 4, "face": 5},
        "rules": {"wild": [1]}}).get_json()
    assert body["holds"]["fraction"] == "17635/19683"
    assert [s["bid"]["phrase"] for s in body["suggestions"]] == ["1 six", "5 fives"]


def test_a_server_never_reads_a_word_list_file_for_odds(client):
    # a short path: a name past 64 characters is refused for its length first
    words = Path(tempfile.mkdtemp(prefix="w", dir="/tmp")) / "w.txt"
    words.write_text("big\n")
    body = client.post("/api/v1/letters/odds", json={
        "mine": "ABE", "hidden": 9, "declared": "big", "lexicon": str(words)}).get_json()
    assert body["error"]["code"] == "unknown_lexicon"
    ran = run("liars", "odds", "--hidden", "9", "--lexicon", str(words), "ABE", "big")
    assert ran.returncode == 0 and "'big' exists" in ran.stdout


@pytest.mark.parametrize("field", ["lexicon", "tile_set"])
def test_a_name_past_64_characters_is_refused_as_on_every_route(client, field):
    # whitespace around a name is ignored, but not before its length is held to the
    # document's maxLength (Schemathesis found 'TWL06' and 60 U+0085 answered 200)
    name = {"lexicon": "TWL06", "tile_set": "scrabble"}[field]
    base = {"mine": "ABE", "hidden": 9, "declared": "bigger, a"}
    assert client.post("/api/v1/letters/odds", json={**base, field: f" {name} "}).status_code \
        == 200
    answer = client.post("/api/v1/letters/odds", json={**base, field: name + "\x85" * 60})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == {
        "code": "invalid_input", "field": field,
        "message": f"'{field}' is longer than 64 characters"}


def test_the_shell_prints_one_line_for_each_answer():
    ran = run("liars", "odds", "--hidden", "9", "ABE", "bigger, a")
    lines = ran.stdout.splitlines()
    assert lines[0] == ("'bigger, a' exists: 0.43% (5023288671/1174992339235); needs GG, I, "
                        "R beyond your tiles, among the 9 hidden of 95 unseen")
    assert lines[1].startswith("'bigger, a' is the highest: 0% (0/1); never the highest")
    assert lines[2].startswith("safest raises (advice): 'betaine' 6.23%;")
    ran = run("liars", "dice", "odds", "--hidden", "10", "--wild", "1", "4 fives", "2", "5", "5")
    assert ran.stdout.splitlines() == [
        ("4 fives holds: 89.60% (17635/19683); you hold 2 that count; it needs 2 of the 10 "
         "hidden dice, each counting with chance 2/6"),
        "safest raises (advice): 1 six 98.27%; 5 fives 70.09%"]
    ran = run("liars", "odds", "--hidden", "9", "ABE", "bigger", "a")
    assert ran.returncode == 2 and "quote it, as in 'bigger, a'" in ran.stderr
