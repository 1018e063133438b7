"""Counting and listing every set of the highest shape, against a brute force."""

import itertools
import random
from collections import Counter

import pytest

from solver.search.alternatives import highest_sets
from solver.search.reference import brute_force_highest, candidate_alphagrams
from solver.words.tiles import SCRABBLE


def all_best_sets(letters, lexicon):
    """Every distinct spelled word set of the highest shape, by plain enumeration."""
    shape, _ = brute_force_highest(letters, lexicon)
    words = [w for a in candidate_alphagrams(letters, lexicon) for w in lexicon.anagrams(a)]
    found = set()
    parts = [n for n in shape if n >= 2]
    for combo in itertools.product(*[[w for w in words if len(w) == n] for n in parts]):
        if not Counter("".join(combo)) - Counter(letters.lower()):
            rest = Counter(letters.lower()) - Counter("".join(combo))
            found.add(tuple(sorted(combo)) + tuple(sorted(rest.elements())))
    return shape, found


def test_abegirr(twl):
    alts = highest_sets("ABEGIRR", twl, limit=10)
    assert alts.shape == (5, 2) and alts.count == 4 and alts.complete
    assert [str(s) for s in alts.sets] == ["giber, ar", "brier, ag", "rerig, ab", "rerig, ba"]


@pytest.mark.parametrize("seed", range(40))
def test_count_and_listing_match_a_brute_force(seed, twl):
    rng = random.Random(seed)
    bag = "".join(k * n for k, n in SCRABBLE.counts.items())
    letters = "".join(rng.sample(bag, rng.randint(2, 8)))
    shape, expected = all_best_sets(letters, twl)
    alts = highest_sets(letters, twl, limit=1000)
    assert alts.shape == shape
    assert alts.count == len(expected)
    listed = {tuple(sorted(w for w in s if len(w) > 1)) + tuple(sorted(w for w in s if len(w) == 1))
              for s in alts.sets}
    assert listed == expected


def test_no_tiles_and_no_words(twl):
    assert highest_sets("", twl).count == 0
    alts = highest_sets("QZX", twl)
    assert alts.count == 1 and [list(s) for s in alts.sets] == [["q", "x", "z"]]


def test_an_enumeration_cut_short_still_reports_the_searchs_set(twl, monkeypatch):
    import solver.search.alternatives as alternatives
    monkeypatch.setattr(alternatives, "MAX_COMBINATIONS", 0)   # stop at the first set found...
    alts = highest_sets("ABEGIRR", twl)
    assert not alts.complete and alts.count >= 1
    # ...and with no time at all, the search's own set stands in.
    alts = highest_sets("ABEGIRR", twl, budget=0)
    assert alts.count >= 1 and alts.sets and alts.sets[0].shape == alts.shape
