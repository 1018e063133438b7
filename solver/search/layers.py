"""The layers: the highest shape settled entry by entry, every remainder of each layer kept.

Layer k holds every distinct remainder that some set of words with the
shape's first k entries leaves; solver/search/layered.py says why that is exact
and how the tie-break's set is read out (``Layers.path``).  Making the layers
cheap, without cutting anything that matters:

* candidates are the alphagrams (2+ letters) that fit the whole rack
  (solver/words/index.py: a letter-set mask pass, then the packed-count test), split
  into one block per length, in row order;
* a word that does not fit the letter-wise maximum of a layer's remainders
  fits none of them, nor any later remainder (later remainders are
  sub-multisets of these), so it is dropped from its block for good; likewise
  a word of the layer's length that no remainder of the layer took (a later
  row-ordered set using it passes through a remainder of this layer that it
  fits, with a floor no higher than it, so that remainder would have taken it;
  not after a look-ahead, below, which does not take every word that fits);
* within a run of equal lengths only row-ordered sets are built (a remainder
  reached by a word of row r continues with rows >= r): every set keeps its
  sorted path, which is all the layers and the read-out need;
* a layer of a single remainder is extended with one fit test over all the
  candidates up to the length cap (one slice, rows being longest first): the
  first that fits gives the next entry;
* "which words fit which remainders" is found either by testing every pair
  or, for small remainders, by listing each remainder's sub-multisets of the
  wanted length and looking them up (solver/search/remainders.py), whichever
  costs less.  With the compiled loops (big racks), layers of
  ``_JOIN_MIN_STATES`` remainders or more use a bitset join instead
  (solver/search/joins.py: "at least c of letter x" as a bitset over the
  remainders, ANDed per word), which finds exactly the same pairs, unless
  their remainders are small enough for the listing to cost less.  Equal
  remainders are merged (solver/search/remainders.py, ``unique_states``);
* a look-ahead, when a layer of a big rack is on course to be too big to
  hold (below; judged by its first remainders' pairs) and its remainders can
  hold at most ``_LOOKAHEAD`` more words of the length L being placed: no
  entry above L can follow (longer words fit no remainder, or the previous
  entry caps it), so if the most disjoint L-words any remainder holds (rows
  from its floor on) is m, some set goes on with m of them and so does the
  highest shape; a highest set, in row order, then passes only through
  remainders holding m, and takes next a word after which m - 1 more of
  rows no lower fit.  Only those remainders and those words are kept
  (``Layers._pruned``; each count exact, by a depth-first search over the
  words fitting the remainder, solver/search/kernels/layers.py).

A layer too big to hold: more than ``max_pairs`` (remainder, word) pairs, or,
judged by the pairs of its first remainders, on course for ``_PROJECTED``
times that, when the look-ahead cannot apply or leaves it still too big.  The
layers then raise :class:`LayerTooBig`, keeping what they proved: the settled
prefix (``shape``) and, at the next position, that no entry above ``trying``
fits any remainder (solver/search/settle.py goes on from there).  Past the
deadline they raise :class:`solver.search.budget.OutOfTime`.
"""

from __future__ import annotations

import functools
import math
import time

import numpy as np

from solver.words.index import lanes_of

from .budget import OutOfTime
from .joins import join_pairs
from .remainders import (
    PAIR_CHUNK,
    fit_pairs,
    fits_one,
    letter_max,
    lookup_keys,
    lookup_pairs,
    tile_letters,
    unique_states,
)

_UNION_MIN_STATES = 8  # below this, the pair test itself is the cheaper filter
_FLOOR_CHUNK = 64  # states per chunk when scanning from per-state floors
_SMALL_BLOCK = 64  # blocks this small are not worth shrinking
_MAX_SUBSETS = 4096  # remainders' sub-multisets listed at most, per remainder
_LOOKUP_OVERHEAD = 80_000  # ns
_JOIN_MIN_STATES = 3000  # remainders from which the bitset join finds the pairs
_JOIN_NS = 0.5  # about what the join costs per (remainder, candidate) (measured 0.15-2.2 ns
# on 60-70 tile racks' layers): small remainders are listed instead when cheaper
_CHUNK_STATES = 1 << 16  # remainders per join
_JOIN_FIRST = 1 << 10  # remainders in the first join of a layer (then doubling)
_PROJECTED = 16  # a layer on course for this many times its pair limit is too big at once
_LOOKAHEAD = 2  # a layer too big to hold keeps the remainders holding the most words of its
# length, when they hold at most this many (Layers._pruned); deeper counts cost too much
_LOOKAHEAD_CHUNK = 1 << 12  # remainders in the first join of Layers._pruned (then by time)
_LOOKAHEAD_SECONDS = 0.05  # about what each later join of Layers._pruned takes
_MERGE_SECONDS = 6e-7  # about what merging costs per pair (to stop near the budget)


class LayerTooBig(Exception):
    """A layer would hold more (remainder, word) pairs than the layers may: hand over.

    Not an error: the layers proved the shape's prefix they settled, and the
    packing queries (solver/search/settle.py) settle the rest.
    """


@functools.lru_cache(maxsize=None)
def _comb(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


class _Blocks(dict):
    """Length -> (rows, lanes) of the candidates of that length, sliced on first use."""

    def __init__(self, layers):
        super().__init__()
        self._layers = layers

    def __missing__(self, length):
        raise KeyError(length)

    def get(self, length, default=None):
        if length in self:
            return self[length]
        span = self._layers._spans.get(length)
        if span is None:
            return default
        lo, hi = span
        block = (self._layers.rows[lo:hi], tuple(a[lo:hi] for a in self._layers.lanes))
        self[length] = block
        return block


class Layers:
    """The forward pass: layer by layer, every remainder with the highest prefix."""

    def __init__(self, index, rack: int, size: int, deadline: float, *, max_pairs: int,
                 compiled: bool):
        self.index = index
        self.deadline = deadline
        rows = index.formable_rows(rack, size, min_length=2)
        self.rows = rows
        self.lanes = index.lanes_of_rows(rows)
        # rows are longest first: one block per length, sliced when first needed
        lengths = index.lengths[rows]
        top = int(lengths[0]) if len(rows) else 0
        cuts = np.searchsorted(-lengths, -np.arange(top + 1, 0, -1)).tolist()
        self._spans = {top + 1 - k: (cuts[k], cuts[k + 1]) for k in range(top)
                       if cuts[k + 1] > cuts[k]}
        self.longest = max(self._spans, default=1)  # the longest candidate (1: none)
        self.blocks = _Blocks(self)
        start = tuple(np.array([v], dtype=np.uint64) for v in lanes_of(rack))
        self.states = [start]  # lanes of each layer's distinct remainders
        # per state of the last layer: the smallest row of a word that led to it
        self.last_rows = None
        self.links = []  # per layer: (parent state, row of word taken, child state)
        self.shape = []  # entries >= 2 settled so far
        self.remaining = size
        self.max_pairs = max_pairs  # past this many pairs in one layer: LayerTooBig
        self.trying = None  # the length being tried for the next entry (all longer failed)
        self.looked_ahead = False  # the last pairs are a look-ahead's (_pruned): not all
        self.compiled = compiled  # big layers may use solver/search/kernels/ (numba)
        self.nodes = 1
        self._keys = {}
        self._letters = None  # (states it was made for, their tile letters)

    def run(self) -> list[int]:
        """Settle the shape layer by layer; the rows of the tie-break's set (see layered.py).

        Raises :class:`OutOfTime` past the deadline and :class:`LayerTooBig` when a
        layer would hold more than ``max_pairs`` pairs.
        """
        self._forward()
        return self.path(np.ones(len(self.states[-1][0]), dtype=bool))

    def _forward(self) -> None:
        cap = max(self._spans, default=0)
        while True:
            if time.perf_counter() > self.deadline:
                raise OutOfTime
            states = self.states[-1]
            if len(states[0]) == 1 and self.links:
                # One remainder: a single fit test over every candidate no longer
                # than the cap (rows are longest first, so that is one slice);
                # the first hit's length is the next entry.
                length = self._single(states, min(cap, self.remaining))
                if not length:
                    return
                self.remaining -= length
                cap = length
                continue
            union = (letter_max(states, self.compiled) if len(states[0]) > _UNION_MIN_STATES
                     else None)
            for length in range(min(cap, self.remaining), 1, -1):
                block = self.blocks.get(length)
                if block is None:
                    continue
                rows, lanes = block
                if union is not None and len(rows) > _SMALL_BLOCK:
                    # A word that does not fit the letter-wise maximum of the
                    # remainders fits none of them, nor any later remainder
                    # (those are sub-multisets of these): drop it for good.
                    keep = fits_one(union, lanes)
                    if not keep.all():
                        rows, lanes = rows[keep], tuple(a[keep] for a in lanes)
                        self.blocks[length] = (rows, lanes)
                    if not len(rows):
                        continue
                # Words of one length can be taken in any order, so within a run
                # of equal lengths only sets in row order need be built: a
                # remainder reached by a word of row r need only continue with
                # rows >= r (>= the smallest such r, when several words lead to
                # it).  Every set still has its sorted path, so the layers and
                # the tie-break read-out (which follows sorted paths) are unchanged.
                floor = self.last_rows if self.shape and self.shape[-1] == length else None
                if not self.links:
                    # the first layer: every candidate fits the rack itself
                    pj = np.arange(len(rows))
                    pi = np.zeros(len(rows), dtype=np.intp)
                    break
                self.trying = length
                self.looked_ahead = False  # set when _pruned kept only some pairs
                pi, pj = self._pairs(states, length, floor)
                if len(pi):
                    break
                if time.perf_counter() > self.deadline:
                    raise OutOfTime
            else:
                return  # no word of 2+ letters fits any remainder: the rest are 1s
            # Candidates of this length that fit no remainder now fit none later
            # either (later remainders are sub-multisets of these): drop them.
            # Not after a look-ahead: its pairs are only those some highest set
            # may take next, and later words of that set are not among them.
            remap = pj
            if len(rows) > _SMALL_BLOCK and not self.looked_ahead:
                mark = np.zeros(len(rows), dtype=bool)
                mark[pj] = True
                if not mark.all():
                    used = np.flatnonzero(mark)
                    self.blocks[length] = (rows[used], tuple(a[used] for a in lanes))
                    remap = (np.cumsum(mark) - 1)[pj]
            rows, lanes = self.blocks[length]
            if time.perf_counter() > self.deadline:
                raise OutOfTime
            taken = rows[remap]
            if len(states[0]) == 1:
                # one remainder: different words leave different remainders
                child = (states[0][0] - lanes[0][remap], states[1][0] - lanes[1][remap],
                         states[2][0] - lanes[2][remap])
                inverse = np.arange(len(taken))
                self.last_rows = taken
            else:
                if time.perf_counter() + len(pi) * _MERGE_SECONDS > self.deadline:
                    raise OutOfTime  # merging these would overrun the budget
                child, inverse = unique_states(states[0][pi] - lanes[0][remap],
                                                states[1][pi] - lanes[1][remap],
                                                states[2][pi] - lanes[2][remap],
                                                self.compiled)
                self.last_rows = np.full(len(child[0]), np.iinfo(np.int64).max,
                                         dtype=np.int64)
                np.minimum.at(self.last_rows, inverse, taken)
            self.links.append((pi, taken, inverse))
            self.states.append(child)
            self.shape.append(length)
            self.nodes += len(child[0])
            self.remaining -= length
            self.trying = None
            cap = length

    def _single(self, states, cap: int) -> int:
        """Extend a layer of one remainder; return the entry found (0: none fits)."""
        lo = min((span[0] for length, span in self._spans.items() if length <= cap),
                 default=len(self.rows))
        fit = np.flatnonzero(fits_one([int(a[0]) for a in states],
                                       tuple(a[lo:] for a in self.lanes)))
        if not len(fit):
            return 0
        fit += lo
        length = int(self.index.lengths[self.rows[fit[0]]])
        hi = self._spans[length][1]
        fit = fit[fit < hi]
        taken = self.rows[fit]
        child = tuple(states[k][0] - self.lanes[k][fit] for k in range(3))
        self.links.append((np.zeros(len(fit), dtype=np.intp), taken, np.arange(len(fit))))
        self.states.append(child)
        self.last_rows = taken
        self.shape.append(length)
        self.nodes += len(fit)
        return length

    def _pairs(self, states, length: int, floor=None):
        """Every (state, candidate) pair of the block of ``length`` where the word fits.

        Two equivalent ways, whichever is cheaper: test every candidate of the
        block against every state, or list each state's sub-multisets of
        ``length`` tiles and look them up among the block's candidates.
        """
        rows, lanes = self.blocks[length]
        size = self.remaining
        subsets = _comb(size, length)
        keys = None
        n_states = len(states[0])
        # rough costs in nanoseconds, fitted to timings of the ways on the layers
        # of random 24-40 tile racks (each way gives the same pairs)
        lookup = (n_states * subsets * length * 15 + len(rows) * 7 + _LOOKUP_OVERHEAD
                  if subsets <= _MAX_SUBSETS and n_states > 1 else math.inf)
        if self.compiled and n_states >= _JOIN_MIN_STATES:
            # the join, unless the remainders are small: listing then lists at most
            # ``subsets`` pairs a remainder, too few to need the look-ahead
            if lookup >= n_states * len(rows) * _JOIN_NS or \
                    n_states * subsets > self.max_pairs:
                return self._joined(states, length, floor)
            keys = self._block_keys(length)
        elif lookup < n_states * len(rows) * 4.4:
            keys = self._block_keys(length)
        work = subsets * length if keys is not None else len(rows)
        step = max(1, PAIR_CHUNK // max(1, work))
        order = None
        if floor is not None and keys is None and n_states > _FLOOR_CHUNK:
            # states by floor, in small chunks: each chunk scans only the rows
            # from its smallest floor on
            states, floor, order = _by_floor(states, floor)
            step = min(step, _FLOOR_CHUNK)
        out_i, out_j, total = [], [], 0
        letters, letters_lo = None, None
        if keys is not None and self._letters is not None and self._letters[0] is states[0] \
                and step >= n_states:
            letters, letters_lo = self._letters[1], 0
        for lo in range(0, n_states, step):
            if time.perf_counter() > self.deadline:
                raise OutOfTime
            part = tuple(a[lo:lo + step] for a in states)
            first = 0
            if floor is not None and keys is None:
                first = int(np.searchsorted(rows, floor[lo:lo + step].min()))
            if keys is not None:
                if letters is None or letters_lo != lo:
                    letters, letters_lo = tile_letters(part, size), lo
                pi, pj = lookup_pairs(letters, length, lanes, keys)
            else:
                pi, pj = fit_pairs(part, tuple(a[first:] for a in lanes))
                pj += first
            total += _keep_chunk((out_i, out_j), pi, pj, lo, rows, floor, order)
            if total > self.max_pairs:
                raise LayerTooBig  # too big to hold: the packing queries go on
        if letters is not None and letters_lo == 0 and step >= n_states:
            self._letters = (states[0], letters)  # reused for the next length
        if not out_i:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
        if len(out_i) == 1:
            return out_i[0], out_j[0]
        return np.concatenate(out_i), np.concatenate(out_j)

    def _joined(self, states, length: int, floor):
        """The pairs by the bitset join (solver/search/joins.py), in state chunks, floors applied.

        With floors, the states go by floor, so that each chunk joins only the
        rows from its smallest floor on (``_joined_chunk``).
        """
        rows, lanes = self.blocks[length]
        n_states = len(states[0])
        given = states, floor
        states, floor, order = _by_floor(states, floor)
        ahead = self.remaining // length <= _LOOKAHEAD  # the look-ahead may go on
        out_i, out_j, total = [], [], 0
        # chunks start small and grow, so that a layer too big to hold is seen
        # early, and no chunk holds many more pairs than the layer may
        lo, step = 0, max(64, min(_JOIN_FIRST, PAIR_CHUNK // max(1, len(rows))))
        while lo < n_states:
            if time.perf_counter() > self.deadline:
                raise OutOfTime
            part = tuple(a[lo:lo + step] for a in states)
            pi, pj = _joined_chunk(part, lo, rows, lanes, floor)
            total += _keep_chunk((out_i, out_j), pi, pj, lo, rows, None, order)
            # too big to hold (or on course to be, by far; for the look-ahead, at all):
            # the look-ahead or the packing queries go on
            done = lo + len(part[0])
            if total > self.max_pairs or \
                    total * n_states > (1 if ahead else _PROJECTED) * self.max_pairs * done:
                if ahead:
                    # the look-ahead starts over: let go of what this join holds
                    out_i.clear()
                    out_j.clear()
                    states = part = pi = pj = None
                    return self._pruned(*given, length)
                raise LayerTooBig
            lo += step
            room = (self.max_pairs - total) * lo // max(1, total)  # remainders, at this rate
            step = max(64, min(2 * step, _CHUNK_STATES, room))
        if not out_i:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
        return np.concatenate(out_i), np.concatenate(out_j)

    def _pruned(self, states, floor, length: int):
        """The pairs of the remainders holding the most words of ``length`` (a look-ahead).

        A word of ``length`` fits some remainder and no longer one does (or
        may: the cap), so the highest shape goes on with that length.  If the
        remainders hold at most m disjoint such words (rows from their floor
        on), some set goes on with m of them, so the highest shape does too,
        and a highest set, in row order, passes only through remainders that
        hold m (its next m words): the others are dropped.  Each remainder's
        count is exact (solver/search/kernels/layers.py: a depth-first search over the
        words that fit it, depth at most ``_LOOKAHEAD``).  Of their pairs, only
        those whose word leaves m - 1 more words of rows no lower are kept:
        a highest set's next word is one.  The pairs are found by the join,
        a chunk of remainders at a time; a chunk keeps only the pairs of its
        remainders holding the most so far (the most only grows).
        """
        from .kernels.layers import first_words, lists_by_state, most_words  # compiled: big only

        self.looked_ahead = True
        rows, lanes = self.blocks[length]
        n_states, limit = len(states[0]), self.remaining // length
        states, floor, order = _by_floor(states, floor)
        best, out_i, out_j, kept = 0, [], [], 0
        lo, step = 0, _LOOKAHEAD_CHUNK
        while lo < n_states:
            started = time.perf_counter()
            if started > self.deadline:
                raise OutOfTime
            part = tuple(a[lo:lo + step] for a in states)
            pi, pj = _joined_chunk(part, lo, rows, lanes, floor)
            start, words = lists_by_state(pi, pj, len(part[0]))  # each in row order
            counts, most_now = most_words(*part, start, words, *lanes, limit, best)
            if most_now > best and kept:  # what was kept holds fewer than the most now
                out_i, out_j, kept = [], [], 0
            best = most_now
            # of the remainders holding the most, the words after which the rest still fit
            keep = first_words(*part, start, words, *lanes, counts, best)
            out_i.append(np.repeat(np.arange(lo, lo + len(counts)), np.diff(start))[keep])
            out_j.append(words[keep])
            kept += len(out_i[-1])
            if kept > self.max_pairs:
                raise LayerTooBig  # still too big to hold: the packing queries go on
            lo += len(part[0])
            # chunks of about _LOOKAHEAD_SECONDS each, so that the deadline is seen in time
            took = max(time.perf_counter() - started, 1e-4)
            step = int(min(max(step * _LOOKAHEAD_SECONDS / took, 256), 4 * step, 1 << 16))
        pi, pj = np.concatenate(out_i), np.concatenate(out_j)
        return (pi if order is None else order[pi]), pj

    def _block_keys(self, length: int):
        """The hashed keys of the block's candidates (cached while the block stands)."""
        rows, lanes = self.blocks[length]
        cached = self._keys.get(length)
        if cached is not None and cached[0] is rows:
            return cached[1]
        keys = lookup_keys(lanes)
        self._keys[length] = (rows, keys)
        return keys

    def path(self, alive_last: np.ndarray) -> list[int]:
        """Rows of the smallest word sequence from the rack to an alive last-layer state."""
        alive = [None] * len(self.states)
        alive[-1] = alive_last
        for k in range(len(self.links) - 1, -1, -1):
            parent, _, child = self.links[k]
            mark = np.zeros(len(self.states[k][0]), dtype=bool)
            mark[parent[alive[k + 1][child]]] = True
            alive[k] = mark
        chosen, current = [], 0
        for k, (parent, rows, child) in enumerate(self.links):
            ok = (parent == current) & alive[k + 1][child]
            pick = np.flatnonzero(ok)
            best = pick[np.argmin(rows[pick])]
            chosen.append(int(rows[best]))
            current = int(child[best])
        return chosen


def _by_floor(states, floor):
    """(states, floors, order): the states sorted by floor (stable), or as they are without."""
    if floor is None:
        return states, None, None
    order = np.argsort(floor, kind="stable")
    return tuple(a[order] for a in states), floor[order], order


def _joined_chunk(part, lo: int, rows, lanes, floor):
    """The join's pairs of the states ``part`` (from ``lo``, sorted by floor), floors applied.

    The chunk joins only the rows from its smallest floor on; then each pair
    is checked on its own state's floor.  State numbers are the chunk's own.
    """
    first = 0 if floor is None else int(np.searchsorted(rows, floor[lo]))
    pi, pj = join_pairs(part, tuple(a[first:] for a in lanes))
    pj += first
    return _at_floor(pi, pj, lo, rows, floor)


def _at_floor(pi, pj, lo: int, rows, floor):
    """The pairs whose row is at or past their state's floor (states numbered from ``lo``)."""
    if floor is None or not len(pi):
        return pi, pj
    ok = rows[pj] >= floor[pi + lo]
    return pi[ok], pj[ok]


def _keep_chunk(out, pi, pj, lo: int, rows, floor, order) -> int:
    """Add a chunk's pairs to ``out`` (numbered in the layer), those at or past their floor.

    ``pi`` numbers states within the chunk starting at ``lo``; ``order`` (when
    the states were sorted by floor) maps them back.  Returns how many were kept.
    """
    pi, pj = _at_floor(pi, pj, lo, rows, floor)
    if len(pi):
        out[0].append(pi + lo if order is None else order[pi + lo])
        out[1].append(pj)
    return len(pi)
