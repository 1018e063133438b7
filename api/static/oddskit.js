// What the Odds screens share (odds.js, and each game's games/NAME/oddsscreen.js): the
// fields, a chance shown as its percentage and its exact fraction, an estimate's line, and
// the list of raises that weighs each in turn.  The screens' helpers come from app.js
// through odds.js (useApp).

import { percent } from "./engine/chance.js";

export let app; // app.js's helpers: h, $, postJSON, wireForm, showResult, answerNote, route

/** Keep app.js's helpers for every screen (odds.js, once, before any screen is built). */
export function useApp(helpers) {
  app = helpers;
}

const TEXT = { type: "text", autocorrect: "off", spellcheck: "false", autocomplete: "off" };

/** A chance as the screens show it: the percentage, and the exact fraction beside it. */
export function chanceLine(chance, { id = null } = {}) {
  const { h } = app;
  return [h("strong", { class: "odds-percent", id }, percent(chance.probability)), " ",
    h("span", { class: "odds-fraction mono", title: "the exact chance" }, chance.fraction)];
}

/** An estimate's line: "about 0.06% (estimate: 3 of 5000 deals, seed 1; 95% interval ...)". */
export function estimateText(e) {
  const [low, high] = e.interval;
  return `about ${percent(e.probability)} (estimate: ${e.hits} of ${e.samples} deals, seed ` +
    `${e.seed}; ${Math.round(e.confidence * 100)}% interval ${percent(low)} to ${percent(high)})`;
}

/** One labelled field: {input, element}; `hint` null for none. */
export function field(id, name, label, hint, attrs = {}) {
  const { h } = app;
  const input = h("input", { id, name, ...TEXT, "aria-describedby":
    `${hint === null ? "" : `${id}-hint `}${id}-error`, ...attrs });
  const element = h("div", { class: "field" }, h("label", { for: id }, label), input,
    hint === null ? null : h("p", { class: "hint", id: `${id}-hint` }, hint),
    h("p", { class: "error", id: `${id}-error`, role: "alert", hidden: true }));
  return { input, element };
}

export function select(id, name, label, choices, value) {
  const { h } = app;
  const input = h("select", { id, name, "aria-describedby": `${id}-error` },
    choices.map(([v, text]) => h("option", { value: v, selected: v === value || null }, text)));
  const element = h("div", { class: "field" }, h("label", { for: id }, label), input,
    h("p", { class: "error", id: `${id}-error`, role: "alert", hidden: true }));
  return { input, element };
}

/** Text as sent: a whole number's digits as a number, anything else as typed (the
 * referee reads it and names what is wrong). */
export const count = (text) => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : text);

/** A screen's form and its result, appended to `root`: its `fields`, then "More" (its
 * `summary`) holding `more`, the submit button, a `hint` and the form's error; each id
 * from `id` ("odds": #odds-form, #odds-more, #odds-form-error, #odds-result). */
export function oddsForm(root, id, { fields, summary, more, hint }) {
  const { h } = app;
  const form = h("form", { id: `${id}-form`, class: "card", novalidate: true }, ...fields,
    h("details", { class: "more", id: `${id}-more` }, h("summary", {}, summary),
      h("div", { class: "more-body" }, ...more)),
    h("button", { class: "primary", type: "submit" }, "How likely?"),
    h("p", { class: "hint center" }, hint),
    h("p", { class: "error", id: `${id}-form-error`, role: "alert", hidden: true }));
  const result = h("div", { id: `${id}-result`, class: "result", "aria-live": "polite",
    tabindex: "-1", hidden: true });
  root.append(form, result);
  return { form, result };
}

/** The list of raises: each a button that weighs it next. */
export function raiseList(id, items, label, use) {
  const { h } = app;
  return h("ol", { class: "odds-raises", id, "aria-label": label },
    items.map((item) => h("li", {}, h("button", { type: "button", class: "secondary odds-raise",
      "data-raise": item.text, onclick: () => use(item) },
      h("span", { class: "words" }, item.text),
      h("span", { class: "odds-raise-chance" }, chanceLine(item.chance))))));
}
