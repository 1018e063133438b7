#!/usr/bin/env python3
"""Benchmark the odds (solver/odds) in a warm process.

Prints figures; it is not a timed unit test.  For each case: the median (p50) and the
slowest (max) of many runs, the target and whether it is met, and a reference measured
in the same run, with the ratio reference / odds:

* the chance a declaration exists, exactly (one polynomial per letter), against a naive
  sampler of 10,000 random deals, which only estimates it (its estimate is printed
  beside the exact value, as a check);
* the safest raise (a bounded beam search), against brute force over one of the shapes
  it searches: the exact chance of every word of the longest length it tries that my
  tiles and the likely hidden letters make;
* for the sister games, their odds and raises against the same kind of sampler.

    python scripts/bench_odds.py              # about half a minute
    python scripts/bench_odds.py --repeat 50

Targets (Liars' Letters, Scrabble set, TWL06, warm): the odds of a three-word
declaration with 40 hidden tiles <= 5 ms; the safest raise <= 200 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.games.dice.odds import DiceView  # noqa: E402
from solver.games.letters.odds import LettersView  # noqa: E402
from solver.games.poker.odds import PokerView  # noqa: E402
from solver.games.letters.raises import LONGER_BY, target_shapes  # noqa: E402
from solver.words.lexicon import load_lexicon  # noqa: E402
from solver.words.tiles import LETTERS, pack  # noqa: E402
from solver.words.wordset import WordSet  # noqa: E402

EXISTS_MS = 5
RAISE_MS = 200
SAMPLES = 10_000

# (my tiles, hidden tiles, a three-word declaration)
DECLARATIONS = [("ABE", 40, "bigger, quiz, a"), ("QZ", 40, "quartz, fie, it"),
                ("AEIR", 40, "retains, bog, ox"), ("", 40, "jab, eerie, so")]
# (my tiles, hidden tiles, the last declaration)
RAISES = [("ABE", 9, "bigger, a"), ("ABE", 40, "bigger, quiz, a"),
          ("QZ", 40, "quartz, fie, it"), ("EIRST", 60, "strainer, gate, it"),
          ("ABEG", 3, "giber")]


def timed(function, repeat: int) -> list[float]:
    """Seconds per call, ``repeat`` calls (after one warm-up call)."""
    function()
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        out.append(time.perf_counter() - start)
    return out


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.3f} ms"


def row(label: str, fast: list[float], reference: list[float], target_ms, note: str = ""):
    p50, worst, ref = statistics.median(fast), max(fast), statistics.median(reference)
    verdict = ""
    if target_ms is not None:
        verdict = ("meets" if p50 * 1000 <= target_ms else "MISSES") + f" <= {target_ms} ms"
    print(f"{label:40} p50 {ms(p50)}  max {ms(worst)}  reference {ms(ref)}  "
          f"ratio {ref / p50:8.0f}x  {verdict}  {note}", flush=True)


def naive_sampler(view: LettersView, declared: WordSet, samples: int, seed: int) -> float:
    """The reference: deal the hidden tiles at random and count the deals that hold it."""
    rng = random.Random(seed)
    pool = [x for x, n in view.pool.items() for _ in range(n)]
    need = declared.letters - view.mine.counts
    hits = 0
    for _ in range(samples):
        deal = Counter(rng.sample(pool, view.hidden))
        hits += all(deal[x] >= n for x, n in need.items())
    return hits / samples


def brute_force_one_shape(view: LettersView, last: WordSet) -> int:
    """The reference: the exact chance of every formable word of the longest single-word
    raise the search tries (no beam): how many words it scored."""
    length = max(s[0] for s in target_shapes(last, 15, len(view.mine)) if len(s) == 1)
    assert length <= last.shape[0] + LONGER_BY
    pool = view.pool
    rack = {x: view.mine.counts.get(x, 0) + min(pool[x], view.hidden) for x in LETTERS}
    index = view.lexicon.index
    rows = index.formable_rows(pack({x: min(31, n) for x, n in rack.items()}), length, length)
    for row_ in rows.tolist():
        view.chance_of_letters(Counter(index.key(row_).upper()))
    return len(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="runs per case (default 20)")
    args = parser.parse_args(argv)
    lexicon = load_lexicon("twl06")
    lexicon.index  # noqa: B018 - built on first use: not part of any timing
    print(f"odds benchmark: {args.repeat} runs a case, warm; reference: a naive sampler "
          f"of {SAMPLES} deals, or brute force over one shape")

    print("\nLiars' Letters: the chance a declaration exists (exact)")
    for mine, hidden, declared in DECLARATIONS:
        view = LettersView.read(mine, hidden, lexicon=lexicon)
        ws = WordSet.parse(declared)
        exact = view.exists(ws)
        fast = timed(lambda: view.exists(ws), args.repeat)
        estimate = naive_sampler(view, ws, SAMPLES, 1)
        reference = timed(lambda: naive_sampler(view, ws, SAMPLES, 1), max(1, args.repeat // 10))
        row(f"{mine or '-'} +{hidden} hidden: {declared}", fast, reference, EXISTS_MS,
            f"exact {exact.probability:.4f}, sampled {estimate:.4f}")

    print("\nLiars' Letters: the chance it is the highest (exact, one search at most)")
    for mine, hidden, declared in DECLARATIONS[:2] + [("ABEG", 3, "giber, ar")]:
        view = LettersView.read(mine, hidden, lexicon=lexicon)
        fast = timed(lambda: view.highest(declared), args.repeat)
        reference = timed(lambda: view.sampled(declared, 2000, 1), 1)
        row(f"{mine or '-'} +{hidden} hidden: {declared}", fast, reference, None,
            f"exact {view.highest(declared)}; reference: 2000 sampled deals")

    print("\nLiars' Letters: the safest raise (advice; each chance exact)")
    for mine, hidden, last in RAISES:
        view = LettersView.read(mine, hidden, lexicon=lexicon)
        ws = WordSet.parse(last)
        best = view.raises(ws, limit=1)
        fast = timed(lambda: view.raises(ws), args.repeat)
        scored = brute_force_one_shape(view, ws)
        reference = timed(lambda: brute_force_one_shape(view, ws), max(1, args.repeat // 10))
        shown = f"'{best[0].words}' {best[0].chance}" if best else "none"
        row(f"{mine or '-'} +{hidden} hidden: over {last}", fast, reference, RAISE_MS,
            f"best {shown}; reference scores {scored} words of one shape")

    print("\nThe sister games (exact)")
    dice_view = DiceView.read([2, 5, 5], 20)
    rng = random.Random(1)

    def roll_sampler():
        return sum(sum(d == 5 for d in (*dice_view.mine, *(rng.randint(1, 6)
                                                           for _ in range(20)))) >= 8
                   for _ in range(SAMPLES))

    row("dice: 8 fives, 3 mine + 20 hidden", timed(lambda: dice_view.holds("8 fives"),
                                                    args.repeat),
        timed(roll_sampler, 1), None, "reference: a sampler of rolls")
    row("dice: every next bid over 8 fives", timed(lambda: dice_view.raises("8 fives"),
                                                   args.repeat),
        timed(roll_sampler, 1), None, "reference: the sampler of one bid")
    poker_view = PokerView.read("KH 3C", 20)
    row("poker: flush, king high, 2 + 20 hidden",
        timed(lambda: poker_view.made("flush, king high"), args.repeat),
        timed(lambda: poker_view.sampled("flush, king high", SAMPLES, 1), 1), None,
        "reference: a sampler of deals judged by Hand.made_from")
    row("poker: every hand over a pair of kings",
        timed(lambda: poker_view.raises("pair of kings"), max(1, args.repeat // 4)),
        timed(lambda: poker_view.sampled("flush, king high", SAMPLES, 1), 1), None,
        "reference: the sampler of one hand (the raises rank about 300)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
