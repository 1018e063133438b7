"""Which words fit which remainders, for many remainders at once: a bitset join.

Testing every (remainder, word) pair costs S x W subtractions.  A word fits a
remainder exactly when, for each letter x it uses c times, the remainder holds
at least c of x.  So the remainders are turned into bitsets, one per (letter,
count) that some word asks for ("which remainders hold at least c of x"), and
the remainders a word fits are the AND of its letters' bitsets: D x S / 64
machine words per word (D its distinct letters) instead of S tests.  Nothing
is estimated: a bit is set exactly when every letter requirement holds, which
is exactly the pair test (the tests compare them on random lanes).

The most selective requirements are ANDed first, and a word whose bitset
empties is dropped from the later rounds, so refuting a length (no word fits
any remainder) is mostly a few ANDs per word.
"""

from __future__ import annotations

import numpy as np

from .index import _LANE_GUARD, LANE_LETTERS
from .tiles import BITS

_FIELD = np.uint64((1 << (BITS - 1)) - 1)
_CHUNK_STATES = 1 << 16  # remainders per pass (bitsets of 1024 machine words)
_CHUNK_CELLS = 1 << 22  # word x machine-word cells held at once
_DENSE_DEPTH = 3  # requirements ANDed as bitsets; the pairs left are tested exactly


def letter_counts(lanes) -> np.ndarray:
    """(n, 26) uint8 letter counts of packed lanes (a triple of uint64 arrays).

    >>> from collections import Counter
    >>> from solver.index import _lanes_of
    >>> from solver.tiles import pack
    >>> packed = pack(Counter("ZOO"))
    >>> lanes = [np.array([v], dtype=np.uint64) for v in _lanes_of(packed)]
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

    The same pairs as testing each pair (``search._fit_pairs``), in another order.  ``states`` and ``cands`` are triples of uint64 lane arrays.
    """
    n_states, n_cands = len(states[0]), len(cands[0])
    if not n_states or not n_cands:
        empty = np.zeros(0, dtype=np.intp)
        return empty, empty
    need = letter_counts(cands)  # (W, 26)
    # each word's requirements: (letter, count) -> a bitset id; padded with "all"
    word, letter = np.nonzero(need)
    count = need[word, letter].astype(np.int64)
    req_id, req_of = np.unique(letter * 32 + count, return_inverse=True)
    req_letter, req_count = req_id // 32, req_id % 32
    out_i, out_j = [], []
    for lo in range(0, n_states, _CHUNK_STATES):
        part = tuple(lane[lo:lo + _CHUNK_STATES] for lane in states)
        have = letter_counts(part)  # (s, 26)
        bits = _bitsets(have, req_letter, req_count)  # (R + 1, s / 64), last: all ones
        # most selective requirement first (fewest remainders hold it)
        size = _popcount(bits[:-1])
        table = np.full((n_cands, max(1, int(np.bincount(word, minlength=n_cands).max()))),
                        len(req_id), dtype=np.intp)
        order = np.lexsort((size[req_of], word))
        rank = np.arange(len(word)) - np.searchsorted(word[order], word[order])
        table[word[order], rank] = req_of[order]
        pi, pj = _and_rows(bits, table, len(part[0]), part, cands)
        if len(pi):
            out_i.append(pi + lo)
            out_j.append(pj)
    if not out_i:
        empty = np.zeros(0, dtype=np.intp)
        return empty, empty
    return np.concatenate(out_i), np.concatenate(out_j)


def _bitsets(have, req_letter, req_count) -> np.ndarray:
    """(R + 1, words) uint64: bit s of row r says state s meets requirement r; last row all ones."""
    n = have.shape[0]
    width = -(-n // 64)
    out = np.zeros((len(req_letter) + 1, width * 8), dtype=np.uint8)
    for r, (x, c) in enumerate(zip(req_letter.tolist(), req_count.tolist())):
        packed = np.packbits(have[:, x] >= c, bitorder="little")
        out[r, :len(packed)] = packed
    out[-1, :(n + 7) // 8] = np.packbits(np.ones(n, dtype=bool), bitorder="little")
    return out.view(np.uint64)


def _popcount(bits) -> np.ndarray:
    return np.unpackbits(bits.view(np.uint8), axis=1).sum(axis=1)


def _and_rows(bits, table, n_states, states, cands):
    """Pairs (state, word) where the state meets every requirement of the word.

    The first few (most selective) requirement rows are ANDed whole; then only
    the machine words still nonzero are carried on, each ANDed with the rest of
    its word's requirement rows.
    """
    n_words, depth = table.shape
    width = bits.shape[1]
    step = max(1, _CHUNK_CELLS // width)
    out_i, out_j = [], []
    for lo in range(0, n_words, step):
        words = np.arange(lo, min(n_words, lo + step))
        acc = bits[table[words, 0]]
        for d in range(1, min(depth, _DENSE_DEPTH)):
            acc &= bits[table[words, d]]
        cells = np.flatnonzero(acc)
        wi, ci = np.divmod(cells, width)
        value = acc.ravel()[cells]
        word = words[wi]
        for d in range(_DENSE_DEPTH, depth):
            if not len(word):
                break
            value &= bits[table[word, d], ci]
            if d % 2:
                live = value != 0
                word, ci, value = word[live], ci[live], value[live]
        live = value != 0
        word, ci, value = word[live], ci[live], value[live]
        if not len(word):
            continue
        flags = np.unpackbits(value.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
        row, bit = np.divmod(np.flatnonzero(flags), 64)
        out_i.append(ci[row] * 64 + bit)
        out_j.append(word[row])
    if not out_i:
        empty = np.zeros(0, dtype=np.intp)
        return empty, empty
    return np.concatenate(out_i), np.concatenate(out_j)


def _fits(states, cands, pi, pj) -> np.ndarray:
    """Boolean: does candidate pj[k] fit state pi[k] (lane by lane, guard bits kept)?"""
    ok = None
    for state, cand in zip(states, cands):
        part = ((state[pi] | _LANE_GUARD) - cand[pj]) & _LANE_GUARD == _LANE_GUARD
        ok = part if ok is None else ok & part
    return ok
