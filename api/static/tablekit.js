// What the Table screens share (table.js, games/letters/table.js, games/dice/table.js):
// app.js's helpers, the places and counts a table shows, the setup form and the rounds'
// history.

import { plural } from "./screenkit.js";

const DEBOUNCE_MS = 250;

export let app; // app.js's helpers: h, $, $$, postJSON, route (table.js's start sets them)

/** Keep app.js's helpers for every table module. */
export function useApp(helpers) {
  app = helpers;
}

export const shapeText = (shape) => "(" + shape.join(", ") + ")";

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th"}`;
}

/** A player's final place: the last one in is 1st, the first to go out is last. */
export const placeOf = (state, player) => state.players.length - state.out.indexOf(player);

/** A seat's count as the table reads it: "3 tiles", "out · 3rd place", "winner · 2 tiles". */
export function seatCount(state, player, held, winner) {
  if (state.out.includes(player)) return `out · ${ordinal(placeOf(state, player))} place`;
  return player === winner ? `winner · ${held}` : held;
}

/** The line under the winner: how long the game took. */
export const gameOverLine = (rounds) => `Game over after ${plural(rounds, "round")}.`;

export function debounce(fn) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), DEBOUNCE_MS); };
}

/** The players typed in seat order: one a line (commas also separate). */
export function readPlayers(text) {
  return text.split(/[\n,]+/).map((name) => name.trim()).filter(Boolean);
}

/** The setup form both games share: players, the game's own options, Start. */
export function buildSetupForm(table, options, readRules) {
  const { h } = app;
  const players = table.field("players", "Players, in seat order (clockwise)",
    "One name a line, 2 to 20 players; the first opens.",
    { tag: "textarea", rows: 4, autocapitalize: "words", inputmode: "text" });
  const back = h("button", { type: "button", class: "secondary", id: table.id("back"),
    onclick: () => { table.clearMessages(); table.resume(); } }, "Back to the game");
  const form = h("form", { class: "card", id: table.id("setup"), novalidate: true },
    h("h3", {}, "New game"), players.element, ...options.map((o) => o.element),
    h("button", { type: "submit", class: "primary", id: table.id("start") }, "Start the game"),
    back);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    table.start({ rules: readRules(), players: readPlayers(players.input.value), events: [] });
  });
  return { element: form, players: players.input, back };
}

export function renderHistory(table, state, line) {
  const { h } = app;
  const list = app.$("ol", table.history);
  list.replaceChildren(...state.rounds.map((round, i) => h("li", {}, line(round, i))));
  table.history.hidden = !state.rounds.length;
}
