"""Cards as players write them, and clear errors naming the text that is not a card."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import InvalidCard, LimitExceeded
from solver.games.cards import JOKER, Card, parse_cards, parse_rank, rank_name


@pytest.mark.parametrize("text, card", [
    ("Q", Card(12)), ("10", Card(10)), ("QH", Card(12, "H")), ("Q♥", Card(12, "H")),
    ("qh", Card(12, "H")), ("10♠", Card(10, "S")), ("T", Card(10)), ("AD", Card(14, "D")),
    ("q of hearts", Card(12, "H")), ("Queen of Hearts", Card(12, "H")),
    ("2 of clubs", Card(2, "C")), ("joker", JOKER), ("JOKER", JOKER), ("J", Card(11)),
    ("JS", Card(11, "S")),
])
def test_cards_as_written(text, card):
    assert Card.parse(text) == card


@pytest.mark.parametrize("text, message", [
    ("11", "'11' is not a card: '11' is not a rank"),
    ("QX", "'QX' is not a card"),
    ("queen of stars", "'queen of stars' is not a card: 'stars' is not a suit"),
    ("", "'' is not a card"),
])
def test_bad_cards_name_the_text(text, message):
    with pytest.raises(InvalidCard) as err:
        Card.parse(text, field="card")
    assert message in err.value.message and err.value.field == "card"


def test_non_text_is_not_a_card():
    with pytest.raises(InvalidCard, match="not 12"):
        Card.parse(12)


def test_card_lists_from_strings_and_lists():
    assert parse_cards("AS, 10d  7 joker") == (Card(14, "S"), Card(10, "D"), Card(7), JOKER)
    assert parse_cards("queen of hearts, KS") == (Card(12, "H"), Card(13, "S"))
    assert parse_cards(["Q♥", "q"]) == (Card(12, "H"), Card(12))
    with pytest.raises(LimitExceeded):
        parse_cards(["2"] * 5, limit=4)


def test_ranks():
    assert [rank_name(r) for r in (14, 13, 12, 11, 10, 2)] == ["A", "K", "Q", "J", "10", "2"]
    assert parse_rank("ace") == parse_rank("A") == parse_rank(14) == 14
    with pytest.raises(InvalidCard, match="'1' is not a rank"):
        parse_rank("1")
    with pytest.raises(InvalidCard):
        parse_rank(True)


cards = st.one_of(st.just(JOKER), st.builds(Card, st.integers(2, 14),
                                            st.one_of(st.none(), st.sampled_from("SHDC"))))


@given(cards)
def test_str_and_parse_round_trip(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol) == card


@pytest.mark.parametrize("text", ["²", "²H", "٣", "１０"])
def test_unicode_digits_are_not_ranks(text):
    """str.isdigit() is true for '²' and int('²') fails: it must be a clean InvalidCard."""
    with pytest.raises(InvalidCard, match="is not a card"):
        Card.parse(text)


# --- each game's deck bounds what can be revealed ---------------------------------

from solver.games.cards import LIAR_LIAR_DECK, POKER_DECK, Deck  # noqa: E402
from solver.games.post.game import ONE_DECK, TWO_DECKS  # noqa: E402


@pytest.mark.parametrize("deck, cards, named", [
    (LIAR_LIAR_DECK, "joker joker joker", "3 jokers, but the deck holds only two jokers"),
    (LIAR_LIAR_DECK, "KH KH", "KH 2 times, but the deck holds only one KH"),
    (LIAR_LIAR_DECK, "K K K K K", "5 Ks, but the deck holds only 4"),
    (POKER_DECK, "joker", "a joker, but the deck has none"),
    (POKER_DECK, "10H 10♥", "10H 2 times"),
    (TWO_DECKS, "QH QH QH", "QH 3 times, but the deck holds only two QH"),
    (TWO_DECKS, "Q " * 9, "9 Qs, but the deck holds only 8"),
    (TWO_DECKS, "6H", "'6H' is not in the deck"),
    (ONE_DECK, "QH QH", "QH 2 times, but the deck holds only one QH"),
    (ONE_DECK, "Q Q Q Q Q", "5 Qs, but the deck holds only 4"),
])
def test_a_deck_refuses_cards_it_cannot_hold(deck, cards, named):
    with pytest.raises(InvalidCard, match=named) as err:
        deck.check(parse_cards(cards))
    assert deck.name in err.value.message and err.value.field == "cards"


@pytest.mark.parametrize("deck, cards", [
    (LIAR_LIAR_DECK, "joker joker KH KS KD KC"), (POKER_DECK, "AS AH AD AC 2S"),
    (TWO_DECKS, "QH QH Q Q Q Q Q Q"), (ONE_DECK, "QH Q Q Q")])
def test_a_deck_holds_what_it_holds(deck, cards):
    assert deck.check(parse_cards(cards)) == parse_cards(cards)


def test_deck_sizes_and_known_cards():
    assert (LIAR_LIAR_DECK.size, POKER_DECK.size, TWO_DECKS.size, ONE_DECK.size) == \
        (54, 52, 64, 32)
    with pytest.raises(InvalidCard, match=r"KH 2 times \(1 already seen\)"):
        LIAR_LIAR_DECK.check(parse_cards("KH"), known=parse_cards("KH"), known_as="seen")
    assert Deck("test", copies=2).check(parse_cards("KH"), known=parse_cards("KH"))
