"""The word judge names no word, ever.

A word with a character that is not a letter A-Z is simply not acceptable, like a word
the lexicon does not list: the library's ``Lexicon.judge``, ``POST /api/v1/judge`` and
``GET /api/v1/words/<w>`` all answer a verdict.  Only a malformed request (not a string or
list of strings, too many words, a word too long) is an error, and its message quotes no
word.  The page's judge is driven in tests/test_page.py.
"""

from __future__ import annotations

import json

import pytest

from solver.errors import InvalidInput, LimitExceeded

flask = pytest.importorskip("flask")
from api import create_app  # noqa: E402

NON_LETTER_WORDS = ["don't", "café", "e-mail", "b1g", "q1", "naïve", "big!", "ſ", "\u212a",
                    "x_y", "１２"]


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


@pytest.mark.parametrize("word", NON_LETTER_WORDS)
def test_library_judge_a_non_letter_word_is_not_acceptable(twl, word):
    assert twl.judge(["big", word]) is False
    assert twl.judge(word) is False
    assert twl.is_word(word) is False


def test_library_judge_verdicts(twl):
    assert twl.judge("big, g, er") is True
    assert twl.judge(["BIG", "qi"]) is True
    assert twl.judge("big biggerr") is False
    assert twl.judge(["x", "q", "z"]) is True


@pytest.mark.parametrize("value, error", [
    (5, InvalidInput), (["zzxq", 5], InvalidInput), ("", InvalidInput), ([], InvalidInput),
    (["zzxq"] * 101, LimitExceeded), ("zzxq " + "x" * 41, LimitExceeded)])
def test_library_judge_malformed_request_quotes_no_word(twl, value, error):
    with pytest.raises(error) as caught:
        twl.judge(value)
    assert "zzxq" not in caught.value.message and "xxx" not in caught.value.message


@pytest.mark.parametrize("word", NON_LETTER_WORDS)
def test_api_judge_a_non_letter_word_is_not_acceptable(client, word):
    """The reproduction: {"words": ["big", "don't"]} answered 400 naming don't."""
    r = client.post("/api/v1/judge", json={"words": ["big", word]})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.get_json() == {"acceptable": False, "lexicon": "twl06"}
    r = client.post("/api/v1/judge", json={"words": f"big, {word}"})
    assert r.status_code == 200 and r.get_json()["acceptable"] is False


@pytest.mark.parametrize("body, status", [
    ({"words": ["a"] * 100 + ["don't"]}, 413),
    ({"words": "zzxq " + "don't" * 10}, 413),
    ({"words": ["zzxq", 5]}, 400),
    ({"words": {"don't": 1}}, 400),
    ({"words": ""}, 400)])
def test_api_judge_malformed_request_quotes_no_word(client, body, status):
    r = client.post("/api/v1/judge", json=body)
    assert r.status_code == status
    message = r.get_json()["error"]["message"]
    assert "don't" not in message and "zzxq" not in message


@pytest.mark.parametrize("word", ["b1g", "don't", "café", "e-mail"])
def test_api_word_with_a_non_letter_is_not_valid(client, word):
    r = client.get(f"/api/v1/words/{word}")
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.get_json() == {"word": word, "valid": False, "lexicon": "twl06"}


def test_api_word_and_judge_agree_with_the_library(client, twl):
    for word in ["qi", "bigger", "zen", "b1g", "café", "a", "\u212a"]:
        assert client.get(f"/api/v1/words/{word}").get_json()["valid"] is twl.judge(word)
        body = json.dumps({"words": [word]})
        assert client.post("/api/v1/judge", data=body, content_type="application/json") \
            .get_json()["acceptable"] is twl.judge([word])
