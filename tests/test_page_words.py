"""The Words screen of the phone page (api/static/words.js), in a real browser at 360x640
against a live ``liars serve``: anagrams with a blank, a pattern paged, hooks, filters,
bad queries beside their field.  Each answer on the page is compared with the API's.

Screenshots go to test-artifacts/screenshots/words-*.png (light) and *-dark.png.
The browser, server and phone fixtures are tests/test_page.py's.

Run:  python -m pytest -q tests/test_page_words.py
"""

from __future__ import annotations

import re

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from test_page import dark_phone, field_error, phone  # noqa: E402,F401  (the phones)

expect = sync_api.expect


def api(server, **query):
    response = server.get("/api/v1/words", params=query)
    assert response.status_code == 200, response.text
    return response.json()


def find(page):
    page.get_by_role("button", name="Find words", exact=True).click()


def shown_words(page):
    return [w.lower() for w in page.locator("#words-result .word-chips li").all_inner_texts()]


def test_words_tab_and_anagram_with_a_blank(phone, server):
    page = phone.open("/")
    page.locator(".tabs").get_by_role("link", name="Words", exact=True).tap()
    expect(page.locator("#screen-title")).to_have_text("Words")
    expect(page.locator(".tabs a[aria-current=page]")).to_have_text("Words")
    expect(page.locator("#lexicon")).to_be_visible()
    expect(page.locator("#tile-set")).to_be_hidden()
    phone.shot("words")
    page.fill("#words-q", "retains?")
    find(page)
    expected = api(server, anagram="retains?", limit=100)
    expect(page.locator("#words-result h3")).to_have_text(f"{expected['count']} words")
    expect(page.locator("#words-result .hint").first).to_have_text("anagram AEINRST? · TWL06")
    assert shown_words(page) == expected["words"]
    phone.shot("words-anagram")


def test_pattern_paged_and_alphabetical(phone, server):
    page = phone.open("/#words")
    page.get_by_role("radio", name="Pattern").check()
    expect(page.locator("#words-q-label")).to_have_text("Pattern")
    page.fill("#words-q", "*ing")
    find(page)
    count = api(server, pattern="*ing", limit=1)["count"]
    expect(page.locator("#words-result h3")).to_have_text(f"{count:,} words")
    expect(page.locator(".pager-range")).to_have_text(f"1–100 of {count:,}")
    expect(page.get_by_role("button", name="‹ Previous")).to_be_disabled()
    phone.shot("words-pattern")
    page.get_by_role("button", name="Next ›").click()
    expect(page.locator(".pager-range")).to_have_text(f"101–200 of {count:,}")
    assert shown_words(page) == api(server, pattern="*ing", limit=100, offset=100)["words"]
    page.locator(".pager").scroll_into_view_if_needed()
    phone.shot("words-pattern-page-2")
    page.get_by_role("button", name="‹ Previous").click()
    expect(page.locator(".pager-range")).to_have_text(f"1–100 of {count:,}")
    # A new search starts again at the first page; A to Z is one list.
    page.get_by_text("Length and letters").click()
    page.select_option("#words-order", "alphabetical")
    page.fill("#words-max", "5")
    find(page)
    expected = api(server, pattern="*ing", max=5, order="alphabetical", limit=100)
    expect(page.locator("#words-result h3")).to_have_text(f"{expected['count']} words")
    assert shown_words(page) == expected["words"]
    assert page.locator("#words-result h4").count() == 0


def test_hooks_front_and_back(phone, server):
    page = phone.open("/#words")
    page.get_by_role("radio", name="Hooks").check()
    page.fill("#words-q", "are")
    page.press("#words-q", "Enter")
    letters = page.locator("[data-hook-letters]")
    expect(letters.first).to_have_text("B C D F H M P R T W Y")
    expect(letters.nth(1)).to_have_text("A S")
    expected = api(server, hooks="are")
    expect(page.locator("#words-result h3")).to_have_text(f"{expected['count']} hooked words")
    assert sorted(shown_words(page)) == sorted(expected["words"])
    expect(page.locator("#words-result")).to_contain_text("ARE is a word in TWL06.")
    phone.shot("words-hooks")
    page.fill("#words-q", "xyzzy")
    find(page)
    expect(page.locator("#words-result")).to_contain_text("is not a word in TWL06")
    expect(letters.first).to_have_text("none")


def test_sub_anagrams_with_filters_and_another_lexicon(phone, server):
    page = phone.open("/#words")
    page.select_option("#lexicon", "csw19")
    page.fill("#words-q", "aeinrst")
    page.get_by_text("Length and letters").click()
    page.fill("#words-min", "5")
    page.fill("#words-max", "6")
    page.fill("#words-contains", "ee")
    find(page)
    expected = api(server, anagram="aeinrst", min=5, max=6, contains="ee", lexicon="csw19")
    expect(page.locator("#words-result h3")).to_have_text(
        re.compile(rf"^{expected['count']} words?$"))
    assert shown_words(page) == expected["words"]
    page.fill("#words-contains", "")
    page.fill("#words-starts", "st")
    find(page)
    expected = api(server, anagram="aeinrst", min=5, max=6, starts="st", lexicon="csw19")
    expect(page.locator("#words-result h3")).to_have_text(f"{expected['count']} words")
    assert shown_words(page) == expected["words"]
    expect(page.locator("#words-result .hint").first).to_contain_text("CSW19")
    phone.shot("words-sub-anagrams")


def test_bad_queries_are_shown_beside_their_field(phone):
    page = phone.open("/#words")
    page.get_by_role("radio", name="Pattern").check()
    page.fill("#words-q", "b[ae")
    find(page)
    expect(field_error(page, "words-q")).to_contain_text("unclosed '[' at character 2")
    expect(page.locator("#words-result")).to_be_hidden()
    phone.shot("words-bad-pattern")
    page.fill("#words-q", "")
    find(page)
    expect(field_error(page, "words-q")).to_contain_text("the pattern is empty")
    page.get_by_role("radio", name="Anagrams").check()
    page.fill("#words-q", "abc???")
    find(page)
    expect(field_error(page, "words-q")).to_contain_text("3 blanks ('?') in the anagram: at most 2")
    # An error in a folded filter opens the fold to show it.
    page.fill("#words-q", "abc")
    page.evaluate("document.querySelector('#words-min').value = '0'")
    find(page)
    expect(field_error(page, "words-min")).to_contain_text("'min' must be from 1 to 31, not 0")
    expect(page.locator("#words-more")).to_have_attribute("open", "")
    phone.shot("words-bad-min")


def test_words_screen_fits_one_thumb(phone):
    """Nothing wider than the phone; every control on the screen is a big tap target."""
    page = phone.open("/#words")
    page.get_by_text("Length and letters").click()
    page.fill("#words-q", "*")
    page.get_by_role("radio", name="Pattern").check()
    find(page)
    expect(page.locator(".pager-range")).to_contain_text("1–100 of")
    facts = page.evaluate("""() => {
        const shown = (el) => el.checkVisibility({visibilityProperty: true});
        const small = [...document.querySelectorAll(
              "#screen-words input, #screen-words select, #screen-words button, "
              + "#screen-words summary, .tabs a")]
            .filter(shown)
            .map((el) => ["checkbox", "radio"].includes(el.type) ? el.closest("label") : el)
            .map((el) => [el.outerHTML.slice(0, 60), el.getBoundingClientRect()])
            .filter(([, box]) => box.width < 48 || box.height < 48)
            .map(([html]) => html);
        const unnamed = [...document.querySelectorAll(
              "#screen-words input, #screen-words select, #screen-words button")]
            .filter((el) => !(el.labels && el.labels.length) && !el.textContent.trim()
                            && !el.getAttribute("aria-label"))
            .map((el) => el.outerHTML.slice(0, 60));
        return {width: document.documentElement.scrollWidth, small, unnamed,
                styled: document.querySelectorAll("#screen-words [style]").length};
    }""")
    assert facts["width"] <= 360, facts
    assert facts["small"] == [] and facts["unnamed"] == [], facts
    assert facts["styled"] == 0  # no style attributes: the page runs under a strict CSP
    phone.shot("words-every-word")


def test_dark_mode_words(dark_phone):
    page = dark_phone.open("/#words")
    page.get_by_role("radio", name="Hooks").check()
    page.fill("#words-q", "at")
    find(page)
    expect(page.locator("[data-hook-letters]").first).to_be_visible()
    dark_phone.shot("words-hooks")
