"""Benchmark the page's own engine (api/static/engine/) in headless chromium.

The page engine's targets, on this machine, after the lexicon and its index are loaded: a judge
answer <= 5 ms; the highest set of 16 tiles p99 <= 50 ms and of 40 tiles p99 <= 500 ms.
This script starts a live server (as the tests do) and Debian's chromium (the tests'
arguments), and prints:

* per lexicon: fetching + decoding its file (first use) and building its alphagram index;
* the judge: answering random plays (the letters engine's judge if it is there, else
  ``lexicon.has`` on each word of the play, as the judge does);
* the highest set of random racks of 16 and 40 tiles (both tile sets' bags, seeded):
  p50 / p99 / max in the browser, and the same racks solved by the Python library in the
  same run (the reference: ratio browser / Python).  Browser and Python answers are also
  compared (shape and words): a difference is printed, it is a bug.

It prints figures and asserts nothing about time.

    python scripts/bench_engine.py [--racks 200] [--lexicon twl06] [--seed 7] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from api_server import LiveServer  # noqa: E402

from solver.search.highest import highest  # noqa: E402
from solver.words.lexicon import lexicon_names, load_lexicon  # noqa: E402
from solver.words.tiles import TILE_SETS, Tiles  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
# as tests/test_page.py launches it
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-quic",
                 "--no-first-run"]
BUDGET = 60.0

LOAD = """async (name) => {
  const { loadLexicon } = await import('/static/engine/lexicon.js');
  const t0 = performance.now();
  const lexicon = await loadLexicon(name);
  const t1 = performance.now();
  const rows = lexicon.index.length;
  const t2 = performance.now();
  return { words: lexicon.size, rows, load: t1 - t0, index: t2 - t1 };
}"""

JUDGE = """async ({name, plays}) => {
  const { loadLexicon } = await import('/static/engine/lexicon.js');
  const lexicon = await loadLexicon(name);
  let judge = null, how = 'lexicon.has on each word';
  try {
    const letters = await import('/static/games/letters/engine.js');
    if (typeof letters.judge === 'function') {
      judge = (play) => letters.judge(lexicon, play);
      judge(plays[0]);
      how = 'games/letters/engine.js judge';
    }
  } catch (error) { judge = null; }
  if (judge === null) {
    judge = (play) => play.trim().split(/[\\s,;+]+/).every((w) => w.length === 1 || lexicon.has(w));
  }
  const times = [];
  let yes = 0;
  const t0 = performance.now();
  for (const play of plays) {
    const t = performance.now();
    if (judge(play)) yes += 1;
    times.push(performance.now() - t);
  }
  return { how, total: performance.now() - t0, times, yes };
}"""

SOLVE = """async ({name, racks, budget, warm, repeat}) => {
  const { loadLexicon } = await import('/static/engine/lexicon.js');
  const { highest } = await import('/static/engine/search.js');
  const lexicon = await loadLexicon(name);
  for (const rack of warm) highest(rack, lexicon, budget);
  return racks.map((rack) => {
    const ms = [];
    let best;
    for (let i = 0; i < repeat; i++) {
      const t = performance.now();
      best = highest(rack, lexicon, budget);
      ms.push(performance.now() - t);
    }
    return { ms, words: best.words, proven: best.proven };
  });
}"""


def racks_of(rng: random.Random, size: int, count: int) -> list[Tiles]:
    out = []
    for i in range(count):
        tile_set = "scrabble" if i % 2 else "bananagrams"
        bag = list(TILE_SETS[tile_set].bag)
        out.append(Tiles.parse("".join(rng.sample(bag, size)), tile_set))
    return out


def quantiles(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered), p99, ordered[-1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--racks", type=int, default=200, help="racks per size (default 200)")
    parser.add_argument("--lexicon", default="twl06", help="lexicon of the judge and racks")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="solves of each rack (default 3)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    rng = random.Random(args.seed)
    lexicon = load_lexicon(args.lexicon)
    lexicon.index  # noqa: B018  (built before timing, as the page's is)
    with LiveServer("--workers", "1") as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(server.url + "/")
        print(f"headless chromium {browser.version}, server {server.url}")
        print("\nlexicon load (fetch + gunzip + decode) and index build, first use:")
        for name in lexicon_names():
            got = page.evaluate(LOAD, name)
            print(f"  {name:8} {got['words']:7} words {got['rows']:7} rows   load "
                  f"{got['load']:6.0f} ms   index {got['index']:6.0f} ms")

        words = lexicon.index.table["word"].tolist()
        plays = []
        for _ in range(2000):
            play = [rng.choice(words).decode() for _ in range(rng.randint(1, 5))]
            if rng.random() < 0.3:
                play[0] += "q"
            plays.append(", ".join(play))
        got = page.evaluate(JUDGE, {"name": args.lexicon, "plays": plays})
        mean = got["total"] / len(plays)
        _, p99, worst = quantiles(got["times"])
        py = time.perf_counter()
        py_yes = sum(lexicon.judge(play) for play in plays)
        py = (time.perf_counter() - py) / len(plays) * 1000
        print(f"\njudge ({got['how']}), {len(plays)} plays of 1-5 words, {args.lexicon}:")
        print(f"  browser mean {mean * 1000:.1f} us, p99 {p99:.2f} ms, max {worst:.2f} ms "
              f"(timer resolution ~0.1 ms); Python Lexicon.judge mean {py * 1000:.1f} us; "
              f"accepted {got['yes']} / {py_yes} (browser / Python)")

        print(f"\nhighest set, {args.racks} random racks per size (both bags), {args.lexicon}, "
              f"after 20 warm-up racks; each rack solved {args.repeat} times: 'first' is its "
              f"first solve, 'best' the quickest of the {args.repeat} (the same work, without "
              f"the pauses a shared CPU adds; load average now {os.getloadavg()[0]:.1f}):")
        print(f"  {'tiles':>5} {'':14} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
        for size in (16, 40):
            racks = racks_of(rng, size, args.racks)
            warm = [str(r) for r in racks_of(rng, size, 20)]
            got = page.evaluate(SOLVE, {"name": args.lexicon, "racks": [str(r) for r in racks],
                                        "budget": BUDGET, "warm": warm, "repeat": args.repeat})
            py_times, wrong = [], 0
            for rack, answer in zip(racks, got):
                times = []
                for _ in range(args.repeat):
                    t = time.perf_counter()
                    want = highest(rack, lexicon, budget=BUDGET)
                    times.append((time.perf_counter() - t) * 1000)
                py_times.append(times)
                if list(want.words) != answer["words"] or want.proven != answer["proven"]:
                    wrong += 1
                    if wrong <= 3:
                        print(f"  DIFFERENT {rack}: Python {list(want.words)} browser "
                              f"{answer['words']}")
            for label, pick in (("first", lambda times: times[0]), ("best", min)):
                js = quantiles([pick(a["ms"]) for a in got])
                ref = quantiles([pick(times) for times in py_times])
                print(f"  {size:5} {label:5} browser {js[0]:8.2f} {js[1]:8.2f} {js[2]:8.2f}")
                print(f"  {'':5} {label:5} Python  {ref[0]:8.2f} {ref[1]:8.2f} {ref[2]:8.2f}")
                print(f"  {'':5} {label:5} ratio   {js[0] / ref[0]:8.2f} {js[1] / ref[1]:8.2f} "
                      f"{js[2] / ref[2]:8.2f}   (browser / Python)")
            print(f"  {'':5} {wrong} of {len(racks)} answers differ (browser / Python)")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
