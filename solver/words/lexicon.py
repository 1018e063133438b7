"""Lexicons: the word lists a table plays with, backed by marisa-trie.

A lexicon is two compressed tries built once (``scripts/build_lexicons.py``
for the bundled ones, :func:`build_tries` for a user's own list):

* ``<name>.words.marisa`` - every word, for membership;
* ``<name>.anagrams.marisa`` - alphagram (sorted letters) to words, so anagrams
  are one lookup and the search can work on alphagrams, never on spellings.

>>> lex = load_lexicon()
>>> lex.name, len(lex)
('twl06', 178691)
>>> "bigger" in lex, "biggerr" in lex
(True, False)
>>> lex.anagrams("EINRST")[:3]
['estrin', 'inerts', 'insert']
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import marisa_trie

from solver.errors import BadWordList, InvalidWord, UnknownLexicon, shown

DEFAULT_LEXICON = "twl06"
WORD_RE = re.compile(r"[a-z]+")
MAX_WORD_LENGTH = 31  # a letter's count must fit the packed six-bit field
MAX_WORD_LIST_BYTES = 64 * 1024 * 1024


def alphagram(word: str) -> str:
    """The word's letters in alphabetical order: the key anagrams share."""
    return "".join(sorted(word))


@dataclass
class WordListReport:
    """What reading a word list kept and what it rejected, so nothing is silent."""

    words: list[str]
    rejected: list[tuple[int, str]] = field(default_factory=list)  # (line number, text)
    rejected_count: int = 0

    def summary(self, source: str) -> str | None:
        if not self.rejected_count:
            return None
        shown = ", ".join(f"line {n}: {text!r}" for n, text in self.rejected[:3])
        more = "" if self.rejected_count <= 3 else f" and {self.rejected_count - 3} more"
        return (f"{source}: rejected {self.rejected_count} line(s) that are not one word of "
                f"letters A-Z ({shown}{more})")


def read_word_list(text: str) -> WordListReport:
    """Parse a word list: one word a line, any case; blank lines are skipped.

    >>> r = read_word_list("Cat\\r\\ndog\\n\\ndon't\\nsea lion\\n")
    >>> r.words, r.rejected
    (['cat', 'dog'], [(4, "don't"), (5, 'sea lion')])
    """
    words, rejected, count = set(), [], 0
    for number, line in enumerate(text.splitlines(), start=1):
        word = line.strip().lower()
        if not word:
            continue
        if WORD_RE.fullmatch(word) and len(word) <= MAX_WORD_LENGTH:
            words.add(word)
        else:
            count += 1
            if len(rejected) < 20:
                rejected.append((number, line.strip()[:40]))
    return WordListReport(sorted(words), rejected, count)


def build_tries(words: list[str]) -> tuple[marisa_trie.Trie, marisa_trie.BytesTrie]:
    """The two tries of a lexicon, from its (lower-case, letters-only) words."""
    word_trie = marisa_trie.Trie(words)
    anagram_trie = marisa_trie.BytesTrie((alphagram(w), w.encode("ascii")) for w in words)
    return word_trie, anagram_trie


class Lexicon:
    """A word list: membership, anagrams and every word formable from some tiles."""

    def __init__(self, name: str, words: marisa_trie.Trie, anagrams: marisa_trie.BytesTrie,
                 info: dict | None = None, report: WordListReport | None = None):
        self.name = name
        self._words = words
        self._anagrams = anagrams
        self.info = dict(info or {})
        self.report = report

    def __repr__(self) -> str:
        return f"<Lexicon {self.name}: {len(self)} words>"

    def __len__(self) -> int:
        return len(self._words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.isascii() and word.lower() in self._words

    def words_starting(self, prefix: str) -> list[str]:
        """Every listed word that starts with ``prefix`` (lower case a-z), in the trie's order."""
        return self._words.keys(prefix)

    def is_word(self, word: str) -> bool:
        """Liars' Letters validity: any single letter, or a listed word of 2+ letters."""
        w = word.lower()
        if not (word.isascii() and WORD_RE.fullmatch(w)):
            return False
        return len(w) == 1 or w in self._words

    def judge(self, words, *, field: str | None = "words") -> bool:
        """The word judge: is the whole play acceptable?  One verdict, never which word.

        ``words`` is a play as typed (``"big, g, er"``) or a list of words.  A
        word with a character that is not a letter A-Z ("don't", "café",
        "e-mail", "b1g") is simply not acceptable, like a word the lexicon
        does not list.  Only a malformed request raises: not a string or a
        list of strings, no word, more than 100 words or a word over 40
        characters; and its message quotes no word.

        >>> lex = load_lexicon()
        >>> lex.judge("big, g, er"), lex.judge(["big", "don't"]), lex.judge("QI zzxq")
        (True, False, False)
        """
        from .wordset import split_words
        return all(self.is_word(word) for word in split_words(words, field=field))

    def check_word(self, word: str, field: str | None = None) -> str:
        """Return the word in lower case, or raise InvalidWord naming it."""
        if not isinstance(word, str) or not (word.isascii() and WORD_RE.fullmatch(word.lower())):
            raise InvalidWord(f"{word!r} is not a word: use letters A-Z only", field=field)
        if not self.is_word(word):
            raise InvalidWord(f"{word.upper()} is not in the {self.name} lexicon", field=field)
        return word.lower()

    def anagrams(self, letters: str) -> list[str]:
        """Every listed word that uses exactly these letters, alphabetically."""
        key = alphagram(letters.lower())
        return sorted(b.decode("ascii") for b in self._anagrams.get(key, []))

    def spell(self, key: str) -> str:
        """The alphabetically first word of an alphagram (the documented tie-break)."""
        return min(self._anagrams[key]).decode("ascii")

    @functools.cached_property
    def index(self):
        """The numpy candidate index the search filters racks with (built on first use).

        A bundled lexicon loads its precomputed word table
        (``dictionaries/<name>.index.npy``, written by ``scripts/build_lexicons.py``);
        any other word list builds the table from its tries.
        """
        import numpy as np

        from .index import AlphagramIndex, word_table
        table = None
        if self.name in bundled_lexicons() and self.info == bundled_lexicons()[self.name]:
            try:
                with _as_file(_bundled_dir() / f"{self.name}.index.npy") as path:
                    table = np.load(str(path), allow_pickle=False)
            except (OSError, ValueError):
                table = None
            if table is not None and len(table) != len(self):
                table = None  # stale package data: rebuild rather than trust it
        if table is None:
            table = word_table(self._words.keys())
        return AlphagramIndex(table=table)

    def words_from(self, tiles) -> list[str]:
        """Every listed word formable from the tiles, longest first, then alphabetically."""
        from .tiles import Tiles
        if not isinstance(tiles, Tiles):
            tiles = Tiles.parse(tiles)
        words = self.index.words_from(tiles.packed, len(tiles))
        if words is not None:
            return words
        words = []
        for key in self.index.formable(tiles.packed, len(tiles)):
            words.extend(b.decode("ascii") for b in self._anagrams[key])
        words.sort(key=lambda w: (-len(w), w))
        return words

    def describe(self) -> dict:
        """Name, word count and provenance, as the API and `liars lexicons` show them."""
        return {"name": self.name, "words": len(self), **self.info}


# --- finding and loading lexicons ------------------------------------------------

@functools.lru_cache(maxsize=None)
def _bundled_dir():
    """The ``dictionaries`` package's folder: a plain directory as pip installs it (found
    without importing :mod:`importlib.resources`, a tenth of ``solve ABEGIRR``'s start-up:
    scripts/bench_cli.py), else its resources (a package kept in a zip)."""
    spec = importlib.util.find_spec("dictionaries")
    folders = list(spec.submodule_search_locations or []) if spec else []
    if folders and Path(folders[0]).is_dir():
        return Path(folders[0])
    from importlib import resources
    return resources.files("dictionaries")


def _as_file(resource):
    """A bundled file as a path on disk (itself, when the package is a directory)."""
    if isinstance(resource, Path):
        return contextlib.nullcontext(resource)
    from importlib import resources
    return resources.as_file(resource)


@functools.lru_cache(maxsize=None)
def bundled_lexicons() -> dict:
    """The manifest of bundled lexicons (name -> provenance), from package data."""
    return json.loads((_bundled_dir() / "lexicons.json").read_text("utf-8"))


def _cache_dir() -> Path:
    base = os.environ.get("LIARS_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "liars-letters")
    return Path(base)


@functools.lru_cache(maxsize=8)
def _load_bundled(name: str) -> Lexicon:
    info = bundled_lexicons()[name]
    words, anagrams = marisa_trie.Trie(), marisa_trie.BytesTrie()
    with _as_file(_bundled_dir() / f"{name}.words.marisa") as path:
        words.load(str(path))
    with _as_file(_bundled_dir() / f"{name}.anagrams.marisa") as path:
        anagrams.load(str(path))
    return Lexicon(name, words, anagrams, info)


@functools.lru_cache(maxsize=8)
def _load_word_list(path: str, size: int, mtime_ns: int) -> Lexicon:
    """Build (or reuse from the cache) the tries of a user's own word list."""
    with open(path, "rb") as handle:  # at most one byte past the limit: /dev/zero ends too
        data = handle.read(MAX_WORD_LIST_BYTES + 1)
    if len(data) > MAX_WORD_LIST_BYTES:
        raise BadWordList(f"{path}: word list is larger than {MAX_WORD_LIST_BYTES} bytes",
                          field="lexicon")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    report = read_word_list(text)
    if not report.words:
        raise BadWordList(f"{path}: no usable words (one word of letters A-Z a line)",
                          field="lexicon")
    import hashlib  # here: only a user's word list is hashed (4 ms of every start-up)
    digest = hashlib.sha256(data).hexdigest()
    cache = _cache_dir()
    words_file = cache / f"{digest[:24]}.words.marisa"
    anagrams_file = cache / f"{digest[:24]}.anagrams.marisa"
    words, anagrams = marisa_trie.Trie(), marisa_trie.BytesTrie()
    try:
        words.load(str(words_file))
        anagrams.load(str(anagrams_file))
    except (OSError, RuntimeError, ValueError):
        words, anagrams = build_tries(report.words)
        try:
            cache.mkdir(parents=True, exist_ok=True)
            for trie, target in ((words, words_file), (anagrams, anagrams_file)):
                tmp = target.with_suffix(f".tmp{os.getpid()}")
                trie.save(str(tmp))
                os.replace(tmp, target)
        except OSError:
            pass  # an unwritable cache only costs a rebuild next time
    info = {"source": str(path), "sha256": digest, "rejected_lines": report.rejected_count}
    return Lexicon(Path(path).name, words, anagrams, info, report)


def _word_list_path(name: str) -> Path | None:
    """The file a lexicon name points at, if it looks like a path to an existing file."""
    if not (os.sep in name or "." in name or name.startswith("~")):
        return None
    try:
        path = Path(name).expanduser()
        return path if path.is_file() else None
    except (OSError, RuntimeError, ValueError):  # unknown ~user, a NUL byte, ...
        return None


def lexicon_names() -> list[str]:
    return list(bundled_lexicons())


def load_lexicon(name: str | Lexicon | None = None, *, allow_paths: bool = True) -> Lexicon:
    """A bundled lexicon by name (``twl06`` by default), or a word-list file by path.

    Loaded lexicons are cached for the life of the process.  Servers pass
    ``allow_paths=False`` so that a request can never name a file to read.
    """
    if isinstance(name, Lexicon):
        return name
    if name is None or name == "":
        name = DEFAULT_LEXICON
    if not isinstance(name, str):
        raise UnknownLexicon(f"lexicon must be a name, not {type(name).__name__}",
                             field="lexicon")
    key = name.strip().lower()
    if key in bundled_lexicons():
        return _load_bundled(key)
    path = _word_list_path(name) if allow_paths else None
    if path is not None:
        stat = path.stat()
        return _load_word_list(str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    raise UnknownLexicon(
        f"unknown lexicon {shown(name)}: choose one of {', '.join(lexicon_names())}"
        + (", or give the path of a word list file" if allow_paths else ""), field="lexicon")
