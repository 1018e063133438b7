"""The table display (api/static/tabledisplay.js): a room seen from no seat, on a TV or by a
spectator's phone.

A display at 1280x720 opens a seatless table of Liar's Dice, seats three computer players
(a quarter of a second a move, so that the event stream carries each state even on a busy
machine), starts it and shows the game to its places (two dice each: some 15 moves), while a spectator's phone (360x640) watches the same table by its code; then the
display's secrecy: every game's seatless views, move by move from a room played in this
process, drawn by the display, show no tile, die or card of a hand before a call turns it
over.  Browser tests wait with Playwright's auto-waiting ``expect``, never with sleeps.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from room_views import cards_in
from test_page import Phone  # (skips without chromium)
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
    for (const li of document.querySelectorAll("#tv-seats li")) {
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
    expect(page.locator("#play-add-bot")).to_be_visible()  # the host's lobby controls
    expect(page.locator("#tv-start")).to_be_disabled()
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
        expect(screen.locator("#tv-turn")).to_have_text(f"🏆 {view['winner']} wins")
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


# --- secrecy: every game's seatless views, drawn ----------------------------------------------

DRAW = """async (views) => {
  const { TableDisplay } = await import("./static/tabledisplay.js");
  const display = new TableDisplay();
  document.body.append(display.el);
  display.show(true);
  const drawn = views.map((view) => {
    display.render(view);
    return { text: display.el.innerText, pieces: [...display.el.querySelectorAll(".tv-piece")]
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
    reveals = cards_shown = 0
    for (view, hands), screen in zip(steps, drawn, strict=True):
        assert view["you"]["hand"] is None
        assert any(hands.values()) or view["phase"] == "over"  # hands held, and hidden
        revealed = (view["last_ruling"] or {}).get("revealed", {})
        reveals += bool(revealed)
        # a piece face up only in the reveal, each turned-over hand exactly
        assert all(p["revealed"] and p["hand"] for p in screen["pieces"]), screen["pieces"]
        by_hand: dict[str, list[str]] = {}
        for p in screen["pieces"]:
            by_hand.setdefault(p["hand"], []).append(p["piece"])
        assert by_hand == {name: [str(x) for x in hand] for name, hand in revealed.items()}
        if game in ("poker", "liarliar", "post"):
            # the screen's words: no card but the ones turned over (a hidden hand's, the
            # pile's, the card in transit's never)
            assert not shown_cards(screen["text"]) - cards_in(revealed), screen["text"]
            cards_shown += bool(shown_cards(screen["text"]))
            held = sum((cards_in(hand) for hand in hands.values()), Counter())
            assert not (shown_cards(screen["text"]) & held) - cards_in(revealed)
    assert reveals, "no call was made in the game"
    assert cards_shown or game in ("letters", "dice"), "no card was read on the screen"
    assert f"{steps[-1][0]['places'][0]['place']}. {steps[-1][0]['places'][0]['name']}" in \
        drawn[-1]["text"]
