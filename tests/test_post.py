"""Liar's Post: every ruling in docs/rules.md, both variants, the Anna/Ben/Carla example."""

import json
from collections import Counter

import pytest

from solver.errors import GameOver, IllegalMove, InvalidCard, InvalidInput
from solver.games.cards import Card
from solver.games.post.game import Call, Claim, Pass, PostGame, PostRules, Send, check_claim, judge
from solver.games.registry import GAMES

ONE_DECK, EIGHT = PostRules(one_deck=True), PostRules(eight_different=True)


def send(a, b, kind):
    return Send(a, b, Claim.parse(kind))


def call(who, believes, card):
    return Call(who, believes, Card.parse(card))


def take(game, sender, receiver, card):
    """``sender`` sends ``card`` claiming it is itself; ``receiver`` wrongly says False."""
    game.push(send(sender, receiver, card))
    return game.push(call(receiver, False, card))


# --- the deck and the deal ----------------------------------------------------------

def test_two_decks_by_default_all_dealt():
    game = PostGame(["a", "b", "c"])
    assert PostRules().deck_size == 64
    assert game.hands == {"a": 22, "b": 21, "c": 21}


def test_one_deck_variant_has_32_cards():
    game = PostGame(["a", "b", "c"], ONE_DECK)
    assert ONE_DECK.copies == 4 and sum(game.hands.values()) == 32


def test_two_to_six_players():
    PostGame(["a", "b"])
    PostGame(list("abcdef"))
    with pytest.raises(InvalidInput, match="2 to 6 players, not 7"):
        PostGame(list("abcdefg"))


@pytest.mark.parametrize("text", ["this is a 2", "joker", "5"])
def test_only_the_eight_kinds_are_claims(text):
    with pytest.raises(InvalidCard):
        Claim.parse(text)


# --- claims and calls ------------------------------------------------------------------

@pytest.mark.parametrize("believes, card, right", [(True, "QH", True), (True, "KH", False),
                                                   (False, "KH", True), (False, "QH", False)])
def test_receiver_right_when_call_matches_truth(believes, card, right):
    assert judge(Claim.parse("this is a queen"), Card.parse(card), believes) is right


def test_right_receiver_means_the_sender_takes_and_starts():
    game = PostGame(["a", "b", "c"])
    game.push(send("a", "b", "Q"))
    result = game.push(call("b", True, "QS"))
    assert result.taker == "a" and game.to_move == "a"
    assert game.face_up["a"][12] == 1


def test_wrong_receiver_takes_and_starts():
    game = PostGame(["a", "b", "c"])
    game.push(send("a", "b", "Q"))
    result = game.push(call("b", False, "QS"))
    assert result.taker == "b" and game.to_move == "b"


def test_sending_uses_a_hand_card():
    game = PostGame(["a", "b"])
    game.push(send("a", "b", "K"))
    assert game.hands == {"a": 31, "b": 32}


# --- passing on ------------------------------------------------------------------------

def test_pass_only_to_someone_who_has_not_held_the_card():
    game = PostGame(["a", "b", "c", "d"])
    game.push(send("a", "b", "K"))
    with pytest.raises(IllegalMove, match="a has already held this card"):
        game.push(Pass("b", "a", Claim.parse("K")))
    game.push(Pass("b", "c", Claim.parse("7")))
    assert game.legal_targets() == ["d"]


def test_when_everybody_else_has_held_it_the_receiver_must_call():
    game = PostGame(["a", "b", "c"])
    game.push(send("a", "b", "K"))
    game.push(Pass("b", "c", Claim.parse("K")))
    assert game.must_call()
    with pytest.raises(IllegalMove, match="c must call"):
        game.push(Pass("c", "a", Claim.parse("K")))


def test_two_players_can_never_pass():
    game = PostGame(["a", "b"])
    game.push(send("a", "b", "K"))
    assert game.must_call()
    with pytest.raises(IllegalMove, match="must call"):
        game.push(Pass("b", "a", Claim.parse("K")))


def test_only_the_receiver_acts_on_the_card():
    game = PostGame(["a", "b", "c"])
    game.push(send("a", "b", "K"))
    with pytest.raises(IllegalMove, match="it is b's turn to receive the card, not c's"):
        game.push(call("c", True, "KS"))
    with pytest.raises(IllegalMove, match="already has a card"):
        game.push(send("b", "c", "K"))


def test_anna_ben_carla_example():
    """The rule text: Ben (two Queens already) passes Anna's "King" to Carla as a 7;
    Carla says False; it is the Q♥; Ben takes it and starts the next turn."""
    game = PostGame(["anna", "ben", "carla"])
    take(game, "anna", "ben", "QS")
    take(game, "ben", "carla", "8S")           # carla takes an 8 and starts
    game.push(send("carla", "ben", "7"))
    game.push(call("ben", True, "QD"))         # ben believed a 7: wrong, second Queen
    take(game, "ben", "anna", "9C")            # anna starts, as in the example
    assert game.face_up["ben"][12] == 2 and game.to_move == "anna"
    game.push(send("anna", "ben", "this is a King"))
    game.push(Pass("ben", "carla", Claim.parse("this is a 7")))
    result = game.push(call("carla", False, "Q♥"))
    assert result.receiver_right and result.taker == "ben"
    assert game.face_up["ben"][12] == 3 and game.to_move == "ben"
    assert not game.is_over()


# --- losing ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules, players, count", [(PostRules(), 3, 4), (PostRules(), 6, 4),
                                                   (PostRules(), 2, 5), (ONE_DECK, 3, 3),
                                                   (ONE_DECK, 2, 4)])
def test_n_of_a_kind_face_up_loses(rules, players, count):
    assert rules.loss(Counter({10: count - 1}), players) is None
    assert rules.loss(Counter({10: count}), players) is not None


def test_four_of_a_kind_ends_the_game_for_three_players():
    game = PostGame(["a", "b", "c"])
    take(game, "a", "b", "10H")                  # b: one 10, and starts
    for receiver in ("c", "c"):
        game.push(send("b", receiver, "10"))
        game.push(call(receiver, True, "10S"))   # receiver right: b (sender) takes
    assert game.face_up["b"][10] == 3 and not game.is_over()
    game.push(send("b", "a", "10"))
    game.push(call("a", True, "10D"))
    outcome = game.outcome()
    assert outcome.loser == "b" and outcome.winners == ("c", "a")  # from the loser's left
    assert "10" in outcome.reason and game.to_move is None
    with pytest.raises(GameOver):
        game.push(send("b", "a", "K"))


def test_two_players_need_five_of_a_kind():
    game = PostGame(["a", "b"])
    take(game, "a", "b", "7S")
    for card in ("7H", "7D", "7C"):
        game.push(send("b", "a", "7"))
        game.push(call("a", True, card))         # a right: b takes
    assert game.face_up["b"][7] == 4 and not game.is_over()
    game.push(send("b", "a", "7"))
    game.push(call("a", True, "7H"))             # two decks: the other 7 of hearts
    assert game.outcome().loser == "b"


def test_one_deck_loses_at_three_and_two_players_at_four():
    three = PostGame(["a", "b", "c"], ONE_DECK)
    take(three, "a", "b", "AS")
    for card in ("AH", "AD"):
        three.push(send("b", "c", "A"))
        three.push(call("c", True, card))
    assert three.outcome().loser == "b"
    two = PostGame(["a", "b"], ONE_DECK)
    take(two, "a", "b", "AS")
    for card in ("AH", "AD"):
        two.push(send("b", "a", "A"))
        two.push(call("a", True, card))
    assert not two.is_over()
    two.push(send("b", "a", "A"))
    two.push(call("a", True, "AC"))
    assert two.outcome().loser == "b"


def test_no_card_in_hand_on_your_turn_loses():
    game = PostGame(["a", "b"], ONE_DECK)        # 16 cards each
    kinds = ["A", "K", "Q", "J", "10", "9", "8", "7"]
    for i in range(16):                          # b is always right, so a takes and restarts
        card, claim = kinds[i % 8], kinds[(i + 1) % 8]
        assert not game.is_over() and game.to_move == "a"
        game.push(send("a", "b", claim))
        game.push(call("b", False, card + ("S" if i < 8 else "H")))
    assert game.hands["a"] == 0
    assert game.outcome().loser == "a" and "no cards in hand" in game.outcome().reason


def test_eight_different_variant_both_settings():
    up = Counter({k: 1 for k in (14, 13, 12, 11, 10, 9, 8, 7)})
    assert EIGHT.loss(up, 4) is not None and "eight different" in EIGHT.loss(up, 4)
    assert PostRules().loss(up, 4) is None


def test_more_of_a_kind_than_the_deck_holds_is_an_input_error():
    game = PostGame(["a", "b", "c"], ONE_DECK)
    take(game, "a", "b", "KS")
    take(game, "b", "c", "KH")
    take(game, "c", "a", "KD")
    game.push(send("a", "b", "K"))
    game.push(call("b", True, "KC"))             # b right: a takes the fourth King
    game.push(send("a", "c", "K"))
    with pytest.raises(InvalidCard, match=r"5 Ks \(4 already face up\), but the deck holds "
                                          r"only 4 \(one deck's"):
        game.push(call("c", True, "K"))
    with pytest.raises(InvalidCard, match=r"KS 2 times \(1 already face up\)"):
        game.push(call("c", True, "KS"))


@pytest.mark.parametrize("cards, bad", [(["QH", "QH", "QH"], r"QH 3 times \(2 already"),
                                        (["joker"], "joker")])
def test_replay_refuses_a_card_two_decks_cannot_hold(cards, bad):
    """Two decks hold each card twice and eight of a kind; a turned-over card
    beyond that is an input error naming it, in a game and in a replay."""
    game = PostGame(["a", "b", "c", "d", "e", "f"])
    players = game.players
    with pytest.raises(InvalidCard, match=bad) as err:
        for i, card in enumerate(cards):
            starter = game.to_move
            receiver = next(p for p in players if p != starter)
            game.push(send(starter, receiver, "7"))
            game.push(call(receiver, False, card))  # right: the sender takes it
    assert err.value.field == "card" and i == len(cards) - 1
    events, starter = [], "a"
    for card in cards:
        receiver = "b" if starter != "b" else "c"
        events += [{"type": "send", "player": starter, "to": receiver, "claim": "7"},
                   {"type": "call", "player": receiver, "call": "false", "card": card}]
    with pytest.raises(InvalidCard, match=bad) as err:
        GAMES["post"].replay({"players": list(players), "events": events})
    assert err.value.field == f"events[{2 * len(cards) - 1}].card"


def test_one_deck_holds_each_card_once():
    with pytest.raises(InvalidCard, match="QH 2 times face up, but the deck holds only one QH"):
        check_claim("Q", "QS", face_up="QH QH", rules=ONE_DECK)
    assert check_claim("Q", "QS", face_up="QH QH")["loses"] is False   # two decks


def test_whole_game_replayed_to_the_loser():
    game = PostGame(["anna", "ben", "carla"], ONE_DECK)
    take(game, "anna", "ben", "QS")
    game.push(send("ben", "carla", "Q"))
    game.push(Pass("carla", "anna", Claim.parse("Q")))
    game.push(call("anna", True, "QD"))             # anna right: carla (last sender) takes
    take(game, "carla", "ben", "QH")                # ben: two queens
    game.push(send("ben", "anna", "J"))
    game.push(call("anna", False, "QC"))            # anna right: ben takes his third queen
    outcome = game.outcome()
    assert outcome.loser == "ben" and set(outcome.winners) == {"anna", "carla"}
    assert outcome.placings == (("carla", "anna"), ("ben",))  # tied, from the loser's left


def test_state_serialises_to_json_and_back():
    game = PostGame(["a", "b", "c"], EIGHT)
    take(game, "a", "b", "QS")
    game.push(send("b", "c", "K"))
    game.push(Pass("c", "a", Claim.parse("A")))
    again = PostGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.to_dict() == game.to_dict()
    assert again.must_call() and again.to_move == "a"


def test_check_claim_with_call_and_face_up():
    result = check_claim("this is a queen", "QH", call="false")
    assert result["claim_true"] and not result["receiver_right"] and result["takes"] == "receiver"
    assert check_claim("Q", "KH", face_up=["7", "7", "7", "7"], players=2)["loses"] is False
    assert check_claim("Q", "KH", face_up="7 7 7 7", players=3)["loses"] is True


@pytest.mark.parametrize("face_up, message", [
    (5, "face_up is a player's face-up cards as a list or a string like 'Q Q 7', not 5"),
    ({"Q": 4}, "as a list or a string .* not {'Q': 4}"),
    (["Q"] * 9, "9 Qs face up, but the deck holds only 8 "),
    (["joker"], "'joker' is not in the Liar's Post deck"),
])
def test_check_claim_refuses_face_up_cards_that_cannot_be(face_up, message):
    with pytest.raises(InvalidCard, match=message) as err:
        check_claim("Q", "QH", face_up=face_up)
    assert err.value.field == "face_up"


def test_check_claim_face_up_cards_are_limited_by_the_decks_copies():
    assert check_claim("Q", "QH", face_up=["Q"] * 8)["loses"] is True
    with pytest.raises(InvalidCard, match="5 Qs face up, but the deck holds only 4"):
        check_claim("Q", "QH", face_up=["Q"] * 5, rules=ONE_DECK)


@pytest.mark.parametrize("players", [0, 1, 7, True, "3", 2.5])
def test_check_claim_players_must_be_two_to_six(players):
    with pytest.raises(InvalidInput, match="2 to 6 players, not") as err:
        check_claim("Q", "KH", face_up="7 7 7", players=players)
    assert err.value.field == "players"


def test_check_claim_players_default_to_three_only_when_not_given():
    assert check_claim("Q", "KH", face_up="7 7 7 7")["losing_count"] == 4
    assert check_claim("Q", "KH", face_up="7 7 7 7", players=2)["losing_count"] == 5


@pytest.mark.parametrize("action", [send("a", "b", "this is a queen"),
                                    Pass("b", "c", Claim.parse("7")), call("c", False, "Q♥")])
def test_actions_serialise_to_json_and_back(action):
    from solver.games.post.game import action_from_dict
    assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_state_lists_whom_the_card_may_go_to():
    game = PostGame(["a", "b", "c", "d"])
    game.push(send("a", "c", "K"))
    assert game.to_dict()["legal_targets"] == ["b", "d"]


def test_variants_by_their_rulings_names():
    rules = PostRules.from_dict({"one-deck": True, "eight-different": True})
    assert rules == PostRules(one_deck=True, eight_different=True)
