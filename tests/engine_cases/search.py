"""Golden vectors of the page's own solver and lexicons (engine/search.js, lexicon.js, index.js).

With no server the phone solves racks itself, and must give the server's answer: the same
highest shape, the same words (the documented tie-break), the same proof.

* ``highest``: racks drawn (seeded) from both tile sets' bags, 1-40 tiles, for every
  bundled lexicon, solved by ``solver.search.highest`` (and, every fourth, by
  ``solver.search.layered.search``) with a budget every rack is proven in;
* ``edge``: no tiles, one tile, tiles that make no word, a whole bag's worth of one kind;
* ``zero``: budget 0: both stop at once and complete the rack greedily, alike;
* ``tiny``: racks of 24-44 tiles with their exact shape, for the engine to search with tiny
  budgets: out of budget its set must be real and its bounds must hold the exact shape;
* ``big``: racks of 60-144 tiles, out of budget, with the bounds the library found: both
  intervals hold the highest shape, so they must meet;
* ``index``: each lexicon's alphagram rows in Python's order (the tie-break's) and each
  row's spelling, as digests; ``words``: ``Lexicon.words_from`` (as a count, a digest and the
  first words) and ``word in lexicon``; ``names``: lexicon names read as the server reads
  them, an unknown one refused with the library's message.
"""

from __future__ import annotations

import hashlib
import random

from solver.errors import LiarsError
from solver.search.highest import highest
from solver.search.layered import search
from solver.words.lexicon import lexicon_names, load_lexicon
from solver.words.tiles import LETTERS, TILE_SETS, Tiles

from . import encode, of_set

SEED = 20261130
RACKS_PER_CASE = 350  # x 3 lexicons x 2 tile sets: 2,100 racks
BUDGET = 60.0  # seconds: every rack of 1-40 tiles must be proven by both
BIG_BUDGET = 0.4  # seconds: racks past 40 tiles are cut short
TINY_BUDGETS = (0, 0.0005, 0.003)  # 0 always stops at once; the others, by the clock
EDGE_RACKS = ("", "a", "QQZZXXJJ", "ABEGIRR", "EEEEEEEEEEEEEEEEEE", "AEIOUAEIOUYY",
              "BCDFGHKLMNPRST")
NAMES = [None, "", " CSW19\t", "Sowpods", "nope", " Foo", "don't", "twl06.lex", 5, 1.5, True]
HEAD = 20  # words_from: the first words kept whole, for a readable difference


def random_racks(rng: random.Random, tile_set: str, count: int, low: int = 1,
                 high: int = 40) -> list[Tiles]:
    """Racks drawn without replacement from a full bag of the tile set."""
    bag = [letter for letter, n in TILE_SETS[tile_set].counts.items() for _ in range(n)]
    return [Tiles.parse("".join(rng.sample(bag, rng.randint(low, high))), tile_set)
            for _ in range(count)]


def search_dict(found) -> dict:
    return {"keys": list(found.keys), "leftover": found.leftover, "proven": found.proven,
            "stopped": found.stopped, "upper": list(found.upper)}


def sha(items) -> str:
    return hashlib.sha256("\n".join(items).encode()).hexdigest()


def listing(words: list[str]) -> dict:
    return {"count": len(words), "sha256": sha(words), "head": words[:HEAD]}


def cases() -> list[dict]:
    """Every case of tests/golden/search.json, unanswered."""
    made = []
    for name in lexicon_names():
        for tile_set in TILE_SETS:
            rng = random.Random(f"{SEED} {name} {tile_set}")
            made += [{"set": "highest", "lexicon": name, "rack": str(rack), "budget": BUDGET,
                      "search": i % 4 == 0}
                     for i, rack in enumerate(random_racks(rng, tile_set, RACKS_PER_CASE))]
    for name in lexicon_names():
        made += [{"set": "edge", "lexicon": name, "rack": str(Tiles.parse(text, "bananagrams")),
                  "budget": BUDGET, "search": True} for text in EDGE_RACKS]
    rng = random.Random(f"{SEED} zero")
    for name in lexicon_names():
        made += [{"set": "zero", "lexicon": name, "rack": str(rack), "budget": 0}
                 for rack in random_racks(rng, "bananagrams", 40, 1, 70)]
    rng = random.Random(f"{SEED} tiny")
    tiny = random_racks(rng, "scrabble", 30, 24, 44) + random_racks(rng, "bananagrams", 30, 24, 44)
    made += [{"set": "tiny", "lexicon": "twl06", "rack": str(rack), "budgets": TINY_BUDGETS}
             for rack in tiny]
    rng = random.Random(f"{SEED} big")
    big = (random_racks(rng, "bananagrams", 3, 60, 90)
           + random_racks(rng, "bananagrams", 2, 120, 144))
    made += [{"set": "big", "lexicon": "twl06", "rack": str(rack), "budget": BIG_BUDGET,
              "counts": [rack.counts.get(letter, 0) for letter in LETTERS]}  # 26 counts too
             for rack in big]
    made += [{"set": "index", "lexicon": name} for name in lexicon_names()]
    rng = random.Random(f"{SEED} words")
    for name in lexicon_names():
        lexicon = load_lexicon(name)
        racks = (random_racks(rng, "scrabble", 12, 1, 16)
                 + random_racks(rng, "bananagrams", 4, 30, 40))
        words = [w.decode() for w in rng.sample(lexicon.index.table["word"].tolist(), 200)]
        probes = (words + [w.upper() for w in words[:20]] + [w + "q" for w in words[:40]]
                  + [w[1:] for w in words[:40]]
                  + ["", "a", "QI", "caf\u00e9", "\u212aa", "ka", "don't", " qi", "qi ", "e-mail"])
        made.append({"set": "words", "lexicon": name, "racks": [str(r) for r in racks],
                     "probes": probes})
    made.append({"set": "names", "names": NAMES})
    return made


def _refusal(name) -> dict:
    try:
        return {"ok": load_lexicon(name, allow_paths=False).name}
    except LiarsError as error:
        return {"err": error.as_dict()}


def answer(case: dict):
    kind = case["set"]
    if kind == "names":
        return [_refusal(name) for name in case["names"]]
    lexicon = load_lexicon(case["lexicon"]) if "lexicon" in case else None
    if kind in ("highest", "edge", "zero"):
        rack = Tiles.parse(case["rack"], "bananagrams")
        out = {}
        if kind != "zero":
            out["best"] = highest(rack, lexicon, budget=case["budget"]).as_dict()
        if kind == "zero" or case["search"]:
            out["found"] = search_dict(search(rack, lexicon.index, case["budget"]))
        return encode(out)
    if kind == "tiny":
        return {"exact": list(search(Tiles.parse(case["rack"], "bananagrams"), lexicon.index,
                                     None).shape)}
    if kind == "big":
        found = highest(Tiles.parse(case["rack"], "bananagrams"), lexicon, budget=case["budget"])
        return {"shape": list(found.shape), "upper_bound": list(found.upper_bound)}
    if kind == "index":
        index = lexicon.index
        keys = [index.key(row) for row in range(len(index))]
        return {"name": lexicon.name, "size": len(lexicon), "title": lexicon.info["title"],
                "rows": len(index), "keys": sha(keys),
                "spellings": sha(lexicon.spell(key) for key in keys)}
    if kind == "words":
        return {"from": [listing(lexicon.words_from(Tiles.parse(r, "bananagrams")))
                         for r in case["racks"]],
                "has": [word in lexicon for word in case["probes"]]}
    raise ValueError(f"no such set: {kind}")


def big_intervals_meet(case: dict, now: dict) -> bool:
    """Out of budget the library's bounds depend on the clock; any two honest answers'
    intervals hold the highest shape, so they meet."""
    was = case["answer"]
    return case["set"] == "big" and (was["shape"] <= now["upper_bound"]
                                     and now["shape"] <= was["upper_bound"])


def check_coverage(cases: list[dict]) -> None:
    """Every rack of 1-40 tiles proven; at budget 0 each search stopped at once, and those
    whose greedy set meets the bound say proven; the tiny-budget racks are worth it."""
    solved = of_set(cases, "highest") + of_set(cases, "edge")
    assert all(c["answer"]["best"]["proven"] for c in solved)
    assert sum("found" in c["answer"] for c in of_set(cases, "highest")) >= 6 * RACKS_PER_CASE // 4
    for name in lexicon_names():
        found = [c["answer"]["found"] for c in of_set(cases, "zero") if c["lexicon"] == name]
        stopped = [f["stopped"] == "budget" for f in found]
        assert any(stopped) and all(
            was or (f["proven"] and [len(k) for k in f["keys"]] + [1] * len(f["leftover"])
                    == f["upper"]) for was, f in zip(stopped, found))
    assert len(of_set(cases, "tiny")) == 60 and len(of_set(cases, "big")) == 5
    assert all(sum(c["answer"]["has"]) >= 200 for c in of_set(cases, "words"))
