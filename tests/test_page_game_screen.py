"""The game screen (api/static/play.js, playview.js, screens/): every game the rooms host,
played through the page at 360x640 in chromium, light and dark.

* At every step of a turn (the turn itself, a call's confirmation, the reveal) every action
  on the screen lies inside the viewport and is the element a thumb's tap reaches (nothing
  on top of it), and the page itself does not scroll: ``unreachable`` says what is not.
* axe-core finds no serious or critical violation on those screens (tests/axe.py).
* A call asks for a confirmation and is sent once; the reveal stays until Continue.
* Whole games of Liar Liar and Liar's Post on three phones, one reloading in the middle.
* Every seat count fits a phone (each game at its most seats, eight at most): names,
  counts and the claim to answer whole, every action in reach; a join link opens on Join.

Every step is checked against the server's own view of the phone's seat; the tests wait
with Playwright's auto-waiting ``expect`` and ``wait_for_function``, never for a fixed time.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

from rooms_http import V1, bearer, next_move, view_of  # noqa: E402
from test_page import Phone  # noqa: E402  (skips without chromium)
from test_page_a11y import assert_accessible  # noqa: E402
from test_page_play import (SEAT, create, dismiss, join, open_play,  # noqa: E402
                            shows_at_least, told_seen, truth)

from solver.rooms.room import Room  # noqa: E402

expect = sync_api.expect
MAX_STEPS = 400  # a whole game longer than this is a bug of the page or the test

# Every action a screen shows (and each card, tile or die of the hand), and where a thumb's
# tap would land: outside the viewport or under another element is a problem; so is a page
# that scrolls while a game is on.
UNREACHABLE = """() => {
  const problems = [];
  const root = document.scrollingElement;
  // (a game over gives the page back, places and all: only a game on is one screen)
  if (document.body.dataset.game === "on" && root.scrollHeight > innerHeight + 1) {
    problems.push(`the page scrolls: ${root.scrollHeight}px`);
  }
  const layer = [...document.querySelectorAll(".game-layer")].find((l) => !l.hidden);
  const scope = layer || document.querySelector("#play-board");
  const shown = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  const items = layer ? [] : [...document.querySelectorAll("#play-hand-list > li")];  // your hand, whole
  for (const el of [...scope.querySelectorAll("button, input, select, textarea, a[href], summary"), ...items]) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const name = `${el.tagName.toLowerCase()}#${el.id || ""}[${(el.textContent || el.name || "").trim().slice(0, 30)}]`;
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
      problems.push(`${name} outside the viewport: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const label = el.labels && el.labels[0];
    if (!hit || !(hit === el || el.contains(hit) || (label && label.contains(hit)))) {
      problems.push(`${name} is under ${hit ? hit.tagName.toLowerCase() + "#" + hit.id + "." + hit.className : "nothing"}`);
    }
  }
  return problems;
}"""


def unreachable(page) -> list[str]:
    return page.evaluate(UNREACHABLE)


def reachable(phone, where):
    """Every action in reach (else the screenshot shows why); each step of the per-game
    test is kept as a screenshot too (test-artifacts/screenshots/game-*.png)."""
    problems = unreachable(phone.page)
    slug = re.sub(r"[^a-z0-9]+", "-", where.lower()).strip("-")
    if problems:
        phone.shot(f"unreachable-{slug}")
    elif "step" not in where:
        phone.shot(f"game-{slug}")
    assert problems == [], f"{where} ({phone.scheme}): {problems}"


@pytest.fixture(scope="module")
def phones(browser, server):
    """Three phones: light, dark, light."""
    devices = [Phone(browser, server), Phone(browser, server, color_scheme="dark"),
               Phone(browser, server)]
    yield devices
    for device in devices:
        device.close()


@pytest.fixture(autouse=True)
def no_script_error(phones):
    yield
    for phone in phones:
        assert phone.errors == []


def moved_on(phone, version):
    """Wait until ``phone`` shows the room past ``version`` (the table moved on)."""
    phone.page.wait_for_function(
        "v => Number(document.querySelector('#screen-play').dataset.version) > v", arg=version)


def add_bot(page, count):
    page.locator("#play-bot-pace").select_option("0.5")
    page.locator("#play-add-bot").click()
    expect(page.locator("#play-lobby-seats li")).to_have_count(count)


def start(phone):
    phone.page.locator("#play-start").click()
    expect(phone.page.locator("#screen-play")).to_have_attribute("data-phase", "playing")


def on_screen(phone):
    """The phone shows the room as the server has it now; its view."""
    view = truth(phone)
    shows_at_least(phone, view["version"])
    return view


def send(phone, selector):
    """Tap ``selector`` and wait for the server's answer to the move it sends."""
    with phone.page.expect_response(lambda r: r.request.method == "POST"
                                    and "/api/v1/rooms/" in r.url
                                    and not told_seen(r)) as answer:
        phone.page.locator(selector).click()
    assert answer.value.status in (200, 201), answer.value.text()


def call(phone, selector, where, checks):
    """A deliberate call: the button asks, the bar confirms; checked, then sent once."""
    page = phone.page
    page.locator(selector).click()
    bar = page.locator("#play-confirm-bar")
    expect(bar).to_be_visible()
    expect(page.locator(selector)).to_be_hidden()  # the question replaces the calls
    if checks is not None:
        reachable(phone, f"{where}: the confirmation")
        if "confirm" not in checks:
            checks.add("confirm")
            assert_accessible(page, f"{where}: the confirmation ({phone.scheme})")
    send(phone, "#play-confirm")
    expect(bar).to_be_hidden()


# --- what a phone does on its turn, game by game (the opening move, or a call) -----------

def cards_of(view):
    return view["you"]["hand"]


def act_letters(phone, view, where, checks):
    if view["declarations"]:
        call(phone, "#play-bullshit", where, checks)
        return
    phone.page.locator("#play-words").fill("qi")
    expect(phone.page.locator("#play-raise-check")).to_have_attribute("data-legal", "true")
    if checks is not None:
        reachable(phone, f"{where}: a declaration typed")
    send(phone, "#play-declare")


def act_dice(phone, view, where, checks):
    if view["declarations"]:
        call(phone, "#play-liar", where, checks)
        return
    expect(phone.page.locator("#play-bid-check")).to_have_attribute("data-legal", "true")
    send(phone, "#play-bid")


def act_poker(phone, view, where, checks):
    if view["declarations"]:  # the call is "Liar!", as the reveal says it ("called Liar!")
        expect(phone.page.locator("#play-liar")).to_have_text("Liar!")
        call(phone, "#play-liar", where, checks)
        return
    phone.page.locator("#play-claim-hand").select_option("high card")
    phone.page.locator("#play-claim-rank-1").select_option("2")
    send(phone, "#play-claim")


def pick(page, index):
    button = page.locator("#play-hand-list button.card-pick").nth(index)
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def act_liarliar(phone, view, where, checks, cards=1, rank=None):
    page = phone.page
    if view["you"]["can_call"] and cards is None:
        call(phone, "#play-liar", where, checks)
        return
    if view["you"]["can_call"] and checks is not None and "called" not in checks:
        checks.add("called")
        call(phone, "#play-liar", where, checks)
        return
    hand = cards_of(view)
    count = min(cards or 1, len(hand), 3)
    for i in range(count):
        pick(page, i)
    if view["rank"] is None:
        wanted = rank or next((c[:-1] for c in hand if c != "joker"), "A")
        page.locator(f"#play-rank button[data-value='{wanted}']").click()
    expect(page.locator("#play-play")).to_be_enabled()
    if checks is not None:
        reachable(phone, f"{where}: cards picked")
    send(phone, "#play-play")


def act_post(phone, view, where, checks, to=None, kind=None, card=0, believe=True):
    page = phone.page
    if view["card"] is not None:  # a card came to this phone: call it
        call(phone, "#play-true" if believe else "#play-false", where, checks)
        return
    pick(page, card)
    target = to or view["you"]["targets"][0]
    page.locator(f"#play-to button[data-value='{target}']").click()
    page.locator(f"#play-kind button[data-value='{kind or 'A'}']").click()
    expect(page.locator("#play-send")).to_be_enabled()
    if checks is not None:
        reachable(phone, f"{where}: a card, a player and a kind picked")
    send(phone, "#play-send")


ACTS = {"letters": act_letters, "dice": act_dice, "poker": act_poker,
        "liarliar": act_liarliar, "post": act_post}
RULES = {"letters": {"tile_limit": 2}, "dice": {"dice_each": 2}}


@pytest.mark.parametrize("game", ["letters", "dice", "poker", "liarliar", "post"])
def test_every_action_of_a_turn_is_on_screen_and_accessible(phones, game):
    """Two phones (light and dark) and a computer player: each turn's screen, a call's
    confirmation and the reveal, each with every action in reach and no axe violation."""
    light, dark = phones[0], phones[1]
    code = create(light, game, "ann", **RULES.get(game, {}))
    add_bot(light.page, 2)
    join(dark, code, "ben")
    start(light)
    seen = {light.scheme: set(), dark.scheme: set()}
    ruled = set()
    for _ in range(60):
        view = on_screen(light)
        for phone in (light, dark):
            on_screen(phone)
            if phone.page.locator("#play-ruling-layer").is_visible():
                reachable(phone, f"{game}: the reveal")
                if "reveal" not in seen[phone.scheme]:
                    seen[phone.scheme].add("reveal")
                    assert_accessible(phone.page, f"{game}: the reveal ({phone.scheme})")
                ruled.add(phone.scheme)
                dismiss(phone)
        if len(ruled) == 2 and all("turn" in s for s in seen.values()) or view["phase"] == "over":
            break
        mover = {"ann": light, "ben": dark}.get(view["to_move"])
        if mover is None:  # the computer player's turn: it moves at its pace
            moved_on(light, view["version"])
            continue
        page = mover.page
        expect(page.locator("#play-turn")).to_have_text("Your turn")
        expect(page.locator("body")).to_have_attribute("data-game", "on")
        reachable(mover, f"{game}: the turn")
        if "turn" not in seen[mover.scheme]:
            seen[mover.scheme].add("turn")
            assert_accessible(page, f"{game}: the turn ({mover.scheme})")
            page.locator("#play-menu-button").click()  # the menu, over the table
            expect(page.locator("#play-menu")).to_be_visible()
            reachable(mover, f"{game}: the menu")
            assert_accessible(page, f"{game}: the menu ({mover.scheme})")
            page.locator("#play-menu-close").click()
            expect(page.locator("#play-menu")).to_be_hidden()
            page.locator("#play-history-button").click()  # the round so far, and before
            expect(page.locator("#play-history")).to_be_visible()
            reachable(mover, f"{game}: the history")
            assert_accessible(page, f"{game}: the history ({mover.scheme})")
            page.locator("#play-history-close").click()
            expect(page.locator("#play-history")).to_be_hidden()
        ACTS[game](mover, truth(mover), game, seen[mover.scheme])
    assert len(ruled) == 2, f"{game}: no ruling reached both phones"
    assert all("turn" in s for s in seen.values())


def test_the_reveal_stays_until_dismissed_and_a_call_is_sent_once(phones):
    """A call needs its confirmation; tapping Confirm twice sends one move; the reveal stays
    while the table moves on, until Continue; the referee's tabs are a tap away; Leave in
    the Menu (two taps) takes the player out of the game on the server, then forgets the
    seat."""
    light, dark = phones[0], phones[1]
    code = create(light, "dice", "ann", dice_each=2)
    join(dark, code, "ben")
    start(light)
    view = on_screen(light)
    first, second = (light, dark) if view["to_move"] == "ann" else (dark, light)
    expect(first.page.locator("#play-bid-check")).to_have_attribute("data-legal", "true")
    send(first, "#play-bid")
    view = on_screen(second)
    page = second.page
    expect(page.locator("#play-announce")).to_have_text("Your turn.")  # said, not only shown
    expect(first.page.locator("#play-announce")).to_have_text(f"{view['to_move']}'s turn.")
    page.locator("#play-liar").click()
    expect(page.locator("#play-confirm-text")).to_contain_text("Call Liar")
    page.locator("#play-cancel").click()  # changed their mind: nothing sent
    expect(page.locator("#play-liar")).to_be_visible()
    assert truth(second)["version"] == view["version"]
    page.locator("#play-liar").click()
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.locator("#play-confirm").dblclick()  # a double tap: one call
    expect(page.locator("#play-ruling-layer")).to_be_visible()
    assert len([u for u in posts if u.endswith("/moves")]) == 1
    after = truth(second)
    assert after["last_ruling"]["call"] == "liar" and after["reveal"]["n"] == 1
    for phone in (first, second):  # the ruling said on every phone, with its reason
        expect(phone.page.locator("#play-announce")).to_contain_text(
            after["last_ruling"]["reason"])
    # The next round opens (the other phone dismissed and moved): the reveal stays here.
    opener = {"ann": light, "ben": dark}[after["to_move"]]
    waiting = dark if opener is light else light
    dismiss(opener)
    expect(opener.page.locator("#play-bid-check")).to_have_attribute("data-legal", "true")
    send(opener, "#play-bid")
    shows_at_least(waiting, truth(waiting)["version"])
    expect(waiting.page.locator("#play-ruling-layer")).to_be_visible()
    expect(waiting.page.locator("#play-ruling-title")).to_have_text(
        re.compile("The bid (holds|fails)"))
    # The history holds the round before, with its ruling.
    with waiting.page.expect_response(lambda r: r.request.method == "POST"
                                      and r.url.endswith("/moves")):
        waiting.page.locator("#play-dismiss").click()  # Continue tells the table
    expect(waiting.page.locator("#play-ruling-layer")).to_be_hidden()
    assert truth(waiting)["you"]["name"] in truth(waiting)["reveal"]["seen"]
    waiting.page.locator("#play-history-button").click()
    expect(waiting.page.locator("#play-history .history-round[data-round='1']")).to_contain_text(
        re.compile("The bid (holds|fails)"))
    waiting.page.locator("#play-history-close").click()
    # The referee's screens are one tap away, and the table one tap back.
    waiting.page.locator("#play-menu-button").click()
    waiting.page.locator("#play-referee").click()
    expect(waiting.page.locator("nav.tabs")).to_be_visible()
    expect(waiting.page.locator("body")).not_to_have_attribute("data-game", "on")
    waiting.page.locator("#back-to-table").click()
    expect(waiting.page.locator("body")).to_have_attribute("data-game", "on")
    expect(waiting.page.locator("nav.tabs")).to_be_hidden()
    # Leaving from the menu takes a second tap: the player leaves the game on the server
    # first (out of it, their own `remove`), then the page is given back.
    me = truth(waiting)["you"]["name"]
    stays = light if waiting is dark else dark
    waiting.page.locator("#play-menu-button").click()
    leave = waiting.page.locator("#play-menu-leave")
    leave.click()
    expect(leave).to_have_text("Tap again: you leave this game and this phone forgets its seat")
    with waiting.page.expect_response(lambda r: r.url.endswith("/moves") and
                                      (r.request.post_data_json or {}).get("type") ==
                                      "remove") as answer:
        leave.click()
    assert answer.value.request.post_data_json == {"type": "remove", "player": me}
    assert answer.value.status == 200, answer.value.text()
    expect(waiting.page.locator("#play-start-view")).to_be_visible()
    left = next(p for p in truth(stays)["players"] if p["name"] == me)
    assert left["out"] and left["out_by"] == "left", left
    expect(stays.page.locator("#play-notice")).to_have_text(f"{me} left: {me} is out of this game")
    assert waiting.page.evaluate(SEAT) is None  # forgotten on this phone
    expect(waiting.page.locator("body")).not_to_have_attribute("data-game", "on")
    expect(waiting.page.locator("nav.tabs")).to_be_visible()


def play_out(table, act, reload_at, where, at_the_end=lambda phone, view: None):
    """Play the table's game to its end, each phone acting on its turn by ``act(phone,
    view, step)``; every phone dismisses each reveal (at the end, once ``at_the_end(phone,
    view)`` has looked at the last); one phone reloads at step ``reload_at``.  The last
    view."""
    phones = list(table.values())
    reloaded = False
    for step in range(MAX_STEPS):
        view = truth(phones[0])
        for phone in phones:
            shows_at_least(phone, view["version"])
            if view["phase"] == "over":
                at_the_end(phone, view)
            dismiss(phone)
        if view["phase"] == "over":
            return view
        if step >= reload_at and not reloaded:
            reloaded = True
            phone = phones[1]
            open_play(phone)  # the seat is kept: back at the table, the hand shown
            expect(phone.page.locator("#screen-play")).to_have_attribute("data-phase", "playing")
            mine = truth(phone)["you"]["hand"]
            expect(phone.page.locator("#play-hand-list li")).to_have_count(len(mine))
            continue
        mover = table[view["to_move"]]
        expect(mover.page.locator("#play-turn")).to_have_text("Your turn")
        reachable(mover, f"{where}, step {step}")
        act(mover, truth(mover), step)
    raise AssertionError(f"{where}: no end after {MAX_STEPS} moves")


def test_a_whole_liar_liar_game_on_three_phones(phones):
    """Three phones play Liar Liar to its places: plays of up to three cards, one call of
    "Liar!" (the reveal on every phone), four of a kind put down where one is held."""
    ann, ben, cy = phones
    code = create(ann, "liarliar", "ann")
    join(ben, code, "ben")
    join(cy, code, "cy")
    start(ann)
    table = {"ann": ann, "ben": ben, "cy": cy}
    done = {"liar": 0, "four": 0}

    def act(phone, view, step):
        hand = view["you"]["hand"]
        ranks = Counter(c[:-1] for c in hand if c != "joker")
        four = next((r for r, n in ranks.items() if n >= 4), None)
        if four and not done["four"]:
            done["four"] += 1
            send(phone, f"#play-discard-{four}")
            return
        if view["you"]["can_call"] and done["liar"] < 2 and step >= 2:
            done["liar"] += 1
            call(phone, "#play-liar", "liarliar", None)
            ruling = truth(phone)["last_ruling"]
            for other in table.values():
                shows_at_least(other, truth(other)["version"])
                expect(other.page.locator("#play-ruling-title")).to_have_text(
                    "The play was true" if ruling["ruling"] == "true" else "The play was a lie")
            return
        act_liarliar(phone, view, "liarliar", None, cards=3)

    view = play_out(table, act, 6, "Liar Liar")
    assert done["liar"] >= 1
    places = [p["name"] for p in view["places"]]
    for phone in phones:
        expect(phone.page.locator("#play-places li .seat-name")).to_have_text(places)


def cards_left(phone) -> dict:
    """Each player's cards in hand at the end of the game on ``phone``'s table, as its log
    replays (a view keeps no hand once the game is over)."""
    seat = phone.page.evaluate(SEAT)
    server = phone.server
    log = server.session.get(f"{server.url}{V1}/rooms/{seat['code']}/log",
                             headers=bearer(seat["token"]))
    assert log.status_code == 200, log.text
    replayed = server.session.post(f"{server.url}{V1}/post/replay", json=log.json())
    assert replayed.status_code == 200 and replayed.json()["ok"], replayed.text
    return replayed.json()["state"]["hands"]


def test_a_whole_liars_post_game_on_three_phones(phones):
    """Three phones play Liar's Post to its loser: cards sent with true claims and called,
    one looked at and passed on; the face-up cards gather on one player (the others pass
    them nothing else) until four of a kind, or an empty hand to send from, end the game,
    and the last reveal says so on every phone."""
    ann, ben, cy = phones
    code = create(ann, "post", "ann")
    join(ben, code, "ben")
    join(cy, code, "cy")
    start(ann)
    table = {"ann": ann, "ben": ben, "cy": cy}
    victim = truth(ann)["to_move"]  # every card taken goes face up in front of them
    others = [n for n in table if n != victim]
    done = {"looked": 0}

    def act(phone, view, step):
        me = view["you"]["name"]
        page = phone.page
        if view["card"] is None:  # sending: the victim sends its likeliest kind, truly
            hand = view["you"]["hand"]
            if me == victim:
                up = view["face_up"][victim]
                kinds = Counter(c[:-1] for c in hand)
                best = max(kinds, key=lambda k: (up.get(k, 0), kinds[k]))
                index = next(i for i, c in enumerate(hand) if c[:-1] == best)
                act_post(phone, view, "post", None, to=others[0], kind=best, card=index)
            else:
                up = view["face_up"][victim]
                kind = max(up, key=up.get) if up else hand[0][:-1]
                index = next((i for i, c in enumerate(hand) if c[:-1] == kind), 0)
                act_post(phone, view, "post", None, to=victim, kind=hand[index][:-1],
                         card=index)
            return
        if me != victim and not done["looked"] and view["you"]["can_look"]:
            done["looked"] += 1  # look, then pass it on with a true claim
            send(phone, "#play-look")
            looked = truth(phone)
            seen = looked["you"]["card_seen"]
            expect(page.locator("#play-card-seen")).to_contain_text(re.compile(r"\S"))
            target = looked["you"]["targets"][0]
            page.locator(f"#play-to button[data-value='{target}']").click()
            page.locator(f"#play-kind button[data-value='{seen[:-1]}']").click()
            reachable(phone, "post: passing a card looked at")
            send(phone, "#play-pass")
            return
        # Every claim in this test is true: the victim calls it false (wrong: it takes the
        # card), the others call it true (right: the victim who sent it takes it).
        call(phone, "#play-false" if me == victim else "#play-true", "post", None)

    def the_last_reveal(phone, view):  # it says that it ended the game, and how
        ruling = view["last_ruling"]
        kind = ruling["card"][:-1]
        up = view["face_up"][victim].get(kind, 0)
        expect(phone.page.locator("#play-ruling-ended")).to_have_text(
            f"That ends the game: {victim} has {up} {kind}s face up and loses."
            if up >= view["losing_count"] else f"That ends the game: {victim} loses.")

    view = play_out(table, act, 5, "Liar's Post", at_the_end=the_last_reveal)
    assert done["looked"] == 1
    loser = view["places"][-1]["name"]
    assert loser == victim
    # the victim lost by four of a kind face up, or (the deal spreading its kinds) by an
    # empty hand on its turn to send: every card it sent came back to it face up
    four = max(view["face_up"][victim].values()) >= view["losing_count"]
    assert four or cards_left(table[victim])[victim] == 0
    for phone in phones:
        expect(phone.page.locator("#play-places li").last).to_contain_text(victim)


def test_the_reveal_holds_its_seconds_and_the_computer_player_waits_for_it(browser):
    """On a server that holds the reveal 2 s: Continue opens only once the server's clock
    has passed the ruling's time and its hold, and the computer player to open the next
    round waits until this phone has dismissed it."""
    from api_server import LiveServer
    server = LiveServer("--reveal-seconds", "2")
    phone = Phone(browser, server)
    try:
        create(phone, "dice", "ann", dice_each=1)
        add_bot(phone.page, 2)
        start(phone)
        page = phone.page
        layer = page.locator("#play-ruling-layer")
        for _ in range(20):
            view = on_screen(phone)
            if view["last_ruling"]:
                break
            if view["to_move"] != "ann":
                moved_on(phone, view["version"])
                continue
            act_dice(phone, view, "hold", None)
        view = on_screen(phone)
        reveal = view["reveal"]
        assert reveal["hold"] == 2 and reveal["seen"] == [] and reveal["waiting"] == ["ann"]
        expect(layer).to_be_visible()
        button = page.locator("#play-dismiss")
        until = round((reveal["at"] + reveal["hold"]) * 1000)
        expect(button).to_have_attribute("data-until", str(until))
        disabled = button.is_disabled()
        if truth(phone)["now"] < until:  # read before the server's clock passed the hold
            assert disabled, "Continue was open before the reveal's hold had passed"
        expect(button).to_be_enabled()
        assert truth(phone)["now"] >= until  # opened by the server's clock, never before
        # The table waits for this phone: a computer player to open, still waiting on ann.
        waiting = truth(phone)
        if waiting["phase"] == "playing" and waiting["to_move"] != "ann":
            assert waiting["declarations"] == [] and waiting["reveal"]["waiting"] == ["ann"]
        with page.expect_response(lambda r: r.url.endswith("/moves")
                                  and r.request.method == "POST") as seen:
            button.click()  # the page hides the reveal at once; its seen lands after
        assert seen.value.ok
        expect(layer).to_be_hidden()
        after = truth(phone)
        assert after["reveal"]["seen"] == ["ann"] and after["reveal"]["waiting"] == []
        if after["phase"] == "playing" and after["to_move"] != "ann":
            expect(page.locator("#play-said li")).to_have_count(1)  # it opens once released
        assert phone.errors == []
    finally:
        phone.close()
        server.stop()


def test_your_clock_s_last_seconds_are_said(browser, server):
    """The clock is a timer (not read at each tick); your own clock's last 5 seconds are
    said in the live region.  The page's clock is Playwright's, moved on by hand: the
    server's clock is left alone."""
    phone = Phone(browser, server)
    try:
        page = phone.page
        page.clock.install()  # runs as time does until moved on
        create(phone, "dice", "ann", dice_each=2)
        page.locator("#play-clock-setting").select_option("10")
        add_bot(page, 2)
        start(phone)
        view = on_screen(phone)
        for _ in range(20):
            if view["to_move"] == "ann":
                break
            moved_on(phone, view["version"])
            view = on_screen(phone)
        assert view["to_move"] == "ann" and view["clock"] == 10
        expect(page.locator("#play-clock")).to_have_attribute("role", "timer")
        expect(page.locator("#play-announce")).to_contain_text("Your turn.")
        page.clock.fast_forward("00:06")
        expect(page.locator("#play-announce")).to_have_text("5 seconds left")
        expect(page.locator("#play-clock")).to_have_class(re.compile(r"\burgent\b"))
        assert phone.errors == []
    finally:
        phone.close()


def test_play_is_one_tap_from_the_first_screen_new_table_first(phones):
    """The plain address opens the Word judge; Play is one tap from it, with New table above
    Join (a phone holding a seat is offered "Back to your table" instead)."""
    phone = phones[2]
    page = phone.page
    page.goto("about:blank")
    page.goto(phone.server.url + "/")
    page.evaluate("localStorage.clear()")
    page.goto("about:blank")
    page.goto(phone.server.url + "/")
    expect(page.locator("#screen-judge")).to_be_visible()
    entry = page.locator("#play-entry")
    expect(entry).to_be_in_viewport()
    entry.click()
    expect(page.locator("#play-start-view")).to_be_visible()
    forms = page.locator("#play-start-view > form h3")
    expect(forms).to_have_text(["New table", "Join a table"])
    assert_accessible(page, "Play's first screen")


def test_a_join_link_opens_on_join_with_new_table_a_tap_away(phones):
    """The join link (the QR code's) opens the Play screen on Join: the table's code filled
    in, the name field and Join on the screen at 360x640 without scrolling (above the tab
    bar), New table folded away, one tap from there."""
    host, guest = phones[0], phones[2]
    code = create(host, "dice", "ann")
    link = host.page.locator("#play-link").get_attribute("href")
    assert link.endswith(f"?room={code}#play")
    page = guest.page
    open_play(guest)
    page.evaluate("localStorage.clear()")  # a phone with no seat scans the code
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("html[data-ready]")
    expect(page.locator("#play-join-code")).to_have_value(code)
    expect(page.locator("#play-new-form")).to_be_hidden()
    tabs = page.locator("nav.tabs").bounding_box()
    for part in ("#play-join-name", "#play-join", "#play-new-table"):
        expect(page.locator(part)).to_be_in_viewport(ratio=1)
        box = page.locator(part).bounding_box()
        assert box["y"] + box["height"] <= tabs["y"], f"{part} is under the tab bar"
    assert page.evaluate("scrollY") == 0
    guest.shot("play-join-link")
    assert_accessible(page, "Play opened by a join link")
    page.locator("#play-new-table").click()  # a new table instead: one tap
    expect(page.locator("#play-new-form")).to_be_visible()
    expect(page.locator("#play-new-form h3")).to_have_text("New table")
    expect(page.locator("#play-new-form h3")).to_be_in_viewport()
    page.locator("#play-join-name").fill("ben")  # or Join, as the link meant
    page.locator("#play-join").click()
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "lobby")
    expect(page.locator("#play-lobby-seats li")).to_have_count(2)


def test_the_host_takes_a_player_off_the_table_between_games(phones):
    """A game of the host and two computer players ends; the host takes one off the table
    (two taps) and the rematch seats the other two."""
    phone = phones[0]
    page = phone.page
    create(phone, "dice", "ann", dice_each=1)
    add_bot(page, 2)
    add_bot(page, 3)
    start(phone)
    for _ in range(40):
        view = on_screen(phone)
        dismiss(phone)
        if view["phase"] == "over":
            break
        if view["to_move"] == "ann":
            act_dice(phone, truth(phone), "leaving", None)
        else:
            moved_on(phone, view["version"])
    assert truth(phone)["phase"] == "over"
    dismiss(phone)
    page.locator("#play-leave-table summary").click()
    page.locator("#play-leave-table [data-pick='Computer 2']").click()  # pick, then confirm
    expect(page.locator("#play-leave-table-take-off-ask")).to_have_text(
        "Take Computer 2 off the table?")
    send(phone, "#play-leave-table-take-off-yes")
    expect(page.locator("#play-session li[data-player='Computer 2']")).to_be_visible()  # kept
    send(phone, "#play-rematch")
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "playing")
    expect(page.locator("#play-seats li")).to_have_count(2)
    assert [p["name"] for p in truth(phone)["players"]] == ["ann", "Computer 1"]


# --- every seat count fits a phone -------------------------------------------------------

# The seats of a full table beside the phone's own (Annabelle), a computer player's name and
# longer ones among them.
FULL_TABLE = ("Computer 2", "Ben", "Evangeline", "Dee", "Fay", "Gus", "Hamid")
# Every word the turn needs, whole: the table's lines, whose turn, each seat's name and
# count, the claims shown, each choice (a player to send to, a kind), the reveal's lines.
# Nothing cut by an ellipsis, an overflow or the screen's edge, nothing to swipe sideways.
CUT = """() => {
  const cut = [];
  const name = (el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className} ` +
    `"${el.textContent.trim().slice(0, 40)}"`;
  const parts = "#play-line, #play-table-line, #play-turn, #play-clock, #play-seats li, " +
    "#play-seats .seat-name, #play-seats .seat-count, #play-said li, .choice, " +
    "#play-ruling li, #play-ruling li > *, #play-ruling h3, #play-ruling p";
  for (const el of document.querySelectorAll(parts)) {
    if (!el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      cut.push(`${name(el)} is cut`);
    } else if (r.left < -0.5 || r.right > innerWidth + 0.5) {
      cut.push(`${name(el)} runs off the screen`);
    }
  }
  const said = document.querySelector("#play-said");  // the claims' box shows its last ones
  if (said && said.checkVisibility()) {
    const box = said.getBoundingClientRect();
    for (const li of said.querySelectorAll("li")) {
      const r = li.getBoundingClientRect();
      if (li.checkVisibility() && (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)) {
        cut.push(`${name(li)} is cut by the claims' box`);
      }
    }
  }
  const seats = document.querySelector("#play-seats");
  if (seats && seats.scrollWidth > seats.clientWidth + 1) cut.push("the seats scroll sideways");
  return cut;
}"""


def most_seats(game: str) -> int:
    """The seats a test fills: the game's most, eight at most (Letters, Dice and Poker
    take twenty)."""
    room, _ = Room.create("BCDFG", {"game": game, "name": "ann"})
    return min(8, room.game_type.seats[1])


def fits(phone, where: str) -> None:
    """Every action in reach (reachable) and every word the turn needs whole (CUT)."""
    reachable(phone, where)
    cut = phone.page.evaluate(CUT)
    if cut:
        phone.shot(f"cut-{re.sub(r'[^a-z0-9]+', '-', where.lower()).strip('-')}")
    assert cut == [], f"{where} ({phone.scheme}): {cut}"


@pytest.mark.parametrize("game", ["letters", "dice", "poker", "liarliar", "post"])
def test_every_seat_count_fits_a_phone(phones, server, game):
    """A phone at a table of the game's most seats (eight at most: Liar Liar and Liar's
    Post take six), the other seats played over HTTP: at its own turn, at another's, at a
    reveal, and with a claim to answer, every seat's name and count, the table's line and
    every action are whole and in reach at 360x640, light and dark, nothing to scroll."""
    phone = phones[1] if game in ("dice", "liarliar") else phones[0]  # dark, light
    page = phone.page
    create(phone, game, "Annabelle")
    seat = page.evaluate(SEAT)
    code, token = seat["code"], seat["token"]
    most = most_seats(game)
    tokens = {"Annabelle": token}
    for name in FULL_TABLE[:most - 1]:
        joined = server.post(f"{V1}/rooms/{code}/join", json={"name": name})
        assert joined.status_code == 201, joined.text
        tokens[name] = joined.json()["token"]
    expect(page.locator("#play-lobby-seats li")).to_have_count(most)
    started = server.post(f"{V1}/rooms/{code}/start", headers=bearer(token))
    assert started.status_code == 200, started.text
    expect(page.locator("#screen-play")).to_have_attribute("data-phase", "playing")
    expect(page.locator("#play-seats li")).to_have_count(most)
    where = f"{game} at {most} seats"
    seen = set()
    for _ in range(60):
        view = on_screen(phone)
        if page.locator("#play-ruling-layer").is_visible():
            fits(phone, f"{where}: the reveal")
            seen.add("reveal")
            dismiss(phone)
        if view["phase"] != "playing":
            break
        mine = view["to_move"] == "Annabelle"
        state = "a claim to answer" if mine and view["declarations"] else \
            "your turn" if mine else "another's turn"
        fits(phone, f"{where}: {state}")
        seen.add(state)
        if len(seen) == 4:
            break
        if mine:  # (Liar's Post: the card sent said as what it is: the call on it is wrong,
            own = truth(phone)  # and the card comes back to this phone)
            truly = {"kind": own["you"]["hand"][0][:-1]} if game == "post" else {}
            ACTS[game](phone, own, where, set(), **truly)
            continue
        mover = view["to_move"]
        body = next_move(game, view_of(server, code, tokens[mover]), to="Annabelle")
        answer = server.post(f"{V1}/rooms/{code}/moves", json=body, headers=bearer(tokens[mover]))
        assert answer.status_code == 200, (body, answer.text)
    assert seen == {"your turn", "another's turn", "a claim to answer", "reveal"}, seen
