"""The browser's lexicon files (api/static/lexicons/) are the bundled lexicons, word for word."""

import hashlib
import json
from pathlib import Path

import pytest

from solver.words.lexicon import bundled_lexicons, load_lexicon
from solver.words.weblexicon import decode_words, encode_words

STATIC = Path(__file__).resolve().parent.parent / "api" / "static" / "lexicons"


def test_index_lists_every_bundled_lexicon():
    listing = json.loads((STATIC / "index.json").read_text())
    assert [lex["name"] for lex in listing["lexicons"]] == list(bundled_lexicons())
    assert listing["default"] in bundled_lexicons()


@pytest.mark.parametrize("name", list(bundled_lexicons()))
def test_browser_file_holds_exactly_the_bundled_words(name):
    data = (STATIC / f"{name}.lex").read_bytes()
    listing = {lex["name"]: lex for lex in json.loads((STATIC / "index.json").read_text())[
        "lexicons"]}
    assert listing[name]["sha256"] == hashlib.sha256(data).hexdigest()
    assert listing[name]["bytes"] == len(data)
    decoded_name, words = decode_words(data)
    assert decoded_name == name
    assert words == sorted(load_lexicon(name)._words.keys())
    assert listing[name]["words"] == len(words)


def test_round_trip_with_long_shared_prefixes():
    words = ["a" * 15, "a" * 14 + "b", "ab", "abc", "b"]
    assert decode_words(encode_words("x", words)) == ("x", sorted(words))


def test_refuses_a_non_letter_word():
    with pytest.raises(ValueError, match="is not a word"):
        encode_words("x", ["don't"])
