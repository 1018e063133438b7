"""A layer's remainders as packed lanes: which words fit which, their maximum, merging.

Each remainder (and each candidate word) is three uint64 lanes of nine 6-bit
letter counts (solver/words/index.py).  A word fits a remainder when, lane by
lane, subtracting it with the guard bits set leaves every guard bit set.  The
layers (solver/search/layers.py) ask three things of many remainders at once,
in numpy passes:

* which (remainder, word) pairs fit: by testing every pair (``fit_pairs``:
  first lane on the whole matrix, the other two only where it fits), or, for
  small remainders, by listing each one's sub-multisets of the word length and
  looking them up among the words (``lookup_pairs``); a 64-bit hash only says
  where to look, every hit is checked on the full lanes;
* their letter-wise maximum (``letter_max``): a word that does not fit it fits
  none of them;
* the distinct remainders among many (``unique_states``): sorted by hash, with
  collisions checked and an exact sort behind; big merges of big racks use a
  compiled hash table whose every probe compares the lanes.
"""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np

from solver.words.index import LANE_GUARD, LANE_LETTERS
from solver.words.tiles import BITS

PAIR_CHUNK = 1 << 21  # state x candidate fit tests per numpy pass
_HASHED_MERGE = 1 << 16  # merges of this many remainders or more use the compiled hash table


def fit_pairs(states, cands):
    """(state numbers, candidate numbers) of every candidate fitting every state.

    ``states`` and ``cands`` are triples of uint64 lane arrays.  A candidate
    fits a state when, lane by lane, subtracting it from the state with the
    guard bits set leaves every guard bit set (no field borrowed).
    """
    sa, sb, sc = states
    ca, cb, cc = cands
    g = LANE_GUARD
    n_states, n_cands = len(sa), len(ca)
    if n_states == 1:
        ok = ((sa[0] | g) - ca) & g == g
        ok &= ((sb[0] | g) - cb) & g == g
        ok &= ((sc[0] | g) - cc) & g == g
        pj = np.flatnonzero(ok)
        return np.zeros(len(pj), dtype=np.intp), pj
    step = max(1, PAIR_CHUNK // max(1, n_cands))
    out_i, out_j = [], []
    for lo in range(0, n_states, step):
        hi = min(n_states, lo + step)
        # first lane on the whole matrix, the other two only where it fits
        pi, pj = np.nonzero(((sa[lo:hi, None] | g) - ca) & g == g)
        if len(pi):
            ok = ((sb[lo:hi][pi] | g) - cb[pj]) & g == g
            ok &= ((sc[lo:hi][pi] | g) - cc[pj]) & g == g
            pi, pj = pi[ok], pj[ok]
        if len(pi):
            out_i.append(pi + lo)
            out_j.append(pj)
    if not out_i:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    return np.concatenate(out_i), np.concatenate(out_j)


def fits_one(state, cands):
    """Boolean mask: which candidates fit one state (a triple of lane ints)."""
    g = LANE_GUARD
    ok = ((np.uint64(state[0]) | g) - cands[0]) & g == g
    ok &= ((np.uint64(state[1]) | g) - cands[1]) & g == g
    ok &= ((np.uint64(state[2]) | g) - cands[2]) & g == g
    return ok


_FIELD = np.uint64((1 << (BITS - 1)) - 1)
_FIELD_SHIFTS = np.arange(0, BITS * LANE_LETTERS, BITS, dtype=np.uint64)


def letter_max(states, compiled: bool = False):
    """The letter-wise maximum of some states, as a triple of lane ints."""
    if compiled and len(states[0]) >= _HASHED_MERGE:
        from .kernels.layers import lane_max  # compiled: only big layers need it
        return [int(lane_max(lane)) for lane in states]
    top = None
    for lo in range(0, len(states[0]), 1 << 16):
        lanes = np.stack([lane[lo:lo + (1 << 16)] for lane in states])  # (3, states)
        fields = ((lanes[:, :, None] >> _FIELD_SHIFTS) & _FIELD).max(axis=1)  # (3, 9)
        top = fields if top is None else np.maximum(top, fields)
    top = top << _FIELD_SHIFTS
    return [int(v) for v in top.sum(axis=1, dtype=np.uint64).tolist()]


_K1 = np.uint64(0x9E3779B97F4A7C15)
_K2 = np.uint64(0xC2B2AE3D27D4EB4F)
_UNITS = [np.array([1 << (BITS * (letter % LANE_LETTERS)) if letter // LANE_LETTERS == k else 0
                    for letter in range(26)], dtype=np.uint64) for k in range(3)]


def _hash(a, b, c):
    """A 64-bit mix of the three lanes (wrapping arithmetic; collisions are checked)."""
    with np.errstate(over="ignore"):
        return a ^ (b * _K1) ^ ((c + np.uint64(1)) * _K2)


def lookup_keys(lanes):
    """The hashed keys of some candidates, as ``lookup_pairs`` looks them up."""
    return _hash(*lanes)


@functools.lru_cache(maxsize=256)
def _combinations(n: int, k: int) -> np.ndarray:
    count = math.comb(n, k)
    flat = itertools.chain.from_iterable(itertools.combinations(range(n), k))
    return np.fromiter(flat, dtype=np.intp, count=count * k).reshape(count, k)


def tile_letters(states, size: int) -> np.ndarray:
    """letters[s, p]: the letter (0-25) of state s's p-th tile, tiles in alphabetical order.

    Every state holds ``size`` tiles (one layer's remainders do), so repeating
    each letter by its count gives the rows back to back.  Bytes throughout:
    big layers make these arrays large, and wider ones cost more to fill than
    to compute.
    """
    n_states = len(states[0])
    counts = np.empty((n_states, 3 * LANE_LETTERS), dtype=np.uint8)
    for k, lane in enumerate(states):
        fields = slice(k * LANE_LETTERS, (k + 1) * LANE_LETTERS)
        counts[:, fields] = (lane[:, None] >> _FIELD_SHIFTS) & _FIELD
    letters = np.repeat(np.tile(np.arange(26, dtype=np.uint8), n_states), counts[:, :26].ravel())
    return letters.reshape(n_states, size)


def _subset_lanes(letters: np.ndarray, length: int):
    """Lanes of every ``length``-tile subset (by tile position) of each state: (S, C) each."""
    subs = letters[:, _combinations(letters.shape[1], length)]  # (states, subsets, length)
    return tuple(_UNITS[k][subs].sum(axis=2, dtype=np.uint64) for k in range(3))


def lookup_pairs(letters: np.ndarray, length: int, lanes, keys):
    """Fit pairs by listing sub-multisets: each state's ``length``-subsets, looked up.

    A word of ``length`` letters fits a state of ``size`` tiles exactly when
    its letters are one of the state's ``length``-tile sub-multisets.  Every
    such sub-multiset is listed (by tile positions, so some repeat), and each
    candidate of the block (``lanes``, hashed as ``keys``) is looked up among
    them.  The hash only says where to look: every hit is then checked lane by
    lane, and equal hashes are all visited, so a collision can neither add
    nor hide a pair.
    """
    sa, sb, sc = _subset_lanes(letters, length)
    per_state = sa.shape[1]
    sa, sb, sc = sa.ravel(), sb.ravel(), sc.ravel()
    query = _hash(sa, sb, sc)
    # A direct-mapped table of the queries' top hash bits throws out most
    # candidates with one gather; only the few left are binary-searched.
    bits = min(20, max(12, (8 * len(query)).bit_length()))
    shift = np.uint64(64 - bits)
    table = np.zeros(1 << bits, dtype=bool)
    table[query >> shift] = True
    maybe = np.flatnonzero(table[keys >> shift])
    order = np.argsort(query)
    ordered = query[order]
    lo = np.searchsorted(ordered, keys[maybe], side="left")
    hi = np.searchsorted(ordered, keys[maybe], side="right")
    count = hi - lo
    hit = np.flatnonzero(count)
    cand = maybe[hit]
    if not len(cand):
        return cand, cand
    lo, count = lo[hit], count[hit]
    reps = count
    pj = np.repeat(cand, reps)
    first = np.repeat(lo - (np.cumsum(reps) - reps), reps)
    qi = order[first + np.arange(len(pj))]
    ok = (sa[qi] == lanes[0][pj]) & (sb[qi] == lanes[1][pj]) & (sc[qi] == lanes[2][pj])
    pi, pj = qi[ok] // per_state, pj[ok]
    if not len(pi):
        return pi, pj
    n = len(keys)
    pair = np.unique(pi * n + pj)
    return pair // n, pair % n


def unique_states(a, b, c, compiled: bool = False):
    """Distinct (a, b, c) triples: (unique lanes, inverse numbering).

    Sorts one hash instead of three lanes; a hash collision (two different
    triples with one hash) is detected lane by lane and then the exact
    three-key sort is used instead.  Big merges of big racks (``compiled``)
    use a compiled hash table instead (solver/search/kernels/layers.py: every probe
    compares the lanes).
    """
    n = len(a)
    if n == 1:
        return (a, b, c), np.zeros(1, dtype=np.intp)
    if compiled and n >= _HASHED_MERGE:
        from .kernels.layers import unique_triples  # compiled: only big layers need it
        keep, inverse = unique_triples(a, b, c)
        return (a[keep], b[keep], c[keep]), inverse
    keys = _hash(a, b, c)
    order = np.argsort(keys)
    sk = keys[order]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(sk[1:], sk[:-1], out=new[1:])
    ids = np.cumsum(new) - 1
    keep = order[new]
    rep = keep[ids]  # each element's representative, in sorted order
    if not ((a[order] == a[rep]) & (b[order] == b[rep]) & (c[order] == c[rep])).all():
        order = np.lexsort((c, b, a))
        sa, sb, sc = a[order], b[order], c[order]
        new[1:] = (sa[1:] != sa[:-1]) | (sb[1:] != sb[:-1]) | (sc[1:] != sc[:-1])
        ids = np.cumsum(new) - 1
        keep = order[new]
    inverse = np.empty(n, dtype=np.intp)
    inverse[order] = ids
    return (a[keep], b[keep], c[keep]), inverse


