"""The OpenAPI document's text patterns admit exactly what the library reads.

Each pattern (tiles, word sets, names, budgets, cards, ranks, dice, the words query's
parts) is run as Schemathesis runs it (jsonschema-rs: Rust's regex, anchored as
ECMA-262 anchors) against the library's own reader, both ways: text drawn from the
pattern is read, and random text near the grammar is matched exactly when it is read.
What a pattern leaves to a rule beside the schema (x-rules: a letter's count, a
budget's range, a word count across a list) is the only difference allowed.
"""

from __future__ import annotations

import json
import re
import shutil
import string
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import openapi
from solver.errors import InvalidTile, LiarsError, LimitExceeded
from solver.games import schema
from solver.games.cards import Card, parse_cards, parse_rank
from solver.games.dice.game import read_dice
from solver.games.letters.game import Call
from solver.games.liarliar.game import LiarLiarRules
from solver.games.post.game import read_call
from solver.games.table import read_options, small_int
from solver.search.budget import read_budget
from solver.words.lexicon import lexicon_names, load_lexicon
from solver.words.queries import Pattern, Rack, WordQuery
from solver.words.tiles import TILE_SETS, Tiles, get_tile_set
from solver.words.wordset import WordSet, one_word, split_words

jsonschema_rs = pytest.importorskip("jsonschema_rs")

CHECK = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

SPACES = "".join(filter(str.isspace, map(chr, range(0x110000))))
ODD = "\u212a\u017f\u0131\u0130é\x00\n\ufeff\u200b\u0660\u0661\U0001d7cf²"


def matcher(pattern: str):
    """``pattern`` as Schemathesis and jsonschema-rs run it."""
    return jsonschema_rs.validator_for({"type": "string", "pattern": pattern}).is_valid


def near(letters: str, size: int = 24):
    """Text of the grammar's characters, any whitespace and a few odd ones."""
    return st.text(st.sampled_from(list(letters + SPACES + ODD)), max_size=size)


def reads(read, text) -> bool:
    try:
        read(text)
    except LiarsError:
        return False
    return True


def same(pattern: str, read, texts):
    """The pattern matches ``text`` exactly when ``read`` reads it."""
    matches = matcher(pattern)

    @CHECK
    @given(texts)
    def check(text):
        assert matches(text) == reads(read, text), repr(text)

    check()


def drawn_are_read(pattern: str, read):
    """Every text drawn from the pattern is read."""
    @CHECK
    @given(st.from_regex(re.compile(pattern), fullmatch=True))
    def check(text):
        assert reads(read, text), repr(text)

    check()


def test_whitespace_is_pythons():
    assert matcher(f"^[{schema.SPACE}]+$")(SPACES)
    # one text of every other character (surrogates aside): the class finds none of them
    others = "".join(chr(c) for c in range(0x110000)
                     if not chr(c).isspace() and not 0xD800 <= c < 0xE000)
    assert not matcher(f"[{schema.SPACE}]")(others)
    assert matcher(f"[{schema.SPACE}]")(others + " ")  # the search does reach the end


def test_no_other_character_lowers_to_an_ascii_letter_but_kelvin():
    others = [c for c in map(chr, range(0x110000)) if not c.isascii()
              and len(c.lower()) == 1 and c.lower() in string.ascii_lowercase]
    assert others == ["\u212a"]


def tiles_read(text):
    try:
        Tiles.parse(text, "bananagrams")
    except InvalidTile:
        raise
    except LiarsError:  # a letter's count: a rule beside the schema
        pass


def test_tiles():
    pattern = schema.tiles()["pattern"]
    same(pattern, tiles_read, near("ABCabcz ,-\t;"))
    drawn_are_read(pattern, tiles_read)


def word_set_read(letters_only):
    def read(text):
        return WordSet.parse(text) if letters_only else split_words(text)
    return read


def item_read(letters_only):
    def read(text):
        try:
            parts = split_words([text])
        except LimitExceeded as err:
            if "words" not in str(err):
                raise
            return  # a word count: a rule beside the schema
        except LiarsError as err:
            if "at least one word" not in str(err):
                raise
            return
        if letters_only:
            WordSet.parse(parts)
    return read


@pytest.mark.parametrize("letters_only", [True, False])
def test_word_sets(letters_only):
    text, items = schema.word_set(letters_only=letters_only)["oneOf"]
    alphabet = "abgiAB,;+'1-"
    same(text["pattern"], word_set_read(letters_only), near(alphabet, 60))
    drawn_are_read(text["pattern"], word_set_read(letters_only))
    same(items["items"]["pattern"], item_read(letters_only), near(alphabet, 60))
    long = st.lists(st.sampled_from(["a" * 40, "a" * 41, "b", ",", " "]),
                    max_size=110).map("".join)
    same(text["pattern"], word_set_read(letters_only), long)


def test_a_word_in_the_path():
    pattern = openapi.paths({"MAX_SOLVE_TILES": 144, "SUBWORDS_LIMIT": 1,
                             "SUBWORDS_LIMIT_MAX": 5, "SOLVER_BUDGET": 1,
                             "SOLVER_BUDGET_MAX": 5, "DEFAULT_LEXICON": "twl06"})[
        "/api/v1/words/{word}"]["get"]["parameters"][0]["schema"]["pattern"]

    def read(text):
        if "/" in text:
            raise LiarsError("another path")
        one_word(text)
    same(pattern, read, near("ab/,;+'", 50))
    same(pattern, read, st.lists(st.sampled_from(["a" * 39, "a", "é", " "]),
                                 max_size=3).map("".join))


@pytest.mark.parametrize("names, read, empty", [
    (lexicon_names(), lambda name: load_lexicon(name or "twl06", allow_paths=False), True),
    (sorted(TILE_SETS), get_tile_set, True),
    ([c.value for c in Call], Call.parse, False),
])
def test_names(names, read, empty):
    pattern = schema.name_pattern(names, empty=empty)
    letters = "".join(sorted(set("".join(names)))) + "".join(n[0].upper() for n in names)
    same(pattern, read, near(letters, 14))
    same(pattern, read, st.sampled_from(names).flatmap(
        lambda name: st.tuples(near("", 3), st.just(name), near("", 3)).map("".join)))
    drawn_are_read(pattern, read)


def budget_text_read(text):
    try:
        read_budget(text)
    except LiarsError:
        # the range and the 40 characters are a rule beside the schema
        if not re.fullmatch(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?", text.strip()):
            raise


def test_budget_text():
    pattern = openapi.budget_text()
    same(pattern, budget_text_read, near("0123456789.eE+-_\u0665\uff11", 16))
    drawn_are_read(pattern, budget_text_read)


def test_digits():
    for low, high in [(1, 20), (2, 10), (10, 10), (30, 30)]:
        pattern = f"^{schema.digits(low, high)}$"

        def read(text, low=low, high=high):
            number = small_int(text)
            if number is None or not low <= number <= high or text != text.strip():
                raise LiarsError("not a number in range")
        same(pattern, read, near("0123456789", 24).map(str.strip))
        drawn_are_read(pattern, read)


def test_ranks_and_cards():
    rank = schema.rank()["oneOf"][1]["pattern"]
    card = schema.card()["pattern"]
    letters = "aceijknqstuvwxoAKQJT0123456789 of♠♥h\u212a"
    same(rank, parse_rank, near(letters, 8))
    same(card, Card.parse, near(letters, 10))
    words = st.sampled_from(["queen", "of", "hearts", "king", "10", "010", "h", "joker",
                             "🃏", "two", "t", "♠", "qh", "ks"])
    phrase = st.lists(words, max_size=4).flatmap(
        lambda ws: st.lists(st.sampled_from([" ", "  ", "\t", "\u3000"]), min_size=len(ws),
                            max_size=len(ws)).map(
            lambda gaps: "".join(g + w for g, w in zip(gaps, ws))))
    same(card, Card.parse, phrase)
    same(rank, parse_rank, phrase)
    drawn_are_read(card, Card.parse)
    drawn_are_read(rank, parse_rank)


def cards_read(text):
    try:
        parse_cards(text, limit=10**6)
    except LimitExceeded:
        pass


def test_cards_as_text():
    pattern = schema.cards(52)["oneOf"][1]["pattern"]
    words = st.sampled_from(["queen", "of", "hearts", "king", "10", "qh", ",", " ", "  ",
                             ", ", "joker", "x"])
    same(pattern, cards_read, st.lists(words, max_size=8).map("".join))
    same(pattern, cards_read, near("qhkof,10 ", 16))
    drawn_are_read(pattern, cards_read)


def test_dice_as_text():
    from solver.games.dice.game import dice_schema
    pattern = dice_schema(20)["oneOf"][1]["pattern"]

    def read(text):
        try:
            read_dice(text, 20)
        except LimitExceeded:
            pass
    same(pattern, read, near("0123456789,", 24))
    drawn_are_read(pattern, read)


def test_a_liar_liar_timer():
    pattern = LiarLiarRules.schema()["properties"]["timer"]["oneOf"][2]["pattern"]
    same(pattern, lambda text: LiarLiarRules.from_dict({"timer": text}),
         near("nonefs0123 NOS", 10))


def test_a_post_call():
    pattern = schema.name_pattern(["true", "false"])
    same(pattern, read_call, near("truefalsTRUE", 8))


def test_the_words_query_parts():
    parts = openapi.word_query_operation()["parameters"][0]["schema"]["properties"]

    def rack(text):
        try:
            Rack.parse(text)
        except LiarsError as err:
            if "letters: at most" not in str(err):
                raise
    same(parts["anagram"]["pattern"], rack, near("ab?AB", 14).filter(lambda t: "\n" not in t))

    def pattern(text):
        try:
            Pattern.parse(text)
        except LiarsError as err:
            if "leaves no letter" not in str(err) and "characters long" not in str(err):
                raise
    same(parts["pattern"]["pattern"], pattern, near("ab?*[]^", 14))
    for name in ("hooks", "starts", "ends", "contains"):
        same(parts[name]["pattern"], lambda text, name=name: WordQuery.parse({
            name: text, **({} if name == "hooks" else {"min": 1})}),
             near("abAB", 44).filter(lambda t: t.strip(" \t") == t or t.strip()))
    same(parts["order"]["pattern"], lambda text: WordQuery.parse({"order": text, "min": 1}),
         near("longestalphbicLA", 16))


ENGINE_RULES = Path(__file__).resolve().parent.parent / "api" / "static" / "engine" / "rules.js"


def test_an_option_is_spelled_once_by_the_library_and_the_page():
    """one-deck or one_deck, not both: which would count is a guess, so the schema's
    rules objects say "not both", and every front end refuses both alike."""
    body = '{"one-deck": true, "eight_different": false, "one_deck": false}'
    with pytest.raises(LiarsError) as err:
        read_options(json.loads(body), {"one_deck", "eight_different"}, game="Liar's Post")
    assert err.value.as_dict() == {
        "code": "invalid_rules", "field": "rules",
        "message": "the rules option 'one_deck' is given twice, as 'one-deck' and "
                   "'one_deck': give it once"}
    if shutil.which("node") is None:
        pytest.skip("no node to run the page's engine")
    script = (f"import {{ readOptions, parseJson }} from {json.dumps(ENGINE_RULES.as_uri())};"
              f"try {{ readOptions(parseJson({json.dumps(body)}), ['one_deck', "
              f"'eight_different'], {{ game: \"Liar's Post\" }}); }}"
              f"catch (e) {{ console.log(JSON.stringify(e.asDict())); }}")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    assert json.loads(out) == err.value.as_dict()
