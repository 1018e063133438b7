"""The page's engine reads the rules' data from api/static/engine/tables.js, which
scripts/build_engine_tables.py writes from the Python library: the committed file must be
what the library gives now, and no engine module may keep its own copy of what it holds.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "api" / "static" / "engine"
TABLES = ENGINE / "tables.js"
SCRIPT = ROOT / "scripts" / "build_engine_tables.py"


def load_builder():
    spec = importlib.util.spec_from_file_location("build_engine_tables", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_tables_are_what_the_library_gives():
    assert TABLES.read_text(encoding="utf-8") == load_builder().render(), \
        "api/static/engine/tables.js is stale: run python scripts/build_engine_tables.py"


def test_the_tables_hold_the_library_s_vocabulary():
    """A few values checked against the library directly: the generator reads the right
    names (an empty or partial table would also be 'what it gives')."""
    from solver.errors import CannotRule, LimitExceeded
    from solver.games import phrases
    from solver.words.tiles import BANANAGRAMS

    text = TABLES.read_text(encoding="utf-8")
    assert f'"CannotRule": {{"code": "{CannotRule.code}", "status": {CannotRule.status}' in text
    assert f'"LimitExceeded": {{"code": "{LimitExceeded.code}"' in text
    assert '"E": 18' in text and BANANAGRAMS.counts["E"] == 18
    assert all(f'"{hand}"' in text for hand in phrases.HANDS)
    for name in ("ERRORS", "TILES", "PHRASES", "CARDS", "DICE", "POST", "LIARLIAR", "POKER",
                 "LETTERS", "GAMES", "API"):
        assert f"export const {name} = " in text


# What a hand-kept copy would look like in an engine module: the tile sets' specs, an error
# code assigned as a literal, the API's limits, the phrase vocabulary's word lists.
COPIES = [re.compile(p) for p in (
    r"A9 B2 C2", r"A13 B3 C3", r'static code = "(?!needs_server)', r"MAX_CONTENT_LENGTH: ",
    r'"this is a", "it\'s"', r'"one pair"', r"MAX_PLAYERS = \d", r"MAX_WORDS = \d",
    r'"quantity-first", "perudo"\]', r"MAX_BUDGET = \d")]


def test_no_engine_module_keeps_its_own_copy():
    for path in sorted([*ENGINE.glob("*.js"), *(ENGINE.parent / "games").rglob("*.js")]):
        if path.name == "tables.js":
            continue
        text = path.read_text(encoding="utf-8")
        found = [p.pattern for p in COPIES if p.search(text)]
        assert not found, f"{path.name} copies the library's data ({found}): import it " \
                          "from tables.js"
