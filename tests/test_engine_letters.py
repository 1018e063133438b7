"""The page's engine reads input as the library does: tiles, tile sets, word sets, budgets,
calls, and the Python string semantics under them (repr, strip), in chromium.

api/static/engine/tiles.js, wordset.js and letters.js are ports of solver/words/tiles.py,
solver/words/wordset.py, solver/search/budget.py and ``Call.parse``; every case here is read by both
and must give the same value or the same error (code, message, field, status).  The cases
are random (seeded) odd input: every kind of Unicode space, non-ASCII letters that upper-
or lower-case to ASCII ones (the Kelvin sign, the long s), digits of other scripts, lone
surrogates, unprintable characters, the tile sets' limits.  The engine is driven through
Playwright (sync API) in Debian's chromium, as tests/test_page.py launches it.
"""

from __future__ import annotations

import random
import sys

import pytest

pytest.importorskip("playwright.sync_api")

from page_session import page, server  # noqa: E402,F401  (the live server and one page)

from solver.errors import LiarsError  # noqa: E402
from solver.games.letters import Call  # noqa: E402
from solver.search.budget import read_budget  # noqa: E402
from solver.words.tiles import TILE_SETS, Tiles, get_tile_set  # noqa: E402
from solver.words.wordset import WordSet, compare, split_words  # noqa: E402

SEED = 12
PY_SPACES = [chr(i) for i in range(sys.maxunicode + 1) if chr(i).isspace()]
ODD = (list("ABEGIRRZQXabegirrqz") + list(" ,-;+.'7\t\n") + PY_SPACES +
       ["\ufeff", "\x00", "\x7f", "\x85", "\xad", "é", "ß", "ſ", "\u212a", "\u0130", "ı",
        "\U0001F600", "\ud800", "\udc00", "\u0301", "\u0663", "\uff21", "\u200b", "\U000e0001",
        "\U0001D7D8", "\u0967", "\"", "\\", "\x1b", "\u00a0", "\U00010000",
        "\U0003160F", "\u0cf3"])  # the last two: assigned after Python's Unicode 14.0


def odd_text(rng: random.Random, most: int = 12) -> str:
    return json_text("".join(rng.choice(ODD) for _ in range(rng.randint(0, most))))


def json_text(text: str) -> str:
    """Text as JSON can carry it: a high surrogate then a low one is one character there
    (as in JavaScript), never two."""
    return text.replace("\ud800\udc00", "\ud800x")


def answer(fn, *args) -> dict:
    """The library's answer to one case, as the page's engine reports it."""
    try:
        return {"ok": fn(*args)}
    except LiarsError as err:
        return {"err": {**err.as_dict(), "status": err.status}}


PYTHON = {
    "tiles": lambda text, ts: (lambda t: [str(t), len(t), t.tile_set.name])(Tiles.parse(text, ts)),
    "tile_set": lambda name: get_tile_set(name).name,
    "wordset": lambda value, field: (lambda w: [list(w), list(w.shape)])(WordSet.parse(value,
                                                                                       field)),
    "split": lambda value: split_words(value),
    "compare": lambda a, b: compare(WordSet.parse(a), WordSet.parse(b)),
    "budget": lambda value: read_budget(value),
    "call": lambda value: Call.parse(value).value,
    "repr": repr,
    "strip": str.strip,
}

ENGINE = """async (cases) => {
  const tiles = await import('/static/engine/tiles.js');
  const wordset = await import('/static/engine/wordset.js');
  const letters = await import('/static/engine/letters.js');
  const pystr = await import('/static/engine/pystr.js');
  const run = {
    tiles: (text, ts) => { const t = tiles.Tiles.parse(text, ts); return [t.toString(), t.length, t.tileSet.name]; },
    tile_set: (name) => tiles.getTileSet(name).name,
    wordset: (value, field) => { const w = wordset.WordSet.parse(value, field); return [[...w.words], w.shape]; },
    split: (value) => wordset.splitWords(value),
    compare: (a, b) => wordset.compare(wordset.WordSet.parse(a), wordset.WordSet.parse(b)),
    budget: (value) => letters.readBudget(value),
    call: (value) => letters.parseCall(value),
    repr: (text) => pystr.repr(text),
    strip: (text) => pystr.strip(text),
  };
  return cases.map(([fn, args]) => {
    try { return { ok: run[fn](...args) }; }
    catch (e) { return e.asDict ? { err: { ...e.asDict(), status: e.status } } : { bug: String(e) }; }
  });
}"""


def random_cases(rng: random.Random) -> list:
    cases = []
    bags = {name: "".join(letter * n for letter, n in ts.counts.items())
            for name, ts in TILE_SETS.items()}
    for _ in range(300):  # tiles: drawn from a bag, odd text, too many of a letter
        kind = rng.random()
        if kind < 0.4:
            name = rng.choice(list(bags))
            text = "".join(rng.sample(bags[name], rng.randint(0, 40)))
            text = "".join(ch.lower() if rng.random() < 0.3 else ch for ch in text)
        elif kind < 0.55:
            text = rng.choice("EIAQZ") * rng.randint(1, 20)
        else:
            text = odd_text(rng)
        ts = rng.choice([None, "scrabble", "bananagrams", " Bananagrams\u3000", "SCRABBLE\x1c",
                         "boggle", "", "\ufeffscrabble", odd_text(rng, 4)])
        cases.append(["tiles", [text, ts]])
    for _ in range(60):
        cases.append(["tile_set", [rng.choice(["Scrabble", " bananagrams ", "scrabble\x85",
                                               "ſcrabble", odd_text(rng, 6), ""])]])
    words = ["big", "g", "er", "bigger", "it", "is", "so", "QI", "Za", "\u212aa", "don't",
             "café", "e-mail", "b1g", "a" * 41, "x" * 40, "ſt"]
    for _ in range(300):  # word sets: strings, lists, odd parts, the limits
        kind = rng.random()
        if kind < 0.3:
            value = rng.choice([", ", " ", ";", "+", "\u3000", "\x1c"]).join(
                rng.choice(words) for _ in range(rng.randint(0, 6)))
        elif kind < 0.5:
            value = [rng.choice(words + [odd_text(rng, 4)]) for _ in range(rng.randint(0, 5))]
        elif kind < 0.55:
            value = ["a"] * rng.choice([99, 100, 101, 150])
        elif kind < 0.6:
            value = rng.choice([5, None, True, {"a": 1}, [1], ["big", None], 2.5])
        else:
            value = odd_text(rng)
        cases.append(["wordset", [value, rng.choice(["declared", "previous", None])]])
        cases.append(["split", [value]])
    for _ in range(100):
        a = " ".join(rng.choice(words[:9]) for _ in range(rng.randint(1, 5)))
        b = " ".join(rng.choice(words[:9]) for _ in range(rng.randint(1, 5)))
        cases.append(["compare", [a, b]])
    budgets = [0, 1, 60, 61, -1, 0.5, 1e300, True, False, None, "2", " 0.5 ", "1e1", "1e2",
               "+1", "-0", "-0.0", ".5", "5.", "nan", "inf", "1_0", "0x10", "\u0663",
               "\u0967.\u0665", "\U0001D7D8", "1e400", "9" * 41, "\u30001\u3000", "\x1c2\x85",
               "\ufeff1", [], {}, "", "e5", "1e", "１"]
    for value in budgets:
        cases.append(["budget", [value]])
    for value in ["exact", " EXACT ", "bullshit", "Bullshit\u2028", "liar", "", "exact\ufeff",
                  "\u212axact", "e xact", "BULLſHIT"]:
        cases.append(["call", [value]])
    for _ in range(300):
        text = odd_text(rng, 8)
        cases.append(["repr", [text]])
        cases.append(["strip", [text]])
    return cases


def engine_answers(page, cases: list) -> list:
    out = []
    for start in range(0, len(cases), 400):
        out.extend(page.evaluate(ENGINE, cases[start:start + 400]))
    return out


@pytest.fixture(scope="module")
def engine(page, server):  # noqa: F811
    page.goto(server.url + "/healthz")
    return page


def test_the_engine_reads_input_as_the_library_does(engine):
    cases = random_cases(random.Random(SEED))
    got = engine_answers(engine, cases)
    expected = [answer(PYTHON[fn], *args) for fn, args in cases]
    differences = [(case, want, have) for case, want, have in zip(cases, expected, got)
                   if want != have]
    assert not differences, f"{len(differences)} of {len(cases)} differ; first: {differences[:5]}"
    kinds = {fn for (fn, _), want in zip(cases, expected) if "err" in want}
    assert {"tiles", "tile_set", "wordset", "split", "budget", "call"} <= kinds  # refusals met
    assert len(cases) > 1000


@pytest.mark.parametrize("text, tile_set", [
    ("a-b, egirr", None), ("EEEEEEEEEEEEE", None), ("EEEEEEEEEEEEE", "bananagrams"),
    ("AB7", None), ("AB\u212a", None), ("ſ", None), ("", "boggle"), ("QQ", "scrabble"),
    ("Q" * 3, "bananagrams"), ("ab\u3000c", None),
])
def test_tiles_read_alike(engine, text, tile_set):
    assert engine_answers(engine, [["tiles", [text, tile_set]]]) == \
        [answer(PYTHON["tiles"], text, tile_set)]
