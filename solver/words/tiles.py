"""Letter tiles: the tile sets a table plays with, and parsing revealed tiles.

Tiles are a multiset of the letters A-Z.  Internally a multiset is also packed
into one integer, six bits a letter, so that "does this word fit in these
tiles" is one subtraction and one mask test (Raymond Chen's anagram trick).

>>> tiles = parse_tiles("a-b, egirr")
>>> str(tiles), len(tiles)
('ABEGIRR', 7)
>>> parse_tiles("ABEGIRR").counts["R"]
2
"""

from __future__ import annotations

import string
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping

from solver.errors import InvalidTile, TooManyTiles, UnknownTileSet, shown

LETTERS = string.ascii_uppercase
BITS = 6  # per letter: counts up to 31, with the guard bit above them
FIELD_MASK = (1 << (BITS - 1)) - 1
GUARD = sum(1 << (BITS * i + BITS - 1) for i in range(26))
IGNORED = " ,-\t"


def pack(counts: Mapping[str, int]) -> int:
    """Pack letter counts (upper-case keys) into one integer."""
    value = 0
    for letter, n in counts.items():
        value += n << (BITS * (ord(letter) - 65))
    return value


def unpack(value: int) -> Counter:
    """The letter counts of a packed integer."""
    counts = Counter()
    for i, letter in enumerate(LETTERS):
        n = (value >> (BITS * i)) & FIELD_MASK
        if n:
            counts[letter] = n
    return counts


def fits(word: int, rack: int) -> bool:
    """True when packed ``word`` is a sub-multiset of packed ``rack``."""
    return ((rack | GUARD) - word) & GUARD == GUARD


@dataclass(frozen=True)
class TileSet:
    """A physical set of tiles: how many of each letter exist."""

    name: str
    counts: Mapping[str, int] = field(repr=False)

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    @property
    def bag(self) -> str:
        """Every tile of the set, in letter order.

        >>> len(SCRABBLE.bag), SCRABBLE.bag[:10]
        (98, 'AAAAAAAAAB')
        """
        return "".join(letter * self.counts[letter] for letter in sorted(self.counts))

    def check(self, counts: Mapping[str, int], field: str | None = "tiles") -> None:
        """Raise TooManyTiles if ``counts`` cannot come from this set."""
        for letter in sorted(counts):
            if counts[letter] > self.counts[letter]:
                raise TooManyTiles(
                    f"{counts[letter]} {letter}'s, but the {self.name} set has only "
                    f"{self.counts[letter]}", field=field)


def _tile_set(name: str, spec: str) -> TileSet:
    counts = {}
    for item in spec.split():
        counts[item[0]] = int(item[1:])
    assert set(counts) == set(LETTERS), name
    return TileSet(name, counts)


SCRABBLE = _tile_set("scrabble", "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 "
                                 "T6 U4 V2 W2 X1 Y2 Z1")
BANANAGRAMS = _tile_set("bananagrams", "A13 B3 C3 D6 E18 F3 G4 H3 I12 J2 K2 L5 M3 N8 O11 P3 "
                                       "Q2 R9 S6 T9 U6 V3 W3 X2 Y3 Z2")
TILE_SETS = {ts.name: ts for ts in (SCRABBLE, BANANAGRAMS)}
DEFAULT_TILE_SET = "scrabble"


def get_tile_set(name: str | TileSet | None = None) -> TileSet:
    """Look a tile set up by name (``scrabble`` by default)."""
    if isinstance(name, TileSet):
        return name
    if name is not None and not isinstance(name, str):
        raise UnknownTileSet(f"a tile set is named by text, like 'scrabble', not "
                             f"{type(name).__name__}", field="tile_set")
    key = (name or DEFAULT_TILE_SET).strip().lower()
    try:
        return TILE_SETS[key]
    except KeyError:
        raise UnknownTileSet(
            f"unknown tile set {shown(name)}; choose one of: {', '.join(TILE_SETS)}",
            field="tile_set") from None


@dataclass(frozen=True)
class Tiles:
    """An immutable multiset of letter tiles, drawn from one tile set."""

    counts: Mapping[str, int]
    tile_set: TileSet = SCRABBLE

    def __post_init__(self):
        object.__setattr__(self, "counts", Counter({k: v for k, v in self.counts.items() if v}))

    @classmethod
    def parse(cls, text: str, tile_set: str | TileSet | None = None,
              field: str | None = "tiles") -> "Tiles":
        """Read tiles as typed at the table; see :func:`parse_tiles`."""
        ts = get_tile_set(tile_set)
        if not isinstance(text, str):
            raise InvalidTile(f"tiles must be a string of letters, not {type(text).__name__}",
                              field=field)
        counts = Counter()
        for ch in text:
            if ch in IGNORED:
                continue
            up = ch.upper()
            if not ch.isascii() or up not in LETTERS:  # 'ſ'.upper() is 'S': not a tile
                raise InvalidTile(f"{ch!r} is not a letter tile (use A-Z; spaces, commas and "
                                  f"hyphens are ignored)", field=field)
            counts[up] += 1
        ts.check(counts, field=field)
        return cls(counts, ts)

    def __len__(self) -> int:
        return sum(self.counts.values())

    def __str__(self) -> str:
        return "".join(letter * self.counts[letter] for letter in sorted(self.counts))

    def __repr__(self) -> str:
        return f"Tiles({str(self)!r}, {self.tile_set.name})"

    @property
    def packed(self) -> int:
        return pack(self.counts)

    def contains(self, letters: Mapping[str, int]) -> bool:
        """True when ``letters`` (counts) can be taken from these tiles."""
        return all(self.counts.get(k, 0) >= v for k, v in letters.items())


def parse_tiles(text: str, tile_set: str | TileSet | None = None) -> Tiles:
    """Parse revealed tiles: case-insensitive, ignoring spaces, commas and hyphens.

    >>> parse_tiles("EEEEEEEEEEEEE")
    Traceback (most recent call last):
    ...
    solver.errors.TooManyTiles: 13 E's, but the scrabble set has only 12
    >>> parse_tiles("AB7")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidTile: '7' is not a letter tile (use A-Z; spaces, commas and hyphens are ignored)
    """
    return Tiles.parse(text, tile_set)
