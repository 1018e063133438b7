"""The page's own engine against the Python library, in chromium: cards, Liar's Post, Liar Liar.

``api/static/engine/cards.js``, ``post.js`` and ``liarliar.js`` port solver/games/cards.py and the
check paths of solver/games/post.py and solver/games/liarliar.py (issue 12).  The Python library is
the reference: for every case the browser must give the same answer -- the same parsed
cards, the same check dict -- or the same error (code, message, field, HTTP status).

The cases are (1) every input the test suite itself gives these functions, recorded by
running the suite's card, Liar's Post and Liar Liar tests under a profiler (so a case
added there is checked here too), and (2) seeded random ones, good and bad: odd Unicode
and Python's own whitespace, every JSON type in every field, unknown and missing fields,
decks and their limits.  A difference prints the first few cases that differ.

The browser reads each case with the engine's own ``parseJson`` (rules.js), as the page's
local router reads a request body: ``2.0`` stays a float, ``10**20`` an exact integer and
every object its key order, as in Python's ``json.loads``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import pytest
from page_session import fresh, page, server  # noqa: F401  (fixtures)

from solver.errors import LiarsError
from solver.games.cards import Card, Deck, parse_cards, parse_rank, parse_suit
from solver.games.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
SEED = 20261130
BATCH = 400

# The suite's tests whose inputs are recorded (they run in a child process, ~15 s).
RECORDED = ["tests/test_cards.py", "tests/test_post.py", "tests/test_liarliar.py",
            "tests/test_games.py", "tests/test_cli_games.py", "tests/test_api_games.py"]


# --- one case, answered by the Python library -------------------------------------------------

def _deck(spec: dict) -> Deck:
    return Deck(spec["name"], ranks=tuple(spec["ranks"]), copies=spec["copies"],
                jokers=spec["jokers"])


def _run(case: dict):
    kind = case["kind"]
    if kind == "card":
        card = Card.parse(case["text"], field=case["field"])
        return {"str": str(card), "rank": card.rank, "suit": card.suit, "symbol": card.symbol}
    if kind == "rank":
        return parse_rank(case["text"], field=case["field"])
    if kind == "suit":
        return parse_suit(case["text"], field=case["field"])
    if kind == "cards":
        return [str(c) for c in parse_cards(case["cards"], field=case["field"],
                                            limit=case["limit"])]
    if kind == "deck":
        cards = _deck(case["deck"]).check(
            [Card.parse(c) for c in case["cards"]], field=case["field"],
            known=tuple(Card.parse(c) for c in case["known"]), known_as=case["known_as"],
            where=case["where"])
        return [str(c) for c in cards]
    return GAMES[kind].check(case["payload"])


def python_answer(case: dict) -> dict:
    try:
        return {"ok": json.loads(json.dumps(_run(case)))}
    except LiarsError as err:
        return {"err": {**err.as_dict(), "status": err.status}}


JS_RUN = """async (text) => {
  const rules = await import('/static/engine/rules.js');
  const cards = await import('/static/engine/cards.js');
  const games = {post: await import('/static/engine/post.js'),
                 liarliar: await import('/static/engine/liarliar.js')};
  const deck = (d) => new cards.Deck(d.name, {ranks: d.ranks, copies: d.copies, jokers: d.jokers});
  const run = (c) => {
    switch (c.kind) {
      case 'card': {
        const card = cards.Card.parse(c.text, {field: c.field});
        return {str: String(card), rank: card.rank, suit: card.suit, symbol: card.symbol};
      }
      case 'rank': return cards.parseRank(c.text, {field: c.field});
      case 'suit': return cards.parseSuit(c.text, {field: c.field});
      case 'cards': return cards.parseCards(c.cards, {field: c.field, limit: c.limit}).map(String);
      case 'deck': return deck(c.deck).check(c.cards.map((t) => cards.Card.parse(t)), {
        field: c.field, known: c.known.map((t) => cards.Card.parse(t)), knownAs: c.known_as,
        where: c.where}).map(String);
      default: return games[c.kind].check(c.payload);
    }
  };
  return JSON.stringify(rules.parseJson(text).map((c) => {
    try { return {ok: run(c)}; } catch (e) {
      if (e && e.asDict) return {err: {...e.asDict(), status: e.status}};
      return {crash: String(e && e.stack || e)};
    }
  }));
}"""


def browser_answers(page, cases: list[dict]) -> list[dict]:
    answers = []
    for start in range(0, len(cases), BATCH):
        text = json.dumps(cases[start:start + BATCH])  # ASCII: lone surrogates survive
        answers.extend(json.loads(page.evaluate(JS_RUN, text)))
    return answers


def assert_same(page, cases: list[dict]) -> None:
    expected = [python_answer(c) for c in cases]
    got = browser_answers(page, cases)
    differences = [(c, e, g) for c, e, g in zip(cases, expected, got) if e != g]
    shown = "\n\n".join(f"case:    {json.dumps(c, ensure_ascii=False)}\npython:  "
                        f"{json.dumps(e, ensure_ascii=False)}\nbrowser: "
                        f"{json.dumps(g, ensure_ascii=False)}" for c, e, g in differences[:6])
    assert not differences, f"{len(differences)} of {len(cases)} cases differ:\n\n{shown}"


# --- (1) the suite's own cases, recorded -------------------------------------------------------

def _jsonable(value):
    """``value`` as JSON data if it is exactly that (tuples become lists), else raise."""
    return json.loads(json.dumps(value, allow_nan=False))


def _recorder(cases: list):
    """A sys.setprofile hook: the arguments of each call into the functions under test."""
    from api_server import LiveServer

    from solver.games import cards, liarliar, post
    from solver.games import registry as games
    from solver.games.base import Rules

    def deck_spec(deck):
        return {"name": deck.name, "ranks": list(deck.ranks), "copies": deck.copies,
                "jokers": deck.jokers}

    def post_payload(a):
        payload = {"claim": a["claim"], "card": a["card"]}
        if a["rules"] is not None:
            payload["rules"] = a["rules"].to_dict()
        for key, name in (("call", "call"), ("face_up", "face_up"), ("players", "players")):
            if a[key] is not None:
                payload[name] = a[key]
        return {"kind": "post", "payload": payload}

    def live_post(a):
        path, body = a["path"], a["json"]
        for game in ("post", "liarliar"):
            if path == f"/api/v1/{game}/check":
                return {"kind": game, "payload": body}
        return None

    makers = {
        cards.Card.parse.__func__: lambda a: {"kind": "card", "text": a["text"],
                                              "field": a["field"]},
        cards.parse_rank: lambda a: {"kind": "rank", "text": a["text"], "field": a["field"]},
        cards.parse_suit: lambda a: {"kind": "suit", "text": a["text"], "field": a["field"]},
        cards.parse_cards: lambda a: {"kind": "cards", "cards": a["cards"], "field": a["field"],
                                      "limit": a["limit"]},
        cards.Deck.check: lambda a: {"kind": "deck", "deck": deck_spec(a["self"]),
                                     "cards": [str(c) for c in a["cards"]],
                                     "known": [str(c) for c in a["known"]],
                                     "known_as": a["known_as"], "where": a["where"],
                                     "field": a["field"]}
        if isinstance(a["cards"], (list, tuple)) else None,
        post.check_claim: post_payload,
        post.Claim.parse.__func__: lambda a: {"kind": "post", "payload": {
            "claim": a["value"], "card": "QH"}},
        post.read_card: lambda a: {"kind": "post", "payload": {"claim": "Q", "card": a["value"]}},
        post.read_call: lambda a: {"kind": "post", "payload": {"claim": "Q", "card": "QH",
                                                               "call": a["value"]}},
        # every game's rules are read by the one Rules.from_dict: told apart by its class
        Rules.from_dict.__func__: lambda a: {
            post.PostRules: {"kind": "post", "payload": {
                "claim": "Q", "card": "QH", "rules": a["data"]}},
            liarliar.LiarLiarRules: {"kind": "liarliar", "payload": {
                "claim": "two kings", "cards": "KH KS", "rules": a["data"]}},
        }.get(a["cls"]),
        liarliar.check_claim: lambda a: {"kind": "liarliar", "payload": {
            "claim": a["claim"], "cards": a["cards"]}},
        liarliar.Declaration.parse.__func__: lambda a: {"kind": "liarliar", "payload": {
            "claim": a["value"], "cards": "KH"}},
        games.Checker.check: lambda a: {"kind": a["self"].name, "payload": a["payload"]}
        if a["self"].name in ("post", "liarliar") else None,
        LiveServer.post: live_post,
    }
    by_code = {f.__code__: make for f, make in makers.items()}

    def hook(frame, event, _arg):
        if event != "call" or frame.f_code not in by_code:
            return
        try:
            case = by_code[frame.f_code](dict(frame.f_locals))
            if case is not None:
                cases.append(_jsonable(case))
        except (TypeError, ValueError, AttributeError, KeyError):
            pass  # not JSON data (a Card object, a generator...): not a request the page gets

    return hook


def record(out: str) -> None:
    """Run the RECORDED tests with the recorder on; write the distinct cases to ``out``."""
    cases: list = []
    sys.setprofile(_recorder(cases))
    try:
        pytest.main(["-q", "-p", "no:cacheprovider", "-x", "--hypothesis-seed=0", *RECORDED])
    finally:
        sys.setprofile(None)
    distinct = {json.dumps(c, sort_keys=True): c for c in cases}
    Path(out).write_text(json.dumps(list(distinct.values())))


@pytest.fixture(scope="module", autouse=True)
def recording():
    """The recording runs in a child process, started first: meanwhile chromium starts."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cases.json"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}  # this checkout's solver
        with subprocess.Popen([sys.executable, __file__, "--record", str(out)], cwd=ROOT,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True) as child:
            yield child, out
            child.kill()


@pytest.fixture(scope="module")
def suite_cases(recording) -> list[dict]:
    child, out = recording
    log, _ = child.communicate(timeout=300)
    assert child.returncode == 0, log[-3000:]
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def engine_page(page, server):  # noqa: F811
    fresh(page, server.url + "/")
    return page


def test_the_suites_own_cases(engine_page, suite_cases):
    kinds = {c["kind"] for c in suite_cases}
    assert {"card", "cards", "deck", "rank", "post", "liarliar"} <= kinds, kinds
    assert len(suite_cases) > 300, len(suite_cases)
    assert_same(engine_page, suite_cases)


# --- (2) seeded random cases ---------------------------------------------------------------

RANK_TEXTS = ["A", "K", "Q", "J", "T", "10", *map(str, range(2, 10)), "ace", "king", "queen",
              "jack", "ten", "nine", "eight", "seven", "six", "five", "four", "three", "two",
              "deuce", "t", "a", "k", "q", "j"]
SUIT_TEXTS = ["S", "H", "D", "C", "♠", "♤", "♥", "♡", "♦", "♢", "♣", "♧"]
SUIT_WORDS = ["spade", "spades", "heart", "hearts", "diamond", "diamonds", "club", "clubs",
              "s", "h", "♥"]
# Python's whitespace (str.isspace), and U+FEFF, which JS's \s has and Python's has not.
SPACES = [" ", "  ", "\t", "\n", "\xa0", "\u3000", "\x85", "\x1c", "\u2028", "\ufeff"]
ODD = list("AKQJT0123456789shdcSHDCoOfFkq ♠♤♥♡♦♢♣♧🃏,.-_'\"\\\t\n\xa0\u3000\x85\x1c\ufeff"
           "\u200béßİ\u212a²١１０ǅΣ\x00\x7f") + ["\ud800", "10", "of", "joker", " of "]
BAD_CARDS = ["11", "1", "0", "QX", "queen of stars", "of hearts", "²", "١", "１０", "ｑ",
             "10 10", "q h", "queen hearts", "king of", "jokers", "1O", "", " ", "A♠♠",
             "ace of spades of", "kingofhearts", "K\u212a", "\u212aH", "ǅ", "ΣΣ of hearts",
             "İ of hearts", "² of hearts", "queen of ♥", "q of h", "١٠ of clubs", "ǅ of hearts",
             "k_ of hearts", "queen of hearts\u0307", "queen\u0307 of hearts", "10 of 10",
             "queen of hearts, king of spades", "QH,KS", "queen  of\xa0hearts", "Q\u200bH"]


def _case(rng: random.Random, text: str) -> str:
    return "".join(ch.upper() if rng.random() < 0.4 else ch.lower() for ch in text)


def _space(rng: random.Random) -> str:
    return rng.choice(SPACES) if rng.random() < 0.3 else ""


def _junk(rng: random.Random, low: int = 0, high: int = 8) -> str:
    return "".join(rng.choice(ODD) for _ in range(rng.randint(low, high)))


def _json_value(rng: random.Random, depth: int = 0):
    """Any JSON value: every type, integral floats and integers past 2**53 too."""
    roll = rng.random()
    if depth < 2 and roll < 0.12:
        return [_json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 2 and roll < 0.22:
        return {_junk(rng, 0, 4): _json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    return rng.choice([None, True, False, rng.randint(-20, 20), rng.randint(-10**15, 10**15),
                       rng.choice([0.5, 2.5, -1.25, 1e-7, 1e300, 7.1, 2.0, 10.0, -0.0, 1e16, 1e22]),
                       rng.choice([10**20, -10**30, 2**53 + 1]), _junk(rng),
                       "x" * rng.randint(38, 60), _junk(rng, 30, 50)])


def card_text(rng: random.Random) -> str:
    """A card as a player might write it: usually readable, sometimes not."""
    roll = rng.random()
    if roll < 0.08:
        text = rng.choice(["joker", "jk", "jkr", "🃏", "Joker", "JOKER"])
    elif roll < 0.45:
        text = rng.choice(RANK_TEXTS[:14]) + (rng.choice(SUIT_TEXTS) if rng.random() < 0.7
                                              else "")
    elif roll < 0.6:
        text = f"{rng.choice(RANK_TEXTS)}{rng.choice(SPACES[:3])}of{rng.choice(SPACES[:4])}" \
               f"{rng.choice(SUIT_WORDS)}"
    elif roll < 0.72:
        text = rng.choice(RANK_TEXTS)
    elif roll < 0.86:
        text = rng.choice(BAD_CARDS)
    else:
        text = _junk(rng, 0, 6)
    return _space(rng) + _case(rng, text) + _space(rng)


def any_card(rng: random.Random):
    return card_text(rng) if rng.random() < 0.9 else _json_value(rng)


def cards_value(rng: random.Random, low: int = 0, high: int = 5):
    """A card list as a list or as one string with commas and spaces."""
    cards = [card_text(rng) for _ in range(rng.randint(low, high))]
    roll = rng.random()
    if roll < 0.45:
        return "".join(c + rng.choice([", ", " ", ",", "  ,\t", " , ", ",,"]) for c in cards)
    if roll < 0.9:
        return cards if rng.random() < 0.9 else cards + [_json_value(rng)]
    return _json_value(rng)


def valid_card(rng: random.Random, ranks=tuple(range(2, 15)), jokers: bool = True) -> str:
    if jokers and rng.random() < 0.1:
        return "joker"
    return str(Card(rng.choice(ranks), rng.choice(["S", "H", "D", "C", None])))


DECKS = [
    {"name": "one 54-card deck: 52 cards and two jokers", "ranks": list(range(14, 1, -1)),
     "copies": 1, "jokers": 2},
    {"name": "one 52-card deck, no jokers", "ranks": list(range(14, 1, -1)), "copies": 1,
     "jokers": 0},
    {"name": "two decks' A K Q J 10 9 8 7: 64 cards, eight of each kind",
     "ranks": list(range(14, 6, -1)), "copies": 2, "jokers": 0},
]


def deck_case(rng: random.Random) -> dict:
    spec = rng.choice(DECKS) if rng.random() < 0.6 else {
        "name": "test deck", "ranks": sorted(rng.sample(range(2, 15), rng.randint(1, 6)),
                                             reverse=True),
        "copies": rng.randint(1, 5), "jokers": rng.randint(0, 5)}
    ranks = tuple(rng.sample(spec["ranks"], min(len(spec["ranks"]), rng.randint(1, 3))))
    wide = rng.random() < 0.15  # now and then a rank the deck lacks
    pick = (lambda: valid_card(rng)) if wide else (lambda: valid_card(rng, ranks))
    return {"kind": "deck", "deck": spec, "cards": [pick() for _ in range(rng.randint(0, 9))],
            "known": [pick() for _ in range(rng.randint(0, 6) if rng.random() < 0.5 else 0)],
            "known_as": rng.choice(["known", "face up", "in the pile or out of the game"]),
            "where": rng.choice(["", " face up"]), "field": rng.choice(["cards", "face_up", None])}


POST_CLAIMS = ["Q", "q", "queen", "this is a queen", "This is an ace", "it's a king", "7", "10",
               "ten", "TEN", "this is a 7", "this is a seven", "a jack", "QH", "7♥", "2", "6H",
               "joker", "this is a joker", "this is two", "this is a queen of hearts", "kings",
               "this is the 10", "-7", "7.5", "this is a queen!", "queen?", "K of spades",
               "this is a tree", "", "  ", "this is a", "ace high", "2 fives", "1", "14",
               "this is a 14", "this is a twenty", "zero", "a a", "deuce", "this is a deuce"]


def post_claim(rng: random.Random):
    roll = rng.random()
    if roll < 0.6:
        return _space(rng) + _case(rng, rng.choice(POST_CLAIMS)) + _space(rng)
    if roll < 0.7:
        return {"kind": post_claim(rng)} if rng.random() < 0.8 else {"rank": "Q"}
    if roll < 0.8:
        return rng.choice([rng.randint(-2, 16), 12.0, 10**20])
    if roll < 0.9:
        return card_text(rng)
    return _json_value(rng)


def post_payload(rng: random.Random):
    if rng.random() < 0.03:
        return _json_value(rng)
    card = valid_card(rng, tuple(range(7, 15))) if rng.random() < 0.5 else any_card(rng)
    payload = {"claim": post_claim(rng), "card": card}
    if rng.random() < 0.5:
        payload["call"] = rng.choice([True, False, "true", "false", " False ", "TRUE", "True",
                                      "yes", 1, 0, None, "", _json_value(rng)])
    if rng.random() < 0.45:
        payload["face_up"] = rng.choice([
            cards_value(rng, 0, 10), " ".join(rng.choice(["Q", "7", "K", "A", "10", "J", "8", "9"])
                                              for _ in range(rng.randint(0, 9))),
            [valid_card(rng, tuple(range(7, 15)), jokers=False)
             for _ in range(rng.randint(0, 12))], None, _json_value(rng)])
    if rng.random() < 0.35:
        payload["players"] = rng.choice([2, 3, 4, 5, 6, 1, 7, 0, None, True, "3", 2.5, 3.0,
                                         _json_value(rng)])
    if rng.random() < 0.35:
        payload["rules"] = rng.choice([
            None, {}, {"one_deck": True}, {"one-deck": rng.choice([True, False])},
            {"eight_different": True, "one_deck": rng.choice([True, False])},
            {"eight-different": True}, {"one_deck": "yes"}, {"eight_different": 1},
            {"bogus": 1, "one_deck": True}, {"b": 1, "a": 2, "2": 3, "10": 4}, [], "one_deck", 3,
            {"one_deck": True, "one-deck": "no"}, _json_value(rng)])
    return _shake(rng, payload, ["claim", "card"])


def _shake(rng: random.Random, payload: dict, required: list[str]) -> dict:
    """Now and then an unknown field or a missing required one."""
    if rng.random() < 0.04:
        payload[rng.choice(["extra", "Claim", "cards", "card", "zz", "__proto__", "1"])] = 1
    if rng.random() < 0.04:
        payload.pop(rng.choice(required), None)
    return payload


PLAY_CLAIMS = ["two kings", "three queens", "a jack", "one ace", "an ace", "kings", "king",
               "two", "one", "2", "3", "zero kings", "-2 kings", "four 7s", "999 kings",
               "two jokers", "joker", "tens", "10s", "three 10s", "2 Ks", "two K's", "1 king",
               "three of hearts", "two kings!", "i play two kings", "here are three sevens",
               "two king", "2.5 kings", "twenty kings", "two kings and a queen", "", "x",
               "deuces", "two deuces", "fives", "a", "three 2's", "two aces please"]


def play_claim(rng: random.Random):
    roll = rng.random()
    if roll < 0.65:
        return _space(rng) + _case(rng, rng.choice(PLAY_CLAIMS)) + _space(rng)
    if roll < 0.85:
        claim = {}
        if rng.random() < 0.7:
            claim["count"] = rng.choice([1, 2, 3, 0, 4, True, "2", 2.5, 2.0, None, -1, 10**20])
        if rng.random() < 0.9:
            claim["rank"] = rng.choice([*RANK_TEXTS, 13, 2, 14, 1, 15, "joker", "1", " q ",
                                        True, None, "²", _json_value(rng)])
        return claim
    return _json_value(rng)


def liarliar_payload(rng: random.Random):
    if rng.random() < 0.03:
        return _json_value(rng)
    if rng.random() < 0.6:
        cards = [valid_card(rng) for _ in range(rng.randint(0, 4))]
        cards = cards if rng.random() < 0.5 else " ".join(cards)
    else:
        cards = cards_value(rng, 0, 4)
    payload = {"claim": play_claim(rng), "cards": cards}
    if rng.random() < 0.25:
        payload["rules"] = rng.choice([
            None, {}, {"timer": rng.choice([10, 30, None, "10s", "30 s", " 30S ", "none",
                                            "None", "off", "NO", "no s", 20, "20s", "ss",
                                            True, "abc", 10.5, 10.0, 30.0, [], "10ss", "１０",
                                            "0010", 10**20])},
            {"Timer": 10}, {"timer": 10, "bogus": 2}, [], "timer", _json_value(rng)])
    return _shake(rng, payload, ["claim", "cards"])


def random_cases(seed: int, n: int) -> list[dict]:
    rng = random.Random(seed)
    makers = [
        (0.18, lambda: {"kind": "card", "text": any_card(rng),
                        "field": rng.choice(["card", "cards", None])}),
        (0.07, lambda: {"kind": "rank", "text": rng.choice(
            [rng.choice(RANK_TEXTS), card_text(rng), rng.randint(0, 16), 12.0, _json_value(rng)]),
            "field": rng.choice(["rank", None])}),
        (0.03, lambda: {"kind": "suit", "text": rng.choice(
            [*SUIT_TEXTS, *SUIT_WORDS, _junk(rng)]) + _space(rng), "field": None}),
        (0.14, lambda: {"kind": "cards", "cards": cards_value(rng, 0, 7),
                        "field": rng.choice(["cards", "face_up", None]),
                        "limit": rng.choice([3, 4, 54, 1000])}),
        (0.12, lambda: deck_case(rng)),
        (0.26, lambda: {"kind": "post", "payload": post_payload(rng)}),
        (0.20, lambda: {"kind": "liarliar", "payload": liarliar_payload(rng)}),
    ]
    weights = [w for w, _ in makers]
    return [rng.choices(makers, weights)[0][1]() for _ in range(n)]


def test_random_cards_and_checks(engine_page):
    cases = random_cases(SEED, 4000)
    answers = [python_answer(c) for c in cases]
    # The random cases reach both answers and errors of every kind.
    for kind in ("card", "cards", "deck", "post", "liarliar"):
        outcomes = {"ok" if "ok" in a else a["err"]["code"]
                    for c, a in zip(cases, answers) if c["kind"] == kind}
        assert "ok" in outcomes and len(outcomes) >= 2, (kind, outcomes)
    assert_same(engine_page, cases)


def test_any_character_in_a_card(engine_page):
    """Python's lower(), \\w, whitespace and repr() meet every script: 4,000 characters
    sampled from every code point but the surrogates, each alone, after a rank, and in the
    long form.  Characters Python's Unicode 14.0 has not assigned are quoted as Python
    quotes them (repr() escapes by Python's table, engine/pyunicode.js), so they are tried
    alone and after a rank too; only the long form is left out for them, because it reads
    words with \\w, which the browser answers by its own newer Unicode (a character it has
    assigned since is a letter there, not in Python 3.11)."""
    rng = random.Random(SEED)
    points = [cp for cp in range(0x110000) if unicodedata.category(chr(cp)) != "Cs"]
    texts = []
    for cp in rng.sample(points, 4000):
        ch = chr(cp)
        texts += [ch, f"q{ch}"]
        if unicodedata.category(ch) != "Cn":
            texts += [f"{ch} of hearts", f"queen of {ch}s", f"{ch}q of hearts"]
    cases = [{"kind": "card", "text": text, "field": "card"} for text in texts]
    cases += [{"kind": "cards", "cards": " , ".join(texts[i:i + 3]), "field": "cards",
               "limit": 5} for i in range(0, 600, 3)]
    assert_same(engine_page, cases)


def test_a_card_list_at_the_limit(engine_page):
    """LimitExceeded (413) at one card past the limit, from a string or a list."""
    cases = [{"kind": "cards", "cards": cards, "field": "cards", "limit": limit}
             for limit in (3, 54, 1000) for n in (limit, limit + 1)
             for cards in (["7"] * n, " ".join(["7H"] * n), ", ".join(["7 of hearts"] * n))]
    cases += [{"kind": "liarliar", "payload": {"claim": "kings", "cards": "K " * n}}
              for n in range(0, 6)]
    cases += [{"kind": "post", "payload": {"claim": "Q", "card": "QH", "face_up": "Q " * n}}
              for n in (8, 9, 64, 65)]
    assert_same(engine_page, cases)


if __name__ == "__main__" and sys.argv[1:2] == ["--record"]:
    record(sys.argv[2])
