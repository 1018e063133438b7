"""The room knows no game: a toy game defined here, registered as the five are (an entry of
the registry: a library Game and its RoomGame variant; the five are found as folders and
registered the same way), played over HTTP to the end with no table patched.

The toy is Nim with a secret: the pile (public) starts at 5; each player in turn takes 1
or 2; whoever takes the last counter is out and the pile starts again; the last player
in wins.  Each player is also dealt a secret word that no one else may ever see.
"""

from __future__ import annotations

import inspect
import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from api import create_app
from solver.errors import IllegalMove
from solver.games.base import Game, Leave, Rules
from solver.games.table import require
from solver.games.registry import ROOM_GAMES, Entry, register, unregister
from solver.rooms.room import Room
from solver.rooms.variants import ClaimAndCall, RoomGame, move_branch

V1 = "/api/v1"
SECRETS = ("apple", "river", "stone", "cloud", "ember", "frost")


@dataclass(frozen=True)
class Take:
    player: str
    count: int


class NimRules(Rules):
    title = "Nim"


class NimGame(Game):
    name, title, Rules, seats = "nim", "Nim", NimRules, (2, 4)
    actions = (Take, Leave)

    @classmethod
    def read_action(cls, event, *, field="event"):
        player = require(event, "player", field=field)
        if event.get("type") == "leave":
            return Leave(player)
        return Take(player, require(event, "count", field=field))

    def start(self):
        self.pile = 5

    def check_move(self, action):
        if isinstance(action, Take) and action.count not in (1, 2):
            raise IllegalMove("take 1 or 2", field="count")

    def apply(self, action):
        self.pile -= min(action.count, self.pile)
        if self.pile == 0:
            self.out.append(action.player)
            self.pile = 5
        self.to_move = None if self.is_over() else self.next_in(action.player)

    def state_dict(self):
        return {"pile": self.pile, "to_move": self.to_move, "out": list(self.out)}

    def restore(self, data):
        self.pile, self.to_move, self.out = data["pile"], data["to_move"], list(data["out"])


class NimRoom(RoomGame):
    name, game_type, hand_key = "nim", NimGame, "counters"
    own_moves = {"take": {"count"}}
    flow_moves = frozenset(own_moves)
    deals_each_round = False

    def held(self, game):
        return {p: 0 if p in game.out else 1 for p in game.players}

    def dealer(self, rules):
        return {"cards": list(SECRETS)}  # a secret word each, from a bag of them

    def deal(self, rules, counts, stream):
        dealt = super().deal(rules, counts, stream)  # the one way a server deals
        return {p: words[0] if words else None for p, words in dealt.items()}

    def handle(self, table, by, kind, body, rng):
        table.push({"type": "take", "player": by, "count": require(body, "count",
                                                                    field="move")})

    def public(self, table, game):
        return {"pile": game.pile}

    def move_schemas(self):
        return [move_branch("take", {"count": {"enum": [1, 2]}}, ["count"])]

    def easy_move(self, game, view, rng):
        return {"type": "take", "count": 1 if view["pile"] % 3 == 1 else 2}


NIM = Entry(NimGame, room=NimRoom())  # the toy as the registry knows a game


@pytest.fixture
def hosted():
    """Nim in the house for the test, registered as a game is (and out of it after)."""
    register(NIM)
    yield
    unregister("nim")


def test_the_toy_is_in_every_table_once_registered(hosted):
    assert ROOM_GAMES["nim"] is NIM.room and list(ROOM_GAMES)[-1] == "nim"
    assert Room.create("ABCD", {"game": "nim", "name": "ann"})[0].view("ann")["game"] == "nim"


def test_an_unregistered_game_is_no_room_game():
    assert "nim" not in ROOM_GAMES


def test_a_name_is_one_game(hosted):
    """Registering another game under a name the house has is refused, a folder's too."""
    with pytest.raises(ValueError, match="nim"):
        register(Entry(NimGame, room=NimRoom()))
    with pytest.raises(ValueError, match="dice"):
        register(Entry(type("Dice", (NimGame,), {"name": "dice"})))


def test_a_toy_game_plays_in_a_room_over_http(hosted, tmp_path):
    client = create_app({"ROOMS_DB": str(tmp_path / "rooms.sqlite3")}).test_client()
    made = client.post(f"{V1}/rooms", json={"game": "nim", "name": "ann"}).get_json()
    code, tokens = made["code"], {"ann": made["token"]}
    tokens["ben"] = client.post(f"{V1}/rooms/{code}/join", json={"name": "ben"}
                                ).get_json()["token"]
    client.post(f"{V1}/rooms/{code}/bots", json={"name": "robo", "delay": 0},
                headers={"Authorization": f"Bearer {tokens['ann']}"})
    started = client.post(f"{V1}/rooms/{code}/start",
                          headers={"Authorization": f"Bearer {tokens['ann']}"}).get_json()
    assert started["phase"] == "playing" and started["pile"] == 5
    rng = random.Random(2)
    for _ in range(200):
        views = {n: client.get(f"{V1}/rooms/{code}", headers={
            "Authorization": f"Bearer {t}"}).get_json() for n, t in tokens.items()}
        for name, view in views.items():
            others = {w for w in SECRETS if w != view["you"]["hand"]}
            assert not others & set(str(view).replace("'", " ").split()), name
        if views["ann"]["phase"] == "over":
            break
        mover = views["ann"]["to_move"]
        if mover in tokens:
            answer = client.post(f"{V1}/rooms/{code}/moves",
                                 json={"type": "take", "count": rng.choice((1, 2))},
                                 headers={"Authorization": f"Bearer {tokens[mover]}"})
            assert answer.status_code == 200, answer.get_json()
    over = views["ann"]
    assert over["phase"] == "over" and len(over["places"]) == 3
    log = client.get(f"{V1}/rooms/{code}/log",
                     headers={"Authorization": f"Bearer {tokens['ann']}"}).get_json()
    replayed = NimGame(log["players"])
    for event in log["events"]:
        replayed.push(replayed.read_action(event))
    assert Room.places(replayed.outcome()) == over["places"]
    bad = client.post(f"{V1}/rooms/{code}/moves", json={"type": "take", "count": 3},
                      headers={"Authorization": f"Bearer {tokens['ann']}"})
    assert bad.status_code in (400, 409)


ARCHITECTURE = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"


def named(text: str, start: str, end: str) -> set[str]:
    """The names in backquotes between ``start`` and ``end`` in ``text``."""
    return set(re.findall(r"`(\w+)`", text.split(start, 1)[1].split(end, 1)[0]))


def must_write(cls) -> set[str]:
    """The methods ``cls`` leaves to a subclass (they raise NotImplementedError)."""
    return {name for name, value in vars(cls).items() if callable(value)
            and "raise NotImplementedError" in inspect.getsource(value)}


def test_adding_a_game_is_the_steps_docs_architecture_gives():
    """docs/architecture.md's steps name every hook a game must write, and the toy wrote
    each that its steps name (so that the page is the toy's recipe, checked)."""
    steps = " ".join(ARCHITECTURE.read_text().split("## Adding a game", 1)[1].split())
    rules = named(steps, "its `Game` subclass", "With a")
    room = named(steps, "an instance of its room variant, which writes", "a claim-and-call")
    family = named(steps, "subclasses `ClaimAndCall` instead and writes", "4.")
    assert must_write(Game) <= rules and rules <= set(vars(NimGame)), rules
    assert must_write(RoomGame) <= room and room <= set(vars(NimRoom)), room
    assert must_write(ClaimAndCall) <= family, family
