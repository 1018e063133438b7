"""Dictionary queries for study: anagrams with ``?`` blanks, sub-anagrams, patterns,
hooks and filters, over any lexicon; each answer is a total count and one page.

A query is a small immutable object read from its parts (the CLI's options, the
API's query string) and written back to the same parts:

>>> q = WordQuery.parse({"pattern": "b?g*", "max": "4", "limit": "3"})
>>> q.format()
{'pattern': 'B?G*', 'max': 4, 'limit': 3}
>>> WordQuery.parse(q.format()) == q
True

The common case is one call, :func:`solver.words.dictionary.find_words`.

Query kinds and what makes each fast (the lexicon's marisa tries and numpy index; the
work is in :mod:`solver.words.dictionary`):

* ``anagram``: every word of exactly these letters, ``?`` a blank (at most two); one
  alphagram lookup in the anagram trie per way of filling the blanks (351 for two).
  With ``min``/``max`` it is a sub-anagram search: one vectorised pass over the
  lexicon's alphagram index.
* ``pattern``: ``?`` one letter, ``*`` any run, ``[AEI]`` one of, ``[^AEI]`` none of.
  Prefix search in the word trie on the pattern's fixed start (``B?G*``: 26 prefixes),
  or a slice of the words sorted by ending on its fixed end (``*ING``); otherwise one compiled
  regular expression over the word list (C speed, linear: a middle ``*`` never
  backtracks, see :meth:`Pattern.regex`).
* ``hooks``: the letters that make a word one letter longer, front and back: 52 lookups.
* filters, combined with any kind or alone: ``min``/``max`` length, ``starts``,
  ``ends``, ``contains`` (these letters, repeats counted).

Work per query is bounded: at most one pass over the lexicon plus a sort, whatever
the query; every limit is checked when the query is parsed.
"""

from __future__ import annotations

import re
import string
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping

import numpy as np

from solver.errors import InvalidQuery

from .lexicon import MAX_WORD_LENGTH

LETTERS = string.ascii_lowercase
ANY = frozenset(LETTERS)
MAX_BLANKS = 2
MAX_PATTERN_CHARACTERS = 200
DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
MAX_OFFSET = 1_000_000
ORDERS = ("longest", "alphabetical")
KINDS = ("anagram", "pattern", "hooks")
FILTERS = ("min", "max", "starts", "ends", "contains")
PAGING = ("order", "limit", "offset")
PARTS = KINDS + FILTERS + PAGING
IGNORED = " \t"  # spaces a phone keyboard puts between letters
ATOMIC_GROUPS = sys.version_info >= (3, 11)


def _text(value, field: str) -> str:
    if not isinstance(value, str):
        raise InvalidQuery(f"{field!r} must be text, not {type(value).__name__}", field=field)
    return value


def _is_letter(ch: str) -> bool:
    return ch.isascii() and ch.lower() in LETTERS and len(ch) == 1


def _letters(value, field: str, what: str, max_length: int = MAX_WORD_LENGTH) -> str:
    """Letters A-Z (spaces ignored), in lower case; names the first bad character."""
    out = []
    for ch in _text(value, field):
        if ch in IGNORED:
            continue
        if not _is_letter(ch):
            raise InvalidQuery(f"{ch!r} cannot be in {what}: use letters A-Z", field=field)
        out.append(ch.lower())
    if len(out) > max_length:
        raise InvalidQuery(f"{what} has {len(out)} letters: at most {max_length}", field=field)
    return "".join(out)


# --- the letters of an anagram ------------------------------------------------------

@dataclass(frozen=True)
class Rack:
    """The letters of an anagram query: A-Z, and up to two ``?`` blanks.

    >>> Rack.parse("retains?")
    Rack('AEINRST?')
    >>> len(Rack.parse("qi??")), Rack.parse(str(Rack.parse("qi??"))) == Rack.parse("qi??")
    (4, True)
    >>> Rack.parse("ab???")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidQuery: 3 blanks ('?') in the anagram: at most 2
    """

    letters: str  # lower case, sorted
    blanks: int = 0

    @classmethod
    def parse(cls, text, field: str = "anagram") -> "Rack":
        letters, blanks = [], 0
        for ch in _text(text, field):
            if ch in IGNORED:
                continue
            if ch == "?":
                blanks += 1
            elif _is_letter(ch):
                letters.append(ch.lower())
            else:
                raise InvalidQuery(f"{ch!r} cannot be in an anagram: use letters A-Z, and ? "
                                   f"for a blank", field=field)
        if blanks > MAX_BLANKS:
            raise InvalidQuery(f"{blanks} blanks ('?') in the anagram: at most {MAX_BLANKS}",
                               field=field)
        if not letters and not blanks:
            raise InvalidQuery("the anagram is empty: give its letters, e.g. AEINST?",
                               field=field)
        if len(letters) + blanks > MAX_WORD_LENGTH:
            raise InvalidQuery(f"the anagram has {len(letters) + blanks} letters: at most "
                               f"{MAX_WORD_LENGTH}", field=field)
        return cls("".join(sorted(letters)), blanks)

    def __len__(self) -> int:
        return len(self.letters) + self.blanks

    def __str__(self) -> str:
        return self.letters.upper() + "?" * self.blanks

    def __repr__(self) -> str:
        return f"Rack({str(self)!r})"

    def counts(self) -> np.ndarray:
        """How many of each letter a-z (blanks not counted)."""
        return np.bincount(np.frombuffer(self.letters.encode(), np.uint8) - ord("a"),
                           minlength=26).astype(np.uint8)

    def packed(self) -> int:
        """Six bits a letter, as the alphagram index packs them."""
        return sum(int(n) << (6 * i) for i, n in enumerate(self.counts()))


# --- patterns ------------------------------------------------------------------------

def _token_text(token) -> str:
    if token is None:
        return "*"
    if token == ANY:
        return "?"
    if len(token) == 1:
        return next(iter(token)).upper()
    inside = "".join(sorted(token)).upper()
    outside = "".join(sorted(ANY - token)).upper()
    return f"[^{outside}]" if len(outside) < len(inside) else f"[{inside}]"


def _token_regex(token) -> str:
    if token == ANY:
        return "[a-z]"
    if len(token) == 1:
        return next(iter(token))
    return "[" + "".join(sorted(token)) + "]"


def _canonical(tokens: list) -> tuple:
    """``*?`` and ``?*`` mean the same, and so do ``**`` and ``*``: write each run of
    ``?`` and ``*`` as its ``?``s then one ``*``."""
    out, run = [], []

    def flush():
        if None in run:
            out.extend([ANY] * (len(run) - run.count(None)) + [None])
        else:
            out.extend(run)
        run.clear()

    for token in tokens:
        if token is None or token == ANY:
            run.append(token)
        else:
            flush()
            out.append(token)
    flush()
    return tuple(out)


@dataclass(frozen=True)
class Pattern:
    """A word pattern: ``?`` one letter, ``*`` any run of letters (or none), ``[AEI]``
    one of these letters, ``[^AEI]`` any letter but these; letters stand for themselves.

    >>> p = Pattern.parse("q[^u]*")
    >>> str(p), p.min_length, p.max_length, p.matches("qat"), p.matches("quat")
    ('Q[^U]*', 2, None, True, False)
    >>> str(Pattern.parse("*?*[eia]")), str(Pattern.parse("[^abcdefghijklmnopqrstuvwxy]"))
    ('?*[AEI]', 'Z')
    >>> Pattern.parse("b[ai")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidQuery: unclosed '[' at character 2 of the pattern: close it with ']'
    """

    tokens: tuple  # per position a frozenset of letters; None for '*'

    @classmethod
    def parse(cls, text, field: str = "pattern") -> "Pattern":
        text = _text(text, field).strip()
        if not text:
            raise InvalidQuery("the pattern is empty: use letters, ? (one letter), * (any "
                               "run), [AEI] (one of) or [^AEI] (none of)", field=field)
        if len(text) > MAX_PATTERN_CHARACTERS:
            raise InvalidQuery(f"the pattern is {len(text)} characters long: at most "
                               f"{MAX_PATTERN_CHARACTERS}", field=field)
        tokens, i = [], 0
        while i < len(text):
            ch = text[i]
            if ch == "*":
                tokens.append(None)
            elif ch == "?":
                tokens.append(ANY)
            elif ch == "[":
                close = text.find("]", i + 1)
                if close < 0:
                    raise InvalidQuery(f"unclosed '[' at character {i + 1} of the pattern: "
                                       f"close it with ']'", field=field)
                tokens.append(cls._letter_class(text[i + 1:close], field))
                i = close
            elif ch == "]":
                raise InvalidQuery(f"']' at character {i + 1} of the pattern closes no '['",
                                   field=field)
            elif _is_letter(ch):
                tokens.append(frozenset(ch.lower()))
            else:
                raise InvalidQuery(f"{ch!r} cannot be in a pattern: use letters, ? (one "
                                   f"letter), * (any run), [AEI] or [^AEI]", field=field)
            i += 1
        # Too long a pattern is refused by the lexicon it runs on, naming its longest word
        # (a word list's cap, MAX_WORD_LENGTH, is no word's real length).
        return cls(_canonical(tokens))

    @staticmethod
    def _letter_class(body: str, field: str) -> frozenset:
        negate = body.startswith("^")
        letters = set()
        for ch in body[1:] if negate else body:
            if not _is_letter(ch):
                raise InvalidQuery(f"{ch!r} cannot be inside [...]: list letters, as in "
                                   f"[AEI] or [^AEI]", field=field)
            letters.add(ch.lower())
        shown = f"[{'^' if negate else ''}{body[1:] if negate else body}]"
        if not letters:
            raise InvalidQuery(f"{shown} lists no letters: write [AEI] or [^AEI]", field=field)
        chosen = ANY - letters if negate else frozenset(letters)
        if not chosen:
            raise InvalidQuery(f"{shown.upper()} leaves no letter: it can match nothing",
                               field=field)
        return chosen

    def __str__(self) -> str:
        return "".join(map(_token_text, self.tokens))

    def __repr__(self) -> str:
        return f"Pattern({str(self)!r})"

    @property
    def min_length(self) -> int:
        return sum(t is not None for t in self.tokens)

    @property
    def max_length(self) -> int | None:
        return None if None in self.tokens else self.min_length

    @property
    def head(self) -> tuple:
        """The fixed positions before the first ``*`` (all of them without one)."""
        return self.tokens[:self.tokens.index(None)] if None in self.tokens else self.tokens

    @property
    def tail(self) -> tuple:
        """The fixed positions after the last ``*`` (all of them without one)."""
        if None not in self.tokens:
            return self.tokens
        return self.tokens[len(self.tokens) - self.tokens[::-1].index(None):]

    def regex(self) -> str:
        """A regular expression for a whole word, without anchors.

        Between two stars is a fixed-length run, and the leftmost place it fits is
        always a right choice; the lookahead-and-backreference pins that place, so the
        expression never backtracks into it and its time stays linear in the word.
        """
        if None not in self.tokens:
            return "".join(map(_token_regex, self.tokens))
        segments, run = [], []
        for token in self.tokens:
            if token is None:
                segments.append("".join(run))
                run = []
            else:
                run.append(_token_regex(token))
        segments.append("".join(run))
        head, *middles, tail = segments
        out = [head]
        for n, middle in enumerate(middles):
            if ATOMIC_GROUPS:
                out.append(f"(?>[a-z]*?{middle})")
            else:  # the same, before Python 3.11: a lookahead is atomic
                out.append(f"(?=(?P<m{n}>[a-z]*?{middle}))(?P=m{n})")
        out.append(f"[a-z]*{tail}")
        return "".join(out)

    def matches(self, word: str) -> bool:
        return re.fullmatch(self.regex(), word.lower()) is not None


# --- the query ------------------------------------------------------------------------

def _whole(value, name: str, low: int, high: int) -> int:
    if isinstance(value, str) and value.strip().isdigit() and value.strip().isascii():
        number = int(value.strip())
    elif isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        shown = repr(value[:20]) if isinstance(value, str) else type(value).__name__
        raise InvalidQuery(f"{name!r} must be a whole number from {low} to {high}, not "
                           f"{shown}", field=name)
    if not low <= number <= high:
        raise InvalidQuery(f"{name!r} must be from {low} to {high}, not {number}", field=name)
    return number


@dataclass(frozen=True)
class WordQuery:
    """One dictionary query: at most one kind (anagram, pattern, hooks), filters, a page.

    >>> WordQuery.parse({"anagram": "aeinst??", "min": 7}).format()
    {'anagram': 'AEINST??', 'min': 7}
    >>> WordQuery.parse({"pattern": "b?g*", "hooks": "are"})
    Traceback (most recent call last):
    ...
    solver.errors.InvalidQuery: give one of anagram, pattern or hooks, not pattern and hooks
    """

    anagram: Rack | None = None
    pattern: Pattern | None = None
    hooks: str | None = None  # the word, lower case
    min_length: int | None = None
    max_length: int | None = None
    starts: str = ""
    ends: str = ""
    contains: str = ""  # sorted: a multiset of letters
    order: str = ORDERS[0]
    limit: int = DEFAULT_LIMIT
    offset: int = 0

    @classmethod
    def parse(cls, parts: Mapping | None = None, /, **more) -> "WordQuery":
        """Read a query from its parts: text (as typed or sent) or numbers; None or an
        absent part is the default.  Unknown parts are refused, never ignored."""
        parts = {**(parts or {}), **more}
        unknown = sorted(str(k) for k in parts if k not in PARTS)
        if unknown:
            raise InvalidQuery(f"unknown query part(s) {', '.join(repr(k[:20]) for k in unknown[:5])}: "
                               f"a query takes {', '.join(PARTS)}", field=unknown[0][:40])
        given = {k: v for k, v in parts.items() if v is not None}
        kinds = [k for k in KINDS if k in given]
        if len(kinds) > 1:
            raise InvalidQuery(f"give one of anagram, pattern or hooks, not "
                               f"{' and '.join(kinds)}", field=kinds[1])
        values = {}
        if "anagram" in given:
            values["anagram"] = Rack.parse(given["anagram"])
        if "pattern" in given:
            values["pattern"] = Pattern.parse(given["pattern"])
        if "hooks" in given:
            word = _letters(given["hooks"], "hooks", "the word to hook", MAX_WORD_LENGTH - 1)
            if not word:
                raise InvalidQuery("'hooks' needs a word, e.g. ARE", field="hooks")
            values["hooks"] = word
        for name in ("starts", "ends"):
            if given.get(name):
                values[name] = _letters(given[name], name, f"{name!r}")
        if given.get("contains"):
            values["contains"] = "".join(sorted(_letters(given["contains"], "contains",
                                                          "'contains'")))
        for name, attr in (("min", "min_length"), ("max", "max_length")):
            if name in given:
                values[attr] = _whole(given[name], name, 1, MAX_WORD_LENGTH)
        low, high = values.get("min_length"), values.get("max_length")
        if low is not None and high is not None and low > high:
            raise InvalidQuery(f"'min' ({low}) is more than 'max' ({high})", field="min")
        if "order" in given:
            order = _text(given["order"], "order").strip().lower()
            if order not in ORDERS:
                raise InvalidQuery(f"'order' must be {' or '.join(ORDERS)}, not "
                                   f"{given['order'][:20]!r}", field="order")
            values["order"] = order
        if "limit" in given:
            values["limit"] = _whole(given["limit"], "limit", 0, MAX_LIMIT)
        if "offset" in given:
            values["offset"] = _whole(given["offset"], "offset", 0, MAX_OFFSET)
        query = cls(**values)
        if not kinds and not (query.starts or query.ends or query.contains
                              or low is not None or high is not None):
            raise InvalidQuery("nothing to look for: give anagram, pattern or hooks, or a "
                               "filter (min, max, starts, ends, contains)", field="pattern")
        return query

    def format(self) -> dict:
        """The query's parts that differ from the defaults, canonical: parse() reads
        them back to an equal query."""
        out = {}
        if self.anagram is not None:
            out["anagram"] = str(self.anagram)
        if self.pattern is not None:
            out["pattern"] = str(self.pattern)
        if self.hooks is not None:
            out["hooks"] = self.hooks.upper()
        if self.min_length is not None:
            out["min"] = self.min_length
        if self.max_length is not None:
            out["max"] = self.max_length
        for name in ("starts", "ends", "contains"):
            if getattr(self, name):
                out[name] = getattr(self, name).upper()
        if self.order != ORDERS[0]:
            out["order"] = self.order
        if self.limit != DEFAULT_LIMIT:
            out["limit"] = self.limit
        if self.offset:
            out["offset"] = self.offset
        return out

    def __str__(self) -> str:
        """A short description, as the CLI shows it: ``pattern B?G*, at most 4 letters``."""
        bits = []
        for kind in KINDS:
            value = getattr(self, kind)
            if value is not None:
                bits.append(f"{kind} {str(value).upper()}")
        low, high = self.min_length, self.max_length
        if low is not None and high is not None:
            bits.append(f"{low} letters" if low == high else f"{low}-{high} letters")
        elif low is not None:
            bits.append(f"at least {low} letters")
        elif high is not None:
            bits.append(f"at most {high} letters")
        for name in ("starts", "ends", "contains"):
            if getattr(self, name):
                bits.append(f"{name} {getattr(self, name).upper()}")
        return ", ".join(bits)

    def lengths(self, longest: int) -> tuple[int, int]:
        """The word lengths the query can match (lowest, highest), in a lexicon whose
        longest word has ``longest`` letters.  An anagram without min or max is exact."""
        if self.anagram is not None and self.min_length is None and self.max_length is None:
            low = high = len(self.anagram)
        else:
            low = self.min_length or 1
            high = self.max_length or longest
            if self.anagram is not None:
                high = min(high, len(self.anagram))
        if self.pattern is not None:
            low = max(low, self.pattern.min_length)
            high = min(high, self.pattern.max_length or high)
        if self.hooks is not None:
            low, high = max(low, len(self.hooks) + 1), min(high, len(self.hooks) + 1)
        low = max(low, len(self.starts), len(self.ends), len(self.contains), 1)
        return low, min(high, longest)

    def filter_regex(self, low: int, high: int, lengths: bool = True) -> re.Pattern:
        """One expression for everything but the anagram and the hooks: lengths (unless
        the words are known to fit: then only "not empty"), starts, ends, contains and the pattern (``^``/``$``
        per line: it may scan a whole word list)."""
        parts = ["^", f"(?=[a-z]{{{low},{high}}}$)" if lengths else "(?=[a-z])"]
        if self.starts:
            parts.append(f"(?={self.starts})")
        if self.ends:
            parts.append(f"(?=[a-z]*{self.ends}$)")
        for letter, n in sorted(Counter(self.contains).items()):
            parts.append(f"(?=(?:[a-z]*?{letter}){{{n}}})")
        parts.append((self.pattern.regex() if self.pattern else "[a-z]*") + "$")
        return re.compile("".join(parts), re.M)

# --- answers ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hooks:
    """The one-letter hooks of a word: each letter with the word it makes."""

    word: str
    valid: bool  # is the word itself listed
    front: tuple = ()  # ((letter, hooked word), ...), alphabetically
    back: tuple = ()

    @property
    def front_letters(self) -> str:
        return "".join(letter for letter, _ in self.front).upper()

    @property
    def back_letters(self) -> str:
        return "".join(letter for letter, _ in self.back).upper()

    def as_dict(self) -> dict:
        return {"word": self.word, "valid": self.valid,
                "front": [{"letter": letter, "word": word} for letter, word in self.front],
                "back": [{"letter": letter, "word": word} for letter, word in self.back]}


@dataclass(frozen=True)
class WordAnswer:
    """How many words the query matched, and one page of them in the asked order."""

    query: WordQuery
    lexicon: str
    count: int
    words: list = field(default_factory=list)
    hooks: Hooks | None = None

    def as_dict(self) -> dict:
        out = {"query": self.query.format(), "lexicon": self.lexicon, "count": self.count,
               "offset": self.query.offset, "limit": self.query.limit,
               "order": self.query.order, "words": list(self.words)}
        if self.hooks is not None:
            out["hooks"] = self.hooks.as_dict()
        return out
