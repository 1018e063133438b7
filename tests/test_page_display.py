"""The table display (api/static/tabledisplay.js): a room seen from no seat, on a TV or by a
spectator's phone.

A display at 1280x720 opens a seatless table of Liar's Dice, seats three computer players
(a quarter of a second a move, so that the event stream carries each state even on a busy
machine), starts it and shows the game to its places (two dice each: some 15 moves), while a spectator's phone (360x640) watches the same table by its code; then the
display's secrecy: every game's seatless views, move by move from a room played in this
process, drawn by the display, show no tile, die or card of a hand before a call turns it
over, and the last ruling only until the next claim; then, at every game at its most
seats, the display shows the table and nothing else, all on one screen, big enough to read
across a room (1280x720 and 1920x1080, light and dark, axe).  Browser tests wait with
Playwright's auto-waiting ``expect``, never with sleeps.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from room_views import cards_in
from rooms_http import V1, bearer, next_move, view_of
from test_page import SHOTS, Phone  # (skips without chromium)
from test_page_a11y import assert_accessible
from test_page_play import fresh

from solver.rooms.room import Room

expect = sync_api.expect
TV = {"width": 1280, "height": 720}
BOTS = ("Computer 1", "Computer 2", "Computer 3")
TURN = re.compile(r"^Computer [123]'s turn$")
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SHOWN_CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])|Joker")


CLAIM = re.compile(r"Computer [123]: \d+ (one|two|three|four|five|six)e?s?")
# Every state the display draws, kept as it is drawn (a turn lasts a quarter of a second,
# too short for a test to poll): whose turn, how many seats show to move, the round's last
# claim, a seat's count, and any die face up outside a call's reveal.
RECORD = """() => {
  const seen = window.seen = { turn: [], moving: [], claim: [], seat: [], loose: [] };
  const look = () => {
    const $ = (selector) => document.querySelector(selector);
    if ($("#tv-turn")) seen.turn.push($("#tv-turn").textContent);
    if ($("#tv[data-phase=playing]")) {
      seen.moving.push(document.querySelectorAll("#tv-seats li.to-move").length);
    }
    if ($("#tv-claims li.last")) seen.claim.push($("#tv-claims li.last").textContent);
    for (const li of document.querySelectorAll("#tv[data-phase=playing] #tv-seats li")) {
      seen.seat.push(`${li.querySelector(".tv-name").textContent}: ` +
        li.querySelector(".tv-count").textContent);
    }
    const loose = document.querySelectorAll(".tv-piece:not(#tv-revealed .tv-piece)");
    if (loose.length) seen.loose.push(loose.length);
  };
  new MutationObserver(look).observe(document.getElementById("tv"),
    { childList: true, subtree: true, characterData: true, attributes: true });
}"""


@pytest.fixture
def devices(browser, server):
    tv, phone = Phone(browser, server), Phone(browser, server, color_scheme="dark")
    tv.page.set_viewport_size(TV)
    yield tv, phone
    tv.close()
    phone.close()


def no_piece_outside_the_reveal(page):
    """A tile, die or card face up shows only among the hands a call turned over."""
    expect(page.locator(".tv-piece:not(#tv-revealed .tv-piece)")).to_have_count(0)


def test_a_display_shows_a_table_of_computer_players_to_its_places(devices, server):
    tv, phone = devices
    page = fresh(tv)
    page.locator("#play-game-dice").check()
    page.locator("#play-new-rules summary").click()
    page.locator("#play-new-dice-each").select_option("2")  # a short game: some 15 moves
    page.locator("#play-new-display").check()
    page.locator("#play-new-open").check()  # listed: a Watch a tap away on other phones
    page.locator("#play-new-name").fill("TV")
    page.locator("#play-create").click()
    display = page.locator("#tv")
    expect(display).to_have_attribute("data-phase", "lobby")
    expect(page.locator("#play-lobby")).to_be_hidden()  # the player's lobby is not shown
    code = page.locator("#tv-code").inner_text()
    assert re.fullmatch(r"[A-Z]{5}", code)
    expect(page.locator("#tv-qr canvas")).to_be_visible()
    expect(page.locator("#tv-link")).to_have_attribute("href", re.compile(rf"\?room={code}#play$"))
    expect(page.locator("#tv-start")).to_be_disabled()
    expect(page.locator("#play-add-bot")).to_be_hidden()  # the host's lobby controls: in
    page.locator("#tv-menu-button").click()  # the Host menu, one tap away
    expect(page.locator("#tv-menu #play-add-bot")).to_be_visible()
    expect(page.locator("#tv-menu #play-clock-setting")).to_be_visible()
    page.locator("#tv-menu-close").click()
    expect(page.locator("#tv-menu")).to_be_hidden()
    tv.shot("display-lobby")
    # big enough to read across a room: the code's letters over a tenth of the screen's height
    assert page.locator("#tv-code").bounding_box()["height"] > TV["height"] / 10
    seat = json.loads(page.evaluate("localStorage.getItem('liars.play.seat')"))
    for name in BOTS:  # a quick pace the lobby does not offer, each state still drawn
        added = server.post(f"/api/v1/rooms/{code}/bots", json={"name": name, "delay": 0.25},
                            headers={"Authorization": f"Bearer {seat['token']}"})
        assert added.status_code == 201, added.text
    expect(page.locator("#tv-seats li")).to_have_text([f"{n}computer (easy)" for n in BOTS])

    other = fresh(phone)  # a spectator, by the table's code
    listed = other.locator(f'#play-open-tables li[data-code="{code}"]')
    expect(listed.get_by_role("button", name=f"Watch {code}")).to_be_visible()
    other.locator("#play-join-code").fill(code)
    other.locator("#play-join-name").fill("Sam")
    other.locator("#play-watch").click()
    expect(other.locator("#tv")).to_have_attribute("data-phase", "lobby")
    expect(other.locator("#tv-code")).to_have_text(code)
    expect(other.locator("#tv-start")).to_have_count(0)  # only the host starts
    expect(other.locator("#tv-start-why")).to_have_text("Waiting for the host to start the game.")

    expect(page.locator("#tv-start")).to_be_enabled()
    commit = server.get(f"/api/v1/rooms/{code}", headers={"Authorization": f"Bearer "
                        f"{seat['token']}"}).json()["fairness"]["commit"]
    for screen in (page, other):  # the deal is sealed before it is dealt
        expect(screen.locator("#tv-fair")).to_have_text(
            f"Deal sealed before it was dealt: {commit[:8]}")
    for screen in (page, other):  # record each state as it is drawn: a turn is too short to poll
        screen.evaluate(RECORD)
    page.locator("#tv-start").click()
    for screen in (page, other):  # the last call's reveal stays on the screen to the end
        expect(screen.locator("#tv-verdict")).to_have_text(re.compile(r"^The bid (holds|fails)$"))
        expect(screen.locator("#tv-revealed li").first).to_be_visible()
        expect(screen.locator("#tv-changes li").first).to_have_text(
            re.compile(r"^Computer [123] −1 die$"))
    expect(other.locator("#play-hand")).to_be_hidden()
    for screen in (page, other):
        expect(screen.locator("#tv")).to_have_attribute("data-phase", "over", timeout=30_000)
    view = server.get(f"/api/v1/rooms/{code}",
                      headers={"Authorization": f"Bearer {seat['token']}"}).json()
    assert view["you"]["hand"] is None and view["you"]["seat"] is False
    places = [f"{p['place']}. {p['name']}" for p in view["places"]]
    for screen in (page, other):
        expect(screen.locator("#tv-places li")).to_have_text(places)
        expect(screen.locator("#tv-turn")).to_have_text(f"{view['winner']} wins")
        expect(screen.locator("#tv-turn svg[data-icon='trophy']")).to_be_visible()  # no emoji
        no_piece_outside_the_reveal(screen)
        # every die on the screen is one the last call turned over
        shown = {name: screen.locator(f'#tv-revealed li[data-hand="{name}"] .tv-piece')
                 .all_inner_texts() for name in view["last_ruling"]["revealed"]}
        assert shown == {name: [str(d) for d in hand]
                         for name, hand in view["last_ruling"]["revealed"].items()}
    for screen in (page, other):  # what the screen showed on the way
        seen = screen.evaluate("window.seen")
        assert any(TURN.fullmatch(text) for text in seen["turn"]), seen["turn"]
        assert seen["moving"] and set(seen["moving"]) <= {1}, seen["moving"]
        assert any(CLAIM.fullmatch(text) for text in seen["claim"]), seen["claim"]
        assert any(re.fullmatch(r"Computer [123]: [1-5] dic?e", text) for text in seen["seat"])
        assert seen["loose"] == [], "a die face up outside a call's reveal"
    for screen in (page, other):  # and checked once the game is over, round by round
        expect(screen.locator("#tv-fair")).to_have_attribute("data-verdict", "checked")
        expect(screen.locator("#tv-fair .fair-verdict")).to_have_text(re.compile(
            r"^✓ Deal checked: .* (\d+) deals dealt again from it match \((\d+) against the "
            r"hands turned over\)\.$"))
    expect(page.locator("#tv-rematch")).to_be_visible()  # the host's rematch
    expect(other.locator("#tv-rematch")).to_have_count(0)
    tv.shot("display-over")
    phone.shot("display-spectator-over")
    # The spectator's one control is its Menu: leaving there gives the page back (its
    # header and tabs, hidden while the table showed).
    expect(other.locator(".bar")).to_be_hidden()
    other.locator("#tv-menu-button").click()
    expect(other.locator("#tv-menu-title")).to_have_text("Menu")
    expect(other.locator("#tv-menu [data-pick]")).to_have_count(0)  # the host's alone
    other.locator("#tv-menu-leave").click()
    expect(other.locator("#play-start-view")).to_be_visible()
    expect(other.locator(".bar")).to_be_visible()
    expect(other.locator("nav.tabs")).to_be_visible()


# --- secrecy: every game's seatless views, drawn ----------------------------------------------

DRAW = """async (views) => {
  const { TableDisplay } = await import("./static/tabledisplay.js");
  const display = new TableDisplay();
  document.body.append(display.el);
  display.show(true);
  const drawn = views.map((view) => {
    display.render(view);
    return { text: display.el.innerText,
      ids: [...display.el.querySelectorAll("[id]")].map((el) => el.id),
      pieces: [...display.el.querySelectorAll(".tv-piece")]
      .map((el) => ({ piece: el.dataset.piece, revealed: Boolean(el.closest("#tv-revealed")),
        hand: (el.closest("[data-hand]") || { dataset: {} }).dataset.hand || null })) };
  });
  display.el.remove();
  return drawn;
}"""


def played(game: str, seed: int):
    """A game of three computer players at a seatless host's table, in this process: the
    spectator's view after each move, and every player's hand then."""
    rng = random.Random(seed)
    room, _ = Room.create("BCDFG", {"game": game, "name": "tv", "seat": False,
                                    "deal": "server"}, rng=rng)
    for name in BOTS:
        room.add_bot("tv", name, delay=0)
    room.watch("Sam")
    room.start("tv", rng=rng)
    steps = []
    while True:
        steps.append((json.loads(json.dumps(room.view("Sam"))),
                      {name: room.view(name)["you"]["hand"] for name in BOTS}))
        if room.view("tv")["phase"] == "over" or len(steps) > 150:
            return steps
        mover = room.view("tv")["to_move"]
        room.move(mover, room.decide(mover, rng), rng=rng)


def shown_cards(text: str) -> Counter:
    return Counter("joker" if m.group(0) == "Joker" else m.group(1) + SUITS[m.group(2)]
                   for m in SHOWN_CARD.finditer(text))


@pytest.mark.parametrize("game", ["letters", "dice", "poker", "liarliar", "post"])
def test_the_display_shows_no_hand_before_a_call_turns_it_over(game, phone_context, server):
    steps = played(game, seed=7)
    assert steps[-1][0]["phase"] == "over" or len(steps) > 150
    page = phone_context.new_page()
    try:
        page.set_viewport_size(TV)
        page.goto(server.url + "/#play")
        page.wait_for_selector("#screen-play[data-ready]")
        drawn = page.evaluate(DRAW, [view for view, _ in steps])
    finally:
        page.close()
    reveals = cards_shown = gone = 0
    ruled = None  # the view in which the last ruling came
    for (view, hands), screen in zip(steps, drawn, strict=True):
        assert view["you"]["hand"] is None
        assert any(hands.values()) or view["phase"] == "over"  # hands held, and hidden
        revealed = (view["last_ruling"] or {}).get("revealed", {})
        # a piece face up only in the reveal, each turned-over hand exactly
        assert all(p["revealed"] and p["hand"] for p in screen["pieces"]), screen["pieces"]
        by_hand: dict[str, list[str]] = {}
        for p in screen["pieces"]:
            by_hand.setdefault(p["hand"], []).append(p["piece"])
        assert by_hand in ({}, {name: [str(x) for x in hand] for name, hand in revealed.items()})
        reveals += bool(by_hand)
        # the last ruling shows from its call until the next claim: never beside a later
        # claim of its round, nor in a later round
        if view["last_ruling"] != (ruled or {}).get("last_ruling"):
            ruled = view
            assert "tv-ruling" in screen["ids"] and (by_hand or not revealed), view
        elif ruled and view["phase"] == "playing" and (view["round"] != ruled["round"]
                                                       or view["claims"] > ruled["claims"]):
            assert "tv-ruling" not in screen["ids"] and by_hand == {}, screen["text"]
            gone += 1
        if game in ("poker", "liarliar", "post"):
            # the screen's words: no card but the ones turned over (a hidden hand's, the
            # pile's, the card in transit's never)
            assert not shown_cards(screen["text"]) - cards_in(revealed), screen["text"]
            cards_shown += bool(shown_cards(screen["text"]))
            held = sum((cards_in(hand) for hand in hands.values()), Counter())
            assert not (shown_cards(screen["text"]) & held) - cards_in(revealed)
    assert reveals, "no call was made in the game"
    assert gone, "no claim came after a ruling"
    assert cards_shown or game in ("letters", "dice"), "no card was read on the screen"
    assert f"{steps[-1][0]['places'][0]['place']}. {steps[-1][0]['places'][0]['name']}" in \
        drawn[-1]["text"]
    if game == "post":  # the last reveal says that it ended the game
        loser = steps[-1][0]["places"][-1]["name"]
        assert re.search(rf"That ends the game: {loser} (has \d \w+s face up and )?loses\.",
                         drawn[-1]["text"]), drawn[-1]["text"]


# --- the table and nothing else, on one screen, read from across a room ---------------------

SIZES = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})
GAMES = ["letters", "dice", "poker", "liarliar", "post"]
# Seats of different lengths, a computer player's name among them.
NAMES = ("Alexandra", "Ben", "Computer 3", "Dee", "Evangeline", "Fay", "Gus", "Hamid")
# The words that matter, read from 3 metres: 28 px or more at 1280x720; the rest 20 px.
BIG = ("#tv-code", ".tv-join > .tv-fact", "#tv-turn", "#tv-clock", "#tv-seats .tv-name",
       "#tv-seats .tv-count", "#tv-claims", "#tv-claims li", "#tv-called", "#tv-verdict",
       "#tv-revealed .tv-name", "#tv-changes li", "#tv-places li", "#tv-table .tv-fact",
       "#tv-table .tv-big")
# What must not show on the display: the page's header, settings and tabs, the phone's
# own screens and buttons.
PHONE_PARTS = (".bar", ".settings", ".tabs", "#back-to-table", "#play-leave", "#play-board",
               "#play-lobby", "#play-notice", "#play-entry")
ON_ONE_SCREEN = """([big, phoneParts]) => {
  const problems = [];
  const root = document.scrollingElement;
  if (root.scrollHeight > innerHeight + 1) problems.push(`the page scrolls: ${root.scrollHeight}px`);
  if (root.scrollWidth > innerWidth + 1) problems.push(`the page is ${root.scrollWidth}px wide`);
  const shown = (el) => el.checkVisibility() && !el.closest("#tv-menu");
  for (const selector of phoneParts) {
    const el = document.querySelector(selector);
    if (el && el.checkVisibility()) problems.push(`${selector} shows`);
  }
  const name = (el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className} ` +
    `"${el.textContent.trim().slice(0, 40)}"`;
  for (const el of document.querySelectorAll("#tv *")) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if ((r.width || r.height) && (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5
        || r.right > innerWidth + 0.5)) problems.push(`${name(el)} is off the screen`);
  }
  const controls = [...document.querySelectorAll("button, a[href], input, select, summary")]
    .filter((el) => shown(el) && !el.classList.contains("skip"));
  for (const el of controls) {  // the one control is the menu's; Start, Rematch, the links
    // to join and to the game's replay, the rounds of the deal checked once it is over
    if (!["tv-menu-button", "tv-start", "tv-rematch", "tv-link", "tv-replay-link"]
        .includes(el.id) && !el.matches("#tv-fair summary")) {
      problems.push(`a phone's control shows: ${name(el)}`);
    }
  }
  const walker = document.createTreeWalker(document.querySelector("#tv"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !shown(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 20) problems.push(`${name(el)} is ${size}px`);
  }
  for (const selector of big) {
    for (const el of document.querySelectorAll(selector)) {
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (shown(el) && size < 28) problems.push(`${selector} ${name(el)} is ${size}px`);
    }
  }
  return problems;
}"""


def most_seats(game: str) -> int:
    """The seats a test fills: the game's most, eight at most (Letters, Dice and Poker
    take twenty)."""
    room, _ = Room.create("BCDFG", {"game": game, "name": "tv", "seat": False})
    return min(8, room.game_type.seats[1])


def fits(page, state: str, axe_at=(SIZES[0],)) -> None:
    """The display, as it shows now, at 1280x720 and 1920x1080, light and dark: all of it on
    the screen and nothing else, its words big enough; no serious axe violation (at the
    sizes ``axe_at``); a screenshot of each (test-artifacts/screenshots/display-fit-*)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-z0-9]+", "-", state.lower()).strip("-")
    for size in SIZES:
        page.set_viewport_size(size)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            where = f"{state} at {size['width']}x{size['height']}, {scheme}"
            page.screenshot(path=str(SHOTS / f"display-fit-{slug}-{size['width']}-{scheme}.png"))
            problems = page.evaluate(ON_ONE_SCREEN, [list(BIG), list(PHONE_PARTS)])
            assert problems == [], f"{where}: {problems}"
            if size in axe_at:
                assert_accessible(page, where)
    page.set_viewport_size(SIZES[0])
    page.emulate_media(color_scheme="light")


def shows_version(page, version: int) -> None:
    """Wait until the display shows the room at ``version`` or later."""
    page.wait_for_function(
        "v => Number(document.querySelector('#tv').dataset.version) >= v", arg=version)


def play_one(server, code, tokens, host, game, **how) -> dict:
    """The seat to move makes its move over HTTP (rooms_http.next_move); the room's view."""
    view = view_of(server, code, host)
    mover = view["to_move"]
    body = next_move(game, view_of(server, code, tokens[mover]), **how)
    answer = server.post(f"{V1}/rooms/{code}/moves", json=body, headers=bearer(tokens[mover]))
    assert answer.status_code == 200, (body, answer.text)
    return view_of(server, code, host)


@pytest.mark.parametrize("game", GAMES)
def test_the_display_shows_the_table_and_nothing_else_on_one_screen(devices, server, game):
    """A display hosting the game's most seats (eight at most), every state of a game at
    1280x720 and 1920x1080, light and dark: the lobby with its Start, the round's claims,
    the last ruling (shown until the next claim, then gone: this round's claims only), the
    places: no page header, tab bar or phone button, nothing to scroll, the words that
    matter 28 px or more and the rest 20 px or more, no serious axe violation."""
    tv, _ = devices
    page = fresh(tv)
    page.locator(f"#play-game-{game}").check()
    page.locator("#play-new-display").check()
    page.locator("#play-new-name").fill("TV")
    page.locator("#play-create").click()
    expect(page.locator("#tv")).to_have_attribute("data-phase", "lobby")
    seat = page.evaluate("JSON.parse(localStorage.getItem('liars.play.seat'))")
    code, host = seat["code"], seat["token"]
    names = NAMES[:most_seats(game)]
    tokens = {}
    for name in names:
        joined = server.post(f"{V1}/rooms/{code}/join", json={"name": name})
        assert joined.status_code == 201, joined.text
        tokens[name] = joined.json()["token"]
    expect(page.locator("#tv-seats li")).to_have_count(len(names))
    expect(page.locator("#tv-start")).to_be_enabled()
    fits(page, f"{game} lobby")
    page.locator("#tv-start").click()
    expect(page.locator("#tv")).to_have_attribute("data-phase", "playing")
    for _ in range(3):  # three claims (Liar's Post: a card sent, called, sent again)
        view = play_one(server, code, tokens, host, game, claims_a_round=3)
    shows_version(page, view["version"])
    expect(page.locator("#tv-claims li").first).to_be_visible()
    fits(page, f"{game} claims", axe_at=SIZES)
    while True:  # to the next call
        view = play_one(server, code, tokens, host, game, claims_a_round=3)
        if view["last_ruling"] and not view["declarations"]:
            break
    shows_version(page, view["version"])
    expect(page.locator("#tv-ruling")).to_be_visible()
    expect(page.locator("#tv-turn")).to_have_text(f"{view['to_move']}'s turn")
    expect(page.locator("#tv-claims")).to_have_count(0)  # no claim yet: the ruling alone
    fits(page, f"{game} ruling")
    view = play_one(server, code, tokens, host, game)  # the next claim: the ruling goes
    shows_version(page, view["version"])
    expect(page.locator("#tv-ruling")).to_have_count(0)
    expect(page.locator("#tv-claims li")).to_have_count(len(view["declarations"]))
    for name in names:  # the host takes the players off, to the end of the game
        if view["phase"] == "over":
            break
        if not next(p for p in view["players"] if p["name"] == name)["out"]:
            answer = server.post(f"{V1}/rooms/{code}/moves", headers=bearer(host),
                                 json={"type": "remove", "player": name})
            assert answer.status_code == 200, answer.text
        view = view_of(server, code, host)
    assert view["phase"] == "over"
    shows_version(page, view["version"])
    expect(page.locator("#tv-places li")).to_have_count(len(names))
    fits(page, f"{game} over")
