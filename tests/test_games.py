"""The registry the CLI and the API share: payload shapes, errors, limits, schemas."""

import dataclasses
import json

import jsonschema
import pytest

from solver.cli.main import liars_main
from solver.errors import (
    InvalidCard,
    InvalidDie,
    InvalidInput,
    InvalidRules,
    LimitExceeded,
    UnreadablePhrase,
)
from solver.games.registry import GAMES, ODDS, get_game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_examples_match_their_schemas_and_run(name):
    game = GAMES[name]
    jsonschema.validate(game.CHECK_EXAMPLE, game.check_schema)
    jsonschema.validate(game.REPLAY_EXAMPLE, game.replay_schema)
    jsonschema.Draft202012Validator.check_schema(game.check_schema)
    jsonschema.Draft202012Validator.check_schema(game.replay_schema)
    assert game.check(game.CHECK_EXAMPLE)["game"] == name
    result = game.replay(game.REPLAY_EXAMPLE)
    assert result["ok"] is True
    json.dumps(result)  # JSON-able all the way down


# What the front ends read from each game's answers (the CLI's one line, the page).
CHECK_KEYS = {"dice": {"bid", "count", "holds", "dice_in_play"},
              "post": {"claim", "card", "claim_true"},
              "liarliar": {"claim", "cards", "true", "jokers", "wrong"},
              "poker": {"claim", "made", "cards_used"}}
STATE_KEYS = {"game", "players", "rules", "to_move", "over", "outcome"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_is_described_and_answers_the_keys_its_front_ends_read(name, capsys):
    game = GAMES[name]
    assert get_game(name) is game and game.name == name and game.title.startswith("Liar")
    with pytest.raises(SystemExit) as done:  # `liars NAME --help` shows the description
        liars_main([name, "--help"])
    assert done.value.code == 0
    assert "".join(game.description.split()) in "".join(capsys.readouterr().out.split())
    check = game.check(game.CHECK_EXAMPLE)
    assert check["game"] == name and CHECK_KEYS[name] <= set(check)
    command = game.game.check_command
    assert isinstance(check[command.verdict], bool) and command.lines(check)
    state = game.replay(game.REPLAY_EXAMPLE)["state"]
    assert state["game"] == name and STATE_KEYS <= set(state) and game.game.state_line(state)


def test_the_registry_finds_each_game_module_in_the_rules_order():
    assert list(GAMES) == ["dice", "post", "liarliar", "poker"]
    assert [checker.game.__module__ for checker in GAMES.values()] == [
        f"solver.games.{name}.game" for name in GAMES]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_shell_argument_fills_a_field_the_request_schema_has(name):
    """The shell builds the API's request: every argument names one of its fields."""
    game = GAMES[name]
    odds = ODDS[name]
    for command, schema in ((game.game.check_command, game.check_schema),
                            (odds.COMMAND, odds.SCHEMA)):
        for arg in command.arguments:
            top, *inner = arg.field
            assert top in schema["properties"], (name, arg.name)
            if inner:
                assert inner[0] in game.rules_type.schema()["properties"], (name, arg.name)


@pytest.mark.parametrize("name", ["dice", "post", "poker"])
def test_example_replays_run_to_the_end(name):
    outcome = GAMES[name].replay(GAMES[name].REPLAY_EXAMPLE)["state"]["outcome"]
    assert outcome is not None and outcome["placings"]


def test_post_example_is_the_rule_texts_example_ending_the_game():
    state = GAMES["post"].replay(GAMES["post"].REPLAY_EXAMPLE)["state"]
    last = state["turns"][-1]
    assert last["chain"] == ["anna", "ben", "carla"] and last["taker"] == "ben"
    assert state["outcome"]["loser"] == "ben"


def test_liarliar_match_replayed_from_json_to_the_placings():
    events = [{"type": "play", "player": "ann", "claim": "three aces"},
              {"type": "liar", "player": "ben", "cards": ["AH", "AS", "joker"]},  # true
              {"type": "discard", "player": "ben", "cards": ["9H", "9S", "9D", "9C"]}]
    hands = {"ann": 24, "ben": 26}                  # ben took the 3-card pile, then put 4 down
    player = "ann"
    while hands["ann"] > 0:
        events.append({"type": "play", "player": player, "count": min(3, hands[player]),
                       **({"rank": "7"} if len(events) == 3 else {})})
        hands[player] -= min(3, hands[player])
        player = "ben" if player == "ann" else "ann"
    events.append({"type": "play", "player": "ben", "count": 1})   # ann's last play stands
    result = GAMES["liarliar"].replay({"players": ["ann", "ben"], "events": events})
    assert result["ok"], result.get("error")
    state = result["state"]
    assert state["finished"] == ["ann"] and state["outcome"]["placings"] == [["ann"], ["ben"]]
    assert state["challenges"][0]["taker"] == "ben" and state["challenges"][0]["opener"] == "ann"


def test_claims_structured_or_as_phrases_agree():
    dice = GAMES["dice"]
    said = dice.check({"claim": "five sixes", "dice": [6, 6, 6, 6, 6]})
    given = dice.check({"claim": {"quantity": 5, "face": 6}, "dice": [6, 6, 6, 6, 6]})
    assert said == given
    poker = GAMES["poker"]
    assert poker.check({"claim": "two pair, jacks and fours", "cards": "JH JS 4C 4D"}) == \
        poker.check({"claim": {"hand": "two pair", "ranks": ["J", 4]}, "cards": "JH JS 4C 4D"})


def test_illegal_event_answers_index_reason_and_the_state_before():
    payload = {"rules": {"bid_order": "seed"}, "players": ["a", "b", "c"], "events": [
        {"type": "bid", "player": "a", "claim": "2 fives"},
        {"type": "bid", "player": "b", "claim": "3 twos"},
        {"type": "bid", "player": "c", "claim": "3 sixes"}]}
    result = GAMES["dice"].replay(payload)
    assert result["ok"] is False and result["event_index"] == 1
    assert result["error"]["code"] == "illegal_move"
    assert result["error"]["field"] == "events[1].claim"
    assert result["state"]["to_move"] == "b" and result["state"]["bid"]["phrase"] == "2 fives"


def test_game_over_is_reported_as_an_illegal_event():
    payload = dict(GAMES["dice"].REPLAY_EXAMPLE)
    payload["events"] = payload["events"] + [{"type": "bid", "player": "ann", "claim": "1 two"}]
    result = GAMES["dice"].replay(payload)
    assert result["error"]["code"] == "game_over" and result["event_index"] == 5


def test_unreadable_event_raises_with_its_field():
    payload = {"players": ["a", "b"], "events": [{"type": "bid", "player": "a",
                                                  "claim": "two fivxes"}]}
    with pytest.raises(UnreadablePhrase, match="understood 'two' \\(quantity 2\\) but not "
                                               "'fivxes'") as err:
        GAMES["dice"].replay(payload)
    assert err.value.field == "events[0].claim"


def test_every_event_is_read_before_any_is_played():
    """An event that cannot be read is a bad request wherever it stands, even after an
    illegal move (which alone answers ok: false): the request is read whole first."""
    illegal = {"type": "bid", "player": "b", "claim": "2 fives"}  # not b's turn
    unreadable = {"type": "bid", "player": "a", "claim": "two fivxes"}
    assert GAMES["dice"].replay({"players": ["a", "b"], "events": [illegal]})["ok"] is False
    with pytest.raises(UnreadablePhrase) as err:
        GAMES["dice"].replay({"players": ["a", "b"], "events": [illegal, unreadable]})
    assert err.value.field == "events[1].claim"
    # What reading finds illegal (a joker discarded) still stops the replay at its turn.
    result = GAMES["liarliar"].replay({"players": ["a", "b"], "events": [
        {"type": "play", "player": "a", "count": 1, "rank": "K"},
        {"type": "discard", "player": "b", "rank": "joker"},
        {"type": "play", "player": "b", "claim": "two fives"}]})
    assert (result["ok"], result["event_index"]) == (False, 1)


@pytest.mark.parametrize("payload, error, message", [
    ([], InvalidInput, "must be a JSON object"),
    ({"players": ["a", "b"], "moves": []}, InvalidInput, "unknown field"),
    ({"events": []}, InvalidInput, "needs players"),
    ({"players": "ab"}, InvalidInput, "players must be a list"),
    ({"players": ["a", "a"]}, InvalidInput, "given twice: a"),
    ({"players": ["a", "b"], "rules": {"bid_order": "up"}}, InvalidRules, "'up'"),
    ({"players": ["a", "b"], "rules": {"wilds": [1]}}, InvalidRules, "no rules option 'wilds'"),
    ({"players": [f"p{i}" for i in range(21)]}, LimitExceeded, "at most 20"),
    ({"players": ["a", "b"], "events": [{}] * 10_001}, LimitExceeded, "at most 10000"),
])
def test_payload_problems_raise(payload, error, message):
    with pytest.raises(error, match=message):
        GAMES["dice"].replay(payload)


def test_check_limits_and_unknown_fields():
    with pytest.raises(LimitExceeded):
        GAMES["dice"].check({"claim": "2 fives", "dice": [5] * 10_000})
    with pytest.raises(InvalidInput, match="unknown field.*tiles"):
        GAMES["poker"].check({"claim": "pair of kings", "cards": "KH KS", "tiles": "AB"})
    with pytest.raises(InvalidInput, match="needs card"):
        GAMES["post"].check({"claim": "Q"})


def test_get_game_names_the_unknown_game():
    assert get_game("post") is GAMES["post"]
    with pytest.raises(InvalidInput, match="no game 'chess'"):
        get_game("chess")


BIG = "1" * 5000  # int() refuses more than 4300 digits with a plain ValueError


@pytest.mark.parametrize("name, kind, payload, error, message", [
    ("dice", "check", {"claim": "2 fives", "dice": [BIG]}, InvalidDie, "is not a die face"),
    ("dice", "check", {"claim": "2 fives", "dice": BIG}, InvalidDie, "is not a die face"),
    ("dice", "replay", {"players": ["a", "b"], "events": [
        {"type": "bid", "player": "a", "claim": "1 six"},
        {"type": "liar", "player": "b", "dice": {"a": BIG}}]}, InvalidDie, "is not a die face"),
    ("dice", "check", {"claim": "2 fives", "dice": [5], "rules": {"wild": [BIG]}},
     InvalidRules, "wild: .* is not a die face"),
    ("poker", "check", {"claim": "pair of kings", "cards": [BIG]}, InvalidCard, "not a rank"),
    ("poker", "check", {"claim": {"hand": "pair", "ranks": [BIG]}, "cards": "KH"}, InvalidCard,
     "not a rank"),
    ("post", "check", {"claim": "Q", "card": BIG}, InvalidCard, "not a rank"),
    ("post", "check", {"claim": BIG, "card": "QH"}, UnreadablePhrase, "at most 200"),
    ("post", "check", {"claim": {"kind": BIG}, "card": "QH"}, UnreadablePhrase, "at most 200"),
    ("liarliar", "check", {"claim": {"rank": BIG}, "cards": "KH"}, InvalidCard, "not a rank"),
    ("liarliar", "replay", {"players": ["a", "b"], "events": [
        {"type": "discard", "player": "a", "rank": BIG}]}, InvalidCard, "not a rank"),
    ("liarliar", "check", {"claim": "two kings", "cards": "KH KS", "rules": {"timer": BIG}},
     InvalidRules, "timer must be 10, 30 or none"),
])
def test_very_long_digit_strings_are_refused_by_name(name, kind, payload, error, message):
    with pytest.raises(error, match=message) as err:
        getattr(GAMES[name], kind)(payload)
    assert "(5000 characters)" in err.value.message or "at most 200" in err.value.message
    assert len(err.value.message) < 300  # the 5000 digits are not echoed back


# --- any JSON at all: an answer or a LiarsError, never a crash ---------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st

from solver.errors import LiarsError  # noqa: E402

# digit strings longer than int() converts (4300 digits): parsers must never int() them
long_digits = st.builds(lambda head, size: (head * size)[:size],
                        st.text(alphabet="0123456789", min_size=1, max_size=3),
                        st.integers(4301, 4500))
leaves = st.none() | st.booleans() | st.integers(-3, 60) | long_digits | st.sampled_from(
    ["ann", "ben", "a", "K", "QH", "joker", "2 fives", "two kings", "true", "7", "-1", ""])
json_values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "player", "to", "claim", "card", "cards", "dice", "call",
                         "count", "rank", "quantity", "face", "kind", "hand", "ranks", "wild",
                         "timer", "ann", "ben"]), inner, max_size=5),
    max_leaves=12)
values = leaves | json_values  # a bare value as often as a list or an object
event_types = st.sampled_from(["bid", "liar", "send", "pass", "call", "play", "discard",
                               "timeout", "claim", "x"])
events = st.fixed_dictionaries({"type": event_types, "player": st.sampled_from(["ann", "ben"])},
                               optional={k: values for k in
                                         ("to", "claim", "card", "cards", "dice", "call",
                                          "count", "rank", "quantity", "face")})


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.lists(events | values, max_size=6))
def test_any_events_give_an_answer_or_a_liars_error(name, evs):
    try:
        result = GAMES[name].replay({"players": ["ann", "ben"], "events": evs})
    except LiarsError:
        return
    json.dumps(result)
    assert result["ok"] in (True, False)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.dictionaries(
    st.sampled_from(["claim", "dice", "cards", "card", "call", "last", "face_up", "players",
                     "rules"]), values, max_size=5))
def test_any_check_payload_gives_an_answer_or_a_liars_error(name, payload):
    try:
        json.dumps(GAMES[name].check(payload))
    except LiarsError:
        pass


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.data())
def test_near_miss_check_payloads_give_an_answer_or_a_liars_error(name, data):
    """The game's own example with one or two of its fields replaced by any value, so
    the fields after a readable claim are reached too."""
    game = GAMES[name]
    fields = sorted(game.check_fields[0] | {"rules"})
    changes = data.draw(st.dictionaries(st.sampled_from(fields), values, min_size=1,
                                        max_size=2))
    try:
        json.dumps(game.check({**game.CHECK_EXAMPLE, **changes}))
    except LiarsError:
        pass


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.data())
def test_any_rules_give_a_game_or_a_rules_error(name, data):
    game = GAMES[name]
    options = sorted(f.name for f in dataclasses.fields(game.rules_type))
    rules = data.draw(st.dictionaries(
        st.sampled_from(options),
        long_digits | st.lists(long_digits, min_size=1, max_size=2) | values
        | st.sampled_from(["seed", "perudo", "short-deck", 10, 30, "30s", [1], [1, 6]]),
        max_size=3))
    try:
        game.replay({"rules": rules, "players": ["ann", "ben"], "events": []})
    except LiarsError:
        pass
