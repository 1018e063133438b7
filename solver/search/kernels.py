"""Compiled loops (numba) for the layers of big racks, where numpy's passes cost most.

Each is a plain loop that numpy cannot fuse: a hash table that merges equal
remainders in one pass instead of a sort, the bitset join's AND and bit
listing without a temporary per step, the look-ahead's counts, and the
packing search's steps (the walk over a branch's states with their cheap
tests and kept weightings, the groups, the restricted relaxation: each state
called dozens of numpy operations on short arrays, whose per-call overhead
was most of the cost; most states fail those tests, and now never reach
Python).  The tests compare what they compute with the plain ways (the sort
merge, the pair test, the numpy cuts, the recursion the walk replaced,
scipy's optimum); only big racks use them, so small racks never pay
for numba's import or compilation.
Compiled code is cached on disk (numba's ``cache=True``: next to this module,
or in the user's cache folder when this one is read-only).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from solver.words.index import _LANE_GUARD as _GUARD  # each letter field's guard bit


def _compiled(function):
    """numba-compile ``function``, cached on disk when some cache folder is writable."""
    try:
        return njit(cache=True, nogil=True)(function)
    except RuntimeError:  # no writable cache location: compile once per process instead
        return njit(nogil=True)(function)


_K1 = np.uint64(0x9E3779B97F4A7C15)
_K2 = np.uint64(0xC2B2AE3D27D4EB4F)


@_compiled
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


# the index of a 64-bit word's lowest set bit: a de Bruijn multiply and a table
_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_LOWEST = np.array([0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
                    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
                    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
                    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6], dtype=np.int64)
_ZERO = np.uint64(0)
_ONE = np.uint64(1)


@_compiled
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
            if v == _ZERO:
                continue
            d = 1
            while d < d_w:
                v &= bits[table[w, d], k]
                if v == _ZERO:
                    break
                d += 1
            while v != _ZERO:
                low = v & (~v + _ONE)
                state = k * 64 + _LOWEST[np.int64((low * _DE_BRUIJN) >> np.uint64(58))]
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


@_compiled
def lane_max(lane):  # pragma: no cover - compiled
    """The field-wise maximum (nine 6-bit letter counts) of a lane array, packed."""
    top = np.zeros(9, np.uint64)
    for value in lane:
        for i in range(9):
            field = (value >> np.uint64(6 * i)) & _FIELD
            if field > top[i]:
                top[i] = field
    out = _ZERO
    for i in range(9):
        out |= top[i] << np.uint64(6 * i)
    return out


@_compiled
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
        if ((left[0, d] | _GUARD) - wa[w]) & _GUARD == _GUARD and \
                ((left[1, d] | _GUARD) - wb[w]) & _GUARD == _GUARD and \
                ((left[2, d] | _GUARD) - wc[w]) & _GUARD == _GUARD:
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


@_compiled
def _gather(words, lo, hi, wa, wb, wc, got):  # pragma: no cover - compiled
    """The lanes of ``words[lo:hi]``, side by side in ``got`` (3 x at least hi - lo)."""
    for i in range(lo, hi):
        w = words[i]
        got[0, i - lo], got[1, i - lo], got[2, i - lo] = wa[w], wb[w], wc[w]


@_compiled
def _any_fits(a, b, c, got, lo, hi):  # pragma: no cover - compiled
    """Does one of the gathered words ``got[:, lo:hi]`` fit the state (a, b, c)?

    A block of words at a time, with no branch inside it (so that the loop
    compiles to vector instructions): a word fits when every guard bit survives
    the subtraction in all three lanes, i.e. in their AND (one mask for all).
    """
    a, b, c = a | _GUARD, b | _GUARD, c | _GUARD
    q = lo
    while q < hi:
        end = min(q + 32, hi)
        hit = 0
        for i in range(q, end):
            hit += ((a - got[0, i]) & (b - got[1, i]) & (c - got[2, i]) & _GUARD) == _GUARD
        if hit:
            return True
        q = end
    return False


@_compiled
def _holds_two(a, b, c, got, k):  # pragma: no cover - compiled
    """Does the state hold two words of the gathered list ``got[:, :k]`` (the second from
    the first on; every word of the list fits the state)?"""
    for p in range(k):
        if _any_fits(a - got[0, p], b - got[1, p], c - got[2, p], got, p, k):
            return True
    return False


@_compiled
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


@_compiled
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


@_compiled
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


@_compiled
def _longest(start):  # pragma: no cover - compiled
    """The longest list's length (at least 1)."""
    most = 1
    for s in range(len(start) - 1):
        most = max(most, start[s + 1] - start[s])
    return most


@_compiled
def _guarded_lanes(counts):  # pragma: no cover - compiled
    """26 letter counts packed into three lanes, guard bits set: a word fits them when
    every guard bit survives subtracting its lanes."""
    have = np.zeros(3, np.uint64)
    for letter in range(26):
        have[letter // 9] |= np.uint64(counts[letter]) << np.uint64(6 * (letter % 9))
    return have[0] | _GUARD, have[1] | _GUARD, have[2] | _GUARD


@_compiled
def _fits(a, b, c, wa, wb, wc, w):  # pragma: no cover - compiled
    """Does word ``w`` fit the guarded lanes (a, b, c)?  Every guard bit must survive the
    subtraction in all three lanes, i.e. in their AND (one mask serves all three)."""
    return (a - wa[w]) & (b - wb[w]) & (c - wc[w]) & _GUARD == _GUARD


@_compiled
def tails_left(tails, tiles, binned, room, spare, low, lengths, counts,
               wa, wb, wc):  # pragma: no cover - compiled
    """The tail words still possible at a packing state, in order.

    A tail word must fit the bin: its settled letters (``binned``) and at most
    the unplaced ``tiles`` of the others; be ``low`` letters or more (the
    one-of queries' bound); and, with ``spare`` (one tail word), leave the
    bin's settled tiles it does not use room: the bin holds ``room`` tiles
    (solver/search/packing.py, the cuts).
    """
    cap = np.empty(26, np.int64)
    settled = 0
    for letter in range(26):
        cap[letter] = tiles[letter] + binned[letter]
        settled += binned[letter]
    a, b, c = _guarded_lanes(cap)
    kept = np.empty(len(tails), np.int64)
    n = 0
    for i in range(len(tails)):
        w = tails[i]
        if lengths[w] < low or not _fits(a, b, c, wa, wb, wc, w):
            continue
        if spare and settled > 0:
            used = 0
            for letter in range(26):
                if binned[letter] > 0:
                    used += counts[w, letter]
            if settled - used > room - lengths[w]:
                continue
        kept[n] = w
        n += 1
    return kept[:n]


_ONES = np.uint64(sum(1 << (6 * i) for i in range(9)))  # a 1 in each letter field
_FIVE = np.uint64(5)  # from a field's guard bit to its lowest bit


@_compiled
def _field_max(a, b):  # pragma: no cover - compiled
    """The field-wise maximum of two packed lanes (no guard bits set): where a field of a
    is at least b's, its guard bit survives (a | guard) - b, and then spans the field."""
    ge = ((a | _GUARD) - b) & _GUARD
    take = ge - (ge >> _FIVE)
    return (a & take) | (b & ~take)


@_compiled
def _held(lane):  # pragma: no cover - compiled
    """A 1 in each field of ``lane`` that is not zero (its guard bit survives subtracting 1)."""
    return (((lane | _GUARD) - _ONES) & _GUARD) >> _FIVE


_SIX_BITS = np.uint64(63)


@_compiled
def _field(lanes, letter):  # pragma: no cover - compiled
    """A letter's whole 6-bit field in three packed lanes."""
    return np.int64((lanes[letter // 9] >> np.uint64(6 * (letter % 9))) & _SIX_BITS)


@_compiled
def _add_fields(acc, out):  # pragma: no cover - compiled
    """Add the three lanes' 26 fields to ``out`` and clear them."""
    for letter in range(26):
        out[letter] += _field(acc, letter)
    acc[0], acc[1], acc[2] = _ZERO, _ZERO, _ZERO


@_compiled
def branch_cuts(act, want, tiles, free, lengths, vowels, is_vowel,
                wa, wb, wc):  # pragma: no cover - compiled
    """The packing search's cheap cuts at a state, and the letter it branches on.

    The words of ``act`` still wanted (``want[length] > 0``) that fit ``tiles``
    are kept, in order.  The state is empty (x = -1) when a wanted length has
    no such word; when the tiles no main word can take (past ``want[L]`` times
    the most of that letter any word of length L holds) are more than the
    bin's ``free`` room; or when the wanted words' least vowels (or least other
    letters) are more than the tiles hold (solver/search/packing.py: each is a
    necessary condition).  Otherwise x is the letter with tiles left that the
    fewest kept words contain (the first such letter on ties).
    Returns (kept, x).
    """
    a, b, c = _guarded_lanes(tiles)
    kept = np.empty(len(act), np.int64)
    n = 0
    for i in range(len(act)):
        w = act[i]
        if want[lengths[w]] > 0 and _fits(a, b, c, wa, wb, wc, w):
            kept[n] = w
            n += 1
    kept = kept[:n]
    if n == 0:
        return kept, -1
    top = len(want)
    # per length, the most of each letter a word holds (packed lanes, a field-wise max);
    # and how many words hold each letter (a 1 per held field, summed in the lanes'
    # 6-bit fields, which are added out every 63 words before they could overflow)
    most = np.zeros((top, 3), np.uint64)
    least_vowels = np.full(top, 1 << 30, np.int64)
    most_vowels = np.full(top, -1, np.int64)
    spread = np.zeros(26, np.int64)
    acc = np.zeros(3, np.uint64)
    for i in range(n):
        w = kept[i]
        length = lengths[w]
        most[length, 0] = _field_max(most[length, 0], wa[w])
        most[length, 1] = _field_max(most[length, 1], wb[w])
        most[length, 2] = _field_max(most[length, 2], wc[w])
        acc[0] += _held(wa[w])
        acc[1] += _held(wb[w])
        acc[2] += _held(wc[w])
        if i % 63 == 62:
            _add_fields(acc, spread)
        least_vowels[length] = min(least_vowels[length], vowels[w])
        most_vowels[length] = max(most_vowels[length], vowels[w])
    _add_fields(acc, spread)
    usable = np.zeros(26, np.int64)
    need_vowels = 0
    need_others = 0
    for length in range(top):
        if want[length] > 0:
            if most_vowels[length] < 0:
                return kept, -1  # a wanted length with no word left
            for letter in range(26):
                usable[letter] += want[length] * _field(most[length], letter)
            need_vowels += want[length] * least_vowels[length]
            need_others += want[length] * (length - most_vowels[length])
    over = 0
    held_vowels = 0
    held = 0
    for letter in range(26):
        if tiles[letter] > usable[letter]:
            over += tiles[letter] - usable[letter]
        held += tiles[letter]
        if is_vowel[letter]:
            held_vowels += tiles[letter]
    if over > free or need_vowels > held_vowels or need_others > held - held_vowels:
        return kept, -1
    x = 0
    for letter in range(26):
        if tiles[letter] <= 0:
            spread[letter] = 1 << 30
        if spread[letter] < spread[x]:
            x = letter
    return kept, x


@_compiled
def _add_least(words, starts, sizes, pool, numbers, weights, made, counts,
               total):  # pragma: no cover - compiled
    """``total[p]`` += each group's size times its lightest word's weight under weighting p.

    ``weights[w, p]`` is word w's weight under the weighting in column p when
    ``made[w, p]`` is that weighting's number, ``numbers[p]``; else it is made
    here (so each word is weighed once per weighting, and only the words some
    state asks about).
    """
    k = len(numbers)
    least = np.empty(k)
    n = len(words)
    for g in range(len(starts)):
        end = starts[g + 1] if g + 1 < len(starts) else n
        least[:] = np.inf
        for i in range(starts[g], end):
            w = words[i]
            for p in range(k):
                if made[w, p] != numbers[p]:
                    weight = 0.0
                    for letter in range(26):
                        weight += counts[w, letter] * pool[letter, p]
                    weights[w, p] = weight
                    made[w, p] = numbers[p]
                least[p] = min(least[p], weights[w, p])
        for p in range(k):
            total[p] += sizes[g] * least[p]


@_compiled
def weighting_proves(act, tails, want, tail_want, one_of, cap, pool, numbers, weights, made,
                     lengths, counts, extra):  # pragma: no cover - compiled
    """Does one of the kept letter weightings (the columns of ``pool``) prove a packing
    state empty?

    The letter-weighting cut of solver/search/packing.py: y proves the state empty
    when the groups' sizes times their lightest word's weight y . w (the
    state's main words ``act``, then its ``tails``, grouped by
    ``word_groups``), plus ``extra[p]`` (a lower bound for groups left out),
    sum to more than y . ``cap``.  Column p holds the weighting numbered
    ``numbers[p]``; word weights are kept as ``_add_least`` says.  The
    weightings are integers held in float64, and every product and partial
    sum is an integer below 2^53 (counts below 32, weights at most 2^20), so
    each test is exact.
    """
    n_main = len(act)
    n = n_main + len(tails)
    words = np.empty(n, np.int64)
    words[:n_main] = act
    words[n_main:] = tails
    starts, sizes = word_groups(lengths[words], n_main, one_of, want, tail_want)
    total = extra.copy()
    _add_least(words, starts, sizes, pool, numbers, weights, made, counts, total)
    for p in range(len(numbers)):
        limit = 0.0
        for letter in range(26):
            limit += cap[letter] * pool[letter, p]
        if total[p] > limit:
            return True
    return False


@_compiled
def _tails_fitting(tails, tiles, binned, room, spare, low, one_of, need_lengths, lengths, counts,
                   wa, wb, wc):  # pragma: no cover - compiled
    """(does the bin still hold the tail, the tail words still possible: ``tails_left``).

    ``need_lengths`` lists the tail lengths each of which needs a word (not
    ``one_of``, where one word of any will do).
    """
    kept_tails = tails_left(tails, tiles, binned, room, spare, low, lengths, counts,
                            wa, wb, wc)
    if one_of:
        return len(kept_tails) > 0, kept_tails
    for length in need_lengths:
        held = False
        for w in kept_tails:
            if lengths[w] == length:
                held = True
                break
        if not held:
            return False, kept_tails
    return True, kept_tails


@_compiled
def _main_cuts(act, want, tiles, lengths, vowels, is_vowel, wa, wb,
               wc):  # pragma: no cover - compiled
    """(status, kept main words, letter): 2 when no main word is wanted (the bin decides),
    0 when the wanted words overflow the tiles or a cut of ``branch_cuts`` holds, else 1."""
    none = act[:0]
    need = 0
    for length in range(len(want)):
        need += want[length] * length
    if need == 0:
        return 2, none, -1
    free = -need
    for letter in range(26):
        free += tiles[letter]
    if free < 0:
        return 0, none, -1
    kept, x = branch_cuts(act, want, tiles, free, lengths, vowels, is_vowel, wa, wb, wc)
    if x < 0:
        return 0, none, -1
    return 1, kept, x


@_compiled
def open_state(tiles, want, binned, act, tails, room, spare, low, one_of, need_lengths,
               lengths, counts, vowels, is_vowel, wa, wb, wc):  # pragma: no cover - compiled
    """A packing state's cheap tests, all at once: (status, kept words, letter, tail words).

    Status 0: the state is empty (a tail length has no word left, the main
    words overflow the tiles, or a cut of ``branch_cuts`` holds); 1: open, to
    branch on the letter (the kept main words and tail words are the
    candidates below it); 2: no main word is wanted, so the bin decides.
    """
    held, kept_tails = _tails_fitting(tails, tiles, binned, room, spare, low, one_of,
                                      need_lengths, lengths, counts, wa, wb, wc)
    if not held:
        return 0, act[:0], -1, kept_tails
    status, kept, x = _main_cuts(act, want, tiles, lengths, vowels, is_vowel, wa, wb, wc)
    return status, kept, x, kept_tails


@_compiled
def fit_table(words, counts, cap):  # pragma: no cover - compiled
    """Bitsets over ``words`` (which fit ``cap``): ``table[letter, k]`` marks the words holding
    at most k of the letter, for k up to ``cap[letter]`` (for ``fitting``)."""
    blocks = (len(words) + 63) // 64
    top = 0
    for letter in range(26):
        top = max(top, cap[letter])
    table = np.zeros((26, top + 1, blocks), np.uint64)
    for i in range(len(words)):
        bit = _ONE << np.uint64(i % 64)
        for letter in range(26):
            count = counts[words[i], letter]
            if count <= cap[letter]:  # (a word past the cap fits nothing smaller: no bit)
                table[letter, count, i // 64] |= bit
    for letter in range(26):  # exactly k, then at most k
        for k in range(1, cap[letter] + 1):
            for b in range(blocks):
                table[letter, k, b] |= table[letter, k - 1, b]
    return table


@_compiled
def fit_bits(table, cap, smaller):  # pragma: no cover - compiled
    """The words of a ``fit_table`` (made for ``cap``) that fit ``smaller`` (at most ``cap``
    in every letter), as a bitset: the AND of the letters whose count went down."""
    blocks = table.shape[2]
    bits = np.empty(blocks, np.uint64)
    bits[:] = ~_ZERO
    for letter in range(26):
        if smaller[letter] < cap[letter]:
            for b in range(blocks):
                bits[b] &= table[letter, smaller[letter], b]
    return bits


@_compiled
def _any_bit(bits, lo, hi):  # pragma: no cover - compiled
    """Is a bit of positions lo..hi-1 set?  (A block at a time, the ends masked.)"""
    if hi <= lo:
        return False
    first, last = lo // 64, (hi - 1) // 64
    for b in range(first, last + 1):
        v = bits[b]
        if b == first:
            v &= ~_ZERO << np.uint64(lo % 64)
        if b == last and hi % 64:
            v &= (_ONE << np.uint64(hi % 64)) - _ONE
        if v != _ZERO:
            return True
    return False


@_compiled
def fitting(table, words, cap, smaller):  # pragma: no cover - compiled
    """The words of a ``fit_table`` (made for ``words`` and ``cap``) that fit ``smaller``."""
    return _listed(fit_bits(table, cap, smaller), words)


@_compiled
def _listed(bits, words):  # pragma: no cover - compiled
    """The ``words`` whose bits are set, in order."""
    blocks = len(bits)
    out = np.empty(len(words), np.int64)
    n = 0
    for b in range(blocks):
        v = bits[b]
        while v != _ZERO:
            low = v & (~v + _ONE)
            i = b * 64 + _LOWEST[np.int64((low * _DE_BRUIJN) >> np.uint64(58))]
            v ^= low
            if i >= len(words):
                break
            out[n] = words[i]
            n += 1
    return out[:n]


@_compiled
def next_child(walk_tiles, walk_want, walk_left, walk_at, walk_cost, chosen, depth, binned,
               act, tails, act_table, tail_table, x, cover, excess, slack, free, room, spare,
               low, one_of, need_lengths, tail_want, pool, numbers, weights, made, lengths,
               counts, vowels, is_vowel, wa, wb, wc, limit):  # pragma: no cover - compiled
    """The next state below a packing branch that passes ``open_state`` and the kept letter
    weightings (``weighting_proves``), in depth-first order.

    The branch puts the letter x's tiles in main words of ``cover`` (each
    holding x; a multiset, in row order: a word is followed only by itself or
    later ones) and the rest in the bin, when the bin's ``free`` room takes
    them.  Words whose ``excess`` weights (``reduced_costs``, under the
    branch's own weighting) sum past ``slack`` are never placed together:
    every state below them is empty.  The walk is an explicit stack that a
    call resumes: frame d holds the tiles, wanted lengths, x tiles left and
    summed excess (``walk_cost[d]``) after the words ``chosen[:d]`` and, in
    ``walk_at[d]``, the next cover word to try; a frame's own state (the rest
    of x to the bin) comes after every state below it, as in the recursion it
    replaces.  Returns (status, frame, tiles, want, binned,
    kept, letter, tail words, states visited): the status of ``open_state``
    (1 or 2; the state's words are ``chosen[:frame]``), 0 when the walk is
    over, or 3 after ``limit`` states with none open (call again).
    """
    visited = 0
    d = depth[0]
    n_cover = len(cover)
    top_cap = walk_tiles[0] + binned  # what the branch's tail words fit
    # quick tests first, each necessary (a state failing one is empty), then the full ones:
    # a tail word of each length still fits (positions lo..hi-1 of the branch's tails,
    # which run longest first), and the kept weightings with each tail group's lightest
    # word among the branch's tails (at most its lightest among the state's)
    ranges = np.zeros((max(len(need_lengths), 1), 2), np.int64)
    n_ranges = 0
    if one_of:
        n_ranges = 1
        while ranges[0, 1] < len(tails) and lengths[tails[ranges[0, 1]]] >= low:
            ranges[0, 1] += 1
    else:
        for length in need_lengths:
            for i in range(len(tails)):
                if lengths[tails[i]] == length:
                    if ranges[n_ranges, 1] == 0:
                        ranges[n_ranges, 0] = i
                    ranges[n_ranges, 1] = i + 1
            n_ranges += 1
    tail_least = np.zeros(len(numbers))
    if len(tails) and len(numbers):
        starts, sizes = word_groups(lengths[tails], 0, one_of, walk_want[0], tail_want)
        _add_least(tails, starts, sizes, pool, numbers, weights, made, counts, tail_least)
    no_tails = tails[:0]
    while d >= 0:
        left = walk_left[d]
        if left > 0:
            a, b, c = _guarded_lanes(walk_tiles[d])
            i = walk_at[d]
            while i < n_cover:
                w = cover[i]
                if walk_want[d, lengths[w]] > 0 and counts[w, x] <= left and \
                        walk_cost[d] + excess[i] <= slack and _fits(a, b, c, wa, wb, wc, w):
                    break
                i += 1
            if i < n_cover:
                w = cover[i]
                walk_at[d] = i + 1
                chosen[d] = w
                for letter in range(26):
                    walk_tiles[d + 1, letter] = walk_tiles[d, letter] - counts[w, letter]
                walk_want[d + 1, :] = walk_want[d, :]
                walk_want[d + 1, lengths[w]] -= 1
                walk_left[d + 1] = left - counts[w, x]
                walk_cost[d + 1] = walk_cost[d] + excess[i]
                walk_at[d + 1] = i
                d += 1
                continue
        frame = d
        d -= 1
        if left > free:
            continue
        visited += 1
        tiles = walk_tiles[frame].copy()
        tiles[x] = 0
        settled = binned.copy()
        settled[x] = left
        want = walk_want[frame].copy()
        # the state's words are among those of the branch that fit its smaller counts
        # (found by the branch's bitsets; the tests below check the fit again)
        bin_cap = tiles + settled
        tail_bits = fit_bits(tail_table, top_cap, bin_cap)
        kept, kx, kept_tails = act[:0], -1, no_tails
        status = 1
        for r in range(n_ranges):
            if not _any_bit(tail_bits, ranges[r, 0], ranges[r, 1]):
                status = 0
        if status:
            status, kept, kx = _main_cuts(fitting(act_table, act, walk_tiles[0], tiles), want,
                                          tiles, lengths, vowels, is_vowel, wa, wb, wc)
        if status == 1 and len(numbers) and weighting_proves(
                kept, no_tails, want, tail_want, one_of, bin_cap.astype(np.int64), pool,
                numbers, weights, made, lengths, counts, tail_least):
            status = 0
        if status:  # the full tests: the tail words themselves, then every group exact
            held, kept_tails = _tails_fitting(_listed(tail_bits, tails), tiles, settled, room,
                                              spare, low, one_of, need_lengths, lengths, counts,
                                              wa, wb, wc)
            if not held:
                status = 0
        if status == 1 and len(numbers) and weighting_proves(
                kept, kept_tails, want, tail_want, one_of, bin_cap.astype(np.int64),
                pool, numbers, weights, made, lengths, counts, np.zeros(len(numbers))):
            status = 0
        if status != 0 or visited >= limit:
            depth[0] = d
            return (status if status != 0 else 3), frame, tiles, want, settled, kept, kx, \
                kept_tails, visited
    depth[0] = -1
    return 0, 0, binned, walk_want[0], binned, act[:0], -1, tails[:0], visited


@_compiled
def word_groups(lengths, n_main, one_of, want, tail_want):  # pragma: no cover - compiled
    """The groups of a packing state's words: (starts, sizes).

    The words are the main candidates (the first ``n_main``, longest first)
    and then the tail candidates, with these ``lengths``.  Each run of one
    main length is a group of ``want[length]`` words; the tail is one group of
    one word (``one_of``: a word of any of its lengths) or a group per length
    of ``tail_want[length]`` words.  The letter-weighting cut's argument sums
    over exactly these groups (solver/search/packing.py).
    """
    n = len(lengths)
    starts = np.empty(n, np.int64)
    sizes = np.empty(n, np.int64)
    g = 0
    for i in range(n):
        if i == 0 or i == n_main or (lengths[i] != lengths[i - 1] and
                                     (i < n_main or not one_of)):
            starts[g] = i
            if i < n_main:
                sizes[g] = want[lengths[i]]
            else:
                sizes[g] = 1 if one_of else tail_want[lengths[i]]
            g += 1
    return starts[:g], sizes[:g]


_TOLERANCE = 1e-9  # the simplex's: a reduced cost or pivot this small counts as zero


@_compiled
def _simplex(tab, rhs, basic, reduced, n_cols):  # pragma: no cover - compiled
    """Pivot a feasible tableau to the optimum: (solved, the objective's gain).

    Columns 0..n_cols-1 of ``tab`` are in use; ``reduced`` is the objective
    row (each column's reduced cost; minimising).  Dantzig's rule, and Bland's
    rule after a run of degenerate pivots (no cycling).
    """
    m = tab.shape[0]
    gain = 0.0
    degenerate = 0
    for _ in range(20 * n_cols + 1000):
        enter = -1
        if degenerate < 40:  # Dantzig: the most negative reduced cost
            least = -_TOLERANCE
            for j in range(n_cols):
                if reduced[j] < least:
                    least = reduced[j]
                    enter = j
        else:  # Bland: the first negative one
            for j in range(n_cols):
                if reduced[j] < -_TOLERANCE:
                    enter = j
                    break
        if enter < 0:  # optimal
            return True, gain
        leave = -1
        ratio = np.inf
        for i in range(m):
            if tab[i, enter] > _TOLERANCE:
                q = rhs[i] / tab[i, enter]
                if q < ratio - 1e-12 or (q <= ratio + 1e-12 and basic[i] < basic[leave]):
                    ratio = q
                    leave = i
        if leave < 0:  # unbounded: not for these rows (t is held by its groups)
            return False, gain
        degenerate = degenerate + 1 if ratio <= _TOLERANCE else 0
        pivot = tab[leave, enter]
        for j in range(n_cols):
            tab[leave, j] /= pivot
        rhs[leave] /= pivot
        for i in range(m):
            f = tab[i, enter]
            if i != leave and f != 0.0:
                for j in range(n_cols):
                    tab[i, j] -= f * tab[leave, j]
                rhs[i] = max(rhs[i] - f * rhs[leave], 0.0)  # >= 0 but for rounding
        f = reduced[enter]
        for j in range(n_cols):
            reduced[j] -= f * tab[leave, j]
        gain -= f * rhs[leave]
        basic[leave] = enter
    return False, gain


@_compiled
def _tableau(sizes, cap, width):  # pragma: no cover - compiled
    """The relaxation's first tableau: rows the 26 letters then the groups, columns t, the
    slacks (the first basis), then room for ``width`` word columns."""
    n_groups = len(sizes)
    m = 26 + n_groups
    tab = np.zeros((m, 1 + m + width))
    rhs = np.zeros(m)
    basic = np.empty(m, np.int64)
    for i in range(m):
        tab[i, 1 + i] = 1.0
        basic[i] = 1 + i
        if i < 26:
            rhs[i] = cap[i]
    for g in range(n_groups):
        tab[26 + g, 0] = sizes[g]
    reduced = np.zeros(1 + m + width)
    reduced[0] = -1.0
    return tab, rhs, basic, reduced


@_compiled
def _add_column(tab, reduced, column, letters, amounts, w, group):  # pragma: no cover
    """Word w as tableau column ``column``: its letters and -1 in its group's row, through
    the current basis (the slack columns hold its inverse), with its reduced cost."""
    m = tab.shape[0]
    for i in range(m):
        tab[i, column] = -tab[i, 1 + 26 + group]
    reduced[column] = -reduced[1 + 26 + group]
    for j in range(letters.shape[1]):
        letter = letters[w, j]
        if letter < 0:
            break
        count = amounts[w, j]
        for i in range(m):
            tab[i, column] += count * tab[i, 1 + letter]
        reduced[column] += count * reduced[1 + letter]


@_compiled
def _lightest(values, among, count, chosen, offset):  # pragma: no cover - compiled
    """Mark in ``chosen`` (at ``offset`` + i) the ``count`` entries i of ``among`` with the
    least ``values[i]`` (all of them when there are no more; ties: the first ones).

    A sorted buffer of the lightest so far (an entry displaces the heaviest only when
    strictly lighter, so the first of equal ones stay): plain loops, where numpy's
    partition took seconds to compile."""
    if len(among) <= count:
        for i in among:
            chosen[offset + i] = True
        return
    best = np.empty(count, np.int64)
    filled = 0
    for i in among:
        v = values[i]
        if filled == count and v >= values[best[count - 1]]:
            continue
        j = filled if filled < count else count - 1
        while j > 0 and values[best[j - 1]] > v:
            if j < count:
                best[j] = best[j - 1]
            j -= 1
        best[j] = i
        if filled < count:
            filled += 1
    for j in range(count):
        chosen[offset + best[j]] = True


@_compiled
def spelled(counts):  # pragma: no cover - compiled
    """Each word's letters and how many of each, in letter order, padded with -1: (letters,
    amounts), for sums over a word's few letters rather than all 26."""
    width = 1
    for w in range(len(counts)):
        held = 0
        for letter in range(26):
            held += counts[w, letter] > 0
        width = max(width, held)
    letters = np.full((len(counts), width), -1, np.int8)
    amounts = np.zeros((len(counts), width), np.int8)
    for w in range(len(counts)):
        j = 0
        for letter in range(26):
            if counts[w, letter] > 0:
                letters[w, j] = letter
                amounts[w, j] = counts[w, letter]
                j += 1
    return letters, amounts


@_compiled
def _weights_of(words, letters, amounts, y):  # pragma: no cover - compiled
    """Each word's weight y . w (over its letters, from ``spelled``)."""
    out = np.empty(len(words))
    width = letters.shape[1]
    for i in range(len(words)):
        w = words[i]
        total = 0.0
        for j in range(width):
            letter = letters[w, j]
            if letter < 0:
                break
            total += amounts[w, j] * y[letter]
        out[i] = total
    return out


@_compiled
def rounded_weighting(y, scale):  # pragma: no cover - compiled
    """y clipped at 0, scaled so that its largest weight is ``scale``, and floored: integers
    held in float64 (all zero when y has no positive weight)."""
    top = 0.0
    for letter in range(26):
        top = max(top, y[letter])
    rounded = np.zeros(26)
    if top > 0.0:
        for letter in range(26):
            rounded[letter] = np.floor(max(y[letter], 0.0) / top * scale)
    return rounded


@_compiled
def reduced_costs(words, letters, amounts, starts, sizes, cap, y):  # pragma: no cover
    """(each word's weight y . w above its group's lightest, the room: y . cap less the
    groups' sizes times their lightest weight), for an integer weighting y.

    Why: the letter-weighting cut of solver/search/packing.py, for the states below
    this one.  A state's packing takes ``sizes[g]`` words of each group g, so
    the words a branch places weigh together at most the room plus their
    groups' lightest weights; a choice of words whose excesses (the first
    number) sum past the room is empty however it is completed (its other
    words weigh at least their groups' lightest).  Every sum is an integer
    below 2^53, so exact.
    """
    weights = _weights_of(words, letters, amounts, y)
    n = len(words)
    excess = np.empty(n)
    room = 0.0
    for letter in range(26):
        room += cap[letter] * y[letter]
    for g in range(len(starts)):
        end = starts[g + 1] if g + 1 < len(starts) else n
        least = np.inf
        for i in range(starts[g], end):
            least = min(least, weights[i])
        room -= sizes[g] * least
        for i in range(starts[g], end):
            excess[i] = weights[i] - least
    return excess, room


@_compiled
def rounded_proves(words, letters, amounts, starts, sizes, cap, y, scale):  # pragma: no cover
    """(does y, rounded to integers, prove the packing state empty; the rounded y).

    y is clipped at 0 and scaled so that its largest weight is ``scale``, then
    floored (``rounded_weighting``).  It proves the state empty when the
    groups' sizes times their lightest word's weight sum to more than y . cap
    (solver/search/packing.py): when ``reduced_costs`` leaves no room.
    """
    rounded = rounded_weighting(y, scale)
    return reduced_costs(words, letters, amounts, starts, sizes, cap, rounded)[1] < 0.0, rounded


@_compiled
def column_generation(words, letters, amounts, starts, sizes, cap, ref, first, more, rounds,
                      scale):  # pragma: no cover - compiled
    """The packing relaxation by column generation: (solved, most t, x, letter duals y).

    The words are in groups (runs from ``starts``); only the ``first``
    lightest of each under the weighting ``ref`` are columns at first.  After
    each solve (``_simplex``, on one tableau that grows: a round's new columns
    enter the last round's basis, through its inverse, which the slack columns
    hold), the words of each group lighter
    under the solution's y than every column of their group (the ones that
    could improve it: a column's reduced cost is y . w minus its group's
    price, and the group's basic columns cost its price; at most ``more`` a
    group, the lightest) become columns, until none is (then the restricted
    optimum is the whole one), or y, rounded, proves the cut, or after
    ``rounds`` solves.  Only a suggestion and an order: the caller checks any
    y it uses exactly (solver/search/packing.py).
    """
    n = len(words)
    n_groups = len(starts)
    ends = np.empty(n_groups, np.int64)
    for g in range(n_groups):
        ends[g] = starts[g + 1] if g + 1 < n_groups else n
    group = np.empty(n, np.int64)
    for g in range(n_groups):
        group[starts[g]:ends[g]] = g
    chosen = np.zeros(n, np.bool_)
    score = _weights_of(words, letters, amounts, ref)
    for g in range(n_groups):
        _lightest(score[starts[g]:ends[g]], np.arange(ends[g] - starts[g]), first, chosen,
                  starts[g])
    tab, rhs, basic, reduced = _tableau(sizes.astype(np.float64), cap.astype(np.float64), n)
    m = tab.shape[0]
    word_at = np.empty(1 + m + n, np.int64)  # the word of each word column
    n_cols = 1 + m
    placed = np.zeros(n, np.bool_)
    value, y = 0.0, np.zeros(26)
    for _ in range(rounds):
        for i in range(n):
            if chosen[i] and not placed[i]:
                _add_column(tab, reduced, n_cols, letters, amounts, words[i], group[i])
                word_at[n_cols] = i
                placed[i] = True
                n_cols += 1
        ok, gain = _simplex(tab, rhs, basic, reduced, n_cols)
        if not ok:
            return False, 0.0, np.zeros(n), y
        value += gain
        y = reduced[1:27].copy()
        price = _weights_of(words, letters, amounts, np.maximum(y, 0.0))
        added = False
        for g in range(n_groups):
            lo, hi = starts[g], ends[g]
            least = np.inf
            for i in range(lo, hi):
                if chosen[i]:
                    least = min(least, price[i])
            below = least - 1e-9 * (1.0 + abs(least))
            cheaper = np.empty(hi - lo, np.int64)
            n_cheaper = 0
            for i in range(lo, hi):
                if not chosen[i] and price[i] < below:
                    cheaper[n_cheaper] = i - lo
                    n_cheaper += 1
            if n_cheaper:
                _lightest(price[lo:hi], cheaper[:n_cheaper], more, chosen, lo)
                added = True
        if not added:
            break
        if value < 1.0 and rounded_proves(words, letters, amounts, starts, sizes, cap, y,
                                          scale)[0]:
            break  # a y that already proves the cut needs no more columns
    x = np.zeros(n)
    for i in range(m):
        if basic[i] >= 1 + m:
            x[word_at[basic[i]]] = rhs[i]
    return True, value, x, y


def ready() -> None:
    """Load (or, the first time after installing, compile) every loop, for the types used.

    The search calls this before it starts its clock, so that compiling never
    eats a search's budget.
    """
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
    tails_left(none, np.zeros(26, dtype=np.int16), np.zeros(26, dtype=np.int16), 0, True, 0,
               none, np.zeros((1, 26), dtype=np.int16), one, one, one)
    small = np.zeros(26, dtype=np.int16)
    open_state(small, np.zeros(2, dtype=np.int64), small, none, none, 0, True, 0, False, none,
               none, np.zeros((1, 26), dtype=np.int16), none, np.zeros(26, dtype=np.bool_),
               one, one, one)
    table = fit_table(none, np.zeros((1, 26), dtype=np.int16), small)
    fitting(table, none, small, small)
    _any_bit(fit_bits(table, small, small), 0, 0)
    next_child(np.zeros((1, 26), dtype=np.int16), np.zeros((1, 2), dtype=np.int64), none, none,
               np.zeros(1), none, np.zeros(1, dtype=np.int64), small, none, none, table, table,
               0, none, np.zeros(0), 0.0, 0, 0, True, 0,
               False, none, none, np.zeros((26, 1)), none, np.zeros((1, 1)),
               np.zeros((1, 1), dtype=np.int64), none,
               np.zeros((1, 26), dtype=np.int16), none,
               np.zeros(26, dtype=np.bool_), one, one, one, 1)
    weighting_proves(none, none, np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64),
                     False, np.zeros(26, dtype=np.int64), np.zeros((26, 1)), none,
                     np.zeros((1, 1)), np.zeros((1, 1), dtype=np.int64), none,
                     np.zeros((1, 26), dtype=np.int16), np.zeros(0))
    one_group = np.zeros(1, dtype=np.int64)
    ones = np.ones((1, 26), dtype=np.int16)
    column_generation(one_group, *spelled(ones), one_group,
                      np.ones(1, dtype=np.int64), np.ones(26, dtype=np.int64), np.ones(26), 1, 1,
                      1, 1.0)
    reduced_costs(one_group, *spelled(ones), one_group, np.ones(1, dtype=np.int64),
                  np.ones(26, dtype=np.int64), rounded_weighting(np.ones(26), 1.0))
    word_groups(none, 0, False, np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64))
    branch_cuts(none, np.zeros(2, dtype=np.int64), np.zeros(26, dtype=np.int16), 0,
                none, none, np.zeros(26, dtype=np.bool_), one, one, one)
