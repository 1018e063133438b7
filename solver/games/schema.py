"""JSON Schema pieces for the games' requests, and each rules object's schema from its fields.

The API's OpenAPI document and the registry's request schemas are built from
these, so that a rules option is described once, where it is defined:

>>> from solver.games.dice import DiceRules
>>> rules_schema(DiceRules)["properties"]["faces"]
{'type': 'integer', 'minimum': 2, 'maximum': 20, 'default': 6}
"""

from __future__ import annotations

import dataclasses
import typing

from .table import MAX_EVENTS, MAX_NAME

MAX_PHRASE = 200  # characters of a claim said at the table

_TYPES = {int: "integer", float: "number", str: "string", bool: "boolean"}


def _typed(annotation) -> dict:
    """The schema's "type" (and "items") for a field's annotation."""
    if annotation in _TYPES:
        return {"type": _TYPES[annotation]}
    if typing.get_origin(annotation) is tuple:
        item = typing.get_args(annotation)[0]
        return {"type": "array", "items": _typed(item)}
    return {}  # a union: the option's schema says what it takes (enum, oneOf)


def rules_schema(rules_type) -> dict:
    """The schema of a rules dataclass: one property per :func:`~.base.option` field,
    its type from the annotation unless the option names its values (``enum``,
    ``oneOf``), then the option's bounds, the default and the description."""
    hints = typing.get_type_hints(rules_type)
    properties = {}
    for field in dataclasses.fields(rules_type):
        schema = dict(field.metadata.get("schema", {}))
        description = schema.pop("description", None)
        named = {"enum", "oneOf", "type"} & set(schema)
        prop = {} if named else _typed(hints[field.name])
        if "items" in schema and "items" in prop:
            prop["items"] = {**prop["items"], **schema.pop("items")}
        prop.update(schema)
        default = field.metadata.get("default", field.default)
        if default is not None or field.default is None:
            prop["default"] = list(default) if isinstance(default, tuple) else default
        if description:
            prop["description"] = description
        properties[field.name] = prop
    return {"type": "object", "additionalProperties": False, "properties": properties}


def players(high: int) -> dict:
    return {"type": "array", "minItems": 2, "maxItems": high, "uniqueItems": True,
            "description": "the players in clockwise seat order; the first opens",
            "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME}}


def phrase_or(structured: dict, example: str) -> dict:
    """A claim: the phrase said at the table, or its structured form."""
    return {"oneOf": [{"type": "string", "maxLength": MAX_PHRASE, "examples": [example],
                       "description": "the claim as said at the table"}, structured]}


def replay_schema(rules: dict, max_players: int, events: list[dict]) -> dict:
    return {"type": "object", "required": ["players"], "additionalProperties": False,
            "properties": {"rules": rules, "players": players(max_players),
                           "events": {"type": "array", "maxItems": MAX_EVENTS,
                                      "items": {"oneOf": events}}}}


def event(kind: str, properties: dict, required: list[str]) -> dict:
    """One kind of replay event: its "type", its "player" and its own fields."""
    return {"type": "object", "required": ["type", "player", *required],
            "properties": {"type": {"const": kind}, "player": {"type": "string"},
                           **properties}}


CARD = {"type": "string", "description": "Q, 10, QH, Q♥, 'queen of hearts' or joker",
        "examples": ["QH"]}
CARDS = {"oneOf": [{"type": "array", "items": CARD},
                   {"type": "string", "description": "cards separated by spaces or commas"}]}
RANK = {"type": ["string", "integer"], "description": "A K Q J 10 9 ... 2", "examples": ["K"]}
FACES = {"type": "array", "items": {"type": "integer", "minimum": 1}}
