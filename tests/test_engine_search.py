"""The page's own solver (api/static/engine/search.js) against the Python library, in chromium.

Issue 12: with no server the phone solves racks itself, and must give the server's answer:
the same highest shape, the same words (the documented tie-break), the same proof.  Racks
are drawn (seeded) from both tile sets' bags, 1-40 tiles, for every bundled lexicon, solved
by ``solver.search.highest``/``solver.search.layered`` here and by the engine in the browser, many racks per
``page.evaluate``; any difference fails with the first few shown.  Also: out of budget the
engine's set is real and its bounds hold; the index, ``spell``, ``wordsFrom``, ``has`` and
the lexicon loader agree with Python's.

Run:  python -m pytest -q tests/test_engine_search.py
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import pytest
from page_session import fresh, page, server  # noqa: F401  (fixtures)

from solver.errors import LiarsError
from solver.search.highest import highest
from solver.search.layered import search
from solver.words.lexicon import lexicon_names, load_lexicon
from solver.words.tiles import TILE_SETS, Tiles

SEED = 20261130
RACKS_PER_CASE = 350  # x 3 lexicons x 2 tile sets: 2,100 racks
BUDGET = 60.0  # seconds: every rack of 1-40 tiles must be proven by both
CASES = [(name, tile_set) for name in lexicon_names() for tile_set in TILE_SETS]

SOLVE = """async ({name, racks, budget, every}) => {
  const { loadLexicon } = await import('/static/engine/lexicon.js');
  const { highest, search } = await import('/static/engine/search.js');
  const lexicon = await loadLexicon(name);
  return racks.map((rack, i) => {
    const { elapsed, ...best } = highest(rack, lexicon, budget);
    if (i % every) return { best };
    const { keys, leftover, proven, stopped, upper } = search(lexicon.index, rack, budget);
    return { best, found: { keys, leftover, proven, stopped, upper } };
  });
}"""


def random_racks(rng: random.Random, tile_set: str, count: int, low: int = 1,
                 high: int = 40) -> list[Tiles]:
    """Racks drawn without replacement from a full bag of the tile set."""
    bag = [letter for letter, n in TILE_SETS[tile_set].counts.items() for _ in range(n)]
    return [Tiles.parse("".join(rng.sample(bag, rng.randint(low, high))), tile_set)
            for _ in range(count)]


def search_dict(found) -> dict:
    return {"keys": list(found.keys), "leftover": found.leftover, "proven": found.proven,
            "stopped": found.stopped, "upper": list(found.upper)}


def differences(pairs) -> list:
    return [(rack, want, got) for rack, want, got in pairs if want != got]


@pytest.fixture(scope="module")
def engine(page, server):  # noqa: F811
    """The served page, whose origin the engine's modules are imported from."""
    fresh(page, server.url + "/")
    return page


@pytest.mark.parametrize("name, tile_set", CASES)
def test_highest_equals_python(engine, name, tile_set):
    """Shape, words, proof and bound of every rack: the engine's answer is the library's."""
    rng = random.Random(f"{SEED} {name} {tile_set}")
    racks = random_racks(rng, tile_set, RACKS_PER_CASE)
    lexicon = load_lexicon(name)
    got = engine.evaluate(SOLVE, {"name": name, "racks": [str(r) for r in racks],
                                  "budget": BUDGET, "every": 4})
    assert len(got) == len(racks)
    best = [(str(rack), highest(rack, lexicon, budget=BUDGET).as_dict(), answer["best"])
            for rack, answer in zip(racks, got)]
    found = [(str(rack), search_dict(search(rack, lexicon.index, BUDGET)), answer["found"])
             for rack, answer in zip(racks, got) if "found" in answer]
    assert all(want["proven"] for _, want, _ in best)
    assert len(found) >= RACKS_PER_CASE // 4
    assert not differences(best)[:5]
    assert not differences(found)[:5]


@pytest.mark.parametrize("name", lexicon_names())
def test_edge_racks_equal_python(engine, name):
    """No tiles, one tile, tiles that make no word, a whole bag's worth of one kind."""
    racks = [Tiles.parse(text, "bananagrams") for text in
             ("", "a", "QQZZXXJJ", "ABEGIRR", "EEEEEEEEEEEEEEEEEE", "AEIOUAEIOUYY",
              "BCDFGHKLMNPRST")]
    lexicon = load_lexicon(name)
    got = engine.evaluate(SOLVE, {"name": name, "racks": [str(r) for r in racks],
                                  "budget": BUDGET, "every": 1})
    assert not differences([(str(rack), highest(rack, lexicon, budget=BUDGET).as_dict(),
                             answer["best"]) for rack, answer in zip(racks, got)])
    assert not differences([(str(rack), search_dict(search(rack, lexicon.index, BUDGET)),
                             answer["found"]) for rack, answer in zip(racks, got)])


def test_budget_zero_equals_python(engine):
    """With no time at all both stop at once and complete the rack greedily: alike."""
    rng = random.Random(f"{SEED} zero")
    for name in lexicon_names():
        racks = random_racks(rng, "bananagrams", 40, 1, 70)
        lexicon = load_lexicon(name)
        got = engine.evaluate(SOLVE, {"name": name, "racks": [str(r) for r in racks],
                                      "budget": 0, "every": 1})
        pairs = [(str(rack), search_dict(search(rack, lexicon.index, 0)), answer["found"])
                 for rack, answer in zip(racks, got)]
        # every search stopped at once; those whose greedy set meets the bound say proven
        stopped = [want["stopped"] == "budget" for _, want, _ in pairs]
        assert any(stopped) and all(
            was or (want["proven"] and [len(k) for k in want["keys"]]
                    + [1] * len(want["leftover"]) == want["upper"])
            for was, (_, want, _) in zip(stopped, pairs))
        assert not differences(pairs)[:5]


def test_tiny_budget_is_honest(engine):
    """Out of budget: a real set (lower bound) and a proven upper bound around the exact shape."""
    rng = random.Random(f"{SEED} tiny")
    name = "twl06"
    lexicon = load_lexicon(name)
    racks = random_racks(rng, "scrabble", 30, 24, 44) + random_racks(rng, "bananagrams", 30, 24, 44)
    exact_of = [search(rack, lexicon.index, None) for rack in racks]
    assert all(exact.proven for exact in exact_of)
    stopped = 0
    for budget in (0, 0.0005, 0.003):  # 0 always stops at once; the others, by the clock
        got = engine.evaluate(SOLVE, {"name": name, "racks": [str(r) for r in racks],
                                      "budget": budget, "every": 1})
        for rack, answer, exact in zip(racks, got, exact_of):
            best = answer["best"]
            words = best["words"]
            assert all(lexicon.is_word(word) for word in words), (str(rack), words)
            assert Counter("".join(words).upper()) == rack.counts, (str(rack), words)
            assert tuple(best["shape"]) <= exact.shape <= tuple(best["upper_bound"]), \
                (str(rack), best, exact.shape)
            assert best["proven"] == (best["stopped"] is None)
            if best["proven"]:
                assert best["shape"] == best["upper_bound"] == list(exact.shape)
            else:
                stopped += 1
                assert best["stopped"] == "budget"
    assert stopped  # the budget was small enough to stop some searches


def test_big_racks_answer_honestly(engine):
    """Past 40 tiles, out of budget: a real set, and bounds that hold against Python's own."""
    rng = random.Random(f"{SEED} big")
    name = "twl06"
    lexicon = load_lexicon(name)
    racks = (random_racks(rng, "bananagrams", 3, 60, 90)
             + random_racks(rng, "bananagrams", 2, 120, 144))
    counts = [[rack.counts.get(letter, 0) for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
              for rack in racks]  # the engine also takes 26 counts
    got = engine.evaluate(SOLVE, {"name": name, "racks": counts, "budget": 0.4, "every": 1})
    for rack, answer in zip(racks, got):
        best, found = answer["best"], answer["found"]
        assert best["tiles"] == str(rack)
        assert all(lexicon.is_word(word) for word in best["words"])
        assert Counter("".join(best["words"]).upper()) == rack.counts
        for answer in (best, found):  # two runs: either may prove, in time or not
            assert answer["stopped"] == (None if answer["proven"] else "budget")
        assert tuple(best["shape"]) <= tuple(best["upper_bound"])
        assert [len(key) for key in found["keys"]] + [1] * len(found["leftover"]) \
            <= found["upper"]
        python = highest(rack, lexicon, budget=0.4)
        # both intervals hold the highest shape, so they meet
        assert tuple(best["shape"]) <= python.upper_bound
        assert python.shape <= tuple(best["upper_bound"])
        if best["proven"]:
            assert best["shape"] == best["upper_bound"]


def test_index_rows_and_spellings_equal_python(engine):
    """Rows in Python's order (the tie-break's order), each spelled as Python spells it."""
    got = engine.evaluate("""async (names) => {
      const { loadLexicon } = await import('/static/engine/lexicon.js');
      const digest = async (text) => Array.from(
        new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
        (b) => b.toString(16).padStart(2, '0')).join('');
      const out = {};
      for (const name of names) {
        const lexicon = await loadLexicon(name);
        const index = lexicon.index;
        out[name] = { name: lexicon.name, size: lexicon.size, title: lexicon.title,
                      rows: index.length, keys: await digest(index.keys.join('\\n')),
                      spellings: await digest(index.keys.map((k) => index.spell(k)).join('\\n')) };
      }
      return out;
    }""", lexicon_names())
    for name in lexicon_names():
        lexicon = load_lexicon(name)
        index = lexicon.index
        keys = [index.key(row) for row in range(len(index))]
        sha = lambda items: hashlib.sha256("\n".join(items).encode()).hexdigest()  # noqa: E731
        assert got[name] == {"name": name, "size": len(lexicon), "title": lexicon.info["title"],
                             "rows": len(index), "keys": sha(keys),
                             "spellings": sha(lexicon.spell(key) for key in keys)}


def test_words_from_and_has_equal_python(engine):
    """wordsFrom is Lexicon.words_from; has is ``word in lexicon`` (case, non-ASCII)."""
    rng = random.Random(f"{SEED} words")
    for name in lexicon_names():
        lexicon = load_lexicon(name)
        racks = (random_racks(rng, "scrabble", 12, 1, 16)
                 + random_racks(rng, "bananagrams", 4, 30, 40))
        listed = rng.sample(lexicon.index.table["word"].tolist(), 200)
        words = [w.decode() for w in listed]
        probes = (words + [w.upper() for w in words[:20]] + [w + "q" for w in words[:40]]
                  + [w[1:] for w in words[:40]]
                  + ["", "a", "QI", "caf\u00e9", "\u212aa", "ka", "don't", " qi", "qi ", "e-mail"])
        got = engine.evaluate("""async ({name, racks, probes}) => {
          const { loadLexicon } = await import('/static/engine/lexicon.js');
          const lexicon = await loadLexicon(name);
          return { from: racks.map((rack) => lexicon.wordsFrom(rack)),
                   has: probes.map((word) => lexicon.has(word)) };
        }""", {"name": name, "racks": [str(r) for r in racks], "probes": probes})
        assert got["from"] == [lexicon.words_from(rack) for rack in racks]
        assert got["has"] == [word in lexicon for word in probes]
        assert sum(got["has"]) >= 200


def _python_refusal(name) -> dict:
    try:
        load_lexicon(name, allow_paths=False)
    except LiarsError as error:
        return error.as_dict()
    raise AssertionError(f"{name!r} was accepted")


def test_load_lexicon_names_and_refusals_as_python(engine):
    """Names are read as the server reads them; an unknown one is refused with its message."""
    got = engine.evaluate("""async (names) => {
      const { loadLexicon } = await import('/static/engine/lexicon.js');
      const out = [];
      for (const name of names) {
        try { out.push({ ok: (await loadLexicon(name)).name }); }
        catch (error) { out.push({ err: error.asDict ? error.asDict() : String(error) }); }
      }
      return out;
    }""", [None, "", " CSW19\t", "Sowpods", "nope", " Foo", "don't", "twl06.lex", 5, 1.5, True])
    assert got[:4] == [{"ok": "twl06"}, {"ok": "twl06"}, {"ok": "csw19"}, {"ok": "sowpods"}]
    for name, answer in zip(["nope", " Foo", "don't", "twl06.lex", 5, 1.5, True], got[4:]):
        assert answer == {"err": _python_refusal(name)}
