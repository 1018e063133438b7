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

Where the work is done: solver/search/layers.py holds the layers and what makes
them cheap (solver/search/remainders.py: which words fit which remainders);
a layer too big to hold hands over to solver/search/settle.py, which settles
the rest of the shape by exact packing queries (solver/search/packing.py);
a search out of time answers with solver/search/stopped.py's set at hand and
proven upper bound.  A layer is too big past ``_MAX_PAIRS`` (remainder, word)
pairs, ``_MAX_PAIRS_BIG`` for racks past ``_SMALL_RACK`` tiles, which also
use the compiled loops (solver/search/kernels/) and solve the packing
relaxations by column generation.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

import numpy as np

from solver.words.tiles import Tiles, unpack

from .budget import OutOfTime
from .layers import Layers, LayerTooBig
from .stopped import best_set, layers_bound

DEFAULT_BUDGET = 5.0  # seconds

_MAX_PAIRS = 2_000_000  # (remainder, word) pairs one layer may hold before handing over
_SMALL_RACK = 48  # racks up to this size keep the whole layered search (the tie-break)
# Bigger racks may hand over to the packing queries sooner.  Measured on 60-80 tile
# racks (scripts/bench_solver.py), handing over at 150k pairs proved no more racks
# than at 2M and fewer Bananagrams 70-80 tile racks (300k, after the packing got faster:
# one more rack at 70 tiles, one fewer at 80); at 2M the search proves every rack the
# layers alone prove, so for now both are the same.
# After column generation made the packing queries faster, a hand-over by estimated layer
# work (past 0.3 s of pair tests) was measured too: Bananagrams 60-tile racks' CPU max went
# from 0.27 s to 5.9 s and the 70-tile sum from 12 s to 34 s; not kept.
# After the packing walk was compiled, 1M was measured against 2M on 30 random racks each
# (seed 2, 30 s budget): Scrabble 70 tiles, slowest 3.15 s -> 2.04 s and sum 14.3 s ->
# 12.0 s; Scrabble 60 and 80, Bananagrams 70 and 80: the same within 3%.
_MAX_PAIRS_BIG = 1_000_000
_COMPILED_FROM = _SMALL_RACK + 1  # racks this big use the compiled loops in big layers


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


def search(tiles: Tiles, index, budget: float | None = DEFAULT_BUDGET) -> SearchResult:
    """Run the exact search; past ``budget`` seconds, return the best found so far."""
    size = len(tiles)
    compiled = size >= _COMPILED_FROM and _compiled_loops(budget)  # outside the budget
    start = time.perf_counter()
    deadline = start + (budget if budget is not None else float("inf"))
    layers = Layers(index, tiles.packed, size, deadline, compiled=compiled,
                    max_pairs=_MAX_PAIRS if size <= _SMALL_RACK else _MAX_PAIRS_BIG)
    settle, stopped = None, None
    try:
        chosen = layers.run()
    except OutOfTime:
        chosen, stopped = best_set(layers, index), "budget"
    except LayerTooBig:
        if size >= _COMPILED_FROM and not compiled:
            # the packing queries need the compiled loops, which another process is still
            # compiling: what the layers proved is the answer, as when out of time
            chosen, stopped = best_set(layers, index), "budget"
        else:
            from .settle import Settle  # the packing queries: only racks whose layers grow big

            settle = Settle(layers, best_set(layers, index), tiles, index, deadline,
                            columns=size > _SMALL_RACK)
            try:
                chosen = settle.run()
            except OutOfTime:
                chosen, stopped = settle.best(), "budget"
    elapsed = time.perf_counter() - start
    left = tiles.packed
    for row in chosen:
        left -= index.packed_rows(np.array([row]))[0]
    keys = tuple(index.key(row) for row in chosen)
    leftover = "".join(sorted(unpack(left).elements())).lower()
    nodes = layers.nodes + (settle.packer.nodes if settle else 0)
    found = SearchResult(keys, leftover, stopped is None, elapsed, nodes, stopped)
    if stopped is None:
        upper = found.shape
    elif settle is not None:
        upper = settle.upper()
    else:
        upper = layers_bound(layers, tiles, index)
    if found.shape == upper:
        # proven, or out of time with a set that reaches a shape no set can beat: a highest
        # set (not always the one the whole search would pick among equals: see the tie-break)
        stopped = None
    return dataclasses.replace(found, upper=upper, proven=stopped is None, stopped=stopped)


def _compiled_loops(budget: float | None) -> bool:
    """Load the big racks' compiled loops, compiling them the first time after installing
    (outside the budget).  False while another process compiles them and the search has a
    budget: it does not wait, and goes on without them (the same answers where the layers
    finish; a layer too big to hold ends it as out of time)."""
    from . import kernels  # numba: only big racks import it

    return kernels.ready(wait=None if budget is None else 0.0)
