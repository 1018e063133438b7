"""The compiled loops compute what their numpy counterparts compute."""

import random

import numpy as np
import pytest

import solver.search.layered as search_module
from solver.search import remainders
from solver.search.kernels.bits import any_bit, field_max, fits, guarded_lanes, held_fields
from solver.search.kernels.layers import lane_max, unique_triples
from solver.search.kernels.relaxation import (
    lightest,
    reduced_costs,
    rounded_proves,
    rounded_weighting,
    spelled,
)
from solver.search.kernels.simplex import add_column, simplex, tableau
from solver.search.kernels.walk import (
    branch_cuts,
    fit_table,
    fitting,
    next_child,
    tails_left,
    weighting_proves,
    word_groups,
)
from solver.search.layered import search
from solver.words.lexicon import load_lexicon
from solver.words.tiles import TILE_SETS, parse_tiles


@pytest.mark.parametrize("n, distinct, seed", [(1, 1, 0), (50, 7, 1), (20_000, 15_000, 2),
                                               (5000, 5000, 3)])
def test_unique_triples_merges_exactly_the_equal_triples(n, distinct, seed):
    rng = np.random.default_rng(seed)
    pool = rng.integers(0, 2**63, size=(3, distinct), dtype=np.uint64)
    pick = rng.integers(0, distinct, size=n)
    a, b, c = (pool[k][pick] for k in range(3))
    keep, inverse = unique_triples(a, b, c)
    triples = set(zip(a.tolist(), b.tolist(), c.tolist()))
    assert len(keep) == len(triples)
    # each triple maps to a kept triple equal to it, and kept triples are distinct
    assert (a[keep][inverse] == a).all() and (b[keep][inverse] == b).all()
    assert (c[keep][inverse] == c).all()
    assert len(set(zip(a[keep].tolist(), b[keep].tolist(), c[keep].tolist()))) == len(keep)


def test_unique_triples_numbers_in_order_of_first_appearance():
    """Triples one lane apart stay apart; numbers follow first appearances (deterministic)."""
    a = np.array([1, 2, 1, 2], dtype=np.uint64)
    b = np.array([0, 0, 0, 0], dtype=np.uint64)
    c = np.array([5, 5, 6, 5], dtype=np.uint64)
    keep, inverse = unique_triples(a, b, c)
    assert inverse.tolist() == [0, 1, 2, 1] and keep.tolist() == [0, 1, 2]


def test_lane_max_is_the_field_wise_maximum():
    rng = np.random.default_rng(4)
    fields = rng.integers(0, 32, size=(1000, 9))
    lane = (fields.astype(np.uint64) << (np.arange(9, dtype=np.uint64) * np.uint64(6))).sum(
        axis=1, dtype=np.uint64)
    top = fields.max(axis=0)
    assert int(lane_max(lane)) == sum(int(v) << (6 * i) for i, v in enumerate(top))


def test_field_max_and_held_fields():
    """The packed lanes' field-wise maximum, and a 1 in each field that is not zero."""
    rng = np.random.default_rng(18)
    a, b = rng.integers(0, 32, size=(2, 500, 9))
    shifts = np.arange(9, dtype=np.uint64) * np.uint64(6)
    pa, pb, pm = ((f.astype(np.uint64) << shifts).sum(axis=1, dtype=np.uint64)
                  for f in (a, b, np.maximum(a, b)))
    ph = ((a > 0).astype(np.uint64) << shifts).sum(axis=1, dtype=np.uint64)
    assert [int(field_max(x, y)) for x, y in zip(pa, pb)] == pm.tolist()
    assert [int(held_fields(x)) for x in pa] == ph.tolist()


def _packed(counts):
    """Packed lanes (nine 6-bit letter fields each) of an (n, 26) count array."""
    shifts = np.arange(9, dtype=np.uint64) * np.uint64(6)
    wide = np.zeros((len(counts), 27), dtype=np.uint64)
    wide[:, :26] = counts
    return [(wide[:, 9 * k:9 * k + 9] << shifts).sum(axis=1, dtype=np.uint64) for k in range(3)]


@pytest.mark.parametrize("seed", [5, 6])
def test_fits_is_the_letter_count_comparison(seed):
    """Every letter's field, and counts up to the 31 a field holds, decide the fit."""
    rng = np.random.default_rng(seed)
    words = rng.integers(0, 4, size=(400, 26))
    words[rng.random((400, 26)) < 0.8] = 0
    words[:5] = 0
    words[np.arange(5), rng.integers(0, 26, 5)] = 31  # a full field
    lanes = _packed(words)
    for _ in range(20):
        cap = rng.integers(0, 4, size=26).astype(np.int16)
        cap[rng.integers(0, 26)] = 31
        some = rng.choice(len(words), size=150, replace=False)
        guarded = guarded_lanes(cap)
        assert [fits(*guarded, *lanes, w) for w in some] == \
            (words[some] <= cap).all(axis=1).tolist()


def _cuts_by_numpy(act, want, tiles, free, counts, lengths, vowels, is_vowel):
    """The packing search's cheap cuts written plainly (what branch_cuts compiles)."""
    act = act[want[lengths[act]] > 0]
    act = act[(counts[act] <= tiles).all(axis=1)]
    if not len(act):
        return act, -1
    usable = np.zeros(26, dtype=np.int64)
    need_vowels = need_others = 0
    for length in np.flatnonzero(want):
        block = act[lengths[act] == length]
        if not len(block):
            return act, -1
        usable += want[length] * counts[block].max(axis=0)
        need_vowels += want[length] * vowels[block].min()
        need_others += want[length] * (length - vowels[block].max())
    over = tiles - usable
    held_vowels = tiles[is_vowel].sum()
    if over[over > 0].sum() > free or need_vowels > held_vowels or \
            need_others > tiles.sum() - held_vowels:
        return act, -1
    spread = (counts[act] > 0).sum(axis=0)
    spread[tiles <= 0] = 1 << 30
    return act, int(np.argmin(spread))


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_branch_cuts_are_the_plain_cuts(seed):
    """Kept words, empty states and the branching letter, as the plain numpy cuts give them."""
    rng = np.random.default_rng(seed)
    n_words = 300
    counts = np.zeros((n_words, 26), dtype=np.int16)
    letters = rng.integers(0, 26, size=(n_words, 6))
    for w in range(n_words):
        np.add.at(counts[w], letters[w, :rng.integers(2, 7)], 1)
    lengths = counts.sum(axis=1).astype(np.int64)
    is_vowel = np.array([c in "aeiou" for c in "abcdefghijklmnopqrstuvwxyz"])
    vowels = counts[:, is_vowel].sum(axis=1).astype(np.int64)
    lanes = _packed(counts)
    outcomes = set()
    for _ in range(600):
        tiles = rng.integers(0, 3, size=26).astype(np.int16)
        if rng.random() < 0.5:  # few vowels, or few others: the letter-group cuts' edges
            tiles[is_vowel if rng.random() < 0.5 else ~is_vowel] //= 2
        want = np.zeros(7, dtype=np.int64)
        want[rng.choice(np.arange(2, 7), size=rng.integers(1, 3), replace=False)] = \
            rng.integers(1, 3)
        act = np.sort(rng.choice(n_words, size=rng.integers(0, n_words), replace=False))
        free = int(rng.integers(0, 8))
        got_act, got_x = branch_cuts(act, want, tiles, free, lengths, vowels, is_vowel,
                                     *lanes)
        want_act, want_x = _cuts_by_numpy(act, want, tiles, free, counts, lengths, vowels,
                                          is_vowel)
        assert got_x == want_x
        if want_x >= 0:
            assert got_act.tolist() == want_act.tolist()
        outcomes.add(want_x >= 0)
    assert outcomes == {True, False}  # both a cut and a branch were met


def test_branch_cuts_count_letters_that_many_words_hold():
    """192 words hold "a" and "b", 8 each of the other letters: the branching letter is "c"
    (counts past a packed field's 63 must not wrap to 0)."""
    counts = np.zeros((192, 26), dtype=np.int16)
    counts[:, :2] = 1
    counts[np.arange(192), 2 + np.arange(192) % 24] = 1
    lengths = counts.sum(axis=1).astype(np.int64)
    is_vowel = np.array([c in "aeiou" for c in "abcdefghijklmnopqrstuvwxyz"])
    vowels = counts[:, is_vowel].sum(axis=1).astype(np.int64)
    want = np.zeros(4, dtype=np.int64)
    want[3] = 1
    tiles = np.full(26, 30, dtype=np.int16)
    act = np.arange(192)
    got_act, got_x = branch_cuts(act, want, tiles, 800, lengths, vowels, is_vowel,
                                 *_packed(counts))
    assert (got_act.tolist(), got_x) == (act.tolist(), 2)
    assert _cuts_by_numpy(act, want, tiles, 800, counts, lengths, vowels, is_vowel)[1] == 2


def restricted_relaxation(counts, group, sizes, cap):
    """The simplex of column generation on fixed columns: (solved, most t, x, letter duals y),
    built from the same parts (a tableau, its word columns, the pivots)."""
    k = len(counts)
    letters, amounts = spelled(counts.astype(np.int16))
    tab, rhs, basic, reduced = tableau(sizes, cap, k)
    m = tab.shape[0]
    for j in range(k):
        add_column(tab, reduced, 1 + m + j, letters, amounts, j, group[j])
    solved, most = simplex(tab, rhs, basic, reduced, 1 + m + k)
    x = np.zeros(k)
    for i in range(m):
        if basic[i] >= 1 + m:
            x[basic[i] - 1 - m] = rhs[i]
    return solved, most, x, reduced[1:27]


@pytest.mark.parametrize("seed", [10, 11])
def test_restricted_relaxation_is_the_linear_program(seed):
    """The compiled simplex's optimum is scipy's, its solution is feasible, and its letter
    duals price the caps at the optimum (what the packing search's certificates come from)."""
    from scipy.optimize import linprog
    rng = np.random.default_rng(seed)
    for _ in range(60):
        k, n_groups = int(rng.integers(1, 60)), int(rng.integers(1, 4))
        counts = np.zeros((k, 26))
        for w in range(k):
            np.add.at(counts[w], rng.integers(0, 26, size=int(rng.integers(2, 16))), 1)
        group = np.sort(rng.integers(0, n_groups, size=k))
        sizes = rng.integers(1, 4, size=n_groups).astype(np.float64)
        cap = rng.integers(0, 5, size=26).astype(np.float64)
        solved, most, x, y = restricted_relaxation(counts, group, sizes, cap)
        # the same program for scipy: variables t, then x; maximise t
        a_ub = np.zeros((26 + n_groups, 1 + k))
        a_ub[:26, 1:] = counts.T
        a_ub[26 + np.arange(n_groups), 0] = sizes
        a_ub[26 + group, 1 + np.arange(k)] = -1.0
        b_ub = np.concatenate([cap, np.zeros(n_groups)])
        want = linprog(np.eye(1 + k)[0] * -1, A_ub=a_ub, b_ub=b_ub, method="highs")
        assert solved and want.status == 0
        assert abs(most - -want.fun) <= 1e-7 * (1 + abs(want.fun))
        assert (x >= -1e-9).all() and (counts.T @ x <= cap + 1e-7).all()
        for g in range(n_groups):
            assert x[group == g].sum() >= sizes[g] * most - 1e-7
        assert (y >= -1e-9).all() and abs(cap @ y - most) <= 1e-7 * (1 + most)


def _groups_by_numpy(lengths, n_main, one_of, want, tail):
    """The letter-weighting cut's groups written plainly (what word_groups compiles)."""
    starts = np.flatnonzero(np.diff(lengths, prepend=-1) != 0)
    if one_of:  # the tail is one group: one word, of any of its lengths
        starts = starts[starts < n_main]
    starts = np.union1d(starts, [n_main]) if len(lengths) > n_main else starts
    sizes = [want[lengths[lo]] if lo < n_main else 1 if one_of else tail.count(lengths[lo])
             for lo in starts.tolist()]
    return starts.tolist(), sizes


@pytest.mark.parametrize("one_of", [False, True])
def test_word_groups_are_the_plain_groups(one_of):
    """Main runs, then the tail as one group or a group per length (a tail length may equal
    the last main one: still its own group)."""
    rng = np.random.default_rng(12)
    for _ in range(300):
        main = np.sort(rng.integers(2, 16, size=int(rng.integers(1, 30))))[::-1]
        tail_lengths = sorted(set(rng.integers(2, 16, size=int(rng.integers(0, 4))).tolist()),
                              reverse=True)
        tail = [n for n in tail_lengths for _ in range(int(rng.integers(1, 3)))]
        tails = np.sort(rng.choice(tail_lengths, size=int(rng.integers(1, 20))))[::-1] \
            if tail_lengths else np.zeros(0, dtype=np.int64)
        lengths = np.concatenate([main, tails]).astype(np.int64)
        want = np.zeros(16, dtype=np.int64)
        want[np.unique(main)] = rng.integers(1, 4, size=len(np.unique(main)))
        tail_want = np.bincount(np.array(tail, dtype=np.int64), minlength=16)
        starts, sizes = word_groups(lengths, len(main), one_of, want, tail_want)
        assert (starts.tolist(), sizes.tolist()) == \
            _groups_by_numpy(lengths, len(main), one_of, want, tail)


def _tails_by_numpy(tails, tiles, binned, room, spare, low, lengths, counts):
    """The tail words still possible, written plainly (what tails_left compiles)."""
    tails = tails[(counts[tails] <= tiles + binned).all(axis=1)]
    if spare and binned.any():
        used = counts[tails][:, binned > 0].sum(axis=1)
        tails = tails[int(binned.sum()) - used <= room - lengths[tails]]
    return tails[lengths[tails] >= low]


@pytest.mark.parametrize("seed", [13, 14])
def test_tails_left_are_the_plain_tails(seed):
    """Fit to the bin, the one-of bound and the settled tiles' room, as numpy gives them."""
    rng = np.random.default_rng(seed)
    n_words = 200
    counts = np.zeros((n_words, 26), dtype=np.int16)
    for w in range(n_words):
        np.add.at(counts[w], rng.integers(0, 26, size=int(rng.integers(2, 8))), 1)
    lengths = counts.sum(axis=1).astype(np.int64)
    lanes = _packed(counts)
    sizes = set()
    for _ in range(400):
        tiles = rng.integers(0, 3, size=26).astype(np.int16)
        binned = np.where(rng.random(26) < 0.2, rng.integers(0, 3, size=26), 0).astype(np.int16)
        tiles[binned > 0] = 0  # a settled letter has no unplaced tiles left
        tails = np.sort(rng.choice(n_words, size=int(rng.integers(0, n_words)), replace=False))
        room, low = int(rng.integers(0, 12)), int(rng.integers(0, 6))
        spare = bool(rng.random() < 0.7)
        got = tails_left(tails, tiles, binned, room, spare, low, lengths, counts, *lanes)
        want = _tails_by_numpy(tails, tiles, binned, room, spare, low, lengths, counts)
        assert got.tolist() == want.tolist()
        sizes.add(len(want) > 0)
    assert sizes == {True, False}


def _random_words(rng, n_words, most_letters, every_a=False):
    """(counts, lengths, lanes, vowels) of random words, in row order (longest first);
    ``every_a``: each also holds an "a" (so that weighting "a" alone can empty states)."""
    counts = np.zeros((n_words, 26), dtype=np.int16)
    for w in range(n_words):
        np.add.at(counts[w], rng.integers(0, 26, size=int(rng.integers(2, most_letters))), 1)
    counts[:, 0] += every_a
    counts = counts[np.argsort(-counts.sum(axis=1), kind="stable")]
    lengths = counts.sum(axis=1).astype(np.int64)
    vowels = counts[:, _IS_VOWEL].sum(axis=1).astype(np.int64)
    return counts, lengths, _packed(counts), vowels


_IS_VOWEL = np.array([c in "aeiou" for c in "abcdefghijklmnopqrstuvwxyz"])


def test_fitting_is_the_letter_count_comparison():
    """The bitset tables list, in order, exactly the words that fit smaller counts."""
    rng = np.random.default_rng(19)
    counts, _, _, _ = _random_words(rng, 400, 12)
    for _ in range(100):
        cap = rng.integers(0, 5, size=26).astype(np.int16)
        words = np.flatnonzero((counts <= cap).all(axis=1))
        words = words[rng.random(len(words)) < 0.8]
        table = fit_table(words, counts, cap)
        smaller = (cap - rng.integers(0, 3, size=26) * (rng.random(26) < 0.3)).clip(0)
        smaller = smaller.astype(np.int16)
        expected = words[(counts[words] <= smaller).all(axis=1)]
        assert fitting(table, words, cap, smaller).tolist() == expected.tolist()


def test_any_bit_looks_at_exactly_its_range():
    """Ranges within a block, across blocks and empty ones, on sparse and dense bitsets."""
    rng = np.random.default_rng(21)
    for _ in range(2000):
        n = int(rng.integers(1, 300))
        bits = rng.random(n) < rng.choice([0.002, 0.02, 0.3])
        packed = np.zeros((n + 63) // 64, dtype=np.uint64)
        for i in np.flatnonzero(bits):
            packed[i // 64] |= np.uint64(1) << np.uint64(i % 64)
        lo = int(rng.integers(0, n + 1))
        hi = int(rng.integers(lo, n + 1))
        assert any_bit(packed, lo, hi) == bool(bits[lo:hi].any())


def test_lightest_marks_the_lightest_first_ones_on_ties():
    """Column generation's pick: the ``count`` lightest of ``among``, ties to the first."""
    rng = np.random.default_rng(22)
    for _ in range(500):
        values = rng.integers(0, 8, size=int(rng.integers(1, 200))).astype(np.float64)
        among = np.sort(rng.choice(len(values), size=int(rng.integers(1, len(values) + 1)),
                                   replace=False))
        count = int(rng.integers(1, 70))
        chosen = np.zeros(len(values) + 3, dtype=bool)
        lightest(values, among, count, chosen, 3)
        expected = among[np.argsort(values[among], kind="stable")[:count]]
        assert np.flatnonzero(chosen).tolist() == sorted((expected + 3).tolist())


def _weighting_by_numpy(act, tails, want, tail_want, one_of, cap, pool, lengths, counts):
    """The kept-weighting cut written plainly (what weighting_proves compiles)."""
    words = np.concatenate([act, tails]).astype(np.int64)
    starts, sizes = word_groups(lengths[words], len(act), one_of, want, tail_want)
    weights = counts[words].astype(np.int64) @ pool.astype(np.int64)  # (words, k)
    least = np.minimum.reduceat(weights, starts, axis=0)
    return bool((sizes @ least > cap.astype(np.int64) @ pool.astype(np.int64)).any())


def test_weighting_proves_is_the_plain_sum():
    """Groups' lightest words against the caps, for every kept weighting, in exact integers;
    a word's weight made for an earlier weighting in the same column is made again."""
    rng = np.random.default_rng(15)
    counts, lengths, _, _ = _random_words(rng, 300, 9)
    outcomes = set()
    pool = np.zeros((26, 8))
    numbers = -np.ones(8, dtype=np.int64)
    weights, made = np.zeros((300, 8)), np.full((300, 8), -1, dtype=np.int64)
    for number in range(300):
        act = np.sort(rng.choice(250, size=int(rng.integers(1, 250)), replace=False))
        tails = np.sort(rng.choice(np.arange(250, 300), size=int(rng.integers(0, 20)),
                                   replace=False))
        one_of = bool(rng.random() < 0.5)
        want = np.zeros(10, dtype=np.int64)
        want[np.unique(lengths[act])] = rng.integers(1, 3, size=len(np.unique(lengths[act])))
        tail_want = np.bincount(lengths[tails], minlength=10).clip(0, 1)
        cap = rng.integers(0, 4, size=26).astype(np.int64) * int(want.sum())
        if rng.random() < 0.5:  # few letters: some weighting proves the state empty
            cap[rng.random(26) < 0.7] = 0
        column = int(rng.integers(0, 8))  # a new weighting in some column, numbered anew
        pool[:, column] = rng.integers(0, 1 << 20, size=26) * (rng.random(26) < 0.5)
        numbers[column] = number
        k = int(rng.integers(column + 1, 9))
        got = weighting_proves(act, tails, want, tail_want, one_of, cap, pool, numbers[:k],
                               weights, made, lengths, counts, np.zeros(k))
        expected = _weighting_by_numpy(act, tails, want, tail_want, one_of, cap,
                                       pool[:, :k], lengths, counts)
        assert got == expected
        outcomes.add(expected)
    assert outcomes == {True, False}


def test_rounded_proves_is_the_plain_integer_check():
    """y clipped, scaled to 2^20 at its largest and floored; then the groups' lightest words
    against the caps, in exact integers (the check every relaxation's y must pass)."""
    rng = np.random.default_rng(20)
    counts, lengths, _, _ = _random_words(rng, 300, 9)
    letters, amounts = spelled(counts)
    assert all(sorted(zip(letters[w][letters[w] >= 0].tolist(), amounts[w][letters[w] >= 0]
                          .tolist())) == [(l, int(c)) for l, c in enumerate(counts[w]) if c]
               for w in range(300))
    outcomes = set()
    for _ in range(300):
        words = np.sort(rng.choice(300, size=int(rng.integers(1, 300)), replace=False))
        starts = np.flatnonzero(np.diff(lengths[words], prepend=-1) != 0)
        sizes = rng.integers(1, 3, size=len(starts))
        cap = rng.integers(0, 4, size=26) * (rng.random(26) < 0.5)
        y = rng.normal(size=26)
        proves, rounded = rounded_proves(words, letters, amounts, starts, sizes, cap, y,
                                         float(1 << 20))
        expected = np.floor(np.maximum(y, 0) / y.max() * (1 << 20)).astype(np.int64)
        least = np.minimum.reduceat(counts[words].astype(np.int64) @ expected, starts)
        assert rounded.tolist() == expected.tolist()
        assert proves == bool(sizes @ least > cap @ expected)
        outcomes.add(proves)
    assert outcomes == {True, False}


def test_reduced_costs_bound_every_packing():
    """Each word's weight above its group's lightest, and the room y . cap leaves above the
    groups' lightest, in exact integers; and the bound they give holds: the words of any
    packing (sizes[g] of group g, fitting cap together) have excesses summing to at most
    the room."""
    rng = np.random.default_rng(21)
    counts, lengths, _, _ = _random_words(rng, 300, 9)
    letters, amounts = spelled(counts)
    packings = 0
    for _ in range(300):
        words = np.sort(rng.choice(300, size=int(rng.integers(1, 300)), replace=False))
        starts = np.flatnonzero(np.diff(lengths[words], prepend=-1) != 0)
        sizes = rng.integers(1, 3, size=len(starts))
        cap = rng.integers(0, 6, size=26)
        y = rounded_weighting(rng.normal(size=26), float(1 << 20))
        excess, room = reduced_costs(words, letters, amounts, starts, sizes, cap, y)
        weights = counts[words].astype(np.int64) @ y.astype(np.int64)
        least = np.minimum.reduceat(weights, starts)
        group = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(words))))
        assert excess.tolist() == (weights - least[group]).tolist()
        assert room == int(cap @ y.astype(np.int64)) - int(sizes @ least)
        for _ in range(20):  # random picks; those that fit are packings
            picked = np.concatenate([rng.choice(np.flatnonzero(group == g), size=n)
                                     for g, n in enumerate(sizes)])
            if (counts[words[picked]].sum(axis=0) <= cap).all():
                packings += 1
                assert excess[picked].sum() <= room
    assert packings


def _open_by_numpy(tiles, want, binned, act, tails, room, spare, low, one_of, need, pool,
                   tail_want, lengths, counts, vowels):
    """A packing state's cheap tests and kept weightings, written plainly."""
    tails = _tails_by_numpy(tails, tiles, binned, room, spare, low, lengths, counts)
    if (one_of and not len(tails)) or any(not (lengths[tails] == n).any() for n in need):
        return 0, None, -1, None
    need_tiles = int(want @ np.arange(len(want)))
    if need_tiles == 0:
        return 2, None, -1, tails
    free = int(tiles.sum()) - need_tiles
    if free < 0:
        return 0, None, -1, None
    kept, x = _cuts_by_numpy(act, want, tiles, free, counts, lengths, vowels, _IS_VOWEL)
    if x < 0 or (pool.shape[1] and _weighting_by_numpy(
            kept, tails, want, tail_want, one_of, tiles.astype(np.int64) + binned, pool,
            lengths, counts)):
        return 0, None, -1, None
    return 1, kept, x, tails


def _children_by_recursion(tiles, want, binned, x, left, cover, excess, slack, free, counts,
                           lengths):
    """The states below a packing branch, as the recursion it replaces listed them:
    (words, tiles, want, binned) with x's tiles in cover words (a multiset in row order,
    whose ``excess`` sum at most ``slack``), the rest in the bin, each frame's own state
    after the states below it."""
    out = []

    def walk(tiles, want, left, start, words, cost):
        if left:
            for i in range(start, len(cover)):
                w = cover[i]
                if want[lengths[w]] > 0 and counts[w, x] <= left and \
                        (counts[w] <= tiles).all() and cost + excess[i] <= slack:
                    rest = want.copy()
                    rest[lengths[w]] -= 1
                    walk(tiles - counts[w], rest, left - int(counts[w, x]), i, words + [w],
                         cost + excess[i])
        if left <= free:
            child, settled = tiles.copy(), binned.copy()
            child[x], settled[x] = 0, left
            out.append((words, child, want, settled))

    walk(tiles, want, left, 0, [], 0.0)
    return out


@pytest.mark.parametrize("seed", [16, 17])
def test_next_child_walks_the_plain_recursion(seed):
    """The compiled walk gives the states the plain recursion lists, in its order, less those
    the plain cheap tests and kept weightings empty and those whose words' excess weights
    pass the slack; stopped after ``limit`` states and resumed it misses none."""
    rng = np.random.default_rng(seed)
    counts, lengths, lanes, vowels = _random_words(rng, 160, 7, every_a=True)
    statuses, emptied, excluded = set(), 0, 0
    for _ in range(120):
        tiles = rng.integers(0, 4, size=26).astype(np.int16)
        x = int(rng.integers(0, 26))
        tiles[x] = rng.integers(1, 4)
        binned = np.zeros(26, dtype=np.int16)
        want = np.zeros(int(lengths.max()) + 1, dtype=np.int64)
        for n in rng.choice(np.unique(lengths), size=int(rng.integers(1, 3)), replace=False):
            want[n] = rng.integers(1, 3)
        act = np.sort(rng.choice(160, size=100, replace=False))
        act = act[want[lengths[act]] > 0]
        cover = act[counts[act, x] > 0]
        excess = rng.integers(0, 3, size=len(cover)).astype(np.float64)
        slack = np.inf if rng.random() < 0.3 else float(rng.integers(0, 4))
        tail_lengths = sorted(set(rng.choice(np.unique(lengths), size=2).tolist()))
        one_of = bool(rng.random() < 0.5)
        tails = np.flatnonzero(np.isin(lengths, tail_lengths))
        need = np.zeros(0, dtype=np.int64) if one_of else np.array(tail_lengths)
        tail_want = np.bincount(np.array(tail_lengths), minlength=len(want))
        room = int(tiles.sum()) - int(want @ np.arange(len(want)))
        free = room - int(rng.integers(0, 3))
        spare, low = one_of, int(rng.integers(0, 3))
        k = int(rng.integers(0, 3))
        pool = np.zeros((26, 4))
        pool[:, :k] = rng.integers(0, 50, size=(26, k))
        if k and rng.random() < 0.5:
            pool[:, 0] = np.eye(26)[0] * 3  # "a" alone: one per word, at most the a tiles
        plain = []
        listed = _children_by_recursion(tiles, want, binned, x, int(tiles[x]), cover, excess,
                                        slack, free, counts, lengths)
        excluded += len(_children_by_recursion(tiles, want, binned, x, int(tiles[x]), cover,
                                               excess, np.inf, free, counts, lengths)) - \
            len(listed)
        for words, child, wanted, settled in listed:
            status, kept, kx, kept_tails = _open_by_numpy(
                child, wanted, settled, act, tails, room, spare, low, one_of, need,
                pool[:, :k], tail_want, lengths, counts, vowels)
            emptied += status == 0 and _open_by_numpy(
                child, wanted, settled, act, tails, room, spare, low, one_of, need,
                pool[:, :0], tail_want, lengths, counts, vowels)[0] == 1
            if status:
                plain.append((status, words, child.tolist(), wanted.tolist(),
                              settled.tolist(), None if kept is None else kept.tolist(), kx,
                              kept_tails.tolist()))
        frames = int(tiles[x]) + 1
        walk_tiles = np.zeros((frames, 26), dtype=np.int16)
        walk_want = np.zeros((frames, len(want)), dtype=np.int64)
        walk_left = np.zeros(frames, dtype=np.int64)
        walk_at, chosen = np.zeros(frames, dtype=np.int64), np.zeros(frames, dtype=np.int64)
        walk_cost = np.zeros(frames)
        walk_tiles[0], walk_want[0], walk_left[0] = tiles, want, tiles[x]
        depth = np.zeros(1, dtype=np.int64)
        walked = []
        while True:
            status, frame, child, wanted, settled, kept, kx, kept_tails, _ = next_child(
                walk_tiles, walk_want, walk_left, walk_at, walk_cost, chosen, depth, binned, act,
                tails, fit_table(act, counts, tiles), fit_table(tails, counts, tiles + binned),
                x, cover, excess, slack, free, room, spare, low, one_of, need, tail_want, pool,
                np.arange(k), np.zeros((160, 4)), np.full((160, 4), -1, dtype=np.int64),
                lengths, counts, vowels, _IS_VOWEL, *lanes, int(rng.integers(1, 4)))
            if status == 0:
                break
            if status != 3:
                walked.append((int(status), chosen[:frame].tolist(), child.tolist(),
                               wanted.tolist(), settled.tolist(),
                               kept.tolist() if status == 1 else None,
                               int(kx), kept_tails.tolist()))
        assert walked == plain
        statuses.update(entry[0] for entry in plain)
    assert statuses == {1, 2} and emptied  # some states only a kept weighting empties
    assert excluded  # and some only the excess weights do


def test_search_is_the_same_with_and_without_the_compiled_merge(monkeypatch):
    """Merging by hash table or by sort, on every layer: the same sets, tie-break included."""
    lex = load_lexicon("twl06")
    rng = random.Random(7)
    bag = TILE_SETS["scrabble"].bag
    racks = [parse_tiles("".join(rng.sample(bag, n))) for n in (20, 28, 36, 44, 52)]
    monkeypatch.setattr(remainders, "_HASHED_MERGE", 1 << 40)
    want = [search(rack, lex.index, budget=None) for rack in racks]
    monkeypatch.setattr(search_module, "_COMPILED_FROM", 0)  # small racks too
    monkeypatch.setattr(remainders, "_HASHED_MERGE", 2)
    for rack, expected in zip(racks, want):
        got = search(rack, lex.index, budget=None)
        assert (got.keys, got.leftover, got.proven) == \
            (expected.keys, expected.leftover, expected.proven), rack


def test_compiled_without_a_cache_folder_still_compiles(monkeypatch):
    """Where numba finds no writable cache folder it refuses cache=True: compile uncached."""
    from solver.search.kernels import cache
    calls = []

    def fake_njit(**options):
        calls.append(options)
        if options.get("cache"):
            raise RuntimeError("cannot cache function: no locator available")
        return lambda function: function

    monkeypatch.setattr(cache, "njit", fake_njit)
    monkeypatch.setattr(cache, "LOOPS", [])
    assert cache.compiled(lambda x: x + 1)(1) == 2
    assert calls == [{"cache": True, "nogil": True}, {"nogil": True}]
