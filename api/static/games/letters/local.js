// Liars' Letters' own routes on the phone (api/letters.py, and its odds in api/odds.py):
// the highest set, subwords, comparing, raising, calls, the odds, and whole games, each
// answered as the API answers it.  The page's local router (engine/local.js) asks this
// module for a path under /letters/.

import { LimitExceeded, LiarsError } from "../../engine/errors.js";
import { PyFloat } from "../../engine/pystr.js";
import {
  CONFIG, MAX_NAME_LENGTH, integer, jsonBody, lexiconNamed, lexiconOf, needsServer, string,
  wordSet,
} from "../../engine/requests.js";
import { get, has } from "../../engine/rules.js";
import { ODDS } from "../../engine/tables.js";
import { Tiles } from "../../engine/tiles.js";
import { WordSet, compare } from "../../engine/wordset.js";
import {
  checkRaise, highest, parseCall, readBudget, ruleCall, solutionDict, wordsFrom,
} from "./engine.js";

// --- a solve's tiles and budget ---------------------------------------------------------------

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

// --- the routes ------------------------------------------------------------------------------

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

/** POST /letters/odds (api/odds.py), by the game's odds (./odds.js, imported when first asked
 * for), in a bundled lexicon (the default when none is named), searching within the API's
 * budget. */
async function oddsRoute(body) {
  const odds = await import("./odds.js");
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

// --- whole games ---------------------------------------------------------------------------

let replayModules = null;

/** engine/game.js and ./game.js, loaded on first use. */
async function replays() {
  replayModules ??= Promise.all([import("../../engine/game.js"), import("./game.js")]);
  const [game, letters] = await replayModules;
  return { replay: game.replay, letters: letters.lettersReplay(lexiconNamed),
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

/**
 * Rulings the referee server proved in its answer to a Liars' Letters replay, remembered so
 * that the same game replayed here answers them as proven (a decided ruling is a proof at any
 * budget): a game the server ruled goes on on the phone when the server goes away.
 */
export async function rememberRulings(records) {
  if (records.length) (await replays()).rememberRulings(records); // the replays, when needed
}

/** The decided rulings of a replay's state (what rememberRulings takes). */
export async function rulingsOf(state) {
  return (await replays()).rulingsOf(state);
}

/** [pattern, {METHOD: view(body)}], in the API's order (api/letters.py). */
export const ROUTES = [
  [/^\/letters\/highest$/, { POST: (body) => highestRoute(body) }],
  [/^\/letters\/highest-sets$/, { POST: needsServer("every highest word set") }],
  [/^\/letters\/subwords$/, { POST: (body) => subwordsRoute(body) }],
  [/^\/letters\/compare$/, { POST: (body) => compareRoute(body) }],
  [/^\/letters\/odds$/, { POST: (body) => oddsRoute(body) }],
  [/^\/letters\/raise$/, { POST: (body) => raiseRoute(body) }],
  [/^\/letters\/call$/, { POST: (body) => callRoute(body) }],
  [/^\/letters\/replay$/, { POST: (body) => lettersReplayRoute(body) }],
];
