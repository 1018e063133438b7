"""Liar Liar: every ruling in docs/rules.md, the timer variant both ways, whole matches."""

import json

import pytest

from solver.errors import (
    GameOver,
    IllegalMove,
    InvalidCard,
    InvalidInput,
    InvalidRules,
    UnreadablePhrase,
)
from solver.games.cards import parse_cards
from solver.games.liarliar.game import (
    CallLiar,
    Declaration,
    Discard,
    LiarLiarGame,
    LiarLiarRules,
    Play,
    Timeout,
    action_from_dict,
    check_claim,
    play_is_true,
)
from solver.games.registry import GAMES

TIMED = LiarLiarRules(timer=30)


def game_with_hands(players, hands, rules=None):
    """A match where each hand has been cut down to ``hands`` cards (for short tests)."""
    game = LiarLiarGame(players, rules)
    game.hands = dict(zip(players, hands))
    return game


def liar(who, cards):
    return CallLiar(who, parse_cards(cards))


# --- deal, plays, truth ---------------------------------------------------------------

def test_all_54_cards_dealt_as_evenly_as_possible():
    assert LiarLiarGame(["a", "b"]).hands == {"a": 27, "b": 27}
    assert LiarLiarGame(list("abcd")).hands == {"a": 14, "b": 14, "c": 13, "d": 13}
    with pytest.raises(InvalidInput, match="2 to 6 players, not 7"):
        LiarLiarGame(list("abcdefg"))


@pytest.mark.parametrize("cards, true", [("KH KS", True), ("KH joker", True),
                                         ("joker joker joker", True), ("KH 4D", False),
                                         ("4D", False)])
def test_play_truth_with_wild_jokers(cards, true):
    assert play_is_true(13, parse_cards(cards)) is true


def test_claims_as_said_at_the_table():
    assert Declaration.parse("two kings") == Declaration(2, 13)
    assert Declaration.parse({"rank": "K", "count": 3}) == Declaration(3, 13)
    assert check_claim("three queens", "QH joker QS")["true"] is True
    assert check_claim("two queens", "QH 7S")["wrong"] == ["7S"]


def test_check_claim_says_who_takes_the_pile_and_who_opens_next():
    true = check_claim("two kings", "KH joker")
    assert (true["takes_pile"], true["opens_next"]) == ("caller", "player")
    lie = check_claim("two kings", "KH 7S")
    assert (lie["takes_pile"], lie["opens_next"]) == ("player", "caller")


def test_a_followers_lone_number_is_the_count_of_the_rounds_rank():
    payload = {"players": ["a", "b", "c"], "events": [
        {"type": "play", "player": "a", "claim": "two kings"},
        {"type": "play", "player": "b", "claim": "two"},     # two more kings, not twos
        {"type": "play", "player": "c", "claim": "one"},
        {"type": "liar", "player": "a", "cards": ["KH"]}]}
    result = GAMES["liarliar"].replay(payload)
    assert result["ok"], result.get("error")
    challenge = result["state"]["challenges"][0]
    assert challenge["rank"] == "K" and challenge["pile"] == 5 and challenge["true"] is True
    assert result["state"]["hands"] == {"a": 18 + 5 - 2, "b": 18 - 2, "c": 18 - 1}


def test_an_openers_lone_number_names_no_rank():
    result = GAMES["liarliar"].replay({"players": ["a", "b"], "events": [
        {"type": "play", "player": "a", "claim": "two"}]})
    assert result["ok"] is False and result["error"]["code"] == "illegal_move"
    assert result["error"]["message"] == ("a opens the round and must name a rank, like 'two "
                                          "kings' (a number alone is only how many cards)")
    with pytest.raises(UnreadablePhrase, match="'two' says how many cards but not their rank"):
        check_claim("two", "KH KS")


def test_opener_names_a_rank_and_plays_one_to_three():
    game = LiarLiarGame(["a", "b", "c"])
    with pytest.raises(IllegalMove, match="must name a rank"):
        game.push(Play("a", 2))
    with pytest.raises(IllegalMove, match="1 to 3 cards, not 4"):
        game.push(Play("a", 4, rank=13))
    game.push(Play("a", 3, rank=13))
    assert (game.rank, game.pile, game.hands["a"], game.to_move) == (13, 3, 15, "b")


def test_next_players_play_the_same_rank():
    game = LiarLiarGame(["a", "b", "c"])
    game.push(Play("a", 1, rank=13))
    with pytest.raises(IllegalMove, match="the round's rank is K; b cannot declare Q"):
        game.push(Play("b", 1, rank=12))
    game.push(Play("b", 2))                      # the rank need not be repeated
    assert game.pile == 3 and game.to_move == "c"


def test_there_is_no_passing():
    with pytest.raises(InvalidInput, match="not 'pass'"):
        action_from_dict({"type": "pass", "player": "b"})


# --- "Liar!" ----------------------------------------------------------------------------

def test_only_the_next_player_can_call():
    game = LiarLiarGame(["a", "b", "c"])
    game.push(Play("a", 1, rank=13))
    with pytest.raises(IllegalMove, match="it is b's turn, not c's"):
        game.push(liar("c", "KH"))


def test_call_only_before_playing_and_only_on_the_play_just_made():
    game = LiarLiarGame(["a", "b", "c"])
    game.push(Play("a", 1, rank=13))
    game.push(Play("b", 1))
    assert game.can_call()                       # c, on b's play
    game.push(Play("c", 1))                      # c played instead: the chance is gone
    with pytest.raises(IllegalMove, match="it is a's turn, not c's"):
        game.push(liar("c", "KS"))
    result = game.push(liar("a", "7S"))          # a may call only on c's play
    assert result.accused == "c" and result.cards == parse_cards("7S")


def test_no_call_before_any_play():
    with pytest.raises(IllegalMove, match="no play has been made this round"):
        LiarLiarGame(["a", "b"]).push(liar("a", "KS"))


def test_false_play_liar_takes_the_pile_and_caller_opens():
    game = LiarLiarGame(["a", "b", "c"])
    game.push(Play("a", 2, rank=13))
    game.push(Play("b", 3))
    result = game.push(liar("c", "KH 4C joker"))
    assert (result.true, result.taker, result.opener) == (False, "b", "c")
    assert game.hands == {"a": 16, "b": 20, "c": 18} and game.pile == 0
    assert game.rank is None and game.to_move == "c"


def test_only_the_last_play_is_turned_over():
    game = LiarLiarGame(["a", "b", "c"])
    game.push(Play("a", 2, rank=13, cards=parse_cards("4C 5C")))   # a lied
    game.push(Play("b", 1, cards=parse_cards("KD")))               # b did not
    result = game.push(CallLiar("c"))                              # cards known from b's play
    assert result.true and result.cards == parse_cards("KD")


def test_true_play_caller_takes_the_pile_and_accused_opens():
    game = LiarLiarGame(["a", "b", "c"])
    game.push(Play("a", 2, rank=13))
    result = game.push(liar("b", "KH joker"))
    assert (result.true, result.taker, result.opener) == (True, "b", "a")
    assert game.hands["b"] == 20 and game.to_move == "a"


def test_challenge_winner_without_cards_lets_the_next_player_with_cards_open():
    game = game_with_hands(["a", "b", "c"], [1, 5, 5])
    game.push(Play("a", 1, rank=7))
    result = game.push(liar("b", "7H"))          # true: a won the challenge but has no cards
    assert result.opener == "b" and game.to_move == "b"
    assert game.finished == ["a"]


def test_called_play_must_be_turned_over():
    game = LiarLiarGame(["a", "b"])
    game.push(Play("a", 2, rank=13))
    with pytest.raises(InvalidInput, match="a's play must be turned over"):
        game.push(CallLiar("b"))


# --- four of a kind -------------------------------------------------------------------

def test_four_real_cards_leave_the_game_at_any_time():
    game = LiarLiarGame(["a", "b", "c"])
    game.push(Discard("c", 9))                   # not c's turn: allowed at any time
    assert game.hands["c"] == 14 and game.discarded == [9]
    with pytest.raises(IllegalMove, match="already left the game"):
        game.push(Discard("a", 9))


def test_jokers_never_count_toward_four_of_a_kind():
    for event in ({"type": "discard", "player": "a", "rank": "joker"},
                  {"type": "discard", "player": "a", "cards": ["9H", "9S", "9D", "joker"]}):
        with pytest.raises(IllegalMove, match="jokers never count"):
            action_from_dict(event)
    assert action_from_dict({"type": "discard", "player": "a",
                             "cards": ["9H", "9S", "9D", "9C"]}) == Discard("a", 9)


def test_discard_needs_four_cards_in_hand():
    game = game_with_hands(["a", "b"], [3, 5])
    with pytest.raises(IllegalMove, match="holds only 3 cards"):
        game.push(Discard("a", 9))


# --- finishing and placings -----------------------------------------------------------

def test_empty_hand_finishes_when_the_next_player_plays_on():
    game = game_with_hands(["a", "b", "c"], [2, 5, 5])
    game.push(Play("a", 2, rank=7))
    assert game.finished == []                   # b may still call
    game.push(Play("b", 1))
    assert game.finished == ["a"] and game.to_move == "c"


def test_caught_last_card_takes_the_pile_back_and_stays_in():
    game = game_with_hands(["a", "b", "c"], [1, 5, 5])
    game.push(Play("a", 1, rank=7))
    result = game.push(liar("b", "8H"))
    assert not result.true and game.hands["a"] == 1 and game.finished == []
    assert game.to_move == "b"


def test_true_last_card_finishes_when_called():
    game = game_with_hands(["a", "b", "c"], [1, 5, 5])
    game.push(Play("a", 1, rank=7))
    game.push(liar("b", "joker"))
    assert game.finished == ["a"]


def test_match_ends_when_one_player_has_cards():
    game = game_with_hands(["a", "b", "c"], [1, 2, 5])
    game.push(Play("a", 1, rank=7))
    game.push(Play("b", 2))                      # a finishes first
    game.push(Play("c", 1))                      # b finishes second: c is last
    outcome = game.outcome()
    assert outcome.placings == (("a",), ("b",), ("c",)) and outcome.loser == "c"
    with pytest.raises(GameOver):
        game.push(Play("c", 1))


def test_whole_match_replayed_to_the_end():
    game = LiarLiarGame(["ann", "ben"])
    game.push(Play("ann", 3, rank=14))
    result = game.push(liar("ben", "AH AS 2C"))  # caught: ann takes 3, ben opens
    assert result.taker == "ann" and game.to_move == "ben"
    game.push(Discard("ben", 5))                 # ben: 23 cards
    while not game.is_over():
        player = game.to_move
        game.push(Play(player, min(3, game.hands[player]), rank=6 if game.rank is None else None))
    assert game.finished == ["ben"]
    assert game.outcome().placings == (("ben",), ("ann",))
    assert game.to_move is None


# --- the timer --------------------------------------------------------------------------

def test_timer_defaults_to_none_and_no_one_times_out():
    assert LiarLiarRules().timer is None
    with pytest.raises(IllegalMove, match="without a timer"):
        LiarLiarGame(["a", "b"]).push(Timeout("a"))


@pytest.mark.parametrize("value, timer", [(10, 10), ("30s", 30), ("none", None), (None, None)])
def test_timer_settings(value, timer):
    assert LiarLiarRules.from_dict({"timer": value}).timer == timer


def test_other_timers_are_a_rules_error():
    with pytest.raises(InvalidRules, match="timer must be 10, 30 or none, not 20"):
        LiarLiarRules.from_dict({"timer": 20})


def test_timeout_eliminates_and_places_after_everyone_who_played_to_the_end():
    game = game_with_hands(["a", "b", "c", "d"], [1, 5, 1, 5], TIMED)
    game.push(Timeout("a"))                      # a had one card, still placed last
    assert game.eliminated == ["a"] and game.hands["a"] == 0 and game.to_move == "b"
    game.push(Play("b", 1, rank=7))
    game.push(Play("c", 1))
    game.push(Play("d", 1))                      # c finishes
    game.push(Timeout("b"))                      # only d has cards: the match ends
    outcome = game.outcome()
    assert outcome.placings == (("c",), ("d",), ("b",), ("a",))


def test_timeout_only_for_the_player_to_move():
    game = LiarLiarGame(["a", "b", "c"], TIMED)
    with pytest.raises(IllegalMove, match="it is a's turn, not b's"):
        game.push(Timeout("b"))


def test_state_serialises_to_json_and_back():
    game = LiarLiarGame(["a", "b", "c"], TIMED)
    game.push(Play("a", 2, rank=13, cards=parse_cards("KH joker")))
    game.push(liar("b", "KH joker"))
    game.push(Play("a", 1, rank=4))
    again = LiarLiarGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.to_dict() == game.to_dict() and again.can_call()


@pytest.mark.parametrize("action", [Play("a", 2, 13, parse_cards("KH joker")), Play("b", 1),
                                    CallLiar("c", parse_cards("4D")), CallLiar("c"),
                                    Discard("a", 9), Timeout("b")])
def test_actions_serialise_to_json_and_back(action):
    assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_a_four_card_play_is_an_illegal_move_not_an_input_error():
    action = action_from_dict({"type": "play", "player": "a", "rank": "K",
                               "cards": ["KH", "KS", "KD", "KC"]})
    with pytest.raises(IllegalMove, match="1 to 3 cards, not 4"):
        LiarLiarGame(["a", "b"]).push(action)


@pytest.mark.parametrize("timer", ["²", "²s", "３０"])
def test_unicode_digit_timers_are_a_rules_error(timer):
    with pytest.raises(InvalidRules, match="timer must be 10, 30 or none"):
        LiarLiarRules.from_dict({"timer": timer})


def test_a_timeout_lets_the_play_before_stand():
    game = game_with_hands(["a", "b", "c", "d"], [1, 5, 5, 5], TIMED)
    game.push(Play("a", 1, rank=7))
    game.push(Timeout("b"))                      # b never called: a's last card stands
    assert game.finished == ["a"] and game.to_move == "c" and not game.can_call()
    game.push(Play("c", 2))                      # the round goes on, still sevens
    assert game.rank == 7 and game.pile == 3


# --- the 54-card deck bounds every play and reveal --------------------------------

@pytest.mark.parametrize("cards, named", [("joker joker joker", "3 jokers"),
                                          ("KH KH KH", "KH 3 times"), ("KH K♥", "KH 2 times")])
def test_check_refuses_cards_one_deck_cannot_hold(cards, named):
    """The reproductions: 'three kings' on three jokers, or three kings of hearts, was TRUE."""
    with pytest.raises(InvalidCard, match=named) as err:
        check_claim("three kings" if len(cards.split()) == 3 else "two kings", cards)
    assert err.value.field == "cards" and "one 54-card deck" in err.value.message


def test_check_two_jokers_and_unsuited_kings_are_fine():
    assert check_claim("three kings", "joker joker KH")["true"] is True
    assert check_claim("three kings", "K K K")["true"] is True


def _replay(events, players=("a", "b", "c")):
    return GAMES["liarliar"].replay({"players": list(players), "events": events})


def test_replay_refuses_a_card_already_in_the_pile():
    events = [{"type": "play", "player": "a", "claim": "two kings", "cards": ["KH", "joker"]},
              {"type": "play", "player": "b", "count": 2, "cards": ["KH", "KS"]}]
    with pytest.raises(InvalidCard, match=r"KH 2 times \(1 already in the pile") as err:
        _replay(events)
    assert err.value.field == "events[1].cards"
    events[1]["cards"] = ["joker", "joker"]
    with pytest.raises(InvalidCard, match=r"3 jokers \(1 already in the pile"):
        _replay(events)


def test_replay_a_taken_pile_can_be_played_again():
    """A taken pile goes back into a hand: its cards may be played again."""
    events = [{"type": "play", "player": "a", "claim": "one king", "cards": ["KH"]},
              {"type": "liar", "player": "b"},                       # true: b takes the pile
              {"type": "play", "player": "a", "claim": "one king", "cards": ["KS"]},
              {"type": "play", "player": "b", "count": 1, "cards": ["KH"]}]
    assert _replay(events)["ok"] is True


def test_replay_refuses_a_rank_after_its_four_cards_left_the_game():
    events = [{"type": "discard", "player": "c", "rank": "K"},
              {"type": "play", "player": "a", "claim": "one king", "cards": ["KD"]}]
    with pytest.raises(InvalidCard, match=r"5 Ks \(4 already in the pile or out of the game\)"):
        _replay(events)
    # ... and four of a rank cannot be put down while one of them lies seen in the pile.
    events = [{"type": "play", "player": "a", "claim": "one king", "cards": ["KD"]},
              {"type": "discard", "player": "c", "rank": "K"}]
    with pytest.raises(InvalidCard, match=r"5 Ks"):
        _replay(events)


def test_replay_refuses_a_discard_one_deck_cannot_hold():
    events = [{"type": "discard", "player": "c", "cards": ["KH", "KH", "KS", "KD"]}]
    with pytest.raises(InvalidCard, match="KH 2 times") as err:
        _replay(events)
    assert err.value.field == "events[0].cards"


def test_replay_a_reveal_is_checked_against_the_pile_and_the_recorded_play():
    events = [{"type": "play", "player": "a", "claim": "two kings", "cards": ["joker", "joker"]},
              {"type": "play", "player": "b", "count": 1},
              {"type": "liar", "player": "c", "cards": ["joker"]}]
    with pytest.raises(InvalidCard, match="3 jokers") as err:
        _replay(events)
    assert err.value.field == "events[2].cards"
    events = [{"type": "play", "player": "a", "claim": "two kings", "cards": ["KH", "KS"]},
              {"type": "liar", "player": "b", "cards": ["KH", "KD"]}]
    with pytest.raises(InvalidCard, match="a played KH KS, but KH KD were turned over"):
        _replay(events)
    events[1]["cards"] = ["KS", "KH"]  # the same cards, in another order
    assert _replay(events)["ok"] is True


def test_state_round_trips_the_pile_cards():
    game = LiarLiarGame(["a", "b", "c"])
    game.push(Play("a", 2, 13, parse_cards("KH joker")))
    again = LiarLiarGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.to_dict() == game.to_dict() and again.to_dict()["pile_cards"] == ["KH", "joker"]
    with pytest.raises(InvalidCard, match="KH 2 times"):
        again.push(Play("b", 1, None, parse_cards("KH")))


@pytest.mark.parametrize("claim", ["zero kings", "0 kings", {"count": 0, "rank": "K"},
                                   {"count": -1, "rank": "K"}])
def test_a_play_of_fewer_than_one_card_is_an_input_error(claim):
    with pytest.raises(InvalidInput, match="1 or more|from 1"):
        Declaration.parse(claim)
    with pytest.raises(InvalidInput):
        _replay([{"type": "play", "player": "a", "count": 0, "rank": "K"}])


@pytest.mark.parametrize("claim", ["-2 kings", "- 2 kings", "+2 kings", "1.5 kings"])
def test_a_signed_or_fractional_count_is_refused_not_read_without_its_sign(claim):
    with pytest.raises(UnreadablePhrase, match="sign|whole number"):
        check_claim(claim, "KH KS")
