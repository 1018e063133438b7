// Cards on the Play screen (Liar Liar, Liar's Post, Liar's Poker): a hand shown as cards, each
// a button a thumb taps to pick it; the ranks a claim names.

import { Card } from "../engine/cards.js";
import { icon } from "../icons.js";

const RED = new Set(["H", "D"]);
const SUIT_WORDS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack" };
export const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

/** "Q♥" for "QH"; the joker as "Joker" (its face draws a picture: face()). */
export function symbol(code) {
  const card = Card.parse(code);
  return card.isJoker ? "Joker" : card.symbol;
}

/** "queen of hearts" for "QH", read aloud. */
export function spoken(code) {
  const card = Card.parse(code);
  if (card.isJoker) return "joker";
  const rank = String(code).slice(0, -1);
  return `${RANK_WORDS[rank] || rank} of ${SUIT_WORDS[card.suit] || card.suit}`;
}

/** The rank of a card code ("10H" → "10"), or null for the joker. */
export function rankOf(code) {
  return code === "joker" ? null : code.slice(0, -1);
}

/** A rank named for people, plural: "Ks", "10s". */
export const ranks = (rank) => `${rank}s`;

/** A card's face, coloured by its suit: a picture named as it is read ("queen of hearts"). */
export function face(h, code, attrs = {}) {
  const suit = code === "joker" ? "joker" : code.slice(-1);
  return h("span", { class: `card-face ${RED.has(suit) ? "red" : suit === "joker" ? "joker" : ""}`,
    role: "img", "aria-label": spoken(code), ...attrs },
  suit === "joker" ? icon("joker") : symbol(code));
}

/** Cards face up in a row (a reveal, a looked-at card). */
export function faces(h, cards) {
  return h("span", { class: "card-row" }, cards.map((c) => face(h, c)));
}

/** The hand as a list of cards; with `pick`, each a toggle button ({picked: Set of indexes,
 * most, onPick(index)}); a hand with nothing to pick now is only shown. */
export function handList(p, hand, pick = null) {
  const { h } = p;
  if (pick && pick.disabled) pick = null;
  return h("ul", { class: "hand hand-cards", id: p.id("hand-list"), "aria-label": "Your cards" },
    hand.map((code, i) => h("li", { "data-card": code },
      pick ? h("button", { type: "button", class: "card-pick", "data-card": code,
        "aria-pressed": String(pick.picked.has(i)),
        disabled: pick.disabled || (!pick.picked.has(i) && pick.picked.size >= pick.most) || null,
        onclick: () => pick.onPick(i) }, face(h, code))
        : face(h, code))));
}

/** A row of choice buttons (one pressed), a thumb's width each: players, kinds. */
export function choices(p, name, label, items, chosen, onChoose) {
  const { h } = p;
  return h("div", { class: "choice-row", role: "group", "aria-label": label, id: p.id(name) },
    items.map(([value, text]) => h("button", { type: "button", class: "choice",
      "data-value": value, "aria-pressed": String(value === chosen),
      onclick: () => onChoose(value) }, text)));
}
