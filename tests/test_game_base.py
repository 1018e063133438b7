"""Every game is a :class:`solver.games.base.Game`: one way to play, check, end and save.

What the base promises is checked on every game of the registry at once, so a new game
that overrides a hook wrongly fails here: an illegal move changes nothing, the state
round-trips through JSON, the rules' schema documents the rules' own defaults, and the
examples the front ends show are valid against the schemas they are shown with.
"""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from solver.errors import GameOver, IllegalMove, InvalidInput
from solver.games.base import Game, Rules
from solver.games.letters.game import LettersGame, LettersRules
from solver.games.registry import GAMES, REPLAYERS

LETTERS = REPLAYERS["letters"]  # Liars' Letters' replay surface (the registry's)
ENTRIES = list(REPLAYERS.values())


def play(entry, until=None):
    """The entry's replay example played on its game object, up to event ``until``."""
    example = entry.REPLAY_EXAMPLE
    game = entry.game(example["players"], entry.rules_type.from_dict(example.get("rules")))
    for event in example["events"][:until]:
        game.push(entry.game.read_action(event))
    return game


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_game_is_a_game_with_its_rules(entry):
    assert issubclass(entry.game, Game) and issubclass(entry.rules_type, Rules)
    assert entry.game.name == entry.name
    assert entry.game.Rules is entry.rules_type


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_the_example_plays_to_the_replays_state(entry):
    game = play(entry)
    assert game.to_dict() == entry.replay(entry.REPLAY_EXAMPLE)["state"]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_a_state_round_trips_through_json_at_every_step(entry):
    for until in range(len(entry.REPLAY_EXAMPLE["events"]) + 1):
        state = play(entry, until).to_dict()
        again = entry.game.from_dict(json.loads(json.dumps(state)))
        assert again.to_dict() == state, until


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_the_restored_game_plays_on_as_the_original(entry):
    """Half-way through, a game rebuilt from its JSON takes the remaining events alike."""
    events = entry.REPLAY_EXAMPLE["events"]
    half = len(events) // 2
    original = play(entry, half)
    restored = entry.game.from_dict(json.loads(json.dumps(original.to_dict())))
    for event in events[half:]:
        original.push(entry.game.read_action(event))
        restored.push(entry.game.read_action(event))
    assert restored.to_dict() == original.to_dict()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_an_illegal_move_changes_nothing(entry):
    """Every event pushed by the wrong player (or after the end) is refused, and the state
    is the same afterwards: ``push`` checks before it applies."""
    events = entry.REPLAY_EXAMPLE["events"]
    refused = 0
    for until in range(len(events) + 1):
        game = play(entry, until)
        before = json.dumps(game.to_dict())
        for event in events:
            for player in game.players:
                if player == game.to_move:
                    continue
                try:
                    action = entry.game.read_action({**event, "player": player})
                except InvalidInput:
                    continue
                if entry.name == "liarliar" and event["type"] == "discard":
                    continue  # four of a kind may go down out of turn
                assert not game.is_legal(action)
                with pytest.raises((IllegalMove, GameOver)):
                    game.push(action)
                refused += 1
                assert json.dumps(game.to_dict()) == before
    assert refused


@pytest.mark.parametrize("name", ["dice", "post", "poker"])  # their examples play to the end
def test_after_the_end_every_move_is_game_over(name):
    entry = REPLAYERS[name]
    game = play(entry)
    assert game.is_over() and game.outcome() is not None and game.to_move is None
    for event in entry.REPLAY_EXAMPLE["events"]:
        with pytest.raises(GameOver):
            game.push(entry.game.read_action(event))


def test_a_letters_game_ends_with_the_last_player_in():
    game = LettersGame(["ann", "ben"], LettersRules(tile_limit=1))
    game.declare("ann", "a")
    game.call("ben", "bullshit", tiles="AB")  # "a" exists: the caller gains a second tile
    outcome = game.outcome()
    assert game.is_over() and (outcome.winner, outcome.losers) == ("ann", ("ben",))
    with pytest.raises(GameOver, match="the game is over: ann won"):
        game.declare("ann", "b")


def test_an_object_that_is_no_action_is_refused_plainly():
    game = play(GAMES["dice"], 0)
    with pytest.raises(InvalidInput, match="not a Liar's Dice action"):
        game.push("bid 2 fives")


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_the_rules_schema_documents_the_rules_defaults(entry):
    """Built from the dataclass fields: each documented default is what the rules object
    holds by default, and the default object validates."""
    schema = entry.rules_type.schema()
    defaults = entry.rules_type().to_dict()
    assert set(schema["properties"]) == set(defaults)
    for name, prop in schema["properties"].items():
        if "default" in prop:
            assert prop["default"] == defaults[name], name
    jsonschema.validate(defaults, schema)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_the_examples_are_valid_against_their_schemas(entry):
    jsonschema.validate(entry.REPLAY_EXAMPLE, entry.replay_schema)
    if entry is not LETTERS:
        jsonschema.validate(entry.CHECK_EXAMPLE, entry.check_schema)
        assert set(entry.CHECK_EXAMPLE) - {"rules"} <= entry.check_fields[0]


def test_an_unknown_rules_option_names_itself_for_every_game():
    for entry in ENTRIES:
        with pytest.raises(InvalidInput, match="no rules option 'colour'"):
            entry.rules_type.from_dict({"colour": "red"})


@pytest.mark.parametrize("name", ["letters", "dice"])
def test_a_player_who_leaves_is_out_and_the_round_starts_again(name):
    entry = REPLAYERS[name]
    first = {"letters": {"type": "declare", "player": "ann", "words": "it"},
             "dice": {"type": "bid", "player": "ann", "quantity": 1, "face": 6}}[name]
    answer = entry.replay({"players": ["ann", "ben", "cy"], "events": [
        first, {"type": "leave", "player": "ben"}]})
    state = answer["state"]
    assert answer["ok"] and state["out"] == ["ben"] and state["to_move"] == "cy"
    assert (state.get("last") or state.get("bid")) is None  # the round's bidding is gone
    twice = entry.replay({"players": ["ann", "ben", "cy"], "events": [
        {"type": "leave", "player": "ben"}, {"type": "leave", "player": "ben"}]})
    assert not twice["ok"] and twice["error"]["message"] in ("ben is already out",
                                                             "ben is out of the game")
    last = entry.replay({"players": ["ann", "ben"], "events": [
        {"type": "leave", "player": "ann"}]})["state"]
    assert last["over"] and (last.get("winner") or last["outcome"]["winner"]) == "ben"


@pytest.mark.parametrize("players, message", [
    (["a", "A"], "given twice: A, a"),
    (["\u00e1", "a\u0301"], "given twice"),  # the same letter, two ways to encode it
    (["ann", "b\u202eob"], "control or bidi characters ('\\u202e')"),
    (["ann", "ben\x00"], "control or bidi characters ('\\x00')"),
    (["ann", "x" * 41], "1 to 40 characters, not 'xxxxxxxxxx…' (41 characters)"),
])
def test_names_that_look_alike_or_hide_characters_are_refused(players, message):
    for entry in ENTRIES:
        with pytest.raises(InvalidInput, match=re.escape(message)):
            entry.replay({"players": players, "events": []})


def test_a_name_is_one_spelling_in_the_seats_and_the_events():
    answer = REPLAYERS["dice"].replay({"players": ["a\u0301na", "ben"], "events": [
        {"type": "bid", "player": "\u00e1na", "quantity": 1, "face": 2},
        {"type": "liar", "player": "ben", "dice": {"a\u0301na": [2, 2, 2, 2, 2],
                                                    "ben": [1, 1, 1, 1, 1]}}]})
    assert answer["ok"] and answer["state"]["players"] == ["\u00e1na", "ben"]
