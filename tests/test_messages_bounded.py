"""Every error quotes at most a short excerpt of the bad input, on every front end.

Thousands of unknown fields, a 30,000-character value in each field a route takes, long
keys, huge arguments on the shell: each error message stays short (and no route answers
5xx), so that no message echoes what a client sent back at it whole.
"""

from __future__ import annotations

import json

import pytest
from cli_run import run

from api import create_app
from solver.games.registry import ROOM_GAMES

LIMIT = 300  # characters: the longest message a refusal may be
BIG = "Q" * 30_000


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = tmp_path_factory.mktemp("rooms") / "rooms.sqlite3"
    return create_app({"TESTING": True, "ROOMS_DB": str(db), "SOLVER_BUDGET": 0.05,
                       "ROOM_REVEAL_SECONDS": 0}
                      ).test_client()


def posted_routes(client):
    document = client.get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    for path, item in sorted(document["paths"].items()):
        op = item.get("post")
        if not op or "{" in path:
            continue
        schema = (op.get("requestBody", {}).get("content", {}).get("application/json", {})
                  .get("schema", {}))
        if "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
        yield path, list(schema.get("properties", {}))


def bodies(fields):
    yield {f"k{i}": 1 for i in range(5000)}
    yield {"claim": "x", "card": "QH", "cards": "KH", "dice": [1],
           **{f"k{i}": 1 for i in range(5000)}}
    yield {"y" * 5000: 1}
    for field in fields:
        for value in (BIG, [BIG, BIG], {BIG: 1}, [[BIG]]):
            yield {field: value}


def test_no_api_message_echoes_a_big_input(client):
    checked = 0
    for path, fields in posted_routes(client):
        for body in bodies(fields):
            answer = client.post(path, json=body)
            assert answer.status_code < 500, (path, list(body)[:2])
            if answer.status_code >= 400:
                message = answer.get_json()["error"]["message"]
                assert len(message) <= LIMIT, (path, list(body)[:2], message[:200])
                checked += 1
    assert checked > 200


def test_unknown_rule_names_are_counted_not_listed_on_every_route_that_takes_rules(client):
    """5,000 unknown rule names (a rules object under the body limit): each route that reads
    a rules object names a few and counts the rest."""
    rules = {f"r{i}": 1 for i in range(5000)}
    checked = 0
    for path, fields in posted_routes(client):
        if "rules" not in fields:
            continue
        game = next((g for g in ("letters", "dice", "post", "liarliar", "poker")
                     if f"/{g}/" in path), "dice")
        body = {"rules": rules, "game": game, "name": "ann", "players": ["a", "b"],
                "events": []}
        answer = client.post(path, json={k: v for k, v in body.items() if k in fields})
        assert 400 <= answer.status_code < 500, (path, answer.status_code)
        error = answer.get_json()["error"]
        assert len(error["message"]) <= LIMIT, (path, error["message"][:200])
        if error["field"] == "rules":  # (a check may first want its other fields)
            assert "4995 more" in error["message"], (path, error["message"])
            checked += 1
    assert checked >= 5  # every game's replay at least


def test_no_room_message_echoes_a_big_input(client):
    made = client.post("/api/v1/rooms", json={"game": "letters", "name": "ann"}).get_json()
    code, token = made["code"], made["token"]
    headers = {"Authorization": f"Bearer {token}"}
    client.post(f"/api/v1/rooms/{code}/join", json={"name": "ben"})
    client.post(f"/api/v1/rooms/{code}/start", headers=headers)
    for path in (f"/api/v1/rooms/{code}/moves", f"/api/v1/rooms/{code}/join",
                 f"/api/v1/rooms/{code}/bots", f"/api/v1/rooms/{code}/advisor",
                 f"/api/v1/rooms/{BIG[:4000]}/moves"):
        for body in bodies(["type", "words", "call", "tiles", "name", "ruling", "player",
                            "delay", "allowed"]):
            answer = client.post(path, json=body, headers=headers)
            assert answer.status_code < 500, (path, list(body)[:2])
            if answer.status_code >= 400:
                message = answer.get_json()["error"]["message"]
                assert len(message) <= LIMIT, (path, list(body)[:2], message[:200])


MANY = {f"k{i}": 1 for i in range(5000)}  # 5,000 rule names no game has


def bad_rules():
    """Rules objects whose refusal must not list every name: thousands of unknown ones,
    known ones beside them, and long ones."""
    yield MANY
    yield {"wild": [1], "timer": 30, "one_deck": True, "card_limit": 2, "tile_limit": 3, **MANY}
    yield {f"{i}{'y' * 1000}": 1 for i in range(50)}
    yield {f"{i:03d}{'y' * 25}": 1 for i in range(50)}  # each just short enough to quote whole


def rules_routes(client):
    """Every POST route whose body holds a game's rules object, with its documented example;
    and the rooms, one game at a time."""
    document = client.get("/api/v1/openapi.json").get_json()
    for path, item in sorted(document["paths"].items()):
        content = item.get("post", {}).get("requestBody", {}).get("content", {})
        example = content.get("application/json", {}).get("example")
        if "{" not in path and isinstance(example, dict) and "rules" in example:
            yield path, example
    for game in ROOM_GAMES:
        yield "/api/v1/rooms", {"game": game, "name": "ann", "rules": {}}


def test_unknown_rule_names_are_listed_briefly_on_every_route(client):
    """Replays, checks, odds and new rooms, every game: a few names and how many more."""
    routes = list(rules_routes(client))
    assert {path.split("/")[3] for path, _ in routes} >= {"dice", "letters", "liarliar",
                                                           "poker", "post", "rooms"}
    assert {path.rsplit("/", 1)[1] for path, _ in routes} >= {"replay", "check", "odds"}
    for path, example in routes:
        for rules in bad_rules():
            answer = client.post(path, json={**example, "rules": rules})
            error = answer.get_json()["error"]
            assert answer.status_code == 400 and error["code"] == "invalid_rules", (path, error)
            assert len(error["message"]) <= LIMIT, (path, error["message"][:200])
            assert "more" in error["message"], (path, error["message"])


def test_unknown_event_fields_are_listed_briefly(client):
    example = client.get("/api/v1/openapi.json").get_json()["paths"]["/api/v1/letters/replay"][
        "post"]["requestBody"]["content"]["application/json"]["example"]
    events = [{**example["events"][0], **MANY}, *example["events"][1:]]
    answer = client.post("/api/v1/letters/replay", json={**example, "events": events})
    message = answer.get_json()["error"]["message"]
    assert answer.status_code == 400 and len(message) <= LIMIT, message[:200]
    assert "and 4995 more" in message


@pytest.mark.parametrize("game", ["letters", "dice", "post", "liarliar", "poker"])
def test_no_cli_replay_lists_every_unknown_rule(game):
    payload = {"rules": MANY, "players": ["ann", "ben"], "events": []}
    out = run("liars", game, "replay", "-", stdin=json.dumps(payload))
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr[:300]
    assert len(out.stderr) <= LIMIT + 80 and "more" in out.stderr, out.stderr[:300]


@pytest.mark.parametrize("args", [
    ["solve", BIG], ["solve", "--lexicon", BIG, "AB"], ["solve", "--tiles", BIG, "AB"],
    ["solve", "--budget", BIG, "AB"], ["liars", "check", BIG, "big"],
    ["liars", "check", "ABC", BIG], ["liars", "check", "ABC", "big", "--call", BIG],
    ["liars", "raise", BIG, "big"], ["liars", "words", BIG], ["liars", "words", "--pattern", BIG],
    ["liars", "words", "--anagram", BIG], ["liars", "dice", "check", BIG, "6"],
    ["liars", "dice", "check", "2 sixes", BIG], ["liars", "post", "check", BIG, "QH"],
    ["liars", "liarliar", "check", "two kings", BIG], ["liars", "poker", "check", BIG, "KH"],
    ["liars", "odds", "--hidden", "5", BIG, "big"], ["liars", BIG],
])
def test_no_cli_message_echoes_a_big_argument(args):
    out = run(*args)
    assert out.returncode in (1, 2) and "Traceback" not in out.stderr
    assert len(out.stderr) <= LIMIT + 80, out.stderr[:300]  # the program's name, the help hint
