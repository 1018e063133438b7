"""Bit tricks on packed letter counts and on bitsets, shared by the compiled loops.

A letter count is a 6-bit field, nine to a 64-bit lane (solver/words/index.py),
each field's top bit a guard: a word fits some counts when, lane by lane,
subtracting it from the counts with every guard bit set leaves every guard bit
set (no field borrowed).  Bitsets list words or remainders 64 to a machine
word; the lowest set bit's index is read by a de Bruijn multiply.
"""

from __future__ import annotations

import numpy as np

from solver.words.index import LANE_GUARD as GUARD  # each letter field's guard bit

from .cache import compiled

# the index of a 64-bit word's lowest set bit: a de Bruijn multiply and a table
DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
LOWEST = np.array([0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
                    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
                    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
                    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6], dtype=np.int64)
ZERO = np.uint64(0)
ONE = np.uint64(1)


@compiled
def guarded_lanes(counts):  # pragma: no cover - compiled
    """26 letter counts packed into three lanes, guard bits set: a word fits them when
    every guard bit survives subtracting its lanes."""
    have = np.zeros(3, np.uint64)
    for letter in range(26):
        have[letter // 9] |= np.uint64(counts[letter]) << np.uint64(6 * (letter % 9))
    return have[0] | GUARD, have[1] | GUARD, have[2] | GUARD


@compiled
def fits(a, b, c, wa, wb, wc, w):  # pragma: no cover - compiled
    """Does word ``w`` fit the guarded lanes (a, b, c)?  Every guard bit must survive the
    subtraction in all three lanes, i.e. in their AND (one mask serves all three)."""
    return (a - wa[w]) & (b - wb[w]) & (c - wc[w]) & GUARD == GUARD


_ONES = np.uint64(sum(1 << (6 * i) for i in range(9)))  # a 1 in each letter field
_FIVE = np.uint64(5)  # from a field's guard bit to its lowest bit


@compiled
def field_max(a, b):  # pragma: no cover - compiled
    """The field-wise maximum of two packed lanes (no guard bits set): where a field of a
    is at least b's, its guard bit survives (a | guard) - b, and then spans the field."""
    ge = ((a | GUARD) - b) & GUARD
    take = ge - (ge >> _FIVE)
    return (a & take) | (b & ~take)


@compiled
def held_fields(lane):  # pragma: no cover - compiled
    """A 1 in each field of ``lane`` that is not zero (its guard bit survives subtracting 1)."""
    return (((lane | GUARD) - _ONES) & GUARD) >> _FIVE


@compiled
def any_bit(bits, lo, hi):  # pragma: no cover - compiled
    """Is a bit of positions lo..hi-1 set?  (A block at a time, the ends masked.)"""
    if hi <= lo:
        return False
    first, last = lo // 64, (hi - 1) // 64
    for b in range(first, last + 1):
        v = bits[b]
        if b == first:
            v &= ~ZERO << np.uint64(lo % 64)
        if b == last and hi % 64:
            v &= (ONE << np.uint64(hi % 64)) - ONE
        if v != ZERO:
            return True
    return False


@compiled
def listed(bits, words):  # pragma: no cover - compiled
    """The ``words`` whose bits are set, in order."""
    blocks = len(bits)
    out = np.empty(len(words), np.int64)
    n = 0
    for b in range(blocks):
        v = bits[b]
        while v != ZERO:
            low = v & (~v + ONE)
            i = b * 64 + LOWEST[np.int64((low * DE_BRUIJN) >> np.uint64(58))]
            v ^= low
            if i >= len(words):
                break
            out[n] = words[i]
            n += 1
    return out[:n]
