"""The odds at every reveal and a game to keep, on the page (api/static/oddswords.js,
replay.js): the reveal on the phones says how likely the claim was from the caller's seat
and the claimer's, in words; once the game is over its replay link opens the game step by
step on any phone, no seat needed (before the end the server refuses it and the page says
so), and the table's log downloads as JSON; the table display says the odds a spectator
may see (never a caller's private figure).

Phones at 360x640 against the session's live ``liars serve``; the tests wait with
Playwright's auto-waiting ``expect``, never for a fixed time.
"""

from __future__ import annotations

import json
import random
import re

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from test_page import Phone  # noqa: E402  (skips without chromium)
from test_page_a11y import assert_accessible  # noqa: E402
from test_page_play import create, dismiss, join, tap, truth  # noqa: E402

from solver.rooms.room import Room  # noqa: E402

expect = sync_api.expect
FACES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@pytest.fixture
def phones(browser, server):
    devices = [Phone(browser, server), Phone(browser, server, color_scheme="dark"),
               Phone(browser, server)]
    yield devices
    for device in devices:
        device.close()


def in_words(figure: dict, claimer: str, noun: str = "bid", can="hold", did="held") -> str:
    """What the page says of one figure whose fraction is n/6, 1/1 or 0/1 (a die's)."""
    seat = f"{figure['seat']}'s own seat" if figure["seat"] == claimer else \
        f"{figure['seat']}'s seat"
    said = f"{claimer}'s {noun}"
    if figure["fraction"] == "1/1":
        return f"{said} was certain to {can} from {seat}"
    if figure["fraction"] == "0/1":
        return f"{said} could not {can} from {seat}"
    n, d = figure["fraction"].split("/")
    return f"{said} {did} {n} time{'s' * (n != '1')} in {d} from {seat}"


def test_the_reveal_says_the_odds_and_the_replay_link_opens_the_game(phones, server):
    ann, ben, reader = phones
    code = create(ann, "dice", "ann", dice_each=1)
    join(ben, code, "ben")
    table = {"ann": ann, "ben": ben}
    tap(table, ann, "#play-start")
    link = f"{server.url}/#/replay/{code}/1"

    # before the end the link opens nothing of the game: the page says why
    reader.page.goto(link)
    status = reader.page.locator("#replay-status")
    expect(status).to_contain_text("still being played")
    expect(reader.page.locator("#replay-body")).to_be_hidden()

    face = truth(ann)["you"]["hand"][0]  # ann bids her own die: 1 of that face holds
    ann.page.locator("#play-quantity").fill("1")
    ann.page.locator("#play-face").select_option(str(face))
    tap(table, ann, "#play-bid")
    view = tap(table, ben, "#play-liar")
    odds = view["last_ruling"]["odds"]
    assert odds["caller"]["seat"] == "ben" and odds["claimer"]["fraction"] == "1/1"
    words = [in_words(odds["caller"], "ann"), in_words(odds["claimer"], "ann")]
    for phone in (ann, ben):  # the reveal, over the table
        said = phone.page.locator("#play-ruling-odds")
        expect(said).to_be_visible()
        expect(said).to_have_text(f"The odds: {'; '.join(words)}.")
    ann.shot("replay-01-reveal-odds")
    assert view["phase"] == "over" and view["winner"] == "ann"  # ben's only die is gone

    # the game over: its replay link, for anyone
    dismiss(ben)
    replay = ben.page.locator("#play-replay-link")
    expect(replay).to_have_attribute("href", re.compile(rf"#/replay/{code}/1$"))
    reader.page.goto("about:blank")
    reader.page.goto(link)  # a phone with no seat at the table
    screen = reader.page.locator("#screen-replay")
    expect(screen).to_have_attribute("data-loaded", "true")
    expect(reader.page.locator("#replay-title")).to_have_text(
        f"Liar's Dice: table {code}, game 1")
    step = reader.page.locator("#replay-step")
    expect(step).to_contain_text(f"ann 1 {FACES[face]}")  # step 1: the bid
    expect(reader.page.locator("#replay-count")).to_have_text("Step 1 of 3")
    reader.page.locator("#replay-next").click()  # step 2: the call, its reveal, its odds
    expect(step).to_contain_text("ben called Liar!")
    expect(reader.page.locator("#replay-odds")).to_have_text(f"The odds: {'; '.join(words)}.")
    reader.shot("replay-02-step")
    assert_accessible(reader.page, "a game's replay, at a reveal")
    reader.page.locator("#replay-next").click()  # the end
    expect(step).to_contain_text("ann wins")
    expect(step.locator("svg[data-icon='trophy']")).to_be_visible()  # drawn, no emoji
    expect(reader.page.locator("#replay-next")).to_be_disabled()

    # the player's own link opens the same replay
    replay.click()
    expect(ben.page.locator("#screen-replay")).to_be_visible()
    expect(ben.page.locator("#replay-count")).to_have_text("Step 1 of 3")

    # the table's log downloads as JSON: every game the room keeps
    download = reader.page.locator("#replay-download")
    expect(download).to_have_attribute("download", f"liars-{code}.json")
    with reader.page.expect_download() as saved:
        download.click()
    log = json.loads(open(saved.value.path(), encoding="utf-8").read())
    assert log == server.get(f"/api/v1/rooms/{code}/games").json()
    assert [g["n"] for g in log["games"]] == [1] and log["games"][0]["winner"] == "ann"


def a_liar_liar_ruling(seed: int = 3) -> dict:
    """A spectator's view of a Liar Liar table just after a call, played in this process."""
    rng = random.Random(seed)
    room, _ = Room.create("BCDFG", {"game": "liarliar", "name": "tv", "seat": False})
    for name in ("ann", "ben", "cy"):
        room.add_bot("tv", name, delay=0)
    room.watch("sam")
    room.start("tv", rng=rng)
    for _ in range(500):
        mover = room.view("tv")["to_move"]
        room.move(mover, room.decide(mover, rng), rng=rng)
        odds = (room.state.last_ruling or {}).get("odds")
        if odds:
            return room.view("sam")
    raise AssertionError("no call")


DRAW = """async (view) => {
  const { TableDisplay } = await import("./static/tabledisplay.js");
  const display = new TableDisplay();
  document.body.append(display.el);
  display.show(true);
  display.render(view);
  const said = display.el.querySelector("#tv-odds");
  const text = said ? said.textContent : null;
  display.el.remove();
  return text;
}"""


def test_the_display_says_the_odds_a_spectator_may_see(page, server):
    view = a_liar_liar_ruling()
    odds = view["last_ruling"]["odds"]
    assert odds["caller"] == {"seat": odds["caller"]["seat"], "private": True, "withheld": True}
    claimer = odds["claimer"]["seat"]
    knew = ("was certain to be true" if odds["claimer"]["fraction"] == "1/1"
            else "could not be true")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(server.url + "/#play")
    page.wait_for_selector("#screen-play[data-ready]")
    # the caller's own figure is theirs alone while their hand is in play: not on the screen
    assert page.evaluate(DRAW, view) == \
        f"The odds: {claimer}'s play {knew} from {claimer}'s own seat."
