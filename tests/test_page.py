"""The phone page at ``/``, driven in a real browser against a live ``liars serve``.

Debian's chromium (its headless shell, /usr/bin/chromium-headless-shell, installed by
scripts/run_tests.sh: tests/page_session.py) is launched by Playwright's sync API at a
360x640 viewport.  For every screen the tests run the happy
path and one bad input, and save a screenshot of each state to

    test-artifacts/screenshots/<name>.png     (git-ignored; look at them)

in light mode, plus a dark-mode set (``*-dark.png``).  Every test also asserts that the
page asked nothing of any host but the loopback server and threw no script error.

Nothing here depends on timing: every assertion about the page is an auto-waiting
``expect(locator)...`` (or waits on a condition in the page), never a read right after a
tap and never a fixed sleep.

Run:  python -m pytest -q tests/test_page.py
"""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect
expect.set_options(timeout=10_000)  # as the pages' own default timeout (a busy 2-core machine)

from page_session import BROWSER, VIEWPORT  # tests/ is on sys.path under pytest

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "api" / "static"
SHOTS = ROOT / "test-artifacts" / "screenshots"
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
TAP_GUARD = 450  # ms: the verdict ignores taps for 400 ms after it appears

if not Path(BROWSER).exists():
    pytest.skip(f"{BROWSER} is not installed (scripts/run_tests.sh installs it)",
                allow_module_level=True)


# --- fixtures (the live server and chromium: tests/conftest.py's, one a session) --------

class Phone:
    """One browser context at 360x640: the page, the requests it made, its script errors.

    Service workers are blocked unless asked for: once the page's worker controls the page
    (a race with the first requests), Playwright's routing no longer sees the requests the
    worker passes on, and several tests stub the server's answers by routing.  The worker
    itself is tested in test_page_offline.py."""

    def __init__(self, browser, server, color_scheme="light", service_workers="block"):
        self.server = server
        self.scheme = color_scheme
        self.context = browser.new_context(viewport=VIEWPORT, color_scheme=color_scheme,
                                           device_scale_factor=1, has_touch=True,
                                           is_mobile=True, locale="en-US",
                                           # the server's CSP forbids eval, which the tests'
                                           # own wait_for_function polling uses; that the page
                                           # itself runs under the CSP is test_page_csp.py's
                                           bypass_csp=True,
                                           service_workers=service_workers)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def open(self, path="/"):
        self.page.goto(self.server.url + path)
        self.page.wait_for_selector("html[data-ready]")
        return self.page

    def shot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        suffix = "" if self.scheme == "light" else f"-{self.scheme}"
        path = SHOTS / f"{name}{suffix}.png"
        self.page.screenshot(path=str(path))
        return path

    def close(self):
        self.context.close()
        foreign = [url for url in self.requests
                   if urlsplit(url).scheme not in ("data", "blob")
                   and urlsplit(url).hostname not in LOOPBACK]
        assert not foreign, f"requests to non-loopback hosts: {foreign}"
        assert not self.errors, f"script errors: {self.errors}"


@pytest.fixture
def phone(browser, server):
    device = Phone(browser, server)
    yield device
    device.close()


@pytest.fixture
def dark_phone(browser, server):
    device = Phone(browser, server, color_scheme="dark")
    yield device
    device.close()


def field_error(page, input_id):
    """The error shown beside an input (its own element, tied by aria-describedby), once
    it is shown; assert on its text with ``expect(...)``."""
    field = page.locator(f"#{input_id}")
    expect(field).to_have_attribute("aria-describedby", re.compile(rf"\b{input_id}-error\b"))
    error = page.locator(f"#{input_id}-error")
    expect(error).to_be_visible()
    expect(field).to_have_attribute("aria-invalid", "true")
    return error


def after_tap_guard(page):
    """Wait (on the page's clock, not a fixed sleep) until the verdict takes taps again."""
    shown = page.evaluate("performance.now()")
    page.wait_for_function(f"performance.now() >= {shown + TAP_GUARD}")


# --- first screen, accessibility, installability ----------------------------------------

def test_first_screen_is_usable(phone):
    """The page marks itself ready (no timing is asserted here: a shared machine's load
    would make that flaky)."""
    page = phone.open("/")
    page.wait_for_function("performance.getEntriesByName('app-ready').length > 0")
    expect(page.locator("#screen-title")).to_have_text("Word judge")
    expect(page.locator("#judge-words")).to_be_editable()
    phone.shot("judge")


def test_page_uses_no_external_resources():
    """No CDN, no web font, no remote URL anywhere in what the page loads (SVG's namespace,
    the name icons.js makes its pictures in, is a name: nothing is fetched from it)."""
    for path in STATIC.iterdir():
        if path.suffix in (".html", ".css", ".js", ".webmanifest"):
            text = path.read_text().replace('"http://www.w3.org/2000/svg"', '""')
            assert not re.search(r"(?i)\bhttps?://|//[a-z0-9-]+\.[a-z]", text), path.name
            assert "@font-face" not in text and "@import" not in text, path.name


# The symbols the page draws as text: each one in DejaVu Sans (fonts-dejavu-core, which
# scripts/run_tests.sh installs and app.css's font list names) as in every phone's own
# fonts.  An emoji is not (a stopwatch, a cup, a joker, a card's back: empty boxes where no
# emoji font is installed): the page draws those as inline SVG (api/static/icons.js).
DRAWN_SYMBOLS = set("·×–—“”•…‹›→↺↻−⌫▶▸▾♠♣♥♦✓✗")


def test_the_page_draws_no_glyph_a_system_may_lack():
    """Every character beyond ASCII in the page's own files (its screens, styles and
    markup; the engine's case tables and parsers read text, they draw none) is one of the
    symbols every system's fonts have (a game's engine port is games/NAME/engine.js and
    game.js)."""
    found: dict[str, set[str]] = {}
    for path in STATIC.rglob("*"):
        parts = path.relative_to(STATIC).parts
        engine = parts[0] == "engine" or parts[0] == "games" and parts[-1] in ("engine.js",
                                                                                "game.js")
        if path.suffix not in (".html", ".css", ".js") or engine or parts[0] == "lexicons":
            continue
        for char in set(path.read_text()):
            if ord(char) > 127 and char not in DRAWN_SYMBOLS:
                found.setdefault(f"{char} (U+{ord(char):04X})", set()).add("/".join(parts))
    assert found == {}, f"drawn as a glyph a system may lack (use icons.js): {found}"


SCREENS = ["judge", "call", "raise", "solve", "games", "dice", "post", "liarliar", "poker",
           "play", "odds", "diceodds"]
def test_every_control_is_labelled_and_thumb_sized(phone):
    """Chromium's own accessibility tree names every input, select, button and link; every
    tap target is at least 48x48 px; text fields turn off autocorrect and friends."""
    page = phone.open("/")
    cdp = phone.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    checked = 0
    for screen in SCREENS:
        page.evaluate(f"location.hash = '#{screen}'")
        page.locator(f"#screen-{screen}").wait_for(state="visible")
        # One round trip per screen for the DOM facts; the controls are kept for the AX tree.
        controls = page.evaluate("""() => {
            for (const details of document.querySelectorAll("details")) details.open = true;
            const shown = (el) => el.checkVisibility({visibilityProperty: true});
            const els = [...document.querySelectorAll("input, select, button, a[href], summary")]
                .filter(shown);
            window.__controls = els;
            return els.map((el) => {
                // A checkbox or radio is tapped through the label that wraps it.
                const target = ["checkbox", "radio"].includes(el.type) ? el.closest("label") : el;
                const box = target.getBoundingClientRect();
                return {html: el.outerHTML.slice(0, 90), tag: el.tagName, type: el.type,
                        width: box.width, height: box.height, skip: el.classList.contains("skip"),
                        cap: el.getAttribute("autocapitalize"),
                        correct: el.getAttribute("autocorrect"),
                        spell: el.getAttribute("spellcheck"),
                        complete: el.getAttribute("autocomplete"),
                        mode: el.getAttribute("inputmode")};
            });
        }""")
        for i, control in enumerate(controls):
            if control["skip"]:
                continue  # the skip link is off screen until focused
            obj = cdp.send("Runtime.evaluate", {"expression": f"window.__controls[{i}]"})
            tree = cdp.send("Accessibility.getPartialAXTree",
                            {"objectId": obj["result"]["objectId"], "fetchRelatives": False})
            name = next((n.get("name", {}).get("value", "") for n in tree["nodes"]
                         if not n.get("ignored")), "")
            what = f"{screen}: {control['html']}"
            assert name.strip(), f"no accessible name for {what}"
            assert control["height"] >= 48 and control["width"] >= 48, (what, control)
            if control["tag"] == "INPUT" and control["type"] == "text":
                assert control["cap"] in ("characters", "off"), (what, control)
                assert control["correct"] == "off" and control["spell"] == "false", what
                assert control["complete"] == "off" and control["mode"], what
            checked += 1
    assert checked >= 60, checked
    # Every id is unique and every aria reference points at an element.
    problems = page.evaluate("""() => {
        const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
        const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
        const missing = [];
        for (const el of document.querySelectorAll("[aria-describedby], [aria-labelledby]")) {
            for (const attr of ["aria-describedby", "aria-labelledby"]) {
                for (const ref of (el.getAttribute(attr) || "").split(/\\s+/).filter(Boolean))
                    if (!document.getElementById(ref)) missing.push(`${el.id} ${attr} ${ref}`);
            }
        }
        return {dupes, missing};
    }""")
    assert problems == {"dupes": [], "missing": []}


def test_tabs_switch_screens(phone):
    page = phone.open("/")
    tabs = page.locator(".tabs")
    for tab, title in [("Call", "Call: bullshit or exact"), ("Raise", "Raise check"),
                       ("Solve", "Solver"), ("Games", "Other games"), ("Judge", "Word judge")]:
        tabs.get_by_role("link", name=tab, exact=True).tap()
        expect(page.locator("#screen-title")).to_have_text(title)
        expect(page.locator(".tabs a[aria-current=page]")).to_have_text(tab)
        expect(page).to_have_title(re.compile("^" + re.escape(title)))
    # The lexicon shows on the word screens only, the tile set where tiles are typed.
    tabs.get_by_role("link", name="Raise", exact=True).tap()
    expect(page.locator("#screen-raise")).to_be_visible()
    expect(page.locator("#lexicon")).to_be_visible()
    expect(page.locator("#tile-set")).to_be_hidden()
    tabs.get_by_role("link", name="Call", exact=True).tap()
    expect(page.locator("#screen-call")).to_be_visible()
    expect(page.locator("#lexicon")).to_be_visible()
    expect(page.locator("#tile-set")).to_be_visible()
    # A fragment that is no screen (the skip link's #main) leaves the screen alone.  The
    # promise settles once every hashchange listener (the page's router first) has run.
    page.evaluate("""() => new Promise((done) => {
        window.addEventListener("hashchange", () => setTimeout(done), {once: true});
        location.hash = "#main";
    })""")
    expect(page.locator("#screen-call")).to_be_visible()
    expect(page.locator("#screen-title")).to_have_text("Call: bullshit or exact")
def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_installable_manifest_and_icons(phone, server):
    page = phone.open("/")
    # Relative URLs, so that the same files work from any folder of a static host.
    href = urljoin(server.url + "/", page.locator("link[rel=manifest]").get_attribute("href"))
    response = server.session.get(href, timeout=30)
    assert response.status_code == 200
    assert "manifest+json" in response.headers["Content-Type"]
    manifest = json.loads(response.text)
    assert urljoin(href, manifest["start_url"]) == server.url + "/"
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"]
    sizes = {}
    for icon in manifest["icons"]:
        got = server.session.get(urljoin(href, icon["src"]), timeout=30)
        assert got.status_code == 200, icon
        if icon["type"] == "image/png":
            sizes[icon["sizes"]] = _png_size(got.content)
        else:
            assert got.text.lstrip().startswith("<svg")
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}
    # Chromium's own verdict: the manifest parses cleanly and nothing blocks installing,
    # except that Playwright's contexts are incognito.
    cdp = phone.context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    blocking = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")
                ["installabilityErrors"] if e["errorId"] != "in-incognito"]
    assert blocking == []


def test_unreachable_server_answers_on_the_phone(phone):
    """No server to reach: the page's own engine answers, and says so."""
    page = phone.open("/")
    page.route("**/api/v1/judge", lambda route: route.abort())
    judge(page, "qi")
    expect(page.locator("#verdict-text")).to_have_text("ACCEPTABLE")
    expect(page.locator("#verdict-source")).to_have_text("Answered on this phone")


def test_unreachable_server_and_no_engine_is_said_in_words(browser, server):
    """No server and the page's engine cannot load (no service worker, so that routing
    sees every request): said in words, no verdict."""
    device = Phone(browser, server)
    try:
        page = device.open("/")
        page.route("**/api/v1/judge", lambda route: route.abort())
        page.route("**/static/engine/local.js", lambda route: route.abort())
        judge(page, "qi")
        expect(page.locator("#judge-form-error")).to_contain_text(
            "Cannot reach the referee server")
        expect(page.locator("#verdict")).to_be_hidden()
    finally:
        device.close()


def test_unreachable_server_and_a_game_s_module_missing(browser, server):
    """No server, and the page's own routes of Liars' Letters cannot load
    (games/letters/local.js): a solve says in words that it needs the referee server, and
    the shared routes still answer on the phone (the judge); no service worker, so that
    routing sees every request."""
    device = Phone(browser, server)
    try:
        page = device.open("/#solve")
        page.route("**/api/v1/**", lambda route: route.abort())
        page.route("**/static/games/letters/local.js", lambda route: route.abort())
        page.fill("#solve-tiles", "bigger")
        page.get_by_role("button", name="Solve", exact=True).click()
        expect(page.locator("#solve-form-error")).to_contain_text("needs the referee server")
        page.goto(page.url.split("#")[0] + "#judge")
        judge(page, "qi")
        expect(page.locator("#verdict-text")).to_have_text("ACCEPTABLE")
        expect(page.locator("#verdict-source")).to_have_text("Answered on this phone")
    finally:
        device.close()


# --- Judge -------------------------------------------------------------------------------

def judge(page, words):
    page.fill("#judge-words", words)
    page.get_by_role("button", name="Judge", exact=True).click()


def test_judge_acceptable_then_tap_to_clear(phone):
    page = phone.open("/")
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-clear-after", "10")
    judge(page, "qi za")
    expect(verdict).to_be_visible()
    expect(page.locator("#verdict-text")).to_have_text("ACCEPTABLE")
    expect(page.locator("#verdict-detail")).to_have_text("Lexicon: TWL06")
    expect(page.locator("#verdict-source")).to_have_text("Answered by the server")
    assert verdict.inner_text().count("TWL06") == 1  # the lexicon is named once
    # Full screen, green.
    box = verdict.bounding_box()
    assert (box["width"], box["height"]) == (360, 640)
    expect(verdict).to_have_class(re.compile(r"\bok\b"))
    phone.shot("judge-acceptable")
    # Behind the verdict nothing can be reached (and it holds the focus).
    expect(page.locator("main")).to_have_js_property("inert", True)
    expect(verdict).to_be_focused()
    after_tap_guard(page)
    verdict.tap()
    expect(verdict).to_be_hidden()
    # Ready for the next challenge: empty and focused.
    expect(page.locator("#judge-words")).to_have_value("")
    expect(page.locator("#judge-words")).to_be_focused()
    expect(page.locator("main")).to_have_js_property("inert", False)


def test_judge_not_acceptable_clears_itself_and_never_names_the_word(phone):
    page = phone.open("/?clear=1")
    page.select_option("#lexicon", "sowpods")
    judge(page, "qi zzxq")
    verdict = page.locator("#verdict")
    expect(verdict).to_be_visible()
    shown = page.evaluate("performance.now()")
    expect(verdict).to_contain_text("NOT ACCEPTABLE")
    expect(verdict).to_contain_text("SOWPODS")
    expect(verdict).not_to_contain_text(re.compile("zzxq|qi", re.IGNORECASE))
    expect(verdict).to_have_class(re.compile(r"\bbad\b"))
    phone.shot("judge-not-acceptable")
    expect(verdict).to_be_hidden()  # by itself: ?clear=1 clears after one second
    # A timer never fires early: the verdict stayed up for (nearly) its whole second.
    assert page.evaluate("performance.now()") - shown >= 700


@pytest.mark.parametrize("words", ["big don't", "café", "e-mail", "q1", "b1g"])
def test_judge_word_with_a_non_letter_is_not_acceptable(phone, words):
    """A word with a non-letter is simply not acceptable, like a word not in the
    lexicon: the table sees the verdict, never an error naming the word."""
    page = phone.open("/")
    judge(page, words)
    verdict = page.locator("#verdict")
    expect(verdict).to_be_visible()
    expect(page.locator("#verdict-text")).to_have_text("NOT ACCEPTABLE")
    for word in words.split():
        expect(verdict).not_to_contain_text(word, ignore_case=True)
    expect(page.locator("#judge-words-error")).to_be_hidden()


def test_judge_malformed_play_is_said_beside_the_field_naming_no_word(phone):
    page = phone.open("/")
    judge(page, " ".join(["qi"] * 100 + ["zzxq"]))
    error = field_error(page, "judge-words")
    expect(error).to_contain_text("at most 100 words")
    expect(error).not_to_contain_text(re.compile("zzxq|qi", re.IGNORECASE))
    expect(page.locator("#verdict")).to_be_hidden()
    phone.shot("judge-bad-input")
    page.fill("#judge-words", "qi")  # editing clears the error
    expect(page.locator("#judge-words-error")).to_be_hidden()


# --- Liars' Letters: call ---------------------------------------------------------------

def call(page, tiles, declared, which):
    page.fill("#call-tiles", tiles)
    page.fill("#call-declared", declared)
    page.get_by_role("button", name=which, exact=True).click()
    result = page.locator("#call-result")
    expect(result).to_be_visible()
    return result


def test_call_exact_and_bullshit(phone):
    page = phone.open("/#call")
    expect(page.locator("#screen-title")).to_have_text(re.compile("^Call"))
    expect(page.locator("#call-tiles-count")).to_have_text("")
    # Exact on a set that exists but is not the highest: the caller gains a tile.
    result = call(page, "b i g g e r x q", "big, g", "Exact")
    expect(page.locator("#call-tiles-count")).to_have_text("(8 tiles)")
    # The count is for the eye: the field's name stays the same for a screen reader.
    expect(page.get_by_role("textbox", name="Revealed tiles", exact=True)).to_have_count(1)
    for said in ("Caller gains a tile", "'big, g' exists but leaves 4 tiles unused",
                 "so it is not the highest", "Highest possible: BIGGER, Q, X (6, 1, 1)"):
        expect(result).to_contain_text(said)
    expect(result).not_to_contain_text("not proven", ignore_case=True)
    # The reason is said once: whether it exists, and whether it is the highest.
    assert result.inner_text().count("exist") == 1
    assert result.inner_text().lower().count("highest") == 2  # the reason's; the highest set
    phone.shot("call-exact")
    # Exact on the highest: caller and declarer each lose a tile.
    result = call(page, "bigger", "bigger", "Exact")
    expect(result).to_contain_text("Caller and declarer each lose a tile")
    # Bullshit on a set that does not exist: the declarer gains a tile.
    result = call(page, "biggerxq", "bigger, z", "Bullshit")
    expect(result).to_contain_text("Declarer gains a tile")
    expect(result).to_contain_text("does not exist")
    phone.shot("call-bullshit")
    page.get_by_role("button", name=re.compile("^New round")).click()
    expect(page.locator("#call-tiles")).to_have_value("")
    expect(page.locator("#call-declared")).to_have_value("")
    expect(page.locator("#call-tiles-count")).to_have_text("")
    expect(page.locator("#call-result")).to_be_hidden()


def test_call_enter_key_never_calls(phone):
    """The keyboard's Enter moves on from the tiles and never calls "Bullshit" by itself.

    A form submitted by Enter is submitted while the key press is dispatched, so once
    ``press`` returns, a count of submit events says whether it happened.
    """
    page = phone.open("/#call")
    page.evaluate("""() => { window.__submits = 0;
        document.querySelector("#call-form").addEventListener("submit",
            () => { window.__submits += 1; }, true); }""")
    page.fill("#call-tiles", "bigger")
    page.press("#call-tiles", "Enter")
    expect(page.locator("#call-declared")).to_be_focused()
    page.keyboard.type("big")
    page.press("#call-declared", "Enter")
    expect(page.locator("#call-declared")).not_to_be_focused()
    assert page.evaluate("window.__submits") == 0
    expect(page.locator("#call-result")).to_be_hidden()


def test_call_bad_tiles(phone):
    page = phone.open("/#call")
    page.fill("#call-tiles", "bigg3r")
    page.fill("#call-declared", "big")
    page.get_by_role("button", name="Bullshit", exact=True).click()
    expect(field_error(page, "call-tiles")).to_contain_text("'3' is not a letter tile")
    expect(page.locator("#call-result")).to_be_hidden()
    phone.shot("call-bad-input")


def test_unproven_answers_are_said_plainly(phone):
    """A solve that ran out of time says so (the server's answer is stubbed to unproven)."""
    page = phone.open("/#call")

    def unproven(route):
        response = route.fetch()
        body = response.json()
        body["proven"] = False
        route.fulfill(response=response, json=body)

    page.route("**/api/v1/letters/call", unproven)
    page.route("**/api/v1/letters/highest", unproven)
    result = call(page, "biggerxq", "big", "Exact")
    expect(result).to_contain_text("Not proven highest — the search ran out of time")
    phone.shot("call-unproven")
    page.evaluate("location.hash = '#solve'")
    page.fill("#solve-tiles", "biggerxq")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-result")).to_contain_text("Not proven highest")


# --- Liars' Letters: raise --------------------------------------------------------------

def test_raise_legal_then_next_then_illegal(phone):
    page = phone.open("/#raise")
    page.fill("#raise-previous", "big")
    page.fill("#raise-declared", "big, a")
    page.get_by_role("button", name="Is it higher?").click()
    result = page.locator("#raise-result")
    expect(result).to_contain_text("Legal raise")
    expect(result).to_contain_text("(3, 1)")
    expect(result).to_contain_text("(3)")
    phone.shot("raise-legal")
    page.get_by_role("button", name=re.compile("^Next raise")).click()
    expect(page.locator("#raise-previous")).to_have_value("BIG, A")
    expect(page.locator("#raise-declared")).to_have_value("")
    # The call screen answers to the last legal declaration.
    expect(page.locator("#call-declared")).to_have_value("BIG, A")
    page.fill("#raise-declared", "it, is, so")
    page.get_by_role("button", name="Is it higher?").click()
    expect(result).to_have_attribute("data-legal", "false")
    expect(result).to_contain_text("Not a legal raise")
    expect(result).to_contain_text("lower than")
    phone.shot("raise-not-legal")


def test_raise_bad_input(phone):
    page = phone.open("/#raise")
    page.fill("#raise-declared", "b1g")
    page.get_by_role("button", name="Is it higher?").click()
    expect(field_error(page, "raise-declared")).to_contain_text("'1'")
    phone.shot("raise-bad-input")


# --- Solver --------------------------------------------------------------------------------

def test_solve_highest_and_every_word(phone):
    page = phone.open("/#solve")
    page.fill("#solve-tiles", "bigger xq")
    page.get_by_role("button", name="Solve", exact=True).click()
    result = page.locator("#solve-result")
    expect(page.locator("[data-highest]")).to_have_text("BIGGER, Q, X")
    expect(result).to_contain_text("Shape (6, 1, 1)")
    expect(result).to_contain_text("Proven highest")
    words = page.locator(".wordlist li")
    expect(words.filter(has_text=re.compile("^bigger$", re.IGNORECASE))).to_have_count(1)
    expect(words.filter(has_text=re.compile("^qi$", re.IGNORECASE))).to_have_count(1)
    lengths = [int(t.split()[0]) for t in page.locator(".wordlist h4").all_inner_texts()]
    assert lengths == sorted(lengths, reverse=True) and lengths[0] == 6 and lengths[-1] == 2
    phone.shot("solve")
    page.locator(".wordlist").scroll_into_view_if_needed()
    phone.shot("solve-words")


UNWRAPPED = """els => els.filter(li => {
  const r = document.createRange(); r.selectNodeContents(li);
  return r.getClientRects().length > 1 || li.scrollWidth > li.clientWidth + 1;
}).map(li => li.textContent)"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_word_of_a_solve_stays_on_one_line(browser, server, scheme):
    """ABEGIRRQUIZ's 41 four-letter words (AGER, BARE, ...) each on one line, at 360 px, in
    both themes: a word broken across lines ("AGE/R") is not a word any more."""
    device = Phone(browser, server, color_scheme=scheme)
    try:
        page = device.open("/#solve")
        page.fill("#solve-tiles", "ABEGIRRQUIZ")
        page.get_by_role("button", name="Solve", exact=True).click()
        fours = page.locator('.wordlist section[data-length="4"] li')
        expect(fours.first).to_be_visible()
        assert fours.count() == 41
        for length in range(2, 12):
            broken = page.locator(f'.wordlist section[data-length="{length}"] li'
                                  ).evaluate_all(UNWRAPPED)
            assert broken == [], (length, broken)
    finally:
        device.close()


# Does a tap at the middle of ``selector`` reach it (nothing on top of it there)?
REACHED = """(selector) => {
  const el = document.querySelector(selector);
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && (hit === el || el.contains(hit));
}"""


def test_solve_a_big_rack_keeps_its_words_short(phone):
    """60 tiles make thousands of words: the Solve screen shows them as the Words screen
    does, side by side, a hundred at a time, so the answer is not buried under a page of
    thirty thousand pixels."""
    page = phone.open("/#solve")
    page.fill("#solve-tiles", "ETLAEOBFLIOMRIGERGZAXETEHYWQATDYVNSBWISIDLERIUNNMORDSVANAOPT")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-result .answered-by")).to_be_visible()
    words = page.locator(".wordlist li")
    expect(words).to_have_count(100)
    expect(page.locator("#solve-shown")).to_contain_text("Showing the first 100 of")
    tops = page.evaluate("""() => [...document.querySelectorAll('.wordlist li')]
        .map((li) => li.getBoundingClientRect().top)""")
    assert len(set(tops)) < 80  # several words a row
    assert words.evaluate_all(UNWRAPPED) == []  # and each whole, on one line
    assert page.evaluate("document.documentElement.scrollHeight") < 6000
    # The tap lands on the button itself: scrolled into sight whole, and waited for until a
    # tap at its middle reaches it (not the word chips above it, nor the tab bar below,
    # while the page settles on a busy machine), then clicked where it is.
    more = page.get_by_role("button", name="Show 100 more")
    more.scroll_into_view_if_needed()
    expect(more).to_be_in_viewport(ratio=1)
    page.wait_for_function(REACHED, arg="#solve-more")
    more.click()
    expect(words).to_have_count(200)
    expect(page.locator("#solve-shown")).to_contain_text("Showing the first 200 of")
    phone.shot("solve-big-rack")


def test_solve_too_many_tiles(phone):
    page = phone.open("/#solve")
    page.fill("#solve-tiles", "E" * 13)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(field_error(page, "solve-tiles")).to_contain_text(
        "13 E's, but the scrabble set has only 12")
    phone.shot("solve-bad-input")
    page.select_option("#tile-set", "bananagrams")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-result")).to_be_visible()
    expect(page.locator("#solve-tiles-error")).to_be_hidden()
# --- dark mode ---------------------------------------------------------------------------

def contrast(page, selector, fg="color", bg="backgroundColor"):
    return page.evaluate("""([sel, fg, bg]) => {
        const el = document.querySelector(sel);
        const style = getComputedStyle(el);
        const lum = (c) => {
            const [r, g, b] = c.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map((v) => {
                v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        let back = el;
        while (getComputedStyle(back)[bg] === "rgba(0, 0, 0, 0)" && back.parentElement)
            back = back.parentElement;
        const a = lum(style[fg]), b = lum(getComputedStyle(back)[bg]);
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }""", [selector, fg, bg])


def test_dark_mode_screens_are_readable(dark_phone):
    page = dark_phone.open("/")
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    assert contrast(page, "body") >= 7
    assert contrast(page, "#judge-form label") >= 7
    assert contrast(page, "#judge-form button.primary") >= 4.5
    dark_phone.shot("judge")
    judge(page, "qi za")
    expect(page.locator("#verdict-text")).to_have_text("ACCEPTABLE")
    assert contrast(page, "#verdict-text") >= 4.5
    dark_phone.shot("judge-acceptable")
    after_tap_guard(page)
    page.locator("#verdict").tap()
    expect(page.locator("#verdict")).to_be_hidden()
    page.evaluate("location.hash = '#call'")
    call(page, "biggerxq", "big, g", "Exact")
    dark_phone.shot("call-exact")
    page.fill("#call-tiles", "bigg3r")
    page.get_by_role("button", name="Exact", exact=True).click()
    expect(field_error(page, "call-tiles")).to_contain_text("'3'")
    assert contrast(page, "#call-tiles-error") >= 4.5
    dark_phone.shot("call-bad-input")
    page.evaluate("location.hash = '#solve'")
    page.fill("#solve-tiles", "biggerxq")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-result")).to_contain_text("Proven highest")
    dark_phone.shot("solve")
TAB_GAPS = """() => {
    const boxes = [...document.querySelectorAll('.tabs a')].map((a) => {
        const range = document.createRange();
        range.selectNodeContents(a);
        return range.getBoundingClientRect();
    });
    return boxes.slice(1).map((box, i) => box.left - boxes[i].right);
}"""

SETTINGS_FIT = """() => [...document.querySelectorAll('#settings select')]
    .filter((select) => select.offsetParent).map((select) => {
        // The width the select would take to show its longest option whole.
        const clone = select.cloneNode(true);
        clone.removeAttribute('id');
        const style = getComputedStyle(select);
        for (const p of ['font', 'padding', 'border', 'letter-spacing', 'box-sizing']) {
            clone.style.setProperty(p, style.getPropertyValue(p));
        }
        Object.assign(clone.style, {width: 'auto', position: 'absolute', display: 'inline-block'});
        document.body.append(clone);
        const needed = clone.offsetWidth;
        clone.remove();
        return [select.id, needed, select.offsetWidth];
    })"""


def test_at_360px_tab_labels_and_settings_have_room(phone):
    """No two tab labels touch, and every lexicon and tile set name shows whole."""
    for screen in ("judge", "call", "solve"):
        page = phone.open(f"/#{screen}")
        gaps = page.evaluate(TAB_GAPS)
        assert len(gaps) >= 6 and min(gaps) >= 4, gaps
        for name, needed, width in page.evaluate(SETTINGS_FIT):
            assert needed <= width, f"{screen}: #{name} needs {needed} px, has {width}"


def test_light_mode_contrast_for_sunlight(phone):
    page = phone.open("/")
    assert contrast(page, "body") >= 7
    assert contrast(page, "#judge-form label") >= 7
    assert contrast(page, "#judge-form button.primary") >= 4.5
    assert contrast(page, ".hint") >= 4.5
