"""Golden vectors of reading input as the library does: tiles, tile sets, word sets,
budgets, calls, and the Python string semantics under them (repr, strip).

api/static/engine/tiles.js, wordset.js and letters.js port solver/words/tiles.py,
solver/words/wordset.py, solver/search/budget.py and ``Call.parse``; every case is read by
both and must give the same value or the same error (code, message, field, status).  The
``random`` cases are seeded odd input: every kind of Unicode space, non-ASCII letters that
upper- or lower-case to ASCII ones (the Kelvin sign, the long s), digits of other scripts,
lone surrogates, unprintable characters, the tile sets' limits; ``tiles`` a few chosen
racks.  Arguments travel as JSON values (JSON.parse on the engine's side).
"""

from __future__ import annotations

import random
import sys

from solver.games.letters.game import Call
from solver.search.budget import read_budget
from solver.words.tiles import TILE_SETS, Tiles, get_tile_set
from solver.words.wordset import WordSet, compare, split_words

from . import answered, of_set

SEED = 12
PY_SPACES = list(filter(str.isspace, map(chr, range(sys.maxunicode + 1))))
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


TILES = [("a-b, egirr", None), ("EEEEEEEEEEEEE", None), ("EEEEEEEEEEEEE", "bananagrams"),
         ("AB7", None), ("AB\u212a", None), ("ſ", None), ("", "boggle"), ("QQ", "scrabble"),
         ("Q" * 3, "bananagrams"), ("ab\u3000c", None),
         ("E" * 18, "bananagrams"), ("E" * 19, "bananagrams")]  # the set's most, one more


# Word sets said with "and": a joining "and" is no word; one set apart by commas is.
AND_SETS = ["brier and ag", "brier AND ag", "and", "and ag", "brier and", "big, and, g",
            "brier  and\tag", "x and and y", "brier and, ag", "brier,and ag", "bigger, big and g",
            "brier\u3000and\u3000ag", "brier\x1cand\x1cag", "brier\ufeffand\ufeffag", "sand and",
            "brier andag", "brier and+ag", ["brier and ag", "x"], ["and"], ["brier", "and", "ag"],
            "a and b and c", "brier \u212and ag", "ſand and ſ"]


def cases() -> list[dict]:
    """Every case of tests/golden/letters.json, unanswered."""
    made = [{"set": "random", "fn": fn, "args": args}
            for fn, args in random_cases(random.Random(SEED))]
    made += [{"set": "and", "fn": "wordset", "args": [value, "declared"]} for value in AND_SETS]
    return made + [{"set": "tiles", "fn": "tiles", "args": list(pair)} for pair in TILES]


def answer(case: dict) -> dict:
    return answered(PYTHON[case["fn"]], *case["args"])


def check_coverage(cases: list[dict]) -> None:
    """The random cases meet every reader's refusals, and are many."""
    drawn = of_set(cases, "random")
    kinds = {c["fn"] for c in drawn if "err" in c["answer"]}
    assert {"tiles", "tile_set", "wordset", "split", "budget", "call"} <= kinds
    assert len(drawn) > 1000
