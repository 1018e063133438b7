"""One table of cases through all four front ends: the same answers, the same refusals.

Each Liars' Letters call (tiles, declaration, call, budget as typed) and each word-judge
play is answered by the library, the CLI (``liars``, run in-process: tests/cli_run.py), the
HTTP API (a live ``liars serve``) and the phone page (Debian's chromium through
Playwright, typing into the forms).  Every answer is reduced to what a table acts on
(decided or not, the tile changes, the reason; or the error's field and message) and all
four must agree.  The budget is passed as typed everywhere: the library and the API read
a number's text as the CLI does.
"""

from __future__ import annotations

import json

import pytest
from cli_run import run
from page_session import fresh

from solver import load_lexicon, rule_call
from solver.errors import LiarsError

RACK25 = "TMDENLEANIENSXOUOIOHUOMUD"

# (tiles, declared, call, budget as typed: None leaves each front end's default)
CALLS = [
    ("ABEGIRR", "giber, ar", "exact", None),             # the highest: both lose a tile
    ("ABEGIRR", "brier, ag", "exact", "0"),              # the search's bound proves it
    ("ABEGIRR", "big", "exact", "0"),                    # tiles left unused: caller gains
    ("ABEGIRR", "big", "bullshit", "0"),                 # exists: caller gains
    ("ABEGIRR", "bigger", "bullshit", "0.5"),            # two G's needed: declarer gains
    ("ABEGIRR", "big, xq", "exact", "1"),                # not a word: does not exist
    (RACK25, "nonhomosexual, demounted", "exact", "0"),  # a ruling once wrong
    (RACK25, "nonhomosexual, demounted, i, i, u", "exact", "0"),  # cannot rule at budget 0
    ("ABEGIRR", "giber, ar", "exact", "-1"),
    ("ABEGIRR", "giber, ar", "exact", "nan"),
    ("ABEGIRR", "giber, ar", "exact", "61"),
    ("ABEGIRR", "giber, ar", "exact", "1e400"),
    ("ABEGIRR", "giber, ar", "exact", "abc"),
    ("ABEGIRR", "giber, ar", "bullshit", "inf"),
    ("AB7", "big", "exact", "1"),                        # a character that is not a tile
    ("ABEGIRR", "b4", "bullshit", None),                 # a declaration that is not words
    ("AB?", "b4", "exact", "nan"),                       # several faults: the same one named
    ("ABEGIRR", "b4", "exact", "nan"),
]
# A word with a non-letter is simply not acceptable, like a word the lexicon lacks.
JUDGED = ["big g er", "big xyzzy", "qi za", "zzzz", "a", "bigger", "big don't", "café",
          "e-mail", "b1g"]
DELTAS = {"+1 tile": 1, "no change": 0, "−1 tile": -1}


def error_answer(err: LiarsError) -> dict:
    return {"error": {"field": err.field, "message": err.message}}


def call_answer(data: dict) -> dict:
    """What a table acts on, from a call's JSON answer."""
    return {"decided": data["decided"], "ruling": data["ruling"], "reason": data["reason"]}


# --- the four front ends --------------------------------------------------------------

def library_call(tiles, declared, call, budget):
    kwargs = {} if budget is None else {"budget": budget}
    try:
        return call_answer(rule_call(tiles, declared, call, load_lexicon(), **kwargs).as_dict())
    except LiarsError as err:
        return error_answer(err)


def cli(*args):
    return run("liars", *args)


def cli_call(tiles, declared, call, budget):
    extra = [] if budget is None else ["--budget", budget]
    out = cli("check", "--json", "--call", call, *extra, tiles, declared)
    if out.returncode == 2:
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("liars: "), out.stderr
        return {"error": {"message": lines[0].removeprefix("liars: ")}}
    data = json.loads(out.stdout)
    assert out.returncode == (0 if data["decided"] else 3)
    return call_answer(data)


def api_call(server, tiles, declared, call, budget):
    body = {"tiles": tiles, "declared": declared, "call": call}
    if budget is not None:
        body["budget"] = budget
    r = server.post("/api/v1/letters/call", body)
    if r.status_code != 200:
        assert r.status_code == 400, r.text
        err = r.json()["error"]
        return {"error": {"field": err["field"], "message": err["message"]}}
    return call_answer(r.json())


def page_call(page, base, tiles, declared, call, budget):
    fresh(page, base + "/#call")
    page.fill("#call-tiles", tiles)
    page.fill("#call-declared", declared)
    if budget is not None:
        page.locator("#call-form summary").click()
        page.fill("#call-budget", budget)
    page.get_by_role("button", name=call.capitalize(), exact=True).click()
    answered = page.locator("#call-result:not([hidden]), .error:not([hidden])")
    answered.first.wait_for(state="visible")
    errors = page.locator("#call-form .error:not([hidden])")
    if errors.count():
        element = errors.first
        field = element.get_attribute("id").removeprefix("call-").removesuffix("-error")
        return {"error": {"field": None if field == "form" else field,
                          "message": element.inner_text()}}
    result = page.locator("#call-result")
    decided = result.get_attribute("data-decided") == "true"
    ruling = None
    if decided:
        deltas = result.locator(".ruling .delta").all_inner_texts()
        ruling = {"caller": DELTAS[deltas[0]], "declarer": DELTAS[deltas[1]]}
    else:
        assert result.locator(".ruling").count() == 0  # never a tile change
        assert "Cannot rule" in result.locator("h3").inner_text()
    return {"decided": decided, "ruling": ruling,
            "reason": result.locator(".reason").inner_text()}


def library_judge(words):
    return load_lexicon().judge(words)


def cli_judge(words):
    out = cli("words", *words.split())
    assert out.returncode in (0, 1), out.stderr
    return out.returncode == 0


def api_judge(server, words):
    r = server.post("/api/v1/judge", {"words": words})
    assert r.status_code == 200, r.text
    return r.json()["acceptable"]


def page_judge(page, base, words):
    fresh(page, base + "/?clear=600#judge")
    page.fill("#judge-words", words)
    page.get_by_role("button", name="Judge", exact=True).click()
    verdict = page.locator("#verdict[data-verdict]")
    verdict.wait_for(state="visible")
    return verdict.get_attribute("data-verdict") == "acceptable"


# --- fixtures ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cli_answers():
    """Every CLI answer of the table (in-process, tests/cli_run.py: the command's own code,
    its exit code and output)."""
    return ({case: cli_call(*case) for case in CALLS},
            {words: cli_judge(words) for words in JUDGED})


# --- the table ---------------------------------------------------------------------------

def _strip_field(answer: dict) -> dict:
    """The CLI has no field names (it prints one line): compare the message alone."""
    if "error" in answer:
        return {"error": {"message": answer["error"]["message"]}}
    return answer


@pytest.mark.parametrize("tiles, declared, call, budget", CALLS)
def test_a_call_is_answered_alike_everywhere(server, page, cli_answers, tiles, declared, call,
                                             budget):
    expected = library_call(tiles, declared, call, budget)
    assert api_call(server, tiles, declared, call, budget) == expected
    assert page_call(page, server.url, tiles, declared, call, budget) == expected
    assert cli_answers[0][tiles, declared, call, budget] == _strip_field(expected)


def test_the_table_covers_every_kind_of_answer():
    """The table is worth its time: rulings of each kind, undecided, and refusals."""
    answers = [library_call(*case) for case in CALLS]
    rulings = {json.dumps(a["ruling"]) for a in answers if a.get("decided")}
    assert len(rulings) == 3  # both lose a tile, the caller gains one, the declarer gains one
    assert any(a.get("decided") is False for a in answers)
    fields = {a["error"]["field"] for a in answers if "error" in a}
    assert fields == {"budget", "tiles", "declared"}


@pytest.mark.parametrize("words", JUDGED)
def test_the_judge_answers_alike_everywhere(server, page, cli_answers, words):
    expected = library_judge(words)
    assert cli_answers[1][words] == expected
    assert api_judge(server, words) == expected
    assert page_judge(page, server.url, words) == expected


def test_the_judge_table_has_both_verdicts():
    assert {library_judge(words) for words in JUDGED} == {True, False}
