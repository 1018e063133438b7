"""What a search stopped before the end answers: the best set at hand and a proven bound.

Out of time (``budget`` seconds), solver/search/layered.py returns, marked not
proven (``stopped="budget"``), the best set it has, which is a lower bound:
a greedy completion of a few remainders of the deepest layer (``best_set``),
or of the packing path's prefix (solver/search/settle.py).  With it comes an
upper bound, the lower of two proven ones (``upper_bound``): the settled
prefix, then no entry above the length being tried, then the greatest
partition of the rest; and the letter-group relaxation of
solver/search/bounds.py with that prefix.  When the set's shape meets that
bound, it is a highest set after all, and the result says proven (a highest
set, though among several of that shape not always the one the tie-break
would pick).
"""

from __future__ import annotations

import numpy as np

from solver.words.tiles import Tiles

from .bounds import counts_of, greatest_shape, length_limits, tile_counts
from .remainders import fits_one

_GREEDY_TRIES = 4  # remainders completed greedily when out of time


def partition_bound(settled: list[int], remaining: int, cap: int) -> tuple[int, ...]:
    """A shape no set can beat, given the settled prefix of the highest shape.

    The forward pass settles entries exactly, so the highest shape is
    ``settled`` followed by a partition of the ``remaining`` tiles into parts
    no longer than ``cap`` (the last settled entry, or the longest candidate;
    or the length being tried).  The lexicographically greatest such partition
    is as many ``cap``-long parts as fit, then the rest.

    >>> partition_bound([15, 15], 20, 15)
    (15, 15, 15, 5)
    """
    cap = max(1, min(cap, remaining)) if remaining else 1
    tail = (cap,) * (remaining // cap) + ((remaining % cap,) if remaining % cap else ())
    return tuple(settled) + tail


def upper_bound(prefix: list[int], trying: int | None, longest: int, remaining: int,
                tiles: np.ndarray, lengths: np.ndarray, counts: np.ndarray) -> tuple[int, ...]:
    """The lower of two proven bounds, given the highest shape's settled ``prefix``.

    No next entry is longer than the prefix's last (or the ``longest``
    candidate), nor than ``trying`` when every longer one was found to fit no
    remainder; so the prefix then the greatest partition of the rest bounds
    the shape, and so does the letter-group relaxation of
    solver/search/bounds.py with the same prefix (``remaining``: the tiles the
    prefix leaves; ``tiles``: the rack's 26 letter counts; ``lengths``,
    ``counts``: its candidates').
    """
    cap = prefix[-1] if prefix else longest
    if trying is not None:
        cap = min(cap, trying)
    by_size = partition_bound(prefix, remaining, cap)
    limits = length_limits(tiles, lengths, counts)
    return min(by_size, greatest_shape(tiles.astype(np.int64), limits, tuple(prefix)))


def layers_bound(layers, tiles: Tiles, index) -> tuple[int, ...]:
    """``upper_bound`` where the layers stopped (solver/search/layers.py)."""
    return upper_bound(layers.shape, layers.trying, layers.longest, layers.remaining,
                       tile_counts(tiles.packed), index.lengths[layers.rows],
                       counts_of(index, layers.rows))


def greedy(state, rows, lanes, lengths, cap: int) -> list[int]:
    """Longest (then first) word that fits, repeatedly: the rows chosen.

    ``state`` is a triple of lane ints; ``rows``, ``lanes`` and ``lengths``
    are the candidates in row order.  Each step keeps only the candidates that
    still fit, so the passes shrink fast.
    """
    keep = np.flatnonzero(lengths <= cap)
    rows, lanes = rows[keep], tuple(a[keep] for a in lanes)
    state = list(state)
    chosen = []
    while len(rows):
        fit = np.flatnonzero(fits_one(state, lanes))
        if not len(fit):
            break
        rows, lanes = rows[fit], tuple(a[fit] for a in lanes)
        chosen.append(int(rows[0]))
        for k in range(3):
            state[k] -= int(lanes[k][0])
    return chosen


def best_set(layers, index) -> list[int]:
    """Complete a few remainders of the deepest layer greedily; the best set (its rows)."""
    last = layers.states[-1]
    cap = layers.shape[-1] if layers.shape else 99
    rows, lanes = layers.rows, layers.lanes
    lengths = index.lengths[rows]
    best = None
    for i in range(min(_GREEDY_TRIES, len(last[0]))):
        state = [int(lane[i]) for lane in last]
        tail = greedy(state, rows, lanes, lengths, cap)
        shape = [int(index.lengths[r]) for r in tail]
        if best is None or shape > best[0]:
            best = (shape, i, tail)
    alive = np.zeros(len(last[0]), dtype=bool)
    alive[best[1]] = True
    return layers.path(alive) + best[2]
