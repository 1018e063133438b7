"""Dictionary queries over HTTP: ``GET /api/v1/words?pattern=B?G*&limit=20``.

A thin layer over :mod:`solver.queries`: the query string's parts are the query's
parts (anagram, pattern or hooks; min, max, starts, ends, contains; order, limit,
offset) plus ``lexicon``.  A part the query does not take, or one given twice, is
refused rather than ignored; every bad query is a 400 naming the part.

>>> from api import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> client.get("/api/v1/words?hooks=qi").get_json()["words"]
['qis']
>>> client.get("/api/v1/words?pattern=b[ae").get_json()["error"]["field"]
'pattern'
"""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from solver.errors import InvalidInput, InvalidQuery
from solver.queries import PARTS, WordQuery

from . import inputs

bp = Blueprint("words", __name__)

QUERY_STRING_PARTS = PARTS + ("lexicon",)


@bp.get("/words")
def words():
    args = request.args
    unknown = sorted(k for k in args if k not in QUERY_STRING_PARTS)
    if unknown:
        shown = ", ".join(repr(k[:40]) for k in unknown[:5])
        raise InvalidQuery(f"unknown query part(s) {shown}; this endpoint takes "
                           f"{', '.join(QUERY_STRING_PARTS)}", field=unknown[0][:40])
    for key in args:
        if len(args.getlist(key)) > 1:
            raise InvalidQuery(f"{key!r} is given {len(args.getlist(key))} times: give it "
                               f"once", field=key)
    name = args.get("lexicon")
    if name is not None and len(name) > inputs.MAX_NAME_LENGTH:
        raise InvalidInput(f"'lexicon' is longer than {inputs.MAX_NAME_LENGTH} characters",
                           field="lexicon")
    query = WordQuery.parse({k: v for k, v in args.items() if k != "lexicon"})
    return jsonify(query.run(inputs.lexicon(name=name)).as_dict())
