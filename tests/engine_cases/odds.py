"""Golden vectors of the odds on the phone (engine/odds.js, raises.js, chance.js, pyrandom.js).

With no server the Odds screen and a room's advisor answer from the page's own engine, and
must give the library's answer (``solver.games.letters.odds.answer`` with ``allow_paths=False``,
``solver.games.dice.odds.answer``) whole: the same exact fractions and floats, the same reasons,
the same safest raises, the same refusals.

* ``letters``: seeded random requests over both tile sets and every bundled lexicon: my
  tiles drawn from a bag, any hidden count, declarations of real words, single letters,
  words my tiles make, non-words, more of a letter than the set holds; the safest raises
  of each (the bounded search, step for step);
* ``full``: declarations that use every tile in play (the one case where "highest" needs
  the referee's search): the highest set, all single letters, a word and its leftovers;
  and with a budget of 0, where the search stops at once (undecided, said so);
* ``sampled``: seeded random deals (Python's own generator), each judged as the library
  judges it: both estimates with their intervals;
* ``dice``: seeded random bids under random rules (wild 1s, every bid order, 6 to 20
  faces), as phrases and as objects: the binomial chance and every next bid ranked;
* ``bad``: bad input with its exact error -- a character that is no tile, a negative or
  impossible hidden count, more of a letter than the set holds, unknown and missing
  fields, bad limits, samples and seeds, bad dice and bids -- and odd values in every field;
* ``route``: the API's own answers (POST /api/v1/letters/odds and /dice/odds through Flask's
  test client) for the page's local router: the default lexicon, the server's budget cap,
  the body read as api/inputs.py reads it.

A request travels as JSON text: the engine reads it with rules.parseJson, so that 5.0 is a
float there as in Python.
"""

from __future__ import annotations

import json
import random

from solver.games.dice.game import MAX_DICE
from solver.games.dice import odds as dice
from solver.games.letters import odds as letters
from solver.search.highest import highest
from solver.words.lexicon import load_lexicon
from solver.words.tiles import TILE_SETS, Tiles

from . import answered, encode, of_set

SEED = 2611
LEXICONS = [None, "twl06", "sowpods", "csw19"]
LETTERS_CASES = 160
FULL_CASES = 40
DICE_CASES = 300
ODD_VALUES = [None, True, False, 0, -1, 3, 2.5, 5.0, 1e20, "", " ", "7", " 9 ", "+4", "-0", "x",
              "٣", "\u212a", "ab7", [], [1], {}, {"a": 1}, "1" * 21, "9" * 20, 2 ** 40]


def bag(tile_set: str) -> str:
    return "".join(letter * n for letter, n in TILE_SETS[tile_set].counts.items())


def typed(rng: random.Random, tiles) -> str:
    """Tiles as a player types them: any case, now and then spaced or with commas."""
    text = "".join(t.lower() if rng.random() < 0.3 else t for t in tiles)
    if rng.random() < 0.15:
        text = rng.choice([" ", ", ", "-"]).join(text)
    return text


def words_of(name: str | None) -> list[str]:
    return sorted(load_lexicon(name)._words.keys())


def declaration(rng: random.Random, vocabulary: list[str], mine: str) -> str:
    """A declaration as said: real words, words my tiles make, letters, non-words."""
    kind = rng.random()
    if kind < 0.45:
        words = [rng.choice(vocabulary) for _ in range(rng.choice([1, 1, 2, 2, 3]))]
    elif kind < 0.6 and mine:
        lex = load_lexicon(None)
        made = lex.words_from(Tiles.parse(mine + "".join(rng.sample("AEINORST", 3)), "bananagrams"))
        words = [rng.choice(made)] if made else [mine[0]]
        if rng.random() < 0.4:
            words.append(rng.choice("abcdefghijklmnopqrstuvwxyz"))
    elif kind < 0.75:
        words = [rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(1, 4))]
    elif kind < 0.85:
        words = ["".join(rng.choice("abcdeilnorstuzq") for _ in range(rng.randint(2, 6)))]
    elif kind < 0.92:
        words = [rng.choice(["zzz", "jazz", "pizzazz", "qi, qi", "xx"])]
    else:
        words = [rng.choice(vocabulary), rng.choice(vocabulary).upper()]
    return rng.choice([", ", " ", ",", " , "]).join(words)


def letters_requests(rng: random.Random, count: int) -> list[dict]:
    vocabularies = {name: [w for w in words_of(name) if len(w) <= 9] for name in LEXICONS[1:]}
    requests = []
    for _ in range(count):
        tile_set = rng.choice([None, "scrabble", "bananagrams"])
        mine = rng.sample(bag(tile_set or "scrabble"), rng.randint(0, 10))
        left = TILE_SETS[tile_set or "scrabble"].size - len(mine)
        hidden = rng.choice([0, 1, rng.randint(2, 20), rng.randint(10, 60), left])
        lexicon = rng.choice(LEXICONS)
        body = {"mine": typed(rng, mine), "hidden": hidden,
                "declared": declaration(rng, vocabularies[lexicon or "twl06"], "".join(mine))}
        if tile_set:
            body["tile_set"] = tile_set
        if lexicon:
            body["lexicon"] = lexicon
        if rng.random() < 0.6:
            body["limit"] = rng.choice([0, 1, 3, 8, 20])
        requests.append(body)
    return requests


def full_requests(rng: random.Random, count: int) -> list[dict]:
    """Declarations of every tile in play: the highest set, or sets that are not."""
    requests = []
    for i in range(count):
        tile_set = rng.choice(["scrabble", "bananagrams"])
        tiles = rng.sample(bag(tile_set), rng.randint(1, 14))
        m = rng.randint(0, len(tiles))
        best = highest(Tiles.parse("".join(tiles), tile_set), load_lexicon(None), budget=None)
        kind = i % 3
        if kind == 0:
            words = list(best.words)
        elif kind == 1:
            words = [t.lower() for t in tiles]
        else:
            first = max(best.words, key=len)
            rest = Tiles.parse("".join(tiles), tile_set).counts - Tiles.parse(first).counts
            words = [first] + [x.lower() for x in rest.elements()]
        body = {"mine": "".join(tiles[:m]), "hidden": len(tiles) - m, "declared": ", ".join(words),
                "tile_set": tile_set, "limit": rng.choice([0, 2, 4])}
        requests.append(body)
    for size in (18, 24, 30, 36):  # no time to search: undecided, and the bounds said
        tiles = rng.sample(bag("bananagrams"), size)
        requests.append({"mine": "".join(tiles[:6]), "hidden": size - 6, "tile_set": "bananagrams",
                         "declared": ", ".join(t.lower() for t in tiles), "budget": 0,
                         "limit": 1})
        best = highest(Tiles.parse("".join(tiles), "bananagrams"), load_lexicon(None), budget=0)
        requests.append({"mine": "".join(tiles[:6]), "hidden": size - 6, "tile_set": "bananagrams",
                         "declared": ", ".join(best.words), "budget": 0, "limit": 1})
    return requests


def sampled_requests(rng: random.Random) -> list[dict]:
    requests = []
    for body in full_requests(rng, 9)[:9] + letters_requests(rng, 8):
        body = {**body, "samples": rng.choice([1, 50, 400, 2000]),
                "limit": 1, **({"seed": rng.randint(0, 2 ** 32 - 1)} if rng.random() < 0.7 else {})}
        requests.append(body)
    requests.append({"mine": "ABEG", "hidden": 3, "declared": "giber, ar", "samples": 5000,
                     "seed": 1, "limit": 2})  # docs/odds.md's example
    return requests


def dice_requests(rng: random.Random, count: int) -> list[dict]:
    requests = []
    for _ in range(count):
        rules = {}
        if rng.random() < 0.5:
            rules["wild"] = rng.choice([[], [1], [1, 2]])
        if rng.random() < 0.5:
            rules["bid_order"] = rng.choice(["seed", "quantity-first", "perudo"])
        if rules.get("bid_order") == "perudo":
            rules["wild"] = [1]
        if rng.random() < 0.3:
            rules["faces"] = rng.choice([6, 8, 10, 12, 20])
        if rng.random() < 0.2:
            rules["dice_each"] = rng.choice([1, 3, 5, 8])
        faces = rules.get("faces", 6)
        mine = [rng.randint(1, faces) for _ in range(rng.randint(0, rules.get("dice_each", 5)))]
        hidden = rng.choice([0, 1, rng.randint(2, 12), rng.randint(10, 60)])
        quantity = rng.randint(1, max(1, len(mine) + hidden))
        face = rng.randint(1, faces)
        bid = ({"quantity": quantity, "face": face} if rng.random() < 0.5
               else f"{quantity} {face}s")
        body = {"mine": mine if rng.random() < 0.7 else " ".join(map(str, mine)), "hidden": hidden,
                "bid": bid}
        if rules or rng.random() < 0.2:
            body["rules"] = rules
        if rng.random() < 0.5:
            body["limit"] = rng.choice([0, 1, 3, 12, 20])
        requests.append(body)
    return requests


LETTERS_BAD = [
    {"mine": "AB7", "hidden": 9, "declared": "bigger"},
    {"mine": "ſ", "hidden": 9, "declared": "bigger"},
    {"mine": "QQ", "hidden": 9, "declared": "bigger"},
    {"mine": 5, "hidden": 9, "declared": "bigger"},
    {"mine": "ABE", "hidden": -1, "declared": "bigger"},
    {"mine": "ABE", "hidden": "-1", "declared": "bigger"},
    {"mine": "ABE", "hidden": 96, "declared": "bigger"},
    {"mine": "ABE", "hidden": 142, "declared": "bigger", "tile_set": "bananagrams"},
    {"mine": "ABE", "hidden": "nine", "declared": "bigger"},
    {"mine": "ABE", "hidden": 2.5, "declared": "bigger"},
    {"mine": "ABE", "hidden": True, "declared": "bigger"},
    {"mine": "ABE", "hidden": 1e20, "declared": "bigger"},
    {"mine": "ABE", "hidden": "1" * 21, "declared": "bigger"},
    {"mine": "ABE", "hidden": "9" * 20, "declared": "bigger"},
    {"mine": "ABE", "hidden": " +9 ", "declared": "bigger"},
    {"mine": "ABE", "hidden": 9.0, "declared": "bigger"},
    {"mine": "ABE", "hidden": 9, "declared": "b1g"},
    {"mine": "ABE", "hidden": 9, "declared": ""},
    {"mine": "ABE", "hidden": 9, "declared": ["big", 5]},
    {"mine": "ABE", "hidden": 9, "declared": "a " * 101},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "tile_set": "boggle"},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "lexicon": "klingon"},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "lexicon": 7},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "lexicon": " CSW19 "},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "budget": "soon"},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "budget": 61},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "limit": 21},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "limit": "3"},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "samples": 20001},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "samples": -5},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "samples": 10, "seed": 2 ** 32},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "seed": "x"},
    {"mine": "ABE", "hidden": 9, "declared": "zzz"},
    {"mine": "ABE", "hidden": 9, "declared": "jazz, jazz"},
    {"mine": "ABE", "hidden": 9, "declared": "qi", "tile_set": "bananagrams"},
    {"mine": "ABE", "hidden": 9, "declared": "bigger", "hiden": 3},
    {"mine": "ABE", "declared": "bigger"},
    {"mine": None, "hidden": 9, "declared": "bigger"},
    {},
    [1, 2],
    "ABE",
    None,
]

DICE_BAD = [
    {"mine": [7], "hidden": 3, "bid": "2 fives"},
    {"mine": "2 5 x", "hidden": 3, "bid": "2 fives"},
    {"mine": [1, 2, 3, 4, 5, 6], "hidden": 3, "bid": "2 fives"},
    {"mine": [2] * (MAX_DICE + 1), "hidden": 3, "bid": "2 fives"},
    {"mine": 5, "hidden": 3, "bid": "2 fives"},
    {"mine": [2, 5], "hidden": -1, "bid": "2 fives"},
    {"mine": [2, 5], "hidden": MAX_DICE - 1, "bid": "2 fives"},
    {"mine": [2, 5], "hidden": MAX_DICE - 2, "bid": "2 fives"},
    {"mine": [2, 5], "hidden": 3, "bid": "xyz"},
    {"mine": [2, 5], "hidden": 3, "bid": "0 fives"},
    {"mine": [2, 5], "hidden": 3, "bid": {"quantity": 0, "face": 5}},
    {"mine": [2, 5], "hidden": 3, "bid": {"quantity": 2}},
    {"mine": [2, 5], "hidden": 3, "bid": {"quantity": 6, "face": 5}},
    {"mine": [2, 5], "hidden": 3, "bid": {"quantity": 2, "face": 7}},
    {"mine": [2, 5], "hidden": 3, "bid": "2 sevens"},
    {"mine": [2, 5], "hidden": 3, "bid": 5},
    {"mine": [2, 5], "hidden": 3, "bid": "2 fives", "rules": {"wild": [7]}},
    {"mine": [2, 5], "hidden": 3, "bid": "2 fives", "rules": {"faces": 1}},
    {"mine": [2, 5], "hidden": 3, "bid": "2 fives", "rules": {"bid_order": "random"}},
    {"mine": [2, 5], "hidden": 3, "bid": "2 fives", "rules": {"wilds": [1]}},
    {"mine": [2, 5], "hidden": 3, "bid": "2 fives", "rules": [1]},
    {"mine": [2, 5], "hidden": 3, "bid": "2 fives", "rules": {"bid_order": "perudo", "wild": [2]}},
    {"mine": [2, 5], "hidden": 3, "bid": "2 fives", "limit": 25},
    {"mine": [2, 5], "hidden": 3, "bid": "2 fives", "limit": -1},
    {"mine": [2, 5], "hidden": 3, "bid": "2 fives", "dice": [1]},
    {"mine": [2, 5], "bid": "2 fives"},
    {"hidden": 3},
    [],
    "2 fives",
]


def odd_requests(rng: random.Random) -> list[tuple[str, object]]:
    """Odd values in every field of good requests."""
    made = []
    good = {"letters": {"mine": "ABE", "hidden": 9, "declared": "bigger, a", "limit": 1},
            "dice": {"mine": [2, 5, 5], "hidden": 10, "bid": "4 fives", "limit": 1}}
    extra = {"letters": ["tile_set", "lexicon", "budget", "samples", "seed"],
             "dice": ["rules"]}
    for game, body in good.items():
        for field in [*body, *extra[game]]:
            for value in rng.sample(ODD_VALUES, 10):
                changed = {**body, field: value}
                if field == "samples" and isinstance(value, int) and value > 50:
                    continue  # a good count of samples is the sampled set's
                made.append((game, changed))
    return made


def as_text(body) -> str:
    return json.dumps(body, ensure_ascii=True)


def cases() -> list[dict]:
    """Every case of tests/golden/odds.json, unanswered."""
    rng = random.Random(SEED)
    made = [{"set": "letters", "game": "letters", "body": as_text(b)}
            for b in letters_requests(rng, LETTERS_CASES)]
    made += [{"set": "full", "game": "letters", "body": as_text(b)}
             for b in full_requests(rng, FULL_CASES)]
    made += [{"set": "sampled", "game": "letters", "body": as_text(b)}
             for b in sampled_requests(rng)]
    made += [{"set": "dice", "game": "dice", "body": as_text(b)}
             for b in dice_requests(rng, DICE_CASES)]
    made += [{"set": "bad", "game": "letters", "body": as_text(b)} for b in LETTERS_BAD]
    made += [{"set": "bad", "game": "dice", "body": as_text(b)} for b in DICE_BAD]
    made += [{"set": "bad", "game": game, "body": as_text(b)} for game, b in odd_requests(rng)]
    made += [{"set": "route", "request": r} for r in ROUTE_REQUESTS]
    return made


ROUTE_REQUESTS = [
    ["POST", "/letters/odds", {"mine": "ABE", "hidden": 9, "declared": "bigger, a"}],
    ["POST", "/letters/odds", {"mine": "ABEG", "hidden": 3, "declared": "giber, ar",
                               "lexicon": "sowpods", "budget": "61"}],
    ["POST", "/letters/odds", {"mine": "ABEG", "hidden": 3, "declared": "giber, ar",
                               "budget": 30, "limit": 2}],
    ["POST", "/letters/odds", {"mine": "ABE", "hidden": 9, "declared": "bigger", "hiden": 1}],
    ["POST", "/letters/odds", {"mine": "ABE", "hidden": 9, "declared": "bigger", "lexicon": ""}],
    ["POST", "/letters/odds", {"mine": "ABE", "hidden": 9, "declared": "bigger",
                               "lexicon": "/etc/words"}],
    ["POST", "/letters/odds", {"mine": "ABE", "declared": "bigger"}],
    ["POST", "/letters/odds", [1]],
    ["POST", "/letters/odds", None],
    ["GET", "/letters/odds", None],
    ["POST", "/dice/odds", {"mine": [2, 5, 5], "hidden": 10, "bid": {"quantity": 4, "face": 5},
                            "rules": {"wild": [1]}}],
    ["POST", "/dice/odds", {"mine": [2, 5, 5], "hidden": 10, "bid": "4 fives", "limit": 30}],
    ["POST", "/dice/odds", {"mine": [2, 5, 5], "hidden": 10, "bid": "4 fives", "extra": 1}],
    ["POST", "/dice/odds", "x"],
]

_CLIENT = None


def answer(case: dict) -> dict:
    if case["set"] == "route":
        from api import create_app

        from .local import flask_answer
        global _CLIENT
        _CLIENT = _CLIENT or create_app().test_client()
        return encode(flask_answer(_CLIENT, *case["request"]))
    body = json.loads(case["body"])
    if case["game"] == "dice":
        return answered(dice.answer, body)
    return answered(lambda b: letters.answer(b, allow_paths=False), body)


def check_coverage(cases: list[dict]) -> None:
    """The cases reach what they are there for: raises found, every kind of "highest",
    estimates, refusals of every kind, and the API's own errors."""
    found = [c["answer"]["ok"] for c in cases if c["set"] in ("letters", "full")
             and "ok" in c["answer"]]
    assert sum(bool(a["suggestions"]) for a in found) > len(found) // 2
    assert sum(a["exists"]["probability"] not in (0, 1) for a in found) > len(found) // 3
    reasons = {a["highest"]["reason"].split(":")[0] for a in found}
    assert {"the highest exactly when the hidden tiles are its letters less yours",
            "never the highest", "undecided"} <= reasons, reasons
    assert all("sampled" in c["answer"]["ok"] for c in of_set(cases, "sampled"))
    codes = {c["answer"]["err"]["code"] for c in of_set(cases, "bad") if "err" in c["answer"]}
    assert {"invalid_input", "invalid_tile", "too_many_tiles", "invalid_die",
            "limit_exceeded", "unknown_lexicon", "unknown_tile_set"} <= codes, codes
    dice_ok = [c for c in of_set(cases, "dice") if "ok" in c["answer"]]
    assert len(dice_ok) > DICE_CASES * 0.8
    statuses = {c["answer"]["status"] for c in of_set(cases, "route")}
    assert {200, 400, 405} <= statuses, statuses

