"""No serious or critical accessibility violation on any screen of the phone page, by
axe-core (Deque's rules engine, from npm: tests/axe.py; scripts/run_tests.sh installs it).

One phone at 360x640 for each color scheme, light and dark, against the session's live
``liars serve``: each screen as it first shows, and with its answer shown where it has one
(a judged play's verdict, a call's ruling, a solve, a word list, a game's check, odds), a
field's error, the Games menu, the Leaderboard, both Table screens with a game started, and
Play's start screen (New table, Join) and lobby after "Open the table".  The page keeps its
Content-Security-Policy (no ``bypass_csp``): axe is handed in through DevTools.

Other tests check more screens with :func:`assert_accessible` (the Play screen in a game:
a phone of any test file, at any step)::

    from test_page_a11y import assert_accessible
    assert_accessible(phone.page, "play: my turn")

Run:  python -m pytest -q tests/test_page_a11y.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

from axe import serious_violations  # noqa: E402  (tests/ is on sys.path under pytest)
from page_session import BROWSER, VIEWPORT  # noqa: E402

if not Path(BROWSER).exists():
    pytest.skip(f"{BROWSER} is not installed (scripts/run_tests.sh installs it)",
                allow_module_level=True)

SCHEMES = ["light", "dark"]


def assert_accessible(page, where: str) -> None:
    """axe finds no serious or critical violation on ``page`` as it shows now; the message
    names ``where`` (the screen and its state) and each violation on a line."""
    found = serious_violations(page)
    assert not found, f"{where}: {len(found)} serious or critical violation(s):\n" + \
        "\n".join(found)


class A11yPhone:
    """One phone at 360x640 in a color scheme, its page kept from test to test (screens are
    reached by their fragment, as the tabs and menus reach them).  The page runs under the
    server's CSP, so the tests wait only with ``expect`` and plain evaluations."""

    def __init__(self, browser, server, scheme):
        self.server = server
        self.scheme = scheme
        self.context = browser.new_context(viewport=VIEWPORT, color_scheme=scheme,
                                           device_scale_factor=1, has_touch=True,
                                           is_mobile=True, locale="en-US",
                                           service_workers="block")
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(server.url + "/")
        self.page.wait_for_selector("html[data-ready]")
        self.page.evaluate("localStorage.clear()")

    def screen(self, name: str):
        """Show screen ``name`` (its fragment); the page."""
        page = self.page
        page.evaluate(f"location.hash = '#{name}'")
        expect(page.locator(f"#screen-{name}")).to_be_visible()
        return page

    def check(self, state: str) -> None:
        assert_accessible(self.page, f"{self.scheme}: {state}")


@pytest.fixture(scope="module", params=SCHEMES)
def device(request, browser, server):
    phone = A11yPhone(browser, server, request.param)
    yield phone
    phone.context.close()
    assert phone.errors == [], phone.errors


@pytest.fixture(autouse=True)
def no_script_error(device):
    yield
    assert device.errors == [], device.errors


def test_judge_its_verdict_and_a_field_error(device):
    page = device.screen("judge")
    device.check("judge")
    page.fill("#judge-words", "qi za")
    page.get_by_role("button", name="Judge", exact=True).click()
    verdict = page.locator("#verdict")
    expect(page.locator("#verdict-text")).to_have_text("ACCEPTABLE")
    device.check("judge: the verdict")
    # past the verdict's tap guard (400 ms, on the page's clock), a key clears it
    page.evaluate("() => new Promise((done) => setTimeout(done, 450))")
    verdict.press("Escape")
    expect(verdict).to_be_hidden()
    page.fill("#judge-words", " ".join(["qi"] * 101))  # more words than a play holds
    page.get_by_role("button", name="Judge", exact=True).click()
    expect(page.locator("#judge-words-error")).to_be_visible()
    device.check("judge: a field's error")


def test_call_and_its_ruling(device):
    page = device.screen("call")
    device.check("call")
    page.fill("#call-tiles", "biggerxq")
    page.fill("#call-declared", "big, g")
    page.get_by_role("button", name="Exact", exact=True).click()
    expect(page.locator("#call-result")).to_be_visible()
    device.check("call: a ruling")


def test_raise_and_its_answer(device):
    page = device.screen("raise")
    page.fill("#raise-previous", "big")
    page.fill("#raise-declared", "big, a")
    page.get_by_role("button", name="Is it higher?").click()
    expect(page.locator("#raise-result")).to_be_visible()
    device.check("raise: an answer")


def test_solve_and_its_words(device):
    page = device.screen("solve")
    device.check("solve")
    page.fill("#solve-tiles", "biggerxq")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-result")).to_contain_text("Proven highest")
    device.check("solve: a solve")


def test_words_and_a_list(device):
    page = device.screen("words")
    device.check("words")
    page.fill("#words-q", "retains?")
    page.get_by_role("button", name="Find words").click()
    expect(page.locator("#words-result")).to_be_visible()
    page.locator("#words-more summary").click()
    device.check("words: a list, more options open")


def test_games_menu_and_each_game_checked(device):
    device.screen("games")
    device.check("games")
    for game, fields, button in [
            ("dice", {"claim": "five sixes", "dice": "6 6 1 3 6 2", "last": "4 sixes"},
             "Check the bid"),
            ("post", {"claim": "this is a 7", "card": "QH"}, "Check the claim"),
            ("liarliar", {"claim": "two kings", "cards": "KH 3C"}, "Check the play"),
            ("poker", {"claim": "full house, kings over threes", "cards": "KH 3C KS KD 3S",
                       "last": "two pair, aces and kings"}, "Check the hand")]:
        page = device.screen(game)
        for name, value in fields.items():
            page.fill(f"#{game}-{name}", value)
        page.get_by_role("button", name=button, exact=True).click()
        expect(page.locator(f"#{game}-result")).to_be_visible()
        device.check(f"{game}: a check")


def test_odds_screens(device):
    page = device.screen("odds")
    page.fill("#odds-mine", "abe")
    page.fill("#odds-hidden", "9")
    page.fill("#odds-declared", "bigger, a")
    page.locator("#odds-form button[type=submit]").click()
    expect(page.locator("#odds-raises button").first).to_be_visible()
    device.check("odds: letters, an answer")
    page = device.screen("diceodds")
    page.fill("#diceodds-mine", "2 5 5")
    page.fill("#diceodds-hidden", "10")
    page.fill("#diceodds-bid", "4 fives")
    page.locator("#diceodds-form button[type=submit]").click()
    expect(page.locator("#diceodds-result")).to_be_visible()
    device.check("odds: dice, an answer")


def test_table_screens_with_a_game_started(device):
    for screen, prefix in [("table", "tl"), ("dicetable", "td")]:
        page = device.screen(screen)
        device.check(f"{screen}: setup")
        page.fill(f"#{prefix}-players", "ann\nben")
        page.locator(f"#screen-{screen}").get_by_role("button", name="Start the game").click()
        expect(page.locator(f"#{prefix}-to-move")).to_have_text("ann")
        device.check(f"{screen}: a game started")


def test_leaderboard(device):
    page = device.screen("leaderboard")
    expect(page.locator("#screen-leaderboard")).to_have_attribute("data-loaded", "true")
    device.check("leaderboard")


def test_play_start_then_lobby(device):
    page = device.screen("play")
    expect(page.locator("#play-start-view")).to_be_visible()
    device.check("play: New table and Join")
    page.locator("#play-new-rules summary").click()
    device.check("play: New table's rules open")
    page.locator("#play-new-name").fill("ann")
    page.locator("#play-create").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    device.check("play: the lobby")
    # another screen, with the way back to the table offered
    device.screen("judge")
    device.check("judge: with a table to go back to")
