"""The phone page's Call and Solve screens say what is proven, and only that.

An undecided call shows "Cannot rule" and never a tile change; "not proven" says why
(out of time, or too large for the search) and between which shapes the highest lies; a
bad search time is refused beside its field with the library's own message.
"""

from __future__ import annotations

import pytest
from page_session import fresh

from solver import highest, load_lexicon
from solver.errors import InvalidInput
from solver.search.budget import read_budget

expect = pytest.importorskip("playwright.sync_api").expect

RACK25 = "TMDENLEANIENSXOUOIOHUOMUD"


def test_an_undecided_call_says_cannot_rule_and_changes_no_tile(page, server):
    quick = highest(RACK25, load_lexicon(), budget=0)
    truth = highest(RACK25, load_lexicon(), budget=None)
    if tuple(quick.upper_bound) <= truth.shape:
        pytest.skip("the search now settles this rack at budget 0")
    fresh(page, server.url + "/#call")
    page.fill("#call-tiles", RACK25)
    page.fill("#call-declared", str(truth.words))
    page.locator("#call-form summary").click()
    page.fill("#call-budget", "0")
    page.get_by_role("button", name="Exact", exact=True).click()
    result = page.locator("#call-result")
    expect(result).to_have_attribute("data-decided", "false")
    expect(result.locator("h3")).to_have_text("Cannot rule — the table decides")
    expect(result.locator(".ruling")).to_have_count(0)
    expect(result).not_to_contain_text("gains a tile")
    expect(result).not_to_contain_text("loses a tile")
    bounds = "between ({}) and ({})".format(", ".join(map(str, truth.shape)),
                                            ", ".join(map(str, quick.upper_bound)))
    expect(result.locator(".reason")).to_contain_text(bounds)
    expect(result).to_contain_text("the search ran out of time")
    # The same tiles with time to prove it: both lose a tile.
    page.fill("#call-budget", "")
    page.get_by_role("button", name="Exact", exact=True).click()
    expect(result).to_have_attribute("data-decided", "true")
    expect(result.locator("h3")).to_have_text("Caller and declarer each lose a tile")


def test_not_proven_says_too_large_not_out_of_time(page, server):
    """A solve the search stopped for size (stubbed: the real one needs the whole bag and a
    quiet machine) never says "ran out of time" nor advises more time."""
    def too_large(route):
        response = route.fetch()
        body = response.json()
        body.update(proven=False, stopped="size", upper_bound=[5, 2])
        body.update(shape=[5, 1, 1], words=["barge", "i", "r"])
        route.fulfill(response=response, json=body)

    page.route("**/api/v1/letters/highest", too_large)
    try:
        fresh(page, server.url + "/#solve")
        page.fill("#solve-tiles", "ABEGIRR")
        page.get_by_role("button", name="Solve", exact=True).click()
        note = page.locator("#solve-result .warn")
        expect(note).to_contain_text("too many tiles for the search")
        expect(note).to_contain_text("between (5, 1, 1) and (5, 2)")
        expect(note).not_to_contain_text("ran out of time")
        expect(note).not_to_contain_text("More search time")
    finally:
        page.unroute("**/api/v1/letters/highest")


def test_out_of_time_on_the_solve_screen_is_said_with_its_bounds(page, server):
    quick = highest(RACK25, load_lexicon(), budget=0)
    if quick.proven:
        pytest.skip("the search now proves this rack at budget 0")
    fresh(page, server.url + "/#solve")
    page.fill("#solve-tiles", RACK25)
    page.locator("#solve-form summary").click()
    page.fill("#solve-budget", "0")
    page.get_by_role("button", name="Solve", exact=True).click()
    note = page.locator("#solve-result .warn")
    expect(note).to_have_attribute("data-stopped", "budget")
    expect(note).to_contain_text("the search ran out of time")
    expect(note).to_contain_text("({})".format(", ".join(map(str, quick.upper_bound))))


@pytest.mark.parametrize("typed", ["abc", "-1", "nan", "61"])
def test_a_bad_search_time_is_refused_beside_its_field(page, server, typed):
    with pytest.raises(InvalidInput) as caught:
        read_budget(typed)
    fresh(page, server.url + "/#call")
    page.fill("#call-tiles", "ABEGIRR")
    page.fill("#call-declared", "giber, ar")
    page.locator("#call-form summary").click()
    page.fill("#call-budget", typed)
    page.locator("#call-form summary").click()  # folded away again: the error unfolds it
    page.get_by_role("button", name="Bullshit", exact=True).click()
    expect(page.locator("#call-budget-error")).to_have_text(caught.value.message)
    expect(page.locator("#call-budget")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#call-budget")).to_be_visible()
    expect(page.locator("#call-result")).to_be_hidden()
