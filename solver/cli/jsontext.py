"""JSON documents read one way by every front end (a replay file, a request body).

Bytes in any encoding JSON allows (UTF-8, -16 or -32, with or without a byte
order mark, as ``json.detect_encoding`` tells), and no NaN or Infinity (not
JSON, though Python's decoder takes them): the CLI and the API then accept
and refuse the same documents.

>>> decode(b'{"a": 1}')
{'a': 1}
>>> decode('{"a": 1}'.encode("utf-16"))
{'a': 1}
>>> decode(b'[NaN]')
Traceback (most recent call last):
...
ValueError: NaN is not valid JSON
"""

from __future__ import annotations

import json


def _reject_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


# One decoder for every document (json.loads would build one per call with these options).
_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def decode(data: bytes):
    """The value of a JSON document.

    Raises ValueError (JSONDecodeError and UnicodeDecodeError are ValueErrors)
    for anything that is not a JSON document, and RecursionError for one
    nested too deeply to read.
    """
    return _DECODER.decode(data.decode(json.detect_encoding(data)))
