"""The sister games' screens of the phone page (api/static/games.js builds each from its engine
module's SCREEN), in a real browser at 360x640 against a live ``liars serve``: the Other
games menu, each game's check with good and bad input, and one game screen in dark mode.

The browser, server and phone fixtures are tests/test_page.py's.

Run:  python -m pytest -q tests/test_page_games.py
"""

from __future__ import annotations

import re

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

from solver.games.registry import GAMES  # noqa: E402
from test_page import contrast, dark_phone, field_error, phone  # noqa: E402,F401  (the phones)


@pytest.fixture(scope="module")
def game_routes(server):
    response = server.post("/api/v1/dice/check", json={"claim": "2 fives", "dice": [5, 5]})
    if response.status_code == 404:
        pytest.skip("POST /api/v1/<game>/check is not served yet (api/games.py)")
    assert response.status_code == 200, response.text


def test_games_menu_reaches_every_game(phone, game_routes):
    page = phone.open("/#games")
    # play, odds, each game (its SCREEN), dicetable, the leaderboard
    links = page.locator("#screen-games .menu a")
    expect(links).to_have_count(4 + len(GAMES))
    expect(links.last).to_have_attribute("href", "#leaderboard")
    assert [links.nth(i).get_attribute("href") for i in range(2, 2 + len(GAMES))] == [
        f"#{name}" for name in GAMES]
    phone.shot("games")
    for name, title in [("dice", "Liar's Dice"), ("post", "Liar's Post"),
                        ("liarliar", "Liar Liar"), ("poker", "Liar's Poker")]:
        page.locator(f".menu a[href='#{name}']").click()
        expect(page.locator(f"#screen-{name}")).to_be_visible()
        expect(page.locator("#screen-title")).to_have_text(title)
        expect(page.locator(".tabs a[aria-current=page]")).to_have_text("Games")
        expect(page.locator("#settings")).to_be_hidden()  # no lexicon on card and dice games
        page.get_by_role("link", name="‹ Other games").click()
        expect(page.locator("#screen-games")).to_be_visible()


def check_game(page, game, button):
    page.get_by_role("button", name=button, exact=True).click()
    result = page.locator(f"#{game}-result")
    expect(result).to_be_visible()
    return result


def test_dice_bid_with_keypad_wilds_and_raise(phone, game_routes):
    page = phone.open("/#dice")
    page.fill("#dice-claim", "five sixes")
    for face in "6613626":
        page.get_by_role("button", name=f"Add a {face}", exact=True).click()
    expect(page.locator("#dice-dice")).to_have_value("6 6 1 3 6 2 6")
    page.get_by_role("button", name="Remove the last die").click()
    page.get_by_role("button", name="Add a 6", exact=True).click()
    page.fill("#dice-last", "4 sixes")
    result = check_game(page, "dice", "Check the bid")
    for said in ("The bid does not hold", "4 counted among 7 dice", "The bidder",
                 "A legal raise over 4 sixes"):
        expect(result).to_contain_text(said)
    page.locator("#screen-dice").get_by_label("1s are wild").check()  # not the Odds screen's
    check_game(page, "dice", "Check the bid")
    expect(result).to_have_attribute("data-ok", "true")
    for said in ("The bid holds", "5 counted among 7 dice (1s wild)", "The caller"):
        expect(result).to_contain_text(said)
    phone.shot("dice")
    # Typed on the number pad without spaces, one digit a die.
    page.fill("#dice-dice", "6613626")
    page.fill("#dice-last", "")
    check_game(page, "dice", "Check the bid")
    expect(result).to_contain_text("5 counted among 7 dice")


def test_dice_bad_inputs(phone, game_routes):
    page = phone.open("/#dice")
    page.fill("#dice-claim", "five sixxes")
    page.fill("#dice-dice", "6 6 1")
    page.get_by_role("button", name="Check the bid").click()
    expect(field_error(page, "dice-claim")).to_contain_text("but not 'sixxes'")
    phone.shot("dice-bad-input")
    page.fill("#dice-claim", "two sixes")
    page.fill("#dice-dice", "6 6 7")
    page.get_by_role("button", name="Check the bid").click()
    error = field_error(page, "dice-dice")
    expect(error).to_contain_text("is not a die face from 1 to 6")
    expect(error).to_contain_text("7")
    expect(page.locator("#dice-claim-error")).to_be_hidden()


def test_dice_negative_quantity_is_refused(phone, game_routes):
    """"-1 sixes" is an error naming the sign, never read as "1 six"."""
    page = phone.open("/#dice")
    page.fill("#dice-claim", "-1 sixes")
    page.fill("#dice-dice", "6 6")
    page.get_by_role("button", name="Check the bid").click()
    expect(field_error(page, "dice-claim")).to_contain_text("'-1'")
    expect(page.locator("#dice-result")).to_be_hidden()


def test_post_claim_and_call(phone, game_routes):
    page = phone.open("/#post")
    page.fill("#post-claim", "this is a 7")
    page.fill("#post-card", "Q♥")
    result = check_game(page, "post", "Check the claim")
    expect(result).to_contain_text("The claim is false")
    expect(result).to_contain_text("QH")
    expect(result).not_to_contain_text("takes")
    page.get_by_role("radio", name="False").check()
    page.get_by_role("button", name="Check the claim").click()
    expect(page.locator("#post-result .ruling")).to_be_visible()
    for said in ("Receiver called False", "right", "The sender takes the card."):
        expect(result).to_contain_text(said)
    expect(result).not_to_contain_text("lose")
    phone.shot("post")
    # A true claim called false: green "The claim is true" in a green frame, the call wrong.
    page.fill("#post-card", "7S")
    page.get_by_role("button", name="Check the claim").click()
    expect(result).to_contain_text("The claim is true")
    expect(result).to_contain_text("wrong")
    expect(result).to_have_class(re.compile(r"\bok\b"))
    expect(result).not_to_have_class(re.compile(r"\bbad\b"))
    # Does a player lose?  Behind a disclosure, so the usual check stays short.
    page.get_by_text("Does a player lose?").click()
    page.fill("#post-face_up", "Q Q Q Q")
    page.select_option("#post-players", "3")
    page.get_by_role("button", name="Check the claim").click()
    expect(result).to_contain_text("That player loses: 4 cards of kind Q face up")
    phone.shot("post-player-loses")
    page.get_by_label("One deck (32 cards)").check()
    page.fill("#post-face_up", "Q Q 7")
    page.get_by_role("button", name="Check the claim").click()
    expect(result).to_contain_text("do not lose (3 of a kind would)")


def test_post_bad_card(phone, game_routes):
    page = phone.open("/#post")
    page.fill("#post-claim", "this is a queen")
    page.fill("#post-card", "ZZ")
    page.get_by_role("button", name="Check the claim").click()
    expect(field_error(page, "post-card")).to_contain_text("'ZZ' is not a card")
    phone.shot("post-bad-input")
    # An error inside the closed disclosure opens it, beside its field.
    page.fill("#post-card", "QS")
    page.evaluate("document.querySelector('#post-face_up').value = 'Q Q X'")
    page.get_by_role("button", name="Check the claim").click()
    expect(field_error(page, "post-face_up")).to_contain_text("'X' is not a card")
    expect(page.locator("#post-more")).to_have_attribute("open", re.compile(".*"))


def test_liarliar_play(phone, game_routes):
    page = phone.open("/#liarliar")
    page.fill("#liarliar-claim", "two kings")
    page.fill("#liarliar-cards", "KH joker")
    result = check_game(page, "liarliar", "Check the play")
    for said in ("The play is true", "1 joker", "The caller takes the whole pile; the player "
                 "who made it opens the next round."):
        expect(result).to_contain_text(said)
    page.fill("#liarliar-cards", "KH 3C")
    page.get_by_role("button", name="Check the play").click()
    expect(result).to_have_attribute("data-ok", "false")
    for said in ("The play is a lie", "Not as said: 3C", "The player who made it takes the "
                 "whole pile; the caller opens the next round."):
        expect(result).to_contain_text(said)
    phone.shot("liarliar")


def test_liarliar_bad_count(phone, game_routes):
    page = phone.open("/#liarliar")
    page.fill("#liarliar-claim", "five kings")
    page.fill("#liarliar-cards", "KH")
    page.get_by_role("button", name="Check the play").click()
    expect(field_error(page, "liarliar-cards")).to_contain_text(
        "says 5 cards but 1 were turned over")
    phone.shot("liarliar-bad-input")


def test_liarliar_impossible_cards_are_refused(phone, game_routes):
    """A third joker, or a second king of hearts, is an error naming the card."""
    page = phone.open("/#liarliar")
    page.fill("#liarliar-claim", "three kings")
    page.fill("#liarliar-cards", "KH KH KH")
    page.get_by_role("button", name="Check the play").click()
    expect(field_error(page, "liarliar-cards")).to_contain_text("KH")
    expect(page.locator("#liarliar-result")).to_be_hidden()
    page.fill("#liarliar-cards", "joker joker joker")
    page.get_by_role("button", name="Check the play").click()
    expect(field_error(page, "liarliar-cards")).to_contain_text("joker")


def test_poker_hand_and_raise(phone, game_routes):
    page = phone.open("/#poker")
    page.fill("#poker-claim", "full house, kings over threes")
    page.fill("#poker-cards", "KH 3C KS KD 3S")
    page.fill("#poker-last", "two pair, aces and kings")
    result = check_game(page, "poker", "Check the hand")
    for said in ("The hand can be made", "KH KS KD 3C 3S",
                 "Higher than two pair, aces and kings"):
        expect(result).to_contain_text(said)
    phone.shot("poker")


def test_poker_bad_phrase(phone, game_routes):
    page = phone.open("/#poker")
    page.fill("#poker-claim", "flush")
    page.fill("#poker-cards", "KH KS 2D")
    page.get_by_role("button", name="Check the hand").click()
    expect(field_error(page, "poker-claim")).to_contain_text("flush needs 1 rank")
    phone.shot("poker-bad-input")


def test_dark_mode_game_screen(dark_phone, game_routes):
    page = dark_phone.open("/#dice")
    page.fill("#dice-claim", "two fives")
    page.fill("#dice-dice", "5 5 2")
    result = check_game(page, "dice", "Check the bid")
    expect(result).to_contain_text("The bid holds")
    assert contrast(page, "#dice-result h3") >= 4.5
    dark_phone.shot("dice")
