"""Can some words be packed into tiles so that what is left holds one more word?

The question ``Packer.query(tiles, main, tail)``: are there disjoint lexicon
words, one of each length in ``main`` (a multiset), whose letters fit the
tiles, such that the tiles they leave (the *bin*, of |tiles| - sum(main)
tiles) hold a word of length ``tail``?  The highest-set search settles the
highest shape entry by entry with it: ``main`` is (mostly) the settled
prefix, ``tail`` the next entry tried.  A length may as well be asked for in
``main`` as in ``tail`` (a packing needs both), and ``tail`` may be empty:
the split changes only the work.  ``query(tiles, main, lengths, one_of=True)``
asks for one tail word of any of several lengths: one proof that none of them
can follow, instead of one per length.

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
  spare room (bin size minus the word's length);
* letter weightings (the linear relaxation's dual): for any y >= 0 over the
  letters, the words of a packing hold at most y . (tiles + settled bin) of
  weight, and each wanted word weighs at least the least y . w of its length,
  so a y with sum_L n_L * min_w y . w > y . (tiles + bin) proves the state
  empty.  The vowel count above is the y of the vowels; the best y is read
  from the relaxation, solved whole by scipy's HiGHS (solver/search/highs.py) or, as the search asks
  for racks past 48 tiles, by column generation: a few words per group, then
  the words its y prices lower than the group's columns, until none is, each
  restricted relaxation solved by a small compiled simplex
  (solver/search/kernels/relaxation.py; HiGHS took ten times as long, mostly setting up).
  Each y is rounded to integers and then checked exactly (so no solver's
  tolerances enter the proof, and how y was found does not matter to it); the
  last few proven ones are tried first at every state.  Where the relaxation
  holds, its y still bounds the branch below: each candidate word weighs some
  excess over its group's lightest, and the words placed below the state
  together weigh at most the room y . (tiles + settled bin) leaves over the
  groups' lightest weights, so words whose excesses sum past it are never
  placed together (a reduced-cost bound, ``kernels.relaxation.reduced_costs``), and
  its solution orders the branches;
* a state already proven empty (a memo, keyed by the unplaced tiles, the
  wanted lengths, the settled bin and the tail lengths, bounded in size; for
  ``one_of`` it keeps the least tail length asked for when the state failed:
  empty for that, empty for any higher).

With column generation on, a state whose relaxation holds first tries to read
a packing off the relaxation's solution (its words, most used first, while they
fit); a packing found that way is a "yes" shown by its words, and a failure
only moves on to the branching.

Where the work is done: the states below a branch are walked by a compiled
loop (``kernels.walk.next_child``), which applies every cut above but the
relaxation and the memo, the kept weightings included, and hands back only
the states that pass them (most fail: on an 80-tile rack, 1 in 10 to 1 in
60).  It checks the necessary conditions cheapest first (which order cuts
a state changes no answer), finding a state's words from the branch's by
bitsets.  The relaxation, the memo and the bin's own query stay here.
"""

from __future__ import annotations

import time

import numpy as np

from . import highs
from .budget import OutOfTime

_VOWELS = np.array([c in "aeiou" for c in "abcdefghijklmnopqrstuvwxyz"])
MAX_FAILED = 300_000  # memo entries (~200 bytes each): well inside the memory budget
_FIELDS = np.left_shift(1, 6 * np.arange(9)).astype(np.int64)  # a lane's letter units
_POOL = 16  # letter weightings (proven certificates) kept and tried first at each state
# (16 rather than 8: 5-7% faster on Scrabble 80- and 90-tile racks, 32 no better)
_SCALE = 1 << 20  # letter weights are rounded to integers of this scale, then checked exactly
_COLUMNS = 64  # column generation: words per group at first, and added per group per round
_ROUNDS = 40  # column generation: solves at most per state
_WALK = 4096  # states a compiled walk visits before it hands back (to check the deadline)


class Packer:
    """Exact packing queries over fixed candidate words (index rows, in row order)."""

    def __init__(self, lengths: np.ndarray, counts: np.ndarray, deadline: float = float("inf"),
                 columns: bool = False):
        self.lengths = lengths
        self.counts = counts
        self.deadline = deadline
        self.top = int(lengths.max()) if len(lengths) else 1
        self.span = np.arange(self.top + 1)
        self.vowels = counts[:, _VOWELS].sum(axis=1).astype(np.int64)
        self.exact = counts.astype(np.float64)  # for HiGHS (the whole relaxation)
        # packed counts, nine letters of 6 bits a lane: "fits" is a subtraction per lane
        wide = np.zeros((len(counts), 27), dtype=np.int64)
        wide[:, :26] = counts
        self.lanes = tuple(np.ascontiguousarray(wide[:, 9 * k:9 * k + 9] @ _FIELDS)
                           .astype(np.uint64) for k in range(3))
        # compiled: only the racks that pack import them
        from .kernels.relaxation import (
            column_generation,
            reduced_costs,
            rounded_weighting,
            spelled,
        )
        from .kernels.walk import fit_table, next_child, open_state, weighting_proves, word_groups
        self._open_state, self._next_child = open_state, next_child
        self._fit_table = fit_table
        self._proves = weighting_proves
        self._generate = column_generation
        self._rounded_weighting, self._reduced_costs = rounded_weighting, reduced_costs
        self._groups = word_groups
        self._small = np.ascontiguousarray(counts, dtype=np.int16)  # the types compiled for
        self._spelled = spelled(self._small)  # each word's few letters, for weight sums
        self._lengths = lengths.astype(np.int64)
        self.failed: dict = {}  # states proven empty -> the least tail length asked for then
        self.nodes = 0
        self.relaxations = 0  # linear relaxations solved
        # the last _POOL proven letter weightings, tried at every state (compiled): a ring,
        # weighting number v in column v % _POOL, integers held as floats
        self._weights = np.zeros((26, _POOL))
        self._ring = np.full(_POOL, -1, dtype=np.int64)  # each column's weighting number
        self._numbers = self._ring[:0]  # the same, for the columns in use
        self._n_weights = 0  # how many weightings were ever kept
        # each word's weight under each kept weighting, made when a state first asks
        # (kernels.walk.weighting_proves), and the number of the weighting it was made for
        self._word_weights = np.zeros((len(counts), _POOL))
        self._made = np.full((len(counts), _POOL), -1, dtype=np.int64)
        self._sub = None  # a packer for the bin, when the tail has several words
        self.columns = columns  # solve the relaxation by column generation
        self.best_found = None  # one_of queries: the packing with the longest tail yet

    def query(self, tiles: np.ndarray, main, tail, one_of: bool = False):
        """(main candidate numbers, tail candidate numbers) of one packing, or None.

        ``tail`` is one length, several (then the bin must hold a word of
        each, disjoint: checked exactly, by a query on the bin, once the main
        words are placed), or none (only the main words are asked for: the
        same question as any split of those lengths into main and tail, often
        with less work; see solver/search/settle.py, _split).  With ``one_of``,
        ``tail`` lists lengths and the bin must hold one word of any of them; the packing
        returned then has the longest tail word of all packings (branch and
        bound: each packing found raises the least tail length still asked for).
        """
        self.best_found = None
        tail = sorted([tail] if isinstance(tail, int) else set(tail) if one_of else tail,
                      reverse=True)
        want = np.zeros(self.top + 1, dtype=np.int64)
        for length in main:
            if length > self.top or length < 2:
                return None
            want[length] += 1
        tiles = tiles.astype(np.int16)
        room = int(tiles.sum()) - int(want @ self.span)
        tail = [n for n in tail if 2 <= n <= self.top] if one_of else tail
        if one_of and not tail:
            return None
        if (tail and (min(tail) < 2 or max(tail) > self.top)) or \
                room < (min(tail) if one_of else sum(tail)):
            return None
        act = np.flatnonzero(want[self.lengths] > 0)
        tails = np.flatnonzero(np.isin(self.lengths, tail))
        tails = tails[(self.counts[tails] <= tiles).all(axis=1)]
        self._tail, self._room, self._one_of = tail, room, one_of
        self._spare = len(tail) == 1 or one_of  # one tail word: the settled tiles' room
        self._need = np.zeros(0, dtype=np.int64) if one_of else \
            np.array(sorted(set(tail)), dtype=np.int64)  # each needs a word
        self._tail_want = np.bincount(np.array(tail, dtype=np.int64), minlength=self.top + 1)
        self._low, self._path = (min(tail) if one_of else 0), []
        found = self._state(tiles, want, np.zeros(26, dtype=np.int16), act, tails)
        return self.best_found if one_of else found

    def _found(self, main, tail):
        """A packing was found: the answer, or (one_of) the best yet, and search on for longer."""
        if not self._one_of:
            return main, tail
        self.best_found = (self._path + main, tail)
        self._low = int(self.lengths[tail[0]]) + 1
        return None

    def _bin_holds(self, bin_tiles, tails):
        """Tail candidate numbers of disjoint words, one per tail length, in the bin."""
        if not self._tail:
            return []
        if len(self._tail) == 1 or self._one_of:
            return [int(tails[0])]  # rows are longest first
        if self._sub is None:
            self._sub = Packer(self.lengths, self.counts, self.deadline, self.columns)
        got = self._sub.query(bin_tiles, self._tail[:-1], self._tail[-1])
        return None if got is None else got[0] + got[1]

    # -- the search -----------------------------------------------------------------

    def _open(self, tiles, want, binned, act, tails):
        """``kernels.walk.open_state`` on a state of this query: (status, kept, letter,
        tail words)."""
        return self._open_state(tiles, want, binned, act, tails, self._room, self._spare,
                                self._low, self._one_of, self._need, self._lengths,
                                self._small, self.vowels, _VOWELS, *self.lanes)

    def _state(self, tiles, want, binned, act, tails):
        """The query's first state (the states below it come from ``_cover``)."""
        self.nodes += 1
        status, act, x, tails = self._open(tiles, want, binned, act, tails)
        if status == 1 and self._proves(act, tails, want, self._tail_want, self._one_of,
                                        tiles.astype(np.int64) + binned, self._weights,
                                        self._numbers, self._word_weights, self._made,
                                        self._lengths, self._small,
                                        np.zeros(len(self._numbers))):
            return None
        return self._settle(status, tiles, want, binned, act, x, tails)

    def _settle(self, status, tiles, want, binned, act, x, tails):
        """A state past the cheap tests (``kernels.walk.open_state``): the bin decides, or
        branch."""
        if status == 0:
            return None
        if status == 2:  # every main word placed
            got = self._bin_holds(binned + tiles, tails)
            return None if got is None else self._found([], got)
        key = (tiles.tobytes() + want.tobytes() + binned.tobytes(), tuple(self._tail),
               self._one_of)
        # a state fails for the least tail length asked for then, and for any higher
        low = self.failed.get(key)
        if low is not None and low <= self._low:
            return None
        found = self._branch(tiles, want, binned, act, tails, x)
        if found is None and len(self.failed) < MAX_FAILED:
            self.failed[key] = self._low
        return found

    def _branch(self, tiles, want, binned, act, tails, x):
        if time.perf_counter() > self.deadline:  # a branch's relaxation is not cut short
            raise OutOfTime
        got = self._relax(tiles, want, binned, act, tails)
        if got is None:
            return None  # a letter weighting proves that nothing packs
        weights, excess, room = got
        if self.columns and len(weights) and (len(self._tail) <= 1 or self._one_of):
            found = self._rounded(tiles, want, binned, act, tails, weights)
            if found is not None:
                return found
        has_x = self.counts[act, x] > 0
        cover = act[has_x]
        # try first the words that use the most plentiful letters (an order only)
        order = np.argsort(self.counts[cover] @ (1.0 / (tiles.astype(np.float64) + 1.0)),
                           kind="stable")
        if len(weights):
            # and before them, the words at the places (in that order) that the words the
            # relaxation's solution uses most hold in row order.  This mix of the two orders
            # began as a slip and is kept because it measured best: the whole Scrabble bag
            # 0.3-0.5 s (9 s with the most used words first, about the same by scarcity
            # alone), the whole Bananagrams bag 1.4 s (2.4 s by scarcity), a 98-tile
            # Bananagrams rack 1.4 s (6.3 s by scarcity).  No answer depends on the order,
            # only the time taken, most of all to find a packing that exists
            order = order[np.argsort(-weights[has_x], kind="stable")]
        cover, excess = cover[order], excess[has_x][order]
        free = int(tiles.sum()) - int(want @ self.span)  # bin room the unplaced tiles may take
        return self._cover(tiles, want, binned, act, tails, x, int(tiles[x]), cover, excess,
                           room, free)

    def _rounded(self, tiles, want, binned, act, tails, weights):
        """A packing read off the relaxation's solution, or None (a quick "yes" only).

        The words it uses, most first, are taken while they fit and their length
        is still wanted; when every wanted word is taken and a tail word fits
        what is left, that is a packing (each word checked to fit: no proof
        needed beyond the words themselves).  A failure proves nothing.
        """
        left = tiles.copy()
        rest = want.copy()
        taken = []
        for i in np.argsort(-weights, kind="stable").tolist():
            if weights[i] <= 1e-9:
                break
            w = int(act[i])
            if rest[self.lengths[w]] > 0 and (self.counts[w] <= left).all():
                taken.append(w)
                left = left - self.counts[w]
                rest[self.lengths[w]] -= 1
        if rest.any():
            return None
        if not self._tail:
            return taken, []
        bin_tiles = binned + left
        fit = tails[(self.counts[tails] <= bin_tiles).all(axis=1)]
        if not len(fit):
            return None
        return self._found(taken, [int(fit[0])])

    def _cover(self, tiles, want, binned, act, tails, x, left, cover, excess, room, free):
        """The states below: the letter x's ``left`` tiles in main words of ``cover`` (a
        multiset, in row order) and the rest in the bin, walked by ``kernels.walk.next_child``.

        Words whose ``excess`` weights (under the branch's own weighting, ``_relax``) sum
        past ``room`` are never placed together: every state below them is empty.
        """
        frames = min(left, int(want.sum())) + 1
        walk_tiles = np.empty((frames, 26), dtype=np.int16)
        walk_want = np.empty((frames, len(want)), dtype=np.int64)
        walk_left = np.empty(frames, dtype=np.int64)
        walk_at = np.zeros(frames, dtype=np.int64)
        walk_cost = np.zeros(frames)
        chosen = np.empty(frames, dtype=np.int64)
        walk_tiles[0], walk_want[0], walk_left[0] = tiles, want, left
        depth = np.zeros(1, dtype=np.int64)
        act_table = self._fit_table(act, self._small, tiles)
        tail_table = self._fit_table(tails, self._small, tiles + binned)
        while True:
            status, frame, tiles, want_, settled, kept, letter, kept_tails, visited = \
                self._next_child(walk_tiles, walk_want, walk_left, walk_at, walk_cost, chosen,
                                 depth, binned, act, tails, act_table, tail_table, x, cover,
                                 excess, room, free,
                                 self._room, self._spare, self._low, self._one_of, self._need,
                                 self._tail_want, self._weights, self._numbers,
                                 self._word_weights, self._made, self._lengths, self._small,
                                 self.vowels, _VOWELS, *self.lanes, _WALK)
            self.nodes += visited
            if time.perf_counter() > self.deadline:
                raise OutOfTime
            if status == 0:
                return None
            if status == 3:
                continue
            words = chosen[:frame].tolist()
            self._path.extend(words)
            found = self._settle(status, tiles, want_, settled, kept, letter, kept_tails)
            del self._path[len(self._path) - len(words):]
            if found is not None:
                return found[0] + words[::-1], found[1]

    # -- the letter-weighting cut ---------------------------------------------------

    def _relax(self, tiles, want, binned, act, tails):
        """None when a letter weighting proves no packing below this state; else (the
        relaxation's solution over ``act``, each ``act`` word's excess weight, the room).

        Any packing puts disjoint words, ``want[L]`` main words of each length
        L (from ``act``) and the tail words (from ``tails``), into the tiles
        ``tiles + binned`` (main words hold no settled letter).  So for every
        weighting y >= 0 of the letters, y . (tiles + binned) >= the sum of
        y . w over the words, >= sum over the groups (one per wanted length,
        one per tail length, or one for the tail when it is one word of any of
        its lengths) of n_g * min_{w in group} y . w.  A y breaking
        that inequality proves that no packing exists.  It is checked in
        integer arithmetic (kernels.relaxation.reduced_costs and
        kernels.walk.weighting_proves: integers held in float64, every product
        and partial sum an integer below 2^53, so each is exact); where y comes
        from (a
        few kept from earlier states, or the dual of the linear relaxation,
        however it was solved) does not matter for the proof.  When the
        relaxation's y proves nothing here, it still bounds the branch: the
        words placed below weigh at most the room the inequality leaves above
        their groups' lightest (``kernels.relaxation.reduced_costs``: the ``act`` words'
        excesses, and the room, are returned), with the relaxation's solution
        (how much of each ``act`` word it uses: ``_rounded`` reads a packing
        off it, and it orders the branches).
        """
        none = np.zeros(0), np.zeros(len(act)), np.inf  # no solution, no bound on the branch
        cap = (tiles + binned).astype(np.int64)
        # candidates are in row order (longest first): each length is one run
        words = np.concatenate([act, tails])
        # one group per wanted length, then the tail's: one (one_of), or one per length
        starts, sizes = self._groups(self._lengths[words], len(act), self._one_of, want,
                                     self._tail_want)
        if not self.columns and not highs.available():  # no solver for the whole relaxation
            return none
        # the relaxation: most t with sum_{w in g} x_w = n_g t, sum_w x_w w <= cap, x >= 0
        if self.columns:  # by column generation (kernels.relaxation.column_generation)
            ref = self._weights[:, (self._n_weights - 1) % _POOL].copy() if self._n_weights \
                else np.ones(26)  # the first columns: the lightest under the newest weighting
            solved, value, x, y = self._generate(words, *self._spelled, starts, sizes, cap,
                                                 ref, _COLUMNS, _COLUMNS, _ROUNDS,
                                                 float(_SCALE))
            got = (value, x, y) if solved else None
        else:
            got = highs.whole_relaxation(self.exact[words], starts, sizes, cap)
        self.relaxations += 1
        if got is None:
            return none
        value, x, y = got
        # y rounded to integers and checked exactly: where the relaxation says it cannot
        # hold, y proves the state empty when it leaves no room (kernels.relaxation.reduced_costs;
        # kernels.relaxation.rounded_proves is the same test)
        y = self._rounded_weighting(y, float(_SCALE))
        excess, room = self._reduced_costs(words, *self._spelled, starts, sizes, cap, y)
        if value < 1.0 and room < 0:
            column = self._n_weights % _POOL  # the oldest's place
            self._weights[:, column] = y
            self._ring[column] = self._n_weights
            self._n_weights += 1
            self._numbers = self._ring[:min(self._n_weights, _POOL)]
            return None
        return x[:len(act)], excess[:len(act)], room
