"""A plain brute force for the highest word set: slow, and obviously right.

It shares nothing with the fast search but the lexicon's anagram lookup: it
tries every sub-multiset of the tiles as a word, enumerates every packing of
those words, and takes the highest shape, breaking ties as the search
documents (the smallest sequence of alphagrams, longest first, then
alphabetically).  Tests compare the fast search with it on many random racks;
``scripts/bench_solver.py`` times it for the speed ratio.  Use it only on small
racks: its cost grows as 2**len(tiles).
"""

from __future__ import annotations

import itertools
import time
from collections import Counter


class ReferenceTimeout(Exception):
    pass


def candidate_alphagrams(letters: str, lexicon) -> list[str]:
    """Every sub-multiset of the letters (2+) that some lexicon word spells."""
    letters = sorted(letters.lower())
    subsets = {"".join(c) for n in range(2, len(letters) + 1)
               for c in itertools.combinations(letters, n)}
    return sorted((a for a in subsets if lexicon.anagrams(a)), key=lambda a: (-len(a), a))


def brute_force_highest(tiles: str, lexicon, timeout: float | None = None):
    """(shape, words) of the highest word set, by exhaustive enumeration."""
    deadline = None if timeout is None else time.perf_counter() + timeout
    letters = "".join(ch for ch in str(tiles).lower() if ch.isalpha())
    cands = candidate_alphagrams(letters, lexicon)
    packings = []  # (shape, candidate numbers)

    def extend(start: int, remaining: Counter, chosen: list[int]) -> None:
        if deadline is not None and time.perf_counter() > deadline:
            raise ReferenceTimeout
        lengths = sorted((len(cands[i]) for i in chosen), reverse=True)
        packings.append((tuple(lengths) + (1,) * sum(remaining.values()), tuple(chosen)))
        for i in range(start, len(cands)):
            need = Counter(cands[i])
            if all(remaining[ch] >= n for ch, n in need.items()):
                extend(i, remaining - need, chosen + [i])

    extend(0, Counter(letters), [])
    best_shape = max(shape for shape, _ in packings)
    first = min(chosen for shape, chosen in packings if shape == best_shape)
    used = Counter()
    for i in first:
        used += Counter(cands[i])
    leftover = sorted((Counter(letters) - used).elements())
    words = [lexicon.anagrams(cands[i])[0] for i in first] + leftover
    return best_shape, words
