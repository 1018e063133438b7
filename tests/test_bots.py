"""Computer players at two levels (solver/rooms/bots.py, solver/rooms/hard/): the level
over HTTP, a hard player that sees only its own view, "exact" called when it should be,
every level's moves legal, and a table of hard players alone playing every game out.
How strong each level is is measured by scripts/bench_bots.py, not here."""

from __future__ import annotations

import copy
import random

import pytest
from rooms_http import bearer

from api import create_app
from solver.errors import InvalidInput
from solver.games.cards import POKER_DECK, SUITS, rank_name
from solver.games.dice.game import Bid
from solver.games.registry import REPLAYERS
from solver.rooms.bots import LEVELS
from solver.games.registry import ROOM_GAMES
from solver.rooms.room import Room
from solver.words.tiles import get_tile_set

V1 = "/api/v1"
FAST = {"letters": {"tile_limit": 2}, "dice": {"dice_each": 2}, "poker": {"card_limit": 2}}


@pytest.fixture
def client(tmp_path):
    return create_app({"ROOMS_DB": str(tmp_path / "rooms.sqlite3"), "ROOM_REVEAL_SECONDS": 0}).test_client()


def table(game: str, levels: dict[str, str], seed: int, rules=None) -> tuple[Room, random.Random]:
    """A started room of computer players alone (its host a table display)."""
    rng = random.Random(seed)
    room, _ = Room.create("BOTS", {"game": game, "name": "tv", "seat": False,
                                   "rules": rules if rules is not None else FAST.get(game, {})},
                          rng=rng)
    for name, level in levels.items():
        room.add_bot("tv", name, delay=0, level=level)
    room.start("tv", rng=rng)
    return room, rng


def step(room: Room, rng) -> None:
    """The next move: the computer player's to move, or the table's ruling on an undecided
    "exact"."""
    if room.phase == "reveal":
        room.move("tv", {"type": "ruling", "ruling": "rejected"}, rng=rng)
        return
    name = room.bot_to_move()
    room.move(name, room.decide(name, rng), rng=rng)


# --- the level over HTTP --------------------------------------------------------------

def test_the_level_is_easy_or_hard_and_the_view_shows_it(client):
    made = client.post(f"{V1}/rooms", json={"game": "dice", "name": "ann"}).get_json()
    code, ann = made["code"], made["token"]
    added = client.post(f"{V1}/rooms/{code}/bots", json={"name": "hal", "level": "hard"},
                        headers=bearer(ann))
    assert added.status_code == 201
    plain = client.post(f"{V1}/rooms/{code}/bots", json={"name": "robo"}, headers=bearer(ann))
    players = {p["name"]: p for p in plain.get_json()["players"]}
    assert (players["hal"]["bot"], players["hal"]["level"]) == (True, "hard")
    assert (players["robo"]["bot"], players["robo"]["level"]) == (True, "easy")  # the default
    assert (players["ann"]["bot"], players["ann"]["level"]) == (False, None)
    for level in ("medium", "HARD", 2, None, ["hard"]):
        refused = client.post(f"{V1}/rooms/{code}/bots", json={"name": "x", "level": level},
                              headers=bearer(ann))
        assert refused.status_code == 400, level
        error = refused.get_json()["error"]
        assert (error["code"], error["field"]) == ("invalid_input", "level")
    view = client.get(f"{V1}/rooms/{code}", headers=bearer(ann)).get_json()
    assert [p["name"] for p in view["players"]] == ["ann", "hal", "robo"]  # none seated


def test_the_bots_route_documents_the_level(client):
    document = client.get(f"{V1}/openapi.json").get_json()
    body = document["paths"][f"{V1}/rooms/{{code}}/bots"]["post"]["requestBody"]
    schema = body["content"]["application/json"]["schema"]
    assert schema["properties"]["level"]["enum"] == list(LEVELS)
    assert schema["properties"]["level"]["default"] == "easy"


def test_a_room_refuses_an_unknown_level_before_seating_anyone():
    room, _ = Room.create("ROOM", {"game": "dice", "name": "ann"})
    with pytest.raises(InvalidInput, match="'easy' or 'hard'") as err:
        room.add_bot("ann", "robo", level="expert")
    assert err.value.field == "level" and len(room.seats) == 1
    room.add_bot("ann", "robo", level="hard")
    assert room.bot("robo")["level"] == "hard"
    del room.seats[1]["bot"]["level"]  # a room stored before levels: the default
    assert room.bot("robo")["level"] == "easy"


# --- a hard player sees only its own view ---------------------------------------------

def redeal(room: Room, me: str, rng) -> None:
    """Deal the hands ``me`` cannot see anew, as the server might have: ``me``'s own view
    stays the same."""
    others = [p for p in room.hands if p != me]
    if room.game == "dice":
        faces = room.rules["faces"]
        for p in others:
            room.hands[p] = [rng.randint(1, faces) for _ in room.hands[p]]
    elif room.game == "letters":
        left = get_tile_set(room.rules["tile_set"]).counts.copy()
        for letter in room.hands[me]:
            left[letter] -= 1
        pool = [letter for letter, n in left.items() for _ in range(n)]
        rng.shuffle(pool)
        for p in others:
            size = len(room.hands[p])
            room.hands[p], pool = "".join(sorted(pool[:size])), pool[size:]
    elif room.game == "poker":
        pool = [f"{rank_name(r)}{s}" for r in range(2, 15) for s in SUITS]
        pool = [c for c in pool if c not in room.hands[me]]
        assert len(pool) == POKER_DECK.size - len(room.hands[me])
        rng.shuffle(pool)
        for p in others:
            size = len(room.hands[p])
            room.hands[p], pool = pool[:size], pool[size:]
    else:  # cards dealt once: the others' cards change hands, the card in transit too
        hidden = room.state.hidden or {}
        secret = room.game == "post" and hidden.get("card") and me not in hidden["looked"]
        pool = [c for p in others for c in room.hands[p]] + ([hidden["card"]] if secret else [])
        rng.shuffle(pool)
        for p in others:
            size = len(room.hands[p])
            room.hands[p], pool = pool[:size], pool[size:]
        if secret:
            hidden["card"] = pool[0]


@pytest.mark.parametrize("game", sorted(ROOM_GAMES))
def test_a_hard_player_decides_the_same_whatever_the_hands_it_cannot_see(game):
    """At every position of a game, the hard player to move decides from its view and
    the public game only: the other hands dealt anew, its view is unchanged and so is
    its move (the same seed); no other hand is in its view at all."""
    checked = 0
    for seed in range(2):
        room, rng = table(game, {"ann": "hard", "ben": "hard", "cy": "hard"}, seed)
        while room.phase != "over" and checked < 12 * (seed + 1):
            name = room.bot_to_move()
            if room.phase == "playing" and name is not None:
                view = room.view(name)
                assert all(p["name"] == name or "hand" not in p for p in view["players"])
                before = room.decide(name, random.Random(seed * 1000 + checked))
                other = Room.from_dict(copy.deepcopy(room.to_dict()))
                for attempt in range(10):  # (a redeal may, rarely, deal the same hands)
                    redeal(other, name, random.Random(checked * 10 + attempt))
                    if other.state != room.state:
                        break
                assert other.state != room.state
                assert other.view(name) == view
                assert other.decide(name, random.Random(seed * 1000 + checked)) == before
                checked += 1
            step(room, rng)
    assert checked >= 12


# --- "exact" --------------------------------------------------------------------------

def exact_spot() -> Room:
    """ann holds Q, hal holds I (two tiles in play).  ann opened "q", hal raised "q, i",
    ann raised to "qi": every tile in play, and the highest set of Q and I."""
    room, _ = Room.create("ROOM", {"game": "letters", "name": "ann"})
    room.add_bot("ann", "hal", delay=0, level="hard")
    room.start("ann", rng=random.Random(1))
    room.state.hands = {"ann": "Q", "hal": "I"}
    room.move("ann", {"type": "declare", "words": "q"})
    room.move("hal", {"type": "declare", "words": "q, i"})
    room.move("ann", {"type": "declare", "words": "qi"})
    return room


def test_a_hard_player_calls_exact_when_the_declarations_say_it_is_the_highest():
    """From hal's tiles alone, "qi" exists only if ann's one tile is the Scrabble set's one
    Q (about 1 in 97): the easy player calls "bullshit", as it always did (never once
    "exact").  But ann opened "q", which her tile makes certain only if it is a Q: the hard
    player reads that, and calls "exact", which is upheld."""
    room = exact_spot()
    assert room.decide("hal", random.Random(2)) == {"type": "call", "call": "exact"}
    room.seats[1]["bot"]["level"] = "easy"
    assert room.decide("hal", random.Random(2)) == {"type": "call", "call": "bullshit"}
    room.move("hal", {"type": "call", "call": "exact"})
    ruled = room.view("ann")["last_ruling"]
    assert ruled["ruling"] == "upheld" and ruled["changes"] == {"ann": -1, "hal": -1}


def test_a_hard_player_calls_exact_when_it_can_see_every_tile():
    """No tile hidden from it (the other player holds none): a declaration of every tile
    that is the highest is certain, and "exact" is its call."""
    room, _ = Room.create("ROOM", {"game": "letters", "name": "ann"})
    room.add_bot("ann", "hal", delay=0, level="hard")
    room.start("ann", rng=random.Random(1))
    room.state.game_state["tiles"] = {"ann": 0, "hal": 3}
    room.state.hands = {"ann": "", "hal": "AET"}
    room.move("ann", {"type": "declare", "words": "eat"})
    assert room.decide("hal", random.Random(3)) == {"type": "call", "call": "exact"}


# --- every level's move is legal ------------------------------------------------------

@pytest.mark.parametrize("game", sorted(ROOM_GAMES))
def test_every_levels_move_is_legal_at_every_position(game):
    """Games of mixed levels; at each position both levels decide for the player to move,
    and the room takes each move (each tried on a copy; the table plays one)."""
    positions = 0
    for seed in range(3):
        room, rng = table(game, {"ann": "hard", "ben": "easy", "cy": "hard"}, seed + 10)
        while room.phase != "over":
            name = room.bot_to_move()
            if room.phase == "playing" and name is not None:
                for level in LEVELS:
                    move = room.kind.decide(room.game_obj(), room.view(name), rng, level)
                    Room.from_dict(copy.deepcopy(room.to_dict())).move(name, move, rng=rng)
                positions += 1
            step(room, rng)
    assert positions >= 20


# --- a table of hard players alone ------------------------------------------------------

@pytest.mark.parametrize("game", sorted(ROOM_GAMES))
def test_a_table_of_hard_players_alone_plays_every_game_to_the_end(game):
    room, rng = table(game, {"ann": "hard", "ben": "hard", "cy": "hard"}, 7, rules={})
    for _ in range(5000):
        if room.phase == "over":
            break
        step(room, rng)
    view = room.view("tv")
    assert view["phase"] == "over" and len(view["places"]) == 3
    if game in REPLAYERS:
        replayed = REPLAYERS[game].replay(room.log())
        assert replayed["ok"] and replayed["state"] == room.state.game_state


def test_the_round_dealt_after_a_call_comes_from_the_moves_generator():
    """The same seed, the same game: the hands the server deals after a call come from the
    generator the call was made with (scripts/bench_bots.py replays its games by seed)."""
    dealt = []
    for _ in range(2):
        room, rng = table("dice", {"ann": "easy", "ben": "easy"}, 3)
        room.move(room.bot_to_move(), {"type": "bid", "quantity": 1, "face": 2}, rng=rng)
        room.move(room.bot_to_move(), {"type": "liar"}, rng=random.Random(4))
        dealt.append(copy.deepcopy(room.hands))
    assert dealt[0] == dealt[1]


# --- issue 50: no tells, and players read ---------------------------------------------

def liarliar_spot() -> tuple[Room, str, str]:
    """A Liar Liar table of hard players, 18 cards each: the opener holds the 6 of hearts
    and plays it alone as "6"; the next player holds no 6 and no joker.  The opener is
    left with 17 cards."""
    room, _ = table("liarliar", {"ann": "hard", "ben": "hard", "cy": "hard"}, 1)
    opener = room.bot_to_move()
    judge = room.game_obj()._next(opener)
    third = next(p for p in room.hands if p not in (opener, judge))
    deck = [f"{rank_name(r)}{s}" for r in range(2, 15) for s in SUITS] + ["joker", "joker"]
    sixes_and_jokers = [c for c in deck if c.startswith("6") or c == "joker"]
    rest = [c for c in deck if c not in sixes_and_jokers]
    room.hands[judge] = rest[:18]
    room.hands[opener] = ["6H"] + rest[18:35]
    room.hands[third] = [c for c in sixes_and_jokers if c != "6H"] + rest[35:]
    assert sorted(map(len, room.hands.values())) == [18, 18, 18]
    room.move(opener, {"type": "play", "cards": ["6H"], "rank": "6"})
    return room, opener, judge


def test_a_hard_player_at_liar_liar_believes_one_card_from_a_big_hand():
    """A player plays its true cards when it holds them: one "6" from an 18-card hand
    is nearly always true (such a hand holds a 6 or a joker with chance about 0.98),
    though one card at random from those the judge cannot see is a 6 or a joker only
    about 1 in 6.  The hard player judged the latter way and called; now it plays on."""
    from solver.games.liarliar import hard as liarliar
    room, opener, judge = liarliar_spot()
    view = room.view(judge)
    assert view["you"]["can_call"]
    chance = liarliar.judged_true(room.game_obj(), view, judge, opener, 6, 1)
    assert chance > 0.9
    moves = [room.decide(judge, random.Random(seed))["type"] for seed in range(8)]
    assert "liar" not in moves


def test_a_hard_player_at_liar_liar_reads_how_often_the_next_player_calls():
    """The next player's record at the table: a player that let every play pass is
    taken to call less often than one that called at every chance."""
    from solver.rooms.hard import record
    passes = {"history": [{"claims": [{"player": "a"}, {"player": "b"}, {"player": "a"},
                                      {"player": "b"}], "ruling": {"call": "liar", "by": "a"}}],
              "declarations": []}
    calls = {"history": [{"claims": [{"player": "a"}], "ruling": {"call": "liar", "by": "b"}}
                         for _ in range(3)], "declarations": []}
    assert record.call_record(passes, "b") == (0, 2)
    assert record.call_record(calls, "b") == (3, 3)
    assert record.rate(record.call_record(passes, "b"), 0.5, 2) \
        < 0.5 < record.rate(record.call_record(calls, "b"), 0.5, 2)


def test_a_hard_players_dice_openings_vary():
    """Its openings do not show its hand: over seeded deals it opens on a face it holds
    none of, and above one die, as well as on the faces it holds (it opened "1 of a face
    it holds" in 276 of 281 openings)."""
    from solver.games.dice.game import DiceRules
    rules = DiceRules()
    bluffs = jumps = held = 0
    for seed in range(40):
        room, rng = table("dice", {"ann": "hard", "ben": "hard", "cy": "hard"}, seed, rules={})
        name = room.bot_to_move()
        mine = room.view(name)["you"]["hand"]
        move = room.decide(name, random.Random(seed))
        assert move["type"] == "bid"
        counted = rules.count(Bid(1, move["face"]), mine)
        bluffs += counted == 0
        held += counted > 0
        jumps += move["quantity"] > 1
    assert bluffs and jumps and held


def test_a_hard_player_at_dice_reads_how_often_a_player_bids_what_it_holds():
    """From the rulings' revealed dice: a player whose bids named faces it held none of
    is read as less honest than one whose bids its dice backed."""
    from solver.games.dice.game import DiceRules
    from solver.games.dice import hard as dice
    def seen(faces):
        return {"history": [{"claims": [{"player": "b", "quantity": 2, "face": f}],
                             "ruling": {"call": "liar", "by": "a",
                                        "revealed": {"b": [2, 2, 3, 3, 4]}}}
                            for f in faces]}
    rules = DiceRules()
    assert dice.honesty(seen([5, 6, 5, 6]), "b", rules) < dice.HONEST \
        < dice.honesty(seen([2, 3, 4, 2]), "b", rules)


def test_a_hard_players_lies_at_post_vary_and_do_not_repeat_its_last_claim():
    """Lying, it named "ace" in 246 of 293 lies and repeated its previous claim 54% of the
    time: now the kind is drawn at random (weighed by belief), never its last claim."""
    from solver.games.post import hard as post
    room, rng = table("post", {"ann": "hard", "ben": "hard", "cy": "hard"}, 3)
    while not any(t.senders[-1] == "ann" for t in room.game_obj().turns):
        step(room, rng)
    game = room.game_obj()
    last = [t.claim.kind for t in game.turns if t.senders[-1] == "ann"][-1]
    lies = {post.lie_kind(game, "ann", "ben", 9, random.Random(seed)) for seed in range(30)}
    assert last not in lies and 9 not in lies
    assert len(lies) >= 3


def test_a_hard_players_poker_openings_sometimes_name_ranks_it_holds_none_of():
    """All 64 of its opening claims named only ranks it held: now, holding two cards or
    more (with one card, a claim of a rank it lacks is called at once), some do not."""
    from solver.games.cards import Card
    from solver.games.poker.game import Hand
    bluffs = held = 0
    for seed in range(8):
        room, rng = table("poker", {"ann": "hard", "ben": "hard", "cy": "hard"}, seed, rules={})
        while room.phase != "over":
            name, game = room.bot_to_move(), room.game_obj()
            if game.last is None and game.cards[name] >= 2:
                mine = {Card.parse(c).rank for c in room.view(name)["you"]["hand"]}
                move = room.decide(name, random.Random(seed))
                named = set(Hand.parse(move["claim"]).ranks)
                bluffs += not named & mine
                held += bool(named & mine)
            step(room, rng)
    assert bluffs and held
