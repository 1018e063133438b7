"""A Liars' Letters call ruled once per process, and the same answer when a game replays."""

from __future__ import annotations

import collections

from solver.words.wordset import WordSet


class Rulings:
    """The referee's rulings (``rule``: :func:`solver.games.letters.game.rule_call`),
    remembered: a table replays its whole game after every move, so each call is
    searched once per process.

    A decided ruling is proven, so it answers its call at any budget.  An undecided
    one answers its call at a budget no larger than the one it had, and at any budget
    once the table has ruled on it: the answer the table ruled on stays the answer
    when the game is replayed.  A larger budget searches again (it may settle it).
    """

    def __init__(self, rule, size: int = 2048):
        self.rule, self.size = rule, size
        self._known: collections.OrderedDict = collections.OrderedDict()

    def __call__(self, tiles: str, tile_set: str, declared: tuple[str, ...], call,
                 lexicon: str, budget: float, *, table_ruled: bool = False):
        key = (tiles, tile_set, declared, call, lexicon)
        known = self._known.pop(key, None)
        if known is None or not (known[1].decided or table_ruled or budget <= known[0]):
            known = budget, self.rule(tiles, WordSet(declared), call, lexicon,
                                      tile_set=tile_set, budget=budget)
        self._known[key] = known  # the newest last: the oldest go first
        while len(self._known) > self.size:
            self._known.popitem(last=False)
        return known[1]

    def cache_clear(self) -> None:
        self._known.clear()
