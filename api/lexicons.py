"""Word lists: which lexicons there are, and judging words against one.

The judge follows the word-judge convention: one verdict for the whole play,
never which word failed (a challenger learns only "acceptable" or not).  A word
with a character that is not a letter is not acceptable, like a word the
lexicon does not list; only a malformed request is a 4xx, naming no word.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

from solver.errors import InvalidInput
from solver.lexicon import lexicon_names
from solver.wordset import split_words

from . import inputs

bp = Blueprint("lexicons", __name__)


@bp.get("/lexicons")
def list_lexicons():
    lexicons = [inputs.lexicon(name=name).describe() for name in lexicon_names()]
    return jsonify({"default": current_app.config["DEFAULT_LEXICON"], "lexicons": lexicons})


@bp.post("/judge")
def judge():
    body = inputs.json_body({"words", "lexicon"})
    words = inputs.word_set(body, "words")
    lex = inputs.lexicon(body)
    return jsonify({"acceptable": lex.judge(words, field="words"), "lexicon": lex.name})


@bp.get("/words/<word>")
def word(word: str):
    name = request.args.get("lexicon")
    if name is not None and len(name) > inputs.MAX_NAME_LENGTH:
        raise InvalidInput(f"'lexicon' is longer than {inputs.MAX_NAME_LENGTH} characters",
                           field="lexicon")
    lex = inputs.lexicon(name=name)
    parts = split_words(word, field="word")
    if len(parts) != 1:
        raise InvalidInput(f"one word at a time, not {len(parts)}: use POST /api/v1/judge "
                           f"for a whole play", field="word")
    spelled = parts[0].lower() if parts[0].isascii() else parts[0]
    return jsonify({"word": spelled, "valid": lex.judge(parts, field="word"),
                    "lexicon": lex.name})
