// Liar's Dice's own routes on the phone (api/odds.py's /dice/odds, and whole games as
// api/games.py replays them), each answered as the API answers it.  The page's local router
// (engine/local.js) asks this module for a path under /dice/.

import { jsonBody } from "../../engine/requests.js";

/** POST /dice/odds, by the game's odds (./odds.js, imported when first asked for). */
async function oddsRoute(body) {
  const odds = await import("./odds.js");
  return odds.diceAnswer(jsonBody(body, null));
}

let replayModules = null;

/** POST /dice/replay: a whole game, by engine/game.js and ./game.js (loaded on first use). */
async function replayRoute(body) {
  replayModules ??= Promise.all([import("../../engine/game.js"), import("./game.js")]);
  const [game, dice] = await replayModules;
  return game.replay(dice.DICE_REPLAY, jsonBody(body, null));
}

/** [pattern, {METHOD: view(body)}]: the routes this game answers on the phone. */
export const ROUTES = [
  [/^\/dice\/odds$/, { POST: (body) => oddsRoute(body) }],
  [/^\/dice\/replay$/, { POST: (body) => replayRoute(body) }],
];
