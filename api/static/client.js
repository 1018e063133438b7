// The page's one way to ask for an answer: the referee server when there is one
// and it answers, else the page's own engine (engine/local.js), which gives the API's exact
// JSON.  Either way the answer says who answered: answeredBy(data).
//
// "No server" is a network failure (offline, nothing listening, too slow) or an answer that
// is not the API's (a static host's 404/405/501 page for api/): then the phone answers.  A
// static host's refusal is remembered for the page's life, so it is asked only once; which
// kind of site this is (a static copy, or a page whose server went away) is remembered on
// the phone, so that what the phone cannot answer is said in words that fit.
//
// A whole game of Liars' Letters the server replays comes back with its rulings, proven:
// the phone keeps them (localStorage), so that when the server goes away mid-game the phone
// replays the same game to the same rulings, even a call its own search could not prove.

/** The API's root, beside the page: /api/v1 under `liars serve`, DIR/api/v1 elsewhere. */
const API_ROOT = new URL("../api/v1", import.meta.url).href;
// Past this, a server that does not answer is taken to be gone (its own limit is 5 s a solve).
const SERVER_TIMEOUT_MS = 20_000;
// What a static file host answers for an API URL: it has no API.
const STATIC_HOST = new Set([404, 405, 501]);

export const BY_SERVER = "server";
export const BY_PHONE = "phone";

/** An answer the page shows as an error beside a field (the API's error shape). */
export class ApiError extends Error {
  constructor(message, field = null, code = "error") {
    super(message);
    this.field = field;
    this.code = code;
  }
}

// What the phone's engine needs for its first answer (the word judge): engine/local.js's
// modules and the lexicons', fetched side by side as soon as the page finds it has no
// server, rather than each only once the module that imports it has arrived.
const ENGINE_FIRST = ["local.js", "errors.js", "requests.js", "pystr.js", "tables.js",
  "wordset.js", "rules.js", "pyunicode.js", "lexicon.js", "index.js"];
let preloaded = false;

const HOST = "liars.host"; // "server" (an API answered here) or "static" (none is here)
const RULINGS = "liars.rulings"; // the server's proven rulings of Liars' Letters replays
const RULINGS_KEPT = 300;

const answered = new WeakMap(); // answer object -> BY_SERVER or BY_PHONE
// A static copy (liars export-site) says so in its page: it never asks for an API that is
// not there (each ask would be a 404 in the console).
let serverAbsent = document.documentElement.dataset.site === "static";
let serverFailed = false; // the last request to the server found none (offline, gone)
let engineLoaded = null; // the engine (engine/local.js) once asked to answer

const stored = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch { /* private mode */ } },
};

/** Where the page runs, for the engine's words: "static", "away" (the server went) or null. */
function host() {
  if (serverAbsent) return "static";
  const seen = stored.get(HOST);
  return seen === "static" ? "static" : seen === "server" ? "away" : null;
}

/** Who answered `data` (an object request() returned): "server", "phone" or null. */
export function answeredBy(data) {
  return (data && typeof data === "object" && answered.get(data)) || null;
}

/**
 * Keep a lexicon on this phone for offline use: fetched once through the service worker,
 * which caches it (lexicons other than the default are cached when first used; a lexicon
 * the server answers for is never used here, so choosing it is its first use).
 */
export async function keepOffline(name) {
  const workers = navigator.serviceWorker;
  if (!/^[a-z0-9_-]+$/.test(name || "") || !workers) return;
  try {
    await workers.ready;
    if (!workers.controller) {
      await new Promise((resolve) => workers.addEventListener("controllerchange", resolve,
        { once: true }));
    }
    await (await fetch(new URL(`lexicons/${name}.lex`, import.meta.url))).arrayBuffer();
  } catch {
    // offline, or not a bundled lexicon: the engine says so if it is ever needed
  }
}

/**
 * With no server to ask (a static site, or one that is not answering), load this phone's
 * engine and the lexicon `name` (null: the default) now, and its search index if `index`
 * (a Table game's calls need it), so that the next answer does not wait for them; with a
 * server, nothing.
 */
export async function warmUp(name = null, { index = false } = {}) {
  if (!serverAbsent && !serverFailed) return;
  if (!preloaded && typeof document !== "undefined") {
    preloaded = true;
    for (const file of ENGINE_FIRST) {
      document.head.append(Object.assign(document.createElement("link"),
        { rel: "modulepreload", href: new URL(`engine/${file}`, import.meta.url).href }));
    }
  }
  try {
    const engine = await import("./engine/local.js");
    await engine.prepare(name, { index });
  } catch {
    // the question that needs it says why
  }
}

/** Is there (as far as this page knows) no server to ask? */
export function serverKnownAbsent() {
  return serverAbsent;
}

/**
 * Ask for an answer: `path` is the API path after /api/v1 (a GET's query included), `body`
 * the JSON to send (or null).  Resolves to the answer; a non-2xx answer rejects as ApiError.
 */
export async function request(method, path, body = null) {
  if (!serverAbsent) {
    const reply = await askServer(method, path, body);
    if (reply) return finish(reply.status, reply.data, BY_SERVER, reply.statusText);
  }
  const reply = await askPhone(method, path, body);
  return finish(reply.status, reply.body, BY_PHONE, "");
}

/** The server's {status, data}, or null when there is no server to answer. */
async function askServer(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== null && method !== "GET" && method !== "HEAD") {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (typeof AbortSignal.timeout === "function") init.signal = AbortSignal.timeout(SERVER_TIMEOUT_MS);
  let response;
  try {
    response = await fetch(API_ROOT + path, init);
  } catch {
    serverFailed = true;
    return null; // offline, nothing listening, or too slow: ask the phone, try again next time
  }
  serverFailed = false;
  let data = null;
  try { data = await response.json(); } catch { /* not JSON: not the API */ }
  const isApi = data !== null && typeof data === "object"
    && (response.ok || (data.error !== null && typeof data.error === "object"));
  if (!isApi) {
    if (STATIC_HOST.has(response.status) || response.ok) {
      serverAbsent = true;
      stored.set(HOST, "static");
      warmUp(); // every answer is the phone's from now: its engine and lexicon, at once
    }
    return null;
  }
  stored.set(HOST, "server");
  if (method === "POST" && /^\/[a-z]+\/replay$/.test(path) && data.state) {
    keepRulings(data.state).catch(() => {}); // a cache: losing it costs only a search
  }
  return { status: response.status, data, statusText: response.statusText };
}

/** The rulings the phone keeps, oldest first: {tiles, tile_set, declared, call, lexicon,
 * verdict}. */
function keptRulings() {
  try {
    const kept = JSON.parse(stored.get(RULINGS) || "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

/** Keep the server's proven rulings of a whole game (those its game keeps: Liars' Letters'
 * calls), and hand them to the engine. */
async function keepRulings(state) {
  let engine;
  try {
    engine = await import("./engine/local.js");
  } catch {
    return; // no engine: nothing would replay the game here anyway
  }
  const fresh = await engine.rulingsOf(state);
  if (!fresh.length) return;
  const key = (r) => JSON.stringify([r.tiles, r.tile_set, r.declared, r.call, r.lexicon]);
  const known = new Set(fresh.map(key));
  const kept = keptRulings().filter((r) => !known.has(key(r))).concat(fresh);
  stored.set(RULINGS, JSON.stringify(kept.slice(-RULINGS_KEPT)));
  if (engineLoaded) await engine.rememberRulings(fresh);
}

/** The page's own engine's {status, body}; loaded on first use, with the rulings kept. */
async function askPhone(method, path, body) {
  let engine;
  try {
    engine = await import("./engine/local.js");
  } catch {
    throw new ApiError("Cannot reach the referee server, and this page's own engine did not " +
      "load. Check the phone is on the table's network and the server is running.", null,
      "network");
  }
  if (!engineLoaded) {
    engineLoaded = engine;
    const kept = keptRulings();
    if (kept.length) await engine.rememberRulings(kept);
  }
  return engine.handle(method, path, body, { host: host() });
}

function finish(status, data, by, statusText) {
  if (status < 200 || status > 299) {
    const err = data && data.error;
    if (err && err.message) throw new ApiError(err.message, err.field || null, err.code);
    const who = by === BY_SERVER ? "The server" : "This phone's engine";
    throw new ApiError(`${who} answered ${status} ${statusText}`.trim() + ".");
  }
  if (data === null || typeof data !== "object") throw new ApiError("The answer was not JSON.");
  answered.set(data, by);
  return data;
}
