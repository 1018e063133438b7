"""Can some words be packed into tiles so that what is left holds one more word?

The question ``Packer.query(tiles, main, tail)``: are there disjoint lexicon
words, one of each length in ``main`` (a multiset), whose letters fit the
tiles, such that the tiles they leave (the *bin*, of |tiles| - sum(main)
tiles) hold a word of length ``tail``?  The highest-set search settles the
highest shape entry by entry with it: ``main`` is the settled prefix, ``tail``
the next entry tried.

The search branches on letters, as exact-cover solvers do.  Every tile ends in
a main word or in the bin, and the bin's size is fixed.  A state picks one
letter x it still has to place (the one fewest main candidates contain) and
settles it for good: which main words (a multiset, in row order) hold its
tiles, and how many go to the bin.  After that no main word may contain x, and
the bin's count of x is known.  Every packing is reached this way (its main
words holding x, sorted by row, and the bin's x tiles are one of the choices),
so a search that fails proves that no packing exists.

What is cut, and why (each is a necessary condition for a packing below the
state):

* a wanted main length with no candidate left that fits the unplaced tiles;
* the bin overflowing: the unplaced tiles minus the main letters still wanted
  must fit in the bin's free room (this is the tile count);
* unusable tiles: the main words can hold at most ``sum_L want[L] * max_w w[y]``
  tiles of letter y (max over the candidates of length L), so the rest of y's
  tiles go to the bin; more such tiles than the bin's free room is a dead end;
* letter groups: the wanted main words need at least the sum of their least
  vowel counts (and least other-letter counts) among candidates;
* the tail: some word of length ``tail`` must fit the bin, whose count of a
  settled letter is known and of an unplaced letter at most what is unplaced,
  and the settled bin tiles that word does not use must fit in the bin's
  spare room (bin size minus ``tail``);
* a state already proven empty (a memo, keyed by the unplaced tiles, the
  wanted lengths, the settled bin and the tail lengths, bounded in size).
"""

from __future__ import annotations

import time

import numpy as np

_VOWELS = np.array([c in "aeiou" for c in "abcdefghijklmnopqrstuvwxyz"])
MAX_FAILED = 300_000  # memo entries (~200 bytes each): well inside the memory budget


class OutOfTime(Exception):
    """The deadline passed inside a packing search."""


class Packer:
    """Exact packing queries over fixed candidate words (index rows, in row order)."""

    def __init__(self, lengths: np.ndarray, counts: np.ndarray, deadline: float = float("inf")):
        self.lengths = lengths
        self.counts = counts
        self.deadline = deadline
        self.top = int(lengths.max()) if len(lengths) else 1
        self.span = np.arange(self.top + 1)
        self.vowels = counts[:, _VOWELS].sum(axis=1)
        self.failed: set = set()
        self.nodes = 0
        self._sub = None  # a packer for the bin, when the tail has several words

    def query(self, tiles: np.ndarray, main, tail):
        """(main candidate numbers, tail candidate numbers) of one packing, or None.

        ``tail`` is one length or several (then the bin must hold a word of
        each, disjoint: checked exactly, by a query on the bin, once the main
        words are placed).
        """
        tail = sorted([tail] if isinstance(tail, int) else tail, reverse=True)
        want = np.zeros(self.top + 1, dtype=np.int64)
        for length in main:
            if length > self.top or length < 2:
                return None
            want[length] += 1
        tiles = tiles.astype(np.int16)
        room = int(tiles.sum()) - int(want @ self.span)
        if not tail or min(tail) < 2 or max(tail) > self.top or room < sum(tail):
            return None
        act = np.flatnonzero(want[self.lengths] > 0)
        tails = np.flatnonzero(np.isin(self.lengths, tail))
        tails = tails[(self.counts[tails] <= tiles).all(axis=1)]
        self._tail, self._spare = tail, room - sum(tail)
        return self._state(tiles, want, np.zeros(26, dtype=np.int16), act, tails)

    def _bin_holds(self, bin_tiles, tails):
        """Tail candidate numbers of disjoint words, one per tail length, in the bin."""
        if len(self._tail) == 1:
            return [int(tails[0])]
        if self._sub is None:
            self._sub = Packer(self.lengths, self.counts, self.deadline)
        got = self._sub.query(bin_tiles, self._tail[:-1], self._tail[-1])
        return None if got is None else got[0] + got[1]

    # -- the search -----------------------------------------------------------------

    def _state(self, tiles, want, binned, act, tails):
        self.nodes += 1
        if self.nodes & 31 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime
        # the tail: words that fit the bin (settled letters: binned; others: unplaced)
        counts = self.counts[tails]
        ok = (counts <= binned + tiles).all(axis=1)
        if len(self._tail) == 1 and binned.any():
            # the bin's settled tiles the tail word leaves must fit its spare room
            ok &= int(binned.sum()) - counts[:, binned > 0].sum(axis=1) <= self._spare
        tails = tails[ok]
        for length in set(self._tail):
            if not (self.lengths[tails] == length).any():
                return None
        if not want.any():
            got = self._bin_holds(binned + tiles, tails)
            return None if got is None else ([], got)
        key = (tiles.tobytes() + want.tobytes() + binned.tobytes(), tuple(self._tail))
        if key in self.failed:
            return None
        found = self._branch(tiles, want, binned, act, tails)
        if found is None and len(self.failed) < MAX_FAILED:
            self.failed.add(key)
        return found

    def _branch(self, tiles, want, binned, act, tails):
        need = int(want @ self.span)
        free = int(tiles.sum()) - need  # bin room the unplaced tiles may still take
        if free < 0:
            return None
        counts = self.counts[act]
        ok = (counts <= tiles).all(axis=1) & (want[self.lengths[act]] > 0)
        act, counts = act[ok], counts[ok]
        if not len(act):
            return None
        lengths = self.lengths[act]
        usable = np.zeros(26, dtype=np.int64)
        need_vowels = need_others = 0
        for length in np.flatnonzero(want).tolist():
            block = lengths == length
            if not block.any():
                return None
            n = int(want[length])
            usable += n * counts[block].max(axis=0)
            vowels = self.vowels[act[block]]
            need_vowels += n * int(vowels.min())
            need_others += n * (length - int(vowels.max()))
        over = tiles - usable
        if int(over[over > 0].sum()) > free:
            return None
        held_vowels = int(tiles[_VOWELS].sum())
        if need_vowels > held_vowels or need_others > int(tiles.sum()) - held_vowels:
            return None
        has = counts > 0
        spread = has.sum(axis=0)
        spread[tiles <= 0] = 1 << 30
        x = int(np.argmin(spread))
        cover = act[has[:, x]]
        # try first the words that use the most plentiful letters (an order only)
        scarcity = 1.0 / (tiles.astype(np.float64) + 1.0)
        cover = cover[np.argsort(self.counts[cover] @ scarcity, kind="stable")]
        return self._cover(tiles, want, binned, act, tails, x, int(tiles[x]), cover, free)

    def _cover(self, tiles, want, binned, act, tails, x, left, cover, free):
        """Put ``left`` more x tiles in main words of ``cover`` (row order), or in the bin."""
        if left and len(cover):
            counts = self.counts[cover]
            ok = ((counts <= tiles).all(axis=1) & (want[self.lengths[cover]] > 0)
                  & (counts[:, x] <= left))
            for i in np.flatnonzero(ok).tolist():
                w = int(cover[i])
                rest = want.copy()
                rest[self.lengths[w]] -= 1
                found = self._cover(tiles - self.counts[w], rest, binned, act, tails, x,
                                    left - int(self.counts[w, x]), cover[i:], free)
                if found is not None:
                    return found[0] + [w], found[1]
        if left > free:
            return None
        tiles = tiles.copy()
        tiles[x] = 0
        binned = binned.copy()
        binned[x] = left
        return self._state(tiles, want, binned, act, tails)
