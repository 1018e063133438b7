"""Liars' Letters odds: exact against brute force on small cases, against sampling on big
ones, the safest raise against every raise of a small lexicon, and bad input refused."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.errors import InvalidInput, InvalidTile, InvalidWordSet, TooManyTiles
from solver.games.letters.game import LettersGame, check_declaration, check_raise
from solver.games.letters.odds import LettersView, answer, letters_odds
from solver.games.letters.raises import LONGER_BY, MAX_CANDIDATES, safest_raises, target_shapes
from solver.words.lexicon import Lexicon, build_tries
from solver.words.tiles import LETTERS, SCRABBLE, Tiles, TileSet, pack
from solver.words.wordset import WordSet

# A tile set small enough to deal every hand: 11 tiles.
TINY = TileSet("tiny", {x: {"A": 2, "B": 1, "E": 2, "G": 2, "I": 1, "R": 2, "T": 1}.get(x, 0)
                        for x in LETTERS})


def every_deal(view: LettersView):
    """Every hidden hand as a multiset of labelled tiles: each is one equally likely draw."""
    pool = [x for x, n in view.pool.items() for _ in range(n)]
    for deal in itertools.combinations(range(len(pool)), view.hidden):
        yield Tiles(view.mine.counts + Counter(pool[i] for i in deal), view.tile_set)


DECLARATIONS = ["bigger", "giber, ar", "brig, ear", "a", "bag", "tiger, ab", "gibe, tar, a",
                "rag, bit, e, a", "zzz", "bigger, tea", "ab, ab"]


@pytest.mark.parametrize("mine", ["", "A", "AB", "GGE"])
@pytest.mark.parametrize("hidden", [0, 2, 5])
def test_exists_and_highest_equal_brute_force_over_every_deal(twl, mine, hidden):
    view = LettersView.read(mine, hidden, tile_set=TINY, lexicon=twl)
    deals = list(every_deal(view))
    for declared in DECLARATIONS:
        ws = WordSet.parse(declared)
        exists = sum(ws.exists(tiles, twl) for tiles in deals)
        assert view.exists(ws).value == Fraction(exists, len(deals)), declared
        # the referee rules "exact" on every deal: is the set there and the highest?
        highest = sum(bool(check_declaration(tiles, ws, twl, budget=None).is_highest)
                      for tiles in deals)
        assert view.highest(ws, budget=None).chance.value == Fraction(highest, len(deals)), \
            declared


def test_highest_is_exact_when_the_hidden_tiles_can_be_exactly_the_declared_letters(twl):
    view = LettersView.read("ABEG", 3, lexicon=twl)  # 7 tiles: 'giber, ar' uses all of them
    highest = view.highest("giber, ar")
    pool = view.pool  # the hidden tiles must be I, R, R
    assert highest.decided and highest.chance.value == Fraction(
        pool["I"] * (pool["R"] * (pool["R"] - 1) // 2),
        sum(pool.values()) * (sum(pool.values()) - 1) * (sum(pool.values()) - 2) // 6)
    assert view.highest("brig, ear").chance.value == 0  # exists then, but giber, ar is higher
    assert "never the highest" in view.highest("brig, ear").reason
    assert view.highest("giber, a").chance.value == 0  # leaves a tile unused


def test_an_undecided_search_gives_an_interval_not_a_guess(twl):
    letters = "TMDENLEANIENSXOUOIOHUOMUD"
    declared = "nonhomosexual, demounted"
    view = LettersView.read(letters[:5], len(letters) - 5, lexicon=twl)
    highest = view.highest(declared, budget=0)
    if highest.decided:  # proven at once after all: then exact
        assert highest.chance is not None
        return
    assert highest.as_dict()["probability"] is None and highest.as_dict()["decided"] is False
    low, high = highest.as_dict()["interval"]
    assert low == 0.0 and high == highest.bound.probability > 0


@pytest.mark.parametrize("declared", ["bigger, a", "quiz, bet, a", "zebra"])
def test_exists_equals_brute_force_with_two_hidden_tiles_of_the_scrabble_set(twl, declared):
    view = LettersView.read("ABIGGER"[:5], 2, lexicon=twl)
    deals = list(every_deal(view))
    hits = sum(WordSet.parse(declared).exists(tiles, twl) for tiles in deals)
    assert view.exists(declared).value == Fraction(hits, len(deals))


def test_the_issue_example_and_its_reasons(twl):
    odds = letters_odds("ABE", 9, "bigger, a", lexicon=twl)
    assert round(odds.exists.probability, 4) == 0.0043
    assert odds.exists_reason == "needs GG, I, R beyond your tiles, among the 9 hidden of 95 unseen"
    assert LettersView.read("ABE", 9).exists_reason("abe").startswith("never exists: not in")
    assert LettersView.read("ABE", 9).exists_reason("zzz") == \
        "never exists: it needs 3 Z's, the scrabble set has 1"
    assert LettersView.read("BIG", 0).exists("big").certain
    assert LettersView.read("ABE", 2).exists_reason("bigger") == \
        "never exists: it needs 4 tiles beyond yours, and only 2 are hidden"


# --- sampling ------------------------------------------------------------------------------

WORDS = ["bigger", "a", "quiz", "tea", "rain", "oxen", "jab", "eerie", "it", "so", "strata"]


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([x for x, n in SCRABBLE.counts.items() for _ in range(n)]),
                max_size=6),
       st.integers(min_value=10, max_value=70),
       st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
       st.integers(min_value=0, max_value=10**6))
def test_exact_exists_agrees_with_sampled_deals(mine, hidden, words, seed):
    """A property: over random views and declarations, the exact chance lies in a very wide
    interval (one in a million to miss) of 2,000 sampled deals, each judged on its own."""
    view = LettersView.read("".join(mine), hidden)
    declared = WordSet(tuple(words))
    estimate = view.sampled(declared, 2000, seed, highest=False)["exists"]
    wide = type(estimate)(estimate.hits, estimate.samples, seed, confidence=1 - 1e-6)
    assert wide.covers(view.exists(declared).value)


def test_sampled_intervals_cover_the_exact_value_at_their_stated_rate(twl):
    """95% intervals from 300 fixed seeds, 150 deals each: they cover the exact value at
    their stated rate (deterministic: the seeds are fixed; 3 standard errors of slack)."""
    view = LettersView.read("AE", 30, lexicon=twl)
    for declared in ("tea", "rain, a"):
        exact = view.exists(declared).value
        assert 0.05 < exact < 0.95
        covered = sum(view.sampled(declared, 150, seed, highest=False)["exists"]
                      .covers(exact) for seed in range(300))
        assert covered / 300 >= 0.95 - 3 * (0.95 * 0.05 / 300) ** 0.5, (declared, covered)


def test_sampled_highest_agrees_with_the_exact_one(twl):
    view = LettersView.read("ABEG", 3, lexicon=twl)
    estimate = view.sampled("giber, ar", 20000, 7)["highest"]
    exact = view.highest("giber, ar").chance.value
    wide = type(estimate)(estimate.hits, estimate.samples, 7, confidence=1 - 1e-6)
    assert wide.covers(exact) and estimate.hits > 0


# --- the safest raise -----------------------------------------------------------------------

def test_every_suggestion_is_a_legal_raise_with_its_exact_chance(twl):
    view = LettersView.read("ABE", 9, lexicon=twl)
    suggestions = view.raises("bigger, a", limit=20)
    assert 5 <= len(suggestions) <= 20
    chances = [s.chance.value for s in suggestions]
    assert chances == sorted(chances, reverse=True)
    for s in suggestions:
        assert check_raise("bigger, a", s.words, twl).legal
        assert view.exists(s.words) == s.chance
    # better than raising by the last declaration plus a letter of mine
    assert chances[0] >= view.exists("bigger, a, e").value > 0


def test_an_opening_suggestion_is_certain_when_my_tiles_make_a_word(twl):
    best = LettersView.read("ABE", 20, lexicon=twl).raises(None, limit=3)
    assert all(s.chance.certain for s in best)
    assert best[0].words.shape == (2,)  # AB, AE or BE: the longest certain words first


def _shapes(most_words: int, longest: int):
    for n in range(1, most_words + 1):
        yield from itertools.combinations_with_replacement(range(longest, 0, -1), n)


@pytest.mark.parametrize("last", ["bigger, to, a", "big, it, is", "a", "strata, tea, ab"])
def test_target_shapes_hold_the_likeliest_raise_up_to_the_length_cap(last):
    """Every raise is matched or beaten by a set of a family shape: its first words, up to
    the first longer one (or the last shape and one letter). The search takes each family
    shape whose longer word is at most LONGER_BY longer than the one it beats."""
    shape = WordSet.parse(last).shape
    family = set(target_shapes(WordSet.parse(last), 15, 3))
    for raised in _shapes(len(shape) + 2, 10):
        if not raised > shape:
            continue
        i = next((k for k, (a, b) in enumerate(zip(raised, shape)) if a != b), len(shape))
        reduced = shape + (1,) if i == len(shape) else raised[:i + 1]
        assert reduced > shape
        if i == len(shape) or reduced[-1] <= shape[i] + LONGER_BY:
            assert reduced in family, (raised, reduced)


SMALL_WORDS = ["ab", "ba", "be", "bi", "ag", "ai", "ar", "at", "er", "re", "et", "ti", "it",
               "bag", "big", "beg", "bet", "bit", "bat", "tab", "rag", "rat", "art", "tar",
               "tie", "tea", "eat", "ate", "era", "are", "ear", "bear", "bare", "beat",
               "bate", "gate", "rate", "tear", "tier", "tire", "brag", "grab", "grit", "girt",
               "bite", "biter", "tiger", "bigger", "gibe", "giber", "barge", "garb", "great",
               "grate", "bigot"]


def _small_lexicon() -> Lexicon:
    return Lexicon("small", *build_tries(sorted(set(SMALL_WORDS))))


def _every_raise(last: WordSet, lexicon: Lexicon, tile_set: TileSet, most: int = 3):
    """Every legal raise of at most ``most`` words the tile set can hold."""
    words = sorted(set(SMALL_WORDS)) + [x.lower() for x in LETTERS if tile_set.counts[x]]
    for n in range(1, most + 1):
        for combo in itertools.combinations_with_replacement(words, n):
            ws = WordSet(combo)
            if ws.shape > last.shape and all(ws.letters[x] <= tile_set.counts[x]
                                             for x in ws.letters):
                yield ws


@pytest.mark.parametrize("mine,hidden,last", [("AB", 3, "bag"), ("E", 5, "tea"),
                                              ("GI", 4, "big, a"), ("", 6, "at"),
                                              ("RT", 2, "tier"), ("T", 7, "a"),
                                              ("BIG", 5, "giber"), ("EE", 6, "bag, a")])
def test_the_safest_raise_is_the_likeliest_of_every_raise_of_a_small_lexicon(mine, hidden,
                                                                             last):
    lexicon = _small_lexicon()
    view = LettersView.read(mine, hidden, tile_set=TINY, lexicon=lexicon)
    last = WordSet.parse(last)
    best = max(view.exists(ws).value for ws in _every_raise(last, lexicon, TINY))
    found = safest_raises(view, last, limit=3)
    if best == 0:  # no raise can exist among these tiles: none is suggested (call instead)
        assert found == []
    else:
        assert found[0].chance.value == best


@pytest.mark.parametrize("mine,hidden,last", [("ABE", 9, "bigger, a"), ("XJ", 20, "jinx, ox")])
def test_the_safest_raise_is_as_likely_as_every_longer_single_word_of_twl06(twl, mine, hidden,
                                                                         last):
    """Brute force over the single-word raises the search looks at (one and two letters
    longer): the exact chance of every word my tiles and the hidden ones could make."""
    view = LettersView.read(mine, hidden, lexicon=twl)
    last = WordSet.parse(last)
    index = twl.index
    rack = pack({x: min(31, view.mine.counts.get(x, 0) + min(view.pool[x], hidden))
                 for x in LETTERS})
    best = max(view.chance_of_letters(Counter(index.key(row).upper())).value
               for length in (last.shape[0] + 1, last.shape[0] + 2)
               for row in index.formable_rows(rack, length, length).tolist())
    assert view.raises(last, limit=1)[0].chance.value >= best > 0


def test_the_search_is_bounded():
    assert MAX_CANDIDATES <= 1000
    view = LettersView.read("ABE", 40)
    many = view.raises("bigger, quiz, a, e, i, o, u, s, t, r", limit=20)
    assert len(many) <= 20


# --- from a game, and bad input ----------------------------------------------------------------

def test_a_players_view_of_a_game_counts_every_other_tile_in_play():
    game = LettersGame(["ann", "bob", "cy"], tiles={"ann": 2, "bob": 3, "cy": 1})
    view = LettersView.of_player(game, "bob", "QIZ")
    assert view.hidden == 3 and str(view.mine) == "IQZ"
    with pytest.raises(InvalidInput, match="bob holds 3 tiles, not 2"):
        LettersView.of_player(game, "bob", "QI")


@pytest.mark.parametrize("mine,hidden,declared,error,message", [
    ("AB7", 9, "big", InvalidTile, "'7' is not a letter tile"),
    ("ABE", -1, "big", InvalidInput, "the number of hidden tiles cannot be negative: -1"),
    ("ABE", "nine", "big", InvalidInput, ("the number of hidden tiles must be a whole "
                                          "number, not 'nine'")),
    ("ABE", 2.5, "big", InvalidInput, "must be a whole number, not 2.5"),
    ("ABE", True, "big", InvalidInput, "must be a whole number, not True"),
    ("ABE", 96, "big", TooManyTiles, ("96 hidden tiles, but the scrabble set has only 95 "
                                      "besides yours")),
    ("QQ", 3, "big", TooManyTiles, "2 Q's, but the scrabble set has only 1"),
    ("ABE", 9, "b1g", InvalidWordSet, "'b1g' has '1'"),
])
def test_bad_input_gets_one_clear_error(mine, hidden, declared, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(")) as caught:
        letters_odds(mine, hidden, declared)
    assert caught.value.field == {InvalidWordSet: "declared", InvalidTile: "mine"}.get(
        error, caught.value.field)


def test_the_answer_refuses_unknown_and_missing_fields():
    with pytest.raises(InvalidInput, match="unknown field"):
        answer({"mine": "ABE", "hidden": 9, "declared": "big", "hiden": 3})
    with pytest.raises(InvalidInput, match="needs hidden"):
        answer({"mine": "ABE", "declared": "big"})
    with pytest.raises(InvalidInput, match="at most 20 suggestions"):
        answer({"mine": "ABE", "hidden": 9, "declared": "big", "limit": 21})
