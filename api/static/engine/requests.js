// Reading a request as the API reads it (api/inputs.py), for the page's local router
// (engine/local.js) and each game's own routes (games/NAME/local.js): the JSON body and its
// fields, the query string, the lexicon a request names, and what the page cannot answer
// here, said as fits where it runs.  Each reader throws the API's error (code, message,
// field) for what the API refuses.

import {
  BodyTooLarge, InvalidInput, InvalidQuery, LiarsError, MalformedJSON, NeedsServer,
  UnknownLexicon,
} from "./errors.js";
import { PyFloat, compareStr, length, repr, slice, strip } from "./pystr.js";
import { get, shown } from "./rules.js";
import { API } from "./tables.js";

/** The API's DEFAULT_CONFIG (api/__init__.py): the limits a request is read under. */
export const CONFIG = API.CONFIG;
export const MAX_NAME_LENGTH = API.MAX_NAME_LENGTH;  // lexicon and tile set names

// --- the body, as api/inputs.py reads it -----------------------------------------------

/** "a number", "a string", ... as _json_type names them. */
function jsonType(value) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return "a boolean";
  if (typeof value === "number" || typeof value === "bigint" || value instanceof PyFloat) {
    return "a number";
  }
  if (typeof value === "string") return "a string";
  if (Array.isArray(value)) return "an array";
  return "an object";
}

function utf8Length(text) {
  return new TextEncoder().encode(text).length;
}

/** The bytes of a body as JSON (a body read by rules.parseJson may hold exact big integers
 * and Python floats). */
function bodyLength(body) {
  return utf8Length(JSON.stringify(body, (_, v) => (typeof v === "bigint" ? Number(v)
    : v instanceof PyFloat ? v.value : v)));
}

/** The request's JSON object; keys outside `allowed` (null: any) are refused (json_body). */
export function jsonBody(body, allowed) {
  if (body === null || body === undefined) {
    throw new MalformedJSON("the request body is empty: send a JSON object", { field: "body" });
  }
  const limit = CONFIG.MAX_CONTENT_LENGTH;
  if (bodyLength(body) > limit) {
    throw new BodyTooLarge(`request body is larger than the ${limit} bytes this server accepts`,
      { field: "body" });
  }
  if (typeof body !== "object" || Array.isArray(body)) {
    throw new InvalidInput(`the body must be a JSON object, not ${jsonType(body)}`,
      { field: "body" });
  }
  if (allowed !== null) {
    const unknown = Object.keys(body).filter((k) => !allowed.includes(k)).sort(compareStr);
    if (unknown.length) {
      const shown = unknown.slice(0, 5).map((k) => repr(slice(k, 0, 40))).join(", ");
      throw new InvalidInput(`unknown field(s) ${shown}; this endpoint takes ` +
        [...allowed].sort().join(", "), { field: slice(unknown[0], 0, 40) });
    }
  }
  return body;
}

/** A string field (null or absent: null, unless required). */
export function string(body, name, { required = false, maxLength = null } = {}) {
  const value = get(body, name);
  if (value === null) {
    if (required) throw new InvalidInput(`'${name}' is required`, { field: name });
    return null;
  }
  if (typeof value !== "string") {
    throw new InvalidInput(`'${name}' must be a string, not ${jsonType(value)}`, { field: name });
  }
  if (maxLength !== null && length(value) > maxLength) {
    throw new InvalidInput(`'${name}' is longer than ${maxLength} characters`, { field: name });
  }
  return value;
}

/** A word set as sent: one string "big, g, er" or a list of strings (only the type is read). */
export function wordSet(body, name, { required = true } = {}) {
  const value = get(body, name);
  if (value === null) {
    if (required) {
      throw new InvalidInput(`'${name}' is required: a list of words or a string like ` +
        "'big, g, er'", { field: name });
    }
    return null;
  }
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== "string") {
        throw new InvalidInput(`'${name}' must be a list of strings; it holds ` +
          jsonType(item), { field: name });
      }
    }
    return value;
  }
  throw new InvalidInput(`'${name}' must be a list of words or a string like 'big, g, er', ` +
    `not ${jsonType(value)}`, { field: name });
}

/** A whole number from low to high (a float like 3.0 counts), else the default. */
export function integer(body, name, { fallback, low, high }) {
  const value = get(body, name);
  if (value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new InvalidInput(`'${name}' must be a whole number, not ${jsonType(value)}`,
      { field: name });
  }
  if (!(low <= value && value <= high)) {
    throw new InvalidInput(`'${name}' must be from ${low} to ${high}, not ` +
      BigInt(value).toString(), { field: name });
  }
  return value;
}

// --- lexicons --------------------------------------------------------------------------------

let lexiconModule = null;

/** engine/lexicon.js (loadLexicon, listLexicons), loaded on first use. */
async function lexicons() {
  lexiconModule ??= await import("./lexicon.js");
  return lexiconModule;
}

// --- what the page cannot answer here, said as fits where it runs ------------------------------

// Where the page runs, as the page knows it (handle()'s `host`): "static", a static copy of the
// page (liars export-site), which has no referee server at all; "away", a page `liars serve`
// served, whose server is not answering now; null, not known.
let host = null;

/** Where the page runs, for the words of what it cannot answer ("static", "away" or null). */
export function setHost(where) {
  host = where === "static" || where === "away" ? where : null;
}

/** Why `what` cannot be answered on this phone: it needs the referee server. */
export function serverNeeded(what) {
  if (host === "static") {
    return `${what} needs the referee server (liars serve), and this static copy of the page ` +
      "has none";
  }
  if (host === "away") {
    return `${what} needs the referee server, which is not answering: try again when it is back`;
  }
  return `${what} needs the referee server (liars serve): the page cannot answer it on its own`;
}

/** Why a lexicon file (or their list: `what`) is not here: not kept on this phone yet. */
function notKept(what, cause) {
  if (host === "static") {
    return `${what} is not on this phone yet: open the page once while online and choose ` +
      "it, and it is kept here for offline use";
  }
  if (host === "away") {
    return `${what} is not on this phone, and the referee server is not answering: choose it ` +
      "once while the server answers, and it is kept here for offline use";
  }
  return `${what} could not be loaded here (${cause}): this needs the referee server`;
}

/** The bundled lexicons' listing (lexicons/index.json); unreachable: not on this phone. */
export async function listing() {
  try {
    return await (await lexicons()).listLexicons();
  } catch (err) {
    throw new NeedsServer(notKept("the list of lexicons", err.message));
  }
}

/** The lexicon a request names (the default otherwise): load_lexicon(..., allow_paths=False). */
export async function lexiconNamed(name) {
  const { lexicons: known } = await listing();
  const names = known.map((entry) => entry.name);
  const key = name === null || name === "" ? CONFIG.DEFAULT_LEXICON : strip(name).toLowerCase();
  if (!names.includes(key)) {
    throw new UnknownLexicon(`unknown lexicon ${shown(name)}: choose one of ` +
      names.join(", "), { field: "lexicon" });
  }
  try {
    return await (await lexicons()).loadLexicon(key);
  } catch (err) {
    if (err instanceof LiarsError) throw err;
    throw new NeedsServer(notKept(`the ${key} lexicon`, err.message), { field: "lexicon" });
  }
}

export function lexiconOf(body) {
  return lexiconNamed(string(body, "lexicon", { maxLength: MAX_NAME_LENGTH }));
}

export function needsServer(what) {
  return () => {
    throw new NeedsServer(serverNeeded(what), { field: null });
  };
}

/** The query string as api/inputs.py query_args reads it: a part outside `allowed` or one
 * given twice is refused, and a lexicon name is held to MAX_NAME_LENGTH. */
export function queryArgs(query, allowed) {
  const unknown = query.names().filter((k) => !allowed.includes(k)).sort(compareStr);
  if (unknown.length) {
    const shown = unknown.slice(0, 5).map((k) => repr(slice(k, 0, 40))).join(", ");
    throw new InvalidQuery(`unknown query part(s) ${shown}; this endpoint takes ` +
      allowed.join(", "), { field: slice(unknown[0], 0, 40) });
  }
  for (const key of query.names()) {
    if (query.count(key) > 1) {
      throw new InvalidQuery(`${repr(key)} is given ${query.count(key)} times: give it once`,
        { field: key });
    }
  }
  const name = query.get("lexicon");
  if (name !== null && length(name) > MAX_NAME_LENGTH) {
    throw new InvalidInput(`'lexicon' is longer than ${MAX_NAME_LENGTH} characters`,
      { field: "lexicon" });
  }
  return query;
}
