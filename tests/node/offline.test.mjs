// A lexicon that cannot be loaded is not on this phone: offline before a lexicon was ever
// loaded, the local router says so plainly (503 needs_server), never a 500 or a guess, in
// words that fit where the page runs -- a static copy of the page has no server to wait
// for (it needs one online visit), a served page whose server went away needs the server
// back -- and what needs no lexicon is still answered.  (Its own file: node runs each test
// file in a process of its own, so no lexicon is loaded here before this.)

import assert from "node:assert/strict";
import { test } from "node:test";
import { blockLexicons, engine } from "./golden.mjs";

const REQUESTS = [
  ["POST", "/judge", { words: "big" }], ["GET", "/lexicons", null],
  ["POST", "/letters/call", { tiles: "BIG", declared: "big", call: "exact" }],
  ["GET", "/words?pattern=b?g&lexicon=csw19", null],
  ["POST", "/letters/replay", { players: ["ann", "ben"], rules: { lexicon: "csw19" } }],
  ["POST", "/letters/compare", { a: "big", b: "g" }],
  ["POST", "/dice/replay", { players: ["ann", "ben"] }]];

const WORDS = {
  static: { has: ["not on this phone yet", "open the page once while online"],
    lacks: ["server"] },
  away: { has: ["not on this phone", "the referee server is not answering"], lacks: [] },
  null: { has: ["referee server"], lacks: [] },
};

test("a lexicon that cannot be loaded is said to be missing, as fits the page", async () => {
  blockLexicons();
  const { handle } = await engine("local.js");
  for (const host of ["static", "away", null]) {
    const answers = [];
    for (const [method, path, body] of REQUESTS) {
      answers.push(await handle(method, path, body, { host }));
    }
    assert.deepEqual(answers.map((a) => a.status), [503, 503, 503, 503, 503, 200, 200], host);
    for (const answer of answers.slice(0, 5)) {
      const { code, message } = answer.body.error;
      assert.equal(code, "needs_server");
      for (const text of WORDS[host].has) assert.ok(message.includes(text), `${host}: ${message}`);
      for (const text of WORDS[host].lacks) assert.ok(!message.includes(text), `${host}: ${message}`);
    }
  }
});

test("what only a server answers says which server is missing", async () => {
  const { handle } = await engine("local.js");
  const words = { static: "this static copy of the page has none",
    away: "which is not answering: try again when it is back",
    null: "the page cannot answer it on its own" };
  for (const [host, text] of Object.entries(words)) {
    for (const path of ["/letters/highest-sets", "/poker/replay"]) {
      const answer = await handle("POST", path, { tiles: "AB" },
        { host: host === "null" ? null : host });
      assert.equal(answer.status, 503);
      assert.ok(answer.body.error.message.includes(text), answer.body.error.message);
    }
  }
});
