"""Liar's Poker with cards: hands made from revealed cards, the ladder both ways, a game."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import (
    GameOver,
    IllegalMove,
    InvalidCard,
    InvalidInput,
    InvalidRules,
    UnreadablePhrase,
)
from solver.games.cards import parse_cards
from solver.games.phrases import HAND_SIZES, HANDS, LOWEST_TOP
from solver.games.poker.game import (
    CallBluff,
    Declare,
    Hand,
    PokerGame,
    PokerRules,
    all_hands,
    check_claim,
)

TABLE = parse_cards("KH KS KD 3C 3S 9H 10H JH QH 4D 2H")


@pytest.mark.parametrize("claim, made", [
    ("high card, nine", True), ("ace high", False),
    ("pair of threes", True), ("pair of fours", False),
    ("two pair, kings and threes", True), ("two pair, kings and nines", False),
    ("three kings", True), ("three threes", False),
    ("full house, kings over threes", True), ("full house, threes over kings", False),
    ("four of a kind, kings", False),
    ("straight, king high", True), ("straight, ace high", False),
    ("flush, queen high", True), ("flush, nine high", False),
    ("straight flush, king high", True), ("straight flush, queen high", False),
])
def test_hand_made_from_all_revealed_cards(claim, made):
    hand = Hand.parse(claim)
    witness = hand.made_from(TABLE)
    assert (witness is not None) is made
    if witness:
        assert set(witness) <= set(TABLE)


def test_the_wheel_uses_the_ace_low():
    assert Hand.parse("straight, five high").made_from(parse_cards("AS 2H 3D 4C 5S"))
    assert not Hand.parse("straight, five high").made_from(parse_cards("KS 2H 3D 4C 5S"))


def test_a_flush_needs_five_of_one_suit_up_to_its_top():
    cards = parse_cards("AH 9H 7H 4H 2H KS")
    assert Hand.parse("flush, ace high").made_from(cards)
    assert not Hand.parse("flush, nine high").made_from(cards)   # only 7 4 2 below the 9
    assert not Hand.parse("flush, king high").made_from(cards)   # the K is a spade


def test_the_lowest_flush_is_seven_high():
    # 6-5-4-3-2 of one suit is a straight flush, so no plain flush is six high
    with pytest.raises(InvalidInput, match="no flush is 6 high; the lowest is 7 high"):
        Hand.parse("flush, six high")
    assert Hand.parse("flush, seven high").made_from(parse_cards("7H 5H 4H 3H 2H"))
    assert Hand("flush", (7,)) == min((h for h in all_hands() if h.name == "flush"),
                                      key=lambda h: h.ranks)


def test_claims_as_said_at_the_table():
    assert Hand.parse("two pair, jacks and fours") == Hand("two pair", (11, 4))
    assert Hand.parse("two pair, fours and jacks") == Hand("two pair", (11, 4))
    assert Hand.parse("full house, kings over threes") == Hand("full house", (13, 3))
    assert Hand.parse({"hand": "pair", "ranks": ["J"]}) == Hand("pair", (11,))


@pytest.mark.parametrize("claim, message", [("straight, four high", "lowest is 5 high"),
                                            ("full house, kings over kings", "different ranks")])
def test_impossible_hands_are_input_errors(claim, message):
    with pytest.raises(InvalidInput, match=message):
        Hand.parse(claim)


def test_a_claim_with_a_kicker_is_refused_not_misread():
    # "a pair and a king" was read as a pair of kings, true on this table
    with pytest.raises(UnreadablePhrase, match="not 'and a king': a kicker is not part") as err:
        check_claim("a pair and a king", TABLE)
    assert err.value.field == "claim"


def test_revealed_cards_come_from_one_deck_without_jokers():
    with pytest.raises(InvalidCard, match="KH 2 times, but the deck holds only one KH"):
        check_claim("pair of kings", "KH KH")
    with pytest.raises(InvalidCard, match="a joker, but the deck has none"):
        check_claim("pair of kings", "KH joker")


# --- the ladder -------------------------------------------------------------------------

def test_default_ladder_low_to_high():
    rules = PokerRules()
    assert rules.ladder == ("high card", "pair", "two pair", "three of a kind", "straight",
                            "flush", "full house", "four of a kind", "straight flush")
    ladder = [Hand.parse(p) for p in ("ace high", "pair of twos", "two pair, threes and twos",
                                      "three twos", "straight, five high", "flush, seven high",
                                      "full house, twos over threes", "four twos",
                                      "straight flush, five high")]
    for lower, higher in zip(ladder, ladder[1:]):
        assert rules.is_higher(higher, lower) and not rules.is_higher(lower, higher)


def test_within_a_kind_by_rank():
    rules = PokerRules()
    assert rules.is_higher(Hand.parse("pair of kings"), Hand.parse("pair of queens"))
    assert rules.is_higher(Hand.parse("two pair, kings and threes"),
                           Hand.parse("two pair, queens and jacks"))
    assert rules.is_higher(Hand.parse("full house, threes over twos"),
                           Hand.parse("full house, twos over aces"))
    assert not rules.is_higher(Hand.parse("pair of kings"), Hand.parse("pair of kings"))


def test_ladder_variant_short_deck_puts_flush_over_full_house():
    flush, boat = Hand.parse("flush, seven high"), Hand.parse("full house, aces over kings")
    assert not PokerRules().is_higher(flush, boat)
    assert PokerRules(ladder="short-deck").is_higher(flush, boat)


def test_ladder_as_a_list_and_bad_ladders():
    custom = list(reversed(HANDS))
    rules = PokerRules.from_dict({"ladder": custom})
    assert rules.is_higher(Hand.parse("ace high"), Hand.parse("straight flush, ace high"))
    assert rules.to_dict()["ladder"] == custom
    with pytest.raises(InvalidRules, match="'tallest'"):
        PokerRules(ladder="tallest")
    with pytest.raises(InvalidRules, match="each of the nine hands once"):
        PokerRules(ladder=["pair", "flush"])


def hands():
    return st.sampled_from(HANDS).flatmap(lambda name: st.builds(
        lambda ranks: Hand(name, ranks),
        st.lists(st.integers(LOWEST_TOP.get(name, 2), 14), min_size=HAND_SIZES[name],
                 max_size=HAND_SIZES[name], unique=True).map(
            lambda rs: tuple(sorted(rs, reverse=True)) if name == "two pair" else tuple(rs))))


@given(st.sampled_from([PokerRules(), PokerRules(ladder="short-deck")]), hands(), hands())
def test_higher_is_a_strict_total_order(rules, a, b):
    assert not rules.is_higher(a, a)
    if a != b:
        assert rules.is_higher(a, b) != rules.is_higher(b, a)


def test_check_claim_answers_made_and_higher():
    result = check_claim("three kings", {"ann": ["KH", "KS"], "ben": ["KD"]},
                         last="two pair, aces and kings")
    assert result["made"] and result["higher"]["legal"]
    assert sorted(result["cards_used"]) == ["KD", "KH", "KS"]


# --- a whole game -------------------------------------------------------------------------

def test_claims_must_rise_and_only_the_player_to_move_acts():
    game = PokerGame(["ann", "ben", "cy"])
    game.push(Declare("ann", Hand.parse("pair of fours")))
    with pytest.raises(IllegalMove, match="lower than 'pair of fours'"):
        game.push(Declare("ben", Hand.parse("ace high")))
    with pytest.raises(IllegalMove, match="it is ben's turn, not cy's"):
        game.push(Declare("cy", Hand.parse("pair of fives")))


def test_revealed_cards_must_match_what_each_player_holds():
    game = PokerGame(["ann", "ben"])
    game.push(Declare("ann", Hand.parse("pair of fours")))
    with pytest.raises(InvalidCard, match="ben holds 1 cards, but 2 were revealed"):
        game.push(CallBluff("ben", {"ann": parse_cards("4H"), "ben": parse_cards("4S 5S")}))


def test_whole_game_to_a_winner():
    game = PokerGame(["ann", "ben"], PokerRules(card_limit=2))
    game.push(Declare("ann", Hand.parse("pair of fours")))
    result = game.push(CallBluff("ben", {"ann": parse_cards("4H"), "ben": parse_cards("4S")}))
    assert result.made and result.gainer == "ben" and game.cards == {"ann": 1, "ben": 2}
    assert game.to_move == "ben" and game.direction == -1      # the caller opens
    game.push(Declare("ben", Hand.parse("king high")))
    result = game.push(CallBluff("ann", {"ann": parse_cards("2C"),
                                         "ben": parse_cards("3C 5D")}))
    assert not result.made and result.gainer == "ben" and result.out
    outcome = game.outcome()
    assert outcome.winner == "ann" and outcome.placings == (("ann",), ("ben",))
    with pytest.raises(GameOver):
        game.push(Declare("ann", Hand.parse("ace high")))


def test_state_serialises_to_json_and_back():
    game = PokerGame(["ann", "ben", "cy"], PokerRules(ladder="short-deck"))
    game.push(Declare("ann", Hand.parse("pair of fours")))
    game.push(CallBluff("ben", {p: parse_cards(c) for p, c in
                                (("ann", "2H"), ("ben", "3H"), ("cy", "4H"))}))
    game.push(Declare("ben", Hand.parse("three aces")))
    again = PokerGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.to_dict() == game.to_dict()


@pytest.mark.parametrize("action", [Declare("ann", Hand.parse("two pair, jacks and fours")),
                                    CallBluff("ben", {"ann": parse_cards("4H"),
                                                      "ben": parse_cards("JS JD")})])
def test_actions_serialise_to_json_and_back(action):
    from solver.games.poker.game import action_from_dict
    assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_legal_claims_are_exactly_the_higher_hands():
    game = PokerGame(["ann", "ben"])
    game.push(Declare("ann", Hand.parse("four aces")))
    claims = list(game.legal_claims())
    assert [str(h) for h in claims[:2]] == ["straight flush, five high",
                                            "straight flush, six high"]
    assert len(claims) == 10 and game.can_call()
