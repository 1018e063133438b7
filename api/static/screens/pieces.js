// The pieces a call turns over, face up on the table display (tabledisplay.js), and the
// words of a count gained or lost: each game's screen module draws its own with these.

import { app } from "../playkit.js";
import { plural } from "../screenkit.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
export const h = (...args) => app.h(...args);

/** One tile, die or card face up: `.tv-piece`, its text in `data-piece` as the view says it. */
export function piece(kind, text, shown, extra = null) {
  return h("span", { class: `tv-piece tv-${kind}${extra ? ` ${extra}` : ""}`,
    "data-piece": String(text) }, shown);
}

export const tile = (letter) => piece("tile", letter, letter.toUpperCase());
export const die = (face) => piece("die", face, String(face));

/** A card ("10H", "QS", "joker"): its rank and suit sign, red or black. */
export function card(text) {
  if (text === "joker") return piece("card", text, "Joker", "joker");
  const suit = text.slice(-1);
  return piece("card", text, `${text.slice(0, -1)}${SUITS[suit] || suit}`,
    RED.has(suit) ? "red" : "black");
}

/** "+1 tile", "−2 dice": a count gained or lost. */
export const changed = (one, many) => (delta) => `${delta > 0 ? "+" : "−"}${plural(
  Math.abs(delta), one, many)}`;
