// A lexicon that cannot be loaded needs the server: offline before a lexicon was ever
// loaded, the local router says so plainly (503 needs_server), never a 500 or a guess;
// what needs no lexicon is still answered.  (Its own file: node runs each test file in a
// process of its own, so no lexicon is loaded here before this.)

import assert from "node:assert/strict";
import { test } from "node:test";
import { blockLexicons, engine } from "./golden.mjs";

test("a lexicon that cannot be loaded needs the server", async () => {
  blockLexicons();
  const { handle } = await engine("local.js");
  const answers = [];
  for (const [method, path, body] of [
    ["POST", "/judge", { words: "big" }], ["GET", "/lexicons", null],
    ["POST", "/letters/call", { tiles: "BIG", declared: "big", call: "exact" }],
    ["POST", "/letters/compare", { a: "big", b: "g" }]]) {
    answers.push(await handle(method, path, body));
  }
  assert.deepEqual(answers.map((a) => a.status), [503, 503, 503, 200]);
  for (const answer of answers.slice(0, 3)) {
    assert.equal(answer.body.error.code, "needs_server");
    assert.ok(answer.body.error.message.includes("referee server"), answer.body.error.message);
  }
});
