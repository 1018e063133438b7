"""Property-based fuzz: no request body, well-formed or not, makes the API answer 5xx.

hypothesis generates, for each POST endpoint, bodies that are near-miss (the
endpoint's own field names with values of every JSON type, letters mixed with
digits, odd Unicode, unknown keys), arbitrary JSON documents and raw bytes.
Every answer must be JSON: a 200 that carries the documented required keys, or
a 4xx in the one error shape.  Runs on flask's test client (the same app the
server runs, without the sockets) with small solver limits to stay quick.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import create_app

ENDPOINTS = {
    "/api/v1/judge": ["words", "lexicon"],
    "/api/v1/letters/highest": ["tiles", "lexicon", "tile_set", "budget"],
    "/api/v1/letters/subwords": ["tiles", "lexicon", "tile_set", "limit"],
    "/api/v1/letters/highest-sets": ["tiles", "lexicon", "tile_set", "budget", "limit"],
    "/api/v1/letters/compare": ["a", "b"],
    "/api/v1/letters/raise": ["previous", "declared", "lexicon"],
    "/api/v1/letters/call": ["tiles", "declared", "call", "lexicon", "tile_set", "budget"],
}

FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

APP = create_app({"TESTING": True, "SOLVER_BUDGET": 0.05, "SOLVER_BUDGET_MAX": 0.1,
                  "MAX_SOLVE_TILES": 24, "SUBWORDS_LIMIT": 50})
DOCUMENT = APP.test_client().get("/api/v1/openapi.json").get_json()

scalars = (st.none() | st.booleans() | st.integers(-10**20, 10**20)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                           max_leaves=12)
odd_text = st.text(alphabet=st.sampled_from(list("ABEGIRRZQXabegirr ,-;+7'\t\n.é\u212a\u017fß"
                                                 "\u0130\x00\ud800")), max_size=24)
tiles = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZEEAI abc,-", max_size=24) | odd_text
word = st.text(alphabet="abegirtsoxyz", min_size=1, max_size=8) | odd_text
word_set = st.one_of(word, st.lists(word, max_size=6), st.lists(word, min_size=99, max_size=102),
                     json_values)
names = st.sampled_from(["twl06", "csw19", "sowpods", "TWL06 ", "", "klingon", "/etc/passwd",
                         "scrabble", "bananagrams", "BANANAGRAMS", "x" * 100]) | st.text(max_size=8)
numbers = st.sampled_from([0, -1, 0.01, 0.05, 1, 1e300, 10**30, True]) | json_values

FIELD_VALUES = {
    "tiles": tiles | json_values,
    "words": word_set, "a": word_set, "b": word_set, "previous": word_set, "declared": word_set,
    "lexicon": names | json_values, "tile_set": names | json_values,
    "budget": numbers, "limit": numbers,
    "call": st.sampled_from(["bullshit", "exact", "EXACT", " exact ", "liar", ""]) | json_values,
}


letters = st.text(alphabet="ABCDEEGIILNORRSTUAEIOXZQJ", max_size=20)
real_word = st.sampled_from(["big", "g", "er", "bigger", "it", "is", "so", "giber", "ar",
                             "larger", "b", "qi", "za", "zen", "biggerr", "x"])
real_set = st.lists(real_word, min_size=1, max_size=5) | st.lists(real_word, min_size=1,
                                                                 max_size=5).map(", ".join)
GOOD_VALUES = {
    "tiles": letters, "words": real_set, "a": real_set, "b": real_set, "previous": real_set,
    "declared": real_set, "lexicon": st.sampled_from(["twl06", "csw19", "sowpods"]),
    "tile_set": st.sampled_from(["scrabble", "bananagrams"]),
    "budget": st.floats(0.001, 0.1), "limit": st.integers(0, 100),
    "call": st.sampled_from(["bullshit", "exact"]),
}
REQUIRED = {"words", "a", "b", "declared", "call", "tiles"}


def bodies(fields):
    good = st.fixed_dictionaries({f: GOOD_VALUES[f] for f in fields if f in REQUIRED},
                                 optional={f: GOOD_VALUES[f] for f in fields
                                           if f not in REQUIRED})
    known = good | st.fixed_dictionaries({}, optional={f: FIELD_VALUES[f] for f in fields})
    with_extra = st.builds(lambda d, k, v: {**d, k: v}, known, st.text(max_size=6), json_values)
    as_json = (known | with_extra | json_values).map(
        lambda v: json.dumps(v, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    return as_json | st.binary(max_size=64)


def check(response, path, method="post"):
    assert response.status_code < 500, (path, response.status_code, response.get_data()[:300])
    assert response.is_json, (path, response.status_code, response.get_data()[:300])
    body = response.get_json()
    if response.status_code >= 400:
        assert set(body) == {"error"}
        assert set(body["error"]) == {"code", "message", "field"}
        assert isinstance(body["error"]["message"], str) and body["error"]["message"]
        return
    assert response.status_code == 200
    schema = DOCUMENT["paths"][path][method]["responses"]["200"]["content"][
        "application/json"]["schema"]
    while "$ref" in schema:
        schema = DOCUMENT["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    for key in schema.get("required", []):
        assert key in body, (path, key, body)


@pytest.mark.parametrize("path", sorted(ENDPOINTS))
def test_no_body_makes_a_5xx(path):
    client = APP.test_client()

    @FUZZ
    @given(bodies(ENDPOINTS[path]))
    def run(data):
        check(client.post(path, data=data, content_type="application/json"), path)

    run()


def leaves(value, path=()):
    """Paths to every part of a JSON value, the whole included."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, path + (i,))


def replaced(value, path, new):
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = replaced(value[path[0]], path[1:], new)
    return copy


def one_change(example):
    """A valid example with exactly one part replaced: close to the happy path."""
    return st.builds(lambda path, new: replaced(example, path, new),
                     st.sampled_from(list(leaves(example))), json_values | odd_text)


def mutated(value, depth: int = 0):
    """Values near a valid example: each part kept, mutated, replaced or dropped."""
    wild = json_values | odd_text
    if depth > 3:
        return st.just(value) | wild
    if isinstance(value, dict):
        parts = {k: st.just(v) | mutated(v, depth + 1) | wild for k, v in value.items()}
        kept = st.fixed_dictionaries({}, optional=parts) | st.fixed_dictionaries(parts)
        return kept | st.builds(lambda d, k, v: {**d, k: v}, kept, st.text(max_size=8), wild)
    if isinstance(value, list):
        items = [st.just(v) | mutated(v, depth + 1) for v in value] or [wild]
        return st.lists(st.one_of(*items), max_size=len(value) + 2) | wild
    if isinstance(value, str):
        return st.just(value) | odd_text | st.text(max_size=30) | wild
    return st.just(value) | st.integers(-5, 100) | wild


try:
    from solver.games.registry import GAMES
except ImportError:  # the games registry is not there yet
    GAMES = {}


@pytest.mark.parametrize("path, example", [
    (f"/api/v1/{name}/{kind}", getattr(game, f"{kind.upper()}_EXAMPLE"))
    for name, game in sorted(GAMES.items()) for kind in ("check", "replay")])
def test_no_game_request_makes_a_5xx(path, example):
    client = APP.test_client()

    @settings(FUZZ, max_examples=60)
    @given((one_change(example) | mutated(example)).map(lambda v: json.dumps(v, ensure_ascii=False).encode(
        "utf-8", "surrogatepass")) | st.binary(max_size=32))
    def run(data):
        check(client.post(path, data=data, content_type="application/json"), path)

    run()


@FUZZ
@given(word=st.text(min_size=1, max_size=50), lexicon=st.none() | names)
def test_no_word_lookup_makes_a_5xx(word, lexicon):
    client = APP.test_client()
    query = {} if lexicon is None else {"lexicon": lexicon}
    url = "/api/v1/words/" + quote(word.encode("utf-8", "surrogatepass"), safe="")
    response = client.get(url, query_string=query)
    if response.status_code == 404:  # a word of '/' or '.' segments is routed elsewhere
        assert response.get_json()["error"]["code"] == "not_found"
        return
    check(response, "/api/v1/words/{word}", "get")


@FUZZ
@given(method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]),
       path=st.sampled_from(sorted(DOCUMENT["paths"]) + ["/api/v1/nothing", "/api/v2/judge"]),
       data=st.binary(max_size=32))
def test_no_method_or_path_makes_a_5xx(method, path, data):
    path = path.replace("{word}", "big")
    response = APP.test_client().open(path, method=method, data=data)
    assert response.status_code < 500
    if path not in ("/", "/sw.js") or response.status_code != 200:  # the page, its worker
        assert set(response.get_json()) == {"error"} or response.status_code == 200
