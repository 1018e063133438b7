"""Word sets: what Liars' Letters players declare, and how declarations rank.

A word set is a non-empty multiset of words.  Its *shape* is its word lengths
sorted high to low; one set is higher than another when its shape is
lexicographically greater, exactly as Python compares tuples.  The rule
text's examples:

>>> ws = WordSet.parse
>>> ws("bigger") > ws("big, g, er")
True
>>> ws("big") > ws("it, is, so")
True
>>> ws("i, c, d, big, b") > ws("c, d, big, b")
True
>>> ws("big, big") > ws("it, is, so, big")
True
>>> compare(ws("bigger, b"), ws("larger, b"))
0
>>> ws("big g ER").shape, str(ws("big g ER"))
((3, 2, 1), 'big, er, g')

A set is said as a list is: "brier and ag" is BRIER and AG.  An "and" between two words, with
only spaces either side, joins them; to declare the word AND, set it apart with commas:

>>> str(ws("brier and ag")), str(ws("bigger, big and g")), str(ws("big, and, g"))
('brier, ag', 'bigger, big, g', 'and, big, g')

``<`` and ``>`` rank by shape; ``==`` means the same words.  Two different
sets of the same shape rank equal: use :func:`compare` (0) or ``ranks_equal``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from solver.errors import InvalidInput, InvalidWordSet, LimitExceeded

SEPARATORS = re.compile(r"[\s,;+]+")
# "brier and ag": an "and" with only spaces between it and a word on either side.
SPOKEN_AND = re.compile(r"(?<=[^\s,;+])\s+and\s+(?=[^\s,;+])", re.IGNORECASE)
WORD = re.compile(r"[a-z]+")
MAX_WORDS = 100
MAX_WORD_LENGTH = 40


@dataclass(frozen=True, order=False)
class WordSet:
    """An immutable multiset of words, kept longest first, then alphabetically."""

    words: tuple[str, ...]

    def __post_init__(self):
        object.__setattr__(self, "words", tuple(sorted(self.words, key=lambda w: (-len(w), w))))

    @classmethod
    def parse(cls, value, field: str | None = "declared") -> "WordSet":
        """Read a word set given as ``"big, g, er"`` (commas or spaces) or a list of words."""
        if isinstance(value, WordSet):
            return value
        words = []
        for part in split_words(_as_listed(value), field=field):
            word = part.lower() if part.isascii() else part  # the Kelvin sign lowers to 'k'
            if not WORD.fullmatch(word):
                bad = next(ch for ch in word if not ("a" <= ch.lower() <= "z" and ch.isascii()))
                raise InvalidWordSet(f"{part!r} has {bad!r}: words are letters A-Z only",
                                     field=field)
            words.append(word)
        return cls(tuple(words))

    def __str__(self) -> str:
        return ", ".join(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(len(w) for w in self.words)

    @property
    def letters(self) -> Counter:
        """All letters of all words, upper case, counted with multiplicity."""
        return Counter("".join(self.words).upper())

    def __lt__(self, other: "WordSet") -> bool:
        return self.shape < other.shape

    def __gt__(self, other: "WordSet") -> bool:
        return self.shape > other.shape

    def __le__(self, other: "WordSet") -> bool:
        return self.shape <= other.shape

    def __ge__(self, other: "WordSet") -> bool:
        return self.shape >= other.shape

    def ranks_equal(self, other: "WordSet") -> bool:
        return self.shape == other.shape

    def invalid_words(self, lexicon) -> list[str]:
        """The words the lexicon does not accept (single letters always count)."""
        return [w for w in self.words if not lexicon.is_word(w)]

    def is_valid(self, lexicon) -> bool:
        return not self.invalid_words(lexicon)

    def fits(self, tiles) -> bool:
        """True when the letters of all words together can be taken from the tiles."""
        return tiles.contains(self.letters)

    def exists(self, tiles, lexicon) -> bool:
        """The rules' *exists*: every word valid and all letters among the tiles."""
        return self.is_valid(lexicon) and self.fits(tiles)


def _as_listed(value):
    """A word set as said ("brier and ag") as it is listed ("brier, ag"): the joining "and"
    is no word of the set (the word judge reads a play as typed)."""
    if isinstance(value, str):
        return SPOKEN_AND.sub(",", value)
    if isinstance(value, (list, tuple)):
        return [SPOKEN_AND.sub(",", item) if isinstance(item, str) else item for item in value]
    return value


def split_words(value, *, field: str | None = "words") -> list[str]:
    """The words of a play as typed, split on spaces, commas, semicolons and plus signs.

    Only the request's form is checked here -- a string or a list of strings,
    at least one word, at most ``MAX_WORDS`` words of at most
    ``MAX_WORD_LENGTH`` characters -- and no message quotes a word: the word
    judge uses this, and must never say which word of a play failed.  What
    the words are made of is left to the caller.

    >>> split_words("big, don't  e-mail"), split_words(["big g", "er"])
    (['big', "don't", 'e-mail'], ['big', 'g', 'er'])
    >>> split_words(["a"] * 101)
    Traceback (most recent call last):
    ...
    solver.errors.LimitExceeded: a word set may have at most 100 words, not 101
    """
    if isinstance(value, str):
        parts = [p for p in SEPARATORS.split(value.strip()) if p]
    elif isinstance(value, (list, tuple)):
        parts = []
        for item in value:
            if not isinstance(item, str):
                raise InvalidWordSet(f"each word must be a string, not "
                                     f"{type(item).__name__}", field=field)
            parts.extend(p for p in SEPARATORS.split(item.strip()) if p)
    else:
        raise InvalidWordSet("a word set is a string like 'big, g, er' or a list of words",
                             field=field)
    if not parts:
        raise InvalidWordSet("a word set needs at least one word", field=field)
    if len(parts) > MAX_WORDS:
        raise LimitExceeded(f"a word set may have at most {MAX_WORDS} words, "
                            f"not {len(parts)}", field=field)
    longest = max(len(p) for p in parts)
    if longest > MAX_WORD_LENGTH:
        raise LimitExceeded(f"a word may have at most {MAX_WORD_LENGTH} letters; one has "
                            f"{longest}", field=field)
    return parts


def one_word(value, *, field: str | None = "word") -> str:
    """The word of a single-word check, read as a play is read: text that is no word or
    several ('', 'a b', 'big,er') is refused rather than judged, by every front end.

    >>> one_word(" Qi ")
    'Qi'
    >>> one_word("a b")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidInput: one word at a time, not 2
    """
    parts = split_words(value, field=field)
    if len(parts) != 1:
        raise InvalidInput(f"one word at a time, not {len(parts)}", field=field)
    return parts[0]


def format_shape(shape) -> str:
    """A shape as the rules write it: ``(5, 2)``; the empty shape is ``()``."""
    return "(" + ", ".join(map(str, shape)) + ")"


def compare(a: WordSet, b: WordSet) -> int:
    """1 when ``a`` is higher, -1 when ``b`` is, 0 when they rank equal."""
    return (a.shape > b.shape) - (a.shape < b.shape)
