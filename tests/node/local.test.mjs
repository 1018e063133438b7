// The page's local router (engine/local.js) against tests/golden/local.json: for each request
// the Flask API's status and JSON body.  Only the search's proof depends on time (both search
// under the API's default budget of 2 s): where one side did not prove its highest set in
// time, the answers must agree on everything the budget cannot change and their bounds must
// be consistent, and an undecided call must say so rather than guess -- timingOnly, the rule
// of tests/engine_cases/local.py's timing_only; every other answer is compared whole.

import assert from "node:assert/strict";
import { test } from "node:test";
import { isDeepStrictEqual } from "node:util";
import { assertSame, canon, engine, golden } from "./golden.mjs";

const { handle } = await engine("local.js");
const { loadLexicon } = await engine("lexicon.js");
const SOLVES = ["/letters/highest", "/letters/call"];
const lexicons = {};
for (const name of ["twl06", "sowpods", "csw19"]) lexicons[name] = await loadLexicon(name);

async function answers(cases) {
  const out = [];
  for (const { request: [method, path, body] } of cases) out.push(await handle(method, path, body));
  return out;
}

const order = (a, b) => {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return Math.sign(a.length - b.length);
};
const max = (a, b) => (order(a, b) >= 0 ? a : b);

/** Both answers' sets lie under both answers' bounds (a proven answer's bound is itself). */
function boundsAgree(a, b, shape, upper) {
  const low = max(a[shape], b[shape]);
  return order(low, a[upper]) <= 0 && order(low, b[upper]) <= 0;
}

/** The set found uses every tile once, and each word is a word (or a single letter). */
function aRealSet(body, key) {
  const lexicon = lexicons[body.lexicon];
  const words = body[key];
  const letters = (text) => [...text.toUpperCase()].sort().join("");
  return letters(words.join("")) === letters(body.tiles) &&
    words.every((w) => w.length === 1 || lexicon.has(w));
}

/** Under a budget below a second either search may stop on the clock as soon as its set
 * meets the bound: both proven, the same shape and ruling, other words (and the reason
 * that names them). */
function clockChoseTheWords(path, request, py, js) {
  const budget = request && typeof request === "object" ? request.budget : undefined;
  if (typeof budget === "boolean" || budget === undefined || budget === null) return false;
  const seconds = typeof budget === "number" ? budget : Number(String(budget).trim());
  if (!(seconds > 0 && seconds < 1)) return false;
  const words = path === "/letters/highest" ? "words" : "highest";
  if (!aRealSet(js, words)) return false;
  const rest = (body) => Object.fromEntries(Object.entries(body)
    .filter(([k]) => k !== words && k !== "reason"));
  if (!isDeepStrictEqual(rest(py), rest(js))) return false;
  return !("reason" in py) ||
    py.reason.replaceAll(py[words].join(", "), js[words].join(", ")) === js.reason;
}

/** Do two answers differ only where the search's time budget may make them differ? */
function timingOnly(path, want, have, request) {
  if (!SOLVES.includes(path) || want.status !== 200 || have.status !== 200) return false;
  const [py, js] = [want.body, have.body];
  if (py.proven && js.proven) return clockChoseTheWords(path, request, py, js);
  const same = (keys) => keys.every((k) => isDeepStrictEqual(py[k], js[k]));
  if (path === "/letters/highest") {
    return same(["tiles", "lexicon", "tile_set"]) && boundsAgree(py, js, "shape", "upper_bound") &&
      aRealSet(js, "words") && (js.proven || js.stopped === "budget");
  }
  if (!same(["call", "declared", "declared_shape", "exists", "tiles", "tile_set", "lexicon"])) {
    return false;
  }
  if (!boundsAgree(py, js, "highest_shape", "upper_bound")) return false;
  if (py.call === "bullshit" || (py.decided && js.decided)) {
    return py.decided === js.decided && isDeepStrictEqual(py.ruling, js.ruling);
  }
  const undecided = !js.decided ? js : py;
  return undecided.ruling === null && undecided.is_highest === null &&
    undecided.reason.includes("exists, but whether it is the highest is not proven");
}

/** assertSame with the clock's allowance; the budgets of the answers it allowed. */
function assertAlike(cases, got) {
  const tolerated = [];
  assertSame(cases, got, {
    same: (c, have) => {
      const [, path, body] = c.request;
      const ok = timingOnly(path, canon(c.answer), have, body);
      if (ok) tolerated.push(body.budget ?? "default");
      return ok;
    },
  });
  return tolerated;
}

test("random requests are answered as the server answers them", async () => {
  const mine = golden("local", "random");
  const tolerated = assertAlike(mine, await answers(mine));
  // A search that gave up at once would pass the comparison above: most solves must have
  // been compared whole.
  const solves = mine.filter((c) => SOLVES.includes(c.request[1])).length;
  assert.ok(tolerated.length <= solves / 2, `${tolerated.length} of ${solves} solves differ ` +
    `only where a search ran out of time (budgets ${tolerated})`);
});

test("bad requests and routes are refused alike", async () => {
  const mine = golden("local", "bad");
  const got = await answers(mine);
  const statuses = new Set(got.map((a) => a.status));
  for (const status of [200, 400, 404, 405, 413]) assert.ok(statuses.has(status), `${status}`);
  assertAlike(mine, got);
});

test("what only the server answers says so", async () => {
  const mine = golden("local", "needs_server");
  const got = await answers(mine);
  mine.forEach((c, i) => {
    assert.notEqual(c.answer.status, 404, JSON.stringify(c.request));  // the server has the route
    assert.equal(got[i].status, 503, JSON.stringify([c.request, got[i]]));
    assert.equal(got[i].body.error.code, "needs_server");
    assert.ok(got[i].body.error.message.includes("referee server"), got[i].body.error.message);
  });
});

test("the sister games are checked by their engine or need the server", async () => {
  const mine = golden("local", "sister");
  const got = await answers(mine);
  const ported = Object.keys((await engine("games.js")).GAMES);
  const checked = mine.filter((c) => ported.includes(c.request[1].split("/")[1]));
  assertSame(checked, got.filter((_, i) => ported.includes(mine[i].request[1].split("/")[1])));
  mine.forEach((c, i) => {
    if (ported.includes(c.request[1].split("/")[1])) return;
    assert.equal(got[i].status, 503);
    assert.equal(got[i].body.error.code, "needs_server");
  });
  assert.ok(checked.length >= 12, `${checked.length} checks`);
});

test("racks a table can hold: the page's default budget gives the CLI's answer", async () => {
  // No budget asked: the page searches a rack of up to PROOF_TILES tiles until it is proven,
  // so its answer is the CLI's (recorded at the CLI's default budget), compared whole.
  const { PROOF_TILES } = await engine("../games/letters/local.js");
  const mine = golden("local", "table");
  assert.ok(mine.every((c) => c.request[2].tiles.replace(/[^A-Za-z]/g, "").length <= PROOF_TILES));
  assertSame(mine, await answers(mine));
});
