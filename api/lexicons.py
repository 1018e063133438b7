"""Word lists: which lexicons there are, and judging words against one.

The judge follows the word-judge convention: one verdict for the whole play,
never which word failed (a challenger learns only "acceptable" or not).  A word
with a character that is not a letter is not acceptable, like a word the
lexicon does not list; only a malformed request is a 4xx, naming no word.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from solver.words.lexicon import lexicon_names
from solver.words.wordset import one_word

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
    args = inputs.query_args(("lexicon",))
    lex = inputs.lexicon(name=args.get("lexicon"))
    typed = one_word(word, field="word")
    spelled = typed.lower() if typed.isascii() else typed
    return jsonify({"word": spelled, "valid": lex.judge([typed], field="word"),
                    "lexicon": lex.name})
