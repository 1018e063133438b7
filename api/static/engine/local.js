// The local router: the API's answers with no server.  `handle(method, path, body)` answers
// what the Flask API (api/*.py) answers for the same request, the same JSON and the same
// errors (code, message, field, HTTP status), for the routes the page's engine can answer
// (every one a table needs: the judge, calls, raises, solves, dictionary queries, the sister
// games' checks, whole games of Liars' Letters and Liar's Dice); the routes it cannot (every
// highest set, the other games' replays, the API description) say plainly that they need
// the referee server (503 `needs_server`), in words that fit where the page runs, and paths
// the API does not have are 404s.
//
//   const { status, body } = await handle("POST", "/judge", { words: "big, g, er" });
//
// The request body is read as api/inputs.py reads it (unknown fields, wrong types, missing
// fields, the configured limits), under the API's DEFAULT_CONFIG (api/__init__.py).  It never
// throws: an error is an error answer, and a bug in the engine is a 500 `internal_error`.

import {
  BodyTooLarge, InvalidInput, InvalidQuery, LiarsError, LimitExceeded, MalformedJSON,
  MethodNotAllowed, NeedsServer, NotFound, UnknownLexicon, errorResponse,
} from "./errors.js";
import {
  checkRaise, highest, judge, parseCall, readBudget, ruleCall, solutionDict, wordsFrom,
} from "../games/letters/engine.js";
import { PyFloat, compareStr, isAscii, length, repr, slice, strip } from "./pystr.js";
import { shown } from "./rules.js";
import { API, GAMES, ODDS } from "./tables.js";
import { Tiles } from "./tiles.js";
import { WordSet, compare, oneWord } from "./wordset.js";

/** The API's DEFAULT_CONFIG (api/__init__.py): the limits a request is read under. */
export const CONFIG = API.CONFIG;
export const MAX_NAME_LENGTH = API.MAX_NAME_LENGTH;  // lexicon and tile set names
export const API_PREFIX = API.PREFIX;
export const SISTER_GAMES = Object.keys(GAMES);

const NO_SUCH_ENDPOINT = "no such endpoint; the API is described at /api/v1/openapi.json";
const INTERNAL = { status: 500, body: { error: {
  code: "internal_error", message: "internal server error: the problem has been logged",
  field: null } } };

// --- reading the body, as api/inputs.py does -----------------------------------------------

const has = (body, name) => Object.hasOwn(body, name);
/** body.get(name): a JSON null is as absent. */
const get = (body, name) => (has(body, name) && body[name] !== null ? body[name] : null);

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
function jsonBody(body, allowed) {
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
function string(body, name, { required = false, maxLength = null } = {}) {
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
function wordSet(body, name, { required = true } = {}) {
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
function integer(body, name, { fallback, low, high }) {
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

/** The revealed tiles of a solve, from `tiles` and `tile_set`, within MAX_SOLVE_TILES. */
function tilesOf(body) {
  const text = string(body, "tiles", { required: true });
  const tileSet = string(body, "tile_set", { maxLength: MAX_NAME_LENGTH });
  const parsed = Tiles.parse(text, tileSet, "tiles");
  const limit = CONFIG.MAX_SOLVE_TILES;
  if (parsed.length > limit) {
    throw new LimitExceeded(`${parsed.length} tiles: this server solves at most ${limit}`,
      { field: "tiles" });
  }
  return parsed;
}

// The page's own default where a request names no budget: a rack of up to this many tiles
// (15 players at the default tile limit of 4) is searched until it is proven, so the page
// gives the CLI's answer on every rack a table can hold, whatever the phone's speed; the
// search's memory bounds the work (on this machine's node a 60-tile rack takes at most about
// 3.5 s).  A bigger rack is searched under the API's default budget.
export const PROOF_TILES = 60;

/** The seconds a solve of `tiles` tiles may take when none was asked (null: until proven). */
export function defaultBudget(tiles) {
  return tiles <= PROOF_TILES ? null : CONFIG.SOLVER_BUDGET;
}

/** Seconds a solve may take: `budget` as the library reads it, capped; else the page's
 * default for this many tiles. */
function budgetOf(body, tiles) {
  const value = readBudget(get(body, "budget"));
  return value === null ? defaultBudget(tiles.length) : Math.min(value, CONFIG.SOLVER_BUDGET_MAX);
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

/** Why `what` cannot be answered on this phone: it needs the referee server. */
function serverNeeded(what) {
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
async function listing() {
  try {
    return await (await lexicons()).listLexicons();
  } catch (err) {
    throw new NeedsServer(notKept("the list of lexicons", err.message));
  }
}

/** The lexicon a request names (the default otherwise): load_lexicon(..., allow_paths=False). */
async function lexiconNamed(name) {
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

function lexiconOf(body) {
  return lexiconNamed(string(body, "lexicon", { maxLength: MAX_NAME_LENGTH }));
}

// --- the routes ------------------------------------------------------------------------------

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

/** The query string as api/inputs.py query_args reads it: a part outside `allowed` or one
 * given twice is refused, and a lexicon name is held to MAX_NAME_LENGTH. */
function queryArgs(query, allowed) {
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

async function wordRoute(word, query) {
  const lex = await lexiconNamed(queryArgs(query, ["lexicon"]).get("lexicon"));
  const typed = oneWord(word, { field: "word" });
  const spelled = isAscii(typed) ? typed.toLowerCase() : typed;
  return { word: spelled, valid: judge(lex, [typed], { field: "word" }), lexicon: lex.name };
}

async function highestRoute(body) {
  body = jsonBody(body, ["tiles", "lexicon", "tile_set", "budget"]);
  const tiles = tilesOf(body);
  const lex = await lexiconOf(body);
  const solution = await highest(tiles, lex, budgetOf(body, tiles));
  return { ...solutionDict(solution), tile_set: tiles.tileSet.name };
}

async function subwordsRoute(body) {
  body = jsonBody(body, ["tiles", "lexicon", "tile_set", "limit"]);
  const tiles = tilesOf(body);
  const lex = await lexiconOf(body);
  const limit = integer(body, "limit", { fallback: Math.min(CONFIG.SUBWORDS_LIMIT,
    CONFIG.SUBWORDS_LIMIT_MAX), low: 0, high: CONFIG.SUBWORDS_LIMIT_MAX });
  const words = wordsFrom(lex, tiles);
  return { tiles: tiles.toString(), tile_set: tiles.tileSet.name, lexicon: lex.name,
    count: words.length, words: words.slice(0, limit), truncated: words.length > limit };
}

async function compareRoute(body) {
  body = jsonBody(body, ["a", "b"]);
  const a = WordSet.parse(wordSet(body, "a"), "a");
  const b = WordSet.parse(wordSet(body, "b"), "b");
  const result = compare(a, b);
  return { result, higher: { 1: "a", "-1": "b", 0: "equal" }[result], a: [...a.words],
    a_shape: a.shape, b: [...b.words], b_shape: b.shape };
}

async function raiseRoute(body) {
  body = jsonBody(body, ["previous", "declared", "lexicon"]);
  const previous = wordSet(body, "previous", { required: false });
  const declared = wordSet(body, "declared");
  const lex = await lexiconOf(body);
  return { ...checkRaise(previous, declared, lex), lexicon: lex.name };
}

/** POST /letters/odds and /dice/odds (api/odds.py), by each game's odds (games/NAME/odds.js,
 * imported when first asked for): Liars' Letters in a bundled lexicon (the default when none
 * is named), searching within the API's budget. */
async function oddsRoute(game, body) {
  const odds = await import(`../games/${game}/odds.js`);
  if (game === "dice") return odds.diceAnswer(jsonBody(body, null));
  body = jsonBody(body, ODDS.LETTERS_FIELDS);
  const seconds = () => Math.min(readBudget(get(body, "budget")) ?? CONFIG.SOLVER_BUDGET,
    CONFIG.SOLVER_BUDGET_MAX);
  return odds.lettersAnswer({ ...body, lexicon: get(body, "lexicon") ??
    CONFIG.DEFAULT_LEXICON }, { budget: seconds });
}

async function callRoute(body) {
  body = jsonBody(body, ["tiles", "lexicon", "tile_set", "budget", "declared", "call"]);
  const kind = string(body, "call", { required: true, maxLength: 40 });
  parseCall(kind);  // the library's message for anything but bullshit or exact
  const tiles = tilesOf(body);
  const declared = WordSet.parse(wordSet(body, "declared"), "declared");
  const lex = await lexiconOf(body);
  const ruling = await ruleCall(tiles, declared, kind, lex, budgetOf(body, tiles));
  return { ...ruling, tiles: tiles.toString(), tile_set: tiles.tileSet.name, lexicon: lex.name };
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

// --- whole games ---------------------------------------------------------------------------

let replayModules = null;

/** engine/game.js, lettersgame.js and dicegame.js, loaded on first use. */
async function replays() {
  replayModules ??= Promise.all([import("./game.js"), import("../games/letters/game.js"),
    import("../games/dice/game.js")]);
  const [game, letters, dice] = await replayModules;
  return { replay: game.replay, letters: letters.lettersReplay(lexiconNamed), dice: dice.DICE_REPLAY,
    rememberRulings: letters.rememberRulings, rulingsOf: letters.rulingsOf };
}

/**
 * POST /letters/replay as api/letters.py answers it: the rules' lexicon is a bundled one and
 * their budget the requested one (capped; the default when none), each error naming its rule;
 * the whole replay's searches within REPLAY_BUDGET.  A game whose rules name no budget is
 * searched as the page's solves are (defaultBudget), though its state shows the API's.
 */
async function lettersReplayRoute(body) {
  body = jsonBody(body, null);
  let rules = has(body, "rules") ? body.rules : null;
  let callBudget = null;
  if (rules === null || (typeof rules === "object" && !Array.isArray(rules) &&
      !(rules instanceof PyFloat))) {
    rules = { ...(rules || {}) };
    try {
      const lex = await lexiconNamed(string(rules, "lexicon", { maxLength: MAX_NAME_LENGTH }));
      rules.lexicon = lex.name;
      const asked = readBudget(get(rules, "budget"));
      rules.budget = Math.min(asked === null ? CONFIG.SOLVER_BUDGET : asked,
        CONFIG.SOLVER_BUDGET_MAX);
      if (asked === null) callBudget = defaultBudget;
    } catch (err) {
      if (err instanceof LiarsError) err.field = `rules.${err.field}`;
      throw err;
    }
    body = { ...body, rules };
  }
  const engine = await replays();
  return engine.replay(engine.letters, body, { seconds: CONFIG.REPLAY_BUDGET,
    options: { callBudget } });
}

async function diceReplayRoute(body) {
  const engine = await replays();
  return engine.replay(engine.dice, jsonBody(body, null));
}

/**
 * Rulings the referee server proved in its answer to a Liars' Letters replay, remembered so
 * that the same game replayed here answers them as proven (a decided ruling is a proof at any
 * budget): a game the server ruled goes on on the phone when the server goes away.
 */
export async function rememberRulings(records) {
  if (records.length) (await replays()).rememberRulings(records); // the replays, when needed
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

/** The decided rulings of a letters replay's state (what rememberRulings takes). */
export async function rulingsOf(state) {
  return (await replays()).rulingsOf(state);
}

function needsServer(what) {
  return () => {
    throw new NeedsServer(serverNeeded(what), { field: null });
  };
}

/** [pattern, {METHOD: view(body, match, query)}] in the API's order (api/__init__.py). */
const ROUTES = [
  [/^\/openapi\.json$/, { GET: needsServer("the API description") }],
  [/^\/lexicons$/, { GET: () => listLexicons() }],
  [/^\/judge$/, { POST: (body) => judgeRoute(body) }],
  [/^\/words\/([^/]+)$/, { GET: (body, match, query) => wordRoute(match[1], query) }],
  [/^\/letters\/highest$/, { POST: (body) => highestRoute(body) }],
  [/^\/letters\/highest-sets$/, { POST: needsServer("every highest word set") }],
  [/^\/letters\/subwords$/, { POST: (body) => subwordsRoute(body) }],
  [/^\/letters\/compare$/, { POST: (body) => compareRoute(body) }],
  [/^\/letters\/odds$/, { POST: (body) => oddsRoute("letters", body) }],
  [/^\/dice\/odds$/, { POST: (body) => oddsRoute("dice", body) }],
  [/^\/letters\/raise$/, { POST: (body) => raiseRoute(body) }],
  [/^\/letters\/call$/, { POST: (body) => callRoute(body) }],
  [/^\/letters\/replay$/, { POST: (body) => lettersReplayRoute(body) }],
  ...SISTER_GAMES.flatMap((name) => [
    [new RegExp(`^/${name}/check$`), { POST: (body) => gameCheck(name, body) }],
    [new RegExp(`^/${name}/replay$`), { POST: name === "dice" ? (body) => diceReplayRoute(body)
      : needsServer(`replaying a whole game of ${GAMES[name].title}`) }],
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
 * where the page runs ("static", "away" or null: see serverNeeded), words what it cannot
 * answer.  Resolves to {status, body}, the API's JSON answer (a HEAD's body is null); never
 * rejects.
 */
export async function handle(method, path, body = null, { host: where = null } = {}) {
  host = where === "static" || where === "away" ? where : null;
  method = typeof method === "string" && method ? method.toUpperCase() : "GET";
  const answer = await answerRequest(method, path, body);
  return method === "HEAD" ? { status: answer.status, body: null } : answer;  // HEAD: no body
}

async function answerRequest(method, path, body) {
  try {
    const [raw, query = ""] = String(path).split(/\?(.*)/s);
    const route = decodePath(raw);
    for (const [pattern, views] of ROUTES) {
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
