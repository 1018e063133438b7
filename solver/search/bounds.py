"""Cheap upper bounds on the highest shape: letter counts, relaxed.

A shape is the same as its count vector (n_L words of each length L, longest
first; the tiles left are single letters), and shapes of one rack compare as
those vectors compare, lexicographically, longest length first (both use
every tile).  So a *relaxation* (constraints every real set satisfies) bounds
the highest shape: the lexicographically greatest count vector that satisfies
the relaxation is at least the shape of every real set.

The relaxation used here, for tiles T and the candidate words C_L of each
length L (lexicon words of length L that fit T):

* a length with no candidate has n_L = 0;
* size: sum_L L * n_L <= |T|;
* letter groups: for each group G (vowels AEIOU, the other letters, vowels
  with Y, the other letters without Y), every word of length L holds at
  least min_{w in C_L} |w & G| tiles of G, so
  sum_L n_L * min_{w in C_L} |w & G| <= |T & G|.

All of these only limit how much each n_L uses of some budget, so the greatest
vector is found greedily: longest length first, take as many words as every
budget allows, and move on (a larger n_L beats anything the shorter lengths
could add).  A settled prefix of the highest shape (entries the search has
proven) fixes the counts of the lengths above its last entry and the least
count of that entry's length, which only tightens the bound.

>>> from solver.words.lexicon import load_lexicon
>>> from solver.words.tiles import parse_tiles
>>> shape_bound(parse_tiles("QQZZXXJJ", "bananagrams"), load_lexicon().index)
(1, 1, 1, 1, 1, 1, 1, 1)
"""

from __future__ import annotations

import numpy as np

from solver.words.tiles import Tiles

_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
GROUPS = tuple(np.array([c in letters for c in _ALPHABET]) for letters in
               ("aeiou", "bcdfghjklmnpqrstvwxyz", "aeiouy", "bcdfghjklmnpqrstvwxz"))
_GROUP_MATRIX = np.stack(GROUPS, axis=1).astype(np.int32)  # (26, groups)


def counts_of(index, rows: np.ndarray) -> np.ndarray:
    """(len(rows), 26) letter counts of some index rows, as int16."""
    return index.row_counts[rows].astype(np.int16)


def tile_counts(packed: int) -> np.ndarray:
    """The 26 letter counts of a packed rack."""
    return np.array([(packed >> (6 * i)) & 31 for i in range(26)], dtype=np.int64)


def length_limits(counts: np.ndarray, lengths: np.ndarray, cand_counts: np.ndarray):
    """Per length present among the candidates: the least use of each letter group.

    Returns {length: tuple of least group counts}, one entry per group in
    ``GROUPS``.  ``lengths`` and ``cand_counts`` describe candidates that fit
    ``counts``.
    """
    limits = {}
    if not len(lengths):
        return limits
    per_group = cand_counts.astype(np.int32) @ _GROUP_MATRIX
    for length in np.unique(lengths).tolist():
        block = per_group[lengths == length]
        limits[int(length)] = tuple(int(v) for v in block.min(axis=0))
    return limits


def greatest_shape(counts: np.ndarray, limits: dict, prefix=()) -> tuple[int, ...]:
    """The greatest shape the relaxation allows, starting with ``prefix`` (proven entries)."""
    budget = [int(counts[g].sum()) for g in GROUPS]
    size = int(counts.sum())
    fixed = {}
    for length in prefix:
        fixed[length] = fixed.get(length, 0) + 1
    last = min(prefix) if prefix else None
    shape = []
    for length in sorted(limits, reverse=True):
        if last is not None and length > last:
            take = fixed.get(length, 0)  # exactly the prefix's words of this length
        else:
            least = limits[length]
            take = size // length
            for have, need in zip(budget, least):
                if need:
                    take = min(take, have // need)
            if last is not None and length == last:
                take = max(take, fixed.get(length, 0))
        if not take:
            continue
        size -= take * length
        budget = [have - take * need for have, need in zip(budget, limits[length])]
        shape.extend([length] * take)
    return tuple(shape) + (1,) * max(size, 0)


def shape_bound(tiles: Tiles, index, prefix=()) -> tuple[int, ...]:
    """A shape no word set of ``tiles`` can beat (see the module docstring)."""
    rows = index.formable_rows(tiles.packed, len(tiles), min_length=2)
    counts = tile_counts(tiles.packed)
    limits = length_limits(counts, index.lengths[rows], counts_of(index, rows))
    return greatest_shape(counts, limits, prefix)
