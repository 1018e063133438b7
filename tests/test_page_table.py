"""The Table screens (api/static/table.js, games/letters/table.js, games/dice/table.js): a
whole game of Liars' Letters and of Liar's Dice played on the phone page at 360x640 against a live
``liars serve``.

Every move is ruled by the referee's replay (POST /api/v1/letters/replay, /dice/replay);
these tests play whole three-player games to a winner with a reload in the middle, an undo,
and an export then import, and save a screenshot of each step to

    test-artifacts/screenshots/table-*.png and dicetable-*.png     (git-ignored)

Browser tests wait with Playwright's auto-waiting ``expect``, never with fixed sleeps.
"""

from __future__ import annotations

import json

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from test_page import (  # noqa: E402,F401  (the phones; skips without chromium)
    contrast,
    dark_phone,
    phone,
)

expect = sync_api.expect


class Steps:
    """Screenshots numbered in the order they are taken: table-01-setup.png, ..."""

    def __init__(self, phone, prefix):
        self.phone, self.prefix, self.count = phone, prefix, 0

    def shot(self, name):
        self.count += 1
        self.phone.shot(f"{self.prefix}-{self.count:02d}-{name}")


def open_table(phone, screen):
    page = phone.open(f"/#{screen}")
    expect(page.locator(f"#screen-{screen}")).to_have_attribute("data-ready", "true")
    return page


def saved(page, key):
    return page.evaluate(f"JSON.parse(localStorage.getItem('liars.table.{key}'))")


def controls_are_labelled_and_thumb_sized(phone, screen):
    """Chromium's accessibility tree names every visible control; each is 48x48 px or more."""
    page = phone.page
    cdp = phone.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    controls = page.evaluate(f"""() => {{
        const els = [...document.querySelectorAll(
            "#screen-{screen} :is(input, select, textarea, button, a[href], summary)")]
            .filter((el) => el.checkVisibility({{visibilityProperty: true}}));
        window.__controls = els;
        return els.map((el) => {{
            const box = el.getBoundingClientRect();
            return {{html: el.outerHTML.slice(0, 80), width: box.width, height: box.height,
                     type: el.type, correct: el.getAttribute("autocorrect")}};
        }});
    }}""")
    assert controls
    for i, control in enumerate(controls):
        obj = cdp.send("Runtime.evaluate", {"expression": f"window.__controls[{i}]"})
        tree = cdp.send("Accessibility.getPartialAXTree",
                        {"objectId": obj["result"]["objectId"], "fetchRelatives": False})
        name = next((n.get("name", {}).get("value", "") for n in tree["nodes"]
                     if not n.get("ignored")), "")
        assert name.strip(), f"no accessible name for {control['html']}"
        assert control["width"] >= 48 and control["height"] >= 48, control
        if control["type"] == "text":
            assert control["correct"] == "off", control
    return len(controls)


# --- Liars' Letters ------------------------------------------------------------------------

def letters_status(page):
    """Every player's tile count as the screen shows it ('out' for a player out)."""
    return {li.get_attribute("data-player"): li.get_attribute("data-tiles")
            for li in page.locator("#tl-seats li").all()}


def declare(page, words, legal=True):
    page.fill("#tl-words", words)
    expect(page.locator("#tl-raise-check")).to_have_attribute("data-legal", str(legal).lower())
    moves = int(page.locator("#screen-table").get_attribute("data-moves"))
    page.get_by_role("button", name="Declare", exact=True).click()
    if legal:
        expect(page.locator("#screen-table")).to_have_attribute("data-moves", str(moves + 1))


def call(page, kind, tiles, held):
    page.get_by_role("button", name=kind, exact=True).click()
    expect(page.locator("#tl-call-form")).to_be_visible()
    page.fill("#tl-tiles", tiles)
    count = page.locator("#tl-tiles-count")
    expect(count).to_have_text(f"{sum(c.isalpha() for c in tiles)} of {held}")
    moves = int(page.locator("#screen-table").get_attribute("data-moves"))
    page.get_by_role("button", name="Rule the call").click()
    expect(page.locator("#screen-table")).to_have_attribute("data-moves", str(moves + 1))
    expect(page.locator("#tl-result")).to_be_visible()


def test_a_whole_letters_game_to_a_winner(phone, tmp_path):
    page = open_table(phone, "table")
    steps = Steps(phone, "table")
    assert page.locator(".tabs a[aria-current=page]").inner_text() == "Table"
    expect(page.locator("#tl-setup")).to_be_visible()
    steps.shot("setup")
    assert controls_are_labelled_and_thumb_sized(phone, "table") >= 6

    # Bad setup: the referee's own message, beside the field.
    page.fill("#tl-players", "ann")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#tl-players-error")).to_contain_text("takes 2 to 20 players, not 1")
    steps.shot("setup-one-player")

    page.fill("#tl-players", "ann\nben\ncy")
    page.select_option("#tl-tile_limit", "2")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#tl-to-move")).to_have_text("ann")
    expect(page.locator("#tl-direction")).to_have_text("↻ clockwise")
    expect(page.locator("#tl-declaration")).to_have_text("No declaration yet: ann opens.")
    assert letters_status(page) == {"ann": "1", "ben": "1", "cy": "1"}
    # Nothing to call on before the round's first declaration: no Bullshit, no Exact.
    expect(page.locator("#tl-bullshit")).to_be_hidden()
    expect(page.locator("#tl-exact")).to_be_hidden()
    steps.shot("started")
    assert controls_are_labelled_and_thumb_sized(phone, "table") >= 8

    # Round 1, clockwise.  A raise is checked as it is typed.
    declare(page, "it")
    expect(page.locator("#tl-to-move")).to_have_text("ben")
    expect(page.locator("#tl-bullshit")).to_be_visible()
    expect(page.locator("#tl-exact")).to_be_visible()
    page.fill("#tl-words", "a")
    expect(page.locator("#tl-raise-check")).to_contain_text("✗ shape (1) is lower than (2)")
    steps.shot("raise-not-legal")
    page.get_by_role("button", name="Declare", exact=True).click()   # the referee refuses too
    expect(page.locator("#tl-words-error")).to_contain_text("a raise must be strictly higher")
    # ... and its reason is said once, beside the field, not twice.
    expect(page.locator("#tl-raise-check")).to_be_hidden()
    assert saved(page, "letters")["events"] == [{"type": "declare", "player": "ann",
                                                 "words": "it"}]
    declare(page, "big")
    expect(page.locator("#tl-declaration")).to_contain_text("BIG")
    page.get_by_role("button", name="Bullshit", exact=True).click()
    page.fill("#tl-tiles", "bi")
    expect(page.locator("#tl-tiles-count")).to_have_text("2 of 3")
    expect(page.locator("#tl-tiles-count")).to_have_attribute("data-match", "false")
    page.get_by_role("button", name="Rule the call").click()
    expect(page.locator("#tl-tiles-error")).to_have_text(
        "2 tiles revealed, but the players hold 3")
    steps.shot("tile-count-wrong")
    page.get_by_role("button", name="Cancel").click()
    call(page, "Bullshit", "b i g", 3)
    result = page.locator("#tl-result")
    expect(result).to_have_attribute("data-decision", "rejected")
    expect(result).to_contain_text("Bullshit was wrong")
    expect(result).to_contain_text("BIG exists among BGI.")
    expect(page.locator("#tl-next")).to_have_text("Next: cy opens, ↺ counterclockwise.")
    assert letters_status(page) == {"ann": "1", "ben": "1", "cy": "2"}
    steps.shot("bullshit-ruled")

    # Round 2, counterclockwise: cy opens, ben is next.
    expect(page.locator("#tl-direction")).to_have_text("↺ counterclockwise")
    declare(page, "a")
    expect(page.locator("#tl-to-move")).to_have_text("ben")
    call(page, "Exact", "ABCD", 4)
    expect(result).to_contain_text("Exact was wrong")
    expect(result).to_contain_text("Highest possible: CAB, D (3, 1)")
    assert letters_status(page) == {"ann": "1", "ben": "2", "cy": "2"}
    steps.shot("exact-ruled")

    # The game survives a reload (and a closed tab: it is in localStorage).
    page.reload()
    expect(page.locator("#screen-table")).to_have_attribute("data-ready", "true")
    expect(page.locator("#tl-to-move")).to_have_text("ben")
    expect(page.locator("#tl-direction")).to_have_text("↻ clockwise")
    assert letters_status(page) == {"ann": "1", "ben": "2", "cy": "2"}
    steps.shot("after-reload")

    # Round 3, clockwise: a mistaken move, undone.
    declare(page, "qi")
    declare(page, "zax")                  # cy meant to call
    expect(page.locator("#tl-to-move")).to_have_text("ann")
    steps.shot("mistake")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#screen-table")).to_have_attribute("data-moves", "6")
    expect(page.locator("#tl-to-move")).to_have_text("cy")
    expect(page.locator("#tl-declaration")).to_contain_text("QI")
    steps.shot("undone")

    # Export, start another game, then import the export: the game is back.
    with page.expect_download() as download:
        page.get_by_role("button", name="Export").click()
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    game = json.loads(exported.read_text())
    assert game == saved(page, "letters")
    assert game["players"] == ["ann", "ben", "cy"] and len(game["events"]) == 6
    assert game["rules"]["tile_limit"] == 2
    page.get_by_role("button", name="New game").click()
    expect(page.locator("#tl-players")).to_have_value("ann\nben\ncy")
    page.fill("#tl-players", "xavier\nyolanda")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#tl-to-move")).to_have_text("xavier")
    page.set_input_files("#tl-import-file", str(exported))
    expect(page.locator("#tl-to-move")).to_have_text("cy")
    expect(page.locator("#screen-table")).to_have_attribute("data-moves", "6")
    assert letters_status(page) == {"ann": "1", "ben": "2", "cy": "2"}
    steps.shot("imported")

    # cy calls: QI does not exist, ben would hold 3 > 2 and is out.
    call(page, "Bullshit", "ABCDE", 5)
    expect(result).to_contain_text("Bullshit was right")
    expect(result).to_contain_text("ben is out.")
    expect(page.locator("#tl-next")).to_have_text("Next: cy opens, ↺ counterclockwise.")
    assert letters_status(page) == {"ann": "1", "ben": "out", "cy": "2"}
    steps.shot("ben-out")

    # Round 4, counterclockwise, ben is skipped; round 5 ends it.
    declare(page, "ab")
    expect(page.locator("#tl-to-move")).to_have_text("ann")
    call(page, "Exact", "ABZ", 3)         # 'ab' leaves Z unused: not the highest
    assert letters_status(page) == {"ann": "2", "ben": "out", "cy": "2"}
    expect(page.locator("#tl-to-move")).to_have_text("ann")
    declare(page, "qi")
    call(page, "Bullshit", "ABCD", 4)
    expect(page.locator("#tl-winner")).to_have_text("cy wins")
    expect(result).to_contain_text("cy wins the game.")
    assert letters_status(page) == {"ann": "out", "ben": "out", "cy": "2"}
    expect(page.locator("#tl-declare-form")).to_be_hidden()
    # Game over: no round to play, and each player's place (ben went out first: 3rd).
    expect(page.locator("#tl-round")).to_have_count(0)
    expect(page.locator("#tl-declaration")).to_have_text("Game over after 5 rounds.")
    expect(page.locator("#tl-seats .seat-count")).to_have_text(
        ["out · 2nd place", "out · 3rd place", "winner · 2 tiles"])
    page.locator("#tl-history summary").click()
    expect(page.locator("#tl-history li")).to_have_count(5)
    steps.shot("winner")

    # The winner survives a reload too; undo goes back into the game.
    page.reload()
    expect(page.locator("#tl-winner")).to_have_text("cy wins")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#tl-to-move")).to_have_text("cy")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#tl-to-move")).to_have_text("ann")
    expect(page.locator("#screen-table")).to_have_attribute("data-moves", "9")


def test_the_table_rules_an_exact_the_referee_cannot_decide(phone, server):
    """The server's budget is cut to nothing on the way, so the referee cannot prove that
    'sunnah, w, z' is the highest of NSZAUNHW; the table decides, and the replay says so."""
    page = open_table(phone, "table")

    def no_time(route):
        body = json.loads(route.request.post_data)
        body["rules"] = {**body.get("rules", {}), "budget": 1e-9}
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/v1/letters/replay", no_time)
    page.fill("#tl-players", "\n".join(f"p{i}" for i in range(1, 9)))
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#tl-to-move")).to_have_text("p1")
    declare(page, "sunnah, w, z")
    page.get_by_role("button", name="Exact", exact=True).click()
    page.fill("#tl-tiles", "NSZAUNHW")
    page.get_by_role("button", name="Rule the call").click()
    panel = page.locator("#tl-undecided")
    expect(panel).to_contain_text("The referee cannot decide")
    expect(panel).to_contain_text("'exact' on 'sunnah, w, z' is undecided")
    expect(page.locator("#screen-table")).to_have_attribute("data-moves", "1")
    phone.shot("table-undecided")
    page.get_by_role("button", name="Right: upheld").click()
    result = page.locator("#tl-result")
    expect(result).to_have_attribute("data-by", "table")
    expect(result).to_contain_text("Exact was right (the table's ruling)")
    expect(page.locator("#tl-seats li[data-player=p1]")).to_have_attribute("data-tiles", "0")
    expect(page.locator("#tl-seats li[data-player=p2]")).to_have_attribute("data-tiles", "0")
    assert saved(page, "letters")["events"][-1]["ruling"] == "upheld"
    phone.shot("table-ruled-by-the-table")


def test_a_game_goes_on_when_the_server_goes_away(phone):
    """Under `liars serve` the referee replays each move; when the server goes away (every
    request to it fails, as to a stopped server), each move is replayed on the phone to the
    same state, and the game goes on to its end, a reload included."""
    page = open_table(phone, "table")
    page.fill("#tl-players", "ann\nben")
    page.select_option("#tl-tile_limit", "2")
    page.get_by_role("button", name="Start the game").click()
    declare(page, "qi")
    call(page, "Bullshit", "AB", 2)                  # by the server: QI is not there
    expect(page.locator("#tl-result")).to_contain_text("Bullshit was right")
    expect(page.locator("#tl-answered-by")).to_have_text("Answered by the server")
    ruled_by_server = page.locator("#tl-status").text_content()
    assert letters_status(page) == {"ann": "2", "ben": "1"}

    gone: list[str] = []

    def server_gone(route):
        gone.append(route.request.url)
        route.abort("connectionrefused")

    page.route("**/api/v1/**", server_gone)
    page.reload()                                     # replayed on the phone: the same state
    expect(page.locator("#screen-table")).to_have_attribute("data-moves", "2")
    expect(page.locator("#tl-status")).to_have_text(ruled_by_server)
    declare(page, "it")                               # ben opens round 2
    expect(page.locator("#tl-answered-by")).to_have_text("Answered on this phone")
    page.fill("#tl-words", "a")
    expect(page.locator("#tl-raise-check")).to_contain_text("lower than (2)")
    page.fill("#tl-words", "")
    call(page, "Exact", "ABC", 3)                     # no IT: ann, wrong, would hold 3: out
    expect(page.locator("#tl-winner")).to_have_text("ben wins")
    assert letters_status(page) == {"ann": "out", "ben": "1"}
    assert any(url.endswith("/letters/replay") for url in gone)
    phone.shot("table-server-gone")


# --- Liar's Dice ---------------------------------------------------------------------------

def dice_status(page):
    return {li.get_attribute("data-player"): li.get_attribute("data-dice")
            for li in page.locator("#td-seats li").all()}


def bid(page, claim, legal=True):
    page.fill("#td-bid", claim)
    expect(page.locator("#td-bid-check")).to_have_attribute("data-legal", str(legal).lower())
    if legal:
        moves = int(page.locator("#screen-dicetable").get_attribute("data-moves"))
        page.get_by_role("button", name="Bid", exact=True).click()
        expect(page.locator("#screen-dicetable")).to_have_attribute("data-moves", str(moves + 1))


def liar(page, dice: dict):
    page.get_by_role("button", name="Liar!").click()
    for player, faces in dice.items():
        page.get_by_label(f"{player}'s dice").fill(faces)
    moves = int(page.locator("#screen-dicetable").get_attribute("data-moves"))
    page.get_by_role("button", name="Rule the call").click()
    expect(page.locator("#screen-dicetable")).to_have_attribute("data-moves", str(moves + 1))


def test_a_whole_dice_game_to_a_winner(phone, tmp_path):
    page = open_table(phone, "dicetable")
    steps = Steps(phone, "dicetable")
    assert page.locator(".tabs a[aria-current=page]").inner_text() == "Table"
    page.fill("#td-players", "ann\nben\ncy")
    page.select_option("#td-dice_each", "2")
    page.select_option("#td-wild", "1")
    steps.shot("setup")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#td-to-move")).to_have_text("ann")
    assert dice_status(page) == {"ann": "2", "ben": "2", "cy": "2"}
    expect(page.locator("#screen-dicetable")).to_contain_text("6 dice in play (1s wild)")
    expect(page.locator("#td-liar")).to_be_hidden()   # nobody has bid: no "Liar!" yet
    steps.shot("started")
    assert controls_are_labelled_and_thumb_sized(phone, "dicetable") >= 6

    bid(page, "2 sixes")
    expect(page.locator("#td-liar")).to_be_visible()
    bid(page, "7 sixes", legal=False)                 # more than the dice in play
    expect(page.locator("#td-bid-check")).to_contain_text("only 6 dice are in play")
    bid(page, "1 six", legal=False)                   # not a raise under seed rules
    expect(page.locator("#td-bid-check")).to_contain_text("does not raise 2 sixes")
    steps.shot("bid-not-a-raise")
    bid(page, "3 sixes")
    expect(page.locator("#td-to-move")).to_have_text("cy")
    page.get_by_role("button", name="Liar!").click()
    page.get_by_label("ann's dice").fill("6 1")
    page.get_by_label("ben's dice").fill("2")       # ben holds two
    page.get_by_label("cy's dice").fill("34")
    page.get_by_role("button", name="Rule the call").click()
    expect(page.locator("#td-dice-1-error")).to_contain_text("ben holds 2 dice, but 1 were")
    steps.shot("reveal-wrong-count")
    page.get_by_label("ben's dice").fill("25")
    page.get_by_role("button", name="Rule the call").click()
    result = page.locator("#td-result")
    expect(result).to_contain_text("The bid does not hold")   # 6 and a wild 1: two
    expect(result).to_contain_text("2 counted.")
    assert dice_status(page) == {"ann": "2", "ben": "1", "cy": "2"}
    expect(page.locator("#td-next")).to_have_text("Next: ben opens.")
    steps.shot("liar-ruled")

    page.reload()
    expect(page.locator("#screen-dicetable")).to_have_attribute("data-ready", "true")
    expect(page.locator("#td-to-move")).to_have_text("ben")
    assert dice_status(page) == {"ann": "2", "ben": "1", "cy": "2"}
    steps.shot("after-reload")

    bid(page, "1 five")
    liar(page, {"ann": "22", "ben": "3", "cy": "44"})    # no five, no wild: ben loses
    assert dice_status(page) == {"ann": "2", "ben": "out", "cy": "2"}
    expect(result).to_contain_text("loses a die: out")
    expect(page.locator("#td-to-move")).to_have_text("cy")   # the next player with dice
    bid(page, "2 threes")
    steps.shot("mistake")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#td-declaration")).to_have_text("No bid yet: cy opens.")
    steps.shot("undone")

    with page.expect_download() as download:
        page.get_by_role("button", name="Export").click()
    exported = tmp_path / "dice.json"
    download.value.save_as(exported)
    game = json.loads(exported.read_text())
    assert game == saved(page, "dice") and len(game["events"]) == 5
    assert game["rules"] == {"dice_each": 2, "faces": 6, "wild": [1], "bid_order": "seed"}
    page.evaluate("localStorage.clear()")
    page.reload()
    expect(page.locator("#td-setup")).to_be_visible()
    page.set_input_files("#td-import-file", str(exported))
    expect(page.locator("#td-to-move")).to_have_text("cy")
    assert dice_status(page) == {"ann": "2", "ben": "out", "cy": "2"}
    steps.shot("imported")

    bid(page, "2 threes")
    liar(page, {"ann": "3 3", "cy": "5 6"})           # two threes: ann (the caller) loses
    assert dice_status(page) == {"ann": "1", "ben": "out", "cy": "2"}
    bid(page, "1 two")
    liar(page, {"ann": "4", "cy": "5 6"})             # no two: ann bid it and is out
    expect(page.locator("#td-winner")).to_have_text("cy wins")
    expect(result).to_contain_text("cy wins the game.")
    assert dice_status(page) == {"ann": "out", "ben": "out", "cy": "2"}
    expect(page.locator("#td-declaration")).to_have_text("Game over after 4 rounds.")
    expect(page.locator("#td-seats .seat-count")).to_have_text(
        ["out · 2nd place", "out · 3rd place", "winner · 2 dice"])
    page.locator("#td-history summary").click()
    expect(page.locator("#td-history li")).to_have_count(4)
    steps.shot("winner")


def test_a_game_that_cannot_be_imported_says_why(phone, tmp_path):
    page = open_table(phone, "table")
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": ["ann", "ben"], "events": [{"type": "declare", '
                   '"player": "ben", "words": "a"}]}')
    page.set_input_files("#tl-import-file", str(bad))
    message = page.locator("#tl-message")
    expect(message).to_contain_text("move 1 was refused (it is ann's turn, not ben's)")
    expect(page.locator("#tl-to-move")).to_have_text("ann")       # the legal part, kept
    notjson = tmp_path / "notes.txt"
    notjson.write_text("ann ben")
    page.set_input_files("#tl-import-file", str(notjson))
    expect(message).to_have_text("notes.txt is not a game saved as JSON.")
    unreadable = tmp_path / "tiles.json"
    unreadable.write_text(json.dumps({"players": ["ann", "ben"], "events": [
        {"type": "declare", "player": "ann", "words": "a"},
        {"type": "call", "player": "ben", "call": "bullshit", "tiles": "A7"}]}))
    page.set_input_files("#tl-import-file", str(unreadable))
    expect(message).to_contain_text("tiles.json cannot be replayed: '7' is not a letter tile")
    phone.shot("table-import-refused")


def test_dark_mode_table_is_readable(dark_phone):
    page = dark_phone.open("/#games")
    page.locator(".menu a[href='#dicetable']").click()
    expect(page.locator("#screen-dicetable")).to_have_attribute("data-ready", "true")
    page.get_by_role("link", name="Liars' Letters").click()
    expect(page.locator("#screen-table")).to_have_attribute("data-ready", "true")
    page.fill("#tl-players", "ann\nben")
    page.get_by_role("button", name="Start the game").click()
    declare(page, "qi")
    call(page, "Bullshit", "AB", 2)
    expect(page.locator("#tl-result")).to_contain_text("Bullshit was right")
    for selector in ("#tl-to-move", "#tl-seats li", "#tl-result h3", "#tl-next"):
        assert contrast(page, selector) >= 4.5, selector
    dark_phone.shot("table-game")
