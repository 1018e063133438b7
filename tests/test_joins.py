"""The bitset join finds exactly the pairs the plain pair test finds."""

import random

import numpy as np
import pytest

import solver.search.joins as joins
import solver.search.layered as search_module
import solver.search.layers as layers_module
from solver.search.layered import search
from solver.search.remainders import fit_pairs
from solver.words.lexicon import load_lexicon
from solver.words.tiles import TILE_SETS, pack, parse_tiles


def _lanes(rng, n, top):
    """Random packed lanes: counts 0..top per letter, nine letters a lane, 26 in all."""
    counts = rng.integers(0, top + 1, size=(n, 27)).astype(np.uint64)
    counts[:, 26] = 0
    shifts = np.arange(9, dtype=np.uint64) * np.uint64(6)
    return tuple((counts[:, 9 * k:9 * k + 9] << shifts).sum(axis=1, dtype=np.uint64)
                 for k in range(3))


def _pairs(pi, pj):
    return sorted(zip(pi.tolist(), pj.tolist()))


@pytest.mark.parametrize("n_states, n_words, state_top, word_top, seed", [
    (1, 40, 3, 1, 0),
    (7, 300, 2, 1, 1),
    (500, 200, 3, 2, 2),
    (3000, 50, 31, 31, 3),  # counts up to the field's top: no borrow between fields
    (70_000, 30, 2, 1, 4),  # more than one chunk of states
    (200, 0, 2, 1, 5),
    (0, 20, 2, 1, 6),
])
def test_join_equals_the_pair_test(n_states, n_words, state_top, word_top, seed):
    rng = np.random.default_rng(seed)
    states = _lanes(rng, n_states, state_top)
    words = _lanes(rng, n_words, word_top)
    want = fit_pairs(states, words) if n_states and n_words else (np.zeros(0), np.zeros(0))
    got = joins.join_pairs(states, words)
    assert _pairs(*got) == _pairs(*want)


def test_join_lists_each_states_candidates_in_order(monkeypatch):
    """The look-ahead reads each state's words in row order straight from the join."""
    monkeypatch.setattr(joins, "_CHUNK_STATES", 128)  # several chunks of states too
    rng = np.random.default_rng(10)
    pi, pj = joins.join_pairs(_lanes(rng, 1000, 2), _lanes(rng, 300, 1))
    assert len(pi) > 1000
    order = np.lexsort((pj, pi))
    by_state = np.argsort(pi, kind="stable")
    assert (order == by_state).all()


def test_join_with_small_chunks_equals_the_pair_test(monkeypatch):
    """Chunks of states only split the work (here the last chunk is not a multiple of 64)."""
    monkeypatch.setattr(joins, "_CHUNK_STATES", 192)
    rng = np.random.default_rng(9)
    states, words = _lanes(rng, 1000, 2), _lanes(rng, 300, 1)
    assert _pairs(*joins.join_pairs(states, words)) == _pairs(*fit_pairs(states, words))


def test_letter_counts_reads_every_letter():
    from solver.words.index import lanes_of
    packed = pack({chr(65 + i): i % 5 for i in range(26)})
    lanes = [np.array([v], dtype=np.uint64) for v in lanes_of(packed)]
    assert joins.letter_counts(lanes)[0].tolist() == [i % 5 for i in range(26)]


@pytest.mark.parametrize("join_ns", [0, 1e9], ids=["join-always", "listing-when-possible"])
@pytest.mark.parametrize("tile_set, sizes, seed", [
    ("scrabble", (24, 32, 40), 1),
    ("bananagrams", (28, 36, 44), 2),
    ("scrabble", (56, 60), 3),
])
def test_search_is_the_same_with_and_without_the_join(tile_set, sizes, seed, join_ns,
                                                      monkeypatch):
    """Every layer by the join (even small ones; or, where the remainders are small
    enough, by listing their sub-multisets), or none: the same sets, tie-break included."""
    lex = load_lexicon("twl06")
    rng = random.Random(seed)
    bag = TILE_SETS[tile_set].bag
    racks = [parse_tiles("".join(rng.sample(bag, n)), TILE_SETS[tile_set])
             for n in sizes for _ in range(2)]
    monkeypatch.setattr(layers_module, "_JOIN_MIN_STATES", 1 << 40)
    without = [search(rack, lex.index, budget=None) for rack in racks]
    monkeypatch.setattr(search_module, "_COMPILED_FROM", 0)  # small racks too
    monkeypatch.setattr(layers_module, "_JOIN_MIN_STATES", 2)
    monkeypatch.setattr(layers_module, "_JOIN_FIRST", 64)
    monkeypatch.setattr(layers_module, "_JOIN_NS", join_ns)  # the join's cost per pair
    for rack, want in zip(racks, without):
        got = search(rack, lex.index, budget=None)
        assert got.proven == want.proven
        assert (got.keys, got.leftover) == (want.keys, want.leftover), rack
