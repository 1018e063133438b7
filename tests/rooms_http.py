"""The rooms routes as the tests call them: over a flask test client or a live server
(tests/api_server.py's, requests) alike."""

from __future__ import annotations

import time

V1 = "/api/v1"


def bearer(token) -> dict:
    return {"Authorization": f"Bearer {token}"}


def json_of(answer):
    """An answer's JSON: a flask test response's or a requests one's."""
    return answer.get_json() if hasattr(answer, "get_json") else answer.json()


def view_of(http, code, token) -> dict:
    return json_of(http.get(f"{V1}/rooms/{code}", headers=bearer(token)))


def wait_for(http, code, token, done, seconds=60.0, each=lambda view: None) -> dict:
    """The view once ``done(view)`` holds (computer players and timeouts move in the
    server's own time), each view polled handed to ``each``; as it is after ``seconds``
    otherwise, for the assertion to show."""
    deadline = time.monotonic() + seconds
    while True:
        view = view_of(http, code, token)
        each(view)
        if done(view) or time.monotonic() > deadline:
            return view
        time.sleep(0.02)


def play_dice_out(http, code, tokens, host) -> dict:
    """Start a Liar's Dice table and play it to the end: each mover bids one of their own
    die's face (it holds), the next calls it (and loses).  The final view."""
    started = http.post(f"{V1}/rooms/{code}/start", headers=bearer(tokens[host]))
    assert started.status_code == 200, json_of(started)
    for _ in range(20):
        view = view_of(http, code, tokens[host])
        if view["phase"] == "over":
            return view
        mover = view["to_move"]
        if view["declarations"]:
            body = {"type": "liar"}
        else:
            body = {"type": "bid", "quantity": 1,
                    "face": view_of(http, code, tokens[mover])["you"]["hand"][0]}
        moved = http.post(f"{V1}/rooms/{code}/moves", json=body, headers=bearer(tokens[mover]))
        assert moved.status_code == 200, json_of(moved)
    raise AssertionError("the game did not end")
