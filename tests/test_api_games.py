"""The sister games over HTTP, against a live `liars serve`: the routes generated
from the solver.games.registry registry answer as the library does, and refuse bad input
in the one error shape.  The server is the session's (tests/conftest.py)."""

from __future__ import annotations

import pytest

from solver.errors import LiarsError

games = pytest.importorskip("solver.games.registry")
GAMES = games.GAMES


def test_every_registered_game_is_served_and_documented(server):
    paths = server.get("/api/v1/openapi.json").json()["paths"]
    assert set(GAMES) >= {"dice", "post", "liarliar", "poker"}
    for name in GAMES:
        for kind in ("check", "replay"):
            assert f"/api/v1/{name}/{kind}" in paths


@pytest.mark.parametrize("name", sorted(GAMES))
def test_check_example_matches_library(server, name):
    game = GAMES[name]
    r = server.post(f"/api/v1/{name}/check", game.CHECK_EXAMPLE)
    assert r.status_code == 200, r.text
    assert r.json() == game.check(game.CHECK_EXAMPLE)
    assert r.json()["game"] == name


@pytest.mark.parametrize("name", sorted(GAMES))
def test_replay_example_matches_library(server, name):
    game = GAMES[name]
    r = server.post(f"/api/v1/{name}/replay", game.REPLAY_EXAMPLE)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body == game.replay(game.REPLAY_EXAMPLE)
    assert body["ok"] is True and body["game"] == name


def test_illegal_move_in_a_replay_is_a_finding_not_an_error(server):
    r = server.post("/api/v1/post/replay", {"players": ["anna", "ben"], "events": [
        {"type": "send", "player": "ben", "to": "anna", "claim": "Q"}]})
    assert r.status_code == 200
    body = r.json()
    assert body["ok"] is False and body["event_index"] == 0
    assert body["error"]["code"] == "illegal_move" and "anna" in body["error"]["message"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bad_requests_get_the_one_error_shape(server, name):
    for kind in ("check", "replay"):
        path = f"/api/v1/{name}/{kind}"
        for body, code in [({"nonsense": 1}, "invalid_input"), ([1], "invalid_input")]:
            r = server.post(path, body)
            assert r.status_code == 400, r.text
            assert r.json()["error"]["code"] == code
            assert set(r.json()["error"]) == {"code", "message", "field"}
        r = server.post(path, data=b"{oops", headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed_json"
        assert server.get(path).status_code == 405


def test_unknown_game_is_not_found(server):
    r = server.post("/api/v1/chess/check", {"claim": "mate"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


UNICODE_DIGITS = [  # str.isdigit() is true for '²', int('²') is not: the fuzz pass found these
    ("/api/v1/post/check", {"claim": "²", "card": "QH"}),
    ("/api/v1/dice/check", {"claim": "2 fives", "dice": ["²", 5]}),
    ("/api/v1/liarliar/check", {"claim": "two kings", "cards": ["KH"], "rules": {"timer": "²"}}),
    ("/api/v1/liarliar/replay", {"players": ["a", "b"], "rules": {"timer": "²s"}}),
]


@pytest.mark.parametrize("path, body", UNICODE_DIGITS)
def test_unicode_digits_are_a_bad_request(server, path, body):
    r = server.post(path, body)
    assert r.status_code == 400, r.text


# --- impossible cards and signed numbers are input errors, as in the library ------

IMPOSSIBLE = [
    ("liarliar", {"claim": "three kings", "cards": ["joker", "joker", "joker"]}, "3 jokers",
     "cards"),
    ("liarliar", {"claim": "three kings", "cards": "KH KH KH"}, "KH 3 times", "cards"),
    ("poker", {"claim": "pair of kings", "cards": {"a": ["KH"], "b": ["KH"]}}, "KH 2 times",
     "cards"),
    ("post", {"claim": "Q", "card": "QH", "face_up": "QH QH QH"}, "QH 3 times", "face_up"),
    ("post", {"claim": "Q", "card": "QH", "face_up": "Q Q Q Q Q", "rules": {"one_deck": True}},
     "5 Qs face up", "face_up"),
    ("dice", {"claim": "-1 sixes", "dice": [6, 6]}, "'-1' has a sign", "claim"),
    ("dice", {"claim": "2 sixes", "dice": [6, 6], "last": "-5 sixes"}, "'-5' has a sign",
     "last"),
    ("dice", {"claim": {"quantity": 0, "face": 6}, "dice": [6, 6]}, "from 1", "claim.quantity"),
    ("liarliar", {"claim": "zero kings", "cards": ["KH"]}, "1 or more, not 0", "claim"),
]


@pytest.mark.parametrize("name, body, named, field", IMPOSSIBLE)
def test_impossible_cards_are_a_400_naming_them_as_the_library_refuses(server, name, body,
                                                                       named, field):
    r = server.post(f"/api/v1/{name}/check", body)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert named in error["message"] and error["field"] == field
    with pytest.raises(LiarsError) as raised:
        GAMES[name].check(body)
    assert raised.value.as_dict() == error


def test_replay_with_a_card_already_in_the_pile_is_a_400(server):
    body = {"players": ["a", "b"], "events": [
        {"type": "play", "player": "a", "claim": "one king", "cards": ["KH"]},
        {"type": "play", "player": "b", "count": 1, "cards": ["KH"]}]}
    r = server.post("/api/v1/liarliar/replay", body)
    assert r.status_code == 400 and r.json()["error"]["field"] == "events[1].cards"
    assert "KH 2 times" in r.json()["error"]["message"]
