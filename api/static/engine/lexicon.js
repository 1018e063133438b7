// The bundled word lists in the browser: each loaded once, on first use, from the compact
// file solver/words/weblexicon.py writes (gzip of front-coded sorted words, with a header line),
// so the page judges words and solves racks with no server.

import { UnknownLexicon } from "./errors.js";
import { isAscii, repr, strip, typeName } from "./pystr.js";
import { AlphagramIndex } from "./index.js";
import { shown } from "./rules.js";
import { LEXICON_FILE } from "./tables.js";

const STATIC_BASE = new URL("../", import.meta.url);
const FORMAT = `${LEXICON_FILE.MAGIC} ${LEXICON_FILE.VERSION}`;  // "liars-lexicon 1"
const HEADER = new RegExp(`^${FORMAT} ([a-z0-9_-]+) (\\d+)$`);

const listings = new Map(); // base URL -> Promise of the parsed lexicons/index.json
const loaded = new Map(); // base URL + name -> Promise<Lexicon>

/** A word list: membership, and (built on first use) the alphagram index the solver uses. */
export class Lexicon {
  constructor(name, title, words) {
    this.name = name;
    this.title = title;
    this.words = words; // sorted, lower case
    this.size = words.length;
    this._index = null;
  }

  /** Python's `word in lexicon`: a string, ASCII only, listed once lower-cased. */
  has(word) {
    if (typeof word !== "string" || !isAscii(word)) return false;
    const wanted = word.toLowerCase();
    const words = this.words;
    let lo = 0;
    let hi = words.length;
    while (lo < hi) { // a binary search: no Set of every word to build on load
      const mid = (lo + hi) >> 1;
      if (words[mid] < wanted) lo = mid + 1; else hi = mid;
    }
    return lo < words.length && words[lo] === wanted;
  }

  /** The AlphagramIndex of these words (built once, when first needed). */
  get index() {
    if (this._index === null) this._index = new AlphagramIndex(this.words);
    return this._index;
  }

  /** The alphabetically first word of an alphagram (Python's Lexicon.spell). */
  spell(key) { return this.index.spell(key); }

  /** Every word formable from tiles (letters or 26 counts), as Python's Lexicon.words_from. */
  wordsFrom(tiles) { return this.index.wordsFrom(tiles); }
}

function baseOf(base) {
  return base === undefined || base === null ? STATIC_BASE : new URL(base, location.href);
}

/** The parsed `lexicons/index.json`: {default, lexicons: [{name, title, words, file, ...}]}. */
export function listLexicons({ base } = {}) {
  const root = baseOf(base);
  const key = root.href;
  if (!listings.has(key)) {
    const promise = fetch(new URL("lexicons/index.json", root)).then((response) => {
      if (!response.ok) throw new Error(`cannot load the lexicon list (HTTP ${response.status})`);
      return response.json();
    });
    promise.catch(() => listings.delete(key)); // a failed fetch may be retried later
    listings.set(key, promise);
  }
  return listings.get(key);
}

/** The words of a lexicon file's bytes, checked as solver/words/weblexicon.py's decode_words checks. */
export async function decodeLexicon(bytes) {
  const data = new Uint8Array(bytes);
  if (data.length < 2 || data[0] !== 0x1f || data[1] !== 0x8b) {
    throw new Error(`not a ${FORMAT} file (no gzip magic)`);
  }
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  const text = await new Response(stream).text();
  const lines = text.split("\n");
  const header = HEADER.exec(lines[0]);
  if (!header || lines[lines.length - 1] !== "") throw new Error(`not a ${FORMAT} file`);
  const words = new Array(lines.length - 2);
  let previous = "";
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i];
    const shared = line.charCodeAt(0) - 48;
    const word = shared ? previous.slice(0, shared) + line.slice(1) : line.slice(1);
    words[i - 1] = word;
    previous = word;
  }
  if (words.length !== Number(header[2])) {
    throw new Error("the word count does not match the header");
  }
  return { name: header[1], words };
}

/**
 * A bundled lexicon by name (the default when null or empty), loaded once per page.
 * An unknown name is refused as the server refuses it (UnknownLexicon, field "lexicon").
 */
export async function loadLexicon(name = null, { base } = {}) {
  const listing = await listLexicons({ base });
  const names = listing.lexicons.map((entry) => entry.name);
  if (name === null || name === undefined || name === "") name = listing.default;
  if (typeof name !== "string") {
    throw new UnknownLexicon(`lexicon must be a name, not ${typeName(name)}`, { field: "lexicon" });
  }
  const key = strip(name).toLowerCase();
  const entry = listing.lexicons.find((item) => item.name === key);
  if (!entry) {
    throw new UnknownLexicon(`unknown lexicon ${shown(name)}: choose one of ${names.join(", ")}`,
      { field: "lexicon" });
  }
  const root = baseOf(base);
  const cacheKey = `${root.href} ${key}`;
  if (!loaded.has(cacheKey)) {
    const promise = (async () => {
      const response = await fetch(new URL(`lexicons/${entry.file}`, root));
      if (!response.ok) throw new Error(`cannot load the ${key} lexicon (HTTP ${response.status})`);
      const { name: stored, words } = await decodeLexicon(await response.arrayBuffer());
      if (stored !== key) throw new Error(`lexicons/${entry.file} holds ${stored}, not ${key}`);
      return new Lexicon(key, entry.title, words);
    })();
    promise.catch(() => loaded.delete(cacheKey));
    loaded.set(cacheKey, promise);
  }
  return loaded.get(cacheKey);
}
