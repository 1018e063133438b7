"""The OpenAPI document's schemas written in OpenAPI 3.0's dialect of JSON Schema.

The library describes its requests in JSON Schema 2020-12 (solver/games/schema.py), and
the document is built in the same words; it is served as OpenAPI 3.0.3 because only
there does ``"type": "integer"`` mean what every front end reads: a JSON number written
without a fraction or exponent.  In 2020-12, ``8.0`` is an integer too, and a generator
that trusts the document (Schemathesis) sends ``{"faces": 8.0}``, which the library
refuses on purpose (Python reads it as a float; the page's engine keeps it one).  Where
a field does take ``8.0`` as 8 (the HTTP layer's ``limit``), its schema says
``"type": "number", "multipleOf": 1``.

:func:`downgrade` rewrites the few 2020-12 keywords the document uses:

>>> downgrade({"type": ["string", "null"], "examples": ["x"]})
{'nullable': True, 'type': 'string', 'example': 'x'}
>>> downgrade({"oneOf": [{"const": "a"}, {"type": "null"}]})
{'oneOf': [{'enum': ['a']}, {'type': 'object', 'nullable': True, 'enum': [None]}]}
>>> downgrade({"type": ["string", "integer"], "description": "a rank"})
{'anyOf': [{'type': 'string'}, {'type': 'integer'}], 'description': 'a rank'}
"""

from __future__ import annotations

VERSION = "3.0.3"

# Keywords whose value is a schema, a list of schemas, or a map of names to schemas.
_ONE = ("items", "additionalProperties", "not")
_MANY = ("oneOf", "anyOf", "allOf")
_MAP = ("properties",)

# OpenAPI 3.0 spells the null value as a nullable schema whose only value is null.
NULL = {"type": "object", "nullable": True, "enum": [None]}


def downgrade(schema):
    """A JSON Schema 2020-12 schema (as the document writes it) in OpenAPI 3.0's dialect."""
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key in _ONE:
            out[key] = downgrade(value)
        elif key in _MANY:
            out[key] = [downgrade(item) for item in value]
        elif key in _MAP:
            out[key] = {name: downgrade(item) for name, item in value.items()}
        elif key == "const":
            out["enum"] = [value]
        elif key == "examples":
            out["example"] = value[0]
        elif key == "type" and value == "null":
            out.update(NULL)
        elif key == "type" and isinstance(value, list):
            kinds = [kind for kind in value if kind != "null"]
            if "null" in value:
                out["nullable"] = True
            if len(kinds) == 1:
                out["type"] = kinds[0]
            else:
                out["anyOf"] = [{"type": kind} for kind in kinds]
        else:
            out[key] = value
    if "anyOf" in out and "nullable" in out and "type" not in out:
        out["anyOf"] = [*out["anyOf"], dict(NULL)]  # 3.0: nullable needs a type beside it
        del out["nullable"]
    return out


def downgrade_document(document: dict) -> dict:
    """Every schema of the document (components, parameters, bodies, answers) rewritten,
    and the version set to 3.0.3."""
    document = {**document, "openapi": VERSION}
    components = document.get("components", {})
    document["components"] = {**components, "schemas": {
        name: downgrade(schema) for name, schema in components.get("schemas", {}).items()}}
    paths = {}
    for path, item in document["paths"].items():
        paths[path] = {method: _operation(op) for method, op in item.items()}
    document["paths"] = paths
    return document


def _operation(op: dict) -> dict:
    op = dict(op)
    if "parameters" in op:
        op["parameters"] = [{**p, "schema": downgrade(p["schema"])} for p in op["parameters"]]
    if "requestBody" in op:
        op["requestBody"] = {**op["requestBody"],
                             "content": _content(op["requestBody"]["content"])}
    op["responses"] = {status: ({**answer, "content": _content(answer["content"])}
                                if "content" in answer else answer)
                       for status, answer in op["responses"].items()}
    return op


def _content(content: dict) -> dict:
    return {media: {**value, "schema": downgrade(value["schema"])} if "schema" in value
            else value for media, value in content.items()}
