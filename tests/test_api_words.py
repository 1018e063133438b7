"""GET /api/v1/words: dictionary queries over HTTP answer as the library does, match
their OpenAPI schema, and refuse bad queries with a 400 naming the part."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import create_app
from api.words import QUERY_STRING_PARTS
from solver.errors import InvalidQuery
from solver.words.dictionary import answer_query
from solver.words.queries import WordQuery

URL = "/api/v1/words"


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True})


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def document(client):
    return client.get("/api/v1/openapi.json").get_json()


def error_of(response, status, code, field):
    assert response.status_code == status, response.get_json()
    body = response.get_json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == code and body["error"]["field"] == field, body
    return body["error"]["message"]


def test_documented_with_every_part(document):
    op = document["paths"]["/api/v1/words"]["get"]
    [query] = op["parameters"]  # one object, each property a part of the query string
    assert query["in"] == "query" and query["style"] == "form" and query["explode"]
    names = set(query["schema"]["properties"])
    assert names == {"anagram", "pattern", "hooks", "min", "max", "starts", "ends", "contains",
                     "order", "limit", "offset", "lexicon"}
    assert "400" in op["responses"]
    # the per-word route is kept beside it
    assert "get" in document["paths"]["/api/v1/words/{word}"]


def test_documented_example_is_the_answer(client, document):
    op = document["paths"]["/api/v1/words"]["get"]
    example = op["responses"]["200"]["content"]["application/json"]["example"]
    body = client.get(URL, query_string=example["query"]).get_json()
    assert body == example


def test_answers_match_the_documented_schema(client, document):
    oas = pytest.importorskip("openapi_schema_validator")
    op = document["paths"]["/api/v1/words"]["get"]
    schema = {**op["responses"]["200"]["content"]["application/json"]["schema"],
              "components": document["components"]}
    error_schema = {**op["responses"]["400"]["content"]["application/json"]["schema"],
                    "components": document["components"]}
    for query in [{"hooks": "are"}, {"anagram": "retains?", "limit": 3},
                  {"pattern": "*ing", "order": "alphabetical", "offset": 5, "limit": 2},
                  {"contains": "qz", "lexicon": "csw19"}]:
        response = client.get(URL, query_string=query)
        assert response.status_code == 200
        oas.validate(response.get_json(), schema, cls=oas.OAS30Validator)
    response = client.get(URL, query_string={"pattern": "b[ae"})
    oas.validate(response.get_json(), error_schema, cls=oas.OAS30Validator)


def test_random_queries_answer_as_the_library(client, twl):
    rng = random.Random(11)
    for _ in range(80):
        kind = rng.choice(["anagram", "pattern", "hooks", "starts"])
        parts = {kind: {"anagram": lambda: "".join(rng.sample("AEINRSTLBGQZ", rng.randint(1, 8)))
                        + "?" * rng.randint(0, 2),
                        "pattern": lambda: "".join(rng.choice(["A", "E", "S", "?", "*", "[AEI]",
                                                               "[^AEIOU]", "Q"])
                                                   for _ in range(rng.randint(1, 6))),
                        "hooks": lambda: rng.choice(["ARE", "AT", "QI", "OX", "REST", "ZZZ"]),
                        "starts": lambda: rng.choice(["UN", "RE", "Q", "XY"])}[kind]()}
        for name, value in [("min", rng.randint(1, 9)), ("max", rng.randint(2, 15)),
                            ("ends", rng.choice(["S", "ING", "ED"])),
                            ("contains", rng.choice(["E", "ZZ", "AI"])),
                            ("order", rng.choice(["longest", "alphabetical"])),
                            ("limit", rng.randint(0, 50)), ("offset", rng.randint(0, 20))]:
            if rng.random() < 0.35:
                parts[name] = value
        response = client.get(URL, query_string=parts)
        try:
            expected = answer_query(WordQuery.parse({k: str(v) for k, v in parts.items()}), twl)
        except InvalidQuery as exc:
            assert error_of(response, 400, "invalid_query", exc.field) == exc.message
            continue
        assert response.status_code == 200
        assert response.get_json() == expected.as_dict()


def test_lexicons_by_name_only(client):
    assert client.get(URL, query_string={"hooks": "qi", "lexicon": "CSW19"}).get_json()[
        "lexicon"] == "csw19"
    error_of(client.get(URL, query_string={"hooks": "qi", "lexicon": "/etc/passwd"}), 400,
             "unknown_lexicon", "lexicon")
    error_of(client.get(URL, query_string={"hooks": "qi", "lexicon": "x" * 65}), 400,
             "invalid_input", "lexicon")


@pytest.mark.parametrize("query, field, message", [
    ("pattern=B%5BAE", "pattern", "unclosed '[' at character 2"),
    ("pattern=", "pattern", "the pattern is empty"),
    ("pattern=B" + "%3F" * 15, "pattern", "the longest word in twl06 has 15"),
    ("anagram=AB%3F%3F%3F", "anagram", "3 blanks ('?') in the anagram: at most 2"),
    ("pattern=B*&limit=1001", "limit", "'limit' must be from 0 to 1000, not 1001"),
    ("pattern=B*&limit=-1", "limit", "'limit' must be a whole number"),
    ("pattern=B*&offset=x", "offset", "'offset' must be a whole number"),
    ("pattern=B*&min=9&max=3", "min", "'min' (9) is more than 'max' (3)"),
    ("pattern=B*&hooks=ARE", "hooks", "give one of anagram, pattern or hooks"),
    ("pattern=B*&pattern=C*", "pattern", "'pattern' is given 2 times"),
    ("pattern=B*&sort=x", "sort", "unknown query part(s) 'sort'"),
    ("", "pattern", "nothing to look for"),
    ("hooks=B1G", "hooks", "'1' cannot be in the word to hook"),
])
def test_bad_queries_are_400_naming_the_part(client, query, field, message):
    assert message in error_of(client.get(f"{URL}?{query}"), 400, "invalid_query", field)


def test_both_word_routes_refuse_a_stray_query_part_alike(client):
    """A typo in the query string is refused, not ignored: the one-word check answers as
    the query route does (400 invalid_query naming the part and what the route takes)."""
    one = error_of(client.get(f"{URL}/qi?bogus=1"), 400, "invalid_query", "bogus")
    assert one == "unknown query part(s) 'bogus'; this endpoint takes lexicon"
    query = error_of(client.get(f"{URL}?hooks=qi&bogus=1"), 400, "invalid_query", "bogus")
    assert query == one.replace("lexicon", ", ".join(QUERY_STRING_PARTS))
    assert client.get(f"{URL}/qi?lexicon=CSW19").get_json() == {
        "word": "qi", "valid": True, "lexicon": "csw19"}


@pytest.mark.parametrize("query, field, message", [
    ("lexicon=csw19&pattern=Q*", "pattern", "unknown query part(s) 'pattern'"),
    ("lexicon=csw19&lexicon=twl06", "lexicon", "'lexicon' is given 2 times: give it once"),
])
def test_one_word_refuses_what_its_query_does_not_take(client, query, field, message):
    assert message in error_of(client.get(f"{URL}/qi?{query}"), 400, "invalid_query", field)


def test_only_get(client):
    error_of(client.post(URL, json={"pattern": "B*"}), 405, "method_not_allowed", None)


text = st.text(alphabet=list("abqz?*[]^ -1é\x00"), max_size=12) | st.text(max_size=8)
parts = st.sampled_from(["anagram", "pattern", "hooks", "min", "max", "starts", "ends",
                         "contains", "order", "limit", "offset", "lexicon", "x"])


@settings(max_examples=200, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(parts, text | st.integers(-5, 2000).map(str), max_size=4))
def test_no_query_makes_a_5xx(client, query):
    response = client.get(URL, query_string=query)
    assert response.status_code in (200, 400), response.get_json()
    body = response.get_json()
    if response.status_code == 200:
        assert {"count", "words", "query"} <= set(body)
    else:
        assert set(body) == {"error"}
