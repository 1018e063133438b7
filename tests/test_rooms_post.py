"""Liar's Post in a room (solver/games/post/room.py): the server deals every card; a card sent
is seen only by those who held it and looked, until a call turns it over."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from room_views import cards_in, history_cards, shown

from api import create_app
from solver.errors import IllegalMove, NotAPlayer
from solver.games.registry import REPLAYERS
from solver.rooms.room import Room


def table(names=("ann", "ben", "cy"), seed=3, **extra):
    rng = random.Random(seed)
    room, _ = Room.create("ROOM", {"game": "post", "name": names[0], **extra}, rng=rng)
    for name in names[1:]:
        room.join(name)
    room.watch("sam")
    room.start(names[0], rng=rng)
    return room, rng


def test_a_whole_game_keeps_the_card_in_transit_to_those_who_held_it():
    room, rng = table()
    deck = sum((Counter(room.hands[p]) for p in ("ann", "ben", "cy")), Counter())
    assert sum(deck.values()) == 64 and max(deck.values()) == 2  # two decks' A-7, all dealt
    looked_seen, rulings = 0, []
    for _ in range(2000):
        hidden = room.state.hidden or {}
        for name in ("ann", "ben", "cy", "sam"):
            view = room.view(name)
            ruling = view["last_ruling"] or {}  # the card a call turned over, for all
            allowed = Counter(view["you"]["hand"] or []) + Counter(
                [*(card for cards in (ruling.get("revealed") or {}).values() for card in cards),
                 *([ruling["card"]] if ruling.get("card") else [])])
            seen = view["you"].get("card_seen")
            if seen is not None:
                assert name in hidden.get("looked", []) and seen == hidden["card"]
                allowed[seen] += 1
                looked_seen += name != (view.get("card") or {}).get("held", [None])[0]
            allowed += history_cards(view, shown(rulings, view))  # past calls' cards
            leaked = cards_in(view) - allowed
            assert not leaked, (name, leaked)
        assert all("card" not in e for e in room.log()["events"]
                   if e["type"] in ("send", "pass"))
        if room.phase == "over":
            break
        mover = room.view("ann")["to_move"]
        room.move(mover, room.kind.decide(room.game_obj(), room.view(mover), rng), rng=rng)
    assert room.phase == "over" and looked_seen  # someone looked and passed on the way
    assert view["history"] and len(view["history"]) <= 20
    view = room.view("sam")
    assert view["places"][-1]["place"] == 3 and {p["place"] for p in view["places"]} == {1, 3}
    replayed = REPLAYERS["post"].replay(room.log())
    assert replayed["ok"] and replayed["state"]["outcome"]["loser"] == view["places"][-1]["name"]


def test_looking_passing_and_who_may_move():
    room, _ = table(names=("ann", "ben", "cy"))
    card = room.hands["ann"][0]
    held = room.hands["ann"].count(card)  # two decks: a card may be there twice
    with pytest.raises(NotAPlayer):
        room.move("sam", {"type": "look"})
    room.move("ann", {"type": "send", "card": card, "to": "ben", "claim": "K"})
    assert room.hands["ann"].count(card) == held - 1 and room.view("ben")["you"]["can_look"]
    with pytest.raises(IllegalMove, match="only after looking"):
        room.move("ben", {"type": "pass", "to": "cy", "claim": "K"})
    with pytest.raises(IllegalMove):
        room.move("cy", {"type": "look"})  # not the receiver
    room.move("ben", {"type": "look"})
    assert room.view("ben")["you"]["card_seen"] == card
    with pytest.raises(IllegalMove, match="without looking"):
        room.move("ben", {"type": "call", "call": True})  # who looked passes it on
    assert room.view("cy")["you"]["card_seen"] is None
    with pytest.raises(IllegalMove, match="already"):
        room.move("ben", {"type": "look"})
    room.move("ben", {"type": "pass", "to": "cy", "claim": "Q"})
    assert room.view("cy")["you"]["targets"] == []  # everybody else has held it: cy calls
    with pytest.raises(IllegalMove, match="must call"):
        room.move("cy", {"type": "look"})
    room.move("cy", {"type": "call", "call": False})
    ruling = room.view("sam")["last_ruling"]
    assert ruling["card"] == card and ruling["revealed"] == {ruling["taker"]: [card]}
    assert room.log()["events"][-1] == {"type": "call", "player": "cy", "call": "false",
                                        "card": card}


def test_a_player_out_of_time_loses_and_the_loser_deals_the_next_game():
    room, _ = table(clock=10)
    room.move("ann", {"type": "send", "card": room.hands["ann"][0], "to": "ben",
                      "claim": "7"})
    room.timers(1000.0)
    assert room.time_out(1010.0) == "ben"
    view = room.view("cy")
    assert view["phase"] == "over" and view["places"][-1] == {"name": "ben", "place": 3}
    assert room.log()["events"][-1] == {"type": "timeout", "player": "ben"}
    assert REPLAYERS["post"].replay(room.log())["ok"]
    room.rematch("ann", rng=random.Random(1))
    assert room.view("ann")["to_move"] == "cy"  # ben, the loser, deals: cy starts


def test_a_post_game_over_http_replays_to_its_places(tmp_path):
    client = create_app({"ROOMS_DB": str(tmp_path / "rooms.sqlite3"),
                        "ROOM_REVEAL_SECONDS": 0}).test_client()
    made = client.post("/api/v1/rooms", json={"game": "post", "name": "tv", "seat": False,
                                              "rules": {"one_deck": True}}).get_json()
    headers = {"Authorization": f"Bearer {made['token']}"}
    for name in ("robo", "hal"):
        client.post(f"/api/v1/rooms/{made['code']}/bots", json={"name": name, "delay": 0},
                    headers=headers)
    assert client.post(f"/api/v1/rooms/{made['code']}/start", headers=headers).status_code == 200
    import time
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = client.get(f"/api/v1/rooms/{made['code']}", headers=headers).get_json()
        if view["phase"] == "over":
            break
        time.sleep(0.05)
    assert view["phase"] == "over"
    log = client.get(f"/api/v1/rooms/{made['code']}/log", headers=headers).get_json()
    replayed = client.post("/api/v1/post/replay", json=log).get_json()
    assert replayed["ok"] and replayed["state"]["outcome"]["loser"] == view["places"][-1]["name"]
