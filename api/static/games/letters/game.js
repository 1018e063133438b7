// A whole game of Liars' Letters (port of solver/games/letters.py's LettersRules, its replay
// events and LettersGame): legal raises, the bullshit and exact rulings, tile gains and losses,
// who is out, who opens the next round and in which direction, the winner.  An "exact" the
// referee cannot prove is undecided (CannotRule) unless the call carries the table's ruling.
//
// Calls are ruled by games/letters/engine.js's ruleCall, remembered as the library remembers them
// (Rulings): a table replays its whole game after every move, so each call is searched once.

import { CannotRule, IllegalMove, InvalidInput, InvalidRules } from "../../engine/errors.js";
import { Game, Leave } from "../../engine/game.js";
import { checkRaise, parseCall, readBudget, ruleCall } from "./engine.js";
import { compareStr, keys, repr, slice } from "../../engine/pystr.js";
import { isInt, isStr, listedShown, nextPlayer, readOptions, require, shown } from "../../engine/rules.js";
import { LETTERS } from "../../engine/tables.js";
import { Tiles, getTileSet } from "../../engine/tiles.js";
import { WordSet } from "../../engine/wordset.js";

export const TABLE_RULINGS = LETTERS.TABLE_RULINGS; // the caller was right / wrong
const EVENT_KEYS = LETTERS.EVENT_KEYS;
const TITLE = "Liars' Letters";

// --- the rules -----------------------------------------------------------------------------

/** The table's choices (LettersRules): lexicon, tile set, tile limit, budget per call. */
export class LettersRules {
  constructor({ lexicon = LETTERS.RULES.lexicon, tile_set: tileSet = LETTERS.RULES.tile_set,
    tile_limit: tileLimit = LETTERS.RULES.tile_limit, budget = LETTERS.RULES.budget } = {}) {
    if (!isStr(tileSet)) {
      throw new InvalidRules(`tile_set must be a tile set's name, not ${shown(tileSet)}`,
        { field: "rules.tile_set" });
    }
    try {
      this.tileSet = getTileSet(tileSet).name;
    } catch (error) {
      if (error instanceof InvalidInput) {
        throw new InvalidRules(error.message, { field: "rules.tile_set" });
      }
      throw error;
    }
    if (!isInt(tileLimit) || !(tileLimit >= 1 && tileLimit <= 20)) {
      throw new InvalidRules("tile_limit must be a whole number from 1 to 20, not " +
        repr(tileLimit), { field: "rules.tile_limit" });
    }
    this.tileLimit = Number(tileLimit);
    try {
      this.budget = readBudget(budget, { field: "rules.budget" });
    } catch (error) {
      if (error instanceof InvalidInput) {
        throw new InvalidRules(error.message, { field: error.field });
      }
      throw error;
    }
    if (!isStr(lexicon)) {
      throw new InvalidRules(`lexicon must be a lexicon's name, not ${shown(lexicon)}`,
        { field: "rules.lexicon" });
    }
    this.lexicon = lexicon;
    this.lex = null; // the loaded Lexicon (load(), before a game starts)
  }

  /** LettersRules.from_dict; `loadLexicon(name)` loads a bundled lexicon (engine/lexicon.js). */
  static async fromDict(data, loadLexicon) {
    const rules = new LettersRules(readOptions(data, Object.keys(LETTERS.RULES), { game: TITLE }));
    try { // known now, not at the first call: a game with no call is refused too
      rules.lex = await loadLexicon(rules.lexicon);
    } catch (error) {
      if (error instanceof InvalidInput) {
        throw new InvalidRules(error.message, { field: "rules.lexicon" });
      }
      throw error;
    }
    return rules;
  }

  toDict() {
    return { lexicon: this.lexicon, tile_set: this.tileSet, tile_limit: this.tileLimit,
      budget: this.budget };
  }
}

// --- the events ----------------------------------------------------------------------------

/** ``player`` declares a word set (opening the round, or raising). */
export class Declare {
  constructor(player, words) { this.player = player; this.words = words; }
}

/** ``player`` calls; ``tiles`` are all revealed tiles; ``ruling`` the table's, if any. */
export class MakeCall {
  constructor(player, call, tiles, ruling = null) {
    Object.assign(this, { player, call, tiles, ruling });
  }
}

/** An action from its JSON form (letters.action_from_dict). */
export function readAction(event, field = "event") {
  const kind = require(event, "type", { field });
  const player = require(event, "player", { field });
  if (!isStr(kind) || !Object.hasOwn(EVENT_KEYS, kind)) {
    throw new InvalidInput("a Liars' Letters event is 'declare', 'call' or 'leave', not " +
      shown(kind), { field: `${field}.type` });
  }
  const unknown = keys(event).filter((k) => !EVENT_KEYS[kind].includes(k)).sort(compareStr);
  if (unknown.length) {
    throw new InvalidInput(`unknown field(s) in a ${kind} event: ${listedShown(unknown)}`,
      { field: `${field}.${slice(unknown[0], 0, 40)}` });
  }
  if (kind === "leave") return new Leave(player);
  if (kind === "declare") {
    const words = require(event, "words", { field });
    return new Declare(player, WordSet.parse(words, `${field}.words`));
  }
  const call = parseCall(require(event, "call", { field })); // its error names "call"
  const tiles = require(event, "tiles", { field });
  if (!isStr(tiles)) {
    throw new InvalidInput(`tiles must be a string of letters, not ${shown(tiles)}`,
      { field: `${field}.tiles` });
  }
  const ruling = Object.hasOwn(event, "ruling") ? event.ruling : null;
  if (ruling !== null && !TABLE_RULINGS.includes(ruling)) {
    throw new InvalidInput(`a table's ruling is 'upheld' or 'rejected', not ${shown(ruling)}`,
      { field: `${field}.ruling` });
  }
  return new MakeCall(player, call, tiles, ruling);
}

// --- the rulings, remembered ----------------------------------------------------------------

const RULINGS_KEPT = 2048;
const rulings = new Map(); // key -> [budget (Infinity: none), the ruling's dict], newest last

const rulingKey = (tiles, tileSet, declared, call, lexicon) =>
  JSON.stringify([tiles, tileSet, declared, call, lexicon]);

function keep(key, known) {
  rulings.delete(key);
  rulings.set(key, known);
  while (rulings.size > RULINGS_KEPT) rulings.delete(rulings.keys().next().value);
}

/**
 * ruleCall, remembered (Rulings): a decided ruling is proven, so it answers its call at any
 * budget; an undecided one at a budget no larger than its own, and at any budget once the
 * table has ruled on it.  A larger budget searches again.
 */
async function ruled(tiles, tileSet, declared, call, lex, budget, tableRuled) {
  const key = rulingKey(tiles, tileSet, declared, call, lex.name);
  const seconds = budget === null ? Infinity : budget;
  let known = rulings.get(key);
  if (!known || !(known[1].decided || tableRuled || seconds <= known[0])) {
    const verdict = await ruleCall(Tiles.parse(tiles, tileSet), new WordSet(declared), call, lex,
      budget);
    known = [seconds, verdict];
  }
  keep(key, known);
  return known[1];
}

/**
 * Remember rulings the referee server proved (each {tiles, tile_set, declared, call, lexicon,
 * verdict}, a replay's rounds), so that the page replaying the same game with no server
 * answers them as proven: a decided ruling is a proof at any budget, as in Rulings.
 */
export function rememberRulings(records) {
  for (const r of records) {
    if (!r || !r.verdict || r.verdict.decided !== true) continue;
    keep(rulingKey(r.tiles, r.tile_set, r.declared, r.call, r.lexicon), [Infinity, r.verdict]);
  }
}

/** The decided rulings of a replay's state, as rememberRulings takes them. */
export function rulingsOf(state) {
  if (!state || state.game !== "letters" || !Array.isArray(state.rounds)) return [];
  return state.rounds.filter((r) => r.ruling && r.ruling.by === "referee" && r.ruling.referee)
    .map((r) => ({ tiles: r.call.tiles, tile_set: state.rules.tile_set, declared: r.call.declared,
      call: r.call.call, lexicon: state.rules.lexicon, verdict: r.ruling.referee }));
}

/** CallRuling.explain() of a decided ruling's dict. */
function explain(verdict) {
  const who = { 1: "gains a tile", 0: "keeps their tiles", "-1": "loses a tile" };
  return `${verdict.call}: caller ${who[verdict.ruling.caller]}, declarer ` +
    `${who[verdict.ruling.declarer]}. ${verdict.reason}.`;
}

// (caller, declarer) tile changes, by the call and whether the caller was right.
const DELTAS = { "bullshit true": [0, 1], "bullshit false": [1, 0], "exact true": [-1, -1],
  "exact false": [1, 0] };

// --- the game ------------------------------------------------------------------------------

/**
 * A Liars' Letters game in progress.  ``callBudget(tiles)``, if given, is the seconds the
 * referee may search on a call of that many tiles (null: until proven) in place of the rules'
 * budget: the page's own choice when the table named none.
 */
export class LettersGame extends Game {
  static key = "letters";
  static title = TITLE;

  constructor(players, rules, { callBudget = null } = {}) {
    super(players, rules);
    this.pageBudget = callBudget;
    this.deadline = null;
    this.cutShort = false;
  }

  start() {
    this.tiles = new Map(this.players.map((p) => [p, 1]));
    this.round = 1;
    this.direction = 1;
    this.opener = this.players[0];
    this.last = null; // [player, WordSet]
    this.turns = [];
    this.rounds = [];
    this.declarations = [];
  }

  get winner() { return this.active.length === 1 ? this.active[0] : null; }

  get tilesInPlay() { return this.active.reduce((sum, p) => sum + this.tiles.get(p), 0); }

  directionName(direction = this.direction) {
    return direction === 1 ? "clockwise" : "counterclockwise";
  }

  nextAfter(player) { return nextPlayer(this.players, player, this.out, this.direction); }

  nextIn(player) { return nextPlayer(this.players, player, [...this.out, player], this.direction); }

  checkSeat(player) {
    if (!this.players.includes(player)) {
      throw new IllegalMove(`${shown(player)} is not at this table`, { field: "player" });
    }
    if (!this.active.includes(player)) {
      throw new IllegalMove(`${player} is out of the game`, { field: "player" });
    }
  }

  /** The seconds the referee may search on the next call (LettersGame.call_budget). */
  callBudget(tiles) {
    if (this.pageBudget) {
      const chosen = this.pageBudget(tiles);
      if (chosen === null) return null;
      return this.clocked(chosen);
    }
    return this.clocked(this.rules.budget);
  }

  /** ``budget``, or what is left before the replay's deadline (then cut short). */
  clocked(budget) {
    if (this.deadline === null) return budget;
    const left = Math.max(0, (this.deadline - performance.now()) / 1000);
    if (left < budget) this.cutShort = true;
    return Math.min(budget, left);
  }

  raiseCheck(action) {
    return checkRaise(this.last ? this.last[1] : null, action.words, this.rules.lex);
  }

  /** A call read and ruled: [call, tiles, the referee's ruling, decision, by]. */
  async judged(action) {
    const call = parseCall(action.call);
    if (this.last === null) {
      throw new IllegalMove(`${action.player} cannot call '${call}': nothing has been ` +
        "declared this round", { field: "call" });
    }
    const ruling = action.ruling;
    if (ruling !== null && !TABLE_RULINGS.includes(ruling)) {
      throw new InvalidInput(`a table's ruling is 'upheld' or 'rejected', not ${shown(ruling)}`,
        { field: "ruling" });
    }
    const revealed = Tiles.parse(action.tiles, this.rules.tileSet);
    const held = this.tilesInPlay;
    if (revealed.length !== held) {
      throw new IllegalMove(`${revealed.length} tiles revealed, but the players hold ${held}`,
        { field: "tiles" });
    }
    const verdict = await ruled(revealed.toString(), this.rules.tileSet, [...this.last[1].words],
      call, this.rules.lex, this.callBudget(revealed.length), ruling !== null);
    if (verdict.decided) {
      const decision = verdict.ruling.caller === 1 ? "rejected" : "upheld";
      if (ruling !== null && ruling !== decision) {
        throw new IllegalMove(`the table ruled '${call}' ${ruling}, but the referee proves it ` +
          `${decision}: ${explain(verdict).replace(/\.+$/, "")}`, { field: "ruling" });
      }
      return [call, revealed, verdict, decision, "referee"];
    }
    if (ruling === null) {
      const error = new CannotRule(`'${call}' on '${verdict.declared.join(", ")}' is undecided: ` +
        `${verdict.reason}. The table decides: give the call a ruling, 'upheld' or 'rejected'`,
      { field: "ruling" });
      error.details = { undecided: verdict };
      throw error;
    }
    return [call, revealed, verdict, ruling, "table"];
  }

  async checkMove(action) {
    if (action instanceof Declare) {
      const check = this.raiseCheck(action);
      if (!check.legal) {
        throw new IllegalMove(`${action.player} cannot declare '${check.declared.join(", ")}': ` +
          check.reason, { field: "words" });
      }
    } else {
      await this.judged(action);
    }
  }

  async apply(action) {
    if (action instanceof Declare) {
      const declared = WordSet.parse(action.words);
      this.last = [action.player, declared];
      this.turns.push(action.player);
      this.declarations.push({ player: action.player, words: [...declared.words],
        shape: declared.shape });
      this.toMove = this.nextAfter(action.player);
      return null;
    }
    const player = action.player;
    const declarer = this.last[0];
    const [call, revealed, verdict, decision, by] = await this.judged(action);
    const [callerDelta, declarerDelta] = DELTAS[`${call} ${decision === "upheld"}`];
    this.turns.push(player);
    const changes = [];
    for (const [who, role, delta] of [[player, "caller", callerDelta],
      [declarer, "declarer", declarerDelta]]) {
      const before = this.tiles.get(who);
      const count = Math.max(0, before + delta);
      const out = count > this.rules.tileLimit;
      if (out) this.out.push(who);
      else this.tiles.set(who, count);
      if (delta) {
        changes.push({ player: who, role, change: count - before, before,
          after: out ? null : count, out });
      }
    }
    const record = {
      round: this.round, opener: this.opener, direction: this.directionName(),
      declarations: this.declarations,
      call: { player, call, tiles: revealed.toString(), declarer,
        declared: [...this.last[1].words] },
      ruling: { by, decision, caller: callerDelta, declarer: declarerDelta,
        reason: by === "referee" ? null : verdict.reason, referee: verdict },
      tile_changes: changes, out: changes.filter((c) => c.out).map((c) => c.player),
    };
    this.nextRound();
    Object.assign(record, { next_opener: this.winner ? null : this.opener,
      next_direction: this.winner ? null : this.directionName(), winner: this.winner });
    this.rounds.push(record);
    return verdict;
  }

  restartRound() {
    this.turns = [];
    this.last = null;
    this.declarations = [];
    if (!this.isOver()) this.opener = this.nextIn(this.out[this.out.length - 1]);
  }

  /** The latest player to take a turn who is still in opens; the direction flips. */
  nextRound() {
    let opener = [...this.turns].reverse().find((p) => !this.out.includes(p)) ?? null;
    this.round += 1;
    this.direction = -this.direction;
    this.turns = [];
    this.last = null;
    this.declarations = [];
    if (opener === null) opener = this.active[0];
    this.opener = opener;
    this.toMove = opener;
  }

  toDict() {
    const active = this.active;
    const winner = this.winner;
    return {
      game: "letters", rules: this.rules.toDict(), players: [...this.players],
      tiles: Object.fromEntries(active.map((p) => [p, this.tiles.get(p)])), out: [...this.out],
      round: this.round, direction: this.directionName(),
      to_move: winner ? null : this.toMove, opener: this.opener,
      last: this.last === null ? null : { player: this.last[0],
        declared: [...this.last[1].words], shape: this.last[1].shape },
      winner, tiles_in_play: this.tilesInPlay, declarations: [...this.declarations],
      over: winner !== null, rounds: [...this.rounds], outcome: this.outcome(),
    };
  }
}

/** Liars' Letters for engine/replay.js; `loadLexicon` loads a bundled lexicon by name. */
export function lettersReplay(loadLexicon) {
  return { name: "letters", Game: LettersGame, readAction,
    makeRules: (data) => LettersRules.fromDict(data, loadLexicon) };
}
