// The odds on the phone, what every game's share (port of solver/odds/payload.py): reading an
// odds request -- its fields, the number of suggestions, the samples and their seed -- and a
// sampled estimate with its Wilson interval, as the library reads and answers them.  Each
// game's own odds are in its folder (games/NAME/odds.js: Liars' Letters' and Liar's Dice's),
// each answering the library's answer to the same request -- the same exact fractions
// ("n/d"), the same floats, the same reasons and the same refusals -- so that the Odds
// screen and a room's advisor work with no server.
//
// The others' hands are, to me, a uniform random draw from what I cannot see.  Every chance
// is exact; the sampled deals asked for with `samples` are Python's own (pyrandom.js), each
// judged as the library judges it, and marked as an estimate.

import { InvalidInput } from "./errors.js";
import { compareStr, slice, typeName } from "./pystr.js";
import { get, isDict } from "./rules.js";
import { ODDS } from "./tables.js";
import { readCount } from "./chance.js";

export const {
  DEFAULT_SUGGESTIONS, MAX_SUGGESTIONS, MAX_SAMPLES, MAX_SEED, DEFAULT_SEED, CONFIDENCE, Z,
  LETTERS_FIELDS, LETTERS_ADVICE, DICE_ADVICE,
} = ODDS;

// --- reading a request (payload.py) ------------------------------------------------------------

/** The request as an object with only known keys and every required one (read_object). */
export function readObject(payload, allowed, required, what) {
  if (!isDict(payload)) {
    throw new InvalidInput(`the ${what} request must be a JSON object, not ` +
      typeName(payload), { field: "body" });
  }
  const unknown = Object.keys(payload).filter((k) => !allowed.includes(k)).sort(compareStr);
  if (unknown.length) {
    const listed = unknown.slice(0, 5).map((k) => slice(k, 0, 40)).join(", ");
    throw new InvalidInput(`unknown field(s) in the ${what} request: ${listed}; expected ` +
      [...allowed].sort(compareStr).join(", "), { field: slice(unknown[0], 0, 40) });
  }
  const missing = required.filter((key) => get(payload, key) === null);
  if (missing.length) {
    throw new InvalidInput(`the ${what} request needs ${missing.join(", ")}`,
      { field: missing[0] });
  }
  return payload;
}

export function readLimit(value, field = "limit") {
  if (value === null || value === undefined) return DEFAULT_SUGGESTIONS;
  const limit = readCount(value, { field, what: "the number of suggestions" });
  if (limit > BigInt(MAX_SUGGESTIONS)) {
    throw new InvalidInput(`at most ${MAX_SUGGESTIONS} suggestions, not ${limit}`, { field });
  }
  return Number(limit);
}

export function readSamples(value, field = "samples") {
  if (value === null || value === undefined) return 0;
  const samples = readCount(value, { field, what: "the number of sampled deals" });
  if (samples > BigInt(MAX_SAMPLES)) {
    throw new InvalidInput(`at most ${MAX_SAMPLES} sampled deals, not ${samples}`, { field });
  }
  return Number(samples);
}

export function readSeed(value, field = "seed") {
  if (value === null || value === undefined) return DEFAULT_SEED;
  const seed = readCount(value, { field, what: "the seed" });
  if (seed > BigInt(MAX_SEED)) {
    throw new InvalidInput(`the seed is at most ${MAX_SEED}, not ${seed}`, { field });
  }
  return Number(seed);
}

// --- estimates (chance.py) ---------------------------------------------------------------------

/** The Wilson score interval of `hits` in `samples` (chance.wilson, at CONFIDENCE). */
export function wilson(hits, samples) {
  if (samples <= 0) return [0, 1];
  const z = Z;
  const p = hits / samples;
  const scale = 1 + z * z / samples;
  const centre = (p + z * z / (2 * samples)) / scale;
  const half = z / scale * Math.sqrt(p * (1 - p) / samples + z * z / (4 * samples * samples));
  const low = hits === 0 ? 0 : Math.max(0, centre - half);
  const high = hits === samples ? 1 : Math.min(1, centre + half);
  return [low, high];
}

/** Estimate.as_dict() */
export function estimateDict(hits, samples, seed) {
  return { probability: samples ? hits / samples : 0, exact: false, estimate: true, samples,
    hits, interval: wilson(hits, samples), confidence: CONFIDENCE, seed };
}

