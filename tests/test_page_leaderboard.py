"""The Leaderboard screen (api/static/leaderboard.js) and the profile a phone keeps
(api/static/profile.js), against the session's live ``liars serve``.

A phone makes a profile and joins a table on the Play screen (the profile goes with it)
that a second player with a profile opened over the API; the game is played out over the API:
the Leaderboard screen lists both, best first, with the ratings the server gives.  Then
another phone takes the profile over from the first one's QR code link (its code typed
wrong first).  Browser tests wait with Playwright's auto-waiting ``expect``, never with
fixed sleeps.
"""

from __future__ import annotations

import re

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from rooms_http import play_dice_out  # noqa: E402
from test_page import Phone  # noqa: E402  (skips without chromium)

expect = sync_api.expect
V1 = "/api/v1"
NAME = "Ann <b>lb</b>"  # a name is text, not markup


def open_screen(phone, path):
    page = phone.page
    page.goto("about:blank")
    page.goto(phone.server.url + path)
    page.wait_for_selector("html[data-ready]")
    return page


def post_from(server, path, body, source="127.0.0.3"):
    """POST ``body`` to the API from another loopback address: ``(status, answer)``."""
    import http.client
    import json
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30,
                                            source_address=(source, 0))
    try:
        connection.request("POST", V1 + path, body=json.dumps(body),
                           headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


@pytest.fixture
def phones(browser, server):
    devices = [Phone(browser, server), Phone(browser, server, color_scheme="dark")]
    yield devices
    for device in devices:
        device.close()


def test_a_profile_is_made_rated_and_taken_to_another_phone(phones, server):
    phone, other = phones
    page = open_screen(phone, "/#leaderboard")
    page.evaluate("localStorage.clear()")
    page = open_screen(phone, "/#leaderboard")
    section = page.locator("#screen-leaderboard")
    expect(section).to_be_visible()
    expect(section).to_have_attribute("data-loaded", "true")

    # a profile: a name, and a key the phone keeps
    page.locator("#board-name").fill(NAME)
    page.locator("#board-make").click()
    expect(page.locator("#board-profile-name")).to_have_text(NAME)
    expect(page.locator("#board-my-ratings")).to_contain_text("No rated game yet")
    kept = page.evaluate("JSON.parse(localStorage.getItem('liars.profile'))")
    assert kept["name"] == NAME and len(kept["key"]) >= 32

    # ben opens a table with his profile (over the API, from an address of its own: the
    # session's page tests share one address's room limit); the phone joins it on the Play
    # screen, and its profile goes with it
    _, ben = post_from(server, "/profiles", {"name": "Ben lb"})
    status, made = post_from(server, "/rooms", {
        "game": "dice", "name": "ben", "rules": {"dice_each": 1},
        "profile": {"id": ben["id"], "key": ben["key"]}})
    assert status == 201 and made["room"]["rated"] is False  # alone: no contest yet
    page = open_screen(phone, f"/?room={made['code']}#play")
    page.locator("#play-join-name").fill("ann")
    page.locator("#play-join").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    expect(page.locator("#play-rated")).to_contain_text("counts for the leaderboard")
    seat = page.evaluate("JSON.parse(localStorage.getItem('liars.play.seat'))")
    view = play_dice_out(server, made["code"], {"ben": made["token"], "ann": seat["token"]},
                         "ben")
    ann_won = view["winner"] == "ann"

    # the leaderboard lists both, best first
    page.evaluate("location.hash = '#leaderboard'")
    page.locator("#board-game-dice").check()
    expect(section).to_have_attribute("data-game", "dice")
    names = [NAME, "Ben lb"] if ann_won else ["Ben lb", NAME]
    rows = page.locator("#board-list li").filter(has_text=re.compile(r"lb"))
    expect(rows.locator(".board-name")).to_have_text(names)
    expect(rows.locator(".board-rating")).to_have_text(["1101", "946"])
    expect(rows.locator(".board-games")).to_have_text(["1 game", "1 game"])
    assert page.locator("#board-list b").count() == 0  # the name is text
    page.evaluate("location.hash = '#games'")
    page.locator("#screen-games a[href='#leaderboard']").click()  # the menu's way in
    expect(page.locator("#board-my-ratings")).to_have_text(
        f"Liar's Dice: {1101 if ann_won else 946} · 1 game")
    phone.shot("leaderboard-01")

    # the code and its QR code, to move the profile to another phone
    page.locator("#board-move summary").click()
    code = page.locator("#board-code")
    expect(code).to_have_text(f"{kept['id']}.{kept['key']}")
    expect(page.locator("#board-qr canvas")).to_have_attribute("data-modules",
                                                               re.compile(r"^\d+$"))

    # another phone: a code typed wrong is refused beside its field, then the QR's link
    theirs = open_screen(other, "/#leaderboard")
    theirs.evaluate("localStorage.clear()")
    theirs = open_screen(other, "/#leaderboard")
    theirs.locator("#board-take-more summary").click()
    theirs.locator("#board-take-code").fill("not a code")
    theirs.locator("#board-take").click()
    expect(theirs.locator("#board-take-code-error")).to_contain_text("a dot and its key")
    theirs.locator("#board-take-code").fill(f"{kept['id']}.{ben['key']}")
    theirs.locator("#board-take").click()
    expect(theirs.locator("#board-take-form-error")).to_contain_text("no profile here")
    assert theirs.evaluate("localStorage.getItem('liars.profile')") is None
    theirs = open_screen(other, f"/#profile={kept['id']}.{kept['key']}")
    expect(theirs).to_have_url(re.compile(r"/#leaderboard$"))  # the key left the address bar
    expect(theirs.locator("#board-take-code")).to_have_value(f"{kept['id']}.{kept['key']}")
    theirs.locator("#board-take").click()
    expect(theirs.locator("#board-profile-name")).to_have_text(NAME)
    expect(theirs.locator("#board-my-ratings")).to_contain_text("Liar's Dice: ")
    assert theirs.evaluate("JSON.parse(localStorage.getItem('liars.profile'))") == kept
    other.shot("leaderboard-02-taken")

    # forgetting it on a phone takes two taps, and leaves the way to make one
    theirs.locator("#board-forget").click()
    expect(theirs.locator("#board-profile-name")).to_be_visible()
    theirs.locator("#board-forget").click()
    expect(theirs.locator("#board-name")).to_be_visible()
    assert theirs.evaluate("localStorage.getItem('liars.profile')") is None


def test_the_leaderboard_screen_runs_under_the_csp(browser, server):
    """No bypass here: the profile made and its QR code drawn break no rule of the CSP."""
    from test_page_csp import COLLECT_VIOLATIONS
    context = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        page = context.new_page()
        page.add_init_script(COLLECT_VIOLATIONS)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url + "/#leaderboard")
        expect(page.locator("#screen-leaderboard")).to_have_attribute("data-loaded", "true")
        page.locator("#board-name").fill("Csp")
        page.locator("#board-make").click()
        page.locator("#board-move summary").click()
        expect(page.locator("#board-qr canvas")).to_be_visible()
        assert page.evaluate("window.__csp") == [] and not errors, errors
    finally:
        context.close()
