"""The packing walk's compiled loops (solver/search/packing.py).

The packing search's steps, each a plain loop where numpy's per-call overhead
on short arrays was most of the cost: a state's cheap tests
(``open_state``: the tail words still possible, ``branch_cuts``), the kept
letter weightings' test (``weighting_proves``, over the groups of
``word_groups``), the bitset tables that list a state's words from its
branch's (``fit_table``, ``fitting``), and the walk over a branch's states
(``next_child``), which hands back only those that pass every test (most fail,
and now never reach Python).  tests/test_kernels.py compares each with the
numpy cuts or the recursion it replaced.
"""

from __future__ import annotations

import numpy as np

from .bits import ONE, ZERO, any_bit, field_max, fits, guarded_lanes, held_fields, listed
from .cache import compiled


@compiled
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
    a, b, c = guarded_lanes(cap)
    kept = np.empty(len(tails), np.int64)
    n = 0
    for i in range(len(tails)):
        w = tails[i]
        if lengths[w] < low or not fits(a, b, c, wa, wb, wc, w):
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


_SIX_BITS = np.uint64(63)


@compiled
def _field(lanes, letter):  # pragma: no cover - compiled
    """A letter's whole 6-bit field in three packed lanes."""
    return np.int64((lanes[letter // 9] >> np.uint64(6 * (letter % 9))) & _SIX_BITS)


@compiled
def _add_fields(acc, out):  # pragma: no cover - compiled
    """Add the three lanes' 26 fields to ``out`` and clear them."""
    for letter in range(26):
        out[letter] += _field(acc, letter)
    acc[0], acc[1], acc[2] = ZERO, ZERO, ZERO


@compiled
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
    a, b, c = guarded_lanes(tiles)
    kept = np.empty(len(act), np.int64)
    n = 0
    for i in range(len(act)):
        w = act[i]
        if want[lengths[w]] > 0 and fits(a, b, c, wa, wb, wc, w):
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
        most[length, 0] = field_max(most[length, 0], wa[w])
        most[length, 1] = field_max(most[length, 1], wb[w])
        most[length, 2] = field_max(most[length, 2], wc[w])
        acc[0] += held_fields(wa[w])
        acc[1] += held_fields(wb[w])
        acc[2] += held_fields(wc[w])
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


@compiled
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


@compiled
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


@compiled
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


@compiled
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


@compiled
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


@compiled
def fit_table(words, counts, cap):  # pragma: no cover - compiled
    """Bitsets over ``words`` (which fit ``cap``): ``table[letter, k]`` marks the words holding
    at most k of the letter, for k up to ``cap[letter]`` (for ``fitting``)."""
    blocks = (len(words) + 63) // 64
    top = 0
    for letter in range(26):
        top = max(top, cap[letter])
    table = np.zeros((26, top + 1, blocks), np.uint64)
    for i in range(len(words)):
        bit = ONE << np.uint64(i % 64)
        for letter in range(26):
            count = counts[words[i], letter]
            if count <= cap[letter]:  # (a word past the cap fits nothing smaller: no bit)
                table[letter, count, i // 64] |= bit
    for letter in range(26):  # exactly k, then at most k
        for k in range(1, cap[letter] + 1):
            for b in range(blocks):
                table[letter, k, b] |= table[letter, k - 1, b]
    return table


@compiled
def fit_bits(table, cap, smaller):  # pragma: no cover - compiled
    """The words of a ``fit_table`` (made for ``cap``) that fit ``smaller`` (at most ``cap``
    in every letter), as a bitset: the AND of the letters whose count went down."""
    blocks = table.shape[2]
    bits = np.empty(blocks, np.uint64)
    bits[:] = ~ZERO
    for letter in range(26):
        if smaller[letter] < cap[letter]:
            for b in range(blocks):
                bits[b] &= table[letter, smaller[letter], b]
    return bits


@compiled
def fitting(table, words, cap, smaller):  # pragma: no cover - compiled
    """The words of a ``fit_table`` (made for ``words`` and ``cap``) that fit ``smaller``."""
    return listed(fit_bits(table, cap, smaller), words)


@compiled
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
            a, b, c = guarded_lanes(walk_tiles[d])
            i = walk_at[d]
            while i < n_cover:
                w = cover[i]
                if walk_want[d, lengths[w]] > 0 and counts[w, x] <= left and \
                        walk_cost[d] + excess[i] <= slack and fits(a, b, c, wa, wb, wc, w):
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
            if not any_bit(tail_bits, ranges[r, 0], ranges[r, 1]):
                status = 0
        if status:
            status, kept, kx = _main_cuts(fitting(act_table, act, walk_tiles[0], tiles), want,
                                          tiles, lengths, vowels, is_vowel, wa, wb, wc)
        if status == 1 and len(numbers) and weighting_proves(
                kept, no_tails, want, tail_want, one_of, bin_cap.astype(np.int64), pool,
                numbers, weights, made, lengths, counts, tail_least):
            status = 0
        if status:  # the full tests: the tail words themselves, then every group exact
            held, kept_tails = _tails_fitting(listed(tail_bits, tails), tiles, settled, room,
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


@compiled
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


def warm_up() -> None:
    """Load (or compile) these loops for the types the packing search uses."""
    one = np.ones(1, dtype=np.uint64)
    none = np.zeros(0, dtype=np.int64)
    tails_left(none, np.zeros(26, dtype=np.int16), np.zeros(26, dtype=np.int16), 0, True, 0,
               none, np.zeros((1, 26), dtype=np.int16), one, one, one)
    small = np.zeros(26, dtype=np.int16)
    open_state(small, np.zeros(2, dtype=np.int64), small, none, none, 0, True, 0, False, none,
               none, np.zeros((1, 26), dtype=np.int16), none, np.zeros(26, dtype=np.bool_),
               one, one, one)
    table = fit_table(none, np.zeros((1, 26), dtype=np.int16), small)
    fitting(table, none, small, small)
    any_bit(fit_bits(table, small, small), 0, 0)
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
    word_groups(none, 0, False, np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64))
    branch_cuts(none, np.zeros(2, dtype=np.int64), np.zeros(26, dtype=np.int16), 0,
                none, none, np.zeros(26, dtype=np.bool_), one, one, one)
