// The sister games by name (solver/games/registry.py's GAMES): GAMES[name].check(payload)
// answers the same dict as the server's POST /<game>/check, or throws the same LiarsError;
// GAMES[name].screen is its screen on the phone page (the module's SCREEN; api/static/games.js).
// Each game's engine port is its page folder's games/<name>/engine.js.

import { InvalidInput, NeedsServer } from "./errors.js";
import { repr } from "./pystr.js";
import { GAMES as TITLED } from "./tables.js";

/**
 * A game's module, games/<name>/engine.js, loaded if it is there: a page without one still
 * checks the other games (and says plainly that this one needs the server, never guesses).
 */
async function optional(name, title) {
  try {
    return await import(`../games/${name}/engine.js`);
  } catch {
    const refuse = () => {
      throw new NeedsServer(`${title} checks need the referee server: this page has no ` +
                            `${title} engine`);
    };
    return { check: refuse };
  }
}

const modules = Object.fromEntries(await Promise.all(Object.entries(TITLED).map(
  async ([name, { title }]) => [name, await optional(name, title)])));

/** The library's games, in its order, with their titles (a screen: null without a module). */
export const GAMES = Object.fromEntries(Object.entries(TITLED).map(([name, { title }]) =>
  [name, { name, title, check: modules[name].check, screen: modules[name].SCREEN ?? null }]));

/** games.get_game: the entry for ``name``; an unknown name is an InvalidInput naming it. */
export function getGame(name) {
  if (typeof name === "string" && Object.hasOwn(GAMES, name)) return GAMES[name];
  throw new InvalidInput(`no game ${repr(name)}; the games are ${Object.keys(GAMES).join(", ")}`,
                         { field: "game" });
}
