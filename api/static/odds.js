// The Odds screens (#odds, #diceodds): how likely a claim is from what you alone can see --
// your own tiles or dice, and how many the others hold -- and the safest raises.
//
// Every answer is POST /api/v1/letters/odds or /dice/odds, from the server when there is
// one, else from the page's own engine (games/NAME/odds.js, the library's exact answer), so the
// screens work offline.  Each chance is shown as a percentage and as its exact fraction;
// sampled deals, asked for under "More", are marked as estimates with their interval.  The
// raises are advice: a tap on one weighs it in turn.  Loaded by app.js after the first screen.

import { percent } from "./engine/chance.js";
import { upper } from "./screenkit.js";

let app; // app.js's helpers: h, $, postJSON, wireForm, showResult, answerNote, route

const TEXT = { type: "text", autocorrect: "off", spellcheck: "false", autocomplete: "off" };

/** A chance as the screens show it: the percentage, and the exact fraction beside it. */
function chanceLine(chance, { id = null } = {}) {
  const { h } = app;
  return [h("strong", { class: "odds-percent", id }, percent(chance.probability)), " ",
    h("span", { class: "odds-fraction mono", title: "the exact chance" }, chance.fraction)];
}

/** An estimate's line: "about 0.06% (estimate: 3 of 5000 deals, seed 1; 95% interval ...)". */
function estimateText(e) {
  const [low, high] = e.interval;
  return `about ${percent(e.probability)} (estimate: ${e.hits} of ${e.samples} deals, seed ` +
    `${e.seed}; ${Math.round(e.confidence * 100)}% interval ${percent(low)} to ${percent(high)})`;
}

/** One labelled field: {input, element}; `hint` null for none. */
function field(id, name, label, hint, attrs = {}) {
  const { h } = app;
  const input = h("input", { id, name, ...TEXT, "aria-describedby":
    `${hint === null ? "" : `${id}-hint `}${id}-error`, ...attrs });
  const element = h("div", { class: "field" }, h("label", { for: id }, label), input,
    hint === null ? null : h("p", { class: "hint", id: `${id}-hint` }, hint),
    h("p", { class: "error", id: `${id}-error`, role: "alert", hidden: true }));
  return { input, element };
}

function select(id, name, label, choices, value) {
  const { h } = app;
  const input = h("select", { id, name, "aria-describedby": `${id}-error` },
    choices.map(([v, text]) => h("option", { value: v, selected: v === value || null }, text)));
  const element = h("div", { class: "field" }, h("label", { for: id }, label), input,
    h("p", { class: "error", id: `${id}-error`, role: "alert", hidden: true }));
  return { input, element };
}

/** Text as sent: a whole number's digits as a number, anything else as typed (the
 * referee reads it and names what is wrong). */
const count = (text) => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : text);

/** The list of raises: each a button that weighs it next. */
function raiseList(id, items, label, use) {
  const { h } = app;
  return h("ol", { class: "odds-raises", id, "aria-label": label },
    items.map((item) => h("li", {}, h("button", { type: "button", class: "secondary odds-raise",
      "data-raise": item.text, onclick: () => use(item) },
      h("span", { class: "words" }, item.text),
      h("span", { class: "odds-raise-chance" }, chanceLine(item.chance))))));
}

// --- Liars' Letters ------------------------------------------------------------------------

function buildLetters(root) {
  const { h } = app;
  const mine = field("odds-mine", "mine", "Your tiles", "Only yours: the others' are hidden " +
    "from you. Empty if you hold none.", { autocapitalize: "characters", inputmode: "text",
    enterkeyhint: "next", placeholder: "A B E" });
  const hidden = field("odds-hidden", "hidden", "Tiles the others hold", "How many tiles are " +
    "in the other players' hands.", { autocapitalize: "off", inputmode: "numeric",
    enterkeyhint: "next", placeholder: "9" });
  const declared = field("odds-declared", "declared", "The declaration", "The word set to " +
    "weigh, e.g. the last one declared: BIGGER, A.", { autocapitalize: "characters",
    inputmode: "text", enterkeyhint: "go", placeholder: "BIGGER, A" });
  const limit = select("odds-limit", "limit", "Raises listed", [["0", "None"], ["3", "3"],
    ["5", "5"], ["10", "10"]], "5");
  const samples = field("odds-samples", "samples", "Sampled deals", "Also deal the hidden " +
    "tiles at random this many times (0 to 20,000), a check on the exact chance.",
  { autocapitalize: "off", inputmode: "numeric", enterkeyhint: "next", placeholder: "0" });
  const seed = field("odds-seed", "seed", "Seed", "The same seed deals the same hands.",
    { autocapitalize: "off", inputmode: "numeric", enterkeyhint: "next", placeholder: "0" });
  const budget = field("odds-budget", "budget", "Seconds the search may take", "0 to 60; " +
    "empty: the default. Only a declaration of every tile in play needs the search.",
  { autocapitalize: "off", inputmode: "decimal", enterkeyhint: "done", placeholder: "2" });
  const form = h("form", { id: "odds-form", class: "card", novalidate: true },
    mine.element, hidden.element, declared.element,
    h("details", { class: "more", id: "odds-more" }, h("summary", {}, "More: raises, sampling"),
      h("div", { class: "more-body" }, limit.element, samples.element, seed.element,
        budget.element)),
    h("button", { class: "primary", type: "submit" }, "How likely?"),
    h("p", { class: "hint center" }, "From your tiles alone: the hidden tiles are any of the " +
      "set's others, each draw as likely."),
    h("p", { class: "error", id: "odds-form-error", role: "alert", hidden: true }));
  const result = h("div", { id: "odds-result", class: "result", "aria-live": "polite",
    tabindex: "-1", hidden: true });
  root.append(form, result);
  app.wireForm(form, async () => {
    const body = { mine: mine.input.value, hidden: count(hidden.input.value),
      declared: declared.input.value, limit: Number(limit.input.value),
      lexicon: app.$("#lexicon").value, tile_set: app.$("#tile-set").value };
    if (samples.input.value.trim()) body.samples = count(samples.input.value);
    if (seed.input.value.trim()) body.seed = count(seed.input.value);
    if (budget.input.value.trim()) body.budget = budget.input.value;
    const data = await app.postJSON("/letters/odds", body);
    const exists = data.exists;
    result.className = "result";
    result.dataset.fraction = exists.fraction;
    const weigh = (item) => {
      declared.input.value = item.text;
      form.requestSubmit();
    };
    app.showResult(result, ...renderLetters(data, weigh, body.limit), app.answerNote(data));
  }, result);
}

function renderLetters(data, weigh, limit) {
  const { h } = app;
  const said = upper(data.declared);
  const high = data.highest;
  const suggestions = data.suggestions.map((s) => ({ text: upper(s.words), chance: s.exists }));
  const sampled = data.sampled;
  return [
    h("p", { class: "hint" }, `${data.mine || "No tiles"} of yours, ${data.hidden} hidden of ` +
      `${data.unseen} unseen`),
    h("h3", { class: "odds-headline" }, h("span", { class: "words" }, said), " exists: ",
      chanceLine(data.exists, { id: "odds-exists" })),
    h("p", { class: "reason", id: "odds-exists-reason" }, data.exists.reason),
    h("h4", { class: "odds-heading" }, "Is it the highest? (an Exact call upheld)"),
    high.decided
      ? h("p", { id: "odds-highest" }, chanceLine(high))
      : h("p", { class: "warn", role: "note", id: "odds-highest" },
        `Undecided: between 0% and ${percent(high.interval[1])}`),
    h("p", { class: "reason" }, high.reason),
    sampled ? h("div", { id: "odds-sampled" },
      h("h4", { class: "odds-heading" }, "Sampled deals (estimates, not exact)"),
      h("ul", { class: "facts" },
        h("li", {}, `Exists: ${estimateText(sampled.exists)}`),
        h("li", {}, sampled.highest ? `The highest: ${estimateText(sampled.highest)}`
          : "The highest: undecided on a deal (the search ran out of time)"))) : null,
    h("h4", { class: "odds-heading" }, "Safest raises (advice)"),
    suggestions.length ? raiseList("odds-raises", suggestions, "Safest raises", weigh)
      : h("p", { id: "odds-raises" }, limit ? "None: no raise the search tried can exist. " +
        "Call instead." : "None asked for (More: raises listed)."),
    h("p", { class: "hint" }, `${data.advice[0].toUpperCase()}${data.advice.slice(1)}.`),
  ];
}

// --- Liar's Dice ------------------------------------------------------------------------------

function buildDice(root) {
  const { h } = app;
  const mine = field("diceodds-mine", "mine", "Your dice", "Only yours: 2 5 5, or 255. Empty " +
    "if you hold none.", { autocapitalize: "off", inputmode: "numeric", enterkeyhint: "next",
    placeholder: "2 5 5" });
  const change = (text) => { mine.input.value = text; mine.input.dispatchEvent(new Event("input")); };
  const keypad = h("div", { class: "keypad", role: "group", "aria-label": "Add a die to your dice" },
    ["1", "2", "3", "4", "5", "6"].map((key) => h("button", { type: "button", class: "key",
      "aria-label": `Add a ${key}`, onclick: () => change(`${mine.input.value.trim()} ${key}`.trim()) },
    key)),
    h("button", { type: "button", class: "key", "aria-label": "Remove the last die",
      onclick: () => change(mine.input.value.trim().replace(/\s*\S$/, "")) }, "⌫"),
    h("button", { type: "button", class: "key key-text", "aria-label": "Clear the dice",
      onclick: () => change("") }, "Clear"));
  mine.element.insertBefore(keypad, mine.element.querySelector(".hint"));
  const hidden = field("diceodds-hidden", "hidden", "Dice the others hold", "How many dice " +
    "are under the other players' cups.", { autocapitalize: "off", inputmode: "numeric",
    enterkeyhint: "next", placeholder: "10" });
  const bid = field("diceodds-bid", "bid", "The bid", "As said at the table: “4 fives”.",
    { autocapitalize: "off", inputmode: "text", enterkeyhint: "go", placeholder: "4 fives" });
  const wild = h("label", { class: "check" }, h("input", { type: "checkbox", id: "diceodds-wild1",
    name: "wild1" }), h("span", {}, "1s are wild"));
  const order = select("diceodds-bid-order", "bid_order", "Bid order", [
    ["seed", "Standard (seed rules)"], ["quantity-first", "Quantity first"],
    ["perudo", "Perudo (1s wild)"]], "seed");
  const faces = select("diceodds-faces", "faces", "Faces a die", [["6", "6"], ["8", "8"],
    ["10", "10"], ["12", "12"], ["20", "20"]], "6");
  const each = select("diceodds-dice-each", "dice_each", "Dice each player starts with",
    Array.from({ length: 20 }, (_, i) => [String(i + 1), String(i + 1)]), "5");
  const limit = select("diceodds-limit", "limit", "Raises listed", [["0", "None"], ["3", "3"],
    ["5", "5"], ["20", "20"]], "5");
  const form = h("form", { id: "diceodds-form", class: "card", novalidate: true },
    mine.element, hidden.element, bid.element, wild,
    h("details", { class: "more", id: "diceodds-more" }, h("summary", {}, "More: rules, raises"),
      h("div", { class: "more-body" }, order.element, faces.element, each.element,
        limit.element)),
    h("button", { class: "primary", type: "submit" }, "How likely?"),
    h("p", { class: "hint center" }, "From your dice alone: each hidden die is fair."),
    h("p", { class: "error", id: "diceodds-form-error", role: "alert", hidden: true }));
  const result = h("div", { id: "diceodds-result", class: "result", "aria-live": "polite",
    tabindex: "-1", hidden: true });
  root.append(form, result);
  app.wireForm(form, async () => {
    const rules = { bid_order: order.input.value, faces: Number(faces.input.value),
      dice_each: Number(each.input.value) };
    if (app.$("#diceodds-wild1").checked) rules.wild = [1];
    const text = mine.input.value.trim();
    const dice = (/[\s,]/.test(text) ? text.split(/[\s,]+/) : [...text]).filter(Boolean)
      .map((d) => (/^\d+$/.test(d) ? Number(d) : d));
    let data;
    try {
      data = await app.postJSON("/dice/odds", { mine: dice, hidden: count(hidden.input.value),
        bid: bid.input.value, rules, limit: Number(limit.input.value) });
    } catch (error) {
      const name = error.field ? error.field.split(/[.[]/)[0] : null;
      if (name === "claim") error.field = "bid";
      else if (name === "rules") error.field = null; // said under the form, naming the rule
      else if (error.field && name !== error.field) error.field = name;
      throw error;
    }
    result.className = "result";
    result.dataset.fraction = data.holds.fraction;
    const weigh = (item) => {
      bid.input.value = item.text;
      form.requestSubmit();
    };
    app.showResult(result, ...renderDice(data, weigh), app.answerNote(data));
  }, result);
}

function renderDice(data, weigh) {
  const { h } = app;
  const wild = data.wild.length && !data.wild.includes(data.bid.face);
  const suggestions = data.suggestions.map((s) => ({ text: s.bid.phrase, chance: s.holds }));
  return [
    h("p", { class: "hint" }, `${data.mine.length ? data.mine.join(" ") : "No dice"} of yours, ` +
      `${data.hidden} hidden, ${data.dice_in_play} in play` +
      (wild ? ` (${data.wild.join(", ")}s wild)` : "")),
    h("h3", { class: "odds-headline" }, h("strong", {}, data.bid.phrase), " holds: ",
      chanceLine(data.holds, { id: "diceodds-holds" })),
    h("p", { class: "reason", id: "diceodds-reason" }, data.holds.reason),
    h("h4", { class: "odds-heading" }, "Every next bid, safest first (advice)"),
    suggestions.length ? raiseList("diceodds-raises", suggestions, "Next bids", weigh)
      : h("p", { id: "diceodds-raises" }, "None asked for (More: raises listed)."),
    h("p", { class: "hint" }, `${data.advice[0].toUpperCase()}${data.advice.slice(1)}.`),
  ];
}

export function start(helpers) {
  app = helpers;
  const letters = document.querySelector("[data-odds=letters]");
  const dice = document.querySelector("[data-odds=dice]");
  if (letters) buildLetters(letters);
  if (dice) buildDice(dice);
  app.route();
}

