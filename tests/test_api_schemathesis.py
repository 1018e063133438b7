"""Schemathesis, with every check, against a live ``liars serve``: the document is the contract.

``st run http://HOST/api/v1/openapi.json --checks all`` is run as a user runs it, against
the real server (gunicorn, its workers and solver pool: tests/api_server.py) and the
document it serves: its examples, the coverage phase's boundary and mutation cases (a
body of the wrong type, each field missing or out of its schema, no Content-Type, other
methods), and property-based fuzzing of every operation.  Every check must pass: no 5xx,
every status, content type, header and body as documented, schema-valid requests
accepted and schema-violating ones refused.  A request its schema admits may still be
refused only as the operation's x-rules say (tests/schemathesis_rules.py).  The room
operations that need a player's token are all sent to one room made for the run, with
its host's token, so that they reach the room's rules (the run adds computer players
and starts it); the operations on a leaderboard profile, to one made for the run.

The run is bounded and deterministic: Schemathesis's deterministic generation (the same
cases every run, no example database) and a few examples per operation in the fuzzing
phase (the coverage phase is systematic by construction); it takes well under a minute.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from api_server import LiveServer
from rooms_http import play_dice_out

pytest.importorskip("schemathesis")

import schemathesis_rules  # after the skip: it imports schemathesis

TESTS = Path(__file__).resolve().parent
MAX_EXAMPLES = 20  # per operation, in the fuzzing phase (the coverage phase adds its own)
TIMEOUT = 600  # seconds: a hung run fails rather than holds the suite


@pytest.fixture(scope="module")
def server():
    with LiveServer("--workers", "2") as live:
        yield live


def a_room(server) -> dict:
    """A Liar's Dice room of two players, not started: its code and its host's token."""
    made = server.post("/api/v1/rooms", json={"game": "dice", "deal": "server", "name": "host"})
    assert made.status_code == 201, made.text
    room = {key: made.json()[key] for key in ("code", "token")}
    joined = server.post(f"/api/v1/rooms/{room['code']}/join", json={"name": "guest"})
    assert joined.status_code == 201, joined.text
    return {**room, "version": joined.json()["room"]["version"]}


def a_finished_game(server) -> dict:
    """A Liar's Dice room whose first game is over: its code and the game's number (its
    replay is anyone's to read)."""
    made = server.post("/api/v1/rooms", json={"game": "dice", "name": "host",
                                              "rules": {"dice_each": 1}})
    assert made.status_code == 201, made.text
    code, tokens = made.json()["code"], {"host": made.json()["token"]}
    joined = server.post(f"/api/v1/rooms/{code}/join", json={"name": "guest"})
    assert joined.status_code == 201, joined.text
    tokens["guest"] = joined.json()["token"]
    over = play_dice_out(server, code, tokens, "host")
    return {"code": code, "n": over["game_no"]}


def test_schemathesis_with_every_check_finds_nothing(server, tmp_path):
    document = server.get("/api/v1/openapi.json").json()
    operations = sum(method in schemathesis_rules.METHODS for item in document["paths"].values()
                     for method in item)
    config = tmp_path / "schemathesis.toml"
    room = a_room(server)
    made = server.post("/api/v1/profiles", json={"name": "player"})
    assert made.status_code == 201, made.text
    config.write_text(schemathesis_rules.config(document, room=room, profile=made.json(),
                                                finished=a_finished_game(server)))
    command = [sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run",
               f"{server.url}/api/v1/openapi.json", "--url", server.url, "--checks", "all",
               # every path: without a filter Schemathesis leaves out the document's own
               "--include-path-regex", "^/",
               "--generation-deterministic",
               "--max-examples", str(MAX_EXAMPLES),
               "--continue-on-failure", "--no-color"]
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "schemathesis_rules",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(TESTS),
                                                       os.environ.get("PYTHONPATH")]))}
    run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=TIMEOUT, check=False)
    report = run.stdout[-30000:] + run.stderr[-5000:]
    assert run.returncode == 0, report
    # every case sent passed: no failure, no error (Schemathesis counts apart the few it
    # did not send)
    counts = re.search(r"(\d+) generated, (\d+) passed(?:, (\d+) skipped)?\s*$", run.stdout,
                       re.MULTILINE)
    assert counts, report
    generated, passed, skipped = (int(n or 0) for n in counts.groups())
    assert generated == passed and skipped < 0.01 * generated, report
    assert f"Tested: {operations}" in run.stdout, report  # every operation, none skipped
    # The room's operations got past the token to the room's rules, the event stream's
    # too: Schemathesis warns of operations that "returned only 401/403 responses" (none),
    # or "repeatedly returned 404" (none).
    assert "401 Unauthorized (" not in run.stdout, report
    assert "repeatedly returned 404" not in run.stdout, report
    # (asked from another address: the run's unknown codes got this one refused, 429)
    status, played = server.get_from("127.0.0.2", f"/api/v1/rooms/{room['code']}",
                                     headers={"Authorization": f"Bearer {room['token']}"})
    # the run's requests reached the room's rules: they changed it (joins, settings, a
    # start, moves, seats taken off in its lobby: which of them, the run's draw decides)
    assert status == 200 and played["version"] > room["version"], played
