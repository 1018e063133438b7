// Letter tiles (port of solver/words/tiles.py): the tile sets a table plays with, and parsing the
// revealed tiles with the library's own errors, so the page refuses what the server refuses.

import { InvalidTile, TooManyTiles, UnknownTileSet } from "./errors.js";
import { isAscii, repr, strip, typeName } from "./pystr.js";
import { shown } from "./rules.js";
import { TILES } from "./tables.js";

export const LETTERS = TILES.LETTERS;
const IGNORED = TILES.IGNORED;

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

/** The library's tile sets, by name, in its order. */
export const TILE_SETS = Object.freeze(Object.fromEntries(Object.entries(TILES.TILE_SETS)
  .map(([name, counts]) => [name, new TileSet(name, counts)])));
export const SCRABBLE = TILE_SETS.scrabble;
export const BANANAGRAMS = TILE_SETS.bananagrams;
export const DEFAULT_TILE_SET = TILES.DEFAULT_TILE_SET;

/** Look a tile set up by name (`scrabble` by default), as get_tile_set does. */
export function getTileSet(name = null) {
  if (name instanceof TileSet) return name;
  if (name !== null && name !== undefined && typeof name !== "string") {
    throw new UnknownTileSet("a tile set is named by text, like 'scrabble', not " +
      typeName(name), { field: "tile_set" });
  }
  const key = strip(name || DEFAULT_TILE_SET).toLowerCase();
  if (Object.hasOwn(TILE_SETS, key)) return TILE_SETS[key];
  throw new UnknownTileSet(`unknown tile set ${shown(name)}; choose one of: ` +
    Object.keys(TILE_SETS).join(", "), { field: "tile_set" });
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
      throw new InvalidTile(`tiles must be a string of letters, not ${typeName(text)}`,
        { field });
    }
    const counts = {};
    for (const ch of text) {
      if (IGNORED.includes(ch)) continue;
      const up = ch.toUpperCase();
      if (!isAscii(ch) || !LETTERS.includes(up)) {  // 'ſ'.upper() is 'S': not a tile
        throw new InvalidTile(`${repr(ch)} is not a letter tile (use A-Z; spaces, commas ` +
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
