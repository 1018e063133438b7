// Liars' Letters' Odds screen (#odds): how likely a declaration is from your own tiles and
// how many the others hold, whether it is the highest, and the safest raises.  Every answer
// is POST /api/v1/letters/odds (the server's, else the page's own engine: ./odds.js).
// Built by odds.js into index.html's [data-odds=letters].

import { percent } from "../../engine/chance.js";
import { upper } from "../../screenkit.js";
import {
  app, chanceLine, count, estimateText, field, oddsForm, raiseList, select,
} from "../../oddskit.js";

/** Build the screen into `root`. */
export default function build(root) {
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
  const { form, result } = oddsForm(root, "odds", {
    fields: [mine.element, hidden.element, declared.element],
    summary: "More: raises, sampling",
    more: [limit.element, samples.element, seed.element, budget.element],
    hint: "From your tiles alone: the hidden tiles are any of the set's others, each draw " +
      "as likely." });
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
