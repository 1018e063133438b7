"""The packing relaxation's compiled loops (solver/search/packing.py, racks past 48 tiles).

The relaxation solved by column generation (``column_generation``: a few
words per group, then those its letter duals price lower, each restricted
program solved by solver/search/kernels/simplex.py), and the exact integer
checks every letter weighting must pass however it was found
(``rounded_weighting``, ``reduced_costs``, ``rounded_proves``), over each
word's few letters (``spelled``).  HiGHS took ten times as long, mostly
setting up.  tests/test_kernels.py and tests/test_search_big.py compare them
with scipy's optimum and plain integer sums.
"""

from __future__ import annotations

import numpy as np

from .cache import compiled
from .simplex import add_column, simplex, tableau


@compiled
def lightest(values, among, count, chosen, offset):  # pragma: no cover - compiled
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


@compiled
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


@compiled
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


@compiled
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


@compiled
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


@compiled
def rounded_proves(words, letters, amounts, starts, sizes, cap, y, scale):  # pragma: no cover
    """(does y, rounded to integers, prove the packing state empty; the rounded y).

    y is clipped at 0 and scaled so that its largest weight is ``scale``, then
    floored (``rounded_weighting``).  It proves the state empty when the
    groups' sizes times their lightest word's weight sum to more than y . cap
    (solver/search/packing.py): when ``reduced_costs`` leaves no room.
    """
    rounded = rounded_weighting(y, scale)
    return reduced_costs(words, letters, amounts, starts, sizes, cap, rounded)[1] < 0.0, rounded


@compiled
def column_generation(words, letters, amounts, starts, sizes, cap, ref, first, more, rounds,
                      scale):  # pragma: no cover - compiled
    """The packing relaxation by column generation: (solved, most t, x, letter duals y).

    The words are in groups (runs from ``starts``); only the ``first``
    lightest of each under the weighting ``ref`` are columns at first.  After
    each solve (``simplex``, on one tableau that grows: a round's new columns
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
        lightest(score[starts[g]:ends[g]], np.arange(ends[g] - starts[g]), first, chosen,
                  starts[g])
    tab, rhs, basic, reduced = tableau(sizes.astype(np.float64), cap.astype(np.float64), n)
    m = tab.shape[0]
    word_at = np.empty(1 + m + n, np.int64)  # the word of each word column
    n_cols = 1 + m
    placed = np.zeros(n, np.bool_)
    value, y = 0.0, np.zeros(26)
    for _ in range(rounds):
        for i in range(n):
            if chosen[i] and not placed[i]:
                add_column(tab, reduced, n_cols, letters, amounts, words[i], group[i])
                word_at[n_cols] = i
                placed[i] = True
                n_cols += 1
        ok, gain = simplex(tab, rhs, basic, reduced, n_cols)
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
                lightest(price[lo:hi], cheaper[:n_cheaper], more, chosen, lo)
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


def warm_up() -> None:
    """Load (or compile) these loops for the types the packing relaxation uses."""
    one_group = np.zeros(1, dtype=np.int64)
    ones = np.ones((1, 26), dtype=np.int16)
    column_generation(one_group, *spelled(ones), one_group,
                      np.ones(1, dtype=np.int64), np.ones(26, dtype=np.int64), np.ones(26), 1, 1,
                      1, 1.0)
    reduced_costs(one_group, *spelled(ones), one_group, np.ones(1, dtype=np.int64),
                  np.ones(26, dtype=np.int64), rounded_weighting(np.ones(26), 1.0))
