"""The page's own game checks (api/static/engine/games.js) give the Python library's answers.

Issue 12, item 3: in chromium, ``GAMES[name].check(payload)`` of the page's engine is
compared with ``solver.games.registry.GAMES[name].check(payload)`` computed here, on

* every sister-game check the test suite makes (tests/data/game_cases.json, written by
  scripts/record_game_cases.py), and
* seeded random payloads per game: phrases, structured claims, dice, cards, rules, and
  bad input of every kind (wrong types, out-of-range numbers, signs and fractions,
  non-ASCII digits, integral floats like 5.0, integers past 2**53, unknown fields),

answer for answer: the same result dict, or the same error (code, message, field, HTTP
status); zero
differences, even for characters the browser's newer Unicode has assigned since Python's
(14.0): the page's repr() escapes by Python's table (engine/pyunicode.js).  The
payload goes to the page as JSON text read by the engine's ``parseJson``
(as the page's local router reads a request body), so "5.0" stays a float as it does for
flask.  The phrase reader (engine/phrases.js) and the Python-behaviour helpers
(engine/pystr.js: repr, whitespace; engine/rules.js: JSON) that every game port shares are compared
directly too.  A game whose JS module is not in this checkout is skipped, saying so.

The recorded cases stay current: the recorder's library-test part (no server, ~15 s) is
re-run here and must give exactly the cases recorded from those tests.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from page_session import fresh, page, server  # noqa: F401  (fixtures: the live server, one page)

from solver.errors import LiarsError, shown
from solver.games import dice, phrases, poker
from solver.games.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "api" / "static" / "engine"
CASES = ROOT / "tests" / "data" / "game_cases.json"
RECORDER = ROOT / "scripts" / "record_game_cases.py"
ORDER = ("dice", "post", "liarliar", "poker")
RANDOM_CASES = {"dice": 3000, "poker": 3000, "post": 1500, "liarliar": 1500}

CHECK_IN_PAGE = """async (cases) => {
  const { GAMES } = await import('/static/engine/games.js');
  const { parseJson } = await import('/static/engine/rules.js');
  return JSON.stringify(cases.map(([game, text]) => {
    try { return { ok: GAMES[game].check(parseJson(text)) }; }
    catch (e) {
      return e.asDict ? { err: { ...e.asDict(), status: e.status } }
        : { internal: String(e && e.stack) };
    }
  }));  // one string: far quicker to hand over than thousands of objects
}"""


@pytest.fixture(scope="module")
def engine(page, server):
    """The phone page, loaded once: its engine modules import from its origin."""
    fresh(page, server.url + "/")
    return page


def python_answer(game: str, text: str) -> dict:
    """What the library answers for the request body ``text`` (as flask reads it)."""
    try:
        return {"ok": json.loads(json.dumps(GAMES[game].check(json.loads(text))))}
    except LiarsError as err:
        return {"err": {**err.as_dict(), "status": err.status}}
    except Exception as err:  # noqa: BLE001 -- the API's 500: a library bug, shown as such
        return {"internal": f"{type(err).__name__}: {err}"}


def differences(page, cases: list[tuple[str, str]]) -> list[str]:
    """Each case whose page answer differs from the library's, described."""
    found = []
    for start in range(0, len(cases), 2000):
        batch = cases[start:start + 2000]
        answers = json.loads(page.evaluate(CHECK_IN_PAGE, [list(c) for c in batch]))
        for (game, text), js in zip(batch, answers):
            py = python_answer(game, text)
            if js != py:
                found.append(f"{game} {text}\n    python: {py}\n    page:   {js}")
    return found


def assert_same(page, cases) -> None:
    found = differences(page, cases)
    assert not found, f"{len(found)} of {len(cases)} differ; the first:\n" + "\n".join(found[:8])


def require_module(game: str) -> None:
    if not (ENGINE / f"{game}.js").exists():
        pytest.skip(f"api/static/engine/{game}.js is not in this checkout yet (another "
                    f"branch ports it); its cases are compared once it is merged")


# --- the recorded cases -------------------------------------------------------------------

def recorded() -> dict:
    return json.loads(CASES.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", ORDER)
def test_every_check_in_the_test_suite_gives_the_same_answer(engine, game):
    require_module(game)
    cases = [(c["game"], json.dumps(c["payload"], ensure_ascii=False))
             for c in recorded()["cases"] if c["game"] == game]
    assert len(cases) >= 20, f"only {len(cases)} recorded {game} cases"
    assert_same(engine, cases)


def test_the_recorded_cases_are_current():
    """Re-running the recorder on the library tests gives exactly the cases recorded from them.

    The server tests' cases (the rest of the file) are only re-recorded by running the
    script, which starts servers; the library tests hold most cases and change most often.
    Cases only property tests made ("drawn") are left out of the comparison: what
    hypothesis draws changes with any string constant in the code, not with the tests.
    """
    run = subprocess.run([sys.executable, str(RECORDER), "--fast", "--print"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    fresh = json.loads(run.stdout)
    library = tuple(f"tests/{m}" for m in fresh["modules"])
    key = lambda c: json.dumps([c["game"], c["payload"]], sort_keys=True)  # noqa: E731
    now = {key(c) for c in fresh["cases"] if not c.get("drawn")}
    then = {key(c) for c in recorded()["cases"]
            if c["test"].startswith(library) and not c.get("drawn")}
    assert now == then, (f"tests/data/game_cases.json is stale: run "
                         f"python scripts/record_game_cases.py ({len(now - then)} new cases, "
                         f"{len(then - now)} gone)")
    assert len(now) >= 80


# --- random payloads ------------------------------------------------------------------------

# Values that are wrong somewhere: types, ranges, signs, non-ASCII digits, floats.
ODD = [None, True, False, 0, -1, 2.5, "", " ", "x", "²", "٣", "５", [], {}, [1], {"a": 1},
       "1e3", "3.0", "-2", "\u00a0", "🃏", "ΑΣ", "İ"]
# Only the Python JSON reader tells these from an int; the engine's parseJson too.
PY_ONLY = [5.0, 1e3, 0.0, -0.0, 10 ** 30, 2 ** 53 + 1, 1e300, 1e16, 1e-5]


def odd(rng: random.Random, *, exact: bool = True):
    return rng.choice(ODD + (PY_ONLY if exact else []))


def maybe(rng, p: float) -> bool:
    return rng.random() < p


def pick(rng, good: list, bad: list, p_bad: float = 0.15):
    """Mostly a good value, sometimes a bad one: the checks answer often, refuse often."""
    return rng.choice(bad) if bad and maybe(rng, p_bad) else rng.choice(good)


NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()
FACE_WORDS = ["ones", "twos", "threes", "fours", "fives", "sixes", "aces", "1s", "sevens", "eights",
              "deuces", "2's", "6s", "7s", "zeros", "six", "five", "kings", "sixxes"]


def dice_phrase(rng) -> str:
    quantity = pick(rng, [str(rng.randint(1, 9)), rng.choice(NUMBER_WORDS[1:10]), "a", "an"],
                    [str(rng.randint(0, 14)), "zero", "999", "1000", "twenty", "twelve"])
    face = pick(rng, FACE_WORDS[:10], FACE_WORDS[10:])  # 1s, a face that orders apart
    shape = pick(rng, ["{q} {f}", "{q} {f}", "i bid {q} {f}", "{Q} {F}!", "{q} x {f}",
                       "there are at least {q} {f}"],
                 ["-{q} {f}", "{q}.5 {f}", "{q}", "{f}", "{q} {q} {f}", "{q}-{f}", "+ {q} {f}",
                  "{q},5 {f}", "{f} {q}"], p_bad=0.25)
    return shape.format(q=quantity, f=face, Q=quantity.upper(), F=face.title())


def dice_claim(rng):
    r = rng.random()
    if r < 0.65:
        return dice_phrase(rng)
    if r < 0.95:
        claim = {}
        if maybe(rng, 0.97):
            claim["quantity"] = rng.randint(1, 8) if maybe(rng, 0.9) else odd(rng)
        if maybe(rng, 0.97):
            claim["face"] = rng.randint(1, 7) if maybe(rng, 0.9) else odd(rng)
        if maybe(rng, 0.05):
            claim["phrase"] = "2 fives"
        return claim
    return odd(rng)


def dice_last(rng, claim, faces: int):
    """The bid raised: often one step from the claim, where the bid orders differ."""
    try:
        bid = dice.Bid.parse(claim)
    except LiarsError:
        return dice_claim(rng)
    q, f = bid.quantity, bid.face
    near = [(q, f - 1), (q, f + 1), (q - 1, f), (q + 1, f), (q, f), (q - 1, f + 1),
            (q + 1, f - 1), (2 * q, faces), (2 * q, f), (2 * q + 1, f), (-(-q // 2), 1),
            ((q - 1) // 2, 1), (q // 2, 1), (2 * q - 1, faces)]
    if not maybe(rng, 0.7):
        return dice_claim(rng)
    q, f = rng.choice([(a, b) for a, b in near if a >= 1 and 1 <= b <= faces] or [(1, 1)])
    return rng.choice([{"quantity": q, "face": f}, phrases.format_bid(q, f)])


def dice_faces(rng, faces: int):
    values = [rng.randint(1, faces) for _ in range(rng.randint(0, 12))]
    if maybe(rng, 0.1) and values:
        values[rng.randrange(len(values))] = rng.choice(
            [0, faces + 1, -1, "3", " 4 ", "²", "٣", "５", 2.5, True, None, "x", [1], "007",
             "99999999999999999999999", 5.0, 10 ** 30])
    return values


def dice_dice(rng, faces: int):
    r = rng.random()
    if r < 0.6:
        return dice_faces(rng, faces)
    if r < 0.75:
        return rng.choice([", ", " ", ",", "  "]).join(map(str, dice_faces(rng, faces)))
    if r < 0.95:
        players = rng.sample(["ann", "ben", "cy", "2", "10", "é"], rng.randint(1, 3))
        return {p: dice_faces(rng, faces) if maybe(rng, 0.8) else
                " ".join(map(str, dice_faces(rng, faces))) for p in players}
    if r < 0.97:
        return [rng.randint(1, 6) for _ in range(401)]
    return odd(rng)


def dice_rules(rng):
    if maybe(rng, 0.35):
        return None
    if maybe(rng, 0.02):
        return odd(rng)
    rules = {}
    if maybe(rng, 0.2):
        rules[rng.choice(["dice_each", "dice-each"])] = pick(rng, [1, 5, 20], [21, 0, odd(rng)])
    if maybe(rng, 0.3):
        rules["faces"] = pick(rng, [2, 6, 6, 8, 20], [1, 21, odd(rng)])
    if maybe(rng, 0.4):
        rules["wild"] = pick(rng, [[], [1], [1, 1], [6], [2, 3], [1, 2]],
                             [[7], [0], "1", 1, None, ["1"], [1.5], [1.0]])
    if maybe(rng, 0.6):
        rules[rng.choice(["bid_order", "bid-order"])] = pick(
            rng, ["seed", "quantity-first", "perudo", "perudo"],
            ["Perudo", "quantity_first", 3, None])
    if maybe(rng, 0.01):
        rules["wilds"] = [1]
    return rules


RANK_CODES = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
SUIT_CODES = "SHDC"
SUIT_WORDS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "D": ("♦", "diamonds"),
              "C": ("♣", "clubs")}
RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine",
              "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
              "2": "two"}


def card_text(rng, rank: str, suit: str | None) -> str:
    if suit is None:
        return rng.choice([rank, rank.lower(), RANK_WORDS[rank]])
    r = rng.random()
    if r < 0.6:
        return rank + suit
    if r < 0.75:
        return (rank + suit).lower()
    if r < 0.88:
        return rank + SUIT_WORDS[suit][0]
    return f"{RANK_WORDS[rank]} of {SUIT_WORDS[suit][1]}"


def poker_cards(rng):
    deck = [(r, s) for r in RANK_CODES for s in SUIT_CODES]
    held = rng.sample(deck, rng.randint(0, 10))
    texts = [card_text(rng, r, s if maybe(rng, 0.93) else None) for r, s in held]
    if maybe(rng, 0.15) and texts:
        texts[rng.randrange(len(texts))] = rng.choice(
            ["11", "1", "joker", "KX", "", "K K", "Z", "10h", "Th", "t", 5, None, ["KH"], "²",
             texts[0], "queen of hearts", "Q♡", "kh ", " as"])
    r = rng.random()
    if r < 0.6:
        return texts
    if r < 0.75 and all(isinstance(t, str) and t for t in texts):
        return rng.choice([" ", ", ", ","]).join(texts)
    if r < 0.92:
        players = ["ann", "ben", "cy", "7"]
        split = {}
        for i, text in enumerate(texts):
            split.setdefault(players[i % rng.randint(1, 4)], []).append(text)
        return split
    if r < 0.95:
        return [card_text(rng, r, s) for r, s in deck] + ["2H"]
    return odd(rng, exact=False)


def poker_claim(rng, cards):
    present = [c for c in (cards if isinstance(cards, list) else []) if isinstance(c, str)]
    r = rng.random()
    if r < 0.5:
        hand = rng.choice(poker.all_hands())
        if present and maybe(rng, 0.5):  # a hand near the cards: often made
            try:
                rank = poker.Card.parse(rng.choice(present)).rank
                hand = rng.choice([h for h in poker.all_hands() if h.ranks[0] == rank] or [hand])
            except LiarsError:
                pass
        phrase = phrases.format_hand(hand.name, hand.ranks)
        return rng.choice([phrase, phrase.upper(), f"i bid {phrase}", phrase.replace(",", ""),
                           phrase + " and a king", phrase + " with an ace"])
    if r < 0.65:
        rank = rng.choice(list(RANK_WORDS.values()))
        other = rng.choice(list(RANK_WORDS.values()))
        return rng.choice([f"a pair of {rank}s", f"three {rank}s", f"{rank}s full of {other}s",
                           f"{rank} high", f"two {rank}s and three {other}s", f"four {rank}s",
                           f"{rank}s over {other}s", f"straight to the {rank}", "pair",
                           "a pair and a king", "five of a kind", "full house", f"{rank}",
                           f"two pair {rank}s", "-1 kings", "2.5 kings", "trips 9s"])
    if r < 0.95:
        claim = {}
        if maybe(rng, 0.95):
            claim["hand"] = rng.choice(list(phrases.HANDS) + [" Pair ", "PAIR", "five of a kind",
                                                              5, None, "Two Pair", 5.0])
        if maybe(rng, 0.95):
            size = rng.choice([1, 1, 2, 2, 0, 3])
            ranks = [rng.choice(RANK_CODES + ["ten", " q ", 14, 2, 7, "1", 1, 15, "Z", None,
                                              True, "t", "²", 2.5]) for _ in range(size)]
            claim["ranks"] = ranks if maybe(rng, 0.85) else (ranks[0] if ranks else "K")
        return claim
    return odd(rng, exact=False)


def poker_made(rng):
    """A hand and revealed cards that make it, or miss it by one card, among others."""
    name = rng.choice(phrases.HANDS)
    hand = rng.choice([h for h in poker.all_hands() if h.name == name])
    top, suits = hand.ranks[0], list(SUIT_CODES)
    straight = [14 if r == 1 else r for r in range(top - 4, top + 1)]
    if name in ("high card", "pair", "three of a kind", "four of a kind"):
        n = {"high card": 1, "pair": 2, "three of a kind": 3, "four of a kind": 4}[name]
        held = [(top, s) for s in rng.sample(suits, n)]
    elif name in ("two pair", "full house"):
        first = 2 if name == "two pair" else 3
        held = [(top, s) for s in rng.sample(suits, first)]
        held += [(hand.ranks[1], s) for s in rng.sample(suits, 2)]
    elif name == "straight":
        held = [(r, rng.choice(suits)) for r in straight]
    else:
        suit = rng.choice(suits)
        ranks = straight if name == "straight flush" else \
            [top, *rng.sample(range(2, top), 4)]
        held = [(r, suit) for r in ranks]
    if maybe(rng, 0.3):
        held.pop(rng.randrange(len(held)))
    rest = [(r, s) for r in range(2, 15) for s in suits if (r, s) not in held]
    held += rng.sample(rest, rng.randint(0, 5))
    rng.shuffle(held)
    labels = {14: "A", 13: "K", 12: "Q", 11: "J"}
    cards = [card_text(rng, labels.get(r, str(r)), s if maybe(rng, 0.95) else None)
             for r, s in held]
    claim = phrases.format_hand(hand.name, hand.ranks) if maybe(rng, 0.6) else \
        {"hand": hand.name, "ranks": [labels.get(r, str(r)) for r in hand.ranks]}
    return claim, cards


def poker_rules(rng):
    if maybe(rng, 0.4):
        return None
    if maybe(rng, 0.05):
        return odd(rng)
    rules = {}
    if maybe(rng, 0.6):
        ladder = list(phrases.HANDS)
        rng.shuffle(ladder)
        rules["ladder"] = pick(rng, ["standard", "short-deck", "short-deck", ladder],
                               ["Standard", "bogus", ladder[:8], ladder[:8] + ladder[:1], 5,
                                None, ladder[:8] + [5], {}])
    if maybe(rng, 0.3):
        rules[rng.choice(["card_limit", "card-limit"])] = pick(
            rng, [1, 4, 10], [0, 11, "4", 2.5, 4.0, None, 10 ** 30])
    return rules


def random_payload(game: str, rng: random.Random):
    if game == "dice":
        rules = dice_rules(rng)
        faces = rules.get("faces", 6) if isinstance(rules, dict) else 6
        faces = faces if isinstance(faces, int) and 2 <= faces <= 20 else 6
        body = {"claim": dice_claim(rng), "dice": dice_dice(rng, faces)}
        if maybe(rng, 0.5):
            body["last"] = dice_last(rng, body["claim"], faces)
    elif game == "poker":
        rules = poker_rules(rng)
        if maybe(rng, 0.5):
            claim, cards = poker_made(rng)
        else:
            cards = poker_cards(rng)
            claim = poker_claim(rng, cards)
        body = {"claim": claim, "cards": cards}
        if maybe(rng, 0.4):
            body["last"] = poker_claim(rng, cards)
    elif game == "post":
        rules = pick(rng, [None, None, {"one_deck": True}, {"one-deck": False},
                           {"eight_different": True}, {"one_deck": True, "eight-different": True}],
                     [{"one_deck": "yes"}, {"jokers": 1}, 5])
        kind = rng.choice(["Q", "queen", "this is a queen", "this is an ace", "10", "7", "2",
                           "this is a 7", "kings", "QH", "Q♥", "two queens", 12, 7, 2, True, None,
                           {"kind": "K"}, {"kind": 11}, {"rank": "K"}, "joker", ""])
        body = {"claim": kind, "card": card_text(rng, rng.choice(RANK_CODES[:8] + ["2"]),
                                                 rng.choice([*SUIT_CODES, None]))}
        if maybe(rng, 0.5):
            body["call"] = rng.choice([True, False, "true", "false", "True", "False", "yes",
                                       None, 1])
        if maybe(rng, 0.4):
            body["face_up"] = rng.choice([[rng.choice(["Q", "7", "A", "K"]) for _ in
                                           range(rng.randint(0, 9))], "7 7 7", "Q Q Q Q",
                                          "A K Q J 10 9 8 7", 5, ["2"], ["joker"]])
        if maybe(rng, 0.3):
            body["players"] = rng.choice([2, 3, 6, 1, 7, "3", None, True])
    else:
        rules = pick(rng, [None, None, {"timer": 10}, {"timer": "30s"}, {"timer": "none"},
                           {"timer": " 10 S "}, {"timer": None}],
                     [{"timer": 20}, {"timer": True}, {"timers": 1}, {"timer": "²"}])
        claim = rng.choice(["two kings", "three aces", "one queen", "two", "kings", "king",
                            "tens", "a jack", "four kings", "two jokers", "joker", "zero kings",
                            "two k", "3 sevens", {"count": 2, "rank": "K"}, {"rank": "joker"},
                            {"count": 4, "rank": "K"}, {"rank": 13}, 5, None, ""])
        cards = [card_text(rng, rng.choice(RANK_CODES), rng.choice(SUIT_CODES))
                 if maybe(rng, 0.8) else "joker" for _ in range(pick(rng, [1, 2, 3], [0, 4]))]
        body = {"claim": claim, "cards": cards if maybe(rng, 0.8) else " ".join(cards)}
    if rules is not None or maybe(rng, 0.05):
        body["rules"] = rules
    if maybe(rng, 0.015):
        body[rng.choice(["tiles", "extra", "Claim"])] = 1
    if maybe(rng, 0.015):
        body.pop(rng.choice(list(body)))
    if maybe(rng, 0.01):
        return rng.choice([[body], "claim", None, 5])
    return body


@pytest.mark.parametrize("game", ORDER)
def test_random_checks_give_the_same_answer(engine, game):
    require_module(game)
    rng = random.Random(f"engine-{game}")
    cases = [(game, json.dumps(random_payload(game, rng), ensure_ascii=False))
             for _ in range(RANDOM_CASES[game])]
    answers = [python_answer(game, text) for _, text in cases]
    assert not [a for a in answers if "internal" in a], "the library itself failed"
    # the cases reach past the refusals: many checks answer, many refuse
    ok = sum("ok" in a for a in answers)
    assert len(cases) * 0.15 < ok < len(cases) * 0.9, f"{ok} of {len(cases)} answered"
    assert_same(engine, cases)


def raise_cases() -> list[tuple[str, str]]:
    """Every pair of small dice bids under each bid order, and poker hand pairs (the same
    hand, its neighbours, any other) under each ladder: the raise rules, exhaustively."""
    dice_in_play = [1, 2, 3, 4, 5, 6] * 2
    cases = [("dice", json.dumps({"claim": {"quantity": q, "face": f}, "dice": dice_in_play,
                                  "last": {"quantity": lq, "face": lf},
                                  "rules": {"bid_order": order}}))
             for order in dice.BID_ORDERS for q in range(1, 7) for f in range(1, 7)
             for lq in range(1, 7) for lf in range(1, 7)]
    rng = random.Random("engine-raises")
    hands = poker.all_hands()
    ladder = list(phrases.HANDS)
    rng.shuffle(ladder)
    for _ in range(1500):
        hand = rng.choice(hands)
        near = [h for h in hands if h.name == hand.name and
                max(abs(a - b) for a, b in zip(h.ranks, hand.ranks)) <= 1]
        last = rng.choice([hand, rng.choice(near), rng.choice(hands)])
        said = [phrases.format_hand(h.name, h.ranks) if maybe(rng, 0.5) else
                {"hand": h.name, "ranks": [poker.rank_name(r) for r in h.ranks]}
                for h in (hand, last)]
        cases.append(("poker", json.dumps({"claim": said[0], "cards": [], "last": said[1],
                                           "rules": {"ladder": rng.choice(
                                               ["standard", "short-deck", ladder])}})))
    return cases


def test_raise_orders_give_the_same_answer(engine):
    cases = raise_cases()
    answers = [python_answer(game, text) for game, text in cases]
    legal = [a["ok"].get("raise", a["ok"].get("higher"))["legal"] for a in answers]
    assert 0.3 < sum(legal) / len(legal) < 0.7
    assert_same(engine, cases)


# --- the pieces every port shares ------------------------------------------------------------

PHRASE_WORDS = ["a", "an", "one", "two", "three", "five", "six", "sixes", "aces", "ace", "king",
                "kings", "k", "ks", "k's", "q", "j", "queen", "jack", "jacks", "ten", "tens",
                "10", "10s", "10's", "2", "3s", "999", "1000", "0", "twenty", "deuces", "pair",
                "two pair", "one pair", "pairs", "high", "card", "full", "house", "boat",
                "trips", "quads", "of", "a kind", "kind", "over", "and", "with", "to", "this is",
                "this is a", "it's", "its", "it is", "that's", "i bid", "the", "there are",
                "at least", "x", "dice", "spades", "spade", "hearts", "♠", "♥", "♦", "♣",
                "joker", "jokers", "straight", "flush", "straight flush", "sixxes", "ones",
                "zero", "eleven", "in", "high card", "three of a kind", "four of a kind",
                "full house", "two pairs"]
PHRASE_JUNK = [",", ".", "!", "-", "–", "—", "’", "'", "1.5", "-1", "+2", "2-5", "−3", "½",
               "²", "é", "İ", "\u00a0", "\u2003", "\t", "?", "(", "/", "3/4", "ΑΣ", "🃏",
               "\u200b", "x2", "2x", "a-", "-k", "٣"]


def random_phrase(rng) -> str:
    words = []
    for _ in range(rng.randint(0, 7)):
        word = rng.choice(PHRASE_WORDS) if maybe(rng, 0.8) else rng.choice(PHRASE_JUNK)
        if maybe(rng, 0.1):  # a word cut short: the automaton's fail links at work
            word = word[:rng.randint(1, len(word))]
        words.append(word.upper() if maybe(rng, 0.1) else word)
    glue = [rng.choice([" ", "  ", ", ", "-", ""]) if maybe(rng, 0.3) else " " for _ in words]
    return "".join(w + g for w, g in zip(words, glue)).strip()


PHRASES_IN_PAGE = """async (texts) => {
  const m = await import('/static/engine/phrases.js');
  const run = (f, t) => {
    try { return { ok: f(t) }; }
    catch (e) { return e.asDict ? { err: e.asDict() } : { internal: String(e) }; }
  };
  return JSON.stringify(texts.map((t) => [run(m.tokenize, t), run(m.parseBid, t),
    run(m.parseKind, t), run(m.parsePlay, t), run(m.parseHand, t)]));
}"""


def python_phrase_answers(text: str) -> list[dict]:
    answers = []
    for read in (phrases.tokenize, phrases.parse_bid, phrases.parse_kind, phrases.parse_play,
                 phrases.parse_hand):
        try:
            value = read(text)
            if read is phrases.tokenize:
                value = [[{"text": t.text, "kind": t.kind, "value": t.value, "plural": t.plural}
                          for t in value[0]], value[1]]
            answers.append({"ok": json.loads(json.dumps(value))})
        except LiarsError as err:
            answers.append({"err": err.as_dict()})
    return answers


def test_phrases_are_read_and_refused_as_the_library_does(engine):
    rng = random.Random("engine-phrases")
    texts = [random_phrase(rng) for _ in range(2500)] + [
        "five sixxes", "three of", "x" * 201, "-1 sixes", "2-5 sixes", "a pair and a king",
        "three of a kind with a jack", "kings full of threes", "two jacks and three kings",
        "this is an", "three of a", "full house of", "i bid", ""]
    answers = json.loads(engine.evaluate(PHRASES_IN_PAGE, texts))
    found = [f"{t!r}\n    python: {p}\n    page:   {a}" for t, a in zip(texts, answers)
             if a != (p := python_phrase_answers(t))]
    assert not found, f"{len(found)} of {len(texts)} differ:\n" + "\n".join(found[:6])


REPR_IN_PAGE = """async (texts) => {
  const r = await import('/static/engine/rules.js');
  const py = await import('/static/engine/pystr.js');
  return texts.map((t) => { const v = r.parseJson(t);
    return [py.repr(v), r.shown(v), py.typeName(v), r.smallInt(v),
            r.isStr(v) ? py.split(v) : null]; });
}"""


def random_json(rng, depth: int = 0):
    r = rng.random()
    if depth < 2 and r < 0.2:
        return [random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if depth < 2 and r < 0.35:
        return {rng.choice(["a", "2", "10", "b'", 'q"', "é", "x y"]): random_json(rng, depth + 1)
                for _ in range(rng.randint(0, 4))}
    if r < 0.55:
        return rng.choice(ODD + PY_ONLY + [1.5e16, 1e-7, 123456789.125, -0.1, 1e21, 2 ** 63])
    return "".join(rng.choice(["a", "'", '"', "\\", "\n", "\t", "\x7f", "\x85", "\xa0", "\xad",
                               "\u200b", "\u2028", "\ufeff", "é", "🃏", " ", "7", "\x1c",
                               "\u3000"]) for _ in range(rng.randint(0, 60)))


def test_python_values_are_named_as_python_names_them(engine):
    """repr, the cut-short repr in messages, type names, small_int and str.split()."""
    rng = random.Random("engine-repr")
    values = [random_json(rng) for _ in range(1500)] + [" 7 ", "1" * 21, "0" * 20, "٣"]
    texts = [json.dumps(v, ensure_ascii=False) for v in values]
    answers = engine.evaluate(REPR_IN_PAGE, texts)
    from solver.games.table import small_int
    found = []
    for text, got in zip(texts, answers):
        value = json.loads(text)
        want = [repr(value), shown(value), type(value).__name__, small_int(value),
                value.split() if isinstance(value, str) else None]
        if got != want:
            found.append(f"{text}\n    python: {want}\n    page:   {got}")
    assert not found, f"{len(found)} differ:\n" + "\n".join(found[:6])
