"""The rooms' stored state (solver/rooms/codec.py): orjson's speed, json's answers.

Whatever a room's state holds, it reads back as the standard library's json would read
it: the codec never refuses what json wrote or could write."""

from __future__ import annotations

import json

import pytest

from solver.rooms import codec


@pytest.mark.parametrize("value", [
    {"code": "BCDFG", "version": 3, "seats": [{"name": "ann", "host": True}], "due": 1.5},
    {"name": "Zoë 🎲", "hands": {"ann": ["QH", "10S"]}, "none": None, "flag": False},
    {"big": 2**70},  # an integer past 64 bits: orjson refuses it, json writes it
    {"name": "\ud800x"},  # a lone surrogate (a JSON body's escape, as flask reads it)
    {1: "a key that is a number"},  # as json.dumps: written as text
])
def test_a_state_reads_back_as_json_reads_it(value):
    text = codec.dumps(value)
    assert isinstance(text, str)
    assert codec.loads(text) == json.loads(json.dumps(value))
    assert codec.loads(text.encode("utf-8", "surrogatepass")) == codec.loads(text)


def test_what_json_wrote_reads_the_same():
    """A store written before (json.dumps, its spaces and escapes) reads unchanged."""
    value = {"code": "BCDFG", "name": "Zoë", "odd": "\ud800", "n": [1, 2.5, None]}
    assert codec.loads(json.dumps(value)) == value


def test_text_that_is_not_json_is_a_value_error():
    with pytest.raises(ValueError):
        codec.loads("{no json")
