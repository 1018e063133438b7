"""Every body field is refused exactly when the OpenAPI document says so.

Each operation's documented example is sent with one field (of the body, of its rules,
of each event) replaced by each value of a pool of JSON values near every game's
vocabulary: a body the document's schema admits (OpenAPI 3.0's validator) is answered
200 (201 where the operation documents it: a room created or joined) or refused only as
the operation's x-rules say; a body it does not admit is refused (4xx).  Schemathesis (tests/test_api_schemathesis.py) draws its own cases; this one is the
same contract on a fixed grid, on flask's test client.
"""

from __future__ import annotations

import copy

import pytest

from api import create_app

oas = pytest.importorskip("openapi_schema_validator")

POOL = [None, True, False, 0, 1, 2, 6, 7, 12, 14, 15, 20, 21, 400, -1, 2.0, 2.5, 1e300,
        "", " ", "x", "Q", "q", "QH", "Q♥", "queen of hearts", "joker", "12", "7", "06",
        " 5 ", "two kings", "2 fives", "this is a queen", "full house, kings over threes",
        "exact", "EXACT ", "bullshit", "true", "False", "none", "30s", "perudo", "standard",
        "twl06", "TWL06 ", "scrabble", "ABEGIRR", "AB7", "big, g", "big g er", "b1g", "0",
        "1", "0.5", "1e400", "a" * 41, "pair", [], [""], [" "], ["QH"], ["QH", "KS"],
        ["big"], ["big", "g"], [1], [6, 6], ["6"], [None], {}, {"kind": "Q"}, {"kind": 12},
        {"rank": "K"}, {"count": 2, "rank": "K"}, {"quantity": 1, "face": 6},
        {"hand": "pair", "ranks": ["K"]}, {"ann": ["KH"]}, {"ann": [6]}, {"a": "big"},
        "\u212ah", "0 sixes", "one-deck", "6 6 1", "KH, KS", "zz", 10, 30, 3, 54, 5.0,
        {"quantity": 2.0, "face": 6}, {"count": None, "rank": 13}, {"hand": "PAIR", "ranks": "K"},
        {"ann": "KH KS"}, {"ann": "6 6"}, ["two", "kings"], [6.0], [True]]
CONFIG = {"TESTING": True, "SOLVER_BUDGET": 0.05, "SOLVER_BUDGET_MAX": 0.1}


@pytest.fixture(scope="module")
def app():
    return create_app(CONFIG)


@pytest.fixture(scope="module")
def document(app):
    return app.test_client().get("/api/v1/openapi.json").get_json()


def resolve(document, schema: dict) -> dict:
    while "$ref" in schema:
        node = document
        for part in schema["$ref"][2:].split("/"):
            node = node[part]
        schema = node
    return schema


def bodies(example: dict):
    """(where, body): the example with one field replaced, for every field and value."""
    for field in example:
        for value in POOL:
            yield field, {**example, field: value}
    if isinstance(example.get("rules"), dict):
        for field in example["rules"]:
            for value in POOL:
                yield f"rules.{field}", {**example, "rules": {**example["rules"], field: value}}
    for index, event in enumerate(example.get("events", [])):
        for field in event:
            for value in POOL:
                events = copy.deepcopy(example["events"])
                events[index][field] = value
                yield f"events[{index}].{field}", {**example, "events": events}


def allowed(op: dict, status: int, error: dict) -> bool:
    from schemathesis_rules import allowed  # the same reading as the run
    return allowed(op.get("x-rules", []), status, error)


def operations(document):
    for path, item in document["paths"].items():
        op = item.get("post")
        if op and "requestBody" in op:
            yield path, op


def test_each_field_is_refused_exactly_when_the_document_says(app, document):
    pytest.importorskip("schemathesis")
    client = app.test_client()
    wrong, checked = [], 0
    for path, op in operations(document):
        media = op["requestBody"]["content"]["application/json"]
        validator = oas.OAS30Validator({**resolve(document, media["schema"]),
                                        "components": document["components"]})
        for where, body in bodies(media["example"]):
            admitted = validator.is_valid(body)
            answer = client.post(path, json=body)
            error = (answer.get_json() or {}).get("error") or {}
            checked += 1
            ok = 201 if "201" in op["responses"] else 200  # 201: a room created or joined
            if admitted and not (answer.status_code == ok
                                 or allowed(op, answer.status_code, error)):
                wrong.append((path, where, body, "admitted, but", answer.status_code, error))
            elif not admitted and answer.status_code < 400:
                wrong.append((path, where, body, "not admitted, but", answer.status_code))
    assert not wrong, "\n".join(map(repr, wrong[:20])) + f"\n({len(wrong)} in all)"
    assert checked > 5000
