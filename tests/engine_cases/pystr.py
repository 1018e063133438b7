"""Golden vectors of Python's str semantics in the engine (engine/pystr.js, pyunicode.js).

repr() escapes what str.isprintable() rejects, by Python's Unicode (3.11: 14.0), not by
the JavaScript engine's newer one: ``unprintable`` holds the ranges where this Python's
isprintable() is false, which the engine's ``isPrintable`` must give on every code point;
``repr`` texts with characters assigned after Unicode 14 (U+3160F and its kind: unassigned,
so escaped, in Python 3.11) and the invisible ones.  Recorded under one Unicode version:
tests/test_golden.py skips them, saying why, under a Python with another.
"""

from __future__ import annotations

import importlib.util
import unicodedata

from . import ROOT

LATER = (0x3160F, 0x31350, 0x2B739, 0x1FAE8, 0x0CF3, 0x11F00, 0x1E030)


def _builder():
    path = ROOT / "scripts" / "build_pystr_tables.py"
    spec = importlib.util.spec_from_file_location("build_pystr_tables", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases() -> list[dict]:
    """Both cases of tests/golden/pystr.json, unanswered."""
    later = [chr(cp) for cp in LATER if unicodedata.category(chr(cp)) == "Cn"]
    texts = later + ["a" + "".join(later) + "'", "\u200b\ufeff\xad \xa0\u3000é🃏"]
    return [{"set": "unprintable", "unicode": unicodedata.unidata_version},
            {"set": "repr", "unicode": unicodedata.unidata_version, "texts": texts}]


def answer(case: dict):
    if case["set"] == "unprintable":
        return [list(r) for r in _builder().unprintable_ranges()]
    return [repr(text) for text in case["texts"]]


def check_coverage(cases: list[dict]) -> None:
    assert len(cases[0]["answer"]) > 100  # the table is no empty stub
    assert len(cases[1]["texts"]) >= 5  # the characters are still unassigned in this Python
