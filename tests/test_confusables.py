"""The confusable skeleton (solver/games/confusables.py, UTS #39) and its table: the
examples UTS #39 gives, and the table as scripts/build_confusables.py writes it."""

from __future__ import annotations

import importlib.util
import unicodedata
from pathlib import Path

import pytest

from solver.games.confusables import VERSION, prototypes_table, ignorable, skeleton

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("first, second", [
    ("paypal", "p\u0430yp\u0430l"),  # Cyrillic а
    ("scope", "\u0455\u0441\u043e\u0440\u0435"),  # Cyrillic ѕсоре
    ("m", "rn"),
    ("l", "I"), ("l", "1"), ("O", "0"),
    ("ann", "a\u200bnn"),  # a zero-width space is ignorable
    ("\u00e1", "a\u0301"),  # one accent, two encodings
])
def test_look_alikes_share_a_skeleton(first, second):
    assert skeleton(first) == skeleton(second)


@pytest.mark.parametrize("first, second", [
    ("ann", "anne"), ("o", "0"), ("vera", "\u0432\u0435\u0440\u0430"), ("a", "\u00e1"),
])
def test_different_texts_keep_different_skeletons(first, second):
    assert skeleton(first) != skeleton(second)


def test_the_fillers_are_ignorable_and_letters_are_not():
    assert all(ignorable(ch) for ch in "\u115f\u1160\u3164\uffa0\u00ad\ufe0f\U000e0041")
    assert not any(ignorable(ch) for ch in "a\u0430 \u2800\u0301")


def test_the_table_is_unicodes_with_no_entry_the_skeleton_never_reads():
    """Every source is a character NFD leaves alone (the skeleton maps the NFD form), and
    the table is the whole file's, not a stub."""
    table = prototypes_table()
    assert VERSION.count(".") == 2 and len(table) > 5000
    assert all(unicodedata.normalize("NFD", ch) == ch for ch in table)
    assert table["\u0430"] == "a" and table["m"] == "rn"


def load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_builder_writes_a_table_the_skeleton_reads(tmp_path):
    builder = load("build_confusables", ROOT / "scripts" / "build_confusables.py")
    source = tmp_path / "confusables.txt"
    source.write_text("# confusables.txt\n# Version: 99.0.0\n#\n"
                      "0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → LATIN SMALL A\n"
                      "006D ;\t0072 006E ;\tMA\t# ( m → rn )\n"
                      "00E0 ;\t0061 0300 ;\tMA\t# ( à → à ) decomposes: left out\n",
                      encoding="utf-8")
    out = tmp_path / "table.py"
    builder.main([str(source), "--out", str(out)])
    table = load("table", out)
    assert table.VERSION == "99.0.0" and table.TABLE.split() == ["6D:72+6E", "430:61"]
