// Players' names as every game reads them (port of solver/games/names.py and table.py's
// read_players): NFC text of 1 to 40 characters with no control or bidi characters, and two
// names that differ only in case, or in how an accent is encoded, are one person.  What a name
// may not hold and Python's str.casefold() come from Python's own unicodedata (pynames.js).

import { InvalidInput, LimitExceeded } from "./errors.js";
import { keepOrder, keys, length, repr, sortedSet, strip, typeName } from "./pystr.js";
import { CASEFOLD, UNSHOWABLE } from "./pynames.js";
import { MAX_NAME, MAX_PLAYERS, isDict, isList, isStr, shown } from "./rules.js";

const nfc = (text) => text.normalize("NFC");

/** The first character of ``name`` that a name may not hold, or null (unshowable). */
export function unshowable(name) {
  for (const ch of name) {
    const code = ch.codePointAt(0);
    let lo = 0;
    let hi = UNSHOWABLE.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (code > UNSHOWABLE[2 * mid + 1]) lo = mid + 1; else hi = mid;
    }
    if (lo < UNSHOWABLE.length / 2 && UNSHOWABLE[2 * lo] <= code) return ch;
  }
  return null;
}

/** What two names are compared by: NFC, then case-folded, then NFC again (name_key). */
export function nameKey(name) {
  let folded = "";
  for (const ch of nfc(name)) folded += CASEFOLD[ch] ?? ch;
  return nfc(folded);
}

/** A dict built as Python builds it from pairs: the first place of a key, its last value,
 * every key a plain one ("__proto__" too), iterated (pystr.keys) in that order. */
function dict(pairs) {
  const out = {};
  const order = [];
  for (const [key, value] of pairs) {
    if (!Object.hasOwn(out, key)) order.push(key);
    Object.defineProperty(out, key, { value, enumerable: true, writable: true,
      configurable: true });
  }
  return keepOrder(out, order);
}

/** An event's player names in NFC, as the seats are read (registry.py's _names_read). */
export function namesRead(event) {
  if (!isDict(event)) return event;
  const nfcOf = (key, value) => ((key === "player" || key === "to") && isStr(value)
    ? nfc(value) : value);
  const read = dict(keys(event).map((key) => [key, nfcOf(key, event[key])]));
  for (const key of ["dice", "cards"]) { // what each player revealed, by name
    const shown = Object.hasOwn(read, key) ? read[key] : null;
    if (isDict(shown)) read[key] = dict(keys(shown).map((k) => [nfc(k), shown[k]]));
  }
  return read;
}

/** read_players: distinct names (case aside), as many as the game takes. */
export function readPlayers(players, { game, low, high }) {
  if (!isList(players)) {
    throw new InvalidInput(`players must be a list of names, not ${typeName(players)}`,
      { field: "players" });
  }
  if (players.length > MAX_PLAYERS) {
    throw new LimitExceeded(`${players.length} players given; at most ${MAX_PLAYERS} are ` +
      "accepted", { field: "players" });
  }
  const read = [];
  for (const given of players) {
    if (!isStr(given) || !strip(given) || length(given) > MAX_NAME) {
      throw new InvalidInput(`a player name must be text of 1 to ${MAX_NAME} characters, ` +
        `not ${shown(given)}`, { field: "players" });
    }
    const name = nfc(given); // one spelling of each accented letter
    const bad = unshowable(name);
    if (bad !== null) {
      throw new InvalidInput(`a player name may not hold control or bidi characters ` +
        `(${repr(bad)})`, { field: "players" });
    }
    read.push(name);
  }
  const keys = read.map(nameKey);
  if (new Set(keys).size !== keys.length) { // "Ann" and "ann" are one person
    const twice = sortedSet(read.filter((_, i) => keys.filter((k) => k === keys[i]).length > 1));
    throw new InvalidInput(`player names must differ (case aside); given twice: ` +
      twice.join(", "), { field: "players" });
  }
  if (!(low <= read.length && read.length <= high)) {
    throw new InvalidInput(`${game} takes ${low} to ${high} players, not ${read.length}`,
      { field: "players" });
  }
  return read;
}
