"""The exact search for the highest possible word set of some tiles.

The problem: pick disjoint lexicon words (2+ letters) from the tiles so that
the shape (word lengths, high to low, leftover tiles as 1s) is lexicographically
highest.  The search works on alphagrams, since anagrams are interchangeable.

How it works: the shape is settled entry by entry, longest word first
("layers").  Layer k holds every distinct *remainder* (the tiles left over)
that some set of words with the shape's first k entries leaves.  Entry k+1 is
then the length of the longest word that fits any remainder of layer k (and is
no longer than entry k), and layer k+1 is every remainder left by taking such
a word from a layer-k remainder.  When no word of 2+ letters fits any
remainder, the rest of the shape is single letters.

Why that is exact.  Shapes compare lexicographically, and every word set,
written longest word first, passes through the layers: its first k words
leave a remainder with the shape's first k entries.  Suppose the highest
shape H agrees with the entries found so far, (s1..sk) = (H1..Hk).  Then a
set of shape H leaves a remainder r in layer k, and its next word (length
H(k+1)) fits r, so s(k+1) >= H(k+1); and s(k+1) is realised by a real set
(remainder in layer k + a word of length s(k+1), no longer than sk), whose
shape starts (s1..sk, s(k+1)) and is at most H, so s(k+1) <= H(k+1).  By
induction the layers produce exactly H, and nothing is ever cut on a guess:
a remainder leaves the search only when it cannot continue with the highest
entry, i.e. when no set of the highest shape passes through it.  Equal
remainders are merged (what can follow depends only on the remainder and the
length cap, which all remainders of one layer share).

Tie-break (documented, deterministic): among all sets of the highest shape,
the lexicographically smallest sequence of alphagrams when each set is
written longest first and alphabetically by alphagram (the order of the
index's rows); each alphagram is spelled as its alphabetically first word, and
leftover tiles are single letters in alphabetical order.  After the forward
pass, a backward pass marks the remainders from which the rest of the highest
shape is reachable ("alive"), and the set is read forward, taking at each
layer the first word (in row order) that leads to an alive remainder.  That
greedy choice gives the smallest sequence: the first word of the answer is the
smallest word of any highest set (words of one length can be taken in any
order, so "w is in some highest set" is "rack - w is alive"), and the same
argument applies to what follows.

Making the layers cheap, without cutting anything that matters:

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
  sorted path, which is all the layers and the read-out above need;
* a layer of a single remainder is extended with one fit test over all the
  candidates up to the length cap (one slice, rows being longest first): the
  first that fits gives the next entry;
* "which words fit which remainders" is found either by testing every pair
  (numpy, packed counts, first lane then the others) or, for small
  remainders, by listing each remainder's sub-multisets of the wanted length
  and looking them up; a 64-bit hash only says where to look, every hit is
  checked on the full packed counts.  For racks past ``_SMALL_RACK`` tiles,
  layers of ``_JOIN_MIN_STATES`` remainders or more use a bitset join
  instead (solver/search/joins.py: "at least c of letter x" as a bitset over the
  remainders, ANDed per word), which finds exactly the same pairs, unless
  their remainders are small enough for the listing to cost less.  Merging
  equal remainders also sorts by hash and checks for collisions, falling
  back to an exact sort; big merges of big racks use a hash table whose
  every probe compares the lanes (solver/search/kernels.py);
* a look-ahead, when a layer of a big rack is on course to be too big to
  hold (below; judged by its first remainders' pairs) and its remainders can
  hold at most ``_LOOKAHEAD`` more words of the length L being placed: no
  entry above L can follow (longer words fit no remainder, or the previous
  entry caps it), so if the most disjoint L-words any remainder holds (rows
  from its floor on) is m, some set goes on with m of them and so does the
  highest shape; a highest set, in row order, then passes only through
  remainders holding m, and takes next a word after which m - 1 more of
  rows no lower fit.  Only those remainders and those words are kept
  (``_Layers._pruned``; each count exact, by a depth-first search over the
  words fitting the remainder, solver/search/kernels.py).

Big racks: packing queries instead of layers.  When one layer would hold
more than ``_MAX_PAIRS`` (remainder, word) pairs (``_MAX_PAIRS_BIG`` for racks
of more than ``_SMALL_RACK`` tiles; or, judged by the pairs of its first
remainders, is on course for ``_PROJECTED`` times that), and the
look-ahead cannot apply or leaves it still too big, the layers stop, and
what they proved is kept: the settled prefix P, and at the next position
every entry above the length they were trying (those fit no remainder of
the layer).  The rest of
the shape is settled entry by entry (class ``_Settle``): the next entry is the
longest L (from there down) such that some set of shape P leaves a word of
length L, which is the layers' induction unchanged (the highest shape H starts
P; a set of shape H leaves its next word, so that L >= H(k+1); the set found
has a shape starting P, L, at most H, so L <= H(k+1)).  The set at hand gives
a first L (the longest word its leftover holds); above it, "does some set of
shape P leave a word of length L?" is answered exactly by solver/search/packing.py
(a letter-branching search with proven cuts; its docstring has the argument),
which returns such a set when there is one.  The highest length still
possible is asked on its own first (it is often the entry); below it, when
the query has a single tail word of at most ``_ONE_OF_UP_TO`` letters, one
branch-and-bound query answers every length above the set at hand at once:
the longest tail word any set of shape P leaves (or none longer); longer
tails are asked one length at a time (each length is answered exactly
either way).  Which lengths a query packs by letters and which it only
fits into what is left is a choice of work, not of answer (``_split``).
When no L >= 2 is left, the set that proved the last entry is a set of the
highest shape.  Nothing is capped: the packing memo is bounded, and a full
memo only means repeated work.  Tie-break on this path
(deterministic, documented): that set, its words in row order, leftover
letters alphabetically; it may differ from the layers' smallest sequence when
several sets share the highest shape.  For racks past ``_SMALL_RACK`` tiles
the packing queries solve their relaxation by column generation (faster; it
changes the branch order, hence maybe the set returned, never a proof: every
letter weighting is checked exactly however it was found).

Out of time (``budget`` seconds) the search returns, marked not proven
(``stopped="budget"``), the best set it has (a greedy completion of the
deepest layer, or of the packing path's prefix), which is a lower bound, and
an upper bound, the lower of two proven ones: the settled prefix, then no
entry above the length being tried, then the greatest partition of the rest;
and the letter-group relaxation of solver/search/bounds.py with that prefix.  When
the set's shape meets that upper bound, it is a highest set after all, and
the result says proven (a highest set, though among several of that shape not
always the one the tie-break above would pick).
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import itertools
import math
import time
from dataclasses import dataclass

import numpy as np

from solver.words.index import LANE_GUARD, LANE_LETTERS, lanes_of
from solver.words.tiles import BITS, Tiles, unpack

from .bounds import counts_of, greatest_shape, length_limits, tile_counts
from .joins import join_pairs
from .packing import OutOfTime, Packer

DEFAULT_BUDGET = 5.0  # seconds

_PAIR_CHUNK = 1 << 21  # state x candidate fit tests per numpy pass
_GREEDY_TRIES = 4  # remainders completed greedily when out of time
_UNION_MIN_STATES = 8  # below this, the pair test itself is the cheaper filter
_FLOOR_CHUNK = 64  # states per chunk when scanning from per-state floors
_SMALL_BLOCK = 64  # blocks this small are not worth shrinking
_MAX_PAIRS = 2_000_000  # (remainder, word) pairs one layer may hold before splitting
_SMALL_RACK = 48  # racks up to this size keep the whole layered search (the tie-break)
# Bigger racks may hand over to the packing queries sooner.  Measured on 60-80 tile
# racks (scripts/bench_solver.py), handing over at 150k pairs proved no more racks
# than at 2M and fewer Bananagrams 70-80 tile racks (300k, after the packing got faster:
# one more rack at 70 tiles, one fewer at 80); at 2M the search proves every rack the
# layers alone prove, so for now both are the same.
# After column generation made the packing queries faster, a hand-over by estimated layer
# work (past 0.3 s of pair tests) was measured too: Bananagrams 60-tile racks' CPU max went
# from 0.27 s to 5.9 s and the 70-tile sum from 12 s to 34 s; not kept.
# After the packing walk was compiled (eighth round), 1M was measured against 2M on 30
# random racks each (seed 2, 30 s budget): Scrabble 70 tiles, slowest 3.15 s -> 2.04 s and
# sum 14.3 s -> 12.0 s; Scrabble 60 and 80, Bananagrams 70 and 80: the same within 3%.
_MAX_PAIRS_BIG = 1_000_000
_LONG_TAIL = 8  # exact covers: tail words this long are packed by letters too (see _split)
_EXACT_WORDS = 8  # ... when the cover has at most this many words
_ONE_OF_UP_TO = 8  # one branch-and-bound query for tail lengths up to this; longer: one by one
# (measured with a 30 s budget on the bench's racks: of 14 Scrabble 90-tile racks, whose
# tails are 9-14 letters, asking one length at a time proved 10 instead of 9, each faster,
# median 15.7 s instead of 22.0 s; 6 80-tile racks, tails of 2-4 letters, took 2.8-17 s with
# one query against 2.7-29 s one length at a time)
_COMPILED_FROM = _SMALL_RACK + 1  # racks this big use solver/search/kernels.py (numba) in big layers
_JOIN_MIN_STATES = 3000  # remainders from which the bitset join finds the pairs
_JOIN_NS = 0.5  # about what the join costs per (remainder, candidate) (measured 0.15-2.2 ns
# on 60-70 tile racks' layers): small remainders are listed instead when cheaper
_CHUNK_STATES = 1 << 16  # remainders per join
_JOIN_FIRST = 1 << 10  # remainders in the first join of a layer (then doubling)
_PROJECTED = 16  # a layer on course for this many times _MAX_PAIRS hands over at once
_HASHED_MERGE = 1 << 16  # merges of this many remainders or more use the compiled hash table
_LOOKAHEAD = 2  # a layer too big to hold keeps the remainders holding the most words of its
# length, when they hold at most this many (_Layers._pruned); deeper counts cost too much
_LOOKAHEAD_CHUNK = 1 << 12  # remainders in the first join of _Layers._pruned (then by time)
_LOOKAHEAD_SECONDS = 0.05  # about what each later join of _Layers._pruned takes
_MERGE_SECONDS = 6e-7  # about what merging costs per pair (to stop near the budget)


@dataclass(frozen=True)
class SearchResult:
    """What the search found: alphagram keys chosen, the leftover, and proof."""

    keys: tuple[str, ...]
    leftover: str
    proven: bool
    elapsed: float
    nodes: int = 0  # remainders (layer states) the search held
    stopped: str | None = None  # why it is not proven: "budget" (out of time), the only reason
    upper: tuple[int, ...] = ()  # a shape no set of these tiles can beat

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(len(k) for k in self.keys) + (1,) * len(self.leftover)


class _OutOfTime(Exception):
    """The layers stopped: "budget" (out of time) or "size" (a layer too big: hand over)."""

    def __init__(self, reason: str = "budget"):
        super().__init__(reason)
        self.reason = reason


def _upper_bound(settled: list[int], remaining: int, cap: int) -> tuple[int, ...]:
    """A shape no set can beat, given the settled prefix of the highest shape.

    The forward pass settles entries exactly (see above), so the highest shape
    is ``settled`` followed by a partition of the ``remaining`` tiles into
    parts no longer than ``cap`` (the last settled entry, or the longest
    candidate).  The lexicographically greatest such partition is as many
    ``cap``-long parts as fit, then the rest.

    >>> _upper_bound([15, 15], 20, 15)
    (15, 15, 15, 5)
    """
    cap = max(1, min(cap, remaining)) if remaining else 1
    tail = (cap,) * (remaining // cap) + ((remaining % cap,) if remaining % cap else ())
    return tuple(settled) + tail


def _fit_pairs(states, cands):
    """(state numbers, candidate numbers) of every candidate fitting every state.

    ``states`` and ``cands`` are triples of uint64 lane arrays.  A candidate
    fits a state when, lane by lane, subtracting it from the state with the
    guard bits set leaves every guard bit set (no field borrowed).
    """
    sa, sb, sc = states
    ca, cb, cc = cands
    g = LANE_GUARD
    n_states, n_cands = len(sa), len(ca)
    if n_states == 1:
        ok = ((sa[0] | g) - ca) & g == g
        ok &= ((sb[0] | g) - cb) & g == g
        ok &= ((sc[0] | g) - cc) & g == g
        pj = np.flatnonzero(ok)
        return np.zeros(len(pj), dtype=np.intp), pj
    step = max(1, _PAIR_CHUNK // max(1, n_cands))
    out_i, out_j = [], []
    for lo in range(0, n_states, step):
        hi = min(n_states, lo + step)
        # first lane on the whole matrix, the other two only where it fits
        pi, pj = np.nonzero(((sa[lo:hi, None] | g) - ca) & g == g)
        if len(pi):
            ok = ((sb[lo:hi][pi] | g) - cb[pj]) & g == g
            ok &= ((sc[lo:hi][pi] | g) - cc[pj]) & g == g
            pi, pj = pi[ok], pj[ok]
        if len(pi):
            out_i.append(pi + lo)
            out_j.append(pj)
    if not out_i:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    return np.concatenate(out_i), np.concatenate(out_j)


def _fits_one(state, cands):
    """Boolean mask: which candidates fit one state (a triple of lane ints)."""
    g = LANE_GUARD
    ok = ((np.uint64(state[0]) | g) - cands[0]) & g == g
    ok &= ((np.uint64(state[1]) | g) - cands[1]) & g == g
    ok &= ((np.uint64(state[2]) | g) - cands[2]) & g == g
    return ok


_FIELD = np.uint64((1 << (BITS - 1)) - 1)


_FIELD_SHIFTS = np.arange(0, BITS * LANE_LETTERS, BITS, dtype=np.uint64)


def _union(states, compiled: bool = False):
    """The letter-wise maximum of some states, as a triple of lane ints."""
    if compiled and len(states[0]) >= _HASHED_MERGE:
        from .kernels.layers import lane_max  # compiled: only big layers need it
        return [int(lane_max(lane)) for lane in states]
    top = None
    for lo in range(0, len(states[0]), 1 << 16):
        lanes = np.stack([lane[lo:lo + (1 << 16)] for lane in states])  # (3, states)
        fields = ((lanes[:, :, None] >> _FIELD_SHIFTS) & _FIELD).max(axis=1)  # (3, 9)
        top = fields if top is None else np.maximum(top, fields)
    top = top << _FIELD_SHIFTS
    return [int(v) for v in top.sum(axis=1, dtype=np.uint64).tolist()]


_MAX_SUBSETS = 4096
_LOOKUP_OVERHEAD = 80_000  # ns
_K1 = np.uint64(0x9E3779B97F4A7C15)
_K2 = np.uint64(0xC2B2AE3D27D4EB4F)
_UNITS = [np.array([1 << (BITS * (letter % LANE_LETTERS)) if letter // LANE_LETTERS == k else 0
                    for letter in range(26)], dtype=np.uint64) for k in range(3)]
_LETTER_LANE = [(letter // LANE_LETTERS, np.uint64(BITS * (letter % LANE_LETTERS)))
                for letter in range(26)]


def _hash(a, b, c):
    """A 64-bit mix of the three lanes (wrapping arithmetic; collisions are checked)."""
    with np.errstate(over="ignore"):
        return a ^ (b * _K1) ^ ((c + np.uint64(1)) * _K2)


@functools.lru_cache(maxsize=None)
def _comb(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


@functools.lru_cache(maxsize=256)
def _combinations(n: int, k: int) -> np.ndarray:
    count = math.comb(n, k)
    flat = itertools.chain.from_iterable(itertools.combinations(range(n), k))
    return np.fromiter(flat, dtype=np.intp, count=count * k).reshape(count, k)


def _tile_letters(states, size: int) -> np.ndarray:
    """letters[s, p]: the letter (0-25) of state s's p-th tile, tiles in alphabetical order.

    Every state holds ``size`` tiles (one layer's remainders do), so repeating
    each letter by its count gives the rows back to back.  Bytes throughout:
    big layers make these arrays large, and wider ones cost more to fill than
    to compute.
    """
    n_states = len(states[0])
    counts = np.empty((n_states, 3 * LANE_LETTERS), dtype=np.uint8)
    for k, lane in enumerate(states):
        fields = slice(k * LANE_LETTERS, (k + 1) * LANE_LETTERS)
        counts[:, fields] = (lane[:, None] >> _FIELD_SHIFTS) & _FIELD
    letters = np.repeat(np.tile(np.arange(26, dtype=np.uint8), n_states), counts[:, :26].ravel())
    return letters.reshape(n_states, size)


def _subset_lanes(letters: np.ndarray, length: int):
    """Lanes of every ``length``-tile subset (by tile position) of each state: (S, C) each."""
    subs = letters[:, _combinations(letters.shape[1], length)]  # (states, subsets, length)
    return tuple(_UNITS[k][subs].sum(axis=2, dtype=np.uint64) for k in range(3))


def _lookup_pairs(letters: np.ndarray, length: int, lanes, keys):
    """Fit pairs by listing sub-multisets: each state's ``length``-subsets, looked up.

    A word of ``length`` letters fits a state of ``size`` tiles exactly when
    its letters are one of the state's ``length``-tile sub-multisets.  Every
    such sub-multiset is listed (by tile positions, so some repeat), and each
    candidate of the block (``lanes``, hashed as ``keys``) is looked up among
    them.  The hash only says where to look: every hit is then checked lane by
    lane, and equal hashes are all visited, so a collision can neither add
    nor hide a pair.
    """
    sa, sb, sc = _subset_lanes(letters, length)
    per_state = sa.shape[1]
    sa, sb, sc = sa.ravel(), sb.ravel(), sc.ravel()
    query = _hash(sa, sb, sc)
    # A direct-mapped table of the queries' top hash bits throws out most
    # candidates with one gather; only the few left are binary-searched.
    bits = min(20, max(12, (8 * len(query)).bit_length()))
    shift = np.uint64(64 - bits)
    table = np.zeros(1 << bits, dtype=bool)
    table[query >> shift] = True
    maybe = np.flatnonzero(table[keys >> shift])
    order = np.argsort(query)
    ordered = query[order]
    lo = np.searchsorted(ordered, keys[maybe], side="left")
    hi = np.searchsorted(ordered, keys[maybe], side="right")
    count = hi - lo
    hit = np.flatnonzero(count)
    cand = maybe[hit]
    if not len(cand):
        return cand, cand
    lo, count = lo[hit], count[hit]
    reps = count
    pj = np.repeat(cand, reps)
    first = np.repeat(lo - (np.cumsum(reps) - reps), reps)
    qi = order[first + np.arange(len(pj))]
    ok = (sa[qi] == lanes[0][pj]) & (sb[qi] == lanes[1][pj]) & (sc[qi] == lanes[2][pj])
    pi, pj = qi[ok] // per_state, pj[ok]
    if not len(pi):
        return pi, pj
    n = len(keys)
    pair = np.unique(pi * n + pj)
    return pair // n, pair % n


def _unique_states(a, b, c, compiled: bool = False):
    """Distinct (a, b, c) triples: (unique lanes, inverse numbering).

    Sorts one hash instead of three lanes; a hash collision (two different
    triples with one hash) is detected lane by lane and then the exact
    three-key sort is used instead.  Big merges of big racks (``compiled``)
    use a compiled hash table instead (solver/search/kernels.py: every probe compares
    the lanes).
    """
    n = len(a)
    if n == 1:
        return (a, b, c), np.zeros(1, dtype=np.intp)
    if compiled and n >= _HASHED_MERGE:
        from .kernels.layers import unique_triples  # compiled: only big layers need it
        keep, inverse = unique_triples(a, b, c)
        return (a[keep], b[keep], c[keep]), inverse
    keys = _hash(a, b, c)
    order = np.argsort(keys)
    sk = keys[order]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(sk[1:], sk[:-1], out=new[1:])
    ids = np.cumsum(new) - 1
    keep = order[new]
    rep = keep[ids]  # each element's representative, in sorted order
    if not ((a[order] == a[rep]) & (b[order] == b[rep]) & (c[order] == c[rep])).all():
        order = np.lexsort((c, b, a))
        sa, sb, sc = a[order], b[order], c[order]
        new[1:] = (sa[1:] != sa[:-1]) | (sb[1:] != sb[:-1]) | (sc[1:] != sc[:-1])
        ids = np.cumsum(new) - 1
        keep = order[new]
    inverse = np.empty(n, dtype=np.intp)
    inverse[order] = ids
    return (a[keep], b[keep], c[keep]), inverse


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


class _Layers:
    """The forward pass: layer by layer, every remainder with the highest prefix."""

    def __init__(self, index, rack: int, size: int, deadline: float):
        self.index = index
        self.deadline = deadline
        rows = index.formable_rows(rack, size, min_length=2)
        self.rows = rows
        self.lanes = tuple(lane[rows] for lane in index.lanes)
        # rows are longest first: one block per length, sliced when first needed
        lengths = index.lengths[rows]
        top = int(lengths[0]) if len(rows) else 0
        cuts = np.searchsorted(-lengths, -np.arange(top + 1, 0, -1)).tolist()
        self._spans = {top + 1 - k: (cuts[k], cuts[k + 1]) for k in range(top)
                       if cuts[k + 1] > cuts[k]}
        self.blocks = _Blocks(self)
        start = tuple(np.array([v], dtype=np.uint64) for v in lanes_of(rack))
        self.states = [start]  # lanes of each layer's distinct remainders
        # per state of the last layer: the smallest row of a word that led to it
        self.last_rows = None
        self.links = []  # per layer: (parent state, row of word taken, child state)
        self.shape = []  # entries >= 2 settled so far
        self.remaining = size
        # past this many pairs in one layer, hand over to the packing queries
        self.max_pairs = _MAX_PAIRS if size <= _SMALL_RACK else _MAX_PAIRS_BIG
        self.trying = None  # the length being tried for the next entry (all longer failed)
        self.looked_ahead = False  # the last pairs are a look-ahead's (_pruned): not all
        self.compiled = size >= _COMPILED_FROM  # big layers may use solver/search/kernels.py
        self.nodes = 1
        self._keys = {}
        self._letters = None  # (states it was made for, their tile letters)

    def run(self) -> None:
        cap = max(self._spans, default=0)
        while True:
            if time.perf_counter() > self.deadline:
                raise _OutOfTime
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
            union = (_union(states, self.compiled) if len(states[0]) > _UNION_MIN_STATES
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
                    keep = _fits_one(union, lanes)
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
                    raise _OutOfTime
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
                raise _OutOfTime
            taken = rows[remap]
            if len(states[0]) == 1:
                # one remainder: different words leave different remainders
                child = (states[0][0] - lanes[0][remap], states[1][0] - lanes[1][remap],
                         states[2][0] - lanes[2][remap])
                inverse = np.arange(len(taken))
                self.last_rows = taken
            else:
                if time.perf_counter() + len(pi) * _MERGE_SECONDS > self.deadline:
                    raise _OutOfTime  # merging these would overrun the budget
                child, inverse = _unique_states(states[0][pi] - lanes[0][remap],
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
        fit = np.flatnonzero(_fits_one([int(a[0]) for a in states],
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
        step = max(1, _PAIR_CHUNK // max(1, work))
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
                raise _OutOfTime
            part = tuple(a[lo:lo + step] for a in states)
            first = 0
            if floor is not None and keys is None:
                first = int(np.searchsorted(rows, floor[lo:lo + step].min()))
            if keys is not None:
                if letters is None or letters_lo != lo:
                    letters, letters_lo = _tile_letters(part, size), lo
                pi, pj = _lookup_pairs(letters, length, lanes, keys)
            else:
                pi, pj = _fit_pairs(part, tuple(a[first:] for a in lanes))
                pj += first
            total += _keep_chunk((out_i, out_j), pi, pj, lo, rows, floor, order)
            if total > self.max_pairs:
                raise _OutOfTime("size")  # too big to hold: the packing queries go on
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
        lo, step = 0, max(64, min(_JOIN_FIRST, _PAIR_CHUNK // max(1, len(rows))))
        while lo < n_states:
            if time.perf_counter() > self.deadline:
                raise _OutOfTime
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
                raise _OutOfTime("size")
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
        count is exact (solver/search/kernels.py: a depth-first search over the words
        that fit it, depth at most ``_LOOKAHEAD``).  Of their pairs, only
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
                raise _OutOfTime
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
                raise _OutOfTime("size")  # still too big to hold: the packing queries go on
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
        keys = _hash(*lanes)
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


def _greedy(state, rows, lanes, lengths, cap: int) -> list[int]:
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
        fit = np.flatnonzero(_fits_one(state, lanes))
        if not len(fit):
            break
        rows, lanes = rows[fit], tuple(a[fit] for a in lanes)
        chosen.append(int(rows[0]))
        for k in range(3):
            state[k] -= int(lanes[k][0])
    return chosen


def search(tiles: Tiles, index, budget: float | None = DEFAULT_BUDGET) -> SearchResult:
    """Run the exact search; past ``budget`` seconds, return the best found so far."""
    size = len(tiles)
    if size >= _COMPILED_FROM:
        from . import kernels
        kernels.ready()  # numba's import and compilation stay outside the budget
    start = time.perf_counter()
    deadline = start + (budget if budget is not None else float("inf"))
    rack = tiles.packed
    layers = _Layers(index, rack, size, deadline)
    stopped, settle = None, None
    try:
        layers.run()
        last = layers.states[-1]
        chosen = layers.path(np.ones(len(last[0]), dtype=bool))
    except _OutOfTime as stop:
        chosen = _fallback(layers, index)
        stopped = "budget"
        if stop.reason == "size":
            settle = _Settle(layers, chosen, tiles, index, deadline)
            try:
                chosen = settle.run()
                stopped = None
            except (_OutOfTime, OutOfTime):
                chosen = settle.best()
    left = rack
    for row in chosen:
        left -= index.packed_rows(np.array([row]))[0]
    keys = tuple(index.key(row) for row in chosen)
    leftover = "".join(sorted(unpack(left).elements())).lower()
    nodes = layers.nodes + (settle.packer.nodes if settle else 0)
    found = SearchResult(keys, leftover, stopped is None, time.perf_counter() - start,
                         nodes, stopped)
    if stopped is None:
        upper = found.shape
    elif settle is not None:
        upper = settle.upper()
    else:
        upper = _stopped_bound(layers, tiles, index)
    if found.shape == upper:
        # proven, or out of time with a set that reaches a shape no set can beat: a highest
        # set (not always the one the whole search would pick among equals: see the tie-break)
        stopped = None
    return dataclasses.replace(found, upper=upper, proven=stopped is None, stopped=stopped)


class _Settle:
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

    def __init__(self, layers: _Layers, incumbent: list[int], tiles: Tiles, index, deadline):
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
        # racks past the layers' tie-break size solve the packing relaxations by
        # column generation (the same cuts, found faster; another branch order)
        self.packer = Packer(self.lengths, self.counts, deadline, columns=self.size > _SMALL_RACK)

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
        mine = self._rows(self.main) + _greedy(state, layers.rows, layers.lanes,
                                               self.lengths, cap)
        shapes = [sorted((int(self.index.lengths[r]) for r in rows), reverse=True)
                  for rows in (mine, self.incumbent)]
        return sorted(mine) if shapes[0] > shapes[1] else self.incumbent

    def upper(self) -> tuple[int, ...]:
        """The settled prefix, then no entry above the length being tried (both bounds)."""
        cap = self.prefix[-1] if self.prefix else max(self.layers._spans, default=1)
        if self.trying is not None:
            cap = min(cap, self.trying)
        rest = self.size - sum(self.prefix)
        by_size = _upper_bound(self.prefix, rest, cap)
        limits = length_limits(self.tiles, self.lengths, self.counts)
        return min(by_size, greatest_shape(self.tiles.astype(np.int64), limits,
                                           tuple(self.prefix)))


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


def _stopped_bound(layers: _Layers, tiles: Tiles, index) -> tuple[int, ...]:
    """A shape no set can beat, when the layers stopped before the end.

    Two bounds, each proven, and the lower of them: the settled prefix then
    the greatest partition of the rest (no entry above the length being tried
    for the next entry, since every longer one was found to fit no remainder),
    and the letter-count relaxation of solver/search/bounds.py with the same prefix.
    """
    cap = layers.shape[-1] if layers.shape else max(layers._spans, default=1)
    if layers.trying is not None:
        cap = min(cap, layers.trying)
    by_size = _upper_bound(layers.shape, layers.remaining, cap)
    counts = tile_counts(tiles.packed)
    limits = length_limits(counts, index.lengths[layers.rows], counts_of(index, layers.rows))
    return min(by_size, greatest_shape(counts, limits, tuple(layers.shape)))


def _fallback(layers: _Layers, index) -> list[int]:
    """Out of time: complete a few remainders of the deepest layer greedily; keep the best."""
    last = layers.states[-1]
    cap = layers.shape[-1] if layers.shape else 99
    rows, lanes = layers.rows, layers.lanes
    lengths = index.lengths[rows]
    best = None
    for i in range(min(_GREEDY_TRIES, len(last[0]))):
        state = [int(lane[i]) for lane in last]
        tail = _greedy(state, rows, lanes, lengths, cap)
        shape = [int(index.lengths[r]) for r in tail]
        if best is None or shape > best[0]:
            best = (shape, i, tail)
    alive = np.zeros(len(last[0]), dtype=bool)
    alive[best[1]] = True
    return layers.path(alive) + best[2]
