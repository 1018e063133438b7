"""The table-talk phrase parser: the issue's examples, longest match, errors, round trips."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import UnreadablePhrase
from solver.games.phrases import (
    HAND_SIZES,
    HANDS,
    LOWEST_TOP,
    format_bid,
    format_hand,
    format_kind,
    format_play,
    parse_bid,
    parse_hand,
    parse_kind,
    parse_play,
    tokenize,
)


@pytest.mark.parametrize("phrase, parsed", [
    ("2 fives", (2, 5)), ("five sixes", (5, 6)), ("1 three", (1, 3)), ("a six", (1, 6)),
    ("I bid 3 aces", (3, 1)), ("two ones", (2, 1)), ("12 6s", (12, 6)), ("Four 2's", (4, 2)),
    ("10 sixes", (10, 6)), ("ten sixes", (10, 6)),
])
def test_dice_bids(phrase, parsed):
    assert parse_bid(phrase) == parsed


@pytest.mark.parametrize("phrase, rank", [("this is a queen", 12), ("This is a Queen.", 12),
                                          ("this is an ace", 14), ("this is a 7", 7),
                                          ("It's a ten", 10), ("Q", 12), ("kings", 13)])
def test_post_kinds(phrase, rank):
    assert parse_kind(phrase) == rank


@pytest.mark.parametrize("phrase, parsed", [("three kings", (3, 13)), ("two kings", (2, 13)),
                                            ("a jack", (1, 11)), ("one 7", (1, 7)),
                                            ("queens", (None, 12)), ("tens", (None, 10)),
                                            ("two", (2, None)), ("one", (1, None)),
                                            ("3", (3, None))])
def test_liarliar_plays(phrase, parsed):
    assert parse_play(phrase) == parsed


@pytest.mark.parametrize("phrase, parsed", [
    ("two pair, jacks and fours", ("two pair", (11, 4))),
    ("full house, kings over threes", ("full house", (13, 3))),
    ("three kings", ("three of a kind", (13,))),
    ("three of a kind, kings", ("three of a kind", (13,))),
    ("a pair of jacks", ("pair", (11,))),
    ("four aces", ("four of a kind", (14,))),
    ("kings full of threes", ("full house", (13, 3))),
    ("straight to the nine", ("straight", (9,))),
    ("ace-high flush", ("flush", (14,))),
    ("Straight flush, 10 high", ("straight flush", (10,))),
    ("ace high", ("high card", (14,))),
    ("royal flush", ("straight flush", (14,))),
    ("I bid a royal flush", ("straight flush", (14,))),
    ("royal flush, ace high", ("straight flush", (14,))),
])
def test_poker_hands(phrase, parsed):
    assert parse_hand(phrase) == parsed


def test_a_royal_flush_is_ace_high():
    """A royal flush names its rank: with another, it is refused, naming both."""
    with pytest.raises(UnreadablePhrase, match="a royal flush is ace high, not king high"):
        parse_hand("royal flush, king high")


@pytest.mark.parametrize("phrase, message", [
    ("a pair and a king", "understood 'a pair' but not 'and a king': a kicker is not part of "
                          "a claim; name the hand's rank, like 'pair of kings'"),
    ("three of a kind and a jack", "understood 'three of a kind' but not 'and a jack': a "
                                   "kicker is not part of a claim; name the hand's rank, like "
                                   "'three of a kind, jacks'"),
    ("a pair with an ace", "understood 'a pair' but not 'with an ace': a kicker is not part "
                           "of a claim; name the hand's rank, like 'pair of aces'"),
    ("pair of kings and a queen", "understood 'pair of kings' but not 'and a queen': a kicker "
                                  "is not part of a claim; claim 'pair of kings'"),
    ("three kings with a seven", "not 'with a seven': a kicker is not part of a claim; claim "
                                 "'three of a kind, kings'"),
    ("two pair and a king", "not 'and a king': a kicker is not part of a claim; name the "
                            "hand's ranks, like 'two pair, jacks and fours'"),
])
def test_a_kicker_is_not_read_as_the_hands_rank(phrase, message):
    """docs/rules.md ranks hands by kind, then by the hand's own ranks: a kicker is not a rank."""
    with pytest.raises(UnreadablePhrase) as err:
        parse_hand(phrase)
    assert message in str(err.value)


@pytest.mark.parametrize("phrase, parsed", [
    ("two pair, jacks and fours", ("two pair", (11, 4))),
    ("full house, kings over threes", ("full house", (13, 3))),
    ("two pair, aces and kings", ("two pair", (14, 13))),
])
def test_and_between_a_hands_own_ranks_is_still_read(phrase, parsed):
    assert parse_hand(phrase) == parsed


def test_longest_match_wins():
    """"two pair" is one token, not "two" then "pair"; "10" is not "1" then "0"."""
    tokens, _ = tokenize("two pair, jacks and fours")
    assert tokens[0].text == "two pair" and tokens[0].kind == "hand"
    tokens, _ = tokenize("three of a kind")
    assert [t.text for t in tokens] == ["three of a kind"]
    tokens, _ = tokenize("10 sixes")
    assert tokens[0].value == 10


def test_vocabulary_matches_whole_words_only():
    tokens, unknown = tokenize("kingdom sixes")
    assert unknown == ["kingdom"] and [t.text for t in tokens] == ["sixes"]


@pytest.mark.parametrize("parse, phrase, message", [
    (parse_bid, "five sixxes", "understood 'five' (quantity 5) but not 'sixxes'"),
    (parse_bid, "two kings", "understood 'two' (quantity 2), 'kings' (rank king) but a bid is "
                             "a quantity and a face"),
    (parse_bid, "blah", "could not read 'blah': 'blah' names no bid"),
    (parse_kind, "this is a qeen", "but not 'qeen'"),
    (parse_hand, "full house, kings", "full house needs 2 ranks, like 'full house, kings over "
                                      "threes'"),
    (parse_hand, "two pair jacks and fours and sixes", "two pair needs 2 ranks"),
    (parse_play, "two jokers", "a joker is not a rank to declare"),
])
def test_errors_say_what_was_understood(parse, phrase, message):
    with pytest.raises(UnreadablePhrase) as err:
        parse(phrase)
    assert message in str(err.value)


def test_empty_and_oversized_phrases():
    with pytest.raises(UnreadablePhrase, match="names no bid"):
        parse_bid("  ")
    with pytest.raises(UnreadablePhrase, match="at most 200 characters"):
        parse_bid("five " * 100)
    with pytest.raises(UnreadablePhrase, match="not 5"):
        parse_bid(5)


# --- format then parse gives back the same claim ----------------------------------------

@given(st.integers(1, 999), st.integers(1, 20))
def test_bid_round_trip(quantity, face):
    assert parse_bid(format_bid(quantity, face)) == (quantity, face)


@given(st.integers(2, 14))
def test_kind_round_trip(rank):
    assert parse_kind(format_kind(rank)) == rank


@given(st.one_of(st.none(), st.integers(1, 3)), st.integers(2, 14))
def test_play_round_trip(count, rank):
    assert parse_play(format_play(count, rank)) == (count, rank)


@st.composite
def hands(draw):
    name = draw(st.sampled_from(HANDS))
    ranks = draw(st.lists(st.integers(LOWEST_TOP.get(name, 2), 14), min_size=HAND_SIZES[name],
                          max_size=HAND_SIZES[name], unique=True))
    if name == "two pair":
        ranks.sort(reverse=True)
    return name, tuple(ranks)


@given(hands())
def test_hand_round_trip(hand):
    assert parse_hand(format_hand(*hand)) == hand


# --- no sign or decimal point is dropped silently ---------------------------------

@pytest.mark.parametrize("parse, phrase, named", [
    (parse_bid, "-1 sixes", "'-1' has a sign"), (parse_bid, "- 1 sixes", "'- 1' has a sign"),
    (parse_bid, "+2 fives", "'+2' has a sign"), (parse_bid, "−1 sixes", "'−1' has a sign"),
    (parse_bid, "I bid (-3) fives", "'(-3)' has a sign"),
    (parse_bid, "- five sixes", "'- five' has a sign"),
    (parse_bid, "1.5 sixes", "'1.5' is not a whole number"),
    (parse_bid, "1,000 sixes", "'1,000' is not a whole number"),
    (parse_bid, "5/6", "'5/6' is not a whole number"),
    (parse_bid, "2-5 sixes", "'2-5' is not a whole number"),
    (parse_play, "-2 kings", "'-2' has a sign"), (parse_kind, "this is a -7", "'-7' has a sign"),
    (parse_kind, "-7", "'-7' has a sign"), (parse_hand, "pair of -2s", "'-2s' has a sign"),
])
def test_a_sign_or_a_decimal_point_is_refused_naming_the_number(parse, phrase, named):
    with pytest.raises(UnreadablePhrase, match=re.escape(named)):
        parse(phrase)


@pytest.mark.parametrize("phrase, parsed", [("five-sixes", (5, 6)), ("5 sixes!", (5, 6)),
                                            ("five-6s", (5, 6)), ("(5) sixes", (5, 6))])
def test_punctuation_between_words_still_only_separates(phrase, parsed):
    assert parse_bid(phrase) == parsed


@given(st.integers(min_value=1, max_value=999), st.sampled_from(["-", "+", "−", "- "]),
       st.integers(min_value=2, max_value=6))
def test_no_signed_quantity_is_ever_read(quantity, sign, face):
    with pytest.raises(UnreadablePhrase):
        parse_bid(f"{sign}{format_bid(quantity, face)}")
