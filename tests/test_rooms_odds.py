"""The odds at every reveal (solver/rooms/call_odds.py): each ruling of a call says how
likely the claim called was to hold, from the caller's seat and from the claimer's, and each
figure is what the game's odds route answers for that seat's view.

Rooms of every game are played by computer players (both levels, and in Liars' Letters some
"exact" calls besides); before every move each seat's view is kept, and at each ruling the
odds route (POST /api/v1/GAME/odds) is asked with the caller's and the claimer's view as it
stood before the call: their own hand and what was public.  Liar Liar's and Liar's Post's
claimer knows the cards of their claim: their view names every other card as elsewhere.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from api import create_app
from solver.games.cards import Card, parse_rank, rank_name
from solver.games.liarliar.game import DECK as LIAR_LIAR_DECK
from solver.games.post.game import PostRules
from solver.odds.chance import Chance
from solver.games.letters.odds import HighestChance
from solver.games.letters import room as letters_room
from solver.rooms import call_odds
from solver.games.registry import ROOM_GAMES
from solver.rooms.room import Room

GAMES = sorted(ROOM_GAMES)
RULES = {"letters": {"tile_limit": 3, "budget": 0.5}, "dice": {"dice_each": 3},
         "poker": {"card_limit": 3}}
NAMES = ("ann", "ben", "cy")
RULINGS = 12  # rulings checked per game, at least
ANSWERED = {"dice": "holds", "poker": "made", "liarliar": "true", "post": "true"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    rooms = tmp_path_factory.mktemp("rooms") / "rooms.sqlite3"
    return create_app({"TESTING": True, "ROOMS_DB": str(rooms)}).test_client()


def room_of(game: str, seed: int, *, deal: str = "server") -> tuple[Room, random.Random]:
    rng = random.Random(seed)
    room, _ = Room.create("ODDSX", {"game": game, "name": "ann", "deal": deal,
                                    "rules": RULES.get(game, {})}, rng=rng)
    for name in NAMES[1:]:
        room.join(name)
    room.start("ann", rng=rng)
    return room, rng


def a_move(room: Room, name: str, rng) -> dict:
    """``name``'s move from their own view: an easy or a hard player's, and in Liars'
    Letters now and then an "exact" call on the last declaration."""
    level = rng.choice(["easy", "hard"])
    if room.game == "letters" and room.view(name)["declarations"] and rng.random() < 0.25:
        return {"type": "call", "call": "exact"}
    return room.kind.decide(room.game_obj(), room.view(name), rng, level)


def rulings_with_views(game: str):
    """Every ruling with odds of games played to the end (seeds 1, 2, ...), each with every
    seat's view from just before the move that made it."""
    found = []
    for seed in range(1, 40):
        room, rng = room_of(game, seed)
        for _ in range(3000):
            if room.phase == "over" or len(found) >= RULINGS:
                break
            if room.phase == "reveal":  # an "exact" the referee could not decide
                room.move("ann", {"type": "ruling", "ruling": "rejected"}, rng=rng)
                continue
            before = {name: room.view(name) for name in NAMES}
            last = room.state.last_ruling
            mover = room.game_obj().to_move
            room.move(mover, a_move(room, mover, rng), rng=rng)
            ruling = room.state.last_ruling
            if ruling is not last and ruling.get("odds") is not None:
                found.append((ruling, before))
        if len(found) >= RULINGS:
            return found
    raise AssertionError(f"{game}: only {len(found)} rulings")


# --- each seat's view, as the odds route takes it -------------------------------------------

def hidden(view: dict, key: str, mine) -> int:
    """How many of the tiles, dice or cards in play ``view``'s seat cannot see."""
    return sum(p[key] for p in view["players"] if not p["out"]) - len(mine)


def by_rank(cards) -> Counter:
    return Counter(Card.parse(c).rank for c in cards)


def all_but(deck_counts: dict, known) -> list[str]:
    """Every card of a deck (rank: copies; None: jokers) but ``known``, by rank."""
    held = by_rank(known)
    return [rank_name(rank) if rank is not None else "joker"
            for rank, copies in deck_counts.items() for _ in range(copies - held[rank])]


LIAR_LIAR_COUNTS = {**{rank: 4 for rank in LIAR_LIAR_DECK.ranks}, None: LIAR_LIAR_DECK.jokers}


def route_request(game: str, ruling: dict, before: dict, seat: str, claimer: str) -> dict:
    """The odds route's request for ``seat``'s view before the call."""
    view = before[seat]
    rules = view["rules"]
    last = before[claimer]["declarations"][-1] if game not in ("liarliar", "post") else None
    if game == "dice":
        mine = ruling["revealed"][seat]
        return {"mine": mine, "hidden": hidden(view, "dice", mine), "rules": rules,
                "bid": {"quantity": last["quantity"], "face": last["face"]}}
    if game == "poker":
        mine = ruling["revealed"][seat]
        return {"mine": mine, "hidden": hidden(view, "cards", mine), "rules": rules,
                "claim": last["claim"]["phrase"]}
    if game == "letters":
        mine = ruling["revealed"][seat]
        return {"mine": mine, "hidden": hidden(view, "tiles", mine),
                "declared": ", ".join(last["words"]), "tile_set": rules["tile_set"],
                "lexicon": rules["lexicon"], "budget": rules["budget"]}
    mine = view["you"]["hand"]
    if game == "liarliar":
        claim = {"count": view["last_play"]["count"], "rank": view["rank"]}
        seen = [rank for rank in view["discarded"] for _ in range(4)] if seat != claimer \
            else all_but(LIAR_LIAR_COUNTS, [*mine, *ruling["revealed"][claimer]])
        return {"mine": mine, "seen": seen, "claim": claim}
    post = PostRules.from_dict(rules)
    if seat != claimer:
        face_up = [kind for kinds in view["face_up"].values() for kind, n in kinds.items()
                   for _ in range(n)]
    else:
        face_up = all_but({rank: post.copies for rank in post.deck.ranks},
                          [*mine, ruling["card"]])
    return {"mine": mine, "face_up": face_up, "claim": view["card"]["claim"], "rules": rules}


def answered(game: str, ruling: dict, answer: dict) -> dict:
    if game == "letters":
        return answer["highest" if ruling["call"] == "exact" else "exists"]
    return answer[ANSWERED[game]]


def same(figure: dict, chance: dict) -> None:
    """A reveal's figure is the route's chance: exact, or undecided with its interval."""
    if chance.get("decided", True):
        assert (figure["p"], figure["fraction"], figure["exact"]) == \
            (chance["probability"], chance["fraction"], True), (figure, chance)
    else:
        assert figure["p"] is None and figure["decided"] is False, (figure, chance)
        assert figure["interval"] == chance["interval"], (figure, chance)


@pytest.mark.parametrize("game", GAMES)
def test_the_odds_at_every_reveal_are_the_odds_routes_answers(client, game):
    measures = Counter()
    for ruling, before in rulings_with_views(game):
        odds = ruling["odds"]
        caller = ruling["by"]
        claimer = (before[caller]["last_play"]["player"] if game == "liarliar" else
                   before[caller]["card"]["held"][-1] if game == "post" else
                   before[caller]["declarations"][-1]["player"])
        assert (odds["caller"]["seat"], odds["claimer"]["seat"]) == (caller, claimer)
        measures[odds["measure"]] += 1
        for role, seat in (("caller", caller), ("claimer", claimer)):
            request = route_request(game, ruling, before, seat, claimer)
            answer = client.post(f"/api/v1/{game}/odds", json=request)
            assert answer.status_code == 200, (request, answer.get_json())
            same(odds[role], answered(game, ruling, answer.get_json()))
        if game in ("liarliar", "post"):  # the claimer knew; the caller's is private
            held = (ruling["ruling"] == "true" if game == "liarliar" else
                    Card.parse(ruling["card"]).rank == parse_rank(ruling["claim"]["kind"]))
            assert odds["claimer"]["p"] == (1.0 if held else 0.0)
            assert odds["caller"]["private"] is True
    expected = {"letters": {"exists", "highest"}, "dice": {"holds"}, "poker": {"made"},
                "liarliar": {"true"}, "post": {"true"}}[game]
    assert set(measures) == expected == set(ROOM_GAMES[game].measures), measures


def table_dealt(game: str, names, rules: dict) -> Room:
    room, _ = Room.create("ODDSX", {"game": game, "name": names[0], "deal": "table",
                                    "rules": rules})
    for name in names[1:]:
        room.join(name)
    room.start(names[0])
    return room


def revealed(room: Room, hands: dict) -> dict:
    """Each phone types its own hand after the call: the ruling's odds."""
    for name, hand in hands.items():
        room.move(name, {"type": "reveal", room.kind.hand_key: hand})
    return room.state.last_ruling["odds"]


def test_at_a_table_deal_the_odds_come_from_the_dice_each_phone_revealed(client):
    rules = {"dice_each": 1, "wild": []}
    room = table_dealt("dice", NAMES, rules)
    room.move("ann", {"type": "bid", "quantity": 2, "face": 6})
    room.move("ben", {"type": "liar"})
    odds = revealed(room, {"ann": [6], "ben": [2], "cy": [6]})
    # ben holds a 2: two sixes among the two dice hidden from him; ann holds a six: one more
    assert (odds["caller"]["fraction"], odds["claimer"]["fraction"]) == ("1/36", "11/36")
    for role, mine in (("caller", [2]), ("claimer", [6])):
        answer = client.post("/api/v1/dice/odds", json={"mine": mine, "hidden": 2,
                                                        "bid": "2 sixes", "rules": rules})
        same(odds[role], answer.get_json()["holds"])


@pytest.fixture
def searches(monkeypatch):
    """Every search the reveal's odds make themselves, with the budget each was given."""
    made = []
    search = letters_room.check_declaration

    def spy(tiles, declared, lexicon=None, *, budget):
        made.append((str(tiles), budget))
        return search(tiles, declared, lexicon, budget=budget)

    monkeypatch.setattr(letters_room, "check_declaration", spy)
    return made


@pytest.mark.parametrize("ben", ["T", "E"])
def test_an_exact_call_s_odds_reuse_the_referee_s_search_or_make_one_bounded(client, searches,
                                                                             ben):
    """'at' from A and T: the highest exactly when the hidden tile is the letter missing.
    Revealed A and T, the referee searched those very letters: no search again.  Revealed A
    and E, 'at' is not there: one search of A and T, within the reveal's bound."""
    rules = {"tile_limit": 3, "budget": 5.0}
    room = table_dealt("letters", ("ann", "ben"), rules)
    room.move("ann", {"type": "declare", "words": "at"})
    room.move("ben", {"type": "call", "call": "exact"})
    odds = revealed(room, {"ann": "A", "ben": ben})
    assert odds["measure"] == "highest"
    # 98 Scrabble tiles, 97 unseen from either seat: six T's, nine A's
    assert odds["claimer"]["fraction"] == "6/97"  # ann holds the A: the T is wanted
    assert odds["caller"]["fraction"] == ("9/97" if ben == "T" else "0/1")  # an E: never
    assert searches == ([] if ben == "T" else [("AT", call_odds.REVEAL_SEARCH)])
    for role, mine in (("caller", ben), ("claimer", "A")):
        answer = client.post("/api/v1/letters/odds", json={"mine": mine, "hidden": 1,
                                                           "declared": "at"})
        same(odds[role], answer.get_json()["highest"])


def test_an_unsettled_search_is_a_figure_with_its_interval_as_the_route_says_it():
    undecided = HighestChance(None, Chance.of(1, 5), "undecided: the search ran out")
    shown = call_odds.figure("ann", undecided)
    assert shown == {"seat": "ann", "p": None, "fraction": None, "exact": False,
                     "decided": False, "interval": undecided.as_dict()["interval"]}
    assert shown["interval"] == [0.0, 0.2]
    assert call_odds.figure("ben", Chance.of(1, 4), private=True) == {
        "seat": "ben", "p": 0.25, "fraction": "1/4", "exact": True, "private": True}
