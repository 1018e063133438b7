"""Golden vectors of the sister games' checks, the phrase reader and Python's names for values.

The engine's ``GAMES[name].check(payload)`` (api/static/engine/games.js) must answer as
``solver.games.registry.GAMES[name].check(payload)`` on

* ``suite``: every sister-game check the test suite makes (tests/data/game_cases.json,
  written by scripts/record_game_cases.py);
* ``random``: seeded random payloads per game: phrases, structured claims, dice, cards,
  rules, and bad input of every kind (wrong types, out-of-range numbers, signs and
  fractions, non-ASCII digits, integral floats like 5.0, integers past 2**53, unknown
  fields);
* ``raises``: every pair of small dice bids under each bid order, and poker hand pairs
  under each ladder (the raise rules, exhaustively);

each body as JSON text, read by the engine's ``parseJson`` (as the page's local router
reads a request body: "5.0" stays a float, as for flask).  ``phrases``: the phrase reader
(engine/phrases.js: tokenize and the four parsers) on random phrases; ``pyvalues``: the
Python-behaviour helpers every port shares (repr, the cut-short repr of messages, type
names, small_int, str.split) on random JSON values.
"""

from __future__ import annotations

import json
import random

from solver.errors import LiarsError, shown
from solver.games import phrases
from solver.games.dice import game as dice
from solver.games.poker import game as poker
from solver.games.registry import GAMES
from solver.games.table import small_int

from . import ROOT, answered, encode, of_set

CASES = ROOT / "tests" / "data" / "game_cases.json"
ORDER = ("dice", "post", "liarliar", "poker")
RANDOM_CASES = {"dice": 3000, "poker": 3000, "post": 1500, "liarliar": 1500}

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


def compact(value) -> str:
    """A request body as JSON text (non-ASCII as is, no spaces)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def raise_cases() -> list[tuple[str, str]]:
    """Every pair of small dice bids under each bid order, and poker hand pairs (the same
    hand, its neighbours, any other) under each ladder: the raise rules, exhaustively."""
    dice_in_play = [1, 2, 3, 4, 5, 6] * 2
    cases = [("dice", compact({"claim": {"quantity": q, "face": f}, "dice": dice_in_play,
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
        cases.append(("poker", compact({"claim": said[0], "cards": [], "last": said[1],
                                        "rules": {"ladder": rng.choice(
                                            ["standard", "short-deck", ladder])}})))
    return cases


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


def _tokenize(text):
    tokens, unknown = phrases.tokenize(text)
    return [[{"text": t.text, "kind": t.kind, "value": t.value, "plural": t.plural}
             for t in tokens], unknown]


# tokenize, then the four games' parsers, in this order on both sides
PHRASE_READERS = (_tokenize, phrases.parse_bid, phrases.parse_kind, phrases.parse_play,
                  phrases.parse_hand)


# --- the cases ------------------------------------------------------------------------------

def suite_cases() -> list[dict]:
    recorded = json.loads(CASES.read_text(encoding="utf-8"))["cases"]
    return [{"set": "suite", "game": c["game"], "body": compact(c["payload"])} for c in recorded]


def random_cases() -> list[dict]:
    cases = []
    for game in ORDER:
        rng = random.Random(f"engine-{game}")
        cases += [{"set": "random", "game": game,
                   "body": compact(random_payload(game, rng))}
                  for _ in range(RANDOM_CASES[game])]
    return cases


def phrase_cases() -> list[dict]:
    rng = random.Random("engine-phrases")
    texts = [random_phrase(rng) for _ in range(2500)] + [
        "five sixxes", "three of", "x" * 201, "-1 sixes", "2-5 sixes", "a pair and a king",
        "three of a kind with a jack", "kings full of threes", "two jacks and three kings",
        "this is an", "three of a", "full house of", "i bid", "", "royal flush",
        "a royal flush", "royal flush, ace high", "royal flush, king high", "royal flushes",
        "royal flush of kings", "i bid a royal flush", "two royal flushes", "royal"]
    return [{"set": "phrases", "text": text} for text in texts]


def pyvalue_cases() -> list[dict]:
    rng = random.Random("engine-repr")
    values = [random_json(rng) for _ in range(1500)] + [" 7 ", "1" * 21, "0" * 20, "٣"]
    return [{"set": "pyvalues", "json": compact(v)} for v in values]


def long_cases() -> list[dict]:
    """Bodies with many or long unknown fields: the message names a few, each cut short."""
    bodies = [{f"k{i}": 1 for i in range(300)}, {"x" * 60: 1, "y": 2},
              {"😀" * 45: 1, "a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6},
              {"extra": 1, "Claim": 2}]
    return [{"set": "long", "game": game, "body": compact({**minimal, **extra})}
            for game, minimal in (("dice", {"claim": "2 fives", "dice": [5]}),
                                  ("post", {"claim": "Q", "card": "QH"}),
                                  ("liarliar", {"claim": "two kings", "cards": "KH KS"}),
                                  ("poker", {"claim": "ace high", "cards": "AH"}))
            for extra in bodies]


def cases() -> list[dict]:
    """Every case of tests/golden/games.json, unanswered."""
    raises = [{"set": "raises", "game": game, "body": body} for game, body in raise_cases()]
    return (suite_cases() + random_cases() + raises + phrase_cases() + pyvalue_cases()
            + long_cases())


# --- the library's answers --------------------------------------------------------------------

def check_answer(game: str, text: str) -> dict:
    """What the library answers for the request body ``text`` (as flask reads it)."""
    try:
        return answered(GAMES[game].check, json.loads(text))
    except Exception as err:  # noqa: BLE001 -- the API's 500: a library bug, shown as such
        return {"internal": f"{type(err).__name__}: {err}"}


def answer(case: dict):
    if case["set"] == "phrases":
        return [answered(read, case["text"]) for read in PHRASE_READERS]
    if case["set"] == "pyvalues":
        value = json.loads(case["json"])
        return encode([repr(value), shown(value), type(value).__name__, small_int(value),
                       value.split() if isinstance(value, str) else None])
    return check_answer(case["game"], case["body"])


# --- what the cases must reach ------------------------------------------------------------------

def check_coverage(cases: list[dict]) -> None:
    """The recorded cases are worth comparing: they reach answers and refusals of each kind."""
    assert not [c for c in cases if "internal" in c.get("answer", {})], \
        "the library itself failed"
    for game in ORDER:
        suite = [c for c in of_set(cases, "suite") if c["game"] == game]
        assert len(suite) >= 20, f"only {len(suite)} recorded {game} cases"
        drawn = [c["answer"] for c in of_set(cases, "random") if c["game"] == game]
        ok = sum("ok" in a for a in drawn)
        assert len(drawn) * 0.15 < ok < len(drawn) * 0.9, f"{game}: {ok} of {len(drawn)} answered"
    legal = [a["answer"]["ok"].get("raise", a["answer"]["ok"].get("higher"))["legal"]
             for a in of_set(cases, "raises")]
    assert 0.3 < sum(legal) / len(legal) < 0.7
    assert len(of_set(cases, "phrases")) > 2500 and len(of_set(cases, "pyvalues")) > 1500
