"""The page really runs its engine in a browser: a smoke set of the golden vectors, in chromium.

The node tests (tests/test_engine_node.py) hold the engine to every recorded answer of the
library (tests/golden/*.json); here the page served by ``liars serve`` imports the same
modules from its own origin in chromium -- the lexicons fetched from the server, the
search under the browser's clock -- and a sample of each family's cases must get the
recorded answers too.
"""

from __future__ import annotations

import json

import pytest
from engine_cases import read
from page_session import fresh

EVERY = 40  # one case in EVERY of each family (and at least a few of each set)
IN_CHROMIUM = True  # the smoke set: in chromium itself, not its headless shell (conftest.py)

CANON = """
const canon = (value) => JSON.parse(JSON.stringify(value, (_, v) => {
  if (typeof v === 'bigint') {
    return Number.isSafeInteger(Number(v)) ? Number(v) : { $int: String(v) };
  }
  if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) {
    return { $int: BigInt(v).toString() };
  }
  return Object.is(v, -0) ? 0 : v;
}));
const answer = async (fn) => {
  try { return { ok: canon(await fn()) }; } catch (e) {
    if (e && e.asDict) return { err: { ...e.asDict(), status: e.status } };
    return { internal: String(e && e.stack) };
  }
};
"""

RUN = """async (cases) => {
  %s
  const engine = (name) => import('/static/engine/' + name);
  const { GAMES } = await engine('games.js');
  const rules = await engine('rules.js');
  const phrases = await engine('phrases.js');
  const cards = await engine('cards.js');
  const post = await engine('../games/post/engine.js');
  const liarliar = await engine('../games/liarliar/engine.js');
  const tiles = await engine('tiles.js');
  const wordset = await engine('wordset.js');
  const letters = await engine('../games/letters/engine.js');
  const { loadLexicon } = await engine('lexicon.js');
  const { highest } = await engine('search.js');
  const { handle } = await engine('local.js');
  const card = (c) => {
    if (c.kind === 'card') {
      const k = cards.Card.parse(c.text, { field: c.field });
      return { str: String(k), rank: k.rank, suit: k.suit, symbol: k.symbol };
    }
    if (c.kind === 'cards') {
      return cards.parseCards(c.cards, { field: c.field, limit: c.limit }).map(String);
    }
    if (c.kind === 'rank') return cards.parseRank(c.text, { field: c.field });
    if (c.kind === 'suit') return cards.parseSuit(c.text, { field: c.field });
    if (c.kind === 'deck') {
      const { name, ranks, copies, jokers } = c.deck;
      const d = new cards.Deck(name, { ranks, copies, jokers });
      return d.check(c.cards.map((t) => cards.Card.parse(t)), { field: c.field,
        known: c.known.map((t) => cards.Card.parse(t)), knownAs: c.known_as, where: c.where })
        .map(String);
    }
    return { post, liarliar }[c.kind].check(c.payload);
  };
  const read = {
    tiles: (text, ts) => {
      const t = tiles.Tiles.parse(text, ts);
      return [t.toString(), t.length, t.tileSet.name];
    },
    tile_set: (name) => tiles.getTileSet(name).name,
    wordset: (v, field) => {
      const w = wordset.WordSet.parse(v, field);
      return [[...w.words], w.shape];
    },
    split: (v) => wordset.splitWords(v),
    compare: (a, b) => wordset.compare(wordset.WordSet.parse(a), wordset.WordSet.parse(b)),
    budget: (v) => letters.readBudget(v),
    call: (v) => letters.parseCall(v),
  };
  const out = [];
  for (const [family, c] of cases) {
    if (family === 'games' && c.set === 'phrases') {
      const readers = [phrases.tokenize, phrases.parseBid, phrases.parseKind, phrases.parsePlay,
        phrases.parseHand];
      const each = [];
      for (const r of readers) each.push(await answer(() => r(c.text)));
      out.push(each);
    } else if (family === 'games') {
      out.push(await answer(() => GAMES[c.game].check(rules.parseJson(c.body))));
    } else if (family === 'cards') {
      out.push(await answer(() => card(rules.parseJson(c.case))));
    } else if (family === 'letters') {
      out.push(await answer(() => read[c.fn](...c.args)));
    } else if (family === 'search') {
      const { elapsed, ...best } = highest(c.rack, await loadLexicon(c.lexicon), c.budget);
      out.push({ best: canon(best) });
    } else {
      out.push(canon(await handle(...c.request)));
    }
  }
  return JSON.stringify(out);
}"""


def sample(name: str, sets: tuple[str, ...]) -> list[dict]:
    """One case in EVERY of the family's chosen sets, and each set's first three."""
    cases = [c for c in read(name) if c["set"] in sets]
    picked = {id(c): c for c in cases[::EVERY]}
    for set_name in sets:
        picked.update({id(c): c for c in [c for c in cases if c["set"] == set_name][:3]})
    return list(picked.values())


FAMILIES = {
    "games": ("suite", "random", "raises", "phrases"),
    "cards": ("suite", "random", "character", "limit"),
    "letters": ("random", "tiles"),
    "search": ("highest", "edge"),
    "local": ("random", "bad", "sister"),
}


@pytest.mark.parametrize("name", FAMILIES)
def test_the_page_s_engine_gives_the_recorded_answers_in_chromium(page, server, name):
    cases = sample(name, FAMILIES[name])
    if name == "letters":  # repr and strip: pystr.js's, held by the node tests
        cases = [c for c in cases if c["fn"] not in ("repr", "strip")]
    if name == "local":  # solves: the search family's (here the clock could tell them apart)
        cases = [c for c in cases if c["request"][1] not in ("/letters/highest", "/letters/call")]
    fresh(page, server.url + "/")
    script = RUN % CANON
    got = json.loads(page.evaluate(script, [[name, c] for c in cases]))
    found = []
    for case, have in zip(cases, got):
        want = case["answer"]
        if name == "search":
            want = {"best": want["best"]}
        if have != want:
            found.append(f"{json.dumps(case)[:400]}\n    library: {json.dumps(want)[:400]}\n"
                         f"    page:    {json.dumps(have)[:400]}")
    assert len(got) == len(cases) >= 10
    assert not found, f"{len(found)} of {len(cases)} differ; the first:\n" + "\n".join(found[:5])
