"""The page with no server, in a real browser: offline after one visit, as a
static site, and a new version replacing the old cache.

The Table screen (a whole game of Liars' Letters and of Liar's Dice) and the Words screen
run with no server too: played and queried on the static site, online and offline, they
show what the same moves and query show under ``liars serve``.

Each flow (judge a play, rule a call, solve a rack, check a dice bid) is run on the page
while ``liars serve`` answers, and again where only the page's own engine can answer
(offline, or a static host with no API): the answers shown must be the same, and each says
who answered ("Answered by the server" / "Answered on this phone").

The static site is ``liars export-site`` written into a folder of a temporary directory and
served by ``python -m http.server`` from that directory, so that it runs from a subpath.

Nothing here depends on timing: every wait is an auto-waiting expectation or a condition
polled in the page.

Run:  python -m pytest -q tests/test_page_offline.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

from api_server import HOST, free_port  # noqa: E402
from page_session import BROWSER, VIEWPORT  # noqa: E402
from test_page import STATIC, after_tap_guard  # noqa: E402
from test_page_table import call as call_on, declare  # noqa: E402

from api.site import export_site, site_version, static_files  # noqa: E402

if not Path(BROWSER).exists():
    pytest.skip(f"{BROWSER} is not installed (scripts/run_tests.sh installs it)",
                allow_module_level=True)

BY_SERVER = "Answered by the server"
BY_PHONE = "Answered on this phone"


# --- fixtures -------------------------------------------------------------------------------

@pytest.fixture
def context(browser):
    """A fresh phone: no service worker, no cache.  Script errors fail the test."""
    ctx = browser.new_context(viewport=VIEWPORT, has_touch=True, is_mobile=True,
                              locale="en-US", bypass_csp=True)  # wait_for_function polls
    errors: list[str] = []
    ctx.on("weberror", lambda error: errors.append(str(error.error)))
    yield ctx
    ctx.close()
    assert not errors, errors


class StaticHost:
    """``python -m http.server`` serving ``root`` on a free loopback port: no API at all."""

    def __init__(self, root: Path):
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", "--bind", HOST, "--directory", str(root),
             str(self.port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                requests.get(self.url + "/", timeout=1)
                return
            except requests.RequestException:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("python -m http.server did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def static_site(tmp_path):
    """The export in tmp/site/, served from tmp/: the page is at <url>/site/."""
    export_site(tmp_path / "site")
    host = StaticHost(tmp_path)
    yield host
    host.stop()


# --- the four flows --------------------------------------------------------------------------

def open_page(page, url):
    page.goto(url)
    page.wait_for_selector("html[data-ready]")


def shown(locator) -> str:
    """An answer's text without its "answered by" line."""
    return locator.evaluate("""(el) => {
        const copy = el.cloneNode(true);
        for (const note of copy.querySelectorAll('.answered-by')) note.remove();
        return copy.innerText.trim();
    }""")


def note(locator) -> str:
    return locator.locator(".answered-by").inner_text()


def run_flows(page) -> dict[str, tuple[str, str]]:
    """Judge a play, rule a call, solve a rack, check a dice bid on a freshly loaded page
    (opened with ?clear=600: the verdict stays up until tapped); each flow's answer as
    shown, and who answered it."""
    answers = {}
    page.fill("#judge-words", "qi za")
    page.get_by_role("button", name="Judge", exact=True).click()
    verdict = page.locator("#verdict")
    expect(verdict).to_be_visible()
    answers["judge"] = (page.locator("#verdict-text").inner_text() + " / "
                        + page.locator("#verdict-detail").inner_text(),
                        page.locator("#verdict-source").inner_text())
    after_tap_guard(page)
    verdict.click()  # dismissed by a tap (it stays up till then: ?clear=600)
    expect(verdict).to_be_hidden()

    page.evaluate("location.hash = '#call'")
    page.fill("#call-tiles", "biggerxq")
    page.fill("#call-declared", "big")
    page.get_by_role("button", name="Exact", exact=True).click()
    result = page.locator("#call-result")
    expect(result.locator(".answered-by")).to_be_visible()
    answers["call"] = (shown(result), note(result))

    page.evaluate("location.hash = '#solve'")
    page.fill("#solve-tiles", "abegirr")
    page.get_by_role("button", name="Solve", exact=True).click()
    result = page.locator("#solve-result")
    expect(result.locator(".answered-by")).to_be_visible()
    answers["solve"] = (shown(result), note(result))

    page.evaluate("location.hash = '#dice'")
    expect(page.locator("#screen-dice")).to_be_visible()
    page.fill("#dice-claim", "five sixes")
    page.fill("#dice-dice", "6 6 1 3 6 2 6")
    page.fill("#dice-last", "4 sixes")
    page.get_by_role("button", name="Check the bid", exact=True).click()
    result = page.locator("#dice-result")
    expect(result.locator(".answered-by")).to_be_visible()
    answers["dice"] = (shown(result), note(result))
    return answers


def wait_for_offline_copy(page):
    """The service worker controls the page: the app shell is in its cache."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")


def assert_same_answers(expected, got, by):
    for flow, (text, _) in expected.items():
        assert got[flow][0] == text, f"{flow}: {got[flow][0]!r} != {text!r}"
        assert got[flow][1].startswith(by), (flow, got[flow][1])
    assert "lexicon TWL06" in got["solve"][1] and "lexicon TWL06" in got["call"][1]


def server_answers(browser, server) -> dict[str, tuple[str, str]]:
    """The four flows answered by `liars serve` (no service worker: the server, nothing
    else)."""
    ctx = browser.new_context(viewport=VIEWPORT, locale="en-US", bypass_csp=True,
                              service_workers="block")
    page = ctx.new_page()
    open_page(page, server.url + "/?clear=600")
    answers = run_flows(page)
    ctx.close()
    for flow, (_, by) in answers.items():
        assert by.startswith(BY_SERVER), (flow, by)
    return answers


CACHED_URLS = """async () => {
    const urls = [];
    for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
}"""


def cached_urls(page) -> list[str]:
    """Every URL in every cache of the page's origin."""
    return page.evaluate(CACHED_URLS)


def cache_names(page) -> list[str]:
    return page.evaluate("caches.keys()")


def wait_until(page, condition: str, arg, what: str, seconds: float = 30) -> None:
    """Wait until ``condition`` (an async JS function of ``arg``: the Cache API answers only
    asynchronously, which Playwright's wait_for_function does not await) holds in the page;
    the page checks it again as soon as the last check is done and a frame has passed."""
    page.evaluate(f"""async ([arg, seconds, what]) => {{
        const condition = {condition};
        const end = performance.now() + 1000 * seconds;
        while (!(await condition(arg))) {{
            if (performance.now() > end) {{
                throw new Error(`still not true after ${{seconds}} s: ${{what}}`);
            }}
            await new Promise((next) => requestAnimationFrame(next));
        }}
    }}""", [arg, seconds, what])


def wait_for_cached(page, suffix: str) -> None:
    """Wait until some cache of the page holds a URL ending with ``suffix``."""
    wait_until(page, f"""async (suffix) => ({CACHED_URLS})()
        .then((urls) => urls.some((url) => url.endsWith(suffix)))""", suffix,
               f"a URL ending {suffix} is cached")


def wait_for_version(page, name: str) -> None:
    """Wait until ``name`` is the page's one cache and its worker controls the page (the
    new worker, activating, deletes the old cache before it claims the page)."""
    wait_until(page, """async (name) => {
        const names = await caches.keys();
        const reg = await navigator.serviceWorker.getRegistration();
        return names.length === 1 && names[0] === name && !!reg && !!reg.active &&
          reg.active.state === 'activated' && navigator.serviceWorker.controller === reg.active;
    }""", name, f"only {name} is cached, its worker in control")


# --- the tests ------------------------------------------------------------------------------

def test_served_page_answers_offline_after_one_visit(context, server):
    """`liars serve`'s page: visited once, then offline and reloaded, it answers the four
    flows on the phone, as the server answered them."""
    page = context.new_page()
    open_page(page, server.url + "/?clear=600")
    online = run_flows(page)
    for flow, (_, by) in online.items():
        assert by.startswith(BY_SERVER), (flow, by)
    wait_for_offline_copy(page)
    assert not [url for url in cached_urls(page) if "/api/" in url]  # never an answer
    # A lexicon chosen here is kept for offline use (the default is there already).
    page.evaluate("location.hash = '#judge'")
    page.select_option("#lexicon", "sowpods")
    wait_for_cached(page, "/sowpods.lex")
    page.select_option("#lexicon", "twl06")
    context.set_offline(True)
    open_page(page, server.url + "/?clear=600")
    offline = run_flows(page)
    assert_same_answers(online, offline, BY_PHONE)
    assert offline["judge"][0].startswith("ACCEPTABLE")

    page.evaluate("location.hash = '#judge'")
    page.select_option("#lexicon", "sowpods")
    page.fill("#judge-words", "qi za")
    page.get_by_role("button", name="Judge", exact=True).click()
    expect(page.locator("#verdict-source")).to_have_text(BY_PHONE)
    expect(page.locator("#verdict-detail")).to_have_text("Lexicon: SOWPODS")
    after_tap_guard(page)
    page.locator("#verdict").click()
    expect(page.locator("#verdict")).to_be_hidden()
    # Never used here: not on this phone, said beside the lexicon, never guessed.
    page.select_option("#lexicon", "csw19")
    page.fill("#judge-words", "qi za")
    page.get_by_role("button", name="Judge", exact=True).click()
    expect(page.locator("#lexicon-error")).to_contain_text("csw19")
    expect(page.locator("#verdict")).to_be_hidden()


def test_static_export_answers_with_no_server(browser, server, context, static_site):
    """The export served by a plain static host (from a subpath): the four flows answered
    on the phone as `liars serve` answers them; then offline and reloaded, the same."""
    expected = server_answers(browser, server)
    page = context.new_page()
    asked, failed = [], []
    page.on("request", lambda request: asked.append(request.url))
    page.on("console", lambda message: failed.append(message.text)
            if message.type == "error" else None)
    open_page(page, static_site.url + "/site/?clear=600")
    assert_same_answers(expected, run_flows(page), BY_PHONE)
    # the copy knows it is static: no API asked for, no 404 in the console
    assert [url for url in asked if "/api/" in url] == [] and failed == []
    wait_for_offline_copy(page)
    context.set_offline(True)
    open_page(page, static_site.url + "/site/?clear=600")
    assert_same_answers(expected, run_flows(page), BY_PHONE)


def play_table_and_words(page) -> dict[str, str]:
    """On an open page: a two-player game of Liars' Letters to its winner, a round of
    Liar's Dice, a Words query; each as the screen shows it."""
    shown_now = {}
    page.evaluate("location.hash = '#table'")
    expect(page.locator("#screen-table")).to_have_attribute("data-ready", "true")
    page.fill("#tl-players", "ann\nben")
    page.select_option("#tl-tile_limit", "1")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#tl-to-move")).to_have_text("ann")
    declare(page, "qi")
    call_on(page, "Exact", "QI", 2)                      # QI is the highest: both lose one
    declare(page, "a")                                     # ben opens: 0 tiles in play
    call_on(page, "Bullshit", "", 0)                       # no A among no tiles: ben gains
    declare(page, "a")                                     # ann opens
    call_on(page, "Exact", "B", 1)                         # no A: ben, wrong, holds 2: out
    expect(page.locator("#tl-winner")).to_be_visible()
    shown_now["table"] = page.locator("#screen-table").inner_text()

    page.evaluate("location.hash = '#dicetable'")
    expect(page.locator("#screen-dicetable")).to_have_attribute("data-ready", "true")
    page.fill("#td-players", "ann\nben")
    page.select_option("#td-dice_each", "1")
    page.get_by_role("button", name="Start the game").click()
    page.fill("#td-bid", "1 six")
    expect(page.locator("#td-bid-check")).to_have_attribute("data-legal", "true")
    page.get_by_role("button", name="Bid", exact=True).click()
    expect(page.locator("#screen-dicetable")).to_have_attribute("data-moves", "1")
    page.get_by_role("button", name="Liar!").click()
    page.get_by_label("ann's dice").fill("6")
    page.get_by_label("ben's dice").fill("2")
    page.get_by_role("button", name="Rule the call").click()
    expect(page.locator("#td-winner")).to_have_text("ann wins")
    shown_now["dice"] = page.locator("#screen-dicetable").inner_text()

    page.evaluate("location.hash = '#words'")
    page.fill("#words-q", "retains?")
    page.get_by_role("button", name="Find words", exact=True).click()
    expect(page.locator("#words-result h3")).to_be_visible()
    shown_now["words"] = page.locator("#words-result").inner_text()
    return shown_now


def test_static_site_plays_the_table_and_queries_words(browser, server, context,
                                                       static_site):
    """The Table and Words screens on the static site, online and then offline after one
    visit: every move ruled and the query answered on the phone, as under liars serve."""
    served = browser.new_context(viewport=VIEWPORT, locale="en-US", bypass_csp=True,
                                 service_workers="block")
    page = served.new_page()
    open_page(page, server.url + "/")
    expected = play_table_and_words(page)
    served.close()
    assert "ann wins" in expected["table"] and "words" in expected["words"]
    # the same screens, but for who answered (the server there, the phone here)
    assert "Answered by the server" in expected["table"]
    expected = {k: v.replace("Answered by the server", "Answered on this phone")
                for k, v in expected.items()}

    page = context.new_page()
    for offline in (False, True):
        page.evaluate("localStorage.removeItem('liars.table.letters'); "
                      "localStorage.removeItem('liars.table.dice')") if offline else None
        context.set_offline(offline)
        open_page(page, static_site.url + "/site/")
        if not offline:
            wait_for_offline_copy(page)
        assert play_table_and_words(page) == expected, "offline" if offline else "online"


def test_a_lexicon_not_kept_is_said_to_need_one_online_visit(context, static_site):
    """Offline on the static site, a lexicon never used here is not on the phone: said as a
    static site has it (one online visit), not as if a server were missing."""
    page = context.new_page()
    open_page(page, static_site.url + "/site/?clear=600")
    wait_for_offline_copy(page)
    context.set_offline(True)
    open_page(page, static_site.url + "/site/?clear=600")
    page.select_option("#lexicon", "csw19")
    page.fill("#judge-words", "qi za")
    page.get_by_role("button", name="Judge", exact=True).click()
    error = page.locator("#lexicon-error")
    expect(error).to_contain_text("the csw19 lexicon is not on this phone yet: open the page "
                                  "once while online and choose it")
    expect(error).not_to_contain_text("server")
    expect(page.locator("#verdict")).to_be_hidden()


def test_new_version_replaces_the_old_cache(context, tmp_path):
    """Export v1, visit; export v2 (one file changed) into the same folder; on the next
    visit v2's cache is the one in use and v1's is gone."""
    source = tmp_path / "static"
    shutil.copytree(STATIC, source, ignore=shutil.ignore_patterns("__pycache__", ".*"))
    site = tmp_path / "www" / "site"
    export_site(site, source=source)
    # v1 went up a minute ago: http.server's Last-Modified has one-second resolution, so two
    # exports within one second would look unchanged to the browser's update check (its
    # conditional request answered 304), which no real deploy meets.
    earlier = time.time() - 60
    for path in site.rglob("*"):
        os.utime(path, (earlier, earlier))
    v1 = site_version(static_files(source))
    host = StaticHost(tmp_path / "www")
    try:
        page = context.new_page()
        url = host.url + "/site/"
        open_page(page, url)
        wait_for_offline_copy(page)
        assert cache_names(page) == [f"liars-{v1}"]

        marker = "/* version two */"
        with open(source / "app.css", "a") as css:
            css.write("\n" + marker + "\n")
        v2 = site_version(static_files(source))
        assert v2 != v1
        export_site(site, source=source, force=True)

        open_page(page, url)  # the browser finds the new worker and installs it
        wait_for_version(page, f"liars-{v2}")
        # v2's cache is the one in use: offline, the page and its new style come from it.
        context.set_offline(True)
        open_page(page, url)
        css = page.evaluate("fetch('static/app.css').then((r) => r.text())")
        assert marker in css
        assert cache_names(page) == [f"liars-{v2}"]
    finally:
        host.stop()
