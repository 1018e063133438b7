"""A room (solver/rooms): whole games on every phone, the rules the library's, secrets kept.

Games are played to a winner with the server dealing and with the table revealing; the
room's log replays through the replay machinery to the room's own state; every view at
every step holds its own player's hand and no one else's.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from solver.errors import HostOnly, IllegalMove, InvalidInput, NotSeated, RoomConflict
from solver.games.registry import REPLAYERS
from solver.rooms.room import Room


def new_room(game, deal, names=("ann", "ben", "cy"), rules=None, seed=1):
    rng = random.Random(seed)
    room, host = Room.create("ROOM", {"game": game, "deal": deal, "name": names[0],
                                      "rules": rules or {}}, rng=rng)
    tokens = {names[0]: host}
    for name in names[1:]:
        tokens[name] = room.join(name)
    room.start(room.seat(host), rng=rng)
    return room, tokens, rng


def hands_in(view: dict) -> list:
    """Every value a view holds under a "hand" key, wherever it is (but in a poker claim,
    where "hand" names the poker hand claimed: "full house")."""
    found = []

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "hand":
                    found.append(value)
                if key not in ("claim",):
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(view)
    return found


def assert_secrets_kept(room: Room, rulings: list | None = None):
    """Each player's view carries their own current hand and no other's: the only hands
    of others are those a finished call revealed (last_ruling.revealed), and the round
    history's, each a ruling the table was shown when it was made (``rulings``: every
    last ruling the views carried so far, kept by the caller)."""
    rulings = [] if rulings is None else rulings
    for seat in room.seats:
        name = seat["name"]
        view = room.view(name)
        assert hands_in(view) == [room.hands.get(name)]
        if view["last_ruling"] is not None and view["last_ruling"] not in rulings:
            rulings.append(view["last_ruling"])
        for entry in view["history"]:  # nothing in it before the call revealed it
            assert entry["ruling"] in rulings, entry
            assert set(entry) == {"round", "claims", "ruling"}
            assert not hands_in(entry) and all(set(c) - {"player", "words", "quantity",
                                                         "face", "claim"} == set()
                                               for c in entry["claims"])
        public = {k: v for k, v in view.items() if k not in ("you", "last_ruling")}
        text = json.dumps(public)
        for other, hand in room.hands.items():
            if other != name and room.phase != "reveal":
                assert json.dumps(hand) not in text or len(hand) < 3, (name, other)
        if view["last_ruling"] is not None and room.phase == "playing":
            # what the last call revealed is the round before's hands, not today's
            assert set(view["last_ruling"]["revealed"]) <= {s["name"] for s in room.seats}
        assert_seeds_kept(room, view)


def assert_seeds_kept(room: Room, view: dict) -> None:
    """Before the game is over no view and no log carries its seed, the next game's, or a
    deal kept for the log (docs/fair-deal.md); the commitment is there from the lobby on."""
    fair = room.state.fair
    if room.deal != "server":
        assert view["fairness"] is None
        return
    assert view["fairness"]["commit"] == hashlib.sha256(bytes.fromhex(fair["seed"])).hexdigest()
    if room.phase == "over":
        assert view["fairness"]["server_seed"] == fair["seed"]
        return
    assert view["fairness"]["server_seed"] is None
    for text in (json.dumps(view), json.dumps(room.log())):
        assert fair["seed"] not in text and fair.get("next", "-") not in text
    assert room.log()["fairness"][-1]["deals"] is None


def play_to_the_end(room, tokens, rng, choose, limit=400):
    rulings = []
    for _ in range(limit):
        if room.phase == "over":
            return
        if room.phase == "reveal":
            pending = room.state.pending
            if pending.get("undecided"):
                room.move(room.host, {"type": "ruling", "ruling": rng.choice(["upheld",
                                                                               "rejected"])})
            continue
        view = room.view(room.view(room.host)["to_move"])
        room.move(view["you"]["name"], choose(room, view, rng), rng=rng)
        assert_secrets_kept(room, rulings)
    raise AssertionError("no winner")


def letters_move(room, view, rng):
    last = view["declarations"][-1]["words"] if view["declarations"] else []
    if last and rng.random() < 0.35:
        return {"type": "call", "call": rng.choice(["bullshit", "exact"])}
    return {"type": "declare", "words": ", ".join(last + [rng.choice("aeiost")])}


def dice_move(room, view, rng):
    bids = view["declarations"]
    in_play = sum(p["dice"] for p in view["players"] if not p["out"])
    if not bids:
        return {"type": "bid", "quantity": 1, "face": rng.randint(1, 6)}
    quantity, face = bids[-1]["quantity"], bids[-1]["face"]
    if rng.random() < 0.4 or (face == 6 and quantity == in_play):
        return {"type": "liar"}
    if face < 6 and (quantity == in_play or rng.random() < 0.5):
        return {"type": "bid", "quantity": quantity, "face": face + 1}  # seed order: any
    return {"type": "bid", "quantity": quantity + 1, "face": face}


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("game, choose, rules", [
    ("letters", letters_move, {"tile_limit": 2, "budget": 0.5}),
    ("dice", dice_move, {"dice_each": 2}),
])
def test_a_server_dealt_game_plays_to_a_winner_and_its_log_replays(game, choose, rules, seed):
    room, tokens, rng = new_room(game, "server", rules=rules, seed=seed)
    play_to_the_end(room, tokens, rng, choose)
    view = room.view("ann")
    assert view["phase"] == "over" and view["winner"] in tokens
    replayed = REPLAYERS[game].replay(room.log())
    assert replayed["ok"] and replayed["state"] == room.state.game_state


def test_the_server_deals_what_each_player_holds():
    room, tokens, rng = new_room("letters", "server", names=("ann", "ben"),
                                 rules={"tile_limit": 3})
    assert {p: len(h) for p, h in room.hands.items()} == {"ann": 1, "ben": 1}
    room.move("ann", {"type": "declare", "words": "q"})
    before = dict(room.hands)
    room.move("ben", {"type": "call", "call": "bullshit"})
    ruling = room.view("ann")["last_ruling"]
    assert ruling["revealed"] == before and ruling["by"] == "ben"
    assert ruling["changes"] in ({"ben": 1}, {"ann": 1})
    held = room.state.game_state["tiles"]
    assert {p: len(h) for p, h in room.hands.items()} == held


def test_a_table_dealt_call_waits_for_every_phone_to_reveal():
    room, tokens, rng = new_room("letters", "table", names=("ann", "ben", "cy"))
    assert room.hands == {} and room.view("ben")["you"]["hand"] is None
    room.move("ann", {"type": "declare", "words": "a"})
    room.move("ben", {"type": "call", "call": "bullshit"})
    assert room.phase == "reveal" and room.view("cy")["waiting_for"] == ["ann", "ben", "cy"]
    with pytest.raises(IllegalMove, match="holds 1 tiles, not 2") as err:
        room.move("cy", {"type": "reveal", "tiles": "AB"})
    assert err.value.status == 409
    room.move("cy", {"type": "reveal", "tiles": "b"})
    room.move("ann", {"type": "reveal", "tiles": "Z"})
    assert room.view("ann")["last_ruling"] is None  # no one sees a reveal before all have
    room.move("ben", {"type": "reveal", "tiles": "A"})
    ruling = room.view("ann")["last_ruling"]
    assert room.phase == "playing" and ruling["revealed"] == {"ann": "Z", "ben": "A", "cy": "B"}
    assert ruling["ruling"] == "rejected" and ruling["changes"] == {"ben": 1}  # "a" exists
    assert room.log()["events"][-1] == {"type": "call", "player": "ben", "call": "bullshit",
                                        "tiles": "ZAB"}


def test_an_undecided_call_waits_for_the_hosts_ruling():
    """At budget 0 the referee cannot prove 'sunnah, w, z' the highest of NSZAUNHW (it is):
    the host records the table's ruling, and the log carries it, as a replay does."""
    names = [f"p{i}" for i in range(1, 9)]
    room, tokens, rng = new_room("letters", "table", names=names, rules={"budget": 0})
    room.move("p1", {"type": "declare", "words": "sunnah, w, z"})
    room.move("p2", {"type": "call", "call": "exact"})
    for name, tile in zip(names, "NSZAUNHW"):
        room.move(name, {"type": "reveal", "tiles": tile})
    view = room.view("p2")
    assert room.phase == "reveal" and view["waiting_for"] == ["p1"]
    assert view["last_ruling"]["ruling"] is None and "undecided" in view["last_ruling"]["reason"]
    with pytest.raises(HostOnly):
        room.move("p2", {"type": "ruling", "ruling": "upheld"})
    with pytest.raises(IllegalMove, match="a call is being ruled"):
        room.move("p3", {"type": "declare", "words": "a"})
    room.move("p1", {"type": "ruling", "ruling": "upheld"})
    assert room.phase == "playing" and room.log()["events"][-1]["ruling"] == "upheld"
    assert room.view("p1")["last_ruling"]["by_table"] is True
    replayed = REPLAYERS["letters"].replay(room.log())
    assert replayed["ok"] and replayed["state"] == room.state.game_state


def test_who_may_do_what():
    room, host = Room.create("ROOM", {"game": "dice", "deal": "server", "name": "ann"})
    ben = room.join("ben")
    with pytest.raises(RoomConflict, match="already at this table"):
        room.join("ANN")
    with pytest.raises(NotSeated):
        room.seat("not a token")
    with pytest.raises(NotSeated):
        room.seat("")
    with pytest.raises(HostOnly):
        room.start(room.seat(ben))
    with pytest.raises(RoomConflict, match="not started"):
        room.move("ann", {"type": "bid", "quantity": 1, "face": 2})
    room.start(room.seat(host))
    with pytest.raises(RoomConflict, match="no one joins"):
        room.join("cy")
    with pytest.raises(IllegalMove, match="it is ann's turn, not ben's") as err:
        room.move("ben", {"type": "bid", "quantity": 1, "face": 2})
    assert err.value.status == 409
    with pytest.raises(InvalidInput, match="unknown field"):
        room.move("ann", {"type": "bid", "quantity": 1, "face": 2, "player": "ben"})
    version = room.version
    with pytest.raises(IllegalMove):
        room.move("ann", {"type": "liar"})  # nothing bid yet
    assert room.version == version


@pytest.mark.parametrize("name", ["b\u202eob", "ann\x00", "", " ", "x" * 41, 7])
def test_a_bad_name_is_refused(name):
    with pytest.raises(InvalidInput):
        Room.create("ROOM", {"game": "dice", "name": name})


@pytest.mark.parametrize("name", ["\u3164", "\u115f", "\u1160", "\uffa0", "\u2800",
                                  "\u3164 \u3164", "\u0301", "\ufe0f\u034f"])
def test_a_name_with_no_character_that_shows_is_refused(name):
    """Hangul fillers, the blank braille pattern, a lone mark: a seat no one can see."""
    with pytest.raises(InvalidInput, match="a name needs a character that shows") as err:
        Room.create("ROOM", {"game": "dice", "name": name})
    assert err.value.field == "name" and "U+" in err.value.message
    room, _ = Room.create("ROOM", {"game": "dice", "name": "ann"})
    with pytest.raises(InvalidInput, match="a character that shows"):
        room.join(name)


def test_names_that_look_alike_are_one_person():
    room, _ = Room.create("ROOM", {"game": "dice", "name": "\u00e1"})
    with pytest.raises(RoomConflict):
        room.join("A\u0301")
    assert room.seats[0]["name"] == "\u00e1"


@pytest.mark.parametrize("first, second", [
    ("ann", "\u0430nn"),  # a Cyrillic а
    ("ann", "\u0410NN"),  # a Cyrillic А, in capitals
    ("ann", "ann\u3164"),  # a filler after it
    ("Bepa", "\u0412\u0435\u0440\u0430"),  # Cyrillic Вера
    ("mo", "rno"),
    ("Ian", "lan"),
    ("\u0412\u0435\u0440\u0430", "B\u0435p\u0430"),  # mixed scripts both ways
])
def test_names_that_look_alike_across_scripts_are_one_person(first, second):
    """Two names whose confusable skeletons (UTS #39) match: the second is already at the
    table, as a name that differs only in case is."""
    room, _ = Room.create("ROOM", {"game": "dice", "name": first})
    with pytest.raises(RoomConflict, match="is already at this table"):
        room.join(second)
    assert [s["name"] for s in room.seats] == [first]


def test_names_that_only_resemble_each_other_both_sit():
    """Other letters, an accent, another word in another script (Latin "vera", Cyrillic
    "вера"), an emoji with its variation selector: different names, each its own seat."""
    names = ["ann", "anne", "Zo\u00eb", "Zoe", "vera", "\u0432\u0435\u0440\u0430",
             "ann \u2764\ufe0f", "\U0001f98a"]
    room, _ = Room.create("ROOM", {"game": "dice", "name": names[0]})
    for name in names[1:]:
        room.join(name)
    assert [s["name"] for s in room.seats] == names


def test_the_host_removes_a_player_who_left():
    room, tokens, rng = new_room("letters", "table", names=("ann", "ben", "cy"))
    room.move("ann", {"type": "declare", "words": "a"})
    room.move("ben", {"type": "call", "call": "bullshit"})
    room.move("ann", {"type": "reveal", "tiles": "A"})  # cy's phone is gone: no reveal comes
    with pytest.raises(HostOnly):
        room.move("ben", {"type": "remove", "player": "cy"})
    room.move("ann", {"type": "remove", "player": "cy"})
    view = room.view("ann")
    assert room.phase == "playing" and view["waiting_for"] == [] and view["declarations"] == []
    assert [p["out"] for p in view["players"]] == [False, False, True]
    assert room.log()["events"][-1] == {"type": "leave", "player": "cy"}
    room.move("ann", {"type": "remove", "player": "ben"})
    assert room.phase == "over" and room.view("ann")["winner"] == "ann"
    replayed = REPLAYERS["letters"].replay(room.log())
    assert replayed["ok"] and replayed["state"] == room.state.game_state


@pytest.mark.parametrize("game, rules", [("dice", {"dice_each": 2}),
                                         ("letters", {"tile_limit": 2, "budget": 0.5}),
                                         ("poker", {"card_limit": 2}),
                                         ("liarliar", {})])
def test_a_human_and_two_computer_players_finish_a_game(game, rules, monkeypatch):
    """The computer players' moves are all legal, each decided from its own view only
    (its own hand and the public game, which holds no hand), and the log replays."""
    from solver.games.registry import ROOM_GAMES
    seen = []
    real_decide = ROOM_GAMES[game].decide

    def watched(game_state, view, rng, level="easy"):
        seen.append(view["you"]["name"])
        assert hands_in(view) == [room.hands[view["you"]["name"]]]  # its own, no other
        public = game_state.to_dict()
        if game == "liarliar":  # its state counts the hands; no card is in it unturned
            last = public["last_play"]
            assert public["pile_cards"] == [] and (last is None or last["cards"] is None)
        else:
            assert "hands" not in json.dumps(public)
        return real_decide(game_state, view, rng, level=level)

    monkeypatch.setattr(ROOM_GAMES[game], "decide", watched)
    rng = random.Random(8)
    room, host = Room.create("ROOM", {"game": game, "name": "ann", "rules": rules}, rng=rng)
    room.add_bot("ann", "robo", delay=0)
    room.add_bot("ann", "hal", delay=0)
    room.start("ann", rng=rng)
    for _ in range(300):
        if room.phase == "over":
            break
        if room.phase == "reveal":  # an undecided call: the host rules
            room.move("ann", {"type": "ruling", "ruling": "upheld"})
            continue
        bot = room.bot_to_move()
        if bot is not None:
            room.move(bot, room.decide(bot, rng), rng=rng)
        else:
            view = room.view("ann")
            if game in ("letters", "dice"):
                move = (letters_move if game == "letters" else dice_move)(room, view, rng)
            else:  # the computer player's own way, from ann's view
                move = real_decide(room.game_obj(), view, rng)
            room.move("ann", move, rng=rng)
    assert room.phase == "over" and set(seen) == {"robo", "hal"}
    if game in REPLAYERS:
        replayed = REPLAYERS[game].replay(room.log())
        assert replayed["ok"] and replayed["state"] == room.state.game_state


def test_computer_players_need_the_server_to_deal_and_the_host_to_seat_them():
    room, host = Room.create("ROOM", {"game": "dice", "deal": "table", "name": "ann"})
    with pytest.raises(RoomConflict, match="needs the server to deal"):
        room.add_bot("ann", "robo")
    room, host = Room.create("ROOM", {"game": "dice", "name": "ann"})
    ben = room.join("ben")
    with pytest.raises(HostOnly):
        room.add_bot(room.seat(ben), "robo")
    with pytest.raises(InvalidInput, match="delay"):
        room.add_bot("ann", "robo", delay=-1)


def test_the_advisor_is_the_hosts_to_allow():
    room, host = Room.create("ROOM", {"game": "dice", "name": "ann", "advisor": False})
    room.join("ben")
    room.start("ann", rng=random.Random(1))
    with pytest.raises(HostOnly, match="not allowed the advisor"):
        room.advice("ann")
    room.set_advisor("ann", True)
    advice = room.advice("ben")
    assert advice["last"] is None and advice["suggestions"]
    assert all(0 <= s["holds"]["probability"] <= 1 for s in advice["suggestions"])


def test_a_table_dealt_poker_round_is_ruled_on_the_cards_each_phone_reveals():
    room, _ = Room.create("ROOM", {"game": "poker", "deal": "table", "name": "ann"})
    room.join("ben")
    room.start("ann")
    room.move("ann", {"type": "claim", "claim": "pair of kings"})
    room.move("ben", {"type": "call"})
    assert room.phase == "reveal" and room.view("ann")["waiting_for"] == ["ann", "ben"]
    room.move("ann", {"type": "reveal", "cards": ["KH"]})
    with pytest.raises(IllegalMove):
        room.move("ben", {"type": "reveal", "cards": ["KS", "2D"]})  # ben holds one card
    room.move("ben", {"type": "reveal", "cards": ["KS"]})
    ruling = room.view("ben")["last_ruling"]
    assert ruling["ruling"] == "made" and ruling["changes"] == {"ben": 1}
    assert ruling["revealed"] == {"ann": ["KH"], "ben": ["KS"]}
    assert room.log()["events"][-1]["cards"] == {"ann": ["KH"], "ben": ["KS"]}


def test_a_round_is_bounded_and_a_view_shows_its_last_claims():
    """20 seats of Liar's Dice bidding on and on: a round takes at most MAX_ROUND_CLAIMS
    claims, then the player to move must call; a view shows the last SHOWN_CLAIMS and the
    count, so it stays small however long the round."""
    from solver.rooms.calls import MAX_ROUND_CLAIMS
    from solver.rooms.room import SHOWN_CLAIMS
    rng = random.Random(4)
    room, _ = Room.create("ROOM", {"game": "dice", "name": "p0", "rules": {"dice_each": 5}},
                          rng=rng)
    for n in range(1, 20):
        room.join(f"p{n}")
    room.start("p0", rng=rng)
    for quantity in range(1, MAX_ROUND_CLAIMS + 1):
        mover = room.view("p0")["to_move"]
        room.move(mover, {"type": "bid", "quantity": quantity, "face": 6})
    view = room.view("p3")
    assert view["claims"] == MAX_ROUND_CLAIMS and len(view["declarations"]) == SHOWN_CLAIMS
    assert view["declarations"][-1]["quantity"] == MAX_ROUND_CLAIMS
    assert len(json.dumps(view)) < 8_000
    mover = view["to_move"]
    with pytest.raises(RoomConflict, match=f"the most a round takes \\({MAX_ROUND_CLAIMS}\\)"):
        room.move(mover, {"type": "bid", "quantity": MAX_ROUND_CLAIMS + 1, "face": 6})
    room.move(mover, {"type": "liar"})  # a call is still taken
    assert room.view("p0")["claims"] == 0 and room.phase == "playing"
    replayed = REPLAYERS["dice"].replay(room.log())
    assert replayed["ok"] and replayed["state"] == room.state.game_state


def test_a_log_that_can_take_no_other_round_calls_the_game_off(monkeypatch):
    """The log never passes a replay's limit: a claim needs room for itself and its call,
    and a game whose log cannot take another round is called off, everyone still in sharing
    first place."""
    from solver.rooms import calls
    from solver.rooms import room as room_module
    monkeypatch.setattr(room_module, "MAX_EVENTS", 5)
    monkeypatch.setattr(calls, "MAX_EVENTS", 5)
    rng = random.Random(2)
    room, _ = Room.create("ROOM", {"game": "dice", "name": "ann", "rules": {"dice_each": 3}},
                          rng=rng)
    for name in ("ben", "cy"):
        room.join(name)
    room.start("ann", rng=rng)
    room.move("ann", {"type": "bid", "quantity": 1, "face": 2})
    room.move("ben", {"type": "bid", "quantity": 1, "face": 3})
    room.move("cy", {"type": "bid", "quantity": 1, "face": 4})
    room.move("ann", {"type": "bid", "quantity": 1, "face": 5})
    with pytest.raises(RoomConflict, match="the most a replay takes"):
        room.move("ben", {"type": "bid", "quantity": 1, "face": 6})  # no room for its call
    room.move("ben", {"type": "liar"})
    view = room.view("ann")
    assert len(room.log()["events"]) == 5 and view["phase"] == "over"
    assert view["winner"] is None and "called off" in view["called_off"]
    assert {p["place"] for p in view["places"]} == {1}  # no one out yet: all share first


def test_a_computer_player_opens_a_round_with_no_tile_in_play():
    """A right "exact" between the last two players leaves no tile in play at all; the
    computer player who called it opens the next round (the latest to take a turn) with
    an empty hand: it still declares (any single letter opens a round), the room takes
    it, and the advisor suggests that opening rather than nothing."""
    from solver.search.highest import highest
    rng = random.Random(5)
    room, _ = Room.create("ROOM", {"game": "letters", "name": "ann", "advisor": True},
                             rng=rng)
    room.add_bot("ann", "robo", delay=0)
    room.start("ann", rng=rng)
    best = highest("".join(room.hands.values()))  # the highest set: "exact" on it is right
    room.move("ann", {"type": "declare", "words": ", ".join(best.words)})
    room.move("robo", {"type": "call", "call": "exact"}, rng=rng)
    assert room.view("ann")["last_ruling"]["ruling"] == "upheld"
    assert room.state.game_state["tiles"] == {"ann": 0, "robo": 0}
    assert room.hands == {"ann": "", "robo": ""} and room.bot_to_move() == "robo"
    move = room.decide("robo", rng)
    assert move["type"] == "declare"
    for name in ("ann", "robo"):
        (opening,) = room.advice(name)["suggestions"]
        assert len(opening["words"]) == 1 and opening["exists"]["probability"] == 0
    room.move("robo", move, rng=rng)
    assert room.view("ann")["declarations"] == [{"player": "robo",
                                                 "words": [move["words"]]}]
    room.move("ann", {"type": "call", "call": "bullshit"}, rng=rng)  # nothing exists
    assert room.view("ann")["last_ruling"]["changes"] == {"robo": 1}
    assert room.bot_to_move() is None and room.view("ann")["to_move"] == "ann"


def hosts(room: Room) -> dict:
    """Who each seat's view says is the host, and who each phone is told it is."""
    seen = {p["name"]: p["host"] for p in room.view(room.seats[0]["name"])["players"]}
    assert {s["name"]: room.view(s["name"])["you"]["host"] for s in room.seats} == seen
    return seen


def test_a_host_who_removes_themselves_hands_on_to_the_next_human_still_in():
    """Past the removed ben and the computer player, cy is the next human still in the game:
    cy becomes the host (every view says so) and ann, who left, has no host's powers."""
    rng = random.Random(2)
    room, _ = Room.create("ROOM", {"game": "dice", "name": "ann",
                                      "rules": {"dice_each": 2}}, rng=rng)
    room.join("ben")
    room.add_bot("ann", "robo", delay=0)
    room.join("cy")
    room.join("dee")
    room.start("ann", rng=rng)
    room.move("ann", {"type": "remove", "player": "ben"}, rng=rng)
    room.move("ann", {"type": "remove", "player": "ann"}, rng=rng)
    assert hosts(room) == {"ann": False, "ben": False, "robo": False, "cy": True, "dee": False}
    with pytest.raises(HostOnly):
        room.move("ann", {"type": "remove", "player": "dee"})
    room.move("cy", {"type": "remove", "player": "dee"}, rng=rng)
    assert room.phase == "playing" and room.view("cy")["to_move"] == "robo"


def test_with_no_human_still_in_the_host_passes_to_one_still_watching():
    """ben lost his only die in play (he is out, not removed): when ann leaves, only
    computer players are in the game, and ben, still at the table, becomes the host."""
    rng = random.Random(4)
    room, _ = Room.create("ROOM", {"game": "dice", "name": "ann",
                                      "rules": {"dice_each": 1}}, rng=rng)
    room.join("ben")
    room.add_bot("ann", "robo", delay=0)
    room.add_bot("ann", "hal", delay=0)
    room.start("ann", rng=rng)
    room.move("ann", {"type": "bid", "quantity": 1, "face": room.hands["ann"][0]})  # it holds
    room.move("ben", {"type": "liar"}, rng=rng)
    assert [p["name"] for p in room.view("ben")["players"] if p["out"]] == ["ben"]
    room.move("ann", {"type": "remove", "player": "ann"}, rng=rng)
    assert hosts(room) == {"ann": False, "ben": True, "robo": False, "hal": False}
    assert room.phase == "playing" and room.bot_to_move() in ("robo", "hal")


def test_a_host_left_with_only_computer_players_stays_the_host():
    """No other human is at the table to hand on to (a computer player cannot rule an
    undecided call): ann stays the host, and the computer players play on."""
    rng = random.Random(4)
    room, _ = Room.create("ROOM", {"game": "dice", "name": "ann"}, rng=rng)
    room.add_bot("ann", "robo", delay=0)
    room.add_bot("ann", "hal", delay=0)
    room.start("ann", rng=rng)
    room.move("ann", {"type": "remove", "player": "ann"}, rng=rng)
    assert hosts(room) == {"ann": True, "robo": False, "hal": False}
    assert room.phase == "playing" and room.bot_to_move() in ("robo", "hal")


@pytest.mark.parametrize("game, claim, reveals, again", [
    ("letters", {"type": "declare", "words": "a"},
     [("ann", {"tiles": "A"}), ("ben", {"tiles": "B"})], {"tiles": "Z"}),
    ("dice", {"type": "bid", "quantity": 1, "face": 6},
     [("ann", {"dice": [6]}), ("ben", {"dice": [2]})], {"dice": [3]}),
])
def test_a_phone_reveals_its_hand_once_and_the_first_reveal_stands(game, claim, reveals,
                                                                    again):
    """At a table deal, a second reveal (other tiles or dice, before the last phone has
    revealed) is refused: 409, saying so, and nothing changes; the first is what is ruled."""
    rules = {"dice_each": 1} if game == "dice" else {}
    room, _, _ = new_room(game, "table", names=("ann", "ben"), rules=rules)
    call = {"type": "call", "call": "bullshit"} if game == "letters" else {"type": "liar"}
    room.move("ann", claim)
    room.move("ben", call)
    (first, hand), last = reveals
    room.move(first, {"type": "reveal", **hand})
    version = room.version
    with pytest.raises(IllegalMove, match=f"{first} has already revealed their "
                                          f"{'tiles' if game == 'letters' else 'dice'}: "
                                          f"the first reveal stands") as err:
        room.move(first, {"type": "reveal", **again})
    assert err.value.status == 409 and err.value.field == "type"
    assert room.version == version and room.view("ben")["waiting_for"] == ["ben"]
    room.move(last[0], {"type": "reveal", **last[1]})
    revealed = room.view("ann")["last_ruling"]["revealed"]
    assert revealed == {first: next(iter(hand.values())),
                        last[0]: next(iter(last[1].values()))}
