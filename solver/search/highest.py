"""The highest possible word set of some tiles: the one obvious call.

>>> best = highest("ABEGIRR")
>>> best.shape, str(best.words), best.proven
((5, 2), 'giber, ar', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.words.lexicon import Lexicon, load_lexicon
from solver.words.tiles import Tiles, TileSet
from solver.words.wordset import WordSet

from .budget import read_budget
from .layered import DEFAULT_BUDGET, search


@dataclass(frozen=True)
class Solution:
    """The highest word set found for some tiles, and whether it is proven highest.

    ``proven`` is False when the search stopped before proving its answer;
    ``stopped`` then says why: ``"budget"`` (out of time: more time may help;
    the search has no size cap, so it is the only reason).  The set then
    exists among the tiles but may not be the highest; ``upper_bound`` is a
    shape no set of these tiles can beat (equal to ``shape`` when proven), so
    the highest lies between the two.
    """

    tiles: Tiles
    lexicon: str
    words: WordSet
    proven: bool
    elapsed: float
    stopped: str | None = None
    upper_bound: tuple[int, ...] | None = None

    @property
    def shape(self) -> tuple[int, ...]:
        return self.words.shape if len(self.tiles) else ()

    def as_dict(self) -> dict:
        return {"tiles": str(self.tiles), "lexicon": self.lexicon, "shape": list(self.shape),
                "words": list(self.words) if len(self.tiles) else [], "proven": self.proven,
                "stopped": self.stopped,
                "upper_bound": None if self.upper_bound is None else list(self.upper_bound)}


def highest(tiles: str | Tiles, lexicon: str | Lexicon | None = None, *,
            tile_set: str | TileSet | None = None,
            budget: float | None = DEFAULT_BUDGET) -> Solution:
    """The highest word set that exists among ``tiles`` (exact unless out of budget).

    Ties between sets of the same shape are broken as documented in
    :mod:`solver.search.layered`.
    """
    if not isinstance(tiles, Tiles):
        tiles = Tiles.parse(tiles, tile_set)
    lex = load_lexicon(lexicon)
    budget = read_budget(budget)  # 0 to 60 seconds, or None: no limit
    found = search(tiles, lex.index, budget)
    words = [lex.spell(key) for key in found.keys] + list(found.leftover)
    return Solution(tiles, lex.name, WordSet(tuple(words)) if words else WordSet(()),
                    found.proven, found.elapsed, found.stopped,
                    found.upper if len(tiles) else ())
