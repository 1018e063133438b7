// The fair deal on the phone (engine/fairdeal.js, sha256.js) against tests/golden/fairdeal.json:
// the commitments, the byte stream's uniform draws, the deals of dice, tiles and cards, and
// the check of whole rooms' logs, as played and tampered with (each tampering caught), and
// of logs it cannot read (the library's error, word for word).  Then what only the page
// does: a phone's own hands, as it saw them dealt, checked against the revealed seed.

import assert from "node:assert/strict";
import { test } from "node:test";
import { answer, assertSame, engine, golden } from "./golden.mjs";

const fair = await engine("fairdeal.js");
const { fromHex } = await engine("sha256.js");

function run(c) {
  const seed = c.seed === undefined ? null : fromHex(c.seed);
  if (c.kind === "commit") return fair.commitment(seed);
  if (c.kind === "stream") {
    const stream = new fair.Stream(seed, c.client_seed, c.game, c.round);
    return Array.from({ length: c.count }, () => stream.uniform(c.n));
  }
  if (c.kind === "deal") {
    return fair.deal(c.dealer, c.counts, new fair.Stream(seed, c.client_seed, c.game, c.round));
  }
  return fair.checkLog(c.log);
}

for (const [set, what] of [["doc", "the vectors docs/fair-deal.md shows"],
  ["commit", "the commitments"], ["stream", "the uniform draws"],
  ["deal", "the deals of dice, tiles and cards"], ["check", "the checks of rooms' logs"],
  ["bad", "the logs it cannot read, or that fail"]]) {
  test(`fair deal: ${what} are the library's`, () => {
    const cases = golden("fairdeal", set);
    assertSame(cases, cases.map((c) => answer(() => run(c))),
      { what: (c) => ({ ...c, log: c.log && "(a room's log)" }) });
  });
}

test("fair deal: a phone's own hands as it saw them are checked against the seed", () => {
  const played = golden("fairdeal", "check").filter((c) => c.how === "as played");
  assert.equal(played.length, 5);
  for (const { log, game } of played) {
    const record = log.fairness.at(-1);
    const seen = {};
    for (const dealt of record.deals) {
      const mine = dealt.hands.find((h) => h.player === "ben");
      if (mine) seen[`${record.game}:${dealt.round}`] = mine.hand;
    }
    const checks = fair.checkSeenHands(log, "ben", seen);
    assert.ok(checks.length >= 1 && checks.every((c) => c.checked), game);
    const [key] = Object.keys(seen);
    const hand = seen[key];
    const bag = record.deal.dice ? null : Array.from(record.deal.tiles || record.deal.cards);
    const other = bag ? bag.find((p) => p !== Array.from(hand)[0]) : (hand[0] % record.deal.dice) + 1;
    const changed = typeof hand === "string" ? other + hand.slice(1) : [other, ...hand.slice(1)];
    const wrong = fair.checkSeenHands(log, "ben", { ...seen, [key]: changed });
    assert.equal(wrong.filter((c) => !c.checked).length, 1, game);
  }
});

test("fair deal: a phone's seed is 32 hex digits from crypto.getRandomValues", () => {
  const seeds = new Set(Array.from({ length: 50 }, () => fair.newPhoneSeed()));
  assert.equal(seeds.size, 50);
  for (const seed of seeds) assert.match(seed, /^[0-9a-f]{32}$/);
});
