// The local router: the API's answers with no server.  `handle(method, path, body)` answers
// what the Flask API (api/*.py) answers for the same request, the same JSON and the same
// errors (code, message, field, HTTP status), for the routes the page's engine can answer
// (every one a table needs: the judge, dictionary queries, the sister games' checks, and each
// game's own routes its folder answers on the phone, games/NAME/local.js: Liars' Letters'
// solves, calls and raises, whole games); the routes it cannot (the API description, the
// replays of games whose folder has no local routes, what a game's routes leave to the
// server) say plainly that they need the referee server (503 `needs_server`), in words that
// fit where the page runs, and paths the API does not have are 404s.
//
//   const { status, body } = await handle("POST", "/judge", { words: "big, g, er" });
//
// The request body is read as api/inputs.py reads it (engine/requests.js: unknown fields,
// wrong types, missing fields, the configured limits), under the API's DEFAULT_CONFIG
// (api/__init__.py).  It never throws: an error is an error answer, and a bug in the engine
// is a 500 `internal_error`.

import {
  LiarsError, MethodNotAllowed, NeedsServer, NotFound, errorResponse,
} from "./errors.js";
import { isAscii } from "./pystr.js";
import {
  CONFIG, jsonBody, lexiconNamed, lexiconOf, listing, needsServer, queryArgs, serverNeeded,
  setHost, wordSet,
} from "./requests.js";
import { API, GAMES, PAGE_GAMES } from "./tables.js";
import { judge, oneWord } from "./wordset.js";

export const API_PREFIX = API.PREFIX;
export const SISTER_GAMES = Object.keys(GAMES);

const NO_SUCH_ENDPOINT = "no such endpoint; the API is described at /api/v1/openapi.json";
const INTERNAL = { status: 500, body: { error: {
  code: "internal_error", message: "internal server error: the problem has been logged",
  field: null } } };

// --- the shared routes: lexicons, the word judge, dictionary queries, the sister games' checks

async function listLexicons() {
  const { lexicons: known } = await listing();
  return {
    default: CONFIG.DEFAULT_LEXICON,
    // Lexicon.describe(): name, word count, and the provenance the server has.
    lexicons: known.map((entry) => ({ name: entry.name, words: entry.words,
      ...(entry.info ?? { title: entry.title }) })),
  };
}

async function judgeRoute(body) {
  body = jsonBody(body, ["words", "lexicon"]);
  const words = wordSet(body, "words");
  const lex = await lexiconOf(body);
  return { acceptable: judge(lex, words, { field: "words" }), lexicon: lex.name };
}

async function wordRoute(word, query) {
  const lex = await lexiconNamed(queryArgs(query, ["lexicon"]).get("lexicon"));
  const typed = oneWord(word, { field: "word" });
  const spelled = isAscii(typed) ? typed.toLowerCase() : typed;
  return { word: spelled, valid: judge(lex, [typed], { field: "word" }), lexicon: lex.name };
}

let gamesModule = null;

/** A sister game's claim check, by engine/games.js (a port of solver.games.registry.GAMES). */
async function gameCheck(name, body) {
  try {
    gamesModule ??= await import("./games.js");
  } catch {
    gamesModule = null;
  }
  const game = gamesModule?.GAMES?.[name];
  if (!game || typeof game.check !== "function") {
    throw new NeedsServer(`checking a ${name} claim needs the referee server: this page has ` +
      "no engine for it", { field: null });
  }
  return game.check(jsonBody(body, null));
}

// --- dictionary queries ----------------------------------------------------------------------

let queryModules = null;

/** GET /words (api/words.py): the query string's parts are the query's, and ``lexicon``. */
async function wordsRoute(query) {
  queryModules ??= Promise.all([import("./queries.js"), import("./dictionary.js")]);
  const [queries, dictionary] = await queryModules;
  const args = queryArgs(query, [...queries.PARTS, "lexicon"]);
  const parts = Object.fromEntries(args.names().filter((k) => k !== "lexicon")
    .map((k) => [k, args.get(k)]));
  const parsed = queries.WordQuery.parse(parts);
  return dictionary.answerQuery(parsed, await lexiconNamed(args.get("lexicon")));
}

// --- each game's own routes ----------------------------------------------------------------

// The games whose folder answers its own routes here (games/NAME/local.js), as the generated
// tables list each game's modules (solver/games/registry.py's games, in its order).
const ROUTED_GAMES = Object.keys(PAGE_GAMES)
  .filter((name) => PAGE_GAMES[name].includes("local.js"));
const gameModules = new Map();

/** games/NAME/local.js ({ROUTES, ...}), loaded when a path under /NAME/ is first asked;
 * null for a game with no local routes.  One that does not load (not kept on this phone)
 * needs the server, and is tried again next time. */
function gameRoutes(name) {
  if (!ROUTED_GAMES.includes(name)) return Promise.resolve(null);
  if (!gameModules.has(name)) {
    gameModules.set(name, import(`../games/${name}/local.js`).catch((err) => {
      gameModules.delete(name);
      throw new NeedsServer(serverNeeded(`answering this (${err.message})`), { field: null });
    }));
  }
  return gameModules.get(name);
}

/**
 * Rulings the referee server proved in its answers to whole games, remembered so that the same
 * game replayed here answers them as proven (a decided ruling is a proof at any budget): a game
 * the server ruled goes on on the phone when the server goes away.  Each game that keeps such
 * rulings says so (its local.js's rememberRulings).
 */
export async function rememberRulings(records) {
  if (!records.length) return;
  for (const name of ROUTED_GAMES) {
    try {
      const routes = await gameRoutes(name);
      if (routes.rememberRulings) await routes.rememberRulings(records);
    } catch {
      // a game whose module is not on this phone keeps nothing: a ruling is searched again
    }
  }
}

/** The decided rulings of a game's replayed state (what rememberRulings takes): its game's. */
export async function rulingsOf(state) {
  const routes = await gameRoutes(state?.game);
  return routes?.rulingsOf ? routes.rulingsOf(state) : [];
}

/** Load the lexicon `name` now (the default when null), and its search index if `index`,
 * ahead of the first question: a page with no server to ask warms up while the table types.
 * Never rejects. */
export async function prepare(name = null, { index = false } = {}) {
  try {
    const lexicon = await lexiconNamed(name);
    if (index) await new Promise((done) => setTimeout(() => { void lexicon.index; done(); }, 0));
  } catch {
    // said when a question needs it
  }
}

/** [pattern, {METHOD: view(body, match, query)}] in the API's order (api/__init__.py), after
 * the routes of a path's own game. */
const ROUTES = [
  [/^\/openapi\.json$/, { GET: needsServer("the API description") }],
  [/^\/lexicons$/, { GET: () => listLexicons() }],
  [/^\/judge$/, { POST: (body) => judgeRoute(body) }],
  [/^\/words\/([^/]+)$/, { GET: (body, match, query) => wordRoute(match[1], query) }],
  ...SISTER_GAMES.flatMap((name) => [
    [new RegExp(`^/${name}/check$`), { POST: (body) => gameCheck(name, body) }],
    [new RegExp(`^/${name}/replay$`), {
      POST: needsServer(`replaying a whole game of ${GAMES[name].title}`) }],
  ]),
  [/^\/words$/, { GET: (body, match, query) => wordsRoute(query) }],
];

/** The bytes of URL text: %XX escapes decoded (others kept as typed), "+" a space if asked. */
function percentBytes(text, plusIsSpace) {
  const bytes = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length;) {
    if (text[i] === "%" && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
    } else if (plusIsSpace && text[i] === "+") {
      bytes.push(0x20);
      i += 1;
    } else {
      const ch = String.fromCodePoint(text.codePointAt(i));
      bytes.push(...encoder.encode(ch));
      i += ch.length;
    }
  }
  return bytes;
}

/**
 * UTF-8 bytes as text, each maximal invalid subsequence given to `invalid(bytes)` (the
 * Unicode recommended practice, which both Python's decoder and the WHATWG one follow).
 */
function decodeUtf8(bytes, invalid) {
  let out = "";
  let pending = [];
  let needed = 0;
  let code = 0;
  let lower = 0x80;
  let upper = 0xbf;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (needed === 0) {
      if (byte <= 0x7f) out += String.fromCharCode(byte);
      else if (byte >= 0xc2 && byte <= 0xdf) [needed, code] = [1, byte & 0x1f];
      else if (byte >= 0xe0 && byte <= 0xef) {
        [needed, code] = [2, byte & 0xf];
        if (byte === 0xe0) lower = 0xa0;
        if (byte === 0xed) upper = 0x9f;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        [needed, code] = [3, byte & 0x7];
        if (byte === 0xf0) lower = 0x90;
        if (byte === 0xf4) upper = 0x8f;
      } else out += invalid([byte]);
      if (needed) pending = [byte];
      continue;
    }
    if (byte < lower || byte > upper) {  // the sequence so far is invalid; read this byte anew
      out += invalid(pending);
      [needed, pending, lower, upper] = [0, [], 0x80, 0xbf];
      i -= 1;
      continue;
    }
    [lower, upper] = [0x80, 0xbf];
    code = (code << 6) | (byte & 0x3f);
    pending.push(byte);
    if (pending.length === needed + 1) {
      out += String.fromCodePoint(code);
      [needed, pending] = [0, []];
    }
  }
  return needed ? out + invalid(pending) : out;
}

/** A URL path as the server reads it: %-escapes decoded, bad UTF-8 as U+FFFD. */
function decodePath(path) {
  return decodeUtf8(percentBytes(path, false), () => "\ufffd");
}

/**
 * A query string's first value of each name, as werkzeug's request.args reads it (Python's
 * parse_qsl: "&" separates, "+" is a space, bytes that are not UTF-8 stay %-escaped).
 */
function parseQuery(query) {
  const quoted = (bytes) => bytes.map((b) => "%" + b.toString(16).toUpperCase().padStart(2, "0"))
    .join("");
  const values = new Map();
  const counts = new Map();
  for (const pair of query.split("&")) {
    if (!pair) continue;
    const at = pair.indexOf("=");
    const [name, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    const key = decodeUtf8(percentBytes(name, true), quoted);
    if (!values.has(key)) values.set(key, decodeUtf8(percentBytes(value, true), quoted));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { get: (name) => (values.has(name) ? values.get(name) : null),
    names: () => [...counts.keys()], count: (name) => counts.get(name) ?? 0 };
}

/**
 * Answer one API request locally: `method` ("GET", "POST"), `path` after /api/v1 (a GET's
 * query string included), `body` the parsed JSON body (null or undefined: no body); `host`,
 * where the page runs ("static", "away" or null: see requests.js's serverNeeded), words what
 * it cannot answer.  Resolves to {status, body}, the API's JSON answer (a HEAD's body is
 * null); never rejects.
 */
export async function handle(method, path, body = null, { host = null } = {}) {
  setHost(host);
  method = typeof method === "string" && method ? method.toUpperCase() : "GET";
  const answer = await answerRequest(method, path, body);
  return method === "HEAD" ? { status: answer.status, body: null } : answer;  // HEAD: no body
}

async function answerRequest(method, path, body) {
  try {
    const [raw, query = ""] = String(path).split(/\?(.*)/s);
    const route = decodePath(raw);
    const own = await gameRoutes(route.split("/")[1]);
    for (const [pattern, views] of [...(own?.ROUTES ?? []), ...ROUTES]) {
      const match = pattern.exec(route);
      if (!match) continue;
      const view = views[method] ?? (method === "HEAD" ? views.GET : undefined);
      if (view) return { status: 200, body: await view(body, match, parseQuery(query)) };
      if (method === "OPTIONS") return { status: 200, body: null };
      const allowed = Object.keys(views).sort().join(", ");
      throw new MethodNotAllowed(`method not allowed here; use ${allowed}`);
    }
    throw new NotFound(NO_SUCH_ENDPOINT);
  } catch (err) {
    if (err instanceof LiarsError) return errorResponse(err);
    console.error("the page's engine failed on", method, path, err);  // eslint-disable-line no-console
    return structuredClone(INTERNAL);
  }
}
