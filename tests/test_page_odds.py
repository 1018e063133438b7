"""The Odds screens (api/static/odds.js) and a room's advisor and computer players
(api/static/advisor.js on the Play screen), in a real browser against the live server.

* Odds: a Letters declaration's chance shown with its exact fraction (the API's), a raise
  tapped to weigh it next, a bad input's error beside its field, and the same answers on the
  phone's own engine when the server cannot be reached (sampled deals too);
* a room: the host adds a computer player in the lobby of a server-dealt table, allows the
  advisor, starts; the computer player makes its move at its own pace; a player asks the
  advisor and is shown the server's advice for their own seat; the host forbids it, and the
  advice is gone and refused.

Every wait is an auto-waiting expectation, never a fixed sleep.
Screenshots: test-artifacts/screenshots/odds-*.png.
"""

from __future__ import annotations

import re

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from test_page import Phone, field_error, phone  # noqa: E402, F401  (skips without chromium)
from test_page_play import create, dismiss, join, shows_at_least, truth  # noqa: E402

expect = sync_api.expect
BY_SERVER = "Answered by the server"
BY_PHONE = "Answered on this phone"


def letters_odds(page, mine, hidden, declared):
    page.fill("#odds-mine", mine)
    page.fill("#odds-hidden", str(hidden))
    page.fill("#odds-declared", declared)
    page.locator("#odds-form button[type=submit]").click()


def server_odds(server, game, body):
    answer = server.post(f"/api/v1/{game}/odds", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_letters_odds_with_the_exact_fraction_and_a_raise_weighed_next(phone):
    page = phone.open("/#games")
    page.locator(".menu a[href='#odds']").click()
    expect(page.locator("#screen-title")).to_have_text("Odds")
    expect(page.locator("#lexicon")).to_be_visible()
    letters_odds(page, "abe", 9, "bigger, a")
    want = server_odds(phone.server, "letters", {"mine": "abe", "hidden": 9,
                                                 "declared": "bigger, a", "limit": 5,
                                                 "lexicon": "twl06", "tile_set": "scrabble"})
    result = page.locator("#odds-result")
    expect(result).to_have_attribute("data-fraction", want["exists"]["fraction"])
    expect(page.locator("#odds-exists")).to_have_text("0.43%")
    expect(result).to_contain_text(want["exists"]["fraction"])
    expect(page.locator("#odds-exists-reason")).to_have_text(want["exists"]["reason"])
    expect(result.locator(".answered-by")).to_have_text(BY_SERVER + " · lexicon TWL06")
    raises = page.locator("#odds-raises button")
    expect(raises).to_have_count(len(want["suggestions"]))
    first = want["suggestions"][0]
    expect(raises.first).to_contain_text(first["exists"]["fraction"])
    phone.shot("odds-letters")
    raises.first.click()  # weighs the raise: it is the declaration now
    expect(page.locator("#odds-declared")).to_have_value(", ".join(first["words"]).upper())
    expect(result).to_have_attribute("data-fraction", first["exists"]["fraction"])


def test_bad_input_is_said_beside_its_field(phone):
    page = phone.open("/#odds")
    letters_odds(page, "AB7", 9, "bigger")
    expect(field_error(page, "odds-mine")).to_have_text(
        "'7' is not a letter tile (use A-Z; spaces, commas and hyphens are ignored)")
    expect(page.locator("#odds-result")).to_be_hidden()
    letters_odds(page, "ABE", -1, "bigger")
    expect(field_error(page, "odds-hidden")).to_have_text(
        "the number of hidden tiles cannot be negative: -1")
    letters_odds(page, "ABE", 96, "bigger")
    expect(field_error(page, "odds-hidden")).to_have_text(
        "96 hidden tiles, but the scrabble set has only 95 besides yours")
    phone.shot("odds-bad-input")
    page.locator(".table-switch a[href='#diceodds']").first.click()
    page.fill("#diceodds-mine", "2 5 9")
    page.fill("#diceodds-hidden", "10")
    page.fill("#diceodds-bid", "4 fives")
    page.locator("#diceodds-form button[type=submit]").click()
    expect(field_error(page, "diceodds-mine")).to_have_text("9 is not a die face from 1 to 6")


def test_offline_the_phone_gives_the_server_s_answers(phone):
    """No server to reach: the page's own engine answers, the same fraction, the same raises
    and the same sampled deals, and says who answered."""
    page = phone.open("/#odds")
    body = {"mine": "ABEG", "hidden": 3, "declared": "giber, ar", "limit": 5, "samples": 5000,
            "seed": 1, "lexicon": "twl06", "tile_set": "scrabble"}
    want = server_odds(phone.server, "letters", body)
    page.route("**/api/v1/**/odds", lambda route: route.abort())
    page.locator("#odds-more summary").click()
    page.fill("#odds-samples", "5000")
    page.fill("#odds-seed", "1")
    letters_odds(page, "ABEG", 3, "giber, ar")
    result = page.locator("#odds-result")
    expect(result.locator(".answered-by")).to_have_text(BY_PHONE + " · lexicon TWL06")
    expect(result).to_have_attribute("data-fraction", want["exists"]["fraction"])
    expect(page.locator("#odds-highest")).to_contain_text(want["highest"]["fraction"])
    expect(page.locator("#odds-raises button")).to_have_text(
        [re.compile(rf"^{', '.join(s['words']).upper()}.*{s['exists']['fraction']}$")
         for s in want["suggestions"]])
    sampled = want["sampled"]["exists"]
    expect(page.locator("#odds-sampled")).to_contain_text(
        f"{sampled['hits']} of {sampled['samples']} deals, seed 1")
    phone.shot("odds-offline")
    dice = {"mine": [2, 5, 5], "hidden": 10, "bid": "4 fives", "limit": 5,
            "rules": {"bid_order": "seed", "faces": 6, "dice_each": 5, "wild": [1]}}
    want = server_odds(phone.server, "dice", dice)
    page.locator(".table-switch a[href='#diceodds']").first.click()
    for key in ["2", "5", "5"]:
        page.get_by_role("button", name=f"Add a {key}", exact=True).click()
    page.fill("#diceodds-hidden", "10")
    page.fill("#diceodds-bid", "4 fives")
    page.locator("#diceodds-wild1").check()
    page.locator("#diceodds-form button[type=submit]").click()
    result = page.locator("#diceodds-result")
    expect(result.locator(".answered-by")).to_have_text(BY_PHONE)
    expect(page.locator("#diceodds-holds")).to_have_text("89.60%")
    expect(result).to_have_attribute("data-fraction", want["holds"]["fraction"])
    expect(page.locator("#diceodds-raises button")).to_have_count(len(want["suggestions"]))


# --- a room: a computer player, and the advisor --------------------------------------------

@pytest.fixture
def two_phones(browser, server):
    devices = [Phone(browser, server), Phone(browser, server, color_scheme="dark")]
    yield devices
    for device in devices:
        device.close()


def test_a_computer_player_plays_and_the_advisor_is_allowed_then_forbidden(two_phones):
    host, guest = two_phones
    code = create(host, "dice", "ann", dice_each=2)
    page = host.page
    # The host seats a hard computer player from the lobby: marked in the seat list.
    page.locator("#play-bot-level").select_option("hard")
    page.locator("#play-add-bot").click()
    bot = page.locator("#play-lobby-seats li[data-player='Computer 1']")
    expect(bot).to_contain_text("computer (hard)")
    join(guest, code, "bea")
    expect(guest.page.locator("#play-lobby-seats li[data-player='Computer 1']")).to_contain_text(
        "computer (hard)")
    expect(guest.page.locator("#play-add-bot")).to_have_count(0)  # the host's alone
    # The host allows the advisor for the table: every phone is told.
    page.locator("#play-lobby-advisor").click()
    expect(page.locator("#play-lobby-advisor")).to_have_attribute("aria-pressed", "true")
    expect(guest.page.locator("#play-lobby-advisor-state")).to_contain_text("allowed")
    host.shot("odds-room-lobby")
    page.locator("#play-start").click()
    expect(page.locator("#play-turn")).to_have_text("Your turn")
    page.fill("#play-quantity", "1")
    page.locator("#play-face").select_option("2")
    page.locator("#play-bid").click()
    # The computer player moves at its own pace, from its own view: a bid, or a call.
    said = guest.page.locator("#play-said li[data-player='Computer 1']")
    called = guest.page.locator("#play-ruling", has_text="Computer 1 called")
    expect(said.or_(called)).to_be_visible()
    view = truth(guest)
    assert any(d["player"] == "Computer 1" for d in view["declarations"]) or \
        (view["last_ruling"] or {}).get("by") == "Computer 1"
    # The player asks the advisor: the server's advice for this seat alone.
    if view["to_move"] == "bea":
        expect(guest.page.locator("#play-turn")).to_have_text("Your turn")
    guest.page.locator("#play-odds-button").click()  # the advisor, over the table
    guest.page.locator("#play-ask").click()
    seat = guest.page.evaluate("JSON.parse(localStorage.getItem('liars.play.seat'))")
    headers = {"Authorization": f"Bearer {seat['token']}"}
    advice = guest.server.get(f"/api/v1/rooms/{code}/advice", headers=headers)
    assert advice.status_code == 200, advice.text
    want = advice.json()
    raises = guest.page.locator("#play-advice-raises button")
    expect(raises).to_have_count(len(want["suggestions"]))
    expect(raises.first).to_contain_text(want["suggestions"][0]["holds"]["fraction"])
    if want["last"]:
        expect(guest.page.locator("#play-advice-last")).to_contain_text(
            want["last"]["holds"]["fraction"])
    if view["to_move"] == "bea":  # a tap puts the raise in the bid form, unsent
        raises.first.click()
        bid = want["suggestions"][0]["bid"]
        expect(guest.page.locator("#play-quantity")).to_have_value(str(bid["quantity"]))
        expect(guest.page.locator("#play-face")).to_have_value(str(bid["face"]))
    guest.shot("odds-room-advice")
    # The host forbids it: the advice is gone from the player's phone, and refused.
    shows_at_least(host, view["version"])
    dismiss(host)
    page.locator("#play-menu-button").click()
    page.locator("#play-advisor-toggle").click()
    expect(page.locator("#play-advisor-toggle")).to_have_attribute("aria-pressed", "false")
    expect(guest.page.locator("#play-advice-card")).to_be_hidden()
    refused = guest.server.get(f"/api/v1/rooms/{code}/advice", headers=headers)
    assert refused.status_code == 403
    assert refused.json()["error"]["message"] == \
        "the host has not allowed the advisor at this table"
