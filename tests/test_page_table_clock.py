"""The table the seed's site keeps, on the Play screen: a clock a move, an open table found
from another phone, the places and the table's wins at the end, and a rematch the phones
follow without joining again (two phones at 360x640, the session's live server).

Browser tests wait with Playwright's auto-waiting ``expect``, never with fixed sleeps.
"""

from __future__ import annotations

import os
import re
import signal

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from api_server import LiveServer  # noqa: E402
from test_page import Phone  # noqa: E402  (skips without chromium)
from test_page_play import fresh, tap  # noqa: E402

expect = sync_api.expect


@pytest.fixture(scope="module")
def table(browser, server):
    devices = {"ann": Phone(browser, server), "ben": Phone(browser, server, color_scheme="dark")}
    yield devices
    for device in devices.values():
        device.close()


def test_a_clocked_open_table_to_places_and_a_rematch(table):
    ann, ben = table["ann"], table["ben"]
    page = fresh(ann)
    page.locator("#play-game-dice").check()
    page.locator("#play-clock-30").check()  # 30 s: no one runs out on a busy machine
    page.locator("#play-new-open").check()
    page.locator("#play-new-name").fill("ann")
    page.locator("#play-new-rules summary").click()
    page.locator("#play-new-dice-each").select_option("1")
    page.locator("#play-new-ante").fill("5")
    page.locator("#play-create").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    code = page.locator("#play-code").inner_text()
    expect(page.locator("#play-clock-setting")).to_have_value("30")

    other = fresh(ben)  # ben finds the table among the open ones, and joins it from there
    listed = other.locator(f'#play-open-tables li[data-code="{code}"]')
    expect(listed).to_contain_text("Liar's Dice")
    expect(listed).to_contain_text("30 s a move")
    listed.get_by_role("button", name=f"Join {code}").click()
    expect(other.locator("#play-join-code")).to_have_value(code)
    other.locator("#play-join-name").fill("ben")
    other.locator("#play-join").click()
    expect(other.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    expect(other.locator("#play-clock-said")).to_have_text("Time: 30 s a move")

    tap(table, ann, "#play-start")
    for phone, who in ((ann, "You"), (ben, "ann")):
        clock = phone.page.locator("#play-clock")
        expect(clock).to_have_text(re.compile(rf"^{who}: ([1-9]|[12][0-9]|30) s$"))
        expect(clock.locator("svg[data-icon='clock']")).to_be_visible()  # drawn, no emoji
    # the countdown runs: its seconds go down (waited for, never slept)
    start = int(page.locator("#play-clock").get_attribute("data-left"))
    page.wait_for_function("s => Number(document.querySelector('#play-clock').dataset.left) < s",
                           arg=start)
    page.locator("#play-quantity").fill("1")
    page.locator("#play-face").select_option("6")
    tap(table, ann, "#play-bid")
    view = tap(table, ben, "#play-liar")
    assert view["phase"] == "over"
    winner, loser = view["places"][0]["name"], view["places"][1]["name"]
    for phone in (ann, ben):
        places = phone.page.locator("#play-places li")
        expect(places).to_have_text([f"1. {winner}", f"2. {loser}"])
        expect(phone.page.locator(f'#play-session li[data-player="{winner}"]')).to_contain_text(
            "1 win · +5 chips")
        expect(phone.page.locator("#play-clock")).to_be_hidden()
    expect(other.locator("#play-rematch-wait")).to_contain_text("Waiting for ann")
    ann.shot("table-over")
    page.locator("#play-clock-setting-next").select_option("")  # a new pace: no timer
    expect(other.locator("#play-clock-said-next")).to_have_text("Time: no timer")
    again = tap(table, ann, "#play-rematch")
    assert again["phase"] == "playing" and again["game_no"] == 2 and again["clock"] is None
    for phone in (ann, ben):  # followed by their streams, their seats kept: no joining again
        expect(phone.page.locator("#screen-play")).to_have_attribute("data-phase", "playing")
        expect(phone.page.locator("#play-hand-list li")).to_have_count(1)
    expect(other.locator("#play-turn")).to_have_text("Your turn")  # the next seat opens


def test_a_new_table_comes_first_and_a_seated_phone_is_offered_its_table(table):
    """The plain address lands on the Word judge: a phone that holds a seat is offered
    "Back to your table" first, one tap from it; the Play screen puts New table first."""
    ann = table["ann"]
    page = fresh(ann)
    create_top = page.locator("#play-new-form").bounding_box()["y"]
    assert create_top < page.locator("#play-join-form").bounding_box()["y"]
    expect(page.locator("#back-to-table")).to_be_hidden()
    page.locator("#play-new-name").fill("ann")
    page.locator("#play-create").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    code = page.locator("#play-code").inner_text()
    page.goto(ann.server.url + "/")
    back = page.get_by_role("link", name=f"Back to your table {code}")
    expect(back).to_be_visible()
    assert back.bounding_box()["y"] < page.locator("#judge-form").bounding_box()["y"]
    back.click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    expect(page.locator("#play-code")).to_have_text(code)
    expect(back).to_be_hidden()


def test_a_lost_connection_is_shown_and_cleared_when_it_is_back(browser, tmp_path):
    """A server of its own, frozen under a phone's table (SIGSTOP: its port stays its own,
    no answer and no ping comes) and let go again: the phone says the connection is lost,
    in sight though the lobby is read down to its Start, and clears it once the server
    answers again (waited for, never slept)."""
    live = LiveServer("--workers", "1", "--rooms-db", str(tmp_path / "rooms.sqlite3"))
    phone = Phone(browser, live)
    frozen = False
    try:
        page = fresh(phone)
        page.locator("#play-new-name").fill("ben")
        page.locator("#play-create").click()
        expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
        lost = page.locator("#play-connection")
        expect(lost).to_be_hidden()
        # the lobby read down to its Start: the top of the lobby is out of sight (the page
        # scrolled, not an element of the lobby: a new view draws the lobby again)
        expect(page.locator("#screen-play")).to_have_attribute("data-live", "events")
        page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        expect(page.locator("#play-code")).not_to_be_in_viewport()
        os.killpg(live.process.pid, signal.SIGSTOP)
        frozen = True
        expect(lost).to_contain_text("Connection to the referee server lost")
        expect(lost).to_be_in_viewport(ratio=1)  # in sight where the phone is scrolled to
        expect(page.locator("#screen-play")).to_have_attribute("data-connection", "lost")
        os.killpg(live.process.pid, signal.SIGCONT)
        frozen = False
        expect(lost).to_be_hidden(timeout=20_000)
        expect(page.locator("#screen-play")).to_have_attribute("data-connection", "ok")
        expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    finally:
        if frozen:
            os.killpg(live.process.pid, signal.SIGCONT)
        phone.close()
        live.stop()
