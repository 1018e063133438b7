"""Golden vectors of cards, Liar's Post and Liar Liar (engine/cards.js, post.js, liarliar.js).

The engine's ports of solver/games/cards.py and of the check paths of solver/games/post/game.py
and solver/games/liarliar/game.py must give the library's answer -- the same parsed cards, the
same check dict -- or the same error (code, message, field, HTTP status), on

* ``suite``: every input the test suite itself gives these functions (recorded by
  scripts/record_card_cases.py, running the card, Post and Liar Liar tests under a
  profiler);
* ``random``: seeded random ones, good and bad: odd Unicode and Python's own whitespace,
  every JSON type in every field, unknown and missing fields, decks and their limits;
* ``character``: Python's lower(), \\w, whitespace and repr() meeting every script: 4,000
  characters sampled from every code point but the surrogates, each alone, after a rank,
  and in the long form (the long form only for characters Python's Unicode 14.0 has
  assigned: it reads words with \\w, which the browser answers by its own newer Unicode);
* ``limit``: LimitExceeded (413) at one card past the limit, from a string or a list.

Each case travels as ASCII JSON text (lone surrogates survive), read by the engine's
``parseJson``: ``2.0`` stays a float, ``10**20`` an exact integer, as in ``json.loads``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import unicodedata

from solver.games.cards import Card, Deck, parse_cards, parse_rank, parse_suit
from solver.games.registry import GAMES

from . import ROOT, answered, of_set

SEED = 20261130
RECORDER = ROOT / "scripts" / "record_card_cases.py"
# The games whose check paths the engine's card ports answer (api/static/games/<game>/),
# and whose tests scripts/record_card_cases.py records.
CARD_GAMES = ("post", "liarliar")


def game_recorders() -> dict:
    """The card games' own functions the recorder hooks, each with what makes a case of a
    call's arguments (a readers' input is set in an otherwise good check request)."""
    from solver.games.base import Rules
    from solver.games.liarliar import game as liarliar
    from solver.games.post import game as post

    def post_payload(a):
        payload = {"claim": a["claim"], "card": a["card"]}
        if a["rules"] is not None:
            payload["rules"] = a["rules"].to_dict()
        for key in ("call", "face_up", "players"):
            if a[key] is not None:
                payload[key] = a[key]
        return {"kind": "post", "payload": payload}

    return {
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
    }


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


def character_cases() -> list[dict]:
    """Characters Python's Unicode 14.0 has not assigned are quoted as Python quotes them
    (repr() escapes by Python's table, engine/pyunicode.js), so they are tried alone and
    after a rank too; only the long form is left out for them."""
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
    return cases


def limit_cases() -> list[dict]:
    """LimitExceeded (413) at one card past the limit, from a string or a list."""
    cases = [{"kind": "cards", "cards": cards, "field": "cards", "limit": limit}
             for limit in (3, 54, 1000) for n in (limit, limit + 1)
             for cards in (["7"] * n, " ".join(["7H"] * n), ", ".join(["7 of hearts"] * n))]
    cases += [{"kind": "liarliar", "payload": {"claim": "kings", "cards": "K " * n}}
              for n in range(0, 6)]
    cases += [{"kind": "post", "payload": {"claim": "Q", "card": "QH", "face_up": "Q " * n}}
              for n in (8, 9, 64, 65)]
    return cases


def suite_cases() -> list[dict]:
    """The suite's own inputs: scripts/record_card_cases.py runs the card tests (~15 s)."""
    run = subprocess.run([sys.executable, str(RECORDER)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    if run.returncode:
        raise RuntimeError(f"{RECORDER.name} failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout)["cases"]


def cases(suite: list[dict] | None = None) -> list[dict]:
    """Every case of tests/golden/cards.json, unanswered (``suite``: the suite's inputs as
    already recorded, instead of running the suite again)."""
    made = [("suite", c) for c in (suite_cases() if suite is None else suite)]
    made += [("random", c) for c in random_cases(SEED, 4000)]
    made += [("character", c) for c in character_cases()]
    made += [("limit", c) for c in limit_cases()]
    return [{"set": name, "case": json.dumps(c, separators=(",", ":"))} for name, c in made]


def answer(case: dict) -> dict:
    return answered(_run, json.loads(case["case"]))


def check_coverage(cases: list[dict]) -> None:
    """The suite's cases are all there; the random ones reach answers and errors of every kind."""
    suite = [json.loads(c["case"]) for c in of_set(cases, "suite")]
    kinds = {c["kind"] for c in suite}
    assert {"card", "cards", "deck", "rank", *CARD_GAMES} <= kinds, kinds
    assert len(suite) > 300, len(suite)
    drawn = of_set(cases, "random")
    for kind in ("card", "cards", "deck", *CARD_GAMES):
        outcomes = {"ok" if "ok" in c["answer"] else c["answer"]["err"]["code"]
                    for c in drawn if json.loads(c["case"])["kind"] == kind}
        assert "ok" in outcomes and len(outcomes) >= 2, (kind, outcomes)
    assert len(of_set(cases, "character")) > 10000 and len(of_set(cases, "limit")) > 20
