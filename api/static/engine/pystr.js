// Python's str semantics, once, for the whole engine: what str.isspace(), strip(), split(),
// len(), slicing, isascii() and the order of str mean, and how repr() writes a str, a float
// or a JSON value.  The library is the reference: every message that quotes bad input with
// {x!r} must read the same on the phone, so each helper here says which Python it stands for.

import { UNPRINTABLE, WHITESPACE } from "./pyunicode.js";

// --- whitespace -----------------------------------------------------------------------------

/** The characters Python's str.isspace() (and the `\s` of a str regex) accepts. */
export const SPACE = WHITESPACE;
const SPACES = new RegExp(`[${SPACE}]+`, "u");
const EDGES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "gu");

/** ``text.isspace()`` */
export const isSpace = (text) => text.length > 0 && [...text].every((c) => SPACE.includes(c));

/** ``text.strip()`` with no argument (JS trim() differs: \ufeff, \x1c-\x1f, \x85). */
export const strip = (text) => text.replace(EDGES, "");

/** ``text.split()``: on runs of whitespace, no empty pieces. */
export const split = (text) => strip(text).split(SPACES).filter((w) => w !== "");

// --- code points ----------------------------------------------------------------------------

/** ``len(text)``: code points, not UTF-16 units. */
export const length = (text) => { let n = 0; for (const _ of text) n += 1; return n; };

/** ``text[start:end]`` in code points (non-negative bounds). */
export const slice = (text, start = 0, end = undefined) => [...text].slice(start, end).join("");

/** ``text.isascii()`` */
export const isAscii = (text) => /^[\x00-\x7f]*$/.test(text);

/** ``text.isascii() and text.isdigit()`` for a non-empty string. */
export const isAsciiDigits = (text) => /^[0-9]+$/.test(text);

/** Python's order of str, for sort(): by code point (JS's < compares UTF-16 units). */
export function compareStr(a, b) {
  const x = [...a], y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d < 0 ? -1 : 1;
  }
  return Math.sign(x.length - y.length);
}

/** ``sorted(set(strings))`` */
export const sortedSet = (strings) => [...new Set(strings)].sort(compareStr);

// --- Python values from JSON ----------------------------------------------------------------

/**
 * A JSON number Python reads as a float although JS cannot tell it from an int: "5.0",
 * "1e3".  Checks never compute with one (they refuse floats), they only name it.
 */
export class PyFloat {
  constructor(value) { this.value = value; }
  toString() { return reprFloat(this.value); }
}

const ORDER = Symbol("keys in JSON order");

/**
 * A dict's keys in insertion order, as Python iterates them.  A JS object lists
 * integer-like keys ("2") first; objects marked by :func:`keepOrder` remember the real order.
 */
export function keys(obj) {
  return obj[ORDER] ?? Object.keys(obj);
}

/** Mark `obj` as having its keys in `order` (as json.loads built it); returns obj. */
export function keepOrder(obj, order) {
  const natural = Object.keys(obj);
  if (natural.some((k, i) => k !== order[i])) {
    Object.defineProperty(obj, ORDER, { value: order, enumerable: false });
  }
  return obj;
}

/** Python's int: a JS integer or a BigInt (a JSON integer past 2**53, read exactly). */
const isInt = (v) => (typeof v === "number" && Number.isInteger(v)) || typeof v === "bigint";

/** ``type(v).__name__`` for a value read from JSON. */
export function typeName(v) {
  if (v === null || v === undefined) return "NoneType";
  if (typeof v === "boolean") return "bool";
  if (isInt(v)) return "int";
  if (typeof v === "number" || v instanceof PyFloat) return "float";
  if (typeof v === "string") return "str";
  if (Array.isArray(v)) return "list";
  return "dict";
}

// --- repr -----------------------------------------------------------------------------------

/**
 * ``ch.isprintable()`` for one character, by Python's own Unicode version (pyunicode.js,
 * generated from Python's unicodedata), not the browser's newer one: repr() escapes what
 * it rejects, so U+3160F (assigned after Unicode 14) is quoted as Python 3.11 quotes it.
 */
export function isPrintable(ch) {
  const code = ch.codePointAt(0);
  let lo = 0;
  let hi = UNPRINTABLE.length / 2;  // ranges [lo, hi) may hold code
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (code > UNPRINTABLE[2 * mid + 1]) lo = mid + 1;
    else hi = mid;
  }
  return !(lo < UNPRINTABLE.length / 2 && UNPRINTABLE[2 * lo] <= code);
}

/**
 * Python's repr() of a str: the quote it picks, and its escapes (\\xNN, \\uNNNN,
 * \\UNNNNNNNN for unprintable characters).
 *
 * reprStr("don't") === "\"don't\""; reprStr("\u200b") === "'\\u200b'"
 */
export function reprStr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (!isPrintable(ch)) {
      const hex = code.toString(16);
      out += code < 0x100 ? "\\x" + hex.padStart(2, "0")
        : code < 0x10000 ? "\\u" + hex.padStart(4, "0") : "\\U" + hex.padStart(8, "0");
    } else out += ch;
  }
  return out + quote;
}

/** Python's repr() of a float: shortest round-trip digits, exponent below 1e-4 and from 1e16. */
export function reprFloat(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  const [mantissa, e] = Math.abs(x).toExponential().split("e");
  const exp = Number(e);
  const digits = mantissa.replace(".", "");
  if (exp < -4 || exp >= 16) {
    return `${sign}${mantissa}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  const whole = digits.padEnd(exp + 1, "0");
  const fraction = whole.slice(exp + 1) || "0";
  return `${sign}${whole.slice(0, exp + 1)}.${fraction}`;
}

const intText = (n) => (Number.isSafeInteger(n) ? String(n) : BigInt(n).toString());

/** ``str(n)`` of an int (no "1e+21"). */
export const str = (n) => (typeof n === "number" && Number.isInteger(n) ? intText(n) : String(n));

/** Python's repr() of a JSON value: 'text', 7, 2.5, True, None, [1, 2], {'a': 1}. */
export function repr(v) {
  if (v === null || v === undefined) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") return Number.isInteger(v) ? intText(v) : reprFloat(v);
  if (v instanceof PyFloat) return reprFloat(v.value);
  if (typeof v === "string") return reprStr(v);
  if (Array.isArray(v)) return `[${v.map(repr).join(", ")}]`;
  return `{${keys(v).map((k) => `${reprStr(k)}: ${repr(v[k])}`).join(", ")}}`;
}
