"""Liar's Dice: every ruling in docs/rules.md, both settings of each variant, a whole game."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import GameOver, IllegalMove, InvalidDie, InvalidInput, InvalidRules
from solver.games.dice.game import Bid, CallLiar, DiceGame, DiceRules, MakeBid, check_claim

SEED, QFIRST, PERUDO = (DiceRules(bid_order=o) for o in ("seed", "quantity-first", "perudo"))


def bid(text):
    return Bid.parse(text)


# --- setup and bids ---------------------------------------------------------------

def test_defaults_are_the_rulings():
    rules = DiceRules()
    assert (rules.dice_each, rules.faces, rules.wild, rules.bid_order) == (5, 6, (), "seed")
    game = DiceGame(["ann", "ben", "cy"])
    assert game.dice == {"ann": 5, "ben": 5, "cy": 5} and game.to_move == "ann"


def test_dice_each_and_faces_variant():
    game = DiceGame(["ann", "ben"], DiceRules(dice_each=3, faces=8))
    assert game.dice_in_play == 6
    game.push(MakeBid("ann", Bid(2, 8)))
    with pytest.raises(InvalidDie, match="9"):
        game.push(MakeBid("ben", Bid(2, 9)))


def test_one_player_is_not_a_game():
    with pytest.raises(InvalidInput, match="2 to 20 players, not 1"):
        DiceGame(["ann"])


@pytest.mark.parametrize("text, expected", [("2 fives", (2, 5)), ("five sixes", (5, 6)),
                                            ("1 three", (1, 3)), ("three aces", (3, 1))])
def test_bids_as_said_at_the_table(text, expected):
    b = bid(text)
    assert (b.quantity, b.face) == expected


def test_bid_holds_counts_at_least():
    dice = [2, 2, 2, 2, 2, 3]
    assert SEED.holds(bid("2 twos"), dice)      # rule text: "2 twos" with 5 twos holds
    assert SEED.holds(bid("5 twos"), dice)
    assert not SEED.holds(bid("6 twos"), dice)
    assert not SEED.holds(bid("2 fours"), dice)


def test_no_wild_faces_by_default():
    assert DiceRules().count(bid("3 fives"), [5, 5, 1, 1]) == 2


def test_wild_ones_count_for_other_faces():
    rules = DiceRules(wild=(1,))
    assert rules.count(bid("3 fives"), [5, 5, 1, 1]) == 4
    assert rules.holds(bid("4 fives"), [5, 5, 1, 1])


def test_bid_on_a_wild_face_counts_only_that_face():
    rules = DiceRules(wild=(1, 6))
    assert rules.count(bid("2 ones"), [1, 6, 6, 5]) == 1
    assert rules.count(bid("2 fives"), [1, 6, 6, 5]) == 4


def test_quantity_above_the_dice_in_play_is_illegal():
    game = DiceGame(["ann", "ben"], DiceRules(dice_each=2))
    with pytest.raises(IllegalMove, match="only 4 dice are in play"):
        game.push(MakeBid("ann", Bid(5, 3)))
    with pytest.raises(IllegalMove, match="only 3 dice"):
        check_claim("4 twos", [2, 2, 2])


def test_one_die_in_play_is_said_in_the_singular():
    with pytest.raises(IllegalMove, match=r"^2 twos: only 1 die is in play$"):
        check_claim("2 twos", [2])


# --- raising under each bid order --------------------------------------------------

def test_seed_order_examples_from_the_rule_text():
    assert SEED.is_raise(bid("2 twos"), bid("5 twos"))
    assert SEED.is_raise(bid("2 twos"), bid("1 three"))
    assert not SEED.is_raise(bid("2 fives"), bid("3 twos"))
    assert not SEED.is_raise(bid("2 fives"), bid("2 fives"))


def test_quantity_first_order():
    assert QFIRST.is_raise(bid("2 fives"), bid("3 twos"))
    assert QFIRST.is_raise(bid("2 twos"), bid("2 threes"))
    assert not QFIRST.is_raise(bid("2 twos"), bid("1 three"))
    assert not QFIRST.is_raise(bid("3 fives"), bid("3 fours"))


def test_perudo_ones_are_wild():
    assert PERUDO.wild == (1,)
    assert PERUDO.count(bid("3 fives"), [5, 1, 1]) == 3
    with pytest.raises(InvalidRules, match="perudo plays with 1s wild"):
        DiceRules(bid_order="perudo", wild=(6,))


def test_perudo_switching_to_ones_halves_rounding_up():
    assert PERUDO.is_raise(bid("5 fours"), bid("3 ones"))
    assert not PERUDO.is_raise(bid("5 fours"), bid("2 ones"))
    assert PERUDO.is_raise(bid("6 fours"), bid("3 ones"))


def test_perudo_leaving_ones_doubles_plus_one():
    assert PERUDO.is_raise(bid("3 ones"), bid("7 twos"))
    assert not PERUDO.is_raise(bid("3 ones"), bid("6 sixes"))
    assert PERUDO.is_raise(bid("3 ones"), bid("4 ones"))


def test_perudo_round_may_not_open_on_ones():
    game = DiceGame(["ann", "ben"], PERUDO)
    with pytest.raises(IllegalMove, match="may not open on 1s"):
        game.push(MakeBid("ann", bid("2 ones")))


def test_unknown_bid_order_is_a_rules_error():
    with pytest.raises(InvalidRules, match="'highest'"):
        DiceRules.from_dict({"bid_order": "highest"})


bids = st.builds(Bid, st.integers(1, 30), st.integers(1, 6))


@given(st.sampled_from([SEED, QFIRST, PERUDO]), bids, bids)
def test_raise_order_is_strict_and_total(rules, a, b):
    """Of two different bids exactly one raises the other; no bid raises itself."""
    assert not rules.is_raise(a, a)
    if a != b:
        assert rules.is_raise(a, b) != rules.is_raise(b, a)


@given(st.sampled_from([SEED, QFIRST, PERUDO]), bids, bids, bids)
def test_raise_order_is_transitive(rules, a, b, c):
    if rules.is_raise(a, b) and rules.is_raise(b, c):
        assert rules.is_raise(a, c)


def test_legal_bids_are_exactly_the_raises():
    game = DiceGame(["ann", "ben"], DiceRules(dice_each=1))
    game.push(MakeBid("ann", bid("1 five")))
    assert [str(b) for b in game.legal_bids()] == ["2 fives", "1 six", "2 sixes"]


# --- calling "Liar!" ----------------------------------------------------------------

def test_only_the_player_to_move_may_call():
    game = DiceGame(["ann", "ben", "cy"], DiceRules(dice_each=1))
    game.push(MakeBid("ann", bid("1 five")))
    with pytest.raises(IllegalMove, match="it is ben's turn, not cy's"):
        game.push(CallLiar("cy", {"ann": [5], "ben": [2], "cy": [3]}))


def test_cannot_call_before_a_bid():
    game = DiceGame(["ann", "ben"])
    with pytest.raises(IllegalMove, match="nobody has bid"):
        game.push(CallLiar("ann", {}))


def test_bid_holds_so_the_caller_loses_a_die_and_opens():
    game = DiceGame(["ann", "ben", "cy"], DiceRules(dice_each=2))
    game.push(MakeBid("ann", bid("2 fives")))
    result = game.push(CallLiar("ben", {"ann": [5, 1], "ben": [5, 2], "cy": [3, 4]}))
    assert (result.holds, result.loser) == (True, "ben")
    assert game.dice == {"ann": 2, "ben": 1, "cy": 2} and game.to_move == "ben"


def test_bid_fails_so_the_bidder_loses_a_die_and_opens():
    game = DiceGame(["ann", "ben", "cy"], DiceRules(dice_each=2))
    game.push(MakeBid("ann", bid("3 fives")))
    result = game.push(CallLiar("ben", {"ann": [5, 1], "ben": [5, 2], "cy": [3, 4]}))
    assert (result.count, result.holds, result.loser) == (2, False, "ann")
    assert game.dice["ann"] == 1 and game.to_move == "ann"


def test_eliminated_loser_is_out_and_the_next_player_opens():
    game = DiceGame(["ann", "ben", "cy"], DiceRules(dice_each=1))
    game.push(MakeBid("ann", bid("1 six")))
    game.push(MakeBid("ben", bid("3 sixes")))
    result = game.push(CallLiar("cy", {"ann": [6], "ben": [2], "cy": [3]}))
    assert result.loser == "ben" and result.out
    assert game.out == ["ben"] and game.to_move == "cy"
    game.push(MakeBid("cy", bid("1 two")))
    assert game.to_move == "ann"  # ben is skipped


def test_revealed_dice_must_match_what_each_player_holds():
    game = DiceGame(["ann", "ben"], DiceRules(dice_each=2))
    game.push(MakeBid("ann", bid("1 five")))
    with pytest.raises(InvalidDie, match="ben holds 2 dice, but 1 were revealed"):
        game.push(CallLiar("ben", {"ann": [5, 5], "ben": [1]}))
    with pytest.raises(InvalidDie, match="'7' is not a die face"):
        game.push(CallLiar("ben", {"ann": [5, 5], "ben": [1, "7"]}))


def test_illegal_move_leaves_the_state_unchanged():
    game = DiceGame(["ann", "ben"])
    game.push(MakeBid("ann", bid("2 fives")))
    before = game.to_dict()
    with pytest.raises(IllegalMove):
        game.push(MakeBid("ben", bid("3 twos")))
    assert game.to_dict() == before


def test_whole_game_to_a_winner():
    game = DiceGame(["ann", "ben", "cy"], DiceRules(dice_each=1, wild=(1,)))
    game.push(MakeBid("ann", bid("2 fives")))
    game.push(CallLiar("ben", {"ann": [5], "ben": [1], "cy": [2]}))   # holds: ben out
    assert game.out == ["ben"] and game.to_move == "cy"
    game.push(MakeBid("cy", bid("1 four")))
    game.push(MakeBid("ann", bid("2 fours")))
    game.push(CallLiar("cy", {"ann": [3], "cy": [4]}))               # fails: ann out
    outcome = game.outcome()
    assert outcome.winner == "cy" and game.to_move is None
    assert outcome.placings == (("cy",), ("ann",), ("ben",))
    with pytest.raises(GameOver):
        game.push(MakeBid("cy", bid("1 two")))


def test_state_serialises_to_json_and_back():
    game = DiceGame(["ann", "ben"], DiceRules(bid_order="perudo"))
    game.push(MakeBid("ann", bid("2 fives")))
    game.push(CallLiar("ben", {"ann": [5, 5, 1, 2, 3], "ben": [1, 1, 1, 1, 1]}))
    game.push(MakeBid("ben", bid("3 sixes")))
    data = json.loads(json.dumps(game.to_dict()))
    again = DiceGame.from_dict(data)
    assert again.to_dict() == game.to_dict()
    assert [b for b in again.legal_bids()] == [b for b in game.legal_bids()]


def test_check_claim_reports_count_and_raise():
    result = check_claim("five sixes", [6, 6, 1, 6, 6, 2], DiceRules(wild=(1,)), last="4 sixes")
    assert (result["count"], result["holds"]) == (5, True)
    assert result["raise"]["legal"] is True
    assert check_claim("3 twos", [2, 2, 2], last="2 fives")["raise"]["legal"] is False


def test_check_claim_says_who_loses_a_die_and_which_faces_were_wild():
    held = check_claim("2 fives", [5, 5, 3])
    assert (held["holds"], held["loser_if_called"], held["wild"]) == (True, "caller", [])
    broken = check_claim("3 fives", [5, 5, 3])
    assert (broken["holds"], broken["loser_if_called"]) == (False, "bidder")
    assert check_claim("2 fives", [5, 1], DiceRules(bid_order="perudo"))["wild"] == [1]


@pytest.mark.parametrize("action", [MakeBid("ann", Bid(2, 5)),
                                    CallLiar("ben", {"ann": (5, 1), "ben": (6, 6)})])
def test_actions_serialise_to_json_and_back(action):
    from solver.games.dice.game import action_from_dict
    assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action


@pytest.mark.parametrize("die", ["²", "٣", "５"])
def test_unicode_digits_are_not_die_faces(die):
    with pytest.raises(InvalidDie, match="is not a die face"):
        check_claim("2 fives", [die, 5])


def test_a_plural_face_is_never_read_as_the_quantity():
    from solver.errors import UnreadablePhrase
    with pytest.raises(UnreadablePhrase, match="understood 'fives' \\(face 5\\) but not '²'"):
        bid("² fives")


# --- quantities below 1 are input errors; no sign is dropped ----------------------

@pytest.mark.parametrize("claim", ["-1 sixes", "- 1 sixes", "+1 sixes", "−1 sixes", "0 sixes",
                                   "zero sixes", "1.5 sixes", "1,000 sixes", "5/6",
                                   {"quantity": 0, "face": 6}, {"quantity": -1, "face": 6}])
def test_a_bid_below_one_die_or_with_a_sign_is_an_input_error(claim):
    """The reproduction: "-1 sixes" was read as "1 six"."""
    with pytest.raises(InvalidInput) as err:
        Bid.parse(claim)
    assert err.value.status == 400 and err.value.field.startswith("claim")
    with pytest.raises(InvalidInput):
        check_claim(claim, [6, 6])


def test_a_bid_object_refuses_a_quantity_below_one():
    with pytest.raises(InvalidInput, match="1 or more, not 0"):
        Bid(0, 6)
    with pytest.raises(InvalidInput, match="1 or more, not True"):
        Bid(True, 6)


def test_the_last_bid_is_read_with_its_sign_too():
    """The reproduction: --last "-5 sixes" was read as 5 sixes."""
    with pytest.raises(InvalidInput, match="'-5' has a sign") as err:
        check_claim("2 sixes", [6, 6], last="-5 sixes")
    assert err.value.field == "last"


@pytest.mark.parametrize("faces", [["-6"], ["+6"], ["6.0"], ["٦"], [6.0]])
def test_revealed_dice_keep_every_character(faces):
    with pytest.raises(InvalidDie):
        check_claim("1 six", faces)
