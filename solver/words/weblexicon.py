"""The browser's lexicon format: a bundled word list as a small, plain file.

The page answers with no server (api/static/engine/), so it needs every bundled
word list in a form a browser reads with nothing but ``fetch`` and its built-in
``DecompressionStream("gzip")``; a marisa trie it cannot read.  The format is
front coding, then gzip: the first line is ``liars-lexicon 1 <name> <count>``;
then, for each word in alphabetical order, one digit *k* (0-9: how many leading
letters it shares with the previous word, at most 9) and the rest of the word.
TWL06 is 261 kB this way (1.76 MB as plain text, 465 kB plain text gzipped).

>>> data = encode_words("demo", ["big", "bigger", "bog"])
>>> decode_words(data)
('demo', ['big', 'bigger', 'bog'])
>>> gzip.decompress(data).decode()
'liars-lexicon 1 demo 3\\n0big\\n3ger\\n1og\\n'
"""

from __future__ import annotations

import gzip
import re

MAGIC = "liars-lexicon"
VERSION = 1
MAX_SHARED = 9
_HEADER = re.compile(r"liars-lexicon 1 ([a-z0-9_-]+) (\d+)")


def encode_words(name: str, words) -> bytes:
    """The file for a word list (any order in; written sorted, lower-case A-Z only)."""
    words = sorted(set(words))
    lines = [f"{MAGIC} {VERSION} {name} {len(words)}"]
    previous = ""
    for word in words:
        if not re.fullmatch(r"[a-z]+", word):
            raise ValueError(f"{word!r} is not a word of letters a-z")
        shared = 0
        limit = min(len(word), len(previous), MAX_SHARED)
        while shared < limit and word[shared] == previous[shared]:
            shared += 1
        lines.append(f"{shared}{word[shared:]}")
        previous = word
    # mtime=0: the same words always give the same bytes (the site's cache version
    # is a hash of its files).
    return gzip.compress(("\n".join(lines) + "\n").encode("ascii"), 9, mtime=0)


def decode_words(data: bytes) -> tuple[str, list[str]]:
    """The name and the words of a file written by :func:`encode_words` (checked)."""
    lines = gzip.decompress(data).decode("ascii").split("\n")
    header = _HEADER.fullmatch(lines[0])
    if not header or lines[-1] != "":
        raise ValueError("not a liars-lexicon 1 file")
    words, previous = [], ""
    for line in lines[1:-1]:
        word = previous[:int(line[0])] + line[1:]
        words.append(word)
        previous = word
    if len(words) != int(header.group(2)):
        raise ValueError("the word count does not match the header")
    return header.group(1), words
