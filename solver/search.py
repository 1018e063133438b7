"""The exact search for the highest possible word set of some tiles.

The problem: pick disjoint lexicon words (2+ letters) from the tiles so that
the shape (word lengths, high to low, leftover tiles as 1s) is lexicographically
highest.  The search works on alphagrams, since anagrams are interchangeable.

How it stays exact and fast:

* candidates are the alphagrams that fit the whole rack (numpy, one pass),
  ordered longest first, then alphabetically;
* a depth-first search picks words in that order (never going back to an
  earlier candidate, which removes permutations of the same set);
* branch and bound: the best any node can still reach is its prefix followed by
  as many copies as fit of the longest candidate that still fits; a node that
  cannot beat the best set found so far is cut.  Nothing is cut that could tie
  or beat it, so the result is proven unless the time budget runs out;
* a memo of (remaining tiles, first allowed candidate) -> best completion
  removes repeated sub-searches reached through different words.

Tie-break (documented, deterministic): among all sets of the highest shape, the
first in the search order, i.e. the lexicographically smallest sequence of
alphagrams when each set is written longest first and alphabetically by
alphagram; each alphagram is spelled as its alphabetically first word, and
leftover tiles are single letters in alphabetical order.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .tiles import GUARD, Tiles, unpack

DEFAULT_BUDGET = 5.0  # seconds


class _OutOfTime(Exception):
    pass


@dataclass(frozen=True)
class SearchResult:
    """What the search found: alphagram keys chosen, the leftover, and proof."""

    keys: tuple[str, ...]
    leftover: str
    proven: bool
    elapsed: float

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(len(k) for k in self.keys) + (1,) * len(self.leftover)


def _upper_bound(top: int, remaining: int) -> tuple[int, ...]:
    """The best shape a node could reach: ``top``-length words while they fit."""
    if top < 2:
        return (1,) * remaining
    q, r = divmod(remaining, top)
    return (top,) * q + ((r,) if r else ())


class _Search:
    def __init__(self, rows, index, deadline):
        self.keys = [index.alphagrams[i] for i in rows]
        self.packed = [index.packed[i] for i in rows]
        self.lengths = [len(k) for k in self.keys]
        self.deadline = deadline
        self.memo: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.cannot_beat: dict[tuple[int, int], tuple[int, ...]] = {}
        self.nodes = 0

    def best(self, rack: int, size: int, cands: list[int], floor):
        """Best (shape, chosen candidate numbers) for ``rack`` using ``cands``.

        ``cands`` are all candidate numbers from some point on that fit
        ``rack``, ascending.  ``floor`` is the shape this subtree must strictly
        beat to matter (None: no floor).  Returns None when it cannot.
        """
        if not cands:
            shape = (1,) * size
            return (shape, ()) if floor is None or shape > floor else None
        key = (rack, cands[0])
        hit = self.memo.get(key)
        if hit is not None:
            return hit if floor is None or hit[0] > floor else None
        unbeatable = self.cannot_beat.get(key)
        if unbeatable is not None and floor is not None and floor >= unbeatable:
            return None
        self.nodes += 1
        if not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        lengths, packed = self.lengths, self.packed
        best = None
        best_shape = floor
        for pos, c in enumerate(cands):
            length = lengths[c]
            if best_shape is not None and _upper_bound(length, size) <= best_shape:
                break  # later candidates are no longer, so they cannot do better
            rest = rack - packed[c]
            guarded = rest | GUARD
            sub = [d for d in cands[pos:] if (guarded - packed[d]) & GUARD == GUARD]
            if best_shape is None or best_shape[0] < length:
                need = None
            else:  # best_shape[0] == length: the bound above rules out '>'
                need = best_shape[1:]
            found = self.best(rest, size - length, sub, need)
            if found is None:
                continue
            best_shape = (length,) + found[0]
            best = (best_shape, (c,) + found[1])
        if best is None:
            self.cannot_beat[key] = floor
        else:
            # Only branches that could not beat the best were cut, so this is
            # the node's exact best, whatever floor it was asked under.
            self.memo[key] = best
        return best


def search(tiles: Tiles, index, budget: float | None = DEFAULT_BUDGET) -> SearchResult:
    """Run the exact search; past ``budget`` seconds, return the best found so far."""
    start = time.perf_counter()
    size = len(tiles)
    rows = index.formable_rows(tiles.packed, size).tolist()
    deadline = start + (budget if budget is not None else float("inf"))
    s = _Search(rows, index, deadline)
    proven = True
    try:
        found = s.best(tiles.packed, size, list(range(len(rows))), None)
    except _OutOfTime:
        proven = False
        found = None
    if found is None:
        found = _greedy(s, tiles.packed, size)
    chosen = [s.keys[c] for c in found[1]]
    rack = tiles.packed - sum(s.packed[c] for c in found[1])
    leftover = "".join(sorted(unpack(rack).elements())).lower()
    return SearchResult(tuple(chosen), leftover, proven, time.perf_counter() - start)


def _greedy(s: _Search, rack: int, size: int):
    """A quick, unproven answer: take the first candidate that fits, repeatedly."""
    chosen, shape = [], []
    for c in range(len(s.keys)):
        while (rack | GUARD) - s.packed[c] & GUARD == GUARD:
            rack -= s.packed[c]
            chosen.append(c)
            shape.append(s.lengths[c])
            size -= s.lengths[c]
    return tuple(shape) + (1,) * size, tuple(chosen)
