"""A Liars' Letters ruling is decided only from proof, in every front end.

Library, CLI (real processes) and API (a live ``liars serve``): the regressions
the issue reported, the cheap proofs that hold whatever the budget, undecided
calls, why a search is not proven, the budget's one validator, ``solve --json``.
"""

from __future__ import annotations

import dataclasses
import json
import math

import pytest
from cli_run import run

from solver import LettersGame, LettersRules, highest, rule_call
from solver.cli.solve import format_solution
from solver.errors import CannotRule, InvalidInput
from solver.games.letters.game import check_declaration
from solver.search.budget import MAX_BUDGET, read_budget
from solver.words.tiles import SCRABBLE

V1 = "/api/v1"
RACK25 = "TMDENLEANIENSXOUOIOHUOMUD"
BAG = "".join(letter * n for letter, n in SCRABBLE.counts.items())  # all 98 tiles
FIVE_15S = "abstractionisms, acetophenetidin, affordabilities, autoradiography, overgeneralized"




@pytest.fixture(scope="module")
def undecided(twl):
    """A rack, its proven highest set, and budget 0 under which the search cannot prove it.

    The case is found, not assumed: the first rack whose budget-0 search leaves the
    highest between two different shapes."""
    for rack in [RACK25, "AEEEIINNOORRSSTTLLDDGGUU", "QUEENSOFTHEDESERTANDMOUNTAINS"]:
        truth = highest(rack, twl, budget=None)
        quick = highest(rack, twl, budget=0)
        assert truth.proven
        if tuple(quick.upper_bound) > truth.shape:
            return rack, str(truth.words), truth, quick
    pytest.skip("every candidate rack is settled at budget 0 (the search got better)")


# --- item 2: cheap proofs, whatever the budget -----------------------------------------

@pytest.mark.parametrize("budget", [0, 0.0001, None])
def test_the_reported_exact_ruling_the_caller_gains(budget, twl):
    """'nonhomosexual, demounted' leaves 3 tiles unused: never the highest, whatever the
    budget (the declared set was taken as the best answer without its leftovers)."""
    r = rule_call(RACK25, "nonhomosexual, demounted", "exact", twl, budget=budget)
    assert r.decided and (r.caller, r.declarer) == (1, 0) and r.is_highest is False
    assert r.highest.shape > (13, 9)  # a known higher set: at least the leftovers as letters
    assert "3 tiles unused" in r.reason


def test_five_15_letter_words_on_the_whole_bag_are_not_exact(twl):
    r = rule_call(BAG, FIVE_15S, "exact", twl, budget=0)
    assert r.exists and r.decided and (r.caller, r.declarer) == (1, 0)
    assert "23 tiles unused" in r.reason and sum(r.highest.shape) == 98


def test_a_known_higher_set_makes_exact_wrong(twl):
    """A declaration using every tile, lower than the set the budget-0 search finds at once:
    "exact" is wrong, decided, though nothing is proven about the highest."""
    quick = highest(RACK25, twl, budget=0)
    first, rest = quick.words.words[0], "".join(quick.words.words[1:])
    declared = ", ".join([first, *rest])  # the first word, then every other tile alone
    assert not quick.proven and quick.shape > (len(first),) + (1,) * len(rest)
    r = rule_call(RACK25, declared, "exact", twl, budget=0)
    assert r.decided and r.is_highest is False and (r.caller, r.declarer) == (1, 0)
    assert r.highest.shape == quick.shape and "is higher" in r.reason


def test_the_search_bound_meeting_the_declaration_proves_it_highest(twl):
    """At budget 0 the search proves nothing, but its upper bound (5, 2) equals the shape of
    the declaration, which exists: it is the highest."""
    assert not highest("ABEGIRR", twl, budget=0).proven
    r = rule_call("ABEGIRR", "giber, ar", "exact", twl, budget=0)
    assert r.decided and r.is_highest is True and (r.caller, r.declarer) == (-1, -1)
    assert r.proven and r.stopped is None and r.upper_bound == (5, 2)


@pytest.mark.parametrize("declared, exists", [("bigger", False), ("big, xq", False),
                                              ("giber, ar", True)])
def test_bullshit_is_always_decided_existence_is_never_under_the_budget(declared, exists, twl):
    r = rule_call("ABEGIRR", declared, "bullshit", twl, budget=0)
    assert r.decided and r.exists is exists
    assert (r.caller, r.declarer) == ((1, 0) if exists else (0, 1))


# --- item 1: undecided, never guessed -------------------------------------------------

def test_an_unprovable_exact_call_is_undecided_with_what_is_known(undecided, twl):
    rack, best, truth, quick = undecided
    r = rule_call(rack, best, "exact", twl, budget=0)
    assert not r.decided and r.is_highest is None and (r.caller, r.declarer) == (None, None)
    d = r.as_dict()
    assert d["decided"] is False and d["ruling"] is None and d["is_highest"] is None
    # What is known: a set that exists (a lower bound), and a shape nothing beats.
    assert d["highest_shape"] == list(truth.shape) and check_declaration(
        rack, d["highest"], twl).exists
    assert d["upper_bound"] == list(quick.upper_bound) and d["stopped"] == "budget"
    assert "not proven" in r.reason and "between" in r.reason
    assert "CANNOT RULE" in r.explain() and "loses a tile" not in r.explain()
    # With time it is decided, and the same everywhere it was decided.
    assert rule_call(rack, best, "exact", twl, budget=None).caller == -1


def test_a_game_never_applies_an_undecided_ruling(undecided):
    rack, best, _, _ = undecided
    g = LettersGame(["ann", "bob"], rules=LettersRules(tile_limit=20, budget=0),
                    tiles={"ann": len(rack) - 10, "bob": 10})
    g.declare("ann", best)
    before = g.state()
    with pytest.raises(CannotRule) as caught:
        g.call("bob", "exact", rack)
    assert caught.value.code == "undecided" and not caught.value.ruling.decided
    assert "the table decides" in caught.value.message.lower()
    assert g.state() == before  # no tile changed, nobody is out, the round goes on
    g.call("bob", "bullshit", rack)  # a call that can be ruled still can
    assert g.tiles["bob"] == 11


def test_liars_check_exits_3_when_it_cannot_rule(undecided):
    rack, best, truth, quick = undecided
    out = run("liars", "check", "--budget", "0", rack, best, "--call", "exact")
    assert out.returncode == 3 and out.stderr == ""
    assert out.stdout.startswith("exact: CANNOT RULE, the table decides.")
    assert "loses a tile" not in out.stdout and "gains a tile" not in out.stdout
    assert f"between {truth.shape}".replace(",)", ")") in out.stdout
    data = json.loads(run("liars", "check", "--json", "--budget", "0", rack, best,
                          "--call", "exact").stdout)
    assert data["decided"] is False and data["ruling"] is None
    # Without a call: never "it is the highest ... NOT PROVEN" in one breath.
    text = run("liars", "check", "--budget", "0", rack, best).stdout
    assert "whether it is the highest is not proven" in text
    assert "exists and is the highest" not in text and text.count("between") == 1


def test_liars_check_rules_the_reported_case():
    out = run("liars", "check", "--budget", "0", RACK25, "nonhomosexual, demounted",
              "--call", "exact")
    assert out.returncode == 0
    assert out.stdout.startswith("exact: caller gains a tile, declarer keeps their tiles.")
    assert "NOT PROVEN" not in out.stdout.upper()


def test_api_call_undecided_and_decided(server, undecided):
    rack, best, truth, quick = undecided
    body = server.post(V1 + "/letters/call", {"tiles": rack, "declared": best,
                                              "call": "exact", "budget": 0}).json()
    assert body["decided"] is False and body["ruling"] is None
    assert body["upper_bound"] == list(quick.upper_bound) and body["stopped"] == "budget"
    assert body["highest_shape"] == list(truth.shape) and "not proven" in body["reason"]
    for budget in (0, 0.0001):
        body = server.post(V1 + "/letters/call", {
            "tiles": RACK25, "declared": "nonhomosexual, demounted", "call": "exact",
            "budget": budget}).json()
        assert body["decided"] is True and body["ruling"] == {"caller": 1, "declarer": 0}


# --- item 3: "not proven" says why, truly ---------------------------------------------

def test_solve_says_out_of_time_only_when_time_was_the_cause(twl):
    out = run("solve", "--budget", "0", RACK25)
    quick = highest(RACK25, twl, budget=0)
    assert out.returncode == 0 and "not proven: out of time (raise --budget)" in out.stdout
    assert (f"the highest is between {quick.shape} and {tuple(quick.upper_bound)}"
            .replace(",)", ")") in out.stdout)
    row = json.loads(run("solve", "--json", "--budget", "0", RACK25).stdout)
    assert row["proven"] is False and row["stopped"] == "budget"
    assert row["upper_bound"] == list(quick.upper_bound)


def test_a_rack_too_large_for_the_search_says_so_not_time(twl):
    """The text for each reason the search stops; "raise --budget" only for time."""
    sol = highest(RACK25, twl, budget=0)
    assert sol.stopped == "budget"
    too_large = dataclasses.replace(sol, stopped="size")
    text = format_solution(too_large, RACK25)
    assert "not proven: too large for the search (more time does not help)" in text
    assert "raise --budget" not in text and "out of time" not in text
    assert "raise --budget" in format_solution(sol, RACK25)
    proven = highest("ABEGIRR", twl)
    assert format_solution(proven, "abegirr") == "ABEGIRR: giber, ar  (5, 2)"


def test_the_whole_bag_cut_short_says_out_of_time_and_between_what(twl):
    """The search has no size cap: cut short on the 98-tile bag, it stops for time (more
    budget helps) and still bounds the answer from both sides."""
    sol = highest(BAG, twl, budget=0)
    assert not sol.proven and sol.stopped == "budget"
    assert sol.shape <= sol.upper_bound == (15,) * 6 + (8,)
    out = json.loads(run("solve", "--json", "--budget", "0", BAG).stdout)
    assert out["stopped"] == "budget" and out["upper_bound"] == [15] * 6 + [8]
    text = run("solve", "--budget", "0", BAG).stdout
    assert "raise --budget" in text and "too large" not in text


def test_api_highest_and_highest_sets_say_why(server, twl):
    quick = highest(RACK25, twl, budget=0)
    for path in ("/letters/highest", "/letters/highest-sets"):
        body = server.post(V1 + path, {"tiles": RACK25, "budget": 0}).json()
        assert body["proven"] is False and body["stopped"] == "budget", path
        assert body["upper_bound"] == list(quick.upper_bound), path
        proven = server.post(V1 + path, {"tiles": "ABEGIRR"}).json()
        assert proven["proven"] and proven["stopped"] is None
        assert proven["upper_bound"] == [5, 2]


# --- item 6: one budget validator -----------------------------------------------------

GOOD_BUDGETS = [(0, 0.0), (2, 2.0), ("0.5", 0.5), (" 3 ", 3.0), (60, 60.0), ("1e1", 10.0),
                (-0.0, 0.0)]
BAD_BUDGETS = [-1, "-1", 61, "61", 60.5, float("nan"), "nan", float("inf"), "inf", "1e400",
               10 ** 400, "abc", "", "0x10", "1_0", True, [1], {"s": 1}]


@pytest.mark.parametrize("value, seconds", GOOD_BUDGETS)
def test_budgets_accepted(value, seconds):
    assert read_budget(value) == seconds


QUOTED = ["-1", "'-1'", "61", "'61'", "60.5", "nan", "'nan'", "inf", "'inf'", "'1e400'", "inf",
          "'abc'", "''", "'0x10'", "'1_0'", "True", "list", "dict"]


@pytest.mark.parametrize("value, quoted", list(zip(BAD_BUDGETS, QUOTED)), ids=repr)
def test_budgets_refused_with_one_error_quoting_the_value(value, quoted):
    with pytest.raises(InvalidInput) as caught:
        read_budget(value)
    err = caught.value
    assert (err.code, err.field) == ("invalid_input", "budget")
    assert err.message == f"budget must be a number of seconds from 0 to {MAX_BUDGET:g}, " \
                          f"not {quoted}"


def test_a_long_bad_budget_is_quoted_short():
    with pytest.raises(InvalidInput) as caught:
        read_budget("9" * 41)
    assert caught.value.message.endswith(", not '9999999999…' (41 characters)")


@pytest.mark.parametrize("value", ["nan", "-1", "61", "inf", "abc"])
def test_the_cli_and_the_library_refuse_the_same_budgets(value, twl):
    with pytest.raises(InvalidInput) as caught:
        rule_call("ABEGIRR", "big", "exact", twl, budget=value)
    assert caught.value.message.endswith(f", not {value!r}")  # the bad value, quoted
    for args in (["solve", "--budget", value, "ABEGIRR"],
                 ["liars", "check", "--budget", value, "ABEGIRR", "big", "--call", "exact"],
                 ["liars", "check", "--budget", value, "ABEGIRR", "big"]):
        out = run(*args)
        assert out.returncode == 2 and out.stdout == "", args
        assert out.stderr.strip().endswith(caught.value.message), args
        assert len(out.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("literal", ["-1", "61", '"nan"', '"abc"', "1e400", "1" + "0" * 400,
                                     "true", "[2]", '""'])
def test_the_api_refuses_the_same_budgets(server, literal):
    """The budget as a JSON literal (1e400 reads as infinity), refused as the library does."""
    with pytest.raises(InvalidInput) as caught:
        read_budget(json.loads(literal))
    for path, extra in [("/letters/call", ', "declared": "big", "call": "exact"'),
                        ("/letters/highest", ""), ("/letters/highest-sets", "")]:
        raw = '{"tiles": "ABEGIRR", "budget": %s%s}' % (literal, extra)
        r = server.post(V1 + path, data=raw, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json() == {"error": caught.value.as_dict()}, path


def test_budget_zero_is_accepted_everywhere(server):
    assert run("solve", "--budget", "0", "ABEGIRR").returncode == 0
    assert server.post(V1 + "/letters/highest", {"tiles": "ABEGIRR", "budget": 0}).ok
    assert LettersRules(budget=0).budget == 0.0
    with pytest.raises(InvalidInput):
        LettersRules(budget=math.nan)


# --- item 7 and 10: solve's output ----------------------------------------------------

def test_solve_json_one_object_per_rack_in_order():
    out = run("solve", "--json", "QQ", "ABEGIRR", "AB7")
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 2 and len(rows) == 3
    assert rows[0] == {"tiles": "QQ", "error": {
        "code": "too_many_tiles", "message": "2 Q's, but the scrabble set has only 1",
        "field": "tiles"}}
    assert rows[1]["words"] == ["giber", "ar"] and "error" not in rows[1]
    assert rows[2]["tiles"] == "AB7" and rows[2]["error"]["code"] == "invalid_tile"
    assert run("solve", "--json", "ABEGIRR").returncode == 0


def test_solve_echoes_the_rack_as_typed():
    assert run("solve", "QUIZ").stdout == "QUIZ: quiz  (4)\n"
    assert run("solve", "zuiq", "-", stdin="abegirr\n").stdout.splitlines() == [
        "ZUIQ: quiz  (4)", "ABEGIRR: giber, ar  (5, 2)"]


def test_solve_help_examples_one_per_line():
    text = run("solve", "--help").stdout
    examples = text[text.index("examples:"):].splitlines()[1:]
    assert len(examples) >= 4 and all(line.strip().startswith(("solve ", "echo "))
                                      for line in examples)
    assert all(line.count("solve ") == 1 for line in examples)
