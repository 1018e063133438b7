"""The Play screen (api/static/play.js): one table played on three phones.

Each phone is a browser context of its own at 360x640 (one in dark mode) against the
session's live ``liars serve``.  The phones create and join a room, start it, and play
whole games of Liar's Dice and Liars' Letters, the server dealing; one phone reloads in the
middle with its event stream blocked, so it sits back down in its seat and follows the
game by polling.  Every step is checked against the server's own view of the same seat
(GET /api/v1/rooms/CODE with that phone's token): every phone shows the room's latest
version, its own hand, whose turn it is, the ruling and who gains or loses.  A player's name
is HTML and is shown as text.  Screenshots go to test-artifacts/screenshots/play-*.png.

Browser tests wait with Playwright's auto-waiting ``expect``, never with fixed sleeps.
"""

from __future__ import annotations

import re

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from test_page import Phone, contrast  # noqa: E402  (skips without chromium)

expect = sync_api.expect
HOSTILE = "<img src=x onerror=alert(1)>"
SEAT = "JSON.parse(localStorage.getItem('liars.play.seat'))"


@pytest.fixture(scope="module")
def phones(browser, server):
    """Three phones (the third in dark mode); any alert() a page opens is recorded."""
    devices = [Phone(browser, server), Phone(browser, server),
               Phone(browser, server, color_scheme="dark")]
    for device in devices:
        device.alerts = []
        device.page.on("dialog", lambda dialog, d=device: (d.alerts.append(dialog.message),
                                                           dialog.dismiss()))
    yield devices
    for device in devices:
        assert device.alerts == []
        device.close()


@pytest.fixture(autouse=True)
def no_script_error(phones):
    """Each test leaves no script error and no alert on any phone."""
    yield
    for phone in phones:
        assert phone.errors == [] and phone.alerts == []


def open_play(phone, path="/#play"):
    page = phone.page
    page.goto("about:blank")
    page.goto(phone.server.url + path)
    page.wait_for_selector("html[data-ready]")
    expect(page.locator("#screen-play")).to_have_attribute("data-ready", "true")
    return page


def fresh(phone, path="/#play"):
    """The Play screen with no seat kept on this phone."""
    page = open_play(phone)
    page.evaluate("localStorage.clear()")
    return open_play(phone, path)


def create(phone, game, name, deal="server", **rules):
    page = fresh(phone)
    expect(page.locator("#play-start-view")).to_be_visible()
    page.locator(f"#play-game-{game}").check()
    page.locator(f"#play-deal-{deal}").check()
    page.locator("#play-new-name").fill(name)
    if rules:
        page.locator("#play-new-rules summary").click()
        for key, value in rules.items():
            page.locator(f"#play-new-{key.replace('_', '-')}").select_option(str(value))
    page.locator("#play-create").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    return page.locator("#play-code").inner_text()


def join(phone, code, name, path="/#play"):
    page = fresh(phone, path)
    if page.locator("#play-join-code").input_value() != code:
        page.locator("#play-join-code").fill(code)
    page.locator("#play-join-name").fill(name)
    page.locator("#play-join").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")


def truth(phone):
    """The server's view for this phone's seat (the token the page keeps)."""
    seat = phone.page.evaluate(SEAT)
    answer = phone.server.session.get(f"{phone.server.url}/api/v1/rooms/{seat['code']}",
                                      headers={"Authorization": f"Bearer {seat['token']}"})
    assert answer.status_code == 200, answer.text
    return answer.json()


def shows_at_least(phone, version):
    """Wait until ``phone`` shows the room at ``version`` or later."""
    phone.page.wait_for_function(
        "v => Number(document.querySelector('#screen-play').dataset.version) >= v", arg=version)


def in_step(table, version):
    """Every phone shows the room at ``version`` or later (each got the change live)."""
    for phone in table.values():
        shows_at_least(phone, version)


def tap(table, phone, selector):
    """Tap ``selector`` on ``phone``: the room's view once the move is shown on that phone
    (its answer) and on every other (live).  The phone first shows the room as it is (a
    player who just joined may not have reached it yet); then the tap's own answer says the
    version its move made (a phone opening its stream changes the room too, at any time)."""
    shows_at_least(phone, truth(phone)["version"])
    dismiss(phone)
    button = phone.page.locator(selector)
    call = button.get_attribute("data-call")
    with phone.page.expect_response(lambda r: r.request.method == "POST"
                                    and "/api/v1/rooms/" in r.url
                                    and not told_seen(r)) as answer:
        button.click()
        if call:  # a call is deliberate: its button asks, the confirmation sends it
            expect(phone.page.locator("#play-confirm-bar")).to_be_visible()
            phone.page.locator("#play-confirm").click()
    moved = answer.value.json()
    shows_at_least(phone, moved.get("room", moved)["version"])
    view = truth(phone)
    in_step(table, view["version"])
    return view


def told_seen(response) -> bool:
    """Is ``response`` the answer to a Continue's ``seen`` (sent as the reveal closes, it
    may come after the next tap's move is sent: not that move's answer)?"""
    body = response.request.post_data_json if response.request.post_data else None
    return isinstance(body, dict) and body.get("type") == "seen"


def dismiss(phone):
    """Close the reveal on ``phone`` if it shows one over the table (Continue).  A ruling
    that comes in as Continue is tapped takes the tap's place (Continue waits a moment for
    a new reveal, so that no tap meant for the last one dismisses it): tap again then."""
    layer = phone.page.locator("#play-ruling-layer")
    for _ in range(5):
        if not layer.is_visible():
            return
        phone.page.locator("#play-dismiss").click()
        try:
            expect(layer).to_be_hidden(timeout=3000)
            return
        except AssertionError:
            continue  # a newer reveal came: it is dismissed in its turn
    expect(layer).to_be_hidden()


def shows_own_hand(phone, count_key):
    view = truth(phone)
    me = next(p for p in view["players"] if p["name"] == view["you"]["name"])
    hand = phone.page.locator("#play-hand-list li")
    if me["out"] or view["phase"] == "over":
        expect(phone.page.locator("#play-hand")).to_be_hidden()
    else:
        expect(hand).to_have_text([str(x) for x in view["you"]["hand"]])
        assert len(view["you"]["hand"]) == me[count_key]
    return view


def shows_the_ruling(table, view):
    ruling = view["last_ruling"]
    for phone in table.values():
        box = phone.page.locator("#play-ruling")
        expect(box).to_be_visible()
        for name, hand in ruling["revealed"].items():
            shown = hand if isinstance(hand, str) else " ".join(map(str, hand))
            expect(box.locator(f"#play-revealed li[data-player='{css(name)}'] span").nth(1)
                   ).to_have_text(shown)
        for name, delta in ruling["changes"].items():
            expect(box.locator(f"#play-changes li[data-player='{css(name)}']")).to_contain_text(
                re.compile("gains a tile" if delta > 0 else "loses a (tile|die)"))


def css(name):
    return name.replace("\\", "\\\\").replace("'", "\\'")


def qr_finders(page):
    """The QR code drawn is one: a light border of 4 modules, a size of 17 + 4 * version,
    and the three finder patterns (7x7: dark ring, light ring, dark 3x3) in its corners."""
    return page.evaluate("""() => {
        const canvas = document.querySelector("#play-qr canvas");
        const n = Number(canvas.dataset.modules), scale = canvas.width / n;
        const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.width);
        const dark = (x, y) => pixels.data[4 * ((y * scale + scale / 2) * canvas.width +
                                               x * scale + scale / 2)] < 128;
        const core = n - 8;
        if ((core - 17) % 4 !== 0) return ["size " + n];
        for (let i = 0; i < n; i++) {
            if ([0, 3, n - 4, n - 1].some((b) => dark(i, b) || dark(b, i))) return ["border"];
        }
        return [[4, 4], [n - 11, 4], [4, n - 11]].map(([x0, y0]) => {
            for (let y = 0; y < 7; y++) for (let x = 0; x < 7; x++) {
                const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
                if (dark(x0 + x, y0 + y) !== (ring !== 2)) return "bad at " + [x, y];
            }
            return "ok";
        });
    }""")


def test_liars_dice_on_three_phones_to_a_winner(phones):
    ann, ben, cy = phones
    code = create(ann, "dice", "ann", dice_each=1)
    host = ann.page
    assert re.fullmatch(r"[BCDFGHJKLMNPQRSTVWXZ]{5}", code)
    link = host.locator("#play-link")
    expect(link).to_have_attribute("href", re.compile(rf"\?room={code}#play$"))
    expect(host.locator("#play-qr canvas")).to_have_attribute("data-modules", re.compile(r"^\d+$"))
    assert qr_finders(host) == ["ok", "ok", "ok"]
    expect(host.locator("#play-start")).to_be_disabled()
    expect(host.locator("#play-start-why")).to_contain_text("at least one more player")
    ann.shot("play-01-lobby")

    # ben follows the link (the code is filled in); cy types it, spaced and in lower case.
    join(ben, code, "ben", path=f"/?room={code}#play")
    expect(ben.page).to_have_url(re.compile(r"/#play$"))  # the link has done its work
    join(cy, " ".join(code.lower()), HOSTILE)
    seats = host.locator("#play-lobby-seats li .seat-name")
    expect(seats).to_have_text(["ann", "ben", HOSTILE])  # the name is text, not markup
    for phone in phones:
        assert phone.page.locator("#screen-play img").count() == 0
    expect(ben.page.locator("#play-start")).to_have_count(0)  # only the host starts
    expect(ben.page.locator("#play-start-why")).to_have_text("Waiting for ann to start the game.")
    fair = truth(ann)["fairness"]  # each phone sent a seed of its own; the deal is sealed
    assert re.fullmatch(r"[0-9a-f]{32}\|[0-9a-f]{32}\|[0-9a-f]{32}", fair["client_seed"])
    for phone in phones:
        expect(phone.page.locator("#play-lobby-fair")).to_have_text(
            f"Deal sealed before it was dealt: {fair['commit'][:8]}")
    cy.page.route(LOG, tampered_log)  # cy's phone is handed a log whose seed was changed
    table = {"ann": ann, "ben": ben, HOSTILE: cy}
    view = tap(table, ann, "#play-start")
    for phone in phones:
        shows_own_hand(phone, "dice")
    page = cy.page  # the dark phone: the hand and the lines around it stay readable
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    assert contrast(page, "#play-hand-list li") >= 7
    assert contrast(page, "#play-line") >= 7
    assert contrast(page, "#play-seats .seat-name") >= 7
    cy.shot("play-02-playing")

    reloaded = False
    for _ in range(6):  # two rounds: each call puts a player with one die out
        view = truth(ann)
        in_step(table, view["version"])
        if view["phase"] == "over":
            break
        mover = table[view["to_move"]]
        for name, phone in table.items():
            turn = phone.page.locator("#play-turn")
            expect(turn).to_have_text("Your turn" if phone is mover else f"{view['to_move']}'s turn")
            if phone is not mover:
                expect(phone.page.locator("#play-bid-form")).to_be_hidden()
        page = mover.page
        expect(page.locator("#play-liar")).to_be_disabled()  # nothing bid yet
        expect(page.locator("#play-call-why")).to_contain_text("Nothing to call yet")
        in_play = sum(p["dice"] for p in view["players"] if not p["out"])
        page.locator("#play-quantity").fill(str(in_play + 1))
        expect(page.locator("#play-bid-check")).to_have_text(
            f"✗ {in_play + 1} twos: only {in_play} dice are in play")
        page.locator("#play-quantity").fill("1")
        expect(page.locator("#play-bid-check")).to_have_text("✓ 1 two: a legal bid")
        view = tap(table, mover, "#play-bid")
        for phone in phones:
            expect(phone.page.locator("#play-said li")).to_have_text([re.compile("1 two$")])
        caller = table[view["to_move"]]
        page = caller.page
        page.locator("#play-quantity").fill("1")  # 1 two again: not a raise
        expect(page.locator("#play-bid-check")).to_contain_text("✗ 1 two does not raise 1 two")
        expect(page.locator("#play-liar")).to_be_enabled()
        view = tap(table, caller, "#play-liar")
        ruling = view["last_ruling"]
        assert ruling["call"] == "liar" and list(ruling["changes"].values()) == [-1]
        shows_the_ruling(table, view)
        for phone in phones:
            expect(phone.page.locator("#play-ruling-title")).to_have_text(
                "The bid holds" if ruling["ruling"] == "holds" else "The bid fails")
            shows_own_hand(phone, "dice")
        ann.shot("play-03-ruling")
        if not reloaded and view["phase"] == "playing":
            # ben's phone reloads with its event stream blocked: the seat is kept, and the
            # game comes by polling the view every second.
            reloaded = True
            before = ben.page.evaluate(SEAT)
            ben.page.route(re.compile(r"/api/v1/rooms/[A-Z]+/events"), lambda r: r.abort())
            open_play(ben)
            expect(ben.page.locator("#screen-play")).to_have_attribute("data-you", "ben")
            expect(ben.page.locator("#screen-play")).to_have_attribute("data-live", "polling")
            assert ben.page.evaluate(SEAT) == before
            shows_own_hand(ben, "dice")
    assert reloaded and view["phase"] == "over" and view["winner"] in table
    for phone in phones:
        expect(phone.page.locator("#play-winner")).to_have_text(f"{view['winner']} wins")
        expect(phone.page.locator("#play-winner svg[data-icon='trophy']")).to_be_visible()
        expect(phone.page.locator("#play-actions form:visible")).to_have_count(0)
    for phone in (ann, ben):  # each phone dealt both rounds again from the seed shown
        expect(phone.page.locator("#play-fair")).to_have_attribute("data-verdict", "checked")
        expect(phone.page.locator("#play-fair .fair-verdict")).to_have_text(re.compile(
            r"^✓ Deal checked: the seed shown matches the one sealed before the deal, and 2 "
            r"deals dealt again from it match \(2 against the hands turned over, [12] against "
            r"your own\)\.$"))
        expect(phone.page.locator("#play-fair li[data-checked=true]")).to_have_count(2)
    expect(cy.page.locator("#play-fair")).to_have_attribute("data-verdict", "failed")
    expect(cy.page.locator("#play-fair .fair-verdict")).to_have_text(
        "✗ The deal does not check: the seed shown does not match the commitment made before "
        "the deal")
    cy.shot("play-04-over")
    cy.page.unroute(LOG)
    ben.page.unroute(re.compile(r"/api/v1/rooms/[A-Z]+/events"))


LOG = re.compile(r"/api/v1/rooms/[A-Z]+/log$")


def tampered_log(route):
    """The room's log with one hex digit of its last game's seed changed."""
    answer = route.fetch()
    log = answer.json()
    record = log["fairness"][-1]
    if record["server_seed"]:
        seed = record["server_seed"]
        record["server_seed"] = ("1" if seed[0] == "0" else "0") + seed[1:]
    route.fulfill(response=answer, json=log)


def test_liars_letters_on_three_phones_through_the_calls(phones):
    ann, ben, cy = phones
    code = create(ann, "letters", "ann", tile_limit=1)
    join(ben, code, "ben")
    join(cy, code, "cy")
    table = {"ann": ann, "ben": ben, "cy": cy}
    view = tap(table, ann, "#play-start")
    # Hide my tiles: the hand leaves the screen until shown again.
    page = ben.page
    shows_own_hand(ben, "tiles")
    page.locator("#play-hide").click()
    expect(page.locator("#play-hand-list")).to_have_count(0)
    expect(page.locator("#play-hand")).to_have_text("1 tile, hidden")
    expect(page.locator("#play-hide")).to_have_attribute("aria-pressed", "true")
    page.locator("#play-hide").click()
    shows_own_hand(ben, "tiles")

    calls = 0
    for _ in range(4):  # each call puts a player with one tile (the limit) out
        view = truth(ann)
        in_step(table, view["version"])
        if view["phase"] == "over":
            break
        mover = table[view["to_move"]]
        page = mover.page
        expect(page.locator("#play-bullshit")).to_be_disabled()
        expect(page.locator("#play-exact")).to_be_disabled()
        words = page.locator("#play-words")
        words.fill("qzx")
        expect(page.locator("#play-raise-check")).to_have_text("✗ not in the twl06 lexicon: QZX")
        words.fill("qi")
        expect(page.locator("#play-raise-check")).to_have_text(
            "✓ a first declaration may be any valid word set")
        view = tap(table, mover, "#play-declare")
        for phone in table.values():
            expect(phone.page.locator("#play-said li")).to_have_text([re.compile(r"QI \(2\)$")])
        caller = table[view["to_move"]]
        page = caller.page
        page.locator("#play-words").fill("za")
        expect(page.locator("#play-raise-check")).to_have_text(
            "✗ shape (2) is the same as (2): a raise must be strictly higher")
        view = tap(table, caller, "#play-bullshit")
        calls += 1
        ruling = view["last_ruling"]
        assert ruling["call"] == "bullshit" and sorted(ruling["changes"].values()) == [1]
        shows_the_ruling(table, view)
        for phone in table.values():
            expect(phone.page.locator("#play-ruling-title")).to_have_text(
                "Bullshit was right" if ruling["ruling"] == "upheld" else "Bullshit was wrong")
            shows_own_hand(phone, "tiles")
        gainer = next(iter(ruling["changes"]))
        expect(ann.page.locator(f"#play-changes li[data-player='{gainer}']")).to_have_text(
            f"{gainer}gains a tile: out")  # past the limit of one tile
        ann.shot(f"play-letters-0{calls}-ruling")
    assert calls == 2 and view["phase"] == "over"
    for phone in table.values():
        expect(phone.page.locator("#play-winner")).to_have_text(f"{view['winner']} wins")


def test_a_table_of_real_dice_reveals_on_each_phone(phones):
    ann, ben, _ = phones
    code = create(ann, "dice", "ann", deal="table", dice_each=2)
    join(ben, code, "ben")
    table = {"ann": ann, "ben": ben}
    tap(table, ann, "#play-start")
    expect(ann.page.locator("#play-hand")).to_contain_text("2 dice are in front of you")
    ann.page.locator("#play-quantity").fill("1")
    ann.page.locator("#play-face").select_option("2")
    tap(table, ann, "#play-bid")
    tap(table, ben, "#play-liar")
    for phone in table.values():
        expect(phone.page.locator("#screen-play")).to_have_attribute("data-phase", "reveal")
        expect(phone.page.locator("#play-turn")).to_have_text("ben called Liar!")
        expect(phone.page.locator("#play-reveal-form label")).to_have_text("Your dice (2)")
    ann.page.locator("#play-reveal").fill("7 6")
    ann.page.locator("#play-reveal-button").click()
    expect(ann.page.locator("#play-reveal-error")).to_have_text(
        "7 is not a die face from 1 to 6")
    ann.page.locator("#play-reveal").fill("66")
    ann.page.locator("#play-reveal-button").click()
    expect(ann.page.locator("#play-reveal-form")).to_be_hidden()
    expect(ben.page.locator("#play-turn")).to_have_text("ben called Liar!")
    expect(ben.page.locator(".table-turn .hint")).to_have_text("waiting for you")
    expect(ann.page.locator(".table-turn .hint")).to_have_text("waiting for ben")
    ben.page.locator("#play-reveal").fill("1 2")
    view = tap(table, ben, "#play-reveal-button")
    assert view["last_ruling"]["revealed"] == {"ann": [6, 6], "ben": [1, 2]}
    for phone in table.values():
        expect(phone.page.locator("#play-ruling-title")).to_have_text("The bid holds")
        expect(phone.page.locator("#play-changes li")).to_have_text(["benloses a die"])
    ann.shot("play-05-table-reveal")


def test_an_undecided_call_waits_for_the_hosts_ruling(phones):
    """The room's view, stubbed: an 'exact' the referee could not prove; the host rules."""
    phone = phones[0]
    page = fresh(phone)
    view = {"code": "BCDFG", "game": "letters", "deal": "server", "version": 9,
            "rules": {"lexicon": "twl06", "tile_set": "scrabble", "tile_limit": 4},
            "phase": "reveal", "round": 3, "direction": "clockwise", "to_move": None,
            "players": [{"name": "ann", "tiles": 2, "out": False, "host": True},
                        {"name": HOSTILE, "tiles": 3, "out": False, "host": False}],
            "you": {"name": "ann", "host": True, "hand": "AB"},
            "declarations": [{"player": HOSTILE, "words": ["bag"]}],
            "waiting_for": ["ann"], "call": {"by": "ann", "call": "exact"},
            "last_ruling": {"call": "exact", "by": "ann", "ruling": None, "changes": {},
                            "revealed": {"ann": "AB", HOSTILE: "GQZ"},
                            "reason": f"{HOSTILE}: not proven in time"},
            "winner": None}
    sent = []

    def answer(route):
        if route.request.method == "POST":
            sent.append(route.request.post_data_json)
            route.fulfill(json={**view, "version": 10, "phase": "playing", "call": None,
                                "to_move": "ann", "declarations": []})
        else:
            route.fulfill(json=view)

    page.route(re.compile(r"/api/v1/rooms/BCDFG/events"), lambda r: r.abort())
    page.route(re.compile(r"/api/v1/rooms/BCDFG(/moves)?$"), answer)
    page.evaluate("localStorage.setItem('liars.play.seat', JSON.stringify("
                  "{code: 'BCDFG', token: 't', name: 'ann'}))")
    page = open_play(phone)
    box = page.locator("#play-ruling")
    expect(box).to_have_attribute("data-ruling", "undecided")
    expect(page.locator("#play-ruling-title")).to_have_text("The referee cannot decide")
    expect(box.locator(".reason")).to_have_text(f"{HOSTILE}: not proven in time")
    assert page.locator("#screen-play img").count() == 0
    expect(page.locator("#play-reveal-form")).to_be_hidden()
    phone.shot("play-06-undecided")
    page.locator("#play-upheld").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-version", "10")
    assert sent == [{"type": "ruling", "ruling": "upheld"}]
    page.goto("about:blank")  # no poll of the stubbed room reaches the real server
    page.unroute(re.compile(r"/api/v1/rooms/BCDFG/events"))
    page.unroute(re.compile(r"/api/v1/rooms/BCDFG(/moves)?$"))


def test_the_host_removes_a_player_who_left(phones):
    ann, ben, cy = phones
    code = create(ann, "dice", "ann", dice_each=2)
    expect(ann.page.locator("#screen-play")).to_have_attribute("data-live", "events")
    page = fresh(cy)  # a code that is too short, then one no table has: said at the code
    page.locator("#play-join-code").fill("BCD")
    page.locator("#play-join-name").fill("cy")
    page.locator("#play-join").click()
    expect(page.locator("#play-join-code-error")).to_have_text(
        "a table code is 5 letters, like BCDFG")
    missing = "BCDFB" if code != "BCDFB" else "BCDFC"
    page.locator("#play-join-code").fill(missing)
    page.locator("#play-join").click()
    expect(page.locator("#play-join-code-error")).to_contain_text(f"no room '{missing}'")
    join(ben, code, "ben")
    join(cy, code, "cy")
    table = {"ann": ann, "ben": ben, "cy": cy}
    tap(table, ann, "#play-start")
    expect(ben.page.locator("#play-manage")).to_be_hidden()  # the host's alone
    ann.page.locator("#play-menu-button").click()  # the table's menu, over the table
    ann.page.locator("#play-manage summary").click()
    ann.page.locator("#play-manage [data-pick='cy']").click()  # pick, then confirm
    expect(ann.page.locator("#play-manage-take-off-ask")).to_have_text(
        "Take cy out of this game?")
    view = tap(table, ann, "#play-manage-take-off-yes")
    assert next(p for p in view["players"] if p["name"] == "cy")["out"]
    for phone in table.values():
        expect(phone.page.locator("#play-seats li[data-player='cy']")).to_have_class(
            re.compile(r"\bout\b"))
    expect(cy.page.locator("#play-hand")).to_be_hidden()
    expect(cy.page.locator("#play-you-out")).to_contain_text("You are out")
    shows_own_hand(ann, "dice")
    shows_own_hand(ben, "dice")
