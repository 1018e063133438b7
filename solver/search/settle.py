"""Past the layers' size: the rest of the highest shape settled by packing queries.

When a layer is too big to hold (solver/search/layers.py, ``LayerTooBig``), what
the layers proved is kept: the settled prefix P, and at the next position
every entry above the length they were trying (those fit no remainder of the
layer).  The rest of the shape is settled entry by entry (``Settle``): the
next entry is the longest L (from there down) such that some set of shape P
leaves a word of length L, which is the layers' induction unchanged (the
highest shape H starts P; a set of shape H leaves its next word, so that
L >= H(k+1); the set found has a shape starting P, L, at most H, so
L <= H(k+1)).  The set at hand gives a first L (the longest word its leftover
holds); above it, "does some set of shape P leave a word of length L?" is
answered exactly by solver/search/packing.py (a letter-branching search with
proven cuts; its docstring has the argument), which returns such a set when
there is one.  The highest length still possible is asked on its own first
(it is often the entry); below it, when the query has a single tail word of at
most ``_ONE_OF_UP_TO`` letters, one branch-and-bound query answers every
length above the set at hand at once: the longest tail word any set of shape P
leaves (or none longer); longer tails are asked one length at a time (each
length is answered exactly either way).  Which lengths a query packs by
letters and which it only fits into what is left is a choice of work, not of
answer (``_split``).  When no L >= 2 is left, the set that proved the last
entry is a set of the highest shape.  Nothing is capped: the packing memo is
bounded, and a full memo only means repeated work.

Tie-break on this path (deterministic, documented): that set, its words in row
order, leftover letters alphabetically; it may differ from the layers'
smallest sequence when several sets share the highest shape.  Big racks'
packing queries solve their relaxation by column generation (``columns``:
faster; it changes the branch order, hence maybe the set returned, never a
proof: every letter weighting is checked exactly however it was found).
Past the deadline the packing raises :class:`solver.search.budget.OutOfTime`;
``best`` and ``upper`` then give the set at hand and a proven bound.
"""

from __future__ import annotations

import collections

import numpy as np

from solver.words.index import lanes_of
from solver.words.tiles import BITS, Tiles

from .bounds import counts_of, tile_counts
from .layers import Layers
from .packing import Packer
from .stopped import greedy, upper_bound

_LONG_TAIL = 8  # exact covers: tail words this long are packed by letters too (see _split)
_EXACT_WORDS = 8  # ... when the cover has at most this many words
_ONE_OF_UP_TO = 8  # one branch-and-bound query for tail lengths up to this; longer: one by one
# (measured with a 30 s budget on the bench's racks: of 14 Scrabble 90-tile racks, whose
# tails are 9-14 letters, asking one length at a time proved 10 instead of 9, each faster,
# median 15.7 s instead of 22.0 s; 6 80-tile racks, tails of 2-4 letters, took 2.8-17 s with
# one query against 2.7-29 s one length at a time)


class Settle:
    """Past the layers' size: settle the rest of the shape entry by entry, by packing queries.

    The layers settled a prefix P exactly and, at the next position, refuted
    every entry above the one they were trying.  The next entry is the longest
    L such that some set of shape P leaves a word of length L (the highest
    shape starts P, L exactly when that holds for L and for no longer length,
    by the layers' induction).  The set at hand shows some L at once (the
    longest word its leftover holds); the lengths above it, down from the
    highest still possible, are asked of solver/search/packing.py, which answers
    exactly, with a set when "yes" (the highest on its own, then one
    branch-and-bound query for all the others when the tail is one short word).
    When no L >= 2 is left, the shape is P and single letters, and the set
    that proved the last entry is the answer.
    """

    def __init__(self, layers: Layers, incumbent: list[int], tiles: Tiles, index, deadline, *,
                 columns: bool):
        self.index = index
        self.layers = layers
        self.rows = layers.rows  # every candidate fitting the rack, ascending
        self.lengths = index.lengths[self.rows]
        self.counts = counts_of(index, self.rows)
        self.tiles = tile_counts(tiles.packed).astype(np.int16)
        self.size = len(tiles)
        self.prefix = list(layers.shape)
        k = len(self.prefix)
        self.main = np.searchsorted(self.rows, incumbent[:k]).tolist()
        self.incumbent = incumbent
        self.trying = layers.trying
        # columns: the packing relaxations solved by column generation (the same cuts,
        # found faster; another branch order)
        self.packer = Packer(self.lengths, self.counts, deadline, columns=columns)

    def run(self) -> list[int]:
        top = int(self.lengths[0]) if len(self.lengths) else 0
        while True:
            cap = min(self.prefix[-1] if self.prefix else top, self.size - sum(self.prefix))
            high = cap if self.trying is None else min(cap, self.trying)
            # the entry is in [best, high]: the set at hand leaves a word of length best
            best, row = self._at_hand(high)
            first = True
            while best < high:
                self.trying = high
                main, tail = _split(self.prefix, high, self.size)
                if tail == [high] and high - 1 > best and not first and high <= _ONE_OF_UP_TO:
                    # one short tail word, below the highest length still possible (asked
                    # on its own first: often the entry): one query for every length in
                    # (best, high], which answers the packing with the longest tail word.
                    # Longer tails are asked one length at a time: each length has few
                    # words, and the relaxation of one length cuts far more
                    try:
                        got = self.packer.query(self.tiles, main, range(best + 1, high + 1),
                                                one_of=True)
                    finally:
                        if self.packer.best_found is not None:  # also when out of time
                            self.main, row = sum(self.packer.best_found, []), None
                    if got is not None:
                        best = self._new_entry()
                    break
                else:
                    got = self.packer.query(self.tiles, main, tail)
                    first = False
                    if got is None:
                        high -= 1
                        continue
                self.main, row = got[0] + got[1], None
                best = self._new_entry()
            if best < 2:
                self.trying = 1
                return self._rows(self.main)
            if row is not None:
                self.main = self.main + [row]
            self.prefix.append(best)
            self.trying = None

    def _at_hand(self, high: int) -> tuple[int, int | None]:
        """The longest word, at most ``high`` long, the set at hand leaves: (length, number)."""
        left = self.tiles - self.counts[self.main].sum(axis=0)
        fit = np.flatnonzero((self.lengths <= high) & (self.counts <= left).all(axis=1))
        if not len(fit):
            return 1, None
        return int(self.lengths[fit[0]]), int(fit[0])  # rows are longest first

    def _new_entry(self) -> int:
        """The length a packing just found has beyond the prefix (it has one word more)."""
        extra = collections.Counter(int(self.lengths[i]) for i in self.main)
        extra.subtract(self.prefix)
        return next(length for length, n in extra.items() if n > 0)

    def _rows(self, numbers) -> list[int]:
        return sorted(int(self.rows[i]) for i in numbers)

    def best(self) -> list[int]:
        """The higher of the incumbent and the prefix's set completed greedily."""
        layers = self.layers
        left = self.tiles - self.counts[self.main].sum(axis=0)
        state = lanes_of(sum(int(v) << (BITS * i) for i, v in enumerate(left.tolist())))
        cap = self.prefix[-1] if self.prefix else 99
        mine = self._rows(self.main) + greedy(state, layers.rows, layers.lanes, self.lengths,
                                              cap)
        shapes = [sorted((int(self.index.lengths[r]) for r in rows), reverse=True)
                  for rows in (mine, self.incumbent)]
        return sorted(mine) if shapes[0] > shapes[1] else self.incumbent

    def upper(self) -> tuple[int, ...]:
        """The settled prefix, then no entry above the length being tried (both bounds)."""
        return upper_bound(self.prefix, self.trying, self.layers.longest,
                           self.size - sum(self.prefix), self.tiles, self.lengths, self.counts)


def _split(prefix: list[int], length: int, size: int) -> tuple[list[int], list[int]]:
    """How to ask "does some set of shape ``prefix`` leave a word of ``length``?": (main, tail).

    The packing query packs its main words by letters and only checks that the
    tail words fit what is left; both halves are required, so every split asks
    the same question and gets the same answer.  The split only changes the
    work, measured on the big racks' queries (scripts/bench_solver.py):
    the prefix's top-length words are main, the shorter ones and the new entry
    tail, except that a tail word as long as the main ones joins them (K + 1
    words of one length: 2-15 times faster), and when at most
    ``_EXACT_WORDS`` words use every tile (an exact cover) the tail words of
    ``_LONG_TAIL`` letters or more join too (2-20 times faster on 98-tile
    racks; short ones have too many candidates to branch on, and the whole
    Bananagrams bag, nine 15s and a 9, took 88 s that way against 26 s).

    >>> _split([15, 15, 13], 7, 50)
    ([15, 15, 13], [7])
    >>> _split([15, 15], 15, 80)
    ([15, 15, 15], [])
    >>> _split([15, 15, 13], 7, 60)
    ([15, 15], [13, 7])
    >>> _split([15] * 9, 9, 144)  # an exact cover of ten words: as before
    ([15, 15, 15, 15, 15, 15, 15, 15, 15], [9])
    """
    head = [n for n in prefix if n == prefix[0]] if prefix else []
    rest = prefix[len(head):] + [length]
    top = head[0] if head else length
    exact = sum(prefix) + length == size and len(prefix) + 1 <= _EXACT_WORDS
    main = [n == top or (exact and n >= _LONG_TAIL) for n in rest]
    return (head + [n for n, m in zip(rest, main) if m],
            [n for n, m in zip(rest, main) if not m])
