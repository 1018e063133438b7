// The Odds screens (#odds, #diceodds): how likely a claim is from what you alone can see --
// your own tiles or dice, and how many the others hold -- and the safest raises.
//
// Every answer is POST /api/v1/letters/odds or /dice/odds, from the server when there is
// one, else from the page's own engine (games/NAME/odds.js, the library's exact answer), so the
// screens work offline.  Each chance is shown as a percentage and as its exact fraction;
// sampled deals, asked for under "More", are marked as estimates with their interval.  The
// raises are advice: a tap on one weighs it in turn.  Loaded by app.js after the first screen.

import { app, useApp } from "./oddskit.js";
import { PAGE_GAMES } from "./engine/tables.js";

/** Each game's Odds screen (games/NAME/oddsscreen.js), built into index.html's
 * [data-odds=NAME], as the generated tables list each game's modules. */
export async function start(helpers) {
  useApp(helpers);
  const games = Object.keys(PAGE_GAMES)
    .filter((name) => PAGE_GAMES[name].includes("oddsscreen.js"));
  for (const name of games) {
    const root = document.querySelector(`[data-odds="${name}"]`);
    if (root) (await import(`./games/${name}/oddsscreen.js`)).default(root);
  }
  app.route();
}
