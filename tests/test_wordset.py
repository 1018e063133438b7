"""Word sets: parsing, shape, ranking (the rule text's examples) and existence."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver import Tiles, WordSet, compare
from solver.errors import InvalidWordSet, LimitExceeded

ws = WordSet.parse


@pytest.mark.parametrize("higher, lower", [
    ("bigger", "big, g, er"), ("big", "it, is, so"), ("i, c, d, big, b", "c, d, big, b"),
    ("big, big", "it, is, so, big"), ("big, a", "big")])
def test_rule_text_examples(higher, lower):
    assert ws(higher) > ws(lower) and ws(lower) < ws(higher)
    assert compare(ws(higher), ws(lower)) == 1 and compare(ws(lower), ws(higher)) == -1


def test_equal_shapes_rank_equal():
    a, b = ws("bigger, b"), ws("larger, b")
    assert compare(a, b) == 0 and a.ranks_equal(b) and a <= b and a >= b
    assert a != b and not a > b and not a < b


def test_parse_forms():
    assert ws("big, g, er") == ws(["big", "g", "er"]) == ws("BIG G ER") == ws(["big g", "er"])
    assert ws("big, g, er").shape == (3, 2, 1)
    assert str(ws("g, big, er")) == "big, er, g"
    assert ws("big,big").words == ("big", "big")   # a multiset keeps duplicates
    assert ws("big;g+er") == ws("big g er")         # semicolons and plus signs separate too


@pytest.mark.parametrize("said, listed", [
    ("brier and ag", "brier, ag"), ("BRIER AND AG", "brier, ag"), ("bigger, big and g",
    "bigger, big, g"), (["brier and ag"], "brier, ag"), ("a and b and c", "a, b, c")])
def test_and_between_two_words_joins_them(said, listed):
    """A set is said as a list is: "brier and ag" is BRIER and AG, not three words."""
    assert str(ws(said)) == listed


@pytest.mark.parametrize("value, listed", [
    ("and", "and"), ("big, and, g", "and, big, g"), ("and ag", "and, ag"),
    ("brier and", "brier, and"), (["brier", "and", "ag"], "brier, and, ag"),
    ("brier and, ag", "brier, and, ag"), ("sand and", "sand, and")])
def test_the_word_and_set_apart_is_a_word(value, listed):
    assert str(ws(value)) == listed


def test_the_judge_reads_a_play_as_typed():
    """Only a declaration reads the joining "and": the word judge judges every word typed."""
    from solver import load_lexicon
    assert load_lexicon().judge("brier and ag") and not load_lexicon().judge("brier and zzxq")
    assert ws("brier and ag").words == ("brier", "ag")


@pytest.mark.parametrize("value, message", [
    ("", "at least one word"), ([], "at least one word"), (" , ", "at least one word"),
    ("don't", "\"don't\" has \"'\""), ("b1g", "'b1g' has '1'"), (5, "a word set is a string"),
    ([1, "a"], "each word must be a string")])
def test_parse_errors_name_the_problem(value, message):
    with pytest.raises(InvalidWordSet, match=message):
        ws(value)


def test_limits():
    with pytest.raises(LimitExceeded, match="at most 100 words"):
        ws(["a"] * 101)
    with pytest.raises(LimitExceeded, match="at most 40 letters; one has 41"):
        ws("a" * 41)


def test_exists(twl):
    tiles = Tiles.parse("ABEGIRR")
    assert ws("giber, ar").exists(tiles, twl)
    assert ws("r, r, a").exists(tiles, twl)           # single letters always count
    assert not ws("bigger").exists(tiles, twl)         # needs two G's
    assert not ws("big, bar").exists(tiles, twl)       # one B serves one word only
    assert not ws("rbgie").exists(tiles, twl)          # letters fit, but not a word
    assert ws("bigger").invalid_words(twl) == []
    assert ws("rbgie, ar").invalid_words(twl) == ["rbgie"]


words = st.lists(st.text("abcdefg", min_size=1, max_size=6), min_size=1, max_size=6)


@given(words, words)
def test_ranking_is_the_python_list_comparison_of_the_rule_text(xs, ys):
    def lengths(zs):
        return sorted(map(len, zs), reverse=True)
    assert (ws(xs) > ws(ys)) == (lengths(xs) > lengths(ys))
    assert compare(ws(xs), ws(ys)) == -compare(ws(ys), ws(xs))


@given(words)
def test_format_parse_round_trip(xs):
    assert ws(str(ws(xs))) == ws(xs)


@pytest.mark.parametrize("text, bad", [("\u212ai", "'\u212a'"), ("café", "'é'")])
def test_only_ascii_letters_make_words(text, bad, twl):
    with pytest.raises(InvalidWordSet, match=bad):
        ws(text)
    assert not twl.is_word(text) and text not in twl
