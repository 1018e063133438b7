"""The work behind the dictionary queries of :mod:`solver.words.queries`: one lexicon's words
in the orders and shapes the queries need, built on first use and kept with the lexicon.

* the word trie (marisa, shipped with the lexicon): prefix search for a pattern's fixed
  start, ``B?G*`` being 26 prefixes;
* the words sorted by their spelling backwards: a fixed ending (``*ING``) is one slice,
  found by bisection, put in order by precomputed ranks;
* the anagram trie (alphagram to words): an exact anagram is one lookup per way of
  filling the blanks;
* the alphagram index (numpy, :mod:`solver.words.index`) with a letter-count matrix: sub-anagrams
  and "contains these letters" in one vectorised pass;
* the word list as text, longest first: anything else is one compiled regular expression
  over the lengths the query can match (C speed, linear per word).

The common case is one call:

>>> find_words(anagram="retains?", order="alphabetical", limit=4).words
['angriest', 'antisera', 'arenites', 'arsenite']
>>> find_words(hooks="are").hooks.back_letters
'AS'
>>> answer = answer_query(WordQuery.parse({"pattern": "b?g*", "max": "4", "limit": "3"}))
>>> answer.count, answer.words
(11, ['bags', 'begs', 'bigs'])
"""

from __future__ import annotations

import bisect
import functools
import math
from collections import Counter
from itertools import combinations_with_replacement

import numpy as np

from solver.errors import InvalidQuery

from .lexicon import Lexicon, load_lexicon
from .queries import LETTERS, PAGING, Hooks, WordAnswer, WordQuery

EXPANSION_CAP = 512  # prefixes (or suffixes) a pattern's fixed end may expand into
ONE_LETTER = math.log(26)  # the selectivity of one fixed letter


def _ordered(words: list[str], order: str) -> list[str]:
    words = sorted(words)
    return words if order == "alphabetical" else sorted(words, key=len, reverse=True)


def _expand(tokens) -> tuple[list[str], float]:
    """Every string the fixed positions spell, while there are few enough; with how
    selective they are (one fixed letter scores log 26).  Trailing ``?``s that add
    nothing but prefixes are left out."""
    strings, score = [""], 0.0
    best = (strings, score)
    for token in tokens:
        if len(strings) * len(token) > EXPANSION_CAP:
            break
        strings = [s + c for s in strings for c in sorted(token)]
        gain = math.log(26 / len(token))
        if gain > 0:
            score += gain
            best = (strings, score)
    return best


class Dictionary:
    """A lexicon's words in the orders queries need, built on first use, kept with it."""

    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon

    @staticmethod
    @functools.lru_cache(maxsize=8)
    def of(lexicon: Lexicon) -> "Dictionary":
        return Dictionary(lexicon)

    @functools.cached_property
    def index(self):
        return self.lexicon.index

    @functools.cached_property
    def longest_first(self) -> list[str]:
        """Every word, longest first then alphabetically (the index's word table)."""
        return [b.decode("ascii") for b in self.index.table["word"].tolist()]

    @functools.cached_property
    def longest(self) -> int:
        return len(self.longest_first[0]) if self.longest_first else 0

    @functools.cached_property
    def _longest_text(self) -> tuple[str, list[int]]:
        """The words one a line, and where in that text the words of each length end."""
        text = "\n".join(self.longest_first) + "\n"
        lengths = np.fromiter(map(len, self.longest_first), dtype=np.int64,
                              count=len(self.longest_first))
        after = np.cumsum(lengths + 1)  # where each word's line ends
        ends = [0] * (self.longest + 2)  # ends[L]: where the words shorter than L start
        for length in range(self.longest, 0, -1):
            last = np.searchsorted(-lengths, -length, "right")  # words of >= length letters
            ends[length] = int(after[last - 1]) if last else 0
        return text, ends

    @functools.cached_property
    def alphabetical_text(self) -> str:
        return "\n".join(sorted(self.longest_first)) + "\n"

    @functools.cached_property
    def by_ending(self) -> tuple[list[str], list[str], np.ndarray]:
        """The words sorted by their spelling backwards, those backward spellings (the
        words with one ending are one slice, found by bisection), and each one's place
        in the longest-first list (to put a slice in order without comparing words)."""
        words = self.longest_first
        backwards = np.array([w[::-1] for w in words])  # unicode: sorted in C, not by lambda
        order = np.argsort(backwards, kind="stable")
        ending = [words[i] for i in order.tolist()]
        return ending, backwards[order].tolist(), order.astype(np.int64)

    @functools.cached_property
    def alphabetical_rank(self) -> np.ndarray:
        """Per word of the longest-first list, its place in alphabetical order."""
        rank = np.empty(len(self.longest_first), dtype=np.int64)
        rank[np.argsort(np.array(self.longest_first), kind="stable")] = np.arange(len(rank))
        return rank

    def _ending_with(self, suffixes: list[str], keep, order: str) -> list[str]:
        """The words ending with any of these suffixes that ``keep`` accepts (None: all),
        in the asked order."""
        ending, backwards, place = self.by_ending
        chosen = []
        for suffix in suffixes:
            key = suffix[::-1]
            start = bisect.bisect_left(backwards, key)
            stop = bisect.bisect_left(backwards, key + "{")  # '{' sorts after 'z'
            if keep is None:
                chosen.append(np.arange(start, stop))
            else:
                chosen.append(np.array([i for i in range(start, stop) if keep(ending[i])],
                                       dtype=np.int64))
        rows = np.concatenate(chosen) if chosen else np.zeros(0, dtype=np.int64)
        rank = place[rows] if order != "alphabetical" else self.alphabetical_rank[place[rows]]
        return [ending[i] for i in rows[np.argsort(rank, kind="stable")].tolist()]

    @functools.cached_property
    def letter_counts(self) -> np.ndarray:
        """Per alphagram row of the index, how many of each letter (uint8, rows x 26)."""
        raw = self.index.letters
        counts = np.zeros((raw.shape[0], 26), dtype=np.uint8)
        rows = np.arange(raw.shape[0])
        for column in raw.T:
            used = column != 0
            counts[rows[used], column[used] - ord("a")] += 1
        return counts

    # -- the answer ------------------------------------------------------------------------

    def answer(self, query: WordQuery) -> WordAnswer:
        name = self.lexicon.name
        longest = self.longest
        if query.pattern is not None and query.pattern.min_length > longest:
            raise InvalidQuery(f"the pattern {query.pattern} needs words of "
                               f"{query.pattern.min_length} letters or more: the longest "
                               f"word in {name} has {longest}", field="pattern")
        if (query.anagram is not None and query.min_length is None
                and query.max_length is None and len(query.anagram) > longest):
            raise InvalidQuery(f"{len(query.anagram)} letters to anagram: the longest word "
                               f"in {name} has {longest}", field="anagram")
        if query.min_length is not None and query.min_length > longest:
            raise InvalidQuery(f"'min' is {query.min_length}: the longest word in {name} has "
                               f"{longest} letters", field="min")
        low, high = query.lengths(longest)
        hooks = None
        if low > high:
            words = []
        elif query.anagram is not None:
            words = self._anagrams(query, low, high)
        elif query.hooks is not None:
            words, hooks = self._hooks(query)
        else:
            words = self._scan(query, low, high)
        page = words[query.offset:query.offset + query.limit]
        if query.hooks is not None and hooks is None:
            hooks = Hooks(query.hooks, query.hooks in self.lexicon)
        return WordAnswer(query, name, len(words), page, hooks)

    def _anagrams(self, query: WordQuery, low: int, high: int) -> list[str]:
        rack = query.anagram
        keep = query.filter_regex(low, high).match
        if low == high == len(rack):  # exact: one alphagram lookup per filling of the blanks
            words = []
            for filling in combinations_with_replacement(LETTERS, rack.blanks):
                words.extend(self.lexicon.anagrams(rack.letters + "".join(filling)))
            return _ordered([w for w in words if keep(w)], query.order)
        if rack.blanks:  # a word fits when it lacks at most `blanks` letters of the rack
            start, stop = self._rows_of_lengths(low, high)
            need = self.letter_counts[start:stop]
            short = (need - np.minimum(need, rack.counts())).sum(axis=1)
            rows = np.flatnonzero(short <= rack.blanks) + start
        else:
            rows = self.index.formable_rows(rack.packed(), high, low)
        words = [w for w in self._rows_words(rows) if keep(w)]  # longest first
        return sorted(words) if query.order == "alphabetical" else words

    def _hooks(self, query: WordQuery) -> tuple[list[str], Hooks]:
        word, lexicon = query.hooks, self.lexicon
        keep = query.filter_regex(len(word) + 1, len(word) + 1).match
        front = tuple((c, c + word) for c in LETTERS if c + word in lexicon and keep(c + word))
        back = tuple((c, word + c) for c in LETTERS if word + c in lexicon and keep(word + c))
        words = {w for _, w in front} | {w for _, w in back}
        return _ordered(list(words), query.order), Hooks(word, word in lexicon, front, back)

    def _rows_words(self, rows: np.ndarray) -> list[str]:
        """The words of some alphagram rows of the index, longest first then alphabetically."""
        chosen = np.zeros(len(self.index) + 1, dtype=bool)
        chosen[rows] = True
        table = self.index.table
        return [b.decode("ascii") for b in table["word"][chosen[table["row"]]].tolist()]

    def _rows_of_lengths(self, low: int, high: int) -> tuple[int, int]:
        """The index rows (start, stop) of the alphagrams of low to high letters."""
        lengths = -self.index.lengths
        return (int(np.searchsorted(lengths, -high, "left")),
                int(np.searchsorted(lengths, -low, "right")))

    def _scan(self, query: WordQuery, low: int, high: int) -> list[str]:
        """Patterns and filters alone: prefix search in the word trie when the query fixes
        the word's start, a slice of the words sorted by ending when it fixes the end,
        the index's letter counts when it needs some letters; otherwise one regex pass
        over the word list."""
        regex = query.filter_regex(low, high)
        prefixes, suffixes = ([], 0.0), ([], 0.0)
        if query.pattern is not None:
            prefixes = _expand(query.pattern.head)
            reversed_tail = _expand(reversed(query.pattern.tail))
            suffixes = ([s[::-1] for s in reversed_tail[0]], reversed_tail[1])
        if len(query.starts) * ONE_LETTER > prefixes[1]:
            prefixes = ([query.starts], len(query.starts) * ONE_LETTER)
        if len(query.ends) * ONE_LETTER > suffixes[1]:
            suffixes = ([query.ends], len(query.ends) * ONE_LETTER)
        if max(prefixes[1], suffixes[1]) >= ONE_LETTER - 1e-9:
            if prefixes[1] >= suffixes[1]:
                words = [w for p in prefixes[0] for w in self.lexicon.words_starting(p)
                         if regex.match(w)]
                return _ordered(words, query.order)
            # A query that only says "ends with S" needs no test per word.
            asked = {k: v for k, v in query.format().items() if k not in PAGING}
            plain = len(suffixes[0]) == 1 and asked in (
                {"ends": suffixes[0][0].upper()}, {"pattern": "*" + suffixes[0][0].upper()})
            return self._ending_with(suffixes[0], None if plain else regex.match, query.order)
        need = Counter(query.contains)
        if query.pattern is not None:
            need |= Counter(next(iter(t)) for t in query.pattern.tokens
                            if t is not None and len(t) == 1)
        if need:  # only words with these letters: one vectorised pass over the alphagrams
            start, stop = self._rows_of_lengths(low, high)
            counts = self.letter_counts[start:stop]
            ok = np.ones(stop - start, dtype=bool)
            for letter, n in need.items():
                ok &= counts[:, ord(letter) - ord("a")] >= n
            words = [w for w in self._rows_words(np.flatnonzero(ok) + start) if regex.match(w)]
            return sorted(words) if query.order == "alphabetical" else words
        if query.order == "alphabetical":
            text = self.alphabetical_text
        else:  # only the lengths the query can match, already in order
            regex = query.filter_regex(low, high, lengths=False)
            text, ends = self._longest_text
            text = text[ends[high + 1]:ends[low]]
        if not regex.groups:
            return regex.findall(text)
        return [m.group(0) for m in regex.finditer(text)]


def answer_query(query: WordQuery, lexicon: Lexicon | str | None = None) -> WordAnswer:
    """Answer a query over a lexicon (a bundled name, a word-list path, a Lexicon)."""
    return Dictionary.of(load_lexicon(lexicon)).answer(query)


def find_words(lexicon: Lexicon | str | None = None, **parts) -> WordAnswer:
    """Parse a query from keyword parts and run it: ``find_words(pattern="*ING")``."""
    return answer_query(WordQuery.parse(parts), lexicon)
