"""The sister games over HTTP, against a live `liars serve`: the routes generated
from the solver.games registry answer as the library does, and refuse bad input
in the one error shape."""

from __future__ import annotations

import pytest

from api_server import LiveServer

games = pytest.importorskip("solver.games")
GAMES = games.GAMES


@pytest.fixture(scope="module")
def server():
    with LiveServer("--workers", "1") as live:
        yield live


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
