// What the card and dice games' checks share (solver/games/table.py), and reading a request body
// as Python's json.loads reads it.  Python's str semantics (whitespace, repr(), type names,
// code-point order) live in pystr.js.  The library is the reference, so the page refuses the
// same bad input with the same words.

import { InvalidInput, InvalidRules } from "./errors.js";
import {
  PyFloat, isAsciiDigits, keepOrder, keys, length, repr, reprStr, slice, sortedSet, str, strip,
  typeName,
} from "./pystr.js";
import { GAME_TABLE } from "./tables.js";

export const { MAX_PLAYERS, MAX_EVENTS, MAX_NAME, MAX_DIGITS } = GAME_TABLE;

// --- Python values from JSON -----------------------------------------------------------

/** Python's int: a JS integer or a BigInt (a JSON integer past 2**53, read exactly). */
export const isInt = (v) => (typeof v === "number" && Number.isInteger(v)) || typeof v === "bigint";
export const isBool = (v) => typeof v === "boolean";
export const isStr = (v) => typeof v === "string";
export const isList = (v) => Array.isArray(v);
export const isDict = (v) => v !== null && typeof v === "object" && !Array.isArray(v) &&
  !(v instanceof PyFloat);

/** ``key in obj`` for a dict. */
export const has = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

/**
 * JSON text read as Python's json.loads reads it: integral floats stay floats (PyFloat),
 * big integers stay exact (BigInt), and every object keeps its key order.  The local
 * router reads request bodies with this so the page refuses "5.0" as the server does.
 */
export function parseJson(text) {
  let at = 0;
  const fail = () => { throw new SyntaxError(`bad JSON at ${at}`); };
  const space = () => { while (at < text.length && " \t\n\r".includes(text[at])) at += 1; };
  const value = () => {
    space();
    const ch = text[at];
    if (ch === "{") {
      at += 1;
      const obj = {};
      const order = [];
      space();
      if (text[at] === "}") { at += 1; return keepOrder(obj, order); }
      for (;;) {
        space();
        if (text[at] !== '"') fail();
        const key = string();
        space();
        if (text[at] !== ":") fail();
        at += 1;
        const item = value();
        if (!has(obj, key)) order.push(key);
        Object.defineProperty(obj, key, { value: item, enumerable: true, writable: true,
                                          configurable: true });
        space();
        if (text[at] === ",") { at += 1; continue; }
        if (text[at] === "}") { at += 1; return keepOrder(obj, order); }
        fail();
      }
    }
    if (ch === "[") {
      at += 1;
      const list = [];
      space();
      if (text[at] === "]") { at += 1; return list; }
      for (;;) {
        list.push(value());
        space();
        if (text[at] === ",") { at += 1; continue; }
        if (text[at] === "]") { at += 1; return list; }
        fail();
      }
    }
    if (ch === '"') return string();
    for (const [word, meaning] of [["true", true], ["false", false], ["null", null],
      ["NaN", new PyFloat(NaN)], ["Infinity", new PyFloat(Infinity)],
      ["-Infinity", new PyFloat(-Infinity)]]) {
      if (text.startsWith(word, at)) { at += word.length; return meaning; }
    }
    const number = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
    number.lastIndex = at;
    const m = number.exec(text);
    if (!m) fail();
    at = number.lastIndex;
    const x = Number(m[0]);
    if (m[1] === undefined && m[2] === undefined) {
      return Number.isSafeInteger(x) ? (Object.is(x, -0) ? 0 : x) : BigInt(m[0]);
    }
    return Number.isInteger(x) || !Number.isFinite(x) ? new PyFloat(x) : x;
  };
  const string = () => {
    const m = /"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;
    m.lastIndex = at;
    const found = m.exec(text);
    if (!found) fail();
    at = m.lastIndex;
    return JSON.parse(found[0]);
  };
  const result = value();
  space();
  if (at !== text.length) fail();
  return result;
}

// --- solver/games/table.py -------------------------------------------------------------------

/**
 * small_int: the value of a short string of ASCII digits, else null (Python's None).
 * Longer digit strings are no number any game uses.
 */
export function smallInt(text) {
  if (!isStr(text)) return null;
  const t = strip(text);
  if (isAsciiDigits(t) && t.length <= MAX_DIGITS) {
    const n = Number(t);
    return Number.isSafeInteger(n) ? n : BigInt(t);
  }
  return null;
}

/** shown: ``repr(value)`` for an error message, cut short when it is long. */
export function shown(value, limit = 40) {
  const text = repr(value);
  if (length(text) <= limit) return text;
  const points = [...text];
  if (isStr(value)) return `${points.slice(0, 11).join("")}…' (${length(value)} characters)`;
  return `${points.slice(0, limit).join("")}…`;
}

/** errors.listed: the first ``most`` values, each shown (cut at ``limit``), and how many
 * more there are: a message names what was wrong without echoing all of it. */
export function listedShown(values, most = 5, limit = 30) {
  const text = values.slice(0, most).map((value) => shown(value, limit)).join(", ");
  return text + (values.length > most ? ` and ${values.length - most} more` : "");
}

/** next_player: the next seat after ``player`` (clockwise by default) not in ``skip``. */
export function nextPlayer(players, player, skip = [], direction = 1) {
  const i = players.indexOf(player);
  const n = players.length;
  for (let step = 1; step <= n; step += 1) {
    const candidate = players[(((i + direction * step) % n) + n) % n];
    if (!skip.includes(candidate)) return candidate;
  }
  return null;
}

/** require: ``event[key]``, or an InvalidInput that names the missing key. */
export function require(event, key, { field }) {
  if (!isDict(event)) {
    throw new InvalidInput(`an event must be an object, not ${typeName(event)}`, { field });
  }
  if (!has(event, key)) {
    throw new InvalidInput(`the event needs a ${reprStr(key)}`, { field: `${field}.${key}` });
  }
  return event[key];
}

/** read_int: a whole number within bounds; the error says which number and why. */
export function readInt(value, { field, what, low, high }) {
  if (!isInt(value)) {
    throw new InvalidInput(`${what} must be a whole number, not ${repr(value)}`, { field });
  }
  if (!(low <= value && value <= high)) {
    throw new InvalidInput(`${what} must be from ${low} to ${high}, not ${str(value)}`,
                           { field });
  }
  return typeof value === "bigint" ? Number(value) : value;
}

/**
 * read_options: a rules object as a plain object, refusing options the game does not
 * have; "one-deck" is read as "one_deck".  ``allowed`` is an array or a Set of names.
 */
export function readOptions(data, allowed, { game }) {
  if (data === null || data === undefined) return {};
  if (!isDict(data)) {
    throw new InvalidRules(`rules must be an object, not ${typeName(data)}`, { field: "rules" });
  }
  const options = new Map();
  const spelled = new Map();
  for (const key of keys(data)) {  // one-deck or one_deck, not both (table.read_options)
    const name = key.replaceAll("-", "_");
    if (options.has(name)) {
      throw new InvalidRules(`the rules option ${shown(name)} is given twice, as ` +
                             `${shown(spelled.get(name))} and ${shown(key)}: give it once`,
                             { field: "rules" });
    }
    options.set(name, data[key]);
    spelled.set(name, key);
  }
  const names = new Set(allowed);
  const unknown = sortedSet([...options.keys()].filter((k) => !names.has(k)));
  if (unknown.length) { // a few of them, and how many more (errors.listed)
    throw new InvalidRules(`${game} has no rules option ${listedShown(unknown)}; ` +
                           `its options are ${sortedSet(names).join(", ")}`, { field: "rules" });
  }
  const out = {};
  for (const [k, v] of options) out[k] = v;
  return out;
}

// --- solver/games/registry.py -------------------------------------------------------------------

/**
 * games._object: the request body as an object with only known keys and every required
 * one (``what`` is "dice check").  ``allowed`` and ``required`` are arrays or Sets.
 */
/** registry._listed: the first few names, each cut short, and how many more. */
export function listed(names, most = 5, longest = 40) {
  const shownNames = names.slice(0, most)
    .map((n) => (length(n) <= longest ? n : `${slice(n, 0, longest)}…`)).join(", ");
  return shownNames + (names.length > most ? ` and ${names.length - most} more` : "");
}

export function requestObject(payload, allowed, required, what) {
  if (!isDict(payload)) {
    throw new InvalidInput(`the ${what} request must be a JSON object, not ${typeName(payload)}`);
  }
  const known = new Set(allowed);
  const unknown = sortedSet(keys(payload).filter((k) => !known.has(k)));
  if (unknown.length) {
    throw new InvalidInput(`unknown field(s) in the ${what} request: ${listed(unknown)}; ` +
                           `expected ${sortedSet(known).join(", ")}`,
                           { field: slice(unknown[0], 0, 40) });
  }
  const missing = sortedSet([...required].filter((k) => !has(payload, k)));
  if (missing.length) {
    throw new InvalidInput(`the ${what} request needs ${missing.join(", ")}`,
                           { field: missing[0] });
  }
  return payload;
}

/** ``payload.get(key)``: the value, or null (Python's None) when the key is absent. */
export const get = (obj, key) => (has(obj, key) ? obj[key] : null);

/** Python's str() of a JSON value: the text itself, else its repr (str(None) is 'None'). */
export const pyStr = (v) => (isStr(v) ? v : repr(v));
