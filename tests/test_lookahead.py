"""The look-ahead of big layers: exact counts of disjoint words, and the same answers."""

import itertools
import random

import numpy as np
import pytest

import solver.search.layered as search_module
import solver.search.layers as layers_module
import solver.search.settle as settle_module
from solver.search.kernels.layers import first_words, lists_by_state, most_words
from solver.search.layered import search
from solver.words.lexicon import load_lexicon
from solver.words.tiles import TILE_SETS, parse_tiles

_SHIFTS = np.arange(9, dtype=np.uint64) * np.uint64(6)


def _lanes(counts):
    """Packed lanes (nine 6-bit fields each) of an (n, 26) count array."""
    wide = np.zeros((len(counts), 27), dtype=np.uint64)
    wide[:, :26] = counts
    return tuple((wide[:, 9 * k:9 * k + 9] << _SHIFTS).sum(axis=1, dtype=np.uint64)
                 for k in range(3))


def _counts(lanes):
    """(n, 26) letter counts of packed lanes."""
    return np.concatenate([((lane[:, None] >> _SHIFTS) & np.uint64(31)).astype(np.int64)
                           for lane in lanes], axis=1)[:, :26]


def _holds(state, words, counts, count):
    """Brute force: some ``count`` words of the list (repeats allowed) fit the state together."""
    return any((sum(counts[w] for w in combo) <= state).all()
               for combo in itertools.combinations_with_replacement(words, count))


def _most(state, words, counts, limit):
    best = 0
    while best < limit and _holds(state, words, counts, best + 1):
        best += 1
    return best


_FIVE = [0, 4, 12, 18, 25]  # a, e, m, s, z: letters of all three lanes


def _random_lists(seed, n_states=60, n_words=25):
    """Small states and words over five letters, each state's list: the words fitting it."""
    rng = np.random.default_rng(seed)
    states = np.zeros((n_states, 26), dtype=np.int64)
    states[:, _FIVE] = rng.integers(0, 6, size=(n_states, 5))
    words = np.zeros((n_words, 26), dtype=np.int64)
    words[:, _FIVE] = rng.integers(0, 3, size=(n_words, 5))
    words[words.sum(axis=1) == 0, 0] = 1
    lists = [[w for w in range(n_words) if (words[w] <= states[s]).all()]
             for s in range(n_states)]
    start = np.zeros(n_states + 1, dtype=np.int64)
    start[1:] = np.cumsum([len(each) for each in lists])
    flat = np.array([w for each in lists for w in each], dtype=np.int64)
    return states, words, lists, start, flat


@pytest.mark.parametrize("seed, limit", [(0, 2), (1, 3), (2, 4), (3, 1)])
def test_most_words_counts_exactly_the_states_holding_the_most(seed, limit):
    states, words, lists, start, flat = _random_lists(seed)
    exact = [_most(states[s], lists[s], words, limit) for s in range(len(states))]
    most, best = most_words(*_lanes(states), start, flat, *_lanes(words), limit, 0)
    assert best == max(exact)
    for s, count in enumerate(exact):
        # a state holding the most has its count; any other is marked below it
        assert (most[s] == best) == (count == best), s
        assert most[s] == count or most[s] < best


def test_most_words_in_chunks_carries_the_running_most():
    """Chunk by chunk, with the most so far passed on: the same states end up holding it."""
    states, words, lists, start, flat = _random_lists(4, n_states=80)
    lanes, word_lanes = _lanes(states), _lanes(words)
    whole, best = most_words(*lanes, start, flat, *word_lanes, 3, 0)
    parts, running = [], 0
    for lo, hi in ((0, 30), (30, 55), (55, 80)):
        chunk_start = start[lo:hi + 1] - start[lo]
        got, running = most_words(*(a[lo:hi] for a in lanes), chunk_start,
                                  flat[start[lo]:start[hi]], *word_lanes, 3, running)
        parts.append(got)
    assert running == best
    assert ((np.concatenate(parts) == best) == (whole == best)).all()


@pytest.mark.parametrize("seed, count", [(5, 2), (6, 3), (7, 1)])
def test_first_words_keeps_the_words_the_rest_can_follow(seed, count):
    states, words, lists, start, flat = _random_lists(seed)
    most = np.array([_most(states[s], lists[s], words, count) for s in range(len(states))],
                    dtype=np.int8)
    keep = first_words(*_lanes(states), start, flat, *_lanes(words), most, count)
    for s, each in enumerate(lists):
        for p, w in enumerate(each):
            want = most[s] == count and _holds(states[s] - words[w], each[p:], words, count - 1)
            assert keep[start[s] + p] == want, (s, w)


def test_lists_by_state_regroups_stably():
    pi = np.array([2, 0, 2, 1, 0, 2], dtype=np.int64)
    pj = np.array([4, 5, 6, 7, 8, 9], dtype=np.int64)
    start, words = lists_by_state(pi, pj, 4)
    assert start.tolist() == [0, 2, 3, 6, 6]
    assert words.tolist() == [5, 8, 7, 4, 6, 9]


@pytest.mark.parametrize("tile_set, sizes, seed, depth", [
    ("scrabble", (44, 50, 56), 11, layers_module._LOOKAHEAD),
    ("bananagrams", (52, 56, 60), 13, 99),
])
def test_search_is_the_same_with_the_look_ahead(tile_set, sizes, seed, depth, monkeypatch):
    """Big layers pruned to the remainders holding the most: the same answers.

    The layers are made "too big" at a few thousand pairs, so the look-ahead
    runs on racks of 50-60 tiles; where the layers still finish, the tie-break
    read-out is unchanged too (only remainders on no highest set were dropped).
    One of these racks once lost its highest set: the block of 15s was cut to
    the words of the look-ahead's pairs, which hold no set's later words.
    """
    lex = load_lexicon("twl06")
    rng = random.Random(seed)
    bag = "".join(letter * n for letter, n in sorted(TILE_SETS[tile_set].counts.items()))
    racks = [parse_tiles("".join(rng.sample(bag, n)), TILE_SETS[tile_set])
             for n in sizes for _ in range(3)]
    want = [search(rack, lex.index, budget=None) for rack in racks]
    pruned, settled = [], []
    original_pruned, original_run = layers_module.Layers._pruned, settle_module.Settle.run

    def spy_pruned(self, *args):
        pruned.append(len(args[0][0]))
        return original_pruned(self, *args)

    def spy_run(self):
        settled.append(True)
        return original_run(self)

    monkeypatch.setattr(layers_module.Layers, "_pruned", spy_pruned)
    monkeypatch.setattr(settle_module.Settle, "run", spy_run)
    monkeypatch.setattr(search_module, "_COMPILED_FROM", 0)
    monkeypatch.setattr(layers_module, "_JOIN_MIN_STATES", 2)
    monkeypatch.setattr(layers_module, "_JOIN_FIRST", 64)
    monkeypatch.setattr(layers_module, "_LOOKAHEAD", depth)
    monkeypatch.setattr(layers_module, "_LOOKAHEAD_CHUNK", 100)  # several chunks a layer
    monkeypatch.setattr(search_module, "_MAX_PAIRS", 3000)
    monkeypatch.setattr(search_module, "_MAX_PAIRS_BIG", 3000)
    finished = 0
    for rack, expected in zip(racks, want):
        before = (len(pruned), len(settled))
        got = search(rack, lex.index, budget=None)
        assert got.proven and got.shape == expected.shape, rack
        if len(pruned) > before[0] and len(settled) == before[1]:
            finished += 1  # looked ahead, and the layers finished: their read-out
            assert (got.keys, got.leftover) == (expected.keys, expected.leftover), rack
    assert finished >= 2


def _layer_before_the_look_ahead(monkeypatch, rack):
    """A rack's layers, stopped where the look-ahead would start: (layers, states, floor)."""
    lex = load_lexicon("twl06")
    monkeypatch.setattr(layers_module, "_LOOKAHEAD", 0)  # stop there instead
    layers = layers_module.Layers(lex.index, rack.packed, len(rack), float("inf"),
                                  max_pairs=3000, compiled=True)
    with pytest.raises(layers_module.LayerTooBig):
        layers.run()
    return layers, layers.states[-1], layers.last_rows


def test_pruned_keeps_exactly_the_pairs_a_highest_set_may_take(monkeypatch):
    """Against a brute force, with the remainders holding fewer first (the most then grows)."""
    rng = random.Random(11)
    bag = "".join(letter * n for letter, n in sorted(TILE_SETS["scrabble"].counts.items()))
    rack = parse_tiles("".join(rng.sample(bag, 56)))
    layers, states, _ = _layer_before_the_look_ahead(monkeypatch, rack)
    length = layers.trying
    rows, lanes = layers.blocks[length]
    assert layers.remaining // length == 2
    counts, have = _counts(lanes), _counts(states)
    # without floors, a remainder's list is every word of the length that fits it; a word
    # is followed (itself or a later one) when the two fit together: a plain pairwise test
    want, two = set(), set()
    for s in range(len(have)):
        words = np.flatnonzero((counts <= have[s]).all(axis=1))
        together = (counts[words][:, None] + counts[words][None] <= have[s]).all(axis=2)
        followed = np.triu(together).any(axis=1)
        if followed.any():
            two.add(s)
            want |= {(s, int(w)) for w in words[followed]}
    assert 8 < len(have) - len(two) and two
    # the remainders holding one word or none first, in small chunks: the most grows to 2
    order = np.array(sorted(range(len(have)), key=lambda s: (s in two, s)))
    monkeypatch.setattr(layers_module, "_LOOKAHEAD_CHUNK", 8)
    monkeypatch.setattr(layers_module, "_LOOKAHEAD_SECONDS", 0.0)  # the smallest chunks
    layers.max_pairs = 1 << 30
    pi, pj = layers._pruned(tuple(a[order] for a in states), None, length)
    assert {(int(order[i]), int(j)) for i, j in zip(pi, pj)} == want
    assert layers.looked_ahead
