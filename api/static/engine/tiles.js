// Letter tiles (port of solver/tiles.py): the tile sets a table plays with, and parsing the
// revealed tiles with the library's own errors, so the page refuses what the server refuses.
//
// Also the few pieces of Python's string semantics the parsers need (str.strip, str.isspace,
// repr, code-point length and order): a phone must read odd input exactly as the server does.

import { InvalidTile, TooManyTiles, UnknownTileSet } from "./errors.js";

export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const IGNORED = " ,-\t";

// --- Python's string semantics -------------------------------------------------------------

/** The characters Python's str.isspace() (and the `\s` of a str regex) accepts. */
export const PY_SPACE = "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003" +
  "\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";

/** Python's str.strip() with no argument (JS trim() differs: \ufeff, \x1c-\x1f, \x85). */
export function pyStrip(text) {
  let start = 0;
  let end = text.length;
  while (start < end && PY_SPACE.includes(text[start])) start += 1;
  while (end > start && PY_SPACE.includes(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** len() of a Python str: code points, not UTF-16 units. */
export function pyLen(text) {
  let n = 0;
  for (const _ of text) n += 1;  // eslint-disable-line no-unused-vars
  return n;
}

/** text[:n] of a Python str (code points). */
export function pySlice(text, n) {
  return Array.from(text).slice(0, n).join("");
}

/** Python's str.isascii(). */
export function isAscii(text) {
  return /^[\x00-\x7f]*$/.test(text);
}

/** Python's ordering of str (by code point; JS's < compares UTF-16 units). */
export function pyCompare(a, b) {
  const x = Array.from(a);
  const y = Array.from(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i += 1) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d < 0 ? -1 : 1;
  }
  return x.length - y.length < 0 ? -1 : (x.length > y.length ? 1 : 0);
}

// Python's str.isprintable() is false for these categories (and every space but ' ').
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/**
 * Python's repr() of a str, for the messages that quote input with {x!r}: the quote it
 * picks, and its escapes (\\xNN, \\uNNNN, \\UNNNNNNNN for unprintable characters).
 *
 * pyRepr("don't") === "\"don't\""; pyRepr("\u200b") === "'\\u200b'"
 */
export function pyRepr(value) {
  if (typeof value !== "string") return String(value);
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of value) {
    const code = ch.codePointAt(0);
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch !== " " && UNPRINTABLE.test(ch)) {
      if (code < 0x100) out += "\\x" + code.toString(16).padStart(2, "0");
      else if (code < 0x10000) out += "\\u" + code.toString(16).padStart(4, "0");
      else out += "\\U" + code.toString(16).padStart(8, "0");
    } else out += ch;
  }
  return out + quote;
}

// --- tile sets ---------------------------------------------------------------------------------

/** A physical set of tiles: how many of each letter exist. */
export class TileSet {
  constructor(name, counts) {
    this.name = name;
    this.counts = Object.freeze({ ...counts });
    Object.freeze(this);
  }

  get size() {
    return Object.values(this.counts).reduce((a, b) => a + b, 0);
  }

  /** Throw TooManyTiles if `counts` cannot come from this set (first letter A-Z first). */
  check(counts, field = "tiles") {
    for (const letter of Object.keys(counts).sort()) {
      if (counts[letter] > this.counts[letter]) {
        throw new TooManyTiles(`${counts[letter]} ${letter}'s, but the ${this.name} set has ` +
          `only ${this.counts[letter]}`, { field });
      }
    }
  }
}

function tileSet(name, spec) {
  const counts = {};
  for (const item of spec.split(" ")) counts[item[0]] = Number(item.slice(1));
  return new TileSet(name, counts);
}

export const SCRABBLE = tileSet("scrabble", "A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 " +
  "P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1");
export const BANANAGRAMS = tileSet("bananagrams", "A13 B3 C3 D6 E18 F3 G4 H3 I12 J2 K2 L5 M3 " +
  "N8 O11 P3 Q2 R9 S6 T9 U6 V3 W3 X2 Y3 Z2");
export const TILE_SETS = { scrabble: SCRABBLE, bananagrams: BANANAGRAMS };
export const DEFAULT_TILE_SET = "scrabble";

/** Look a tile set up by name (`scrabble` by default), as get_tile_set does. */
export function getTileSet(name = null) {
  if (name instanceof TileSet) return name;
  if (name !== null && name !== undefined && typeof name !== "string") {
    throw new UnknownTileSet("a tile set is named by text, like 'scrabble', not " +
      pyTypeName(name), { field: "tile_set" });
  }
  const key = pyStrip(name || DEFAULT_TILE_SET).toLowerCase();
  if (Object.hasOwn(TILE_SETS, key)) return TILE_SETS[key];
  throw new UnknownTileSet(`unknown tile set ${pyRepr(name)}; choose one of: ` +
    Object.keys(TILE_SETS).join(", "), { field: "tile_set" });
}

/** type(x).__name__ of a parsed JSON value. */
export function pyTypeName(value) {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "string") return "str";
  if (Array.isArray(value)) return "list";
  return "dict";
}

// --- tiles -----------------------------------------------------------------------------------

/** An immutable multiset of letter tiles, drawn from one tile set. */
export class Tiles {
  /** `counts`: {letter: n} (upper case); zero counts are dropped. */
  constructor(counts, tileSet = SCRABBLE) {
    const kept = {};
    for (const letter of Object.keys(counts).sort()) if (counts[letter]) kept[letter] = counts[letter];
    this.counts = Object.freeze(kept);
    this.tileSet = tileSet;
    this.length = Object.values(kept).reduce((a, b) => a + b, 0);
    Object.freeze(this);
  }

  /** Read tiles as typed at the table: any case; spaces, commas, tabs and hyphens ignored. */
  static parse(text, tileSet = null, field = "tiles") {
    const ts = getTileSet(tileSet);
    if (typeof text !== "string") {
      throw new InvalidTile(`tiles must be a string of letters, not ${pyTypeName(text)}`,
        { field });
    }
    const counts = {};
    for (const ch of text) {
      if (IGNORED.includes(ch)) continue;
      const up = ch.toUpperCase();
      if (!isAscii(ch) || !LETTERS.includes(up)) {  // 'ſ'.upper() is 'S': not a tile
        throw new InvalidTile(`${pyRepr(ch)} is not a letter tile (use A-Z; spaces, commas ` +
          "and hyphens are ignored)", { field });
      }
      counts[up] = (counts[up] || 0) + 1;
    }
    ts.check(counts, field);
    return new Tiles(counts, ts);
  }

  /** The tiles in alphabetical order, upper case: "ABEGIRR". */
  toString() {
    return Object.keys(this.counts).sort().map((l) => l.repeat(this.counts[l])).join("");
  }

  /** The 26 letter counts, A first. */
  get countsArray() {
    return Array.from(LETTERS, (l) => this.counts[l] || 0);
  }

  /** True when `letters` ({letter: n}) can be taken from these tiles. */
  contains(letters) {
    return Object.entries(letters).every(([l, n]) => (this.counts[l] || 0) >= n);
  }
}

/** Parse revealed tiles (parse_tiles). */
export function parseTiles(text, tileSet = null) {
  return Tiles.parse(text, tileSet);
}
