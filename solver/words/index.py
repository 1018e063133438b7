"""A vectorised index of a lexicon's alphagrams, to find what fits a rack fast.

Each alphagram's letter counts are packed six bits a letter into three
uint64 lanes (nine letters a lane).  "Fits in the rack" for all ~160,000
alphagrams at once is then a subtraction and a mask test per lane in numpy.
A letter mask per alphagram ("which letters does it use, which twice or
more") first throws out, in one cheap pass, every alphagram using a letter
the rack lacks or repeating a letter the rack has once.

Rows are ordered longest first, then alphabetically by alphagram: the row
number is the candidate order the search's documented tie-break uses.

The index can carry a *word table*: every word of the lexicon, ordered longest
first then alphabetically, with the row of its alphagram.  The bundled
lexicons ship that table as ``dictionaries/<name>.index.npy`` (written by
``scripts/build_lexicons.py``), so building the index is a file load plus a
few vectorised passes; a user's own word list builds it in process.
"""

from __future__ import annotations

import functools
import threading

import numpy as np

from .tiles import BITS

LANE_LETTERS = 9
LANES = 3
# each letter field's top bit: a count fits when subtracting it leaves every guard bit set
LANE_GUARD = np.uint64(sum(1 << (BITS * i + BITS - 1) for i in range(LANE_LETTERS)))
_LANE_WIDTH = BITS * LANE_LETTERS
_LANE_MASK = (1 << _LANE_WIDTH) - 1


def lanes_of(packed: int) -> list[int]:
    """Split a packed 26-letter count into its three nine-letter lanes."""
    return [(packed >> (_LANE_WIDTH * k)) & _LANE_MASK for k in range(LANES)]


_TWICE = np.uint64(32)


def _byte_tables() -> tuple[list[np.ndarray], np.ndarray]:
    """Per-byte lookup tables: a letter's unit in each lane, and its mask bit."""
    codes = np.arange(256)
    letter = codes - ord("a")
    is_letter = (letter >= 0) & (letter < 26)
    units = [np.where(is_letter & (letter // LANE_LETTERS == k),
                      np.left_shift(np.uint64(1), ((letter % LANE_LETTERS) * BITS)
                                    .clip(0).astype(np.uint64)), np.uint64(0))
             for k in range(LANES)]
    bits = np.where(is_letter, np.left_shift(np.uint64(1), letter.clip(0, 25)
                                             .astype(np.uint64)), np.uint64(0))
    return units, bits


_UNITS, _BITS = _byte_tables()


def _letter_mask(packed: int) -> int:
    """Bit L: letter L present; bit 32 + L: letter L present twice or more."""
    mask = 0
    field = (1 << (BITS - 1)) - 1
    for i in range(26):
        n = (packed >> (BITS * i)) & field
        if n:
            mask |= 1 << i
            if n >= 2:
                mask |= 1 << (32 + i)
    return mask


def _sorted_letters(raw: np.ndarray) -> np.ndarray:
    """Sort each row of a zero-padded uint8 letter matrix, keeping padding last."""
    work = np.where(raw == 0, np.uint8(255), raw)
    work.sort(axis=1)
    work[work == 255] = 0
    return work


def word_table(words) -> np.ndarray:
    """The word table of a lexicon: words (longest first, then alphabetically) and rows.

    ``words`` are lower-case a-z strings, no duplicates.  The result is a
    structured array with fields ``word`` (bytes, zero-padded) and ``row`` (the
    row of the word's alphagram, rows ordered by (length desc, alphagram)).
    Deterministic: the same words give the same bytes.
    """
    words = sorted(set(words))
    n = len(words)
    width = max(map(len, words)) if words else 1
    arr = np.array(words, dtype=f"S{width}")
    raw = arr.view(np.uint8).reshape(n, width)
    lens = (raw != 0).sum(axis=1)
    order = np.argsort(-lens, kind="stable")  # words were alphabetical already
    arr, raw, lens = arr[order], raw[order], lens[order]
    alph = np.ascontiguousarray(_sorted_letters(raw)).view(f"S{width}").reshape(n)
    uniq, inverse = np.unique(alph, return_inverse=True)  # alphabetical
    ulens = (uniq.view(np.uint8).reshape(len(uniq), width) != 0).sum(axis=1)
    rank = np.argsort(-ulens, kind="stable")  # (length desc, alphagram asc)
    row_of = np.empty(len(uniq), dtype=np.uint32)
    row_of[rank] = np.arange(len(uniq), dtype=np.uint32)
    table = np.empty(n, dtype=[("word", f"S{width}"), ("row", "<u4")])
    table["word"] = arr
    table["row"] = row_of[inverse.reshape(-1)]
    return table


class AlphagramIndex:
    """Alphagrams with their lengths and packed counts, ordered longest first."""

    def __init__(self, alphagrams=None, *, table: np.ndarray | None = None):
        """Index some alphagrams (any order), or the alphagrams of a word table."""
        if table is not None:
            rows = table["row"]
            n = int(rows.max()) + 1 if len(rows) else 0
            # one word of each row: any of them has the row's letters (an anagram)
            one = np.empty(n, dtype=np.intp)
            one[rows] = np.arange(len(rows))
            width = table.dtype["word"].itemsize
            raw = table["word"][one].view(np.uint8).reshape(n, width)
            self.table = table
        else:
            alphagrams = sorted(set(alphagrams), key=lambda a: (-len(a), a))
            width = max(map(len, alphagrams)) if alphagrams else 1
            raw = (np.array(alphagrams, dtype=f"S{width}").view(np.uint8)
                   .reshape(len(alphagrams), width))
            self.table = None
        n = raw.shape[0]
        self.width = width
        self.letters = np.ascontiguousarray(raw)  # each row's letters, zero-padded, any order
        self.lengths = (raw != 0).sum(axis=1).astype(np.int64)
        # First row of each length: rows of length <= L start at _start[L].
        self._start = [int(np.searchsorted(-self.lengths, -L, side="left"))
                       for L in range(0, width + 2)]
        self._lanes = [np.zeros(n, dtype=np.uint64) for _ in range(LANES)]
        self._masks = np.zeros(n, dtype=np.uint64)
        self._built = n  # rows from here on have their lanes and masks
        self._building = threading.Lock()

    def _build(self, lo: int) -> None:
        """Pack the lanes and masks of rows ``lo`` onwards, if not done yet.

        Rows are longest first, so a rack of a few tiles, which can use only the last
        rows, packs only those: a small rack's whole search takes less time than packing
        every row would."""
        if lo >= self._built:
            return
        with self._building:
            hi = self._built
            if lo >= hi:
                return
            used = np.zeros(hi - lo, dtype=np.uint64)
            twice = np.zeros(hi - lo, dtype=np.uint64)
            for j in range(self.width):
                # rows of more than j letters (up to _start[j]) have a letter in column j
                m = min(hi, self._start[j])
                if m <= lo:
                    break
                col = self.letters[lo:m, j]
                for lane, unit in zip(self._lanes, _UNITS):
                    lane[lo:m] += unit[col]
                bit = _BITS[col]
                twice[:m - lo] |= used[:m - lo] & bit
                used[:m - lo] |= bit
            self._masks[lo:hi] = used | (twice << _TWICE)
            self._built = lo

    @property
    def lanes(self) -> list[np.ndarray]:
        """Every row's letter counts, packed into three uint64 lanes."""
        self._build(0)
        return self._lanes

    @property
    def masks(self) -> np.ndarray:
        """Every row's letter mask: bit L = "uses letter L", bit 32 + L = "twice or more"."""
        self._build(0)
        return self._masks

    def lanes_of_rows(self, rows: np.ndarray) -> tuple[np.ndarray, ...]:
        """The three lanes of some rows (packing no more rows than those need)."""
        if len(rows):
            self._build(int(rows.min()))
        return tuple(lane[rows] for lane in self._lanes)

    @functools.cached_property
    def row_counts(self) -> np.ndarray:
        """(rows, 26) letter counts of every row, int8: made once, so that a big search's
        bounds gather their candidates' counts instead of unpacking them each time."""
        shifts = np.arange(0, BITS * LANE_LETTERS, BITS, dtype=np.uint64)
        field = np.uint64((1 << (BITS - 1)) - 1)
        counts = np.empty((len(self), 26), dtype=np.int8)
        step = 1 << 15
        for start in range(0, len(self), step):
            stop = min(start + step, len(self))
            parts = [(self.lanes[k][start:stop, None] >> shifts) & field for k in range(3)]
            counts[start:stop] = np.concatenate(parts, axis=1)[:, :26]
        return counts

    @functools.cached_property
    def _bytes(self) -> np.ndarray:
        """Each row's alphagram (its letters sorted), as bytes: made when first asked for
        (sorting every row takes longer than a small rack's whole search)."""
        raw = _sorted_letters(self.letters)
        return np.ascontiguousarray(raw).view(f"S{self.width}").reshape(raw.shape[0])

    def __len__(self) -> int:
        return len(self.lengths)

    def key(self, row: int) -> str:
        """The alphagram of one row."""
        return bytes(sorted(self.letters[row].tobytes().rstrip(b"\0"))).decode("ascii")

    def packed_rows(self, rows: np.ndarray) -> list[int]:
        """Python-int packings of some rows."""
        a, b, c = (lane.tolist() for lane in self.lanes_of_rows(rows))
        return [x | (y << 54) | (z << 108) for x, y, z in zip(a, b, c)]

    # -- filtering -------------------------------------------------------------------

    def formable_rows(self, packed_rack: int, size: int, min_length: int = 1) -> np.ndarray:
        """Row numbers (longest first) of every alphagram that fits the rack."""
        start = self._start[size] if size < len(self._start) else 0
        # rows of length >= min_length end where rows of length <= min_length - 1 start
        stop = self._start[min_length - 1] if min_length - 1 < len(self._start) else 0
        if stop <= start:
            return np.zeros(0, dtype=np.int64)
        # a word using a letter the rack lacks, or twice a letter the rack has
        # once, cannot fit: one pass on the masks, then the exact test
        self._build(start)
        absent = np.uint64(~_letter_mask(packed_rack) & ((1 << 58) - 1))
        rows = np.flatnonzero((self._masks[start:stop] & absent) == 0)
        if start:
            rows += start
        for lane, value in zip(self._lanes, lanes_of(packed_rack)):
            part = lane[rows]
            ok = ((np.uint64(value) | LANE_GUARD) - part) & LANE_GUARD == LANE_GUARD
            rows = rows[ok]
        return rows

    def formable(self, packed_rack: int, size: int) -> list[str]:
        """Every alphagram that fits the rack, longest first, then alphabetically."""
        return [b.decode("ascii") for b in
                self._bytes[self.formable_rows(packed_rack, size)].tolist()]

    def words_from(self, packed_rack: int, size: int) -> list[str] | None:
        """Every word that fits the rack, longest first then alphabetically.

        None when the index has no word table (then ask the lexicon's tries).
        """
        if self.table is None:
            return None
        ok = np.zeros(len(self) + 1, dtype=bool)
        ok[self.formable_rows(packed_rack, size)] = True
        hits = self.table["word"][ok[self.table["row"]]]
        return [b.decode("ascii") for b in hits.tolist()]
