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


def dice_table(http, dice_each: int = 1) -> tuple[str, dict]:
    """A Liar's Dice table of ann (its host) and ben, in its lobby: its code and tokens."""
    made = json_of(http.post(f"{V1}/rooms", json={"game": "dice", "name": "ann",
                                                  "rules": {"dice_each": dice_each}}))
    code, tokens = made["code"], {"ann": made["token"]}
    tokens["ben"] = json_of(http.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}))["token"]
    return code, tokens


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


# --- a legal move of every game, for seats the tests play over HTTP ------------------------

# Single words one letter longer each: each a raise of the one before (a longer word set).
LADDER = {1: "A", 2: "AA", 3: "AAH", 4: "AAHS", 5: "AAHED", 6: "AAHING", 7: "ABALONE"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def claim_body(game: str, mine: dict, to: str | None = None) -> dict:
    """A legal claim (a raise of the last one) by the seat whose own view is ``mine``, to
    move: a word one letter longer, one die more of the last face, a high card one rank up,
    Liar Liar's first card of the hand (an ace at an opening), Liar's Post's first card sent
    to ``to`` if it may go there (else to the first player it may go to), said as its own
    kind."""
    said = mine["declarations"]
    last = said[-1] if said else None
    hand = mine["you"]["hand"]
    if game == "letters":
        return {"type": "declare", "words": LADDER[len("".join(last["words"])) + 1 if last
                                                   else 1]}
    if game == "dice":
        return {"type": "bid", "quantity": last["quantity"] + 1 if last else 1,
                "face": last["face"] if last else hand[0]}
    if game == "poker":
        rank = RANKS[RANKS.index(last["claim"]["ranks"][0]) + 1] if last else RANKS[0]
        return {"type": "claim", "claim": {"hand": "high card", "ranks": [rank]}}
    if game == "liarliar":
        return {"type": "play", "cards": [hand[0]],
                **({"rank": "A"} if mine.get("rank") is None else {})}
    if game == "post":
        targets = mine["you"]["targets"]
        return {"type": "send", "card": hand[0], "to": to if to in targets else targets[0],
                "claim": hand[0][:-1]}
    raise ValueError(f"no claim for the game {game!r}")


def call_body(game: str) -> dict:
    """The call on the last claim, in ``game``'s own words (Liar's Post: "false")."""
    return {"letters": {"type": "call", "call": "bullshit"}, "dice": {"type": "liar"},
            "poker": {"type": "call"}, "liarliar": {"type": "liar"},
            "post": {"type": "call", "call": False}}[game]


def next_move(game: str, mine: dict, claims_a_round: int = 3, to: str | None = None) -> dict:
    """The move of the seat to move (its own view ``mine``): a card that came to it is
    called (Liar's Post), so is a round with ``claims_a_round`` claims; else a claim (a
    card sent ``to`` that player where it may go)."""
    if game == "post" and mine.get("card") is not None:
        return call_body(game)
    if game == "liarliar" and mine["declarations"] and not mine["you"].get("can_call"):
        return claim_body(game, mine)
    if len(mine["declarations"]) >= claims_a_round:
        return call_body(game)
    return claim_body(game, mine, to=to)
