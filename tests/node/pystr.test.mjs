// Python's str semantics in the engine (engine/pystr.js) against tests/golden/pystr.json:
// isPrintable is Python's str.isprintable() on every code point, by Python's Unicode (the
// JavaScript engine's own is newer), and repr() quotes the characters assigned since as
// Python quotes them.

import { test } from "node:test";
import { assertSame, engine, golden } from "./golden.mjs";

const { isPrintable, repr } = await engine("pystr.js");

test("isPrintable is Python's on every code point", () => {
  const ranges = [];
  let start = null;
  for (let cp = 0; cp <= 0x110000; cp += 1) {
    const bad = cp <= 0x10ffff && !isPrintable(String.fromCodePoint(cp));
    if (bad && start === null) start = cp;
    else if (!bad && start !== null) { ranges.push([start, cp - 1]); start = null; }
  }
  const cases = golden("pystr", "unprintable");
  assertSame(cases, [ranges], { what: (c) => c.set });
});

test("repr quotes characters newer than Python's Unicode as Python does", () => {
  const cases = golden("pystr", "repr");
  assertSame(cases, cases.map((c) => c.texts.map(repr)));
});
