"""The safest raise in Liars' Letters: legal raises over the last declaration, ranked by
their exact chance of existing, from one player's view.

It is advice: the search is bounded, so it tries the raises likeliest to exist, not
every raise; but each chance it states is exact.

**Where it looks.**  Let the last declaration have shape ``S = (s1, ..., sk)``.  Taking
words out of a set never lowers its chance (it needs fewer letters), so

* a raise whose shape extends ``S`` (the same lengths, then more words) is matched or
  beaten by its first ``k`` words and one letter of the next word as a word of its own:
  shape ``S + (1,)``;
* a raise whose shape first differs from ``S`` at word ``i``, longer there (``t > si``),
  is matched or beaten by its first ``i`` words alone: ``(s1, ..., s(i-1), t)``, with
  ``t <= s(i-1)``.

The likeliest raise has one of those shapes.  The search takes ``S + (1,)`` and, at each
word that starts a run of equal lengths, ``t`` from ``si + 1`` to ``si + LONGER_BY`` (a
longer word needs more letters).  An opening declaration is any valid set, matched or
beaten by its longest word alone: the search takes single words.

**How.**  Each shape is filled longest word first by a beam search.  The candidate
words of each length are the lexicon's words made from my tiles and the hidden letters
likely enough (each letter as many times as the hidden tiles hold it with chance at
least ``LIKELY``), the ``WORDS_PER_SLOT`` likeliest on their own, and the last
declaration's words.  A partial set is scored by the product of each letter's own
chance of being there in the numbers it needs (the hypergeometric marginals: a quick
stand-in for the joint chance), and the ``BEAM`` best are kept.  The finished sets, at
most ``MAX_CANDIDATES``, get their exact chance and are ranked by it; ties go to the
higher shape (as safe, and harder to beat), then alphabetically.  Each one is a legal
raise by :func:`~solver.games.letters.game.check_raise`.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from .game import check_raise
from solver.words.lexicon import alphagram
from solver.words.tiles import LETTERS, pack
from solver.words.wordset import MAX_WORDS, WordSet

from solver.odds.chance import Chance

LONGER_BY = 2  # a raised word is at most this much longer than the word it beats
WORDS_PER_SLOT = 40  # candidate words of each length: the likeliest on their own
BEAM = 24  # partial sets kept after each word
MAX_CANDIDATES = 400  # finished sets whose exact chance is computed
LIKELY = 1e-4  # a letter count the hidden tiles hold with less chance builds no candidate
CAP = 32  # letter counts are clipped here (a tile set holds at most 18 of a letter)

ADVICE = ("advice: legal raises over the last declaration, ranked by their exact chance "
          "of existing; a bounded search tries the likeliest raises, not every raise")


@dataclass(frozen=True)
class Suggestion:
    """One suggested raise and its exact chance of existing."""

    words: WordSet
    chance: Chance

    def as_dict(self) -> dict:
        return {"words": list(self.words), "shape": list(self.words.shape),
                "exists": self.chance.as_dict()}


def target_shapes(last: WordSet | None, longest: int, held: int) -> list[tuple[int, ...]]:
    """The shapes where the likeliest raise over ``last`` lies (see the module's notes).

    >>> target_shapes(WordSet.parse("bigger, a"), 15, 3)
    [(6, 1, 1), (7,), (8,), (6, 2), (6, 3)]
    >>> target_shapes(WordSet.parse("big, it, is"), 15, 3)
    [(3, 2, 2, 1), (4,), (5,), (3, 3)]
    >>> target_shapes(None, 15, 2)
    [(1,), (2,), (3,), (4,)]
    """
    if last is None:
        return [(t,) for t in range(1, min(held + LONGER_BY, longest) + 1)]
    shape = last.shape
    shapes = [shape + (1,)] if len(shape) < MAX_WORDS else []
    for i, length in enumerate(shape):
        if i and length == shape[i - 1]:
            continue  # no longer word fits here without passing the one before
        top = min(length + LONGER_BY, longest, shape[i - 1] if i else longest)
        shapes.extend(shape[:i] + (t,) for t in range(length + 1, top + 1))
    return shapes


def _log_tails(view) -> np.ndarray:
    """``T[letter, k]``: the log of the chance the hidden tiles hold at least ``k`` of
    the letter beyond mine (``-inf`` past what may be hidden)."""
    table = np.full((26, CAP + 1), -np.inf)
    total = math.comb(view.unseen, view.hidden)
    for i, letter in enumerate(LETTERS):
        have = view.pool[letter]
        pmf = [math.comb(have, j) * math.comb(view.unseen - have, view.hidden - j) / total
               if view.hidden - j >= 0 else 0.0 for j in range(have + 1)]
        tail = 0.0
        for k in range(have, -1, -1):
            tail += pmf[k]
            table[i, k] = math.log(tail) if tail > 0 else -np.inf
        table[i, 0] = 0.0
    return table


def _letter_counts(index, rows: np.ndarray) -> np.ndarray:
    """The letter counts (rows x 26) of some alphagram rows of the lexicon's index."""
    counts = np.zeros((len(rows), 26), dtype=np.int16)
    lanes = [lane[rows] for lane in index.lanes]
    for i in range(26):
        lane, place = divmod(i, 9)
        counts[:, i] = (lanes[lane] >> np.uint64(place * 6)) & np.uint64(31)
    return counts


class _Search:
    """One raise search: the view's numbers, and the candidate words of each length."""

    def __init__(self, view, last: WordSet | None):
        self.view = view
        self.last = last
        self.tails = _log_tails(view)
        self.mine = np.array([view.mine.counts.get(x, 0) for x in LETTERS], dtype=np.int16)
        likely = [int(np.sum(np.isfinite(self.tails[i]) &
                             (self.tails[i] >= math.log(LIKELY)))) - 1 for i in range(26)]
        self.rack = {x: min(31, int(self.mine[i]) + likely[i]) for i, x in enumerate(LETTERS)}
        self.spelled: dict[str, str] = {}  # alphagram -> the word shown
        if last is not None:
            for word in last:
                if view.lexicon.is_word(word):
                    self.spelled.setdefault(alphagram(word), word)
        self._candidates: dict[int, tuple[list[str], np.ndarray]] = {}

    def score(self, counts: np.ndarray) -> np.ndarray:
        """The stand-in log chance of sets with these letter counts (last axis: 26)."""
        extra = np.clip(counts - self.mine, 0, CAP)
        return self.tails[np.arange(26), extra].sum(axis=-1)

    def candidates(self, length: int) -> tuple[list[str], np.ndarray]:
        """The candidate words (as alphagrams) of one length, and their letter counts."""
        if length in self._candidates:
            return self._candidates[length]
        if length == 1:
            keys = [x.lower() for x in LETTERS]
            counts = np.eye(26, dtype=np.int16)
        else:
            index = self.view.lexicon.index
            rows = index.formable_rows(pack(self.rack), length, length)
            counts = _letter_counts(index, rows)
            scores = self.score(counts)
            order = np.lexsort((rows, -scores))[:WORDS_PER_SLOT]
            order = order[np.isfinite(scores[order])]
            keys = [index.key(int(r)) for r in rows[order]]
            counts = counts[order]
            extra = [k for k, w in self.spelled.items() if len(k) == length and k not in keys]
            if extra:
                keys += extra
                counts = np.vstack([counts, [[k.count(x.lower()) for x in LETTERS]
                                             for k in extra]]).astype(np.int16)
        self._candidates[length] = keys, counts
        return keys, counts

    def fill(self, shape: tuple[int, ...]) -> list[tuple[float, tuple[str, ...], np.ndarray]]:
        """The BEAM likeliest sets of one shape, by the stand-in score."""
        counts = np.zeros((1, 26), dtype=np.int16)
        words: list[tuple[str, ...]] = [()]
        last = np.array([0])
        previous = None
        scores = np.zeros(1)
        for length in shape:
            keys, cand = self.candidates(length)
            if not keys:
                return []
            grown = counts[:, None, :] + cand[None, :, :]
            scores = self.score(grown)
            if length == previous:  # equal lengths in order: each set listed once
                scores[np.arange(len(keys))[None, :] < last[:, None]] = -np.inf
            flat = scores.ravel()
            order = np.argsort(-flat, kind="stable")[:BEAM]
            order = order[np.isfinite(flat[order])]
            if not len(order):
                return []
            counts = grown.reshape(-1, 26)[order]
            words = [words[o // len(keys)] + (keys[o % len(keys)],) for o in order]
            last = order % len(keys)
            scores = flat[order]
            previous = length
        return list(zip(scores.tolist(), words, counts))

    def spell(self, key: str) -> str:
        if len(key) == 1:
            return key
        return self.spelled.get(key) or self.view.lexicon.spell(key)


def safest_raises(view, last, *, limit: int) -> list[Suggestion]:
    """The ``limit`` likeliest legal raises over ``last`` (None: an opening) that the
    search finds, from ``view`` (a :class:`~solver.games.letters.odds.LettersView`).

    >>> from solver.games.letters.odds import LettersView
    >>> best = safest_raises(LettersView.read("ABE", 9), "bigger, a", limit=2)
    >>> [(str(s.words), str(s.chance)) for s in best]     # ABE and E, I, N, T: 7 letters
    [('betaine', '6.23%'), ('aerobia', '6.22%')]
    """
    last = None if last in (None, "", []) else WordSet.parse(last, field="declared")
    if limit <= 0:
        return []
    search = _Search(view, last)
    found = []
    for shape in target_shapes(last, view.lexicon.index.width, len(view.mine)):
        found.extend((score, shape, words, counts) for score, words, counts in
                     search.fill(shape))
    found.sort(key=lambda item: -item[0])  # stable: shapes in their order on ties
    seen, ranked, exact = set(), [], {}
    for _, shape, words, counts in found:
        key = (shape, counts.tobytes())
        if key in seen:
            continue  # anagram sets: the same letters, the same chance
        seen.add(key)
        if len(seen) > MAX_CANDIDATES:
            break
        letters = Counter({x: int(n) for x, n in zip(LETTERS, counts) if n})
        need = tuple(sorted((letters - view.mine.counts).items()))
        if need not in exact:
            exact[need] = view.chance_of_letters(letters)
        chance = exact[need]
        if chance.impossible:
            continue
        declared = WordSet(tuple(search.spell(k) for k in words))
        if check_raise(last, declared, view.lexicon).legal:
            ranked.append(Suggestion(declared, chance))
    ranked.sort(key=lambda s: str(s.words))
    ranked.sort(key=lambda s: s.words.shape, reverse=True)
    ranked.sort(key=lambda s: s.chance.value, reverse=True)
    return ranked[:limit]
