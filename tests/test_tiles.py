"""Tiles: the two tile sets of docs/rules.md and the input rules for revealed tiles."""

import pytest

from solver.errors import InvalidTile, TooManyTiles, UnknownTileSet
from solver.words.tiles import BANANAGRAMS, SCRABBLE, Tiles, fits, pack, parse_tiles, unpack


def test_tile_set_sizes_match_the_rulings():
    assert SCRABBLE.size == 98
    assert BANANAGRAMS.size == 144
    assert SCRABBLE.counts["E"] == 12 and BANANAGRAMS.counts["E"] == 18


def test_case_spaces_commas_and_hyphens_are_ignored():
    assert str(parse_tiles("a b,c-d")) == "ABCD"
    assert parse_tiles("rRr").counts["R"] == 3


@pytest.mark.parametrize("text, bad", [("AB7", "'7'"), ("A?B", "'?'"), ("AB.", "'.'"),
                                       ("ÉA", "'É'")])
def test_any_other_character_is_an_error_naming_it(text, bad):
    with pytest.raises(InvalidTile, match=bad):
        parse_tiles(text)


def test_more_tiles_than_the_set_holds_is_an_input_error():
    with pytest.raises(TooManyTiles, match="13 E's, but the scrabble set has only 12"):
        parse_tiles("E" * 13)
    assert len(Tiles.parse("E" * 13, "bananagrams")) == 13
    with pytest.raises(TooManyTiles, match="bananagrams"):
        Tiles.parse("Q" * 3, "bananagrams")


def test_unknown_tile_set():
    with pytest.raises(UnknownTileSet, match="scrabble, bananagrams"):
        Tiles.parse("AB", "boggle")


def test_packing_round_trips_and_tests_fit():
    rack = parse_tiles("ABEGIRR")
    assert unpack(rack.packed) == rack.counts
    assert fits(pack({"R": 2, "G": 1}), rack.packed)
    assert not fits(pack({"R": 3}), rack.packed)
    assert not fits(pack({"Z": 1}), rack.packed)


@pytest.mark.parametrize("text", ["ſ", "\u212a", "Ａ"])   # long s, Kelvin sign, full-width A
def test_only_ascii_letters_are_tiles_even_if_they_case_fold_to_one(text):
    with pytest.raises(InvalidTile):
        parse_tiles(text)


@pytest.mark.parametrize("name", [5, ["scrabble"], b"scrabble"])
def test_a_tile_set_named_by_something_not_text_is_refused(name):
    with pytest.raises(UnknownTileSet, match="named by text"):
        Tiles.parse("AB", tile_set=name)
