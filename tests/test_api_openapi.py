"""The OpenAPI document is kept true: every route is in it with the right
methods, every documented path and method exists, every $ref resolves, and
the documented examples are answered as documented."""

from __future__ import annotations

import re

import pytest

from api import create_app
from api.openapi import build_document

IGNORED_METHODS = {"HEAD", "OPTIONS"}
HTTP_METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    rooms = tmp_path_factory.mktemp("rooms") / "rooms.sqlite3"
    return create_app({"TESTING": True, "ROOMS_DB": str(rooms)})


@pytest.fixture
def fresh_client(tmp_path):
    """A client of a store of its own: the examples it posts (a profile's name, one
    person's on a server) are new there."""
    return create_app({"TESTING": True, "ROOMS_DB": str(tmp_path / "rooms.sqlite3")}
                      ).test_client()


@pytest.fixture(scope="module")
def document(app):
    return app.test_client().get("/api/v1/openapi.json").get_json()


def flask_routes(app) -> dict[str, set[str]]:
    """{openapi path: methods} for every rule except flask's static files."""
    routes: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        routes.setdefault(path, set()).update(m for m in rule.methods
                                              if m not in IGNORED_METHODS)
    return routes


def documented_routes(document) -> dict[str, set[str]]:
    return {path: {m.upper() for m in item if m in HTTP_METHODS}
            for path, item in document["paths"].items()}


def test_document_is_openapi_3(document):
    assert document["openapi"].startswith("3.")
    assert document["info"]["title"] and document["info"]["version"]


def test_served_document_is_the_built_one(app, document):
    with app.app_context():
        assert document == build_document(app)


def test_every_route_is_documented_with_its_methods(app, document):
    routes, documented = flask_routes(app), documented_routes(document)
    missing = {p: m for p, m in routes.items() if documented.get(p) != m}
    assert not missing, f"routes not documented as served: {missing}"


def test_every_documented_path_exists(app, document):
    routes, documented = flask_routes(app), documented_routes(document)
    phantom = {p: m for p, m in documented.items() if routes.get(p) != m}
    assert not phantom, f"documented but not served: {phantom}"


def test_required_endpoints_are_there(document):
    for path in ["/healthz", "/api/v1/lexicons", "/api/v1/judge", "/api/v1/words/{word}",
                 "/api/v1/letters/highest", "/api/v1/letters/highest-sets",
                 "/api/v1/letters/subwords",
                 "/api/v1/letters/compare", "/api/v1/letters/raise", "/api/v1/letters/call",
                 "/api/v1/openapi.json"]:
        assert path in document["paths"], path


def _refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def test_every_ref_resolves(document):
    for ref in _refs(document):
        assert ref.startswith("#/"), ref
        node = document
        for part in ref[2:].split("/"):
            assert part in node, f"unresolved {ref}"
            node = node[part]


def test_every_operation_documents_responses_and_errors(document):
    for path, item in document["paths"].items():
        for method, op in item.items():
            assert {"200", "201"} & set(op["responses"]), (path, method)  # 201: created
            assert op.get("summary"), (path, method)
            if "requestBody" in op:
                for status in ("400", "413"):
                    schema = op["responses"][status]["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/Error"}, (path, status)
            for param in op.get("parameters", []):
                if param["in"] == "path":
                    assert "{" + param["name"] + "}" in path


def _resolve(document, schema):
    while "$ref" in schema:
        node = document
        for part in schema["$ref"][2:].split("/"):
            node = node[part]
        schema = node
    return schema


def test_documented_examples_are_answered_with_the_documented_keys(fresh_client, document):
    client = fresh_client
    checked = 0
    for path, item in document["paths"].items():
        op = item.get("post")
        if not op or "requestBody" not in op:
            continue
        example = op["requestBody"]["content"]["application/json"].get("example")
        assert example is not None, f"{path}: no request example"
        if "{" in path:  # a room's routes need a room and its token: tests/test_rooms_api.py
            continue
        r = client.post(path, json=example)
        ok = "201" if "201" in op["responses"] else "200"
        assert r.status_code == int(ok), (path, r.get_json())
        schema = _resolve(document,
                          op["responses"][ok]["content"]["application/json"]["schema"])
        body = r.get_json()
        for key in schema.get("required", []):
            assert key in body, (path, key)
        if schema.get("additionalProperties") is False:
            assert set(body) <= set(schema["properties"]), (path, set(body) -
                                                            set(schema["properties"]))
        checked += 1
    assert checked >= 6


def test_document_passes_an_openapi_validator(document):
    validator = pytest.importorskip("openapi_spec_validator")
    validator.validate(document)


def test_responses_match_their_documented_schemas(fresh_client, document):
    """Each documented request example validates against its request schema, and its
    answer against the 200 schema (when the jsonschema package is there to check)."""
    oas = pytest.importorskip("openapi_schema_validator")
    client = fresh_client
    for path, item in document["paths"].items():
        op = item.get("post")
        if not op or "requestBody" not in op:
            continue
        request = op["requestBody"]["content"]["application/json"]
        example = request["example"]
        oas.validate(example, {**request["schema"], "components": document["components"]},
                     cls=oas.OAS30Validator)
        if "{" in path:  # a room's routes need a room and its token: tests/test_rooms_api.py
            continue
        ok = "201" if "201" in op["responses"] else "200"
        schema = op["responses"][ok]["content"]["application/json"]["schema"]
        body = client.post(path, json=example).get_json()
        oas.validate(body, {**schema, "components": document["components"]},
                     cls=oas.OAS30Validator)


def test_highest_is_described_as_it_stops(app, document):
    """The search has no size cap (docs/solver.md): running out of time is the one way it
    stops, and then it answers a set that exists and a shape no set beats."""
    text = document["paths"]["/api/v1/letters/highest"]["post"]["description"]
    assert "no size cap" in text and "too large" not in text
    assert '"stopped": "budget"' in text and '"upper_bound"' in text
    body = app.test_client().post("/api/v1/letters/highest", json={
        "tiles": "TMDENLEANIENSXOUOIOHUOMUD", "budget": 0}).get_json()
    assert body["proven"] is False and body["stopped"] == "budget"
    assert body["shape"] < body["upper_bound"]
