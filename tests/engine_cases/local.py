"""Golden vectors of the page's local router (engine/local.js): the server's status and JSON.

``handle(method, path, body)`` is what the page asks when no server is there; it must
answer as the Flask API (``create_app()``'s test client, the default configuration):

* ``random``: word-judge plays over every lexicon, with odd input (non-letters, other
  scripts, every kind of space, the limits of 100 words and 40 letters); raises; calls,
  highest sets and subwords on 1,600 random racks of 1 to 40 tiles drawn from either tile
  set's bag, over every lexicon, with declarations that are the highest, lower, of the same
  shape, leaving tiles, not words, or not among the tiles; single-word checks with odd
  URLs; near-miss bodies of every field;
* ``bad``: every bad request of tests/test_api_live.py, tests/test_api_hardening.py and
  tests/test_front_ends.py for these endpoints, the API's own examples, and routing:
  unknown paths, wrong methods, the body limit;
* ``needs_server``: what only the server answers (the page says so: 503 needs_server);
* ``sister``: each sister game's check, by its engine;
* ``table``: racks of 41 to 60 tiles (a table of up to 15 players at the default tile limit),
  solved and called with no budget: the page's default must give the CLI's answer (recorded
  at the CLI's default budget, every one proven), whatever the phone's speed, so these are
  compared whole; two of them take this machine's node engine about 3 s.

Only the search's proof depends on time (both sides search under the API's default budget
of 2 s): where one side did not prove its highest set in time, the answers must agree on
everything the budget cannot change and their bounds must be consistent, and an undecided
call must say so rather than guess (``timing_only``; tests/node/local.test.mjs has the same
rule); every other answer is compared whole.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from urllib.parse import quote

from api import create_app
from solver import load_lexicon
from solver.games.registry import GAMES
from solver.search.highest import highest
from solver.search.layered import DEFAULT_BUDGET
from solver.words.tiles import TILE_SETS, Tiles

from . import encode, of_set

SEED = 2026
LEXICONS = ["twl06", "sowpods", "csw19"]
RACKS = 1600  # random racks over the call, highest and subwords requests
V1 = "/api/v1"
SOLVES = ("/letters/highest", "/letters/call")
ODD = ["don't", "café", "e-mail", "b1g", "\u212aa", "ſt", "İs", "ß", "\U0001F600", "\ud800x",
       "\u0663", "\uff21b", "b\u200bg", "\x00", "a\u0301", "naïve", "\"", "\\", "?"]
SEPARATORS = [", ", " ", ";", "+", ",;+ ", "\t", "\n", "\u3000", "\x1c", "\x85", "\u2028",
              "\ufeff", "-", "/"]
LEXICON_NAMES = [None, "twl06", "sowpods", "csw19", " CSW19 ", "TWL06", "Sowpods\x1c", "",
                 "klingon", 7, "x" * 65, "/etc/passwd", "~\u0000x", "twl06.words.marisa",
                 "\ufefftwl06", "\u212aw"]


def flask_answer(client, method: str, path: str, body) -> dict:
    """The API's answer; a body is sent as the page sends it (compact JSON)."""
    if method == "GET":
        r = client.get(V1 + path)
    else:
        data = b"" if body is None else json.dumps(body, separators=(",", ":"))
        r = client.open(V1 + path, method=method, data=data, content_type="application/json")
    return {"status": r.status_code, "body": r.get_json() if r.get_data() else None}


# --- comparing

def words_of(lexicon: str) -> list[str]:
    return list(load_lexicon(lexicon)._words.keys())


def _bounds_agree(a: dict, b: dict, shape: str, upper: str) -> bool:
    """Both answers' sets lie under both answers' bounds (a proven answer's bound is itself)."""
    low = max(a[shape], b[shape])
    return low <= a[upper] and low <= b[upper]


def _a_real_set(body: dict, words_key: str) -> bool:
    """The set found uses every tile once, and each word is a word (or a single letter)."""
    lex = load_lexicon(body["lexicon"])
    words = body[words_key]
    return (Counter("".join(words).upper()) == Counter(body["tiles"])
            and all(len(w) == 1 or w in lex for w in words))


def _clock_chose_the_words(path: str, request_body, py: dict, js: dict) -> bool:
    """Under a budget below a second either search may stop on the clock as soon as its
    set meets the bound: both proven, the same shape and ruling, other words (and the
    reason that names them)."""
    budget = request_body.get("budget") if isinstance(request_body, dict) else None
    if isinstance(budget, bool):
        return False
    try:
        seconds = float(budget)
    except (TypeError, ValueError):
        return False
    if not 0 < seconds < 1:
        return False
    words = "words" if path == "/letters/highest" else "highest"
    if not _a_real_set(js, words):
        return False
    rest = lambda body: {k: v for k, v in body.items() if k not in (words, "reason")}
    if rest(py) != rest(js):
        return False
    return "reason" not in py or py["reason"].replace(
        ", ".join(py[words]), ", ".join(js[words])) == js["reason"]


def timing_only(path: str, want: dict, have: dict, request_body=None) -> bool:
    """Do two answers differ only where the search's time budget may make them differ?"""
    if path not in SOLVES or want["status"] != 200 or have["status"] != 200:
        return False
    py, js = want["body"], have["body"]
    if py["proven"] and js["proven"]:
        return _clock_chose_the_words(path, request_body, py, js)
    if path == "/letters/highest":
        fixed = ("tiles", "lexicon", "tile_set")
        return (all(py[k] == js[k] for k in fixed) and _bounds_agree(py, js, "shape",
                                                                       "upper_bound")
                and _a_real_set(js, "words") and (js["proven"] or js["stopped"] == "budget"))
    fixed = ("call", "declared", "declared_shape", "exists", "tiles", "tile_set", "lexicon")
    if not all(py[k] == js[k] for k in fixed):
        return False
    if not _bounds_agree(py, js, "highest_shape", "upper_bound"):
        return False
    if py["call"] == "bullshit" or (py["decided"] and js["decided"]):
        return (py["decided"], py["ruling"]) == (js["decided"], js["ruling"])
    undecided = js if not js["decided"] else py
    return (undecided["ruling"] is None and undecided["is_highest"] is None
            and "exists, but whether it is the highest is not proven" in undecided["reason"])


# --- random requests -----------------------------------------------------------------------

def rack(rng: random.Random, size: int | None = None) -> tuple[str, str]:
    """Tiles drawn from a tile set's bag, typed as a player might; and the set's name."""
    name = rng.choice(list(TILE_SETS))
    bag = "".join(letter * n for letter, n in TILE_SETS[name].counts.items())
    tiles = rng.sample(bag, size or rng.randint(1, 40))
    typed = "".join(t.lower() if rng.random() < 0.2 else t for t in tiles)
    if rng.random() < 0.1:
        typed = ", ".join(typed)
    return typed, name


def play(rng: random.Random, vocabulary: list[str]):
    """A play as typed: real words, non-words, single letters, odd characters, any case."""
    parts = []
    for _ in range(rng.choice([0, 1, 1, 2, 3, 4, 6])):
        kind = rng.random()
        if kind < 0.55:
            word = rng.choice(vocabulary)
        elif kind < 0.7:
            word = "".join(rng.choice("abcdeilnorstuzq") for _ in range(rng.randint(2, 7)))
        elif kind < 0.8:
            word = rng.choice("abcdefghijklmnopqrstuvwxyz")
        else:
            word = rng.choice(ODD)
        if rng.random() < 0.2:
            word = word.upper() if rng.random() < 0.5 else word.capitalize()
        parts.append(word)
    if rng.random() < 0.4:
        return parts + ([""] if rng.random() < 0.1 else [])
    return rng.choice(SEPARATORS).join(parts)


def with_lexicon(rng: random.Random, body: dict, often: float = 0.7) -> dict:
    if rng.random() < often:
        body["lexicon"] = rng.choice(LEXICONS)
    elif rng.random() < 0.5:
        body["lexicon"] = rng.choice(LEXICON_NAMES)
    return body


def judge_requests(rng: random.Random, vocabularies: dict, count: int) -> list:
    requests = []
    for _ in range(count):
        body = with_lexicon(rng, {"words": play(rng, vocabularies[rng.choice(LEXICONS)])})
        kind = rng.random()
        if kind < 0.03:
            body["words"] = ["a"] * rng.choice([100, 101])
        elif kind < 0.06:
            body["words"] = "q" * rng.choice([40, 41]) + " big"
        elif kind < 0.08:
            body["words"] = rng.choice([5, None, True, {"big": 1}, ["big", 5], [], "", " , "])
        elif kind < 0.1:
            body[rng.choice(["word", "Words", "lexicon_", "\U0001F600" * 50])] = 1
        elif kind < 0.11:
            del body["words"]
        requests.append(["POST", "/judge", body])
    return requests


def raise_requests(rng: random.Random, vocabularies: dict, count: int) -> list:
    requests = []
    for _ in range(count):
        vocabulary = vocabularies[rng.choice(LEXICONS)]
        body = {"declared": play(rng, vocabulary)}
        previous = rng.random()
        if previous < 0.5:
            body["previous"] = play(rng, vocabulary)
        elif previous < 0.7:
            body["previous"] = rng.choice([None, "", [], "  ", [""], 3, ["it", 3], {"a": 1}])
        requests.append(["POST", "/letters/raise", with_lexicon(rng, body)])
    return requests


def declaration(rng: random.Random, tiles: str, tile_set: str, lexicon: str,
                vocabulary: list[str]):
    """A declaration on these tiles: the highest, a lower or equal one, or not there at all."""
    try:
        best = list(highest(Tiles.parse(tiles, tile_set), lexicon, budget=None).words)
    except Exception:  # tiles the tile set refuses: any declaration will do
        best = ["big"]
    kind = rng.random()
    if kind < 0.35:
        words = best
    elif kind < 0.5 and len(best) > 1:
        words = best[:-1]  # leaves tiles unused
    elif kind < 0.6:
        words = best[:-1] + [best[-1] + rng.choice("aeis")]  # one tile more
    elif kind < 0.7:
        lex = load_lexicon(lexicon)
        formable = lex.words_from(Tiles.parse(tiles, tile_set)) if len(best) else []
        words = rng.sample(formable, min(len(formable), rng.randint(1, 3))) or ["q"]
    elif kind < 0.8:
        words = [rng.choice(vocabulary) for _ in range(rng.randint(1, 3))]
    elif kind < 0.88:
        words = best + ["zzxq"]  # not a word
    else:
        words = [w.upper() for w in best]
    return ", ".join(words) if rng.random() < 0.5 else words


def solve_requests(rng: random.Random, vocabularies: dict, racks: int) -> list:
    requests = []
    for i in range(racks):
        tiles, tile_set = rack(rng)
        lexicon = rng.choice(LEXICONS)
        body = {"tiles": tiles, "lexicon": lexicon}
        if tile_set == "bananagrams" or rng.random() < 0.3:
            body["tile_set"] = tile_set if rng.random() < 0.97 else "scrabble"
        which = i % 10
        if which < 6:
            body["declared"] = declaration(rng, tiles, body.get("tile_set"), lexicon,
                                           vocabularies[lexicon])
            body["call"] = rng.choice(["exact", "exact", "bullshit", "EXACT", " Bullshit "])
            if rng.random() < 0.2:  # 0: only what is proven at once (undecided calls)
                body["budget"] = rng.choice([0, "0", 0, 0.001, 0.5, "1", -1, "nan", 61, True,
                                             "1e400"])
            requests.append(["POST", "/letters/call", body])
        elif which < 9:
            if rng.random() < 0.05:
                body["budget"] = rng.choice([0, 0.25, "2", "abc", None])
            requests.append(["POST", "/letters/highest", body])
        else:
            if rng.random() < 0.6:
                body["tiles"] = tiles[:rng.randint(1, 15)]
            if rng.random() < 0.5:
                body["limit"] = rng.choice([0, 1, 5, 20, 1000, 5000, 5001, -1, 2.0, 2.5, "5",
                                            True, None])
            requests.append(["POST", "/letters/subwords", body])
    return requests


def compare_requests(rng: random.Random, vocabularies: dict, count: int) -> list:
    vocabulary = vocabularies["twl06"]
    return [["POST", "/letters/compare", {"a": play(rng, vocabulary), "b": play(rng, vocabulary)}]
            for _ in range(count)]


def word_requests(rng: random.Random, vocabularies: dict) -> list:
    words = ["Bigger", "biggerr", "q", "bigg", "big g", "don't", " ", "a" * 41, "café", "ZEN",
             "\u212aa", "b1g", "a%2Fb", "qi", "+"] + rng.sample(vocabularies["csw19"], 10)
    requests = []
    for word in words:
        for name in [None, "csw19", " SOWPODS ", "", "klingon", "x" * 65]:
            query = "" if name is None else "?lexicon=" + quote(name, safe="")
            path = word if word == "a%2Fb" else quote(word, safe="")
            requests.append(["GET", f"/words/{path}{query}", None])
    # URLs as typed: bad escapes, bytes that are not UTF-8, repeated and blank parts
    bad_utf8 = "%C3%A9%ff%E2%84a%F0%9F%98%80%ED%A0%80%F4%90%80%80%C0%AFz%e2"
    for url in [f"/words/{bad_utf8}", f"/words/q?lexicon={bad_utf8}", "/words/%", "/words/%2",
                "/words/big+g", "/words/a%00b", "/words/BIG?lexicon=csw19&lexicon=twl06",
                "/words/q?lexicon&lexicon=csw19", "/words/q?&&lexicon=csw19",
                "/words/q?lexicon=%zz%", "/words/q?lexicon=csw19;x=1", "/words/qi?x=1",
                "/words/q?lexic%6Fn=csw19", "/words/q?lexicon=%F0%9F%98", "/words/ZA?lexicon="]:
        requests.append(["GET", url, None])
    return requests


FIELDS = {
    "/judge": ["words", "lexicon"],
    "/letters/highest": ["tiles", "lexicon", "tile_set", "budget"],
    "/letters/subwords": ["tiles", "lexicon", "tile_set", "limit"],
    "/letters/compare": ["a", "b"],
    "/letters/raise": ["previous", "declared", "lexicon"],
    "/letters/call": ["tiles", "declared", "call", "lexicon", "tile_set", "budget"],
}
GOOD = {
    "tiles": ["ABEGIRR", "qiz", "", "A B-C,D", "EEEE", "JQXZ"],
    "words": ["big, g, er", ["qi", "za"]], "a": ["big", "it is so"], "b": [["bigger"], "b"],
    "previous": ["it", "big, g"], "declared": ["giber, ar", "big", "qi"],
    "lexicon": LEXICONS, "tile_set": ["scrabble", "bananagrams", "Bananagrams "],
    "budget": [0, 0.05, "0.05", 1], "limit": [0, 3, 20],
    "call": ["exact", "bullshit", " EXACT"],
}


def json_value(rng: random.Random, depth: int = 0):
    """Any JSON value: every type, odd text, numbers at the edges."""
    kind = rng.randrange(8 if depth < 2 else 5)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.choice([0, -1, 1, 7, 2**53, -(2**53), 10**20, 5000, 5001, 61, 60])
    if kind == 2:
        return rng.choice([0.5, -0.0, 1e300, -1e-300, 2.0, 59.99, 60.000001, 1e20, 3.5])
    if kind in (3, 4):
        return "".join(rng.choice(ODD + list("ABEGIRRabegirr ,-;+7")) for _ in
                       range(rng.randint(0, 6)))
    if kind in (5, 6):
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(["a", "words", "", "\U0001F600"]): json_value(rng, depth + 1)
            for _ in range(rng.randint(0, 2))}


def near_miss_requests(rng: random.Random, count: int) -> list:
    """Bodies of each endpoint's own fields, each good or of any JSON type, sometimes one
    field more (as tests/test_api_fuzz.py sends them)."""
    requests = []
    for _ in range(count):
        path = rng.choice(sorted(FIELDS))
        body = {}
        for field in FIELDS[path]:
            roll = rng.random()
            if roll < 0.55:
                body[field] = rng.choice(GOOD[field])
            elif roll < 0.8:
                body[field] = json_value(rng)
        if rng.random() < 0.1:
            body[rng.choice(["x", "Tiles", "budget", "limit", "\x00", "a" * 45])] = 1
        requests.append(["POST", path, body])
    return requests


# --- the bad requests the API's own tests send -----------------------------------------------

BAD_REQUESTS = [
    # tests/test_api_live.py: wrong types and values name the field
    ("/letters/highest", {"tiles": 5}), ("/letters/highest", {"tiles": ["A", "B"]}),
    ("/letters/highest", {}), ("/letters/highest", {"tiles": "AB", "lexicon": 7}),
    ("/letters/highest", {"tiles": "AB", "tile_set": ["scrabble"]}),
    ("/letters/highest", {"tiles": "AB", "budget": "fast"}),
    ("/letters/highest", {"tiles": "AB", "budget": -1}),
    ("/letters/highest", {"tiles": "AB", "budget": True}),
    ("/letters/highest", {"tiles": "AB", "budget": 10**30}),
    ("/letters/highest", {"tiles": "AB", "budget": 10**400}),
    ("/letters/highest", {"tiles": "AB", "budget": -(10**400)}),
    ("/letters/highest", {"tiles": "AAAAAAABBCCDDDEEEEEEEEEFFGGHHIIIIIIIJKLLLMNNNNNOOOOOOPPRRRRSSS"
                                   "TTTTUUUVVWXY", "budget": 0.3}),  # unproven in its budget
    ("/letters/highest", {"tiles": "AB", "budget": 1e300}),
    ("/letters/highest", {"tiles": "AB", "tile": "x"}),
    ("/letters/subwords", {"tiles": "AB", "limit": "ten"}),
    ("/letters/subwords", {"tiles": "AB", "limit": -1}),
    ("/judge", {"words": {"big": 1}}), ("/judge", {"words": ["big", 5]}),
    ("/judge", {"words": None}), ("/letters/compare", {"a": "big"}),
    ("/letters/compare", {"a": 3, "b": "big"}),
    ("/letters/raise", {"previous": 1, "declared": "big"}),
    ("/letters/call", {"tiles": "BIG", "declared": "big"}),
    ("/letters/call", {"tiles": "BIG", "declared": "big", "call": "liar"}),
    ("/letters/call", {"tiles": "BIG", "declared": "big", "call": 1}),
    ("/letters/highest", {"tiles": "AB", "tile_set": "boggle"}),
    ("/letters/highest", {"tiles": "AB7"}), ("/judge", {"words": "big, don't"}),
    ("/letters/highest", {"tiles": "E" * 13}),
    ("/letters/call", {"tiles": "QQ", "declared": "q", "call": "exact"}),
    ("/judge", {"words": ["a"] * 101}), ("/letters/raise", {"declared": "a" * 41}),
    ("/judge", {"words": "a " * 40000}),  # the body limit
    # tests/test_api_live.py: the lexicon is a name, never a path
    *[("/judge", {"words": "big", "lexicon": name}) for name in
      ["klingon", "/etc/passwd", "../dictionaries/twl06", "twl06.words.marisa", "~nosuchuser",
       "~\u0000x", "~/../../etc/passwd", "a\u0000.txt"]],
    # tests/test_api_live.py: the body must be an object
    *[("/judge", value) for value in [[1, 2], "ABEGIRR", 5, True]],
    # tests/test_api_hardening.py: bodies missing what they need
    ("/letters/call", {"declared": "quiz", "call": "exact"}),
    # tests/test_front_ends.py: the calls every front end answers alike
    *[("/letters/call", {"tiles": tiles, "declared": declared, "call": call,
                         **({} if budget is None else {"budget": budget})})
      for tiles, declared, call, budget in [
          ("ABEGIRR", "giber, ar", "exact", None), ("ABEGIRR", "brier, ag", "exact", "0"),
          ("ABEGIRR", "big", "exact", "0"), ("ABEGIRR", "big", "bullshit", "0"),
          ("ABEGIRR", "bigger", "bullshit", "0.5"), ("ABEGIRR", "big, xq", "exact", "1"),
          ("TMDENLEANIENSXOUOIOHUOMUD", "nonhomosexual, demounted", "exact", "0"),
          ("TMDENLEANIENSXOUOIOHUOMUD", "nonhomosexual, demounted, i, i, u", "exact", "0"),
          ("ABEGIRR", "giber, ar", "exact", "-1"), ("ABEGIRR", "giber, ar", "exact", "nan"),
          ("ABEGIRR", "giber, ar", "exact", "61"), ("ABEGIRR", "giber, ar", "exact", "1e400"),
          ("ABEGIRR", "giber, ar", "exact", "abc"), ("ABEGIRR", "giber, ar", "bullshit", "inf"),
          ("AB7", "big", "exact", "1"), ("ABEGIRR", "b4", "bullshit", None),
          ("AB?", "b4", "exact", "nan"), ("ABEGIRR", "b4", "exact", "nan")]],
    *[("/judge", {"words": words}) for words in
      ["big g er", "big xyzzy", "qi za", "zzzz", "a", "bigger", "big don't", "café", "e-mail",
       "b1g"]],
    # the API's own doctests and examples
    ("/judge", {"words": "big, g, er"}), ("/letters/subwords", {"tiles": "ABEGIRR", "limit": 3}),
    ("/letters/subwords", {"tiles": ""}), ("/letters/highest", {"tiles": ""}),
    ("/letters/highest", {"tiles": " , - "}),
    ("/letters/call", {"tiles": "", "declared": "a", "call": "exact"}),
    ("/letters/raise", {"previous": "it, is, so", "declared": "big"}),
    ("/letters/raise", {"previous": "bigger, b", "declared": "larger, b"}),
    ("/letters/raise", {"previous": "it", "declared": "biggerr"}),
    # the field checks, one by one: order, lengths, the limits
    ("/letters/highest", {"tiles": "AB", "tile_set": "s" * 65, "lexicon": 3}),
    ("/letters/highest", {"tiles": "AB7", "tile_set": "boggle"}),
    ("/letters/highest", {"tiles": 5, "tile_set": 5}),
    ("/letters/highest", {"tiles": "AB", "lexicon": "x" * 65}),
    ("/letters/highest", {"tiles": "AB", "lexicon": "\U0001F600" * 64}),
    ("/letters/highest", {"tiles": "AB", "lexicon": "klingon", "budget": "x"}),
    ("/letters/call", {"tiles": "AB7", "declared": 5, "call": "exact", "lexicon": "k"}),
    ("/letters/call", {"tiles": "AB", "declared": 5, "call": "exact", "lexicon": "k"}),
    ("/letters/call", {"tiles": "AB", "declared": "b4", "call": "exact", "lexicon": "k"}),
    ("/letters/call", {"tiles": "AB", "declared": "ab", "call": "x" * 41}),
    ("/letters/call", {"tiles": "AB", "declared": "ab", "call": " e x a c t "}),
    ("/letters/call", {"tiles": "AB", "declared": "ab", "call": "exact\ufeff"}),
    ("/letters/call", {"tiles": "AB", "declared": "ab", "call": "\u3000exact\x85"}),
    ("/letters/subwords", {"tiles": "AB", "limit": 1e300}),
    ("/letters/subwords", {"tiles": "AB", "limit": 1e20}),
    ("/letters/subwords", {"tiles": "AB", "limit": 5000.0}),
    ("/letters/subwords", {"tiles": "AB", "limit": [1]}),
    ("/letters/subwords", {"tiles": "AB", "budget": 1}),
    ("/letters/compare", {"a": "big", "b": "b4"}), ("/letters/compare", {"a": [], "b": "x"}),
    ("/letters/compare", {"a": "bigger, b", "b": "larger, b"}),
    ("/letters/raise", {"previous": "  ", "declared": "big"}),
    ("/letters/raise", {"previous": [""], "declared": "big"}),
    ("/letters/raise", {"previous": "b4", "declared": "big"}),
    ("/letters/raise", {"previous": "big", "declared": "big", "lexicon": "csw19"}),
    ("/judge", {"words": "big", "zeta": 1, "alpha": 2, "\U0001F600": 3, "\uffff": 4, "B": 5,
                "a": 6, "e" * 50: 7}),
    ("/judge", {}), ("/judge", {"__proto__": {"words": "big"}}),
    ("/judge", {"words": "big", "lexicon": None}),
]


def body_of_size(size: int) -> dict:
    """A judge body whose compact JSON is exactly `size` bytes."""
    body = {"words": ""}
    body["words"] = "a" * (size - len(json.dumps(body, separators=(",", ":"))))
    return body


ROUTING = [
    ["GET", "/judge", None], ["POST", "/lexicons", {}], ["POST", "/nope", {}],
    ["POST", "//judge", {"words": "big"}], ["POST", "/judge/", {"words": "big"}],
    ["GET", "/letters/highest", None], ["PUT", "/letters/call", {}], ["GET", "/words/", None],
    ["GET", "/letters", None], ["POST", "/jud%67e", {"words": "big"}],
    ["POST", "/judge?lexicon=csw19", {"words": "zen"}], ["GET", "/lexicons?x=1", None],
    ["GET", "/lexicons", None], ["DELETE", "/dice/check", None], ["GET", "/poker/replay", None],
    ["GET", "/", None], ["POST", "/letters/highest", None], ["POST", "/judge", None],
    ["HEAD", "/lexicons", None], ["HEAD", "/judge", None], ["OPTIONS", "/judge", None],
    ["OPTIONS", "/nope", None], ["HEAD", "/words/big?lexicon=csw19", None],
    ["POST", "/judge", body_of_size(64 * 1024)], ["POST", "/judge", body_of_size(64 * 1024 + 1)],
]


# The replays of Liars' Letters and Liar's Dice are tests/engine_cases/replays.py's, the
# dictionary queries words.py's.
NEEDS_SERVER = [
    ["POST", "/letters/highest-sets", {"tiles": "ABEGIRR"}], ["GET", "/openapi.json", None],
    *[["POST", f"/{name}/replay", {}] for name in GAMES if name != "dice"],
]


# Racks the engine needs more than the API's default 2 s for (on this machine's node)
SLOW_RACKS = ["ETLAEOBFLIOMRIGERGZAXETEHYWQATDYVNSBWISIDLERIUNNMORDSVANAOPT",
              "MOHIUAEREZTAVQYITNFAIDSORIBUSIAEPNRAAESGGITUCLNVTSIELOWTOTUF"]
TABLE_RACKS = 24


def table_requests(rng: random.Random) -> list:
    """Solves and calls with no budget on racks a table can hold (41 to 60 tiles)."""
    racks = [(tiles, "scrabble", "twl06") for tiles in SLOW_RACKS]
    for _ in range(TABLE_RACKS):
        tiles, tile_set = rack(rng, rng.randint(41, 60))
        racks.append((tiles, tile_set, rng.choice(LEXICONS)))
    requests = []
    for i, (tiles, tile_set, lexicon) in enumerate(racks):
        body = {"tiles": tiles, "tile_set": tile_set, "lexicon": lexicon}
        requests.append(["POST", "/letters/highest", body])
        if i < len(SLOW_RACKS) or i % 3 == 0:  # an "exact" on the highest set needs its proof
            best = list(highest(Tiles.parse(tiles, tile_set), lexicon, budget=None).words)
            requests.append(["POST", "/letters/call", {**body, "declared": best,
                                                       "call": "exact"}])
    return requests


def cases() -> list[dict]:
    """Every case of tests/golden/local.json, unanswered."""
    rng = random.Random(SEED)
    vocabularies = {name: words_of(name) for name in LEXICONS}
    drawn = (judge_requests(rng, vocabularies, 700) + raise_requests(rng, vocabularies, 300)
             + compare_requests(rng, vocabularies, 100) + word_requests(rng, vocabularies)
             + near_miss_requests(rng, 600) + solve_requests(rng, vocabularies, RACKS))
    bad = [["POST", path, body] for path, body in BAD_REQUESTS] + ROUTING
    sister = []
    for name, game in GAMES.items():
        sister += [["POST", f"/{name}/check", game.CHECK_EXAMPLE],
                   ["POST", f"/{name}/check", {}], ["POST", f"/{name}/check", [1]]]
    return ([{"set": "random", "request": r} for r in drawn]
            + [{"set": "bad", "request": r} for r in bad]
            + [{"set": "needs_server", "request": r} for r in NEEDS_SERVER]
            + [{"set": "sister", "request": r} for r in sister]
            + [{"set": "table", "request": r} for r in table_requests(random.Random(SEED + 1))])


_CLIENT = None


def answer(case: dict) -> dict:
    """The Flask API's answer to the request (a ``table`` one at the CLI's default budget)."""
    global _CLIENT
    _CLIENT = _CLIENT or create_app().test_client()
    method, path, body = case["request"]
    if case["set"] == "table":
        body = {**body, "budget": DEFAULT_BUDGET}
    answer = encode(flask_answer(_CLIENT, method, path, body))
    if case["set"] == "needs_server":  # the page says only that it needs the server:
        return {"status": answer["status"]}  # the server's status, not its whole document
    return answer


def same(case: dict, now: dict) -> bool:
    """Two answers that differ only where the search's time budget may make them differ."""
    return timing_only(case["request"][1], case["answer"], now, case["request"][2])


def check_coverage(cases: list[dict]) -> None:
    """The bad requests reach every status; what the page cannot answer, the server has."""
    assert {c["answer"]["status"] for c in of_set(cases, "bad")} >= {200, 400, 404, 405, 413}
    assert all(c["answer"]["status"] != 404 for c in of_set(cases, "needs_server"))
    table = of_set(cases, "table")
    assert all(c["answer"]["status"] == 200 and c["answer"]["body"]["proven"] for c in table)
    assert all(c["answer"]["body"]["decided"] for c in table if "call" in c["request"][1])
    solves = [c for c in of_set(cases, "random") if c["request"][1] in SOLVES]
    proven = [c for c in solves if c["answer"]["status"] == 200 and c["answer"]["body"]["proven"]]
    assert len(proven) > len(solves) // 2  # most solves can be compared whole
