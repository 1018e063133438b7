// The games the Play screen can show, each its own screen module: the shell (play.js,
// playview.js) names no game and asks the view's game's screen for what differs.

import dice from "./dice.js";
import letters from "./letters.js";
import liarliar from "./liarliar.js";
import poker from "./poker.js";
import post from "./post.js";

export const SCREENS = [letters, dice, poker, liarliar, post];
const BY_GAME = new Map(SCREENS.map((s) => [s.game, s]));

/** The screen of `game`, or null where this page has none (a newer server's game). */
export function screenOf(game) {
  return BY_GAME.get(game) || null;
}

/** A game's name for people ("Liar Liar"), or its code where this page has no screen. */
export function titleOf(game) {
  const screen = BY_GAME.get(game);
  return screen ? screen.title : game;
}
