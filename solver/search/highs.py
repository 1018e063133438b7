"""The packing relaxation solved whole, by scipy's HiGHS: imported when first needed.

Racks up to 48 tiles that hand over to the packing queries (solver/search/packing.py)
solve each state's linear relaxation whole; bigger racks use column generation
(solver/search/kernels/relaxation.py).  The relaxation only suggests letter
weightings, each checked exactly by the packing search, so without scipy the
search is exact, only slower.  scipy (half a second to import) is loaded on the
first solve, so that a small rack's search never loads it.
"""

from __future__ import annotations

import functools

import numpy as np


@functools.cache
def _scipy():
    """(linprog, csc_array, HiGHS' own module), each None when scipy lacks it."""
    try:
        from scipy.optimize import linprog
        from scipy.sparse import csc_array
    except ImportError:  # pragma: no cover - without scipy the search is exact, only slower
        linprog = csc_array = None
    try:  # HiGHS itself, without linprog's per-call checks (a private module: used if present)
        from scipy.optimize._highspy import _core as core
    except ImportError:  # pragma: no cover
        core = None
    return linprog, csc_array, core


def available() -> bool:
    """Can the relaxation be solved whole here (is scipy's linprog installed)?"""
    return _scipy()[0] is not None


def direct() -> bool:
    """Is HiGHS' own model object there (the faster way, without linprog's checks)?"""
    return _scipy()[2] is not None


def whole_relaxation(counts, starts, sizes, cap):
    """(most t, x, letter duals y) of the relaxation, or None when it is not solved.

    Maximise t subject to sum_{w in group g} x_w = sizes[g] * t and
    sum_w x_w * counts[w] <= cap, x >= 0 (groups are the runs from ``starts``).
    Only a suggestion: the caller checks any y it uses exactly.
    """
    linprog, csc_array, core = _scipy()
    n, n_groups = len(counts), len(starts)
    group = np.repeat(np.arange(n_groups), np.diff(np.append(starts, n)))
    if core is not None:
        try:
            return _direct(core, counts, group, sizes, cap)
        except Exception:  # pragma: no cover - another scipy: the public call below
            pass
    word, letter = np.nonzero(counts)
    values = counts[word, letter].astype(np.float64)
    ub = csc_array((values, (letter, word)), shape=(26, n + 1))
    eq = csc_array((np.concatenate([np.ones(n), -sizes.astype(np.float64)]),
                    (np.concatenate([group, np.arange(n_groups)]),
                     np.concatenate([np.arange(n), np.full(n_groups, n)]))),
                   shape=(n_groups, n + 1))
    cost = np.zeros(n + 1)
    cost[n] = -1.0
    got = linprog(cost, A_ub=ub, b_ub=cap, A_eq=eq, b_eq=np.zeros(n_groups),
                  bounds=(0, None), method="highs-ds", options={"presolve": False})
    if got.status != 0:
        return None
    return -got.fun, got.x, -got.ineqlin.marginals


_OPTIONS = []


def _options(core):
    """HiGHS options for the whole relaxation: quiet, no presolve, dual simplex (made once)."""
    if not _OPTIONS:
        options = core.HighsOptions()
        options.output_flag = False
        options.presolve = "off"
        options.simplex_strategy = 1  # dual simplex
        _OPTIONS.append(options)
    return _OPTIONS[0]


def _direct(core, counts, group, sizes, cap):
    """The same relaxation through HiGHS's own model object (rows: 26 letters, then groups)."""
    n, n_groups = len(counts), len(sizes)
    # column-wise: word w has its letters (rows 0-25, ascending), then its group
    # (row 26 + g); np.nonzero lists the letters word by word
    word, letter = np.nonzero(counts)
    start = np.zeros(n + 2, dtype=np.int64)
    start[1:n + 1] = np.cumsum(np.bincount(word, minlength=n) + 1)
    size = int(start[n]) + n_groups
    index = np.empty(size, dtype=np.int32)
    value = np.empty(size)
    at = np.arange(len(word)) + word  # each earlier column also holds its group entry
    index[at] = letter
    value[at] = counts[word, letter]
    index[start[1:n + 1] - 1] = 26 + group
    value[start[1:n + 1] - 1] = 1.0
    # the last column, t: -sizes[g] in each group row
    index[start[n]:] = 26 + np.arange(n_groups)
    value[start[n]:] = -sizes
    start[n + 1] = size
    start = start.astype(np.int32)
    lp = core.HighsLp()
    lp.num_col_ = n + 1
    lp.num_row_ = 26 + n_groups
    lp.a_matrix_.num_col_ = n + 1
    lp.a_matrix_.num_row_ = 26 + n_groups
    lp.a_matrix_.format_ = core.MatrixFormat.kColwise
    cost = np.zeros(n + 1)
    cost[n] = -1.0
    lp.col_cost_ = cost
    lp.col_lower_ = np.zeros(n + 1)
    lp.col_upper_ = np.full(n + 1, np.inf)
    lp.row_lower_ = np.concatenate([np.full(26, -np.inf), np.zeros(n_groups)])
    lp.row_upper_ = np.concatenate([cap.astype(np.float64), np.zeros(n_groups)])
    lp.a_matrix_.start_ = start
    lp.a_matrix_.index_ = index
    lp.a_matrix_.value_ = value
    solver = core._Highs()
    solver.passOptions(_options(core))
    solver.passModel(lp)
    solver.run()
    if solver.getModelStatus() != core.HighsModelStatus.kOptimal:
        return None
    solution = solver.getSolution()
    x = np.array(solution.col_value)
    y = -np.array(solution.row_dual)[:26]
    return -solver.getInfo().objective_function_value, x, y
