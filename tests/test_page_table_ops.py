"""The table's own operations on the page, for every game (issue 45): the host takes a
player off from any screen (the seatless table display's Host menu included), who is out
and why shows on the phones and the display, what happened is said to everyone (the view's
``notice``), each action is enabled exactly when the view allows it (Liar's Post's Look and
pass every time), and the clock never shows more than its setting.

A table display (1280x720) and a phone (360x640) against the session's live server; the
other seats are played over HTTP (tests/rooms_http.py), so that each game costs a few
seconds.  Browser tests wait with Playwright's auto-waiting ``expect``, never with sleeps.
"""

from __future__ import annotations

import random
import re

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from rooms_http import V1, bearer, play_dice_out, view_of, wait_for  # noqa: E402
from test_page import Phone  # noqa: E402  (skips without chromium)
from test_page_a11y import assert_accessible  # noqa: E402
from test_page_play import SEAT, dismiss, fresh, join, truth  # noqa: E402

from solver.rooms.room import Room  # noqa: E402

expect = sync_api.expect
TV = {"width": 1280, "height": 720}
GAMES = ["letters", "dice", "poker", "liarliar", "post"]


@pytest.fixture(scope="module")
def devices(browser, server):
    """A table display and a phone, each a browser context of its own."""
    tv, phone = Phone(browser, server), Phone(browser, server, color_scheme="dark")
    tv.page.set_viewport_size(TV)
    yield tv, phone
    tv.close()
    phone.close()


@pytest.fixture(autouse=True)
def no_script_error(devices):
    yield
    for device in devices:
        assert device.errors == []


def open_display(tv, game, **rules) -> tuple[str, str]:
    """A new seatless table of ``game`` on the display, its host: (code, the host's token)."""
    page = fresh(tv)
    page.locator(f"#play-game-{game}").check()
    if rules:
        page.locator("#play-new-rules summary").click()
        for key, value in rules.items():
            page.locator(f"#play-new-{key.replace('_', '-')}").select_option(str(value))
    page.locator("#play-new-display").check()
    page.locator("#play-new-name").fill("TV")
    page.locator("#play-create").click()
    expect(page.locator("#tv")).to_have_attribute("data-phase", "lobby")
    seat = page.evaluate(SEAT)
    return seat["code"], seat["token"]


def sit(server, code, name) -> str:
    """A seat taken over HTTP (a player whose phone the test plays for): its token."""
    joined = server.post(f"{V1}/rooms/{code}/join", json={"name": name})
    assert joined.status_code == 201, joined.text
    return joined.json()["token"]


def moved(server, code, token, body) -> dict:
    answer = server.post(f"{V1}/rooms/{code}/moves", json=body, headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def answer_to(page, kind):
    """Wait for the answer to this page's move of ``kind`` (not, say, a Continue's seen)."""
    return page.expect_response(lambda r: r.url.endswith("/moves") and r.request.method ==
                                "POST" and (r.request.post_data_json or {}).get("type") == kind)


def take_off(page, name, kind):
    """The display's host takes ``name`` off: Host menu, pick, confirm (two taps in the
    menu); the move sent is ``kind`` ("remove" or "unseat").  Its answer."""
    menu = page.locator("#tv-menu")
    if not menu.is_visible():
        page.locator("#tv-menu-button").click()
    expect(menu).to_be_visible()
    page.locator(f"#tv-menu [data-pick='{name}']").click()
    yes = page.locator("#tv-menu-take-off-yes")
    expect(yes).to_be_focused()  # the second tap is the confirmation, in the same place
    with answer_to(page, kind) as answer:
        yes.click()
    assert answer.value.request.post_data_json == {"type": kind, "player": name}
    return answer.value


def in_front(page, selector) -> bool:
    """Is ``selector`` shown and on top where it is (nothing covers its middle)?"""
    return page.evaluate("""(selector) => {
        const el = document.querySelector(selector);
        if (!el || !el.checkVisibility()) return false;
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return Boolean(hit) && (hit === el || el.contains(hit));
    }""", selector)


# --- the host takes a player off, from the display's menu, at every game ---------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_display_s_host_takes_a_player_off_and_everyone_is_told(devices, server, game):
    """A seatless display hosts three seats (a phone's and two over HTTP), nobody moving:
    its Host menu lists the seats still in the game; two taps take the phone's player out
    of this game whoever is to move; the display and the phone show them out and why, the
    phone says it to its player, and the notice is shown and said on both."""
    tv, phone = devices
    page = tv.page
    code, host = open_display(tv, game)
    join(phone, code, "ben")
    for name in ("cy", "dee"):  # seats that never move
        sit(server, code, name)
    page.locator("#tv-start").click()
    expect(page.locator("#tv")).to_have_attribute("data-phase", "playing")
    page.locator("#tv-menu-button").click()
    expect(page.locator("#tv-menu [data-pick]")).to_have_count(3)  # every seat still in
    assert take_off(page, "ben", "remove").status == 200
    view = view_of(server, code, host)
    ben = next(p for p in view["players"] if p["name"] == "ben")
    assert ben["out"] and ben["out_by"] == "removed", view["players"]
    notice = view["notice"]
    assert notice["kind"] == "removed" and notice["player"] == "ben", notice
    over = view["phase"] == "over"  # (Liar's Post: the player taken off loses the game)
    if not over:  # the menu lists the seats still in: ben no more
        expect(page.locator("#tv-menu [data-pick]")).to_have_count(2)
        expect(page.locator("#tv-menu [data-pick='ben']")).to_have_count(0)
    page.locator("#tv-menu-close").click()
    expect(page.locator("#tv-menu")).to_be_hidden()
    shown = "#tv-places" if over else "#tv-seats"
    expect(page.locator(f"{shown} li[data-player='ben']")).to_contain_text("out (taken off)")
    mine = "#play-places" if over else "#play-seats"
    expect(phone.page.locator(f"{mine} li[data-player='ben']")).to_contain_text(
        "out (taken off)")
    expect(phone.page.locator("#play-you-out")).to_contain_text(
        "You are out: the host took you off this game.")
    expect(phone.page.locator("#play-hand-card")).to_be_hidden()
    for screen, line in ((page, "#tv-notice"), (phone.page, "#play-notice")):
        expect(screen.locator(line)).to_have_text(notice["text"])
        expect(screen.locator("#play-announce")).to_contain_text(notice["text"])
    if not over:  # a second removal of the same seat is refused, and changes nothing
        again = server.post(f"{V1}/rooms/{code}/moves", json={"type": "remove", "player": "ben"},
                            headers=bearer(host))
        assert again.status_code == 409, again.text


def test_between_games_the_display_s_menu_unseats_and_shows_a_refusal_inside(devices, server):
    """Once a game is over the display's Host menu takes a seat off the table (`unseat`);
    the table's fewest refuses the next one, and that refusal shows inside the open menu,
    in front of the table; the menu has no serious accessibility violation."""
    tv, _ = devices
    page = tv.page
    code, host = open_display(tv, "dice", dice_each=1)
    tokens = {name: sit(server, code, name) for name in ("ben", "cy", "dee")}
    expect(page.locator("#tv-seats li")).to_have_count(3)
    page.locator("#tv-start").click()
    expect(page.locator("#tv")).to_have_attribute("data-phase", "playing")  # (started)
    for _ in range(10):  # each mover bids one of their own die's face; the next calls it
        view = view_of(server, code, host)
        if view["phase"] == "over":
            break
        mover = view["to_move"]
        body = {"type": "liar"} if view["declarations"] else {
            "type": "bid", "quantity": 1, "face": view_of(server, code, tokens[mover])["you"]["hand"][0]}
        moved(server, code, tokens[mover], body)
    expect(page.locator("#tv")).to_have_attribute("data-phase", "over")
    page.locator("#tv-menu-button").click()
    expect(page.locator("#tv-menu-part")).to_have_text("Someone leaving the table?")
    assert take_off(page, "cy", "unseat").status == 200
    view = view_of(server, code, host)
    assert [p["name"] for p in view["players"]] == ["ben", "dee"]
    assert view["notice"]["kind"] == "unseated" and view["notice"]["player"] == "cy"
    expect(page.locator("#tv-notice")).to_have_text(view["notice"]["text"])
    expect(page.locator("#tv-menu [data-pick]")).to_have_count(2)
    answer = take_off(page, "ben", "unseat")  # below Liar's Dice's fewest: refused
    assert answer.status == 409, answer.text()
    error = page.locator("#tv-menu-take-off-error")
    expect(error).to_contain_text(answer.json()["error"]["message"])
    assert in_front(page, "#tv-menu-take-off-error")
    tv.shot("display-host-menu-refusal")
    assert_accessible(page, "the display's Host menu with a refusal")


def test_the_phone_host_unseats_between_games_and_sees_a_refusal_where_it_asked(devices,
                                                                                 server):
    """The seated host's phone: between games its game-over card takes a seat off the
    table (`unseat`, pick then confirm); a refusal shows right there, in front."""
    _, phone = devices
    page = fresh(phone)
    page.locator("#play-game-dice").check()
    page.locator("#play-new-name").fill("ann")
    page.locator("#play-new-rules summary").click()
    page.locator("#play-new-dice-each").select_option("1")
    page.locator("#play-create").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    seat = page.evaluate(SEAT)
    code = seat["code"]
    tokens = {"ann": seat["token"], "ben": sit(server, code, "ben"), "cy": sit(server, code, "cy")}
    started = server.post(f"{V1}/rooms/{code}/start", headers=bearer(seat["token"]))
    assert started.status_code == 200, started.text
    for _ in range(10):
        view = view_of(server, code, seat["token"])
        if view["phase"] == "over":
            break
        mover = view["to_move"]
        body = {"type": "liar"} if view["declarations"] else {
            "type": "bid", "quantity": 1, "face": view_of(server, code, tokens[mover])["you"]["hand"][0]}
        moved(server, code, tokens[mover], body)
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "over")
    dismiss(phone)  # the last call's reveal
    page.locator("#play-leave-table summary").click()  # the game-over card's
    page.locator("#play-leave-table [data-pick='cy']").click()
    with answer_to(page, "unseat") as answer:
        page.locator("#play-leave-table-take-off-yes").click()
    assert answer.value.request.post_data_json == {"type": "unseat", "player": "cy"}
    assert answer.value.status == 200, answer.value.text()
    expect(page.locator("#play-leave-table [data-pick]")).to_have_count(1)
    page.locator("#play-leave-table [data-pick='ben']").click()
    with answer_to(page, "unseat") as answer:
        page.locator("#play-leave-table-take-off-yes").click()
    assert answer.value.status == 409  # Liar's Dice needs two
    expect(page.locator("#play-leave-table-take-off-error")).to_contain_text(
        answer.value.json()["error"]["message"])
    phone.shot("play-unseat-refusal")
    assert in_front(page, "#play-leave-table-take-off-error")
    assert truth(phone)["players"][1]["name"] == "ben"


# --- who is out, and why -----------------------------------------------------------------------

def timed_out_at_liar_liar() -> tuple[str, dict, dict]:
    """A Liar Liar table in this process on a 10 s clock, its clock moved past the first
    mover's deadline: (who ran out of time, a spectator's view, their own view)."""
    rng = random.Random(3)
    room, _ = Room.create("BCDFG", {"game": "liarliar", "name": "ann", "deal": "server",
                                    "clock": 10}, rng=rng)
    for name in ("ben", "cy"):
        room.join(name)
    room.watch("Sam")
    room.start("ann", rng=rng)
    room.timers(now=1000.0)
    first = room.view("ann")["to_move"]
    assert room.time_out(1011.0, rng=rng) == first
    room.timers(now=1011.0)
    return first, room.view("Sam", now=1011.0), room.view(first, now=1011.0)


DRAW_OUT = """async ([watched, own]) => {
    const { TableDisplay } = await import("./static/tabledisplay.js");
    const { rendering } = await import("./static/playview.js");
    const { screenOf } = await import("./static/screens/index.js");
    const display = new TableDisplay();
    document.body.append(display.el);
    display.show(true);
    display.render(watched);
    const seat = (root, name) => root.querySelector(`li[data-player="${name}"]`);
    const name = own.you.name;
    const tv = seat(display.el, name);
    // the phone's own status (its seats and what it says to its player), drawn from its view
    const phone = Object.assign(Object.create(rendering), { game: screenOf("liarliar"),
      id: (part) => `t-${part}`, line: document.createElement("p"),
      status: document.createElement("div") });
    phone.renderStatus(own);
    const mine = seat(phone.status, name);
    const drawn = { tv: tv.textContent, tvOut: tv.dataset.out || null,
      phone: mine.textContent, phoneOut: mine.dataset.out || null,
      youOut: (phone.status.querySelector("#t-you-out") || {}).textContent || null };
    display.el.remove();
    return drawn;
}"""


def test_a_liar_liar_player_out_of_time_shows_out_by_the_clock_not_as_0_cards(devices):
    """A Liar Liar player out of time (the room's clock moved on): the display and the
    phones show them "out (clock)", never "0 cards" as one who emptied their hand; their
    own phone says their time ran out."""
    tv, _ = devices
    first, watched, own = timed_out_at_liar_liar()
    page = fresh(tv)
    drawn = page.evaluate(DRAW_OUT, [watched, own])
    for text in (drawn["tv"], drawn["phone"]):
        assert "out (clock)" in text and "0 cards" not in text, drawn
    assert drawn["tvOut"] == drawn["phoneOut"] == "clock", drawn
    assert drawn["youOut"] == "You are out: your time ran out. You watch the rest of the game."
    assert first in watched.get("timed_out", [first])


def test_who_is_out_and_why_is_read_from_the_view_or_its_older_fields(devices):
    """outs.js: `out_by` when the view says it; else `timed_out` (the clock), `removed`,
    and Liar Liar's `eliminated` (out, though `out` said not)."""
    tv, _ = devices
    page = fresh(tv)
    words = page.evaluate("""async () => {
        const { outWord, outWhy, yourOut } = await import("./static/outs.js");
        const p = (name, extra = {}) => ({ name, out: false, ...extra });
        const view = { phase: "playing", timed_out: ["cy"], removed: ["dee"], eliminated: ["eve"],
          players: [p("ann"), p("ben", { out: true, out_by: "left" }), p("cy", { out: true }),
            p("dee", { out: true }), p("eve"), p("fay", { out: true }),
            p("gus", { out: true, out_by: "clock" })] };
        return view.players.map((x) => [x.name, outWord(view, x), outWhy(view, x),
          yourOut(view, x)]);
    }""")
    assert words == [
        ["ann", None, None, None],
        ["ben", "left", "left", "You left this game. You watch the rest of the game."],
        ["cy", "out (clock)", "out (clock)",
         "You are out: your time ran out. You watch the rest of the game."],
        ["dee", "out (taken off)", "out (taken off)",
         "You are out: the host took you off this game. You watch the rest of the game."],
        ["eve", "out", None, "You are out of this game. You watch the rest of the game."],
        ["fay", "out", None, "You are out of this game. You watch the rest of the game."],
        ["gus", "out (clock)", "out (clock)",
         "You are out: your time ran out. You watch the rest of the game."],
    ]


# --- each action enabled exactly when the view allows it ---------------------------------------

def test_look_and_pass_is_enabled_every_time_the_view_allows_it(devices, server):
    """Liar's Post on a phone (ann) with two seats over HTTP that send every card to ann
    (each claim true, each call "false": the caller takes the card and sends the next):
    each time a card comes to her with `can_look`, Look and pass is there and enabled (it
    stayed disabled after its first use), and the card looked at is passed on."""
    _, phone = devices
    page = fresh(phone)
    page.locator("#play-game-post").check()
    page.locator("#play-new-name").fill("ann")
    page.locator("#play-create").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    seat = page.evaluate(SEAT)
    code = seat["code"]
    tokens = {"ann": seat["token"], "ben": sit(server, code, "ben"), "cy": sit(server, code, "cy")}
    started = server.post(f"{V1}/rooms/{code}/start", headers=bearer(seat["token"]))
    assert started.status_code == 200, started.text
    looked = 0
    for _ in range(40):
        view = view_of(server, code, tokens["ann"])
        if looked == 2 or view["phase"] == "over":
            break
        mover = view["to_move"]
        mine = view_of(server, code, tokens[mover])
        if mover == "ann" and mine["you"]["can_look"]:
            expect(page.locator("#screen-play")).to_have_attribute("data-to-move", "ann")
            dismiss(phone)  # the last call's reveal, over the table
            look = page.locator("#play-look")
            expect(look).to_be_visible()
            expect(look).to_be_enabled()
            with answer_to(page, "look"):
                look.click()
            looked += 1
            seen = view_of(server, code, tokens["ann"])["you"]
            page.locator(f"#play-to button[data-value='{seen['targets'][0]}']").click()
            page.locator(f"#play-kind button[data-value='{seen['card_seen'][:-1]}']").click()
            expect(page.locator("#play-pass")).to_be_enabled()
            with answer_to(page, "pass"):
                page.locator("#play-pass").click()
            continue
        if mine["card"] is not None:  # every claim is true: called false, the caller takes
            moved(server, code, tokens[mover], {"type": "call", "call": False})  # and sends
        else:  # a card to send: to ann if she may get it, its own kind said
            card = mine["you"]["hand"][0]
            to = "ann" if "ann" in mine["you"]["targets"] else mine["you"]["targets"][0]
            moved(server, code, tokens[mover], {"type": "send", "card": card, "to": to,
                                                "claim": card[:-1]})
    assert looked == 2, f"ann looked {looked} times"


# --- the clock ---------------------------------------------------------------------------------

COUNTDOWN = """async () => {
    const { Countdown } = await import("./static/countdown.js");
    const now = Date.now();
    const players = [{ name: "ann", bot: false }, { name: "Computer 1", bot: true }];
    const left = (view) => {
      const countdown = new Countdown(() => {});
      countdown.follow({ phase: "playing", now, clock: 10, players, to_move: "ann", ...view });
      const seconds = countdown.left;
      countdown.stop();
      return seconds;
    };
    return {
      held: left({ deadline: now + 12000 }),  // the reveal's hold, then the clock
      starts: left({ deadline: now + 14000, clock_starts: now + 4000 }),
      running: left({ deadline: now + 7200 }),
      bot: left({ deadline: now + 12000, to_move: "Computer 1" }),
      none: left({ deadline: null }),
    };
}"""


def test_the_countdown_never_shows_more_than_the_clock_s_setting(devices):
    """countdown.js: min(the setting, deadline - now); a computer player has no clock."""
    tv, _ = devices
    page = fresh(tv)
    assert page.evaluate(COUNTDOWN) == {"held": 10, "starts": 10, "running": 8, "bot": None,
                                        "none": None}


def test_after_a_ruling_s_hold_the_clock_shows_its_setting_at_most(browser):
    """A server holding each reveal 2 s and a 10 s clock: after a call, the next mover's
    clock (which starts once the hold is over) never shows more than 10 s on the phone."""
    from api_server import LiveServer
    live = LiveServer("--reveal-seconds", "2")
    phone = Phone(browser, live)
    try:
        page = fresh(phone)
        page.locator("#play-game-dice").check()
        page.locator("#play-clock-10").check()
        page.locator("#play-new-name").fill("ann")
        page.locator("#play-new-rules summary").click()
        page.locator("#play-new-dice-each").select_option("2")
        page.locator("#play-create").click()
        expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
        seat = page.evaluate(SEAT)
        code = seat["code"]
        tokens = {"ann": seat["token"], "ben": sit(live, code, "ben")}
        page.evaluate("""() => {  // every second the clock shows, as it is drawn, by version
            window.shown = [];
            new MutationObserver(() => {
              const clock = document.querySelector("#play-clock");
              const version = Number(document.querySelector("#screen-play").dataset.version);
              if (!clock.hidden && clock.dataset.left) {
                window.shown.push([version, Number(clock.dataset.left)]);
              }
            }).observe(document.querySelector("#play-clock"), { attributes: true,
              childList: true, characterData: true, subtree: true });
        }""")
        started = live.post(f"{V1}/rooms/{code}/start", headers=bearer(seat["token"]))
        assert started.status_code == 200, started.text
        view = view_of(live, code, seat["token"])
        first = view["to_move"]
        face = view_of(live, code, tokens[first])["you"]["hand"][0]
        moved(live, code, tokens[first], {"type": "bid", "quantity": 1, "face": face})
        second = view_of(live, code, seat["token"])["to_move"]
        moved(live, code, tokens[second], {"type": "liar"})  # the bid holds: a ruling
        after = view_of(live, code, seat["token"])
        assert after["phase"] == "playing" and after["reveal"]["hold"] == 2
        expect(page.locator("#play-ruling-layer")).to_be_visible()
        expect(page.locator("#play-clock")).to_be_visible()
        page.wait_for_function("v => window.shown.some(([version]) => version >= v)",
                               arg=after["version"])
        shown = page.evaluate("window.shown")
        assert max(left for _, left in shown) <= 10, shown
        assert re.fullmatch(r"(You|ben): ([1-9]|10) s", page.locator("#play-clock").inner_text())
        assert phone.errors == []
    finally:
        phone.close()
        live.stop()


# --- the phone host's Menu, in the lobby and between games -------------------------------------

def test_the_phone_host_s_menu_takes_a_seat_off_in_the_lobby_and_between_games(devices, server):
    """A seated host's phone has its Menu in the lobby too: two taps there take a seat off
    the table (`unseat`), the Menu staying open as the lobby changes; between games the
    Menu offers the same, a refusal shown inside it, in front."""
    _, phone = devices
    page = fresh(phone)
    page.locator("#play-game-dice").check()
    page.locator("#play-new-name").fill("ann")
    page.locator("#play-new-rules summary").click()
    page.locator("#play-new-dice-each").select_option("1")
    page.locator("#play-create").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    seat = page.evaluate(SEAT)
    code = seat["code"]
    tokens = {"ann": seat["token"], "ben": sit(server, code, "ben"), "cy": sit(server, code, "cy")}
    expect(page.locator("#play-lobby-seats li")).to_have_count(3)
    page.locator("#play-lobby-menu-button").click()
    menu = page.locator("#play-menu")
    expect(menu).to_be_visible()
    expect(page.locator("#play-manage summary")).to_have_text("Someone leaving the table?")
    page.locator("#play-manage summary").click()
    expect(page.locator("#play-manage [data-pick]")).to_have_count(2)  # not the host's own
    page.locator("#play-manage [data-pick='cy']").click()
    with answer_to(page, "unseat") as answer:
        page.locator("#play-manage-take-off-yes").click()
    assert answer.value.request.post_data_json == {"type": "unseat", "player": "cy"}
    assert answer.value.status == 200, answer.value.text()
    expect(page.locator("#play-lobby-seats li")).to_have_count(2)
    expect(menu).to_be_visible()  # the lobby's change left the Menu open
    expect(page.locator("#play-manage [data-pick]")).to_have_count(1)
    phone.shot("play-lobby-menu-unseat")
    assert_accessible(page, "the phone's Menu in the lobby")
    page.locator("#play-menu-close").click()
    del tokens["cy"]
    over = play_dice_out(server, code, tokens, "ann")
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "over")
    assert over["phase"] == "over"
    dismiss(phone)
    page.locator("#play-menu-button").click()  # between games: the Menu, there too
    expect(menu).to_be_visible()
    expect(page.locator("#play-manage summary")).to_have_text("Someone leaving the table?")
    expect(page.locator("#play-manage")).to_have_attribute("open", "")  # as the lobby left it
    page.locator("#play-manage [data-pick='ben']").click()
    with answer_to(page, "unseat") as answer:
        page.locator("#play-manage-take-off-yes").click()
    assert answer.value.status == 409  # Liar's Dice needs two: refused, said in the Menu
    expect(page.locator("#play-manage-take-off-error")).to_contain_text(
        answer.value.json()["error"]["message"])
    assert in_front(page, "#play-manage-take-off-error")


# --- the reveal at 360 px: no line runs past its edge ------------------------------------------

DRAW_REVEAL = """async (view) => {
    const { rendering } = await import("./static/playview.js");
    const { app } = await import("./static/playkit.js");
    const { screenOf } = await import("./static/screens/index.js");
    const el = (tag, cls = "") => Object.assign(document.createElement(tag), { className: cls });
    const [layer, sheet, foot] = [el("div", "game-layer"), el("div", "game-sheet"),
      el("div", "sheet-foot")];
    const phone = Object.assign(Object.create(rendering), { screen: screenOf("liarliar"),
      game: screenOf("liarliar"), h: app.h, id: (part) => `t-${part}`, ruling: el("div", "result"),
      tableRuling: el("div", "pair"), dismissButton: el("button", "primary"),
      rulingLayer: layer, allow: () => {} });
    foot.append(phone.tableRuling, phone.dismissButton);
    sheet.append(phone.ruling, foot);
    layer.append(sheet);
    document.body.append(layer);
    phone.renderRuling(view);
    const box = sheet.getBoundingClientRect();
    const runs = [...sheet.querySelectorAll(".ruling li, .ruling li > *")].filter((item) => {
      const r = item.getBoundingClientRect();
      return item.scrollWidth > item.clientWidth + 1 || r.right > box.right + 0.5;
    }).map((item) => item.textContent);
    const lines = [...sheet.querySelectorAll(".ruling li")].map((li) => li.textContent);
    layer.remove();
    return { runs, lines };
}"""


def test_a_reveal_s_lines_wrap_inside_the_sheet_at_360_px(devices):
    """A Liar Liar reveal on a phone (360 px): a player with a long name takes a big pile
    ("takes the pile: 12 cards") beside three cards turned over: every line stays inside
    the sheet, wrapping what does not fit (it ran past the right edge, cut)."""
    _, phone = devices
    page = fresh(phone)
    taker, accused = "Maximiliana Longname", "Bartholomew Quince"
    players = [{"name": name, "cards": 9, "out": False, "out_by": None}
               for name in (taker, accused, "cy")]
    view = {"code": "BCDFG", "game": "liarliar", "phase": "playing", "version": 9,
            "game_no": 1, "players": players, "you": {"name": "cy", "seat": True,
                                                      "host": False},
            "reveal": None, "last_ruling": {
                "call": "liar", "by": taker, "ruling": "true",
                "revealed": {accused: ["QH", "QS", "QD"]}, "changes": {taker: 12},
                "reason": f"{accused}'s play (3 Qs) was true: {taker} takes the pile of 12"}}
    drawn = page.evaluate(DRAW_REVEAL, view)
    assert f"{taker}takes the pile: 12 cards" in drawn["lines"], drawn
    assert drawn["runs"] == [], drawn
