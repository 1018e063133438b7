"""Big racks: the packing queries, the hand-over from the layers, and the bounds.

* solver/search/packing.py against an exhaustive enumeration of packings on small
  racks (many random queries, all lexicons, both tile sets);
* the search forced through the packing queries from its first layers on
  equals the layered search (shape) and the brute force, on many racks;
* racks whose highest shape is known by construction (disjoint 15-letter
  words plus chosen leftovers), including the full Scrabble bag, whose shape
  is pinned by the letter-count bound and a set that reaches it;
* bounds: lower (the set returned) <= exact <= upper on random racks with tiny
  budgets, and the letter-count bound is never below the exact shape.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from test_search import assert_valid  # noqa: E402  (tests/ is on sys.path under pytest)

import solver.search.layered as search_module
import solver.search.settle as settle_module
from solver.search import highs
from solver.search.bounds import counts_of, shape_bound, tile_counts
from solver.search.kernels.relaxation import column_generation
from solver.search.layered import search
from solver.search.packing import Packer
from solver.search.reference import brute_force_highest, candidate_alphagrams
from solver.words.lexicon import load_lexicon
from solver.words.tiles import BANANAGRAMS, SCRABBLE, parse_tiles

LEXICONS = ["twl06", "sowpods", "csw19"]
# The full Scrabble bag (TWL06) as six 15-letter words and one 8-letter word,
# found by solver/search/packing.py (query: six 15s, then an 8 in what they leave).
BAG_SET = ["overhomogenized", "prefiguratively", "archaeopteryxes", "quantifications",
           "unknowledgeable", "adjustabilities", "moonward"]

# The whole Bananagrams bag (TWL06) as nine 15-letter words and one 9-letter word,
# found by the search itself (solver/search/layered.py, no budget).
BANANAGRAMS_SET = ["adjustabilities", "overcapitalized", "microearthquake", "overexaggerated",
                   "oxyphenbutazone", "grandiloquently", "weatherproofing", "objectivenesses",
                   "immunodiffusion", "awkwardly"]


def _bag(tile_set) -> str:
    return "".join(letter * n for letter, n in sorted(tile_set.counts.items()))


def _packs(cands, have: Counter, lengths: list[int]) -> bool:
    """Exhaustive: disjoint candidates, one per length in ``lengths``, within ``have``."""
    if not lengths:
        return True
    length, rest = lengths[0], lengths[1:]
    for cand in cands:
        if len(cand) == length:
            need = Counter(cand)
            if all(have[c] >= n for c, n in need.items()) and _packs(cands, have - need, rest):
                return True
    return False


def _random_packers(lexicon, tile_set, rng, columns, sizes, racks=25):
    """(rack, its tiles' counts, candidate rows, a Packer over them, candidate alphagrams)."""
    lex = load_lexicon(lexicon)
    bag = _bag(tile_set)
    for _ in range(racks):
        rack = "".join(rng.sample(bag, rng.randint(*sizes)))
        tiles = parse_tiles(rack, tile_set)
        rows = lex.index.formable_rows(tiles.packed, len(tiles), min_length=2)
        packer = Packer(lex.index.lengths[rows], counts_of(lex.index, rows), columns=columns)
        yield rack, tile_counts(tiles.packed), rows, packer, candidate_alphagrams(rack, lex)


@pytest.mark.parametrize("lexicon, tile_set, seed, columns", [
    ("twl06", SCRABBLE, 1, False), ("sowpods", BANANAGRAMS, 2, False),
    ("csw19", SCRABBLE, 3, False), ("twl06", BANANAGRAMS, 4, False),
    ("twl06", SCRABBLE, 5, True), ("csw19", BANANAGRAMS, 6, True),
])
def test_packing_queries_match_exhaustive_enumeration(lexicon, tile_set, seed, columns):
    """Both ways of solving the relaxation (whole, or by column generation) answer right."""
    lex = load_lexicon(lexicon)
    rng = random.Random(seed)
    answered = {True: 0, False: 0}
    for rack, counts, rows, packer, cands in _random_packers(lexicon, tile_set, rng, columns,
                                                              (6, 11)):
        for _ in range(6):
            main = sorted((rng.randint(2, 6) for _ in range(rng.randint(0, 2))), reverse=True)
            tail = [rng.randint(2, 5) for _ in range(rng.randint(0, 2))]
            want = _packs(cands, Counter(rack.lower()), main + tail)
            # the same question asked with every word packed by letters (no tail):
            # the search's split of its queries (search._split) relies on that
            for ask_main, ask_tail in ((main, tail), (sorted(main + tail, reverse=True), [])):
                got = packer.query(counts, ask_main, ask_tail)
                assert (got is not None) == want, (rack, ask_main, ask_tail)
                if got is not None:  # the packing itself: the right lengths, disjoint, in the rack
                    keys = [lex.index.key(int(rows[i])) for i in got[0] + got[1]]
                    assert sorted(map(len, keys)) == sorted(main + tail)
                    assert not Counter("".join(keys)) - Counter(rack.lower())
            answered[want] += 1
    assert answered[True] and answered[False]


@pytest.mark.parametrize("lexicon, tile_set, seed, columns", [
    ("twl06", SCRABBLE, 7, False), ("csw19", BANANAGRAMS, 8, True),
])
def test_one_of_queries_match_exhaustive_enumeration(lexicon, tile_set, seed, columns):
    """A tail of any of several lengths: yes when one of them packs, and the longest packs."""
    lex = load_lexicon(lexicon)
    rng = random.Random(seed)
    answered = {True: 0, False: 0}
    for rack, counts, rows, packer, cands in _random_packers(lexicon, tile_set, rng, columns,
                                                              (7, 12)):
        for _ in range(6):
            main = sorted((rng.randint(2, 6) for _ in range(rng.randint(0, 2))), reverse=True)
            lengths = sorted(rng.sample(range(2, 8), rng.randint(1, 4)))
            want = any(_packs(cands, Counter(rack.lower()), main + [n]) for n in lengths)
            got = packer.query(counts, main, lengths, one_of=True)
            assert (got is not None) == want, (rack, main, lengths)
            if got is not None:
                words = [lex.index.key(int(rows[i])) for i in got[0]]
                tail = lex.index.key(int(rows[got[1][0]]))
                assert sorted(map(len, words), reverse=True) == main and len(tail) in lengths
                left = Counter(rack.lower()) - Counter("".join(words))
                assert not Counter(tail) - left
                # no packing at all leaves a longer one
                longer = [n for n in lengths if n > len(tail)
                          and _packs(cands, Counter(rack.lower()), main + [n])]
                assert not longer, (rack, words, tail, longer)
            answered[want] += 1
    assert answered[True] and answered[False]


@pytest.mark.parametrize("one_of_up_to", [1, settle_module._ONE_OF_UP_TO, 15])
@pytest.mark.parametrize("lexicon, tile_set, seed", [
    ("twl06", SCRABBLE, 11), ("csw19", BANANAGRAMS, 12), ("sowpods", SCRABBLE, 13),
])
def test_packing_path_equals_layers_and_brute_force(lexicon, tile_set, seed, one_of_up_to,
                                                    monkeypatch):
    """Whichever tails go to one branch-and-bound query (none, the short ones, all),
    the packing path finds the layers' shape."""
    lex = load_lexicon(lexicon)
    rng = random.Random(seed)
    bag = _bag(tile_set)
    sizes = [5, 7, 8, 9, 10] * 2 + [14, 18, 22, 26, 30, 34, 38, 42]  # 38+: one-of queries
    racks = ["".join(rng.sample(bag, n)) for n in sizes]
    layered = [search(parse_tiles(r, tile_set), lex.index, budget=None) for r in racks]
    # every rack now hands over to the packing queries at its first layer of pairs
    monkeypatch.setattr(search_module, "_SMALL_RACK", 0)
    monkeypatch.setattr(search_module, "_MAX_PAIRS_BIG", 0)
    monkeypatch.setattr(settle_module, "_ONE_OF_UP_TO", one_of_up_to)
    settled, one_of_tails = [], []
    run = settle_module.Settle.run
    monkeypatch.setattr(settle_module.Settle, "run", lambda self: settled.append(1) or run(self))
    query = Packer.query

    def spy_query(self, tiles, main, tail, one_of=False):
        if one_of:
            one_of_tails.append(max(tail))
        return query(self, tiles, main, tail, one_of)

    monkeypatch.setattr(Packer, "query", spy_query)
    for rack, want in zip(racks, layered):
        got = search(parse_tiles(rack, tile_set), lex.index, budget=None)
        assert got.proven and got.stopped is None
        assert_valid(got, rack, lex)
        assert got.shape == want.shape, rack
        if len(rack) <= 10:
            assert got.shape == tuple(brute_force_highest(rack, lex)[0]), rack
    assert len(settled) >= len(racks) // 2  # the packing path really ran
    assert all(high <= one_of_up_to for high in one_of_tails), one_of_tails
    if one_of_up_to == 15:
        assert one_of_tails  # the one-of queries really ran


def _construct(words, leftover) -> str:
    return "".join(words).upper() + leftover


@pytest.mark.parametrize("k, leftover, shape", [
    (2, "QI", (15, 15, 2)),                # 32 tiles: the layers
    (4, "QI", (15, 15, 15, 15, 2)),        # 62 tiles: the packing queries
    (4, "JQX", (15, 15, 15, 15, 1, 1, 1)),  # no word in JQX: the rest are letters
])
def test_racks_known_by_construction(twl, k, leftover, shape):
    """k disjoint 15-letter words and a leftover: no 15 more fits the size, so the
    highest is k 15s and then the leftover's best, which these leftovers make plain."""
    rack = _construct(BAG_SET[:k], leftover)
    tiles = parse_tiles(rack, BANANAGRAMS)
    result = search(tiles, twl.index, budget=None)
    assert result.proven and result.shape == shape and result.upper == shape
    assert_valid(result, rack, twl)
    assert shape_bound(tiles, twl.index) >= shape


def test_the_full_scrabble_bag_is_six_fifteens_and_an_eight(twl):
    """The set exists among the whole bag, and the letter-count bound (no seventh
    15-letter word fits 98 tiles) says nothing can beat its shape: it is the highest."""
    bag = _bag(SCRABBLE)
    assert all(word in twl for word in BAG_SET)
    assert Counter("".join(BAG_SET).upper()) == Counter(bag)
    shape = tuple(sorted(map(len, BAG_SET), reverse=True))
    assert shape == (15, 15, 15, 15, 15, 15, 8)
    assert shape_bound(parse_tiles(bag), twl.index) == shape


def test_the_full_bananagrams_bag_is_nine_fifteens_and_a_nine(twl):
    """The set exists among the 144 tiles, and no tenth 15 fits (150 > 144), so after
    nine 15s the nine tiles left are one word at best: nothing beats its shape."""
    bag = _bag(BANANAGRAMS)
    assert all(word in twl for word in BANANAGRAMS_SET)
    assert Counter("".join(BANANAGRAMS_SET).upper()) == Counter(bag)
    shape = tuple(sorted(map(len, BANANAGRAMS_SET), reverse=True))
    assert shape == (15,) * 9 + (9,)
    assert shape_bound(parse_tiles(bag, BANANAGRAMS), twl.index) == shape


def test_a_letter_count_bounds_the_answer(twl):
    """Nine 15-letter words' worth of tiles but almost no vowels: the bound sees it."""
    rack = "BCDFGHKLMNPRSTVWXZ" * 2 + "AE"
    tiles = parse_tiles(rack, BANANAGRAMS)
    bound = shape_bound(tiles, twl.index)
    exact = search(tiles, twl.index, budget=None)
    assert exact.proven and exact.shape <= bound
    assert bound[0] < 15 and sum(bound) == len(rack)
    nothing = parse_tiles("QZJXV")  # no word at all: the bound is the answer
    assert shape_bound(nothing, twl.index) == search(nothing, twl.index).shape == (1,) * 5


@pytest.mark.parametrize("lexicon, tile_set, seed", [
    ("twl06", SCRABBLE, 21), ("sowpods", BANANAGRAMS, 22), ("csw19", SCRABBLE, 23),
])
def test_bounds_hold_on_tiny_budgets(lexicon, tile_set, seed):
    lex = load_lexicon(lexicon)
    rng = random.Random(seed)
    bag = _bag(tile_set)
    stopped = 0
    for n in (12, 20, 28, 34, 40, 40):
        rack = "".join(rng.sample(bag, n))
        tiles = parse_tiles(rack, tile_set)
        exact = search(tiles, lex.index, budget=None)
        assert exact.proven and exact.upper == exact.shape
        assert shape_bound(tiles, lex.index) >= exact.shape
        for budget in (0.0, 1e-4, 1e-3, 1e-2):
            got = search(tiles, lex.index, budget=budget)
            assert_valid(got, rack, lex)
            assert got.shape <= exact.shape <= got.upper, (rack, budget)
            if not got.proven:
                stopped += 1
                assert got.stopped == "budget"
    assert stopped


def test_bounds_hold_on_the_packing_path_with_tiny_budgets(twl, monkeypatch):
    """Forced through the packing queries (column generation on) from the first
    layer, a search stopped at any point still answers lower <= exact <= upper."""
    rng = random.Random(24)
    bag = _bag(SCRABBLE)
    racks = ["".join(rng.sample(bag, n)) for n in (14, 20, 26, 32, 38)]
    exact = [search(parse_tiles(r, SCRABBLE), twl.index, budget=None) for r in racks]
    monkeypatch.setattr(search_module, "_SMALL_RACK", 0)
    monkeypatch.setattr(search_module, "_MAX_PAIRS_BIG", 0)
    stopped = 0
    for rack, want in zip(racks, exact):
        tiles = parse_tiles(rack, SCRABBLE)
        for budget in (0.0, 1e-3, 5e-3, 2e-2, None):
            got = search(tiles, twl.index, budget=budget)
            assert_valid(got, rack, twl)
            assert got.shape <= want.shape <= got.upper, (rack, budget)
            if got.proven:
                assert got.shape == want.shape == got.upper
            else:
                stopped += 1
    assert stopped


def test_bounds_hold_on_big_racks_out_of_time(twl):
    rng = random.Random(31)
    for tile_set, n in ((SCRABBLE, 70), (SCRABBLE, 98), (BANANAGRAMS, 120), (BANANAGRAMS, 144)):
        rack = "".join(rng.sample(_bag(tile_set), n))
        tiles = parse_tiles(rack, tile_set)
        got = search(tiles, twl.index, budget=0.05)
        assert_valid(got, rack, twl)
        assert got.stopped in (None, "budget")
        assert got.shape <= got.upper <= shape_bound(tiles, twl.index) or got.proven
        assert sum(got.upper) == n


@pytest.mark.parametrize("columns", [False, True])
def test_letter_weighting_cut_changes_no_answer(twl, monkeypatch, columns):
    """The packing queries answer alike with and without the relaxation's letter weights
    (the cut only removes states that no packing passes through), and the cut does fire;
    whether the relaxation is solved whole or by column generation."""
    import solver.search.packing as packing
    rng = random.Random(41)
    bag = _bag(SCRABBLE)
    cases = []
    for n in (20, 26, 32):
        rack = "".join(rng.sample(bag, n))
        tiles = parse_tiles(rack, SCRABBLE)
        rows = twl.index.formable_rows(tiles.packed, len(tiles), min_length=2)
        for main, tail in (([7, 7], 6), ([8, 6], 5), ([6, 6, 6], [4, 3]), ([9], 9)):
            cases.append((tiles, rows, main, tail))

    def answers():
        got, relaxed = [], 0
        for tiles, rows, main, tail in cases:
            packer = Packer(twl.index.lengths[rows], counts_of(twl.index, rows), columns=columns)
            found = packer.query(tile_counts(tiles.packed), main, tail)
            got.append(found is not None)
            relaxed += packer.relaxations
            if found is not None:
                used = Counter("".join(twl.index.key(int(rows[i])) for i in found[0] + found[1]))
                assert not used - Counter(str(tiles).lower())
        return got, relaxed

    with_cut, relaxed = answers()
    if not highs.available() and not columns:
        pytest.skip("scipy is not installed: the whole relaxation is not used")
    assert relaxed and True in with_cut and False in with_cut
    # no letter weighting at all (none kept, none solved for), and no branch order from it
    monkeypatch.setattr(packing.Packer, "_relax", lambda self, tiles, want, binned, act, tails:
                        (np.zeros(0), np.zeros(len(act)), np.inf))
    without, none = answers()
    assert none == 0 and without == with_cut


def test_column_generation_reaches_the_whole_relaxation(twl):
    """Solved by column generation, the relaxation's optimum is the whole relaxation's
    (the columns left out could not improve it), on many random packing states."""
    import solver.search.packing as packing
    if not highs.direct():
        pytest.skip("scipy's HiGHS is not available")
    rng = random.Random(51)
    bag = _bag(BANANAGRAMS)
    compared = 0
    for n in (30, 45, 60, 75):
        for _ in range(4):
            tiles = parse_tiles("".join(rng.sample(bag, n)), BANANAGRAMS)
            rows = twl.index.formable_rows(tiles.packed, len(tiles), min_length=2)
            packer = Packer(twl.index.lengths[rows], counts_of(twl.index, rows), columns=True)
            lengths = packer.lengths
            # groups: a few wanted lengths (each a run of rows), as the search builds them
            wanted = sorted(rng.sample(sorted(set(lengths.tolist()) - {2}), 2), reverse=True)
            starts, parts = [], []
            for length in wanted:
                block = np.flatnonzero(lengths == length)
                starts.append(sum(len(p) for p in parts))
                parts.append(block)
            words = np.concatenate(parts)
            counts = packer.exact[words]
            starts = np.array(starts)
            sizes = np.array([rng.randint(1, 3) for _ in wanted])
            cap = tile_counts(tiles.packed)
            whole = highs.whole_relaxation(counts, starts, sizes, cap)
            solved, *generated = column_generation(
                words, *packer._spelled, starts, sizes, cap.astype(np.int64),
                np.ones(26), packing._COLUMNS, packing._COLUMNS, packing._ROUNDS,
                float(packing._SCALE))
            if whole is None or not solved:
                continue
            # fewer columns never raise the optimum; it stops short of the whole one
            # only below 1, with a y that proves the cut (so the whole one is below 1 too)
            assert generated[0] <= whole[0] + 1e-6
            if generated[0] < 1.0:
                assert whole[0] < 1.0 + 1e-6
            else:
                assert abs(generated[0] - whole[0]) <= 1e-6 * (1 + whole[0])
                compared += 1
    assert compared >= 4
