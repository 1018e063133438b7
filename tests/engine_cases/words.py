"""Golden vectors of the dictionary queries: GET /api/v1/words as the API answers it.

The page's Words screen asks GET /words?anagram=...&lexicon=...; with no server the page's
local router (engine/local.js, by engine/queries.js and dictionary.js) must answer as the
Flask API does (status and JSON) over each bundled lexicon:

* ``random``: seeded random queries of every kind -- anagrams with up to two ``?`` blanks,
  sub-anagrams (with ``min``/``max``), patterns (letters, ``?``, ``*``, ``[AEI]``, ``[^AEI]``,
  fixed starts and ends, stars in the middle), hooks, filters alone -- with every filter,
  both orders and pages, as the Words screen sends them;
* ``bad``: what the library refuses, each with its exact message and field: odd characters,
  three blanks, unclosed or empty classes, patterns too long for the lexicon, numbers out of
  range or not numbers, two kinds at once, nothing to look for, unknown or repeated parts.
"""

from __future__ import annotations

import random
from urllib.parse import quote, urlencode

from solver.words.lexicon import load_lexicon
from solver.words.tiles import TILE_SETS

from . import of_set
from .local import V1, flask_answer

SEED = 31
LEXICONS = ["twl06", "sowpods", "csw19"]
QUERIES = 1400
BAG = "".join(letter * n for letter, n in TILE_SETS["scrabble"].counts.items())


def a_pattern(rng: random.Random, words: list[str]) -> str:
    """A pattern made from a real word (so it matches something), or drawn at random."""
    if rng.random() < 0.6:
        word = rng.choice(words).upper()
        out = []
        for ch in word:
            roll = rng.random()
            if roll < 0.25:
                out.append("?")
            elif roll < 0.35:
                out.append("*")
            elif roll < 0.42:
                out.append(f"[{ch}{rng.choice('AEIOU')}]")
            elif roll < 0.47:
                out.append(f"[^{rng.choice('QXZJ')}]")
            else:
                out.append(ch)
        if rng.random() < 0.3:
            out.insert(rng.randrange(len(out) + 1), "*")
        return "".join(out)
    parts = ["?", "*", "A", "E", "S", "ING", "[AEI]", "[^AEIOU]", "Q", "**", "*?", "?*"]
    return "".join(rng.choice(parts) for _ in range(rng.randint(1, 6)))


def a_query(rng: random.Random, words: list[str]) -> dict:
    query = {}
    kind = rng.random()
    if kind < 0.3:
        letters = "".join(rng.sample(BAG, rng.randint(2, 10)))
        query["anagram"] = letters + "?" * rng.choice([0, 0, 0, 1, 1, 2])
        if rng.random() < 0.25:
            query[rng.choice(["min", "max"])] = str(rng.randint(2, 8))
    elif kind < 0.65:
        query["pattern"] = a_pattern(rng, words)
    elif kind < 0.8:
        word = rng.choice(words) if rng.random() < 0.8 else "".join(rng.sample(BAG, 3))
        query["hooks"] = word[:rng.randint(1, len(word))] if rng.random() < 0.3 else word
    else:
        query[rng.choice(["starts", "ends", "contains", "min"])] = rng.choice(
            ["qu", "Z", "ing", "xy", "aa", "7", "15", "ee"])
    for name in ("starts", "ends", "contains"):
        if rng.random() < 0.08:
            query[name] = rng.choice(["s", "re", "E", "zz", "q u", "ab", "aei"])
    if rng.random() < 0.08:
        query["min"] = str(rng.randint(1, 9))
    if rng.random() < 0.08:
        query["max"] = str(rng.randint(2, 12))
    if rng.random() < 0.3:
        query["order"] = rng.choice(["alphabetical", "longest", " Alphabetical "])
    query["limit"] = str(rng.choice([100, 100, 5, 20, 0, 1000]))
    if rng.random() < 0.15:
        query["offset"] = str(rng.choice([0, 5, 100, 1000, 1_000_000]))
    if rng.random() < 0.85:
        query["lexicon"] = rng.choice(LEXICONS + [" CSW19 "])
    return query


BAD = [
    {"anagram": "ab???"}, {"anagram": ""}, {"anagram": "ab7"}, {"anagram": "a" * 32},
    {"anagram": "\u212aa"}, {"anagram": "é"}, {"anagram": "q u i z"}, {"anagram": "abcdefghijklmno"},
    {"anagram": "aeinst??", "min": "7"}, {"anagram": "abc", "min": "3", "max": "3"},
    {"pattern": ""}, {"pattern": "   "}, {"pattern": "b[ai"}, {"pattern": "b]"}, {"pattern": "[]"},
    {"pattern": "[^]"}, {"pattern": "[^abcdefghijklmnopqrstuvwxyz]"}, {"pattern": "[a1]"},
    {"pattern": "[a^b]"}, {"pattern": "b?g!"}, {"pattern": "?" * 32}, {"pattern": "*" * 201},
    {"pattern": "\U0001F600[ab"}, {"pattern": "é[ab"}, {"pattern": "[^abcdefghijklmnopqrstuvwxy]"},
    {"pattern": "*?*[eia]"}, {"pattern": "q[^u]*"}, {"pattern": "*ing"}, {"pattern": "b?g*"},
    {"pattern": "a*a*a*a*a*a*a*a*a*a*b"}, {"pattern": "?" * 15, "min": "15"},
    {"hooks": ""}, {"hooks": "  "}, {"hooks": "a" * 31}, {"hooks": "a" * 30}, {"hooks": "qi"},
    {"hooks": "are", "starts": "s"}, {"hooks": "are", "max": "3"}, {"hooks": "zzxq"},
    {"hooks": "ab-c"}, {"min": "0"}, {"min": "32"}, {"min": "x"}, {"min": " 5 "}, {"min": "５"},
    {"min": "5", "max": "4"}, {"max": "99999999999999999999999"}, {"min": "\u00a05"},
    {"min": "-1"}, {"min": "1.5"}, {"min": "31"}, {"limit": "1001", "starts": "q"},
    {"limit": "x", "starts": "q"}, {"offset": "1000001", "starts": "q"},
    {"order": "random", "starts": "q"}, {"order": "x" * 30, "starts": "q"},
    {"order": " LONGEST ", "starts": "qu"}, {"anagram": "ab", "pattern": "ab"},
    {"pattern": "ab", "hooks": "ab", "anagram": "ab"}, {}, {"limit": "5"}, {"order": "longest"},
    {"starts": ""}, {"starts": "q1"}, {"contains": "zzz"}, {"contains": "a" * 32},
    {"ends": "ing", "limit": "3", "offset": "2"}, {"ends": "s"}, {"pattern": "*S"},
    {"pattern": "*s", "order": "alphabetical", "limit": "7"},
]

ROUTING = ["/words?pattern=b?g&pattern=b*", "/words?patern=b", "/words?pattern=b?g&x=1",
           "/words?lexicon=klingon&pattern=b", "/words?lexicon=" + "x" * 65 + "&pattern=b",
           "/words?pattern=%ZZ", "/words?pattern=b%3Fg&lexicon=csw19",
           "/words?anagram=retains%3F&order=alphabetical&limit=4", "/words", "/words?",
           "/words?hooks=are", "/words?hooks=qi", "/words?pattern=b[ae",
           "/words?pattern=" + quote("b?g*") + "&max=4&limit=3", "/words?pattern=+b+",
           "/words?anagram=%F0%9F%98", "/words?pattern=q&lexicon="]


def path_of(query: dict) -> str:
    return "/words?" + urlencode(query, quote_via=quote)


def cases() -> list[dict]:
    """Every case of tests/golden/words.json, unanswered."""
    rng = random.Random(SEED)
    vocabularies = {name: [w for w in load_lexicon(name)._words.keys() if len(w) <= 12]
                    for name in LEXICONS}
    made = []
    for _ in range(QUERIES):
        lexicon = rng.choice(LEXICONS)
        made.append({"set": "random", "path": path_of(a_query(rng, vocabularies[lexicon]))})
    for query in BAD:
        for lexicon in (None, rng.choice(LEXICONS)):
            made.append({"set": "bad", "path": path_of(
                query if lexicon is None else {**query, "lexicon": lexicon})})
    made += [{"set": "bad", "path": path} for path in ROUTING]
    return made


_CLIENT = None


def answer(case: dict) -> dict:
    global _CLIENT
    if _CLIENT is None:
        from api import create_app
        _CLIENT = create_app().test_client()
    return flask_answer(_CLIENT, "GET", case["path"], None)


def check_coverage(cases: list[dict]) -> None:
    """Most random queries find words; the bad ones are refused with many messages."""
    drawn = [c["answer"] for c in of_set(cases, "random")]
    found = [a for a in drawn if a["status"] == 200 and a["body"]["count"]]
    assert len(found) > len(drawn) // 2, f"only {len(found)} of {len(drawn)} queries find words"
    assert any(a["body"]["count"] > 1000 for a in found)
    assert sum("hooks" in a["body"] for a in found) > 50
    bad = [c["answer"] for c in of_set(cases, "bad")]
    messages = {a["body"]["error"]["message"] for a in bad if a["status"] != 200}
    assert len(messages) >= 45, len(messages)
    assert {a["status"] for a in bad} >= {200, 400}
    assert V1 == "/api/v1"
