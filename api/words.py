"""Dictionary queries over HTTP: ``GET /api/v1/words?pattern=B?G*&limit=20``.

A thin layer over :mod:`solver.words.queries`: the query string's parts are the query's
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

from flask import Blueprint, jsonify

from solver.words.dictionary import answer_query
from solver.words.queries import PARTS, WordQuery

from . import inputs

bp = Blueprint("words", __name__)

QUERY_STRING_PARTS = PARTS + ("lexicon",)


@bp.get("/words")
def words():
    args = inputs.query_args(QUERY_STRING_PARTS)
    query = WordQuery.parse({k: v for k, v in args.items() if k != "lexicon"})
    return jsonify(answer_query(query, inputs.lexicon(name=args.get("lexicon"))).as_dict())
