#!/usr/bin/env python3
"""Benchmark the dictionary queries (solver/words/queries.py) in a warm process.

Prints figures; it is not a timed unit test.  For each query: the median (p50) and the
slowest (max) of many runs, the issue's target and whether it is met, and a reference
measured in the same run: a plain Python scan of the whole word list answering the same
query (fnmatch for patterns, Counter for anagrams, a comparison per word for hooks),
with the ratio reference / query.  Each fast answer is also checked against the scan's.

    python scripts/bench_words.py                 # TWL06, about half a minute
    python scripts/bench_words.py --lexicon csw19 --repeat 50

Targets (TWL06, warm): ``B?G*`` <= 5 ms; ``*ING`` <= 30 ms; an anagram of 8
letters with two blanks <= 10 ms; hooks <= 1 ms.
"""

from __future__ import annotations

import argparse
import fnmatch
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.words.lexicon import load_lexicon  # noqa: E402
from solver.words.queries import MAX_LIMIT, WordQuery  # noqa: E402


def timed(function, repeat: int) -> list[float]:
    """Seconds per call, ``repeat`` calls (after one warm-up call)."""
    function()
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        out.append(time.perf_counter() - start)
    return out


def ordered(words):
    return sorted(words, key=lambda w: (-len(w), w))


# --- the references: a plain scan of every word ------------------------------------------

def scan_pattern(words, pattern):
    glob = pattern.lower().replace("[^", "[!")
    return ordered(w for w in words if fnmatch.fnmatchcase(w, glob))


def scan_anagram(words, letters):
    rack = Counter(letters.lower().replace("?", ""))
    blanks, size = letters.count("?"), len(letters)
    return ordered(w for w in words
                   if len(w) == size and sum((Counter(w) - rack).values()) <= blanks)


def scan_hooks(words, word):
    n = len(word) + 1
    return ordered(w for w in words if len(w) == n and (w[1:] == word or w[:-1] == word))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.3f} ms"


def row(label, fast, reference, target_ms, count):
    p50, worst = statistics.median(fast), max(fast)
    ref = statistics.median(reference)
    verdict = ""
    if target_ms is not None:
        verdict = ("meets" if p50 * 1000 <= target_ms else "MISSES") + f" <= {target_ms} ms"
    print(f"{label:34} {count:>6} words  p50 {ms(p50)}  max {ms(worst)}  "
          f"scan p50 {ms(ref)}  ratio {ref / p50:7.0f}x  {verdict}", flush=True)
    return p50 * 1000 <= target_ms if target_ms is not None else True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lexicon", default="twl06")
    parser.add_argument("--repeat", type=int, default=30, help="runs per fixed query")
    parser.add_argument("--samples", type=int, default=40,
                        help="random racks and words for the anagram and hooks rows")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    start = time.perf_counter()
    lexicon = load_lexicon(args.lexicon)
    words = list(lexicon._words.keys())
    WordQuery.parse(pattern="*").run(lexicon)  # build the views once: this is a warm bench
    WordQuery.parse(anagram="ab?", min=1).run(lexicon)
    print(f"{lexicon.name}: {len(lexicon)} words; loaded and warmed in "
          f"{time.perf_counter() - start:.2f} s\n")
    ok = True

    def fixed(label, parts, reference, target_ms=None):
        query = WordQuery.parse({**parts, "limit": MAX_LIMIT})
        answer = query.run(lexicon)
        expected = reference()
        assert answer.count == len(expected) and answer.words == expected[:MAX_LIMIT], label
        fast = timed(lambda: query.run(lexicon), args.repeat)
        slow = timed(reference, max(3, args.repeat // 10))
        return row(label, fast, slow, target_ms, answer.count)

    ok &= fixed("pattern B?G*", {"pattern": "B?G*"},
                lambda: scan_pattern(words, "B?G*"), 5)
    ok &= fixed("pattern *ING", {"pattern": "*ING"},
                lambda: scan_pattern(words, "*ING"), 30)

    bag = "".join(letter * n for letter, n in zip(
        "abcdefghijklmnopqrstuvwxyz", [9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6,
                                       4, 6, 4, 2, 2, 1, 2, 1]))

    def sampled(label, make, run, reference, target_ms):
        fast, slow, count = [], [], 0
        for _ in range(args.samples):
            value = make()
            answer = run(value)
            expected = reference(value)
            assert answer.count == len(expected) and answer.words == expected[:MAX_LIMIT], \
                (label, value)
            count += answer.count
            fast.extend(timed(lambda: run(value), max(3, args.repeat // 5)))
            slow.extend(timed(lambda: reference(value), 1))
        return row(f"{label} ({args.samples} random)", fast, slow, target_ms,
                   round(count / args.samples))

    ok &= sampled("anagram 6 letters + ??",
                  lambda: "".join(rng.sample(bag, 6)) + "??",
                  lambda v: WordQuery.parse(anagram=v, limit=MAX_LIMIT).run(lexicon),
                  lambda v: scan_anagram(words, v), 10)
    ok &= sampled("anagram 8 letters + ??",
                  lambda: "".join(rng.sample(bag, 8)) + "??",
                  lambda v: WordQuery.parse(anagram=v, limit=MAX_LIMIT).run(lexicon),
                  lambda v: scan_anagram(words, v), 10)
    short_words = [w for w in words if 2 <= len(w) <= 7]
    ok &= sampled("hooks",
                  lambda: rng.choice(short_words),
                  lambda v: WordQuery.parse(hooks=v, limit=MAX_LIMIT).run(lexicon),
                  lambda v: scan_hooks(words, v), 1)

    print("\nother queries (no target; work is bounded by one pass over the list):")
    fixed("pattern Q[^U]*", {"pattern": "Q[^U]*"}, lambda: scan_pattern(words, "Q[^U]*"))
    fixed("pattern *A*E*I*O*U*", {"pattern": "*A*E*I*O*U*"},
          lambda: scan_pattern(words, "*A*E*I*O*U*"))
    fixed("pattern ??[AEIOU]*", {"pattern": "??[AEIOU]*"},
          lambda: scan_pattern(words, "??[AEIOU]*"))
    fixed("pattern * (every word)", {"pattern": "*"}, lambda: ordered(words))
    print(f"\n{'all targets met' if ok else 'SOME TARGETS MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
