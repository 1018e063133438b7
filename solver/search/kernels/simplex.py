"""A small dense simplex on one tableau that grows by columns (for column generation).

Rows are the 26 letters then the word groups; columns t, the slacks (the
first basis, and afterwards the basis inverse), then the word columns, added
a round at a time through the current basis (``add_column``).  Dantzig's rule,
Bland's after a run of degenerate pivots.  tests/test_kernels.py checks its
optimum and duals against scipy's.
"""

from __future__ import annotations

import numpy as np

from .cache import compiled

_TOLERANCE = 1e-9  # the simplex's: a reduced cost or pivot this small counts as zero


@compiled
def simplex(tab, rhs, basic, reduced, n_cols):  # pragma: no cover - compiled
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


@compiled
def tableau(sizes, cap, width):  # pragma: no cover - compiled
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


@compiled
def add_column(tab, reduced, column, letters, amounts, w, group):  # pragma: no cover
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
