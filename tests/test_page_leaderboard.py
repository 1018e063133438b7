"""The Leaderboard screen (api/static/leaderboard.js) and the profile a phone keeps
(api/static/profile.js), against the session's live ``liars serve``.

A phone makes a profile and joins a table on the Play screen (the profile goes with it)
that a second player with a profile opened over the API; the game is played out over the
API: the profile's page shows its rating, provisional (one opponent met), and the board
lists no one yet.  Then another phone takes the profile over from the first one's QR code
link (its code typed wrong first).  A profile that has met three opponents is listed, and
its page draws each game's rating over its games.  Browser tests wait with Playwright's
auto-waiting ``expect``, never with fixed sleeps.

Profile names are one person's on a server, and the session's server is shared: each
name here carries a suffix of this run's own.
"""

from __future__ import annotations

import re
import secrets
import time

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from rooms_http import play_dice_out  # noqa: E402
from test_page import Phone  # noqa: E402  (skips without chromium)

expect = sync_api.expect
V1 = "/api/v1"
RUN = secrets.token_hex(3)  # this run's names are new on the session's server
NAME = f"Ann <b>lb</b> {RUN}"  # a name is text, not markup


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
    _, ben = post_from(server, "/profiles", {"name": f"Ben lb {RUN}"})
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
    expect(page.locator("#play-rated-over")).to_have_text(
        "Rated: this game counts for the leaderboard")

    # one opponent met: the board lists no one yet, the profile's page says provisional
    page.evaluate("location.hash = '#leaderboard'")
    page.locator("#board-game-dice").check()
    expect(section).to_have_attribute("data-game", "dice")
    expect(page.locator("#board-list li").filter(has_text=RUN)).to_have_count(0)
    page.evaluate("location.hash = '#games'")
    page.locator("#screen-games a[href='#leaderboard']").click()  # the menu's way in
    mine = page.locator("#board-my-ratings li[data-game='dice']")
    expect(mine.locator(".board-game-head")).to_have_text(
        f"Liar's Dice{1101 if ann_won else 946}provisional")
    expect(mine.locator(".board-games")).to_have_text(
        f"1 game · 1 opponent · places: {'1st' if ann_won else '2nd'} ×1")
    expect(mine.locator("svg.rating-chart")).to_have_attribute("data-points", "1")
    expect(mine.locator(".hint")).to_contain_text("3 different opponents (1 so far)")
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
    expect(theirs.locator("#board-my-ratings li[data-game='dice'] .board-rating")).to_have_text(
        str(1101 if ann_won else 946))
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
        page.locator("#board-name").fill(f"Csp {RUN}")
        page.locator("#board-make").click()
        page.locator("#board-move summary").click()
        expect(page.locator("#board-qr canvas")).to_be_visible()
        assert page.evaluate("window.__csp") == [] and not errors, errors
    finally:
        context.close()


def rated_elsewhere(server, game: str, profiles: list[str], places: list[int]) -> None:
    """A game of ``game`` rated on the session server's store (its own SQLite file:
    ``server.db``), as the server rates one: a table of that game played out over
    the API is each game's own tests' (tests/test_rooms_*.py); this page only shows it."""
    from api.rooms import ratings
    from api.rooms.store import open_store

    played_game = game

    class Played:  # what ratings.record reads of a finished room
        code, phase, game_no = f"Z{secrets.token_hex(2).upper()}", "over", 1
        game = played_game
        seats = [{"name": pid, "profile": pid} for pid in profiles]

        def rated(self):
            return True

        def standings(self):
            return list(zip(profiles, places))

    store = open_store(server.db)
    room = Played()
    assert store.create({"code": room.code, "version": 1, "phase": "over"}, time.time())
    assert ratings.record(store, room)


def test_a_profiles_page_shows_each_games_rating_chart_and_places(phones, server):
    phone, _ = phones
    page = open_screen(phone, "/#leaderboard")
    page.evaluate("localStorage.clear()")
    page = open_screen(phone, "/#leaderboard")
    page.locator("#board-name").fill(f"Pia {RUN}")
    page.locator("#board-make").click()
    expect(page.locator("#board-profile-name")).to_have_text(f"Pia {RUN}")
    pia = page.evaluate("JSON.parse(localStorage.getItem('liars.profile'))")
    # every game a table plays has its board, by its title
    expect(page.locator("#screen-leaderboard .segment span")).to_have_text(
        ["Liars' Letters", "Liar's Dice", "Liar's Poker", "Liar Liar", "Liar's Post"])

    # three games of dice against three different opponents (over the API, as
    # test_a_profile_is_made_rated_and_taken_to_another_phone's table), then a game of
    # Liar's Poker
    opponents = []
    for index, name in enumerate(("Quin", "Rey", "Sol")):
        _, other = post_from(server, "/profiles", {"name": f"{name} {RUN}"},
                             source=f"127.0.0.{4 + index}")
        opponents.append(other)
        status, made = post_from(server, "/rooms", {
            "game": "dice", "name": "host", "rules": {"dice_each": 1},
            "profile": {"id": other["id"], "key": other["key"]}}, source="127.0.0.3")
        assert status == 201, made
        status, joined = post_from(server, f"/rooms/{made['code']}/join", {
            "name": "pia", "profile": {"id": pia["id"], "key": pia["key"]}})
        assert status == 201, joined
        over = play_dice_out(server, made["code"], {"host": made["token"],
                                                    "pia": joined["token"]}, "host")
        assert over["rated"] is True, over["unrated_because"]
    rated_elsewhere(server, "poker", [opponents[0]["id"], pia["id"]], [1, 2])

    # the board lists pia now, with games and opponents beside the rating
    page = open_screen(phone, "/#leaderboard")
    page.locator("#board-game-dice").check()
    row = page.locator("#board-list li").filter(has_text=f"Pia {RUN}")
    expect(row.locator(".board-games")).to_have_text("3 games · 3 opponents")
    rating = row.locator(".board-rating").inner_text()

    # its page: each game by its title, its rating, the chart of it, games, opponents,
    # places; listed at dice, provisional at poker
    dice = page.locator("#board-my-ratings li[data-game='dice']")
    expect(dice).to_have_attribute("data-provisional", "false")
    expect(dice.locator(".board-game-head")).to_have_text(f"Liar's Dice{rating}")
    expect(dice.locator("svg.rating-chart")).to_have_attribute("data-points", "3")
    expect(dice.locator("svg.rating-chart")).to_have_attribute(
        "aria-label", re.compile(rf"^Rating over 3 rated games: from \d+ to {rating}, "))
    expect(dice.locator(".board-games")).to_have_text(
        re.compile(r"^3 games · 3 opponents · places: (1st ×\d)?(, )?(2nd ×\d)?$"))
    poker = page.locator("#board-my-ratings li[data-game='poker']")
    expect(poker.locator(".board-game-head")).to_have_text("Liar's Poker946provisional")
    expect(poker.locator(".board-games")).to_have_text(
        "1 game · 1 opponent · places: 2nd ×1")
    expect(poker.locator("svg.rating-chart circle")).to_have_count(1)
    assert "poker:" not in page.locator("#board-my-ratings").inner_text()
    dice.scroll_into_view_if_needed()
    phone.shot("leaderboard-03-profile")

    # the key went to the server in a header only: in no address, nor on the page until
    # its owner opens "Move it to another phone"
    assert not any(pia["key"] in url for url in phone.requests)
    expect(page.locator("#board-code")).to_be_hidden()


def test_the_play_screen_says_why_a_game_is_not_rated(phones, server):
    """A host takes the phone's player off: the game ends, and the phone says it is not
    rated, and why."""
    phone, _ = phones
    page = open_screen(phone, "/#leaderboard")
    page.evaluate("localStorage.clear()")
    page = open_screen(phone, "/#leaderboard")
    page.locator("#board-name").fill(f"Tess {RUN}")
    page.locator("#board-make").click()
    expect(page.locator("#board-profile-name")).to_have_text(f"Tess {RUN}")
    _, uma = post_from(server, "/profiles", {"name": f"Uma {RUN}"}, source="127.0.0.7")
    status, made = post_from(server, "/rooms", {
        "game": "dice", "name": "uma", "rules": {"dice_each": 1},
        "profile": {"id": uma["id"], "key": uma["key"]}}, source="127.0.0.3")
    assert status == 201
    page = open_screen(phone, f"/?room={made['code']}#play")
    page.locator("#play-join-name").fill("tess")
    page.locator("#play-join").click()
    expect(page.locator("#play-rated")).to_contain_text("counts for the leaderboard")
    import requests
    headers = {"Authorization": f"Bearer {made['token']}"}
    assert requests.post(f"{server.url}{V1}/rooms/{made['code']}/start", headers=headers,
                         timeout=30).status_code == 200
    removed = requests.post(f"{server.url}{V1}/rooms/{made['code']}/moves", headers=headers,
                            json={"type": "remove", "player": "tess"}, timeout=30)
    assert removed.status_code == 200, removed.json()
    expect(page.locator("#play-unrated-over")).to_have_text(
        "Not rated: 'tess' left this game or was taken off it: a removal never decides a "
        "rated game")
