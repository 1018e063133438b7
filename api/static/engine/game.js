// What every game at a table shares (port of solver/games/base.py) and replaying a whole game
// from its JSON record (solver/games/registry.py's Replayer.replay): seats in clockwise order,
// whose turn it is, who is out, the end; a move is checked, then applied, so an illegal one
// changes nothing.  A game is a subclass overriding the same named hooks as the library's.
//
// Moves are async: a Liars' Letters call searches for the highest word set (engine/search.js,
// loaded on first use).  The answers are the library's, the same dict and the same errors.

import { GameOver, IllegalMove, InvalidInput, LiarsError, LimitExceeded } from "./errors.js";
import { repr, typeName } from "./pystr.js";
import { namesRead, readPlayers } from "./names.js";
import { MAX_EVENTS, nextPlayer, requestObject } from "./rules.js";

/** ``player`` leaves the table for good: out, and the round starts again. */
export class Leave {
  constructor(player) { this.player = player; }
  toDict() { return { type: "leave", player: this.player }; }
}

/** How a finished game ended (Outcome.to_dict()): who won, who lost, everyone's place. */
export function outcomeDict(winners, losers, placings, reason) {
  return {
    winner: winners.length === 1 ? winners[0] : null, winners: [...winners],
    loser: losers.length === 1 ? losers[0] : null, losers: [...losers],
    placings: placings.map((p) => [...p]), reason,
  };
}

/** A game at a table; subclasses set `key`, `title`, `seats` and override the hooks. */
export class Game {
  static seats = [2, 20];

  constructor(players, rules) {
    this.rules = rules;
    const [low, high] = this.constructor.seats;
    this.players = readPlayers(players, { game: this.constructor.title, low, high });
    this.out = [];
    this.toMove = this.players[0];
    this.start();
  }

  // --- hooks ------------------------------------------------------------------------------

  start() {}

  /** Refuse a player who is not at the table (Python's ``{player!r}``). */
  checkSeat(player) {
    if (!this.players.includes(player)) {
      throw new IllegalMove(`${repr(player)} is not at this table`, { field: "player" });
    }
  }

  turnProblem(player) { return `it is ${this.toMove}'s turn, not ${player}'s`; }

  async checkMove() {}

  async apply() { throw new Error("a game applies its own moves"); }

  isOver() { return this.active.length <= 1; }

  lastOneIn() { return `${this.active[0]} is the last player in`; }

  outcome() {
    if (!this.isOver()) return null;
    const winner = this.active[0];
    const placings = [[winner], ...[...this.out].reverse().map((p) => [p])];
    return outcomeDict([winner], this.out, placings, this.lastOneIn());
  }

  overMessage() { return `the game is over: ${this.outcome().winner} won`; }

  stateDict() { return {}; }

  /** The next player after ``player`` still in (the round's direction: a hook). */
  nextIn(player) { return nextPlayer(this.players, player, [...this.out, player]); }

  restartRound() {}

  // --- the game ---------------------------------------------------------------------------

  get active() { return this.players.filter((p) => !this.out.includes(p)); }

  /** Throw unless ``action`` is legal now: GameOver after the end, IllegalMove otherwise. */
  async check(action) {
    if (this.isOver()) throw new GameOver(this.overMessage());
    this.checkSeat(action.player);
    if (action instanceof Leave) {
      if (this.out.includes(action.player)) {
        throw new IllegalMove(`${action.player} is already out`, { field: "player" });
      }
      return;
    }
    if (action.player !== this.toMove) {
      throw new IllegalMove(this.turnProblem(action.player), { field: "player" });
    }
    await this.checkMove(action);
  }

  /** Check ``action``, then play it. */
  async push(action) {
    await this.check(action);
    if (action instanceof Leave) return this.leave(action.player);
    return this.apply(action);
  }

  /** ``player`` is out; the round starts again, opened by the next player in. */
  leave(player) {
    const opener = this.nextIn(player);
    this.out.push(player);
    this.restartRound();
    this.toMove = this.isOver() ? null : opener;
    return null;
  }

  toDict() {
    const outcome = this.outcome();
    return { game: this.constructor.key, rules: this.rules.toDict(), players: [...this.players],
      ...this.stateDict(), over: outcome !== null, outcome };
  }
}

/** Point an error's field into the event it came from: ``events[3].claim``. */
function inEvent(error, index) {
  const prefix = `events[${index}]`;
  if (!String(error.field ?? "").startsWith(prefix)) {
    error.field = error.field ? `${prefix}.${error.field}` : prefix;
  }
  return error;
}

/**
 * One game's replay (Replayer.replay): ``{rules, players, events}`` move by move; answers
 * ``{ok: true, game, events, state}`` or, at the first illegal event, ``{ok: false, game,
 * error, event_index, event, ...details, state}`` with the state before it.  Unreadable input
 * throws its LiarsError.  ``seconds`` bounds the searches of the whole replay (a deadline on
 * the game; Liars' Letters reads it).
 *
 * ``kind`` is {name, Game, readAction(event, field), makeRules(data) (may be async)}.
 */
export async function replay(kind, payload, { seconds = null, options = {} } = {}) {
  // a room's log carries its fair deal's records too ("fairness"): a replay ignores them
  payload = requestObject(payload, ["rules", "players", "events", "fairness"], ["players"],
    `${kind.name} replay`);
  const rules = await kind.makeRules(Object.hasOwn(payload, "rules") ? payload.rules : null);
  const game = new kind.Game(payload.players, rules, options);
  if (seconds !== null) game.deadline = performance.now() + 1000 * seconds;
  const events = Object.hasOwn(payload, "events") ? payload.events : [];
  if (!Array.isArray(events)) {
    throw new InvalidInput(`events must be a list, not ${typeName(events)}`,
      { field: "events" });
  }
  if (events.length > MAX_EVENTS) {
    throw new LimitExceeded(`${events.length} events given; at most ${MAX_EVENTS} are accepted`,
      { field: "events" });
  }
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index];
    try {
      await game.push(kind.readAction(namesRead(event), `events[${index}]`));
    } catch (error) {
      if (error instanceof IllegalMove) {
        return { ok: false, game: kind.name, error: inEvent(error, index).asDict(),
          event_index: index, event, ...(error.details ?? {}),
          ...(game.cutShort ? { cut_short: true } : {}), state: game.toDict() };
      }
      if (error instanceof LiarsError) throw inEvent(error, index);
      throw error;
    }
  }
  return { ok: true, game: kind.name, events: events.length, state: game.toDict() };
}
