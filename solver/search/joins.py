"""Which words fit which remainders, for many remainders at once: a bitset join.

Testing every (remainder, word) pair costs S x W subtractions.  A word fits a
remainder exactly when, for each letter x it uses c times, the remainder holds
at least c of x.  So the remainders are turned into bitsets, one per (letter,
count) that some word asks for ("which remainders hold at least c of x"), and
the remainders a word fits are the AND of its letters' bitsets: D x S / 64
machine words per word (D its distinct letters) instead of S tests.  Nothing
is estimated: a bit is set exactly when every letter requirement holds, which
is exactly the pair test (the tests compare them on random lanes).

The most selective requirements are ANDed first, and a machine word that
empties ends there (solver/search/kernels/layers.py), so refuting a length (no word fits
any remainder) is mostly one or two ANDs per word and machine word.
"""

from __future__ import annotations

import numpy as np

from solver.words.index import LANE_LETTERS
from solver.words.tiles import BITS

_FIELD = np.uint64((1 << (BITS - 1)) - 1)
_CHUNK_STATES = 1 << 16  # remainders per pass (bitsets of 1024 machine words)


def letter_counts(lanes) -> np.ndarray:
    """(n, 26) uint8 letter counts of packed lanes (a triple of uint64 arrays).

    >>> from collections import Counter
    >>> from solver.words.index import lanes_of
    >>> from solver.words.tiles import pack
    >>> packed = pack(Counter("ZOO"))
    >>> lanes = [np.array([v], dtype=np.uint64) for v in lanes_of(packed)]
    >>> letter_counts(lanes)[0, [14, 25]].tolist()
    [2, 1]
    """
    n = len(lanes[0])
    out = np.empty((n, 3 * LANE_LETTERS), dtype=np.uint8)
    for k, lane in enumerate(lanes):
        for i in range(LANE_LETTERS):
            out[:, LANE_LETTERS * k + i] = (lane >> np.uint64(BITS * i)) & _FIELD
    return out[:, :26]


def join_pairs(states, cands):
    """(state numbers, candidate numbers) of every candidate fitting every state.

    The same pairs as testing each pair (``remainders.fit_pairs``), in another
    order, which lists each state's candidates in ascending order (the
    look-ahead relies on it).  ``states`` and ``cands`` are triples of
    uint64 lane arrays.
    """
    from .kernels.layers import and_pairs  # compiled: imported only when a big layer needs it

    n_states, n_cands = len(states[0]), len(cands[0])
    if not n_states or not n_cands:
        empty = np.zeros(0, dtype=np.intp)
        return empty, empty
    need = letter_counts(cands)  # (W, 26)
    # each word's requirements "at least c of letter x": one bitset row each
    word, letter = np.nonzero(need)
    count = need[word, letter].astype(np.int64)
    req_id, req_of = np.unique(letter * 32 + count, return_inverse=True)
    req_letter, req_count = req_id // 32, req_id % 32
    depth = np.maximum(1, np.bincount(word, minlength=n_cands))
    out_i, out_j = [], []
    for lo in range(0, n_states, _CHUNK_STATES):
        part = tuple(lane[lo:lo + _CHUNK_STATES] for lane in states)
        bits = _bitsets(letter_counts(part), req_letter, req_count)  # last row: all states
        # each word's rows, the most selective first (fewest remainders meet it);
        # a word with no requirement (none in a lexicon) gets the all-states row
        size = np.unpackbits(bits[:-1].view(np.uint8), axis=1).sum(axis=1)
        table = np.full((n_cands, int(depth.max())), len(req_id), dtype=np.int64)
        order = np.lexsort((size[req_of], word))
        rank = np.arange(len(word)) - np.searchsorted(word[order], word[order])
        table[word[order], rank] = req_of[order]
        pi, pj = and_pairs(bits, table, depth, len(part[0]))
        if len(pi):
            out_i.append(pi + lo)
            out_j.append(pj)
    if not out_i:
        empty = np.zeros(0, dtype=np.intp)
        return empty, empty
    return np.concatenate(out_i), np.concatenate(out_j)


def _bitsets(have, req_letter, req_count) -> np.ndarray:
    """(R + 1, words) uint64: bit s of row r says state s meets requirement r; last row all."""
    n = have.shape[0]
    width = -(-n // 64)
    out = np.zeros((len(req_letter) + 1, width * 8), dtype=np.uint8)
    for r, (x, c) in enumerate(zip(req_letter.tolist(), req_count.tolist())):
        packed = np.packbits(have[:, x] >= c, bitorder="little")
        out[r, :len(packed)] = packed
    out[-1, :(n + 7) // 8] = np.packbits(np.ones(n, dtype=bool), bitorder="little")
    return out.view(np.uint64)
