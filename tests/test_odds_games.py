"""The sister games' odds: exact against every outcome the game's own rules judge (dice
rolls, unseen cards, deals), against sampling on big cases, and bad input refused."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.errors import (
    IllegalMove,
    InvalidCard,
    InvalidDie,
    InvalidInput,
    LimitExceeded,
    UnreadablePhrase,
)
from solver.games.cards import SUITS, Card
from solver.games.dice.game import Bid, DiceGame, DiceRules, MakeBid
from solver.games.liarliar.game import LIAR_LIAR_DECK, LiarLiarGame, play_is_true
from solver.games.poker.game import Hand, PokerGame, PokerRules, all_hands
from solver.games.post.game import Claim, PostGame, PostRules, Send, judge
from solver.games.dice import odds as dice
from solver.games.liarliar import odds as liarliar
from solver.games.poker import odds as poker
from solver.games.post import odds as post
from solver.odds.chance import Estimate
from solver.games.dice.odds import DiceView
from solver.games.liarliar.odds import LiarLiarView
from solver.games.poker.odds import PokerView
from solver.games.post.odds import PostView

# --- Liar's Dice ------------------------------------------------------------------------------

RULES = [DiceRules(), DiceRules(wild=(1,)), DiceRules(faces=4, wild=(2, 3)),
         DiceRules(bid_order="perudo"), DiceRules(bid_order="quantity-first")]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.faces}-{r.wild}-{r.bid_order}")
@pytest.mark.parametrize("mine,hidden", [((1, 5, 5), 0), ((2, 5), 3), ((), 4), ((1, 1), 4)])
def test_dice_odds_equal_every_roll_counted_by_the_rules(rules, mine, hidden):
    mine = tuple(min(d, rules.faces) for d in mine)
    view = DiceView.read(mine, hidden, rules)
    rolls = list(itertools.product(range(1, rules.faces + 1), repeat=hidden))
    for face in range(1, rules.faces + 1):
        for quantity in range(1, len(mine) + hidden + 1):
            bid = Bid(quantity, face)
            held = sum(rules.holds(bid, mine + roll) for roll in rolls)
            assert view.holds(bid).value == Fraction(held, len(rolls)), bid


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.faces}-{r.wild}-{r.bid_order}")
def test_every_next_bid_is_the_smallest_legal_raise_on_its_face_ranked_by_chance(rules):
    view = DiceView.read([2, 3], 6, rules)
    for last in (None, Bid(2, 3), Bid(4, 1), Bid(8, rules.faces)):
        if last is not None and rules.raise_problem(None, last) and last.face == 1:
            continue
        suggestions = view.raises(last)
        chances = [s.chance.value for s in suggestions]
        assert chances == sorted(chances, reverse=True)
        faces = [s.bid.face for s in suggestions]
        assert len(faces) == len(set(faces))
        for s in suggestions:
            assert rules.is_raise(last, s.bid) and s.bid.quantity <= view.in_play
            smaller = Bid(s.bid.quantity - 1, s.bid.face) if s.bid.quantity > 1 else None
            assert smaller is None or not rules.is_raise(last, smaller)
            assert s.chance == view.holds(s.bid)
        missing = [f for f in range(1, rules.faces + 1) if f not in faces]
        for face in missing:
            assert not any(rules.is_raise(last, Bid(q, face)) for q in range(1, 9))


@settings(max_examples=20, deadline=None, derandomize=True)
@given(st.lists(st.integers(1, 6), max_size=5), st.integers(20, 80), st.integers(1, 6),
       st.integers(1, 40), st.booleans(), st.integers(0, 10**6))
def test_dice_odds_agree_with_sampled_rolls(mine, hidden, face, quantity, wild, seed):
    import random
    rules = DiceRules(wild=(1,) if wild else ())
    view = DiceView.read(mine, hidden, rules)
    bid = Bid(min(quantity, view.in_play), face)
    rng = random.Random(seed)
    hits = sum(rules.holds(bid, [*mine, *(rng.randint(1, 6) for _ in range(hidden))])
               for _ in range(2000))
    assert Estimate(hits, 2000, seed, confidence=1 - 1e-6).covers(view.holds(bid).value)


def test_the_dice_contract_example():
    result = dice.answer({"mine": [2, 5, 5], "hidden": 10, "bid": {"quantity": 4, "face": 5},
                          "rules": {"wild": [1]}})
    assert result["holds"]["fraction"] == "17635/19683"
    assert result["holds"]["reason"] == ("you hold 2 that count; it needs 2 of the 10 hidden "
                                         "dice, each counting with chance 2/6")
    assert [s["bid"]["phrase"] for s in result["suggestions"]] == ["1 six", "5 fives"]


def test_a_players_view_of_a_dice_game():
    game = DiceGame(["ann", "ben", "cy"], DiceRules(dice_each=3))
    game.push(MakeBid("ann", Bid(2, 4)))
    view = DiceView.of_player(game, "ben", [4, 4, 1])
    assert view.hidden == 6 and view.holds(game.bid).certain
    with pytest.raises(InvalidDie, match="ben holds 3 dice, not 2"):
        DiceView.of_player(game, "ben", [4, 4])


@pytest.mark.parametrize("payload,error,message", [
    ({"mine": [7], "hidden": 3, "bid": "2 fives"}, InvalidDie, "7 is not a die face"),
    ({"mine": [2], "hidden": -3, "bid": "2 fives"}, InvalidInput, "cannot be negative: -3"),
    ({"mine": [2], "hidden": 5000, "bid": "2 fives"}, LimitExceeded, "5000 hidden dice"),
    ({"mine": [2], "hidden": 3, "bid": "9 fives"}, IllegalMove, "only 4 dice are in play"),
    ({"mine": [2] * 6, "hidden": 3, "bid": "2 fives"}, InvalidDie, "at most 5"),
    ({"mine": [2], "hidden": 3, "bid": "lots of fives"}, UnreadablePhrase, "not 'lots'"),
    ({"mine": [2], "hidden": 3}, InvalidInput, "needs bid"),
])
def test_dice_bad_input_gets_one_clear_error(payload, error, message):
    with pytest.raises(error, match=message):
        dice.answer(payload)


# --- Liar's Post ------------------------------------------------------------------------------

@pytest.mark.parametrize("one_deck", [False, True])
@pytest.mark.parametrize("mine,face_up", [("Q K 7", "Q Q 9"), ("A", ""), ("", "7 7 7")])
def test_post_odds_equal_the_share_of_every_unseen_card(one_deck, mine, face_up):
    rules = PostRules(one_deck=one_deck)
    view = PostView.read(mine, face_up, rules)
    seen = [c.rank for c in (*view.mine, *view.face_up)]
    unseen = [k for k in rules.deck.ranks for _ in range(rules.copies)]
    for rank in seen:
        unseen.remove(rank)
    for kind in rules.deck.ranks:
        claim = Claim(kind)
        right = sum(judge(claim, Card(rank), believes=True) for rank in unseen)
        assert view.is_kind(claim).value == Fraction(right, len(unseen))


def test_post_answer_and_a_players_view():
    result = post.answer({"mine": "Q Q K 7", "face_up": ["Q", "Q", "Q", "9"],
                          "claim": "this is a queen"})
    assert result["true"]["fraction"] == "3/56" and result["suggestion"]["call"] == "false"
    assert result["suggestion"]["right"]["fraction"] == "53/56"
    game = PostGame(["anna", "ben", "carla"])
    game.push(Send("anna", "ben", Claim.parse("this is a king")))
    view = PostView.of_player(game, "ben", ["K"] * 8 + ["Q"] * 8 + ["J"] * 5)
    assert view.is_kind(game.claim).impossible
    assert "certainly false" in view.reason(game.claim)


@pytest.mark.parametrize("payload,error,message", [
    ({"mine": "Q " * 9, "claim": "this is a queen"}, InvalidCard, "9 Qs"),
    ({"mine": "Q", "face_up": "joker", "claim": "Q"}, InvalidCard, "not in the Liar's Post"),
    ({"mine": "2H", "claim": "Q"}, InvalidCard, "not in the Liar's Post deck"),
    ({"mine": "Q", "claim": "this is a two"}, InvalidCard, "not a Liar's Post kind"),
    ({"mine": "Q " * 8, "face_up": "Q", "claim": "Q"}, InvalidCard, "9 Qs face up"),
])
def test_post_bad_input_gets_one_clear_error(payload, error, message):
    with pytest.raises(error, match=message):
        post.answer(payload)


# --- Liar Liar --------------------------------------------------------------------------------

def _unseen(view: LiarLiarView) -> list[Card]:
    """Every card of the deck not known to be elsewhere, suited cards one by one."""
    cards = [Card(r, s) for r in LIAR_LIAR_DECK.ranks for s in SUITS] + [Card(None)] * 2
    for known in (*view.mine, *view.seen):
        match = next(c for c in cards if c.rank == known.rank and
                     (known.suit is None or c.suit == known.suit))
        cards.remove(match)
    return cards


@pytest.mark.parametrize("mine,seen", [("KH KS 4D", ""), ("joker 7C", "K K K K"),
                                       ("", "joker"), ("KH KS KD KC", "")])
@pytest.mark.parametrize("count", [1, 2, 3])
def test_liarliar_odds_equal_every_play_judged_by_the_rules(mine, seen, count):
    view = LiarLiarView.read(mine, seen)
    unseen = _unseen(view)
    for rank in (13, 7, 2):
        plays = list(itertools.combinations(range(len(unseen)), count))
        true = sum(play_is_true(rank, [unseen[i] for i in play]) for play in plays)
        said = f"{count} {'kings' if rank == 13 else 'sevens' if rank == 7 else 'twos'}"
        assert view.true(said).value == Fraction(true, len(plays)), said


def test_liarliar_says_certainly_a_lie():
    result = liarliar.answer({"mine": "KH KS KD", "seen": ["joker", "joker"],
                              "claim": "kings", "count": 2})
    assert result["certainly"] == "lie" and result["true"]["fraction"] == "0/1"
    assert result["true"]["reason"].startswith("certainly a lie: it needs 2 Ks or jokers")
    assert result["suggestion"]["call_liar"] is True


def test_a_players_view_of_a_liarliar_game():
    game = LiarLiarGame(["ann", "ben"])  # 27 cards each
    hearts_and_spades = [f"{rank}{suit}" for suit in "HS"
                         for rank in "A K Q J 10 9 8 7 6 5 4 3 2".split()]
    view = LiarLiarView.of_player(game, "ben", [*hearts_and_spades, "joker"])
    assert view.unseen == 27 and view.could_be_true(13) == 3  # KD, KC and a joker


@pytest.mark.parametrize("payload,error,message", [
    ({"mine": "joker joker joker", "claim": "two kings"}, InvalidCard, "3 jokers"),
    ({"mine": "KH", "claim": "two"}, UnreadablePhrase, "not their rank"),
    ({"mine": "KH", "claim": "two kings", "count": 3}, InvalidInput, "says 2 cards, not 3"),
    ({"mine": "KH", "claim": "kings"}, InvalidInput, "give the count"),
    ({"mine": "KH", "claim": "kings", "count": 4}, InvalidInput, "from 1 to 3"),
    ({"mine": "KH", "seen": "KH", "claim": "two kings"}, InvalidCard, "KH 2 times"),
])
def test_liarliar_bad_input_gets_one_clear_error(payload, error, message):
    with pytest.raises(error, match=message):
        liarliar.answer(payload)


# --- Liar's Poker -------------------------------------------------------------------------------

def _deals(view: PokerView):
    mine = {(c.rank, c.suit) for c in view.mine}
    unseen = [Card(r, s) for r in range(2, 15) for s in SUITS if (r, s) not in mine]
    return [list(d) for d in itertools.combinations(unseen, view.hidden)]


@pytest.mark.parametrize("mine,hidden", [("9H 10H JH 3C", 2), ("KH 3C", 2), ("", 2)])
def test_poker_odds_of_every_hand_equal_every_deal_judged_by_the_game(mine, hidden):
    view = PokerView.read(mine, hidden)
    deals = _deals(view)
    for hand in all_hands():
        made = sum(hand.made_from([*view.mine, *deal]) is not None for deal in deals)
        assert view.made(hand).value == Fraction(made, len(deals)), str(hand)


@pytest.mark.parametrize("claim", ["flush, king high", "straight flush, jack high",
                                   "full house, kings over threes", "straight, five high",
                                   "two pair, kings and threes"])
def test_poker_odds_equal_every_deal_of_three_hidden_cards(claim):
    view = PokerView.read("KH 3H 9H JH", 3)
    deals = _deals(view)
    hand = Hand.parse(claim)
    made = sum(hand.made_from([*view.mine, *deal]) is not None for deal in deals)
    assert view.made(hand).value == Fraction(made, len(deals))


HANDS = all_hands()


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([f"{r}{s}" for r in "A K Q J 10 9 8 7 6 5 4 3 2".split()
                                 for s in SUITS]), max_size=5, unique=True),
       st.integers(5, 40), st.sampled_from(HANDS), st.integers(0, 10**6))
def test_poker_odds_agree_with_sampled_deals(mine, hidden, hand, seed):
    view = PokerView.read(mine, hidden)
    estimate = view.sampled(hand, 1500, seed)
    wide = Estimate(estimate.hits, estimate.samples, seed, confidence=1 - 1e-6)
    assert wide.covers(view.made(hand).value), str(hand)


def test_poker_suggestions_are_higher_and_ranked():
    view = PokerView.read("KH 3C", 6, PokerRules(ladder="short-deck"))
    last = Hand.parse("three kings")
    suggestions = view.raises(last)
    assert suggestions and all(view.rules.is_higher(s.hand, last) for s in suggestions)
    chances = [s.chance.value for s in suggestions]
    assert chances == sorted(chances, reverse=True)
    result = poker.answer({"mine": ["KH", "3C"], "hidden": 6, "claim": "three kings",
                           "limit": 3, "samples": 500, "seed": 4})
    assert len(result["suggestions"]) == 3 and result["sampled"]["estimate"] is True


def test_a_players_view_of_a_poker_game():
    game = PokerGame(["ann", "ben", "cy"])
    view = PokerView.of_player(game, "cy", ["QS"])
    assert view.hidden == 2


@pytest.mark.parametrize("payload,error,message", [
    ({"mine": "K 3C", "hidden": 3, "claim": "pair of kings"}, InvalidCard, "has no suit"),
    ({"mine": "KH KH", "hidden": 3, "claim": "pair of kings"}, InvalidCard, "KH 2 times"),
    ({"mine": "KH", "hidden": 52, "claim": "pair of kings"}, InvalidCard,
     "52 hidden cards, but the deck has only 51 besides yours"),
    ({"mine": "joker", "hidden": 3, "claim": "pair of kings"}, InvalidCard, "no joker"),
    ({"mine": "KH", "hidden": 3, "claim": "pair of elevens"}, InvalidInput, "eleven"),
])
def test_poker_bad_input_gets_one_clear_error(payload, error, message):
    with pytest.raises(error, match=message):
        poker.answer(payload)

