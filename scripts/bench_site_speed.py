#!/usr/bin/env python3
"""How fast the static site answers with no server: prints figures, asserts nothing.

    python scripts/bench_site_speed.py [--visits 5] [--seed 27]

The page is ``liars export-site`` served by a plain static host (``python -m http.server`` in a
process of its own, from a subpath), opened in a fresh headless chromium (Debian's
/usr/bin/chromium) at 360x640:

* **the first judge answer on a fresh visit**: a new browser context (nothing cached, no
  service worker yet: it installs meanwhile, as on a phone's first visit) opens the page and
  judges a play the moment the page is ready (the play typed and sent by a script in the
  page, not by the browser's driver); the time from opening it (navigation start)
  to the verdict on the screen, the lexicon's download and decoding included.  Target: within 1 s.  Reference, in the same run: the same on
  ``liars serve``'s page, where the server judges.
* **a Table move ruled offline**: after one visit the phone goes offline and the page is
  reloaded; a whole seeded game of Liars' Letters (5 players, tile limit 4: declarations and
  calls on up to 20 tiles) and one of Liar's Dice (4 players, 3 dice each) are played through
  the screen, each move's time measured in the page from the tap to the new state on the
  screen (the whole game replayed by the page's engine).  Target: every move within 200 ms.
  Reference: the same moves on ``liars serve``'s page, replayed by the server.

Figures are p50 / p95 / max; the ratio is the static site's to the reference's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "scripts")]

from bench_site import CHROMIUM, HOST, free_port, liars_serve  # noqa: E402
from engine_cases.replays import a_raise, revealed, vocabulary  # noqa: E402

from api.site import export_site  # noqa: E402
from solver.games.dice.game import CallLiar, DiceGame, DiceRules, MakeBid  # noqa: E402
from solver.games.letters.game import Declare, LettersGame, LettersRules, MakeCall  # noqa: E402
from solver.words.wordset import WordSet  # noqa: E402

VIEWPORT = {"width": 360, "height": 640}
JUDGE_TARGET_MS = 1000
MOVE_TARGET_MS = 200
PLAY = "qi za jo"

# In the page: when the verdict shows; each Table move from its tap to its state on screen;
# with ?judge-on-ready, the play judged the moment the page is ready (no round trip to the
# browser's driver between the two, as a quick thumb would).
TIMING = """
new MutationObserver((records, observer) => {
  if (!document.documentElement || !document.documentElement.dataset.ready) return;
  observer.disconnect();
  const play = new URLSearchParams(location.search).get("judge-on-ready");
  if (play === null) return;
  document.querySelector("#judge-words").value = play;
  document.querySelector("#judge-form").requestSubmit();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
window.__moves = [];
window.__tap = null;
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button");
  if (button && ["tl-declare", "tl-rule", "td-bid-button", "td-rule"].includes(button.id)) {
    window.__tap = performance.now();
  }
}, true);
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.attributeName === "hidden" && record.target.id === "verdict" &&
          !record.target.hidden && window.__verdictAt === undefined) {
        window.__verdictAt = performance.now();
      }
      if (record.attributeName === "data-moves" && window.__tap !== null) {
        window.__moves.push(performance.now() - window.__tap);
        window.__tap = null;
      }
    }
  }).observe(document.body, { attributes: true, subtree: true,
    attributeFilter: ["hidden", "data-moves"] });
});
"""


# --- the games ------------------------------------------------------------------------------

def letters_game(rng: random.Random) -> dict:
    """A legal game of 5 players at a tile limit of 4, played by the library to its end."""
    players = ["ann", "ben", "cy", "dee", "eve"]
    game = LettersGame(players, LettersRules(tile_limit=4))
    words = vocabulary("twl06")
    events = []
    while not game.is_over():
        player = game.to_move
        if game.last is None or (rng.random() < 0.55 and game.last[1].shape[0] < 9):
            chosen = a_raise(rng, words, game.last[1] if game.last else None)
            if chosen is None:
                continue
            said = ", ".join(chosen)
            game.push(Declare(player, WordSet.parse(said)))
            events.append({"type": "declare", "player": player, "words": said})
        else:
            call = rng.choice(["bullshit", "exact"])
            tiles = revealed(rng, "scrabble", game.tiles_in_play, game.last[1]).replace(", ", "")
            game.push(MakeCall(player, call, tiles))
            events.append({"type": "call", "player": player, "call": call, "tiles": tiles})
    return {"players": players, "tile_limit": 4, "events": events}


def dice_game(rng: random.Random) -> dict:
    players = ["ann", "ben", "cy", "dee"]
    game = DiceGame(players, DiceRules(dice_each=3))
    events = []
    while not game.is_over():
        player = game.to_move
        bids = list(game.legal_bids())
        if game.bid is None or (rng.random() < 0.6 and bids):
            bid = bids[min(len(bids) - 1, int(rng.expovariate(0.4)))]
            game.push(MakeBid(player, bid))
            events.append({"type": "bid", "player": player, "claim": str(bid)})
        else:
            dice = {p: [rng.randint(1, 6) for _ in range(game.dice[p])] for p in game.active}
            game.push(CallLiar(player, dice))
            events.append({"type": "liar", "player": player, "dice": dice})
    return {"players": players, "dice_each": 3, "events": events}


def wait_moves(page, section: str, count: int) -> None:
    page.wait_for_selector(f"{section}[data-moves='{count}']", state="attached")


def play_letters(page, game: dict) -> None:
    page.evaluate("location.hash = '#table'")
    page.wait_for_selector("#screen-table[data-ready=true]", state="attached")
    page.fill("#tl-players", "\n".join(game["players"]))
    page.select_option("#tl-tile_limit", str(game["tile_limit"]))
    page.click("#tl-start")
    page.wait_for_selector("#tl-to-move")
    for n, event in enumerate(game["events"], start=1):
        if event["type"] == "declare":
            page.fill("#tl-words", event["words"])
            page.click("#tl-declare")
        else:
            page.click(f"#tl-{event['call']}")
            page.fill("#tl-tiles", event["tiles"])
            page.click("#tl-rule")
        wait_moves(page, "#screen-table", n)


def play_dice(page, game: dict) -> None:
    page.evaluate("location.hash = '#dicetable'")
    page.wait_for_selector("#screen-dicetable[data-ready=true]", state="attached")
    page.fill("#td-players", "\n".join(game["players"]))
    page.select_option("#td-dice_each", str(game["dice_each"]))
    page.click("#td-start")
    page.wait_for_selector("#td-to-move")
    for n, event in enumerate(game["events"], start=1):
        if event["type"] == "bid":
            page.fill("#td-bid", event["claim"])
            page.click("#td-bid-button")
        else:
            page.click("#td-liar")
            for player, faces in event["dice"].items():
                page.get_by_label(f"{player}'s dice").fill(" ".join(map(str, faces)))
            page.click("#td-rule")
        wait_moves(page, "#screen-dicetable", n)


# --- measuring -----------------------------------------------------------------------------

def first_judge(browser, url: str, visits: int) -> tuple[list[float], list[float]]:
    """Milliseconds from opening the page to the verdict, each on a fresh visit; and to the
    page being ready (its scripts run: what the host's speed decides)."""
    times, ready = [], []
    for _ in range(visits):
        context = browser.new_context(viewport=VIEWPORT, is_mobile=True, has_touch=True)
        context.add_init_script(TIMING)
        page = context.new_page()
        page.goto(url + "?clear=600&judge-on-ready=" + PLAY.replace(" ", "+"))
        page.wait_for_selector("#verdict:not([hidden])")
        times.append(page.evaluate("window.__verdictAt"))
        ready.append(page.evaluate("performance.getEntriesByName('app-ready')[0].startTime"))
        context.close()
    return times, ready


def table_moves(browser, url: str, games: tuple[dict, dict], *, offline: bool) -> list[float]:
    """Milliseconds from each Table move's tap to its state on the screen: the games played
    offline after one visit (the static site), or with the server (the reference)."""
    context = browser.new_context(viewport=VIEWPORT, is_mobile=True, has_touch=True,
                                  service_workers="allow" if offline else "block")
    context.add_init_script(TIMING)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached")
    if offline:
        page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller")
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached")
    letters, dice = games
    play_letters(page, letters)
    play_dice(page, dice)
    moves = page.evaluate("window.__moves")
    context.close()
    expected = len(letters["events"]) + len(dice["events"])
    assert len(moves) == expected, (len(moves), expected)
    return moves


def static_host(root: Path) -> tuple[subprocess.Popen, str]:
    """``python -m http.server`` serving ``root`` on a free loopback port: no API at all."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", HOST,
                                "--directory", str(root), str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://{HOST}:{port}/"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=1)
            return process, url
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("python -m http.server did not start")


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"p50 {statistics.median(ordered):6.0f} ms  p95 {p95:6.0f} ms  "
            f"max {ordered[-1]:6.0f} ms  ({len(ordered)})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=5, help="fresh visits to judge on")
    parser.add_argument("--seed", type=int, default=27, help="the games' seed")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    rng = random.Random(args.seed)
    games = (letters_game(rng), dice_game(rng))
    calls = sum(e["type"] == "call" for e in games[0]["events"])
    with tempfile.TemporaryDirectory() as tmp:
        export_site(Path(tmp) / "www" / "liars")
        host, root = static_host(Path(tmp) / "www")
        serve, serve_url = liars_serve()
        static_url = root + "liars/"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM,
                                            args=["--no-sandbox", "--disable-gpu"])
                judge, ready = first_judge(browser, static_url, args.visits)
                judge_ref, ready_ref = first_judge(browser, serve_url + "/", args.visits)
                moves = table_moves(browser, static_url, games, offline=True)
                moves_ref = table_moves(browser, serve_url + "/", games, offline=False)
                browser.close()
        finally:
            for process in (host, serve):
                process.kill()
                process.wait()
    print(f"the static site in chromium at 360x640 ({static_url})\n")
    meets = "meets" if max(judge) <= JUDGE_TARGET_MS else "MISSES"
    print(f"first judge answer, fresh visit:  {figures(judge)}  {meets} the "
          f"{JUDGE_TARGET_MS} ms target")
    print(f"  reference, liars serve:         {figures(judge_ref)}  ratio "
          f"{statistics.median(judge) / statistics.median(judge_ref):.2f}")
    print(f"  the page ready (its scripts run): p50 {statistics.median(ready):.0f} ms on the "
          f"static site, {statistics.median(ready_ref):.0f} ms on liars serve")
    meets = "meets" if max(moves) <= MOVE_TARGET_MS else "MISSES"
    print(f"Table move ruled offline:         {figures(moves)}  {meets} the "
          f"{MOVE_TARGET_MS} ms target")
    print(f"  ({len(games[0]['events'])} Liars' Letters moves, {calls} of them calls, and "
          f"{len(games[1]['events'])} Liar's Dice moves; each replays its whole game)")
    print(f"  reference, liars serve:         {figures(moves_ref)}  ratio "
          f"{statistics.median(moves) / statistics.median(moves_ref):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
