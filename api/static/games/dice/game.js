// A whole game of Liar's Dice (port of solver/games/dice.py's DiceGame and its replay events):
// bids that must raise under the table's bid order, the "Liar!" call on everyone's revealed
// dice, who loses a die, who opens next, who is out, the winner.

import { Bid, DiceRules, MAX_FACES, readDice } from "./engine.js";
import { IllegalMove, InvalidDie, InvalidInput } from "../../engine/errors.js";
import { Game, Leave } from "../../engine/game.js";
import { keys, repr, sortedSet } from "../../engine/pystr.js";
import { has, isDict, nextPlayer, require } from "../../engine/rules.js";

/** ``player`` bids (opens or raises). */
export class MakeBid {
  constructor(player, bid) { this.player = player; this.bid = bid; }
}

/** ``player`` calls "Liar!"; ``dice``: everyone's revealed faces, a Map by player. */
export class CallLiar {
  constructor(player, dice) { this.player = player; this.dice = dice; }
}

/** An action from its JSON form (dice.action_from_dict). */
export function readAction(event, field = "event") {
  const kind = require(event, "type", { field });
  const player = require(event, "player", { field });
  if (kind === "bid") {
    const claim = has(event, "claim") ? event.claim : event;
    return new MakeBid(player, Bid.parse(claim, { field: `${field}.claim` }));
  }
  if (kind === "liar" || kind === "call") {
    const dice = require(event, "dice", { field });
    if (!isDict(dice)) {
      throw new InvalidDie("a call's dice must map each player to their faces",
        { field: `${field}.dice` });
    }
    const read = new Map();
    for (const p of keys(dice)) read.set(p, readDice(dice[p], MAX_FACES, { field: `${field}.dice.${p}` }));
    return new CallLiar(player, read);
  }
  if (kind === "leave") return new Leave(player);
  throw new InvalidInput(`a Liar's Dice event is 'bid', 'liar' or 'leave', not ${repr(kind)}`,
    { field: `${field}.type` });
}

/** What a "Liar!" call decided (RoundResult.to_dict()). */
function roundDict(bid, bidder, caller, count, holds, loser, out) {
  return { bid: bid.toDict(), bidder, caller, count, holds, loser, loses: "one die", out };
}

/** A Liar's Dice game: dice held, whose turn, the standing bid, who is out. */
export class DiceGame extends Game {
  static key = "dice";
  static title = "Liar's Dice";

  start() {
    this.dice = new Map(this.players.map((p) => [p, this.rules.diceEach]));
    this.bid = null;
    this.bidder = null;
    this.rounds = [];
  }

  get diceInPlay() { return this.active.reduce((sum, p) => sum + this.dice.get(p), 0); }

  lastOneIn() { return `${this.active[0]} is the last with dice`; }

  restartRound() { this.bid = null; this.bidder = null; }

  canCall() { return !this.isOver() && this.bid !== null; }

  async checkMove(action) {
    if (action instanceof MakeBid) {
      this.rules.checkBid(action.bid, this.diceInPlay);
      const problem = this.rules.raiseProblem(this.bid, action.bid);
      if (problem) {
        throw new IllegalMove(`${action.player} cannot bid ${action.bid}: ${problem}`,
          { field: "claim" });
      }
    } else {
      if (this.bid === null) {
        throw new IllegalMove(`${action.player} cannot call 'Liar!': nobody has bid this ` +
          "round", { field: "type" });
      }
      this.revealed(action.dice);
    }
  }

  /** All revealed dice, checked against what each player holds. */
  revealed(dice) {
    const active = this.active;
    const extra = sortedSet([...dice.keys()].filter((p) => !active.includes(p)));
    if (extra.length) {
      throw new InvalidDie(`dice revealed for ${extra.join(", ")}, who ` +
        `${extra.length === 1 ? "is" : "are"} not in the game`, { field: "dice" });
    }
    const every = [];
    for (const player of active) {
      const faces = readDice([...(dice.get(player) ?? [])], this.rules.faces,
        { field: `dice.${player}` });
      if (faces.length !== this.dice.get(player)) {
        throw new InvalidDie(`${player} holds ${this.dice.get(player)} dice, but ` +
          `${faces.length} were revealed`, { field: `dice.${player}` });
      }
      every.push(...faces);
    }
    return every;
  }

  async apply(action) {
    if (action instanceof MakeBid) {
      this.bid = action.bid;
      this.bidder = action.player;
      this.toMove = nextPlayer(this.players, action.player, this.out);
      return null;
    }
    const dice = this.revealed(action.dice);
    const count = this.rules.count(this.bid, dice);
    const holds = count >= this.bid.quantity;
    const loser = holds ? action.player : this.bidder;
    this.dice.set(loser, this.dice.get(loser) - 1);
    const out = this.dice.get(loser) === 0;
    if (out) this.out.push(loser);
    const result = roundDict(this.bid, this.bidder, action.player, count, holds, loser, out);
    this.rounds.push(result);
    this.bid = null;
    this.bidder = null;
    if (this.isOver()) this.toMove = null;
    else this.toMove = out ? nextPlayer(this.players, loser, this.out) : loser;
    return result;
  }

  stateDict() {
    return {
      dice: Object.fromEntries(this.players.map((p) => [p, this.dice.get(p)])),
      out: [...this.out], to_move: this.toMove, bid: this.bid ? this.bid.toDict() : null,
      bidder: this.bidder, can_call: this.canCall(), dice_in_play: this.diceInPlay,
      rounds: this.rounds.map((r) => ({ ...r })),
    };
  }
}

/** Liar's Dice for engine/replay.js. */
export const DICE_REPLAY = {
  name: "dice", Game: DiceGame, readAction, makeRules: (data) => DiceRules.fromDict(data),
};
