"""The layers' compiled loops (solver/search/layers.py, big racks only).

Merging equal remainders by a hash table in one pass instead of a sort
(``unique_triples``), the letter-wise maximum of a layer (``lane_max``), the
bitset join's AND and bit listing without a temporary per step
(``and_pairs``, for solver/search/joins.py), and the look-ahead's counts: how
many disjoint words of a length each remainder holds (``most_words``,
``lists_by_state``, ``first_words``).  tests/test_kernels.py and
tests/test_lookahead.py compare each with a plain way (the sort merge, the
pair test, a brute force).
"""

from __future__ import annotations

import numpy as np

from .bits import DE_BRUIJN, GUARD, LOWEST, ONE, ZERO
from .cache import compiled

_K1 = np.uint64(0x9E3779B97F4A7C15)
_K2 = np.uint64(0xC2B2AE3D27D4EB4F)


@compiled
def unique_triples(a, b, c):  # pragma: no cover - compiled
    """(first index of each distinct (a, b, c) triple, each triple's number), by first appearance.

    Open addressing on a mixed 64-bit hash; every probe compares the three
    lanes, so a hash collision only costs a step, never merges two triples.
    """
    n = len(a)
    size = 1
    while size < 2 * n:
        size *= 2
    mask = np.uint64(size - 1)
    table = np.full(size, -1, np.int64)
    keep = np.empty(n, np.int64)
    inverse = np.empty(n, np.int64)
    count = 0
    for i in range(n):
        h = a[i] ^ (b[i] * _K1) ^ ((c[i] + np.uint64(1)) * _K2)
        h ^= h >> np.uint64(29)
        h *= _K1
        h ^= h >> np.uint64(32)
        slot = h & mask
        while True:
            j = table[slot]
            if j < 0:
                table[slot] = count
                keep[count] = i
                inverse[i] = count
                count += 1
                break
            r = keep[j]
            if a[r] == a[i] and b[r] == b[i] and c[r] == c[i]:
                inverse[i] = j
                break
            slot = (slot + np.uint64(1)) & mask
    return keep[:count], inverse



@compiled
def and_pairs(bits, table, depth, n_states):  # pragma: no cover - compiled
    """(state, word) pairs where the state's bit is set in every requirement row of the word.

    ``bits[r, k]`` holds states 64k..64k+63 of requirement row r; ``table[w]``
    lists word w's ``depth[w]`` requirement rows, most selective first, so
    most machine words are zero after one or two ANDs.
    """
    n_words = table.shape[0]
    width = bits.shape[1]
    cap = 1024
    out_i = np.empty(cap, np.int64)
    out_j = np.empty(cap, np.int64)
    n = 0
    for w in range(n_words):
        d_w = depth[w]
        first = table[w, 0]
        for k in range(width):
            v = bits[first, k]
            if v == ZERO:
                continue
            d = 1
            while d < d_w:
                v &= bits[table[w, d], k]
                if v == ZERO:
                    break
                d += 1
            while v != ZERO:
                low = v & (~v + ONE)
                state = k * 64 + LOWEST[np.int64((low * DE_BRUIJN) >> np.uint64(58))]
                v ^= low
                if state >= n_states:
                    break
                if n == cap:
                    cap *= 2
                    grown = np.empty(cap, np.int64)
                    grown[:n] = out_i[:n]
                    out_i = grown
                    grown = np.empty(cap, np.int64)
                    grown[:n] = out_j[:n]
                    out_j = grown
                out_i[n] = state
                out_j[n] = w
                n += 1
    return out_i[:n], out_j[:n]


_FIELD = np.uint64(31)  # a letter's count, below its field's guard bit


@compiled
def lane_max(lane):  # pragma: no cover - compiled
    """The field-wise maximum (nine 6-bit letter counts) of a lane array, packed."""
    top = np.zeros(9, np.uint64)
    for value in lane:
        for i in range(9):
            field = (value >> np.uint64(6 * i)) & _FIELD
            if field > top[i]:
                top[i] = field
    out = ZERO
    for i in range(9):
        out |= top[i] << np.uint64(6 * i)
    return out


@compiled
def _holds(a, b, c, words, lo, hi, count, wa, wb, wc, left, at):  # pragma: no cover - compiled
    """Does the state (a, b, c) hold ``count`` disjoint words of ``words[lo:hi]``?

    Repeats allowed, in list order (a word is followed only by itself or
    later ones), depth first with an explicit stack (``left[:, d]``: the
    state's lanes left at depth d; ``at[d]``: the word tried there).
    """
    left[0, 0], left[1, 0], left[2, 0] = a, b, c
    at[0] = lo
    d = 0
    while d >= 0:
        if at[d] >= hi:
            d -= 1
            if d >= 0:
                at[d] += 1
            continue
        w = words[at[d]]
        if ((left[0, d] | GUARD) - wa[w]) & GUARD == GUARD and \
                ((left[1, d] | GUARD) - wb[w]) & GUARD == GUARD and \
                ((left[2, d] | GUARD) - wc[w]) & GUARD == GUARD:
            if d + 1 == count:
                return True
            left[0, d + 1] = left[0, d] - wa[w]
            left[1, d + 1] = left[1, d] - wb[w]
            left[2, d + 1] = left[2, d] - wc[w]
            at[d + 1] = at[d]
            d += 1
        else:
            at[d] += 1
    return False


@compiled
def _gather(words, lo, hi, wa, wb, wc, got):  # pragma: no cover - compiled
    """The lanes of ``words[lo:hi]``, side by side in ``got`` (3 x at least hi - lo)."""
    for i in range(lo, hi):
        w = words[i]
        got[0, i - lo], got[1, i - lo], got[2, i - lo] = wa[w], wb[w], wc[w]


@compiled
def _any_fits(a, b, c, got, lo, hi):  # pragma: no cover - compiled
    """Does one of the gathered words ``got[:, lo:hi]`` fit the state (a, b, c)?

    A block of words at a time, with no branch inside it (so that the loop
    compiles to vector instructions): a word fits when every guard bit survives
    the subtraction in all three lanes, i.e. in their AND (one mask for all).
    """
    a, b, c = a | GUARD, b | GUARD, c | GUARD
    q = lo
    while q < hi:
        end = min(q + 32, hi)
        hit = 0
        for i in range(q, end):
            hit += ((a - got[0, i]) & (b - got[1, i]) & (c - got[2, i]) & GUARD) == GUARD
        if hit:
            return True
        q = end
    return False


@compiled
def _holds_two(a, b, c, got, k):  # pragma: no cover - compiled
    """Does the state hold two words of the gathered list ``got[:, :k]`` (the second from
    the first on; every word of the list fits the state)?"""
    for p in range(k):
        if _any_fits(a - got[0, p], b - got[1, p], c - got[2, p], got, p, k):
            return True
    return False


@compiled
def most_words(sa, sb, sc, start, words, wa, wb, wc, limit, best):  # pragma: no cover - compiled
    """Per state, the most disjoint words of its list it holds; and the most of all.

    State s's list is ``words[start[s]:start[s + 1]]`` (indices into the word
    lanes ``wa, wb, wc``, in row order; a word may be taken more than once).
    Counts stop at ``limit``.  ``best`` is the most found so far (earlier
    chunks); a state that cannot reach the running most is marked -1 without
    its exact count (it cannot be among the states holding the most).
    Returns (per state: its count, or -1), the most of all.
    """
    n = len(sa)
    most = np.full(n, -1, np.int8)
    left = np.empty((3, limit + 1), np.uint64)
    at = np.empty(limit + 1, np.int64)
    got = np.empty((3, _longest(start)), np.uint64)
    for s in range(n):
        lo, hi = start[s], start[s + 1]
        count = max(best, 1)
        if hi > lo and count <= 2 and limit >= 2:
            _gather(words, lo, hi, wa, wb, wc, got)
        # one word: any (each fits); two: the gathered pair test; more: the depth-first search
        if hi == lo or (count == 2 and not _holds_two(sa[s], sb[s], sc[s], got, hi - lo)) or \
                (count > 2 and not _holds(sa[s], sb[s], sc[s], words, lo, hi, count,
                                          wa, wb, wc, left, at)):
            if best == 0:
                most[s] = 0
            continue
        while count < limit and (_holds_two(sa[s], sb[s], sc[s], got, hi - lo) if count == 1
                                 else _holds(sa[s], sb[s], sc[s], words, lo, hi, count + 1,
                                             wa, wb, wc, left, at)):
            count += 1
        most[s] = count
        best = max(best, count)
    return most, best


@compiled
def lists_by_state(pi, pj, n_states):  # pragma: no cover - compiled
    """(start, words): pairs regrouped by state, a stable counting sort.

    State s's words are ``words[start[s]:start[s + 1]]``, in the order the
    pairs came (the join lists each state's words in row order).
    """
    start = np.zeros(n_states + 1, np.int64)
    for i in pi:
        start[i + 1] += 1
    for s in range(n_states):
        start[s + 1] += start[s]
    fill = start[:-1].copy()
    words = np.empty(len(pj), np.int64)
    for k in range(len(pi)):
        words[fill[pi[k]]] = pj[k]
        fill[pi[k]] += 1
    return start, words


@compiled
def first_words(sa, sb, sc, start, words, wa, wb, wc, most, count):  # pragma: no cover
    """Which list entries leave room for the rest of ``count`` words (states holding that many).

    Entry p of state s's list (``words[start[s]:start[s + 1]]``, every word
    fitting its state) is kept when ``most[s]`` is ``count`` and the state
    less that word still holds ``count`` - 1 disjoint words of the list from
    p on (repeats allowed).
    """
    keep = np.zeros(len(words), np.bool_)
    left = np.empty((3, max(count, 1)), np.uint64)
    at = np.empty(max(count, 1), np.int64)
    got = np.empty((3, _longest(start)), np.uint64)
    for s in range(len(sa)):
        if most[s] != count:
            continue
        lo, hi = start[s], start[s + 1]
        if count == 2:  # one more word: the gathered test
            _gather(words, lo, hi, wa, wb, wc, got)
        for p in range(lo, hi):
            w = words[p]
            if count <= 1:
                keep[p] = True
            elif count == 2:
                keep[p] = _any_fits(sa[s] - wa[w], sb[s] - wb[w], sc[s] - wc[w], got,
                                    p - lo, hi - lo)
            else:
                keep[p] = _holds(sa[s] - wa[w], sb[s] - wb[w], sc[s] - wc[w], words,
                                 p, hi, count - 1, wa, wb, wc, left, at)
    return keep


@compiled
def _longest(start):  # pragma: no cover - compiled
    """The longest list's length (at least 1)."""
    most = 1
    for s in range(len(start) - 1):
        most = max(most, start[s + 1] - start[s])
    return most


def warm_up() -> None:
    """Load (or compile) these loops for the types the layers use."""
    one = np.ones(1, dtype=np.uint64)
    unique_triples(one, one, one)
    lane_max(one)
    and_pairs(np.ones((1, 1), dtype=np.uint64), np.zeros((1, 1), dtype=np.int64),
              np.ones(1, dtype=np.int64), 1)
    none = np.zeros(0, dtype=np.int64)
    most_words(one, one, one, np.zeros(2, dtype=np.int64), none, one, one, one, 1, 0)
    first_words(one, one, one, np.zeros(2, dtype=np.int64), none, one, one, one,
                np.zeros(1, dtype=np.int8), 1)
    lists_by_state(none, none, 1)
