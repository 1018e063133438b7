// What the node tests of the page's engine share: the golden vectors (tests/golden/*.json,
// the library's answers, written by scripts/record_golden.py), the engine's modules
// imported from disk (api/static/engine/ and games/ each have a package.json that makes their
// .js files ES modules here),
// its lexicons read from disk, and the one comparison: an answer is {ok: value} or
// {err: {code, message, field, status}}, compared as JSON, integers past 2**53 exactly.
//
//   node --test tests/node/        (tests/test_engine_node.py runs this under pytest)

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";

export const ROOT = new URL("../../", import.meta.url);
const ENGINE = new URL("api/static/engine/", ROOT);

// engine/lexicon.js fetches lexicons/index.json and *.lex beside the engine, relative to its
// own URL: under node a file: URL, which node's fetch does not read.  Here it reads them from
// disk (blockLexicons() makes that fail, as a phone offline before its first visit).
const netFetch = globalThis.fetch;
let lexiconsBlocked = false;
globalThis.fetch = async (resource, options) => {
  const url = new URL(resource instanceof Request ? resource.url : String(resource));
  if (url.protocol !== "file:") return netFetch(resource, options);
  if (lexiconsBlocked && url.pathname.includes("/static/lexicons/")) {
    throw new TypeError("Failed to fetch");
  }
  try {
    return new Response(readFileSync(url));
  } catch {
    return new Response(null, { status: 404 });
  }
};

/** Lexicon files cannot be fetched from now on. */
export function blockLexicons() { lexiconsBlocked = true; }

/** One engine module, e.g. engine("games.js"). */
export const engine = (name) => import(new URL(name, ENGINE).href);

/** The recorded cases of tests/golden/<name>.json (optionally of one set). */
export function golden(name, set = null) {
  const cases = JSON.parse(readFileSync(new URL(`tests/golden/${name}.json`, ROOT), "ascii")).cases;
  return set === null ? cases : cases.filter((c) => c.set === set);
}

/** A value as the golden files write it: JSON data, integers past 2**53 as {$int: digits}. */
export function canon(value) {
  return JSON.parse(JSON.stringify(value, (_, v) => {
    if (typeof v === "bigint") return Number.isSafeInteger(Number(v)) ? Number(v) : { $int: String(v) };
    if (typeof v === "number" && Number.isInteger(v) && !Number.isSafeInteger(v)) {
      return { $int: BigInt(v).toString() };
    }
    return Object.is(v, -0) ? 0 : v;
  }));
}

function caught(error) {
  if (error && typeof error.asDict === "function") {
    return { err: { ...error.asDict(), status: error.status } };
  }
  return { internal: String((error && error.stack) || error) };
}

/** The engine's answer: {ok: value} or the error it throws. */
export function answer(fn) {
  try {
    return { ok: canon(fn()) };
  } catch (error) {
    return caught(error);
  }
}

/** answer() for an async function. */
export async function answerAsync(fn) {
  try {
    return { ok: canon(await fn()) };
  } catch (error) {
    return caught(error);
  }
}

const shown = (value) => JSON.stringify(value)?.slice(0, 700);

/**
 * Assert that each case's recorded answer is what the engine gave (``got[i]`` for
 * ``cases[i]``); ``same(case, got)`` may accept a difference it explains.  A failure shows
 * how many differ and the first few, with the recorded and the engine's answers.
 */
export function assertSame(cases, got, { same = null, what = (c) => c } = {}) {
  assert.equal(got.length, cases.length);
  const found = [];
  cases.forEach((c, i) => {
    const have = canon(got[i]);
    if (isDeepStrictEqual(have, canon(c.answer)) || (same && same(c, have))) return;
    const { answer: _, ...input } = c;
    found.push(`${shown(what(input))}\n    library: ${shown(c.answer)}\n    engine:  ${shown(have)}`);
  });
  assert.ok(cases.length > 0, "no cases");
  assert.ok(found.length === 0,
    `${found.length} of ${cases.length} differ; the first:\n${found.slice(0, 6).join("\n")}`);
}
