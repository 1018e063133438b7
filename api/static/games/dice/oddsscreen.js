// Liar's Dice's Odds screen (#diceodds): how likely a bid holds from your own dice and how
// many the others hold, and every next bid, safest first.  Every answer is POST
// /api/v1/dice/odds (the server's, else the page's own engine: ./odds.js).  Built by odds.js
// into index.html's [data-odds=dice].

import { app, chanceLine, count, field, oddsForm, raiseList, select } from "../../oddskit.js";

/** Build the screen into `root`. */
export default function build(root) {
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
  const { form, result } = oddsForm(root, "diceodds", {
    fields: [mine.element, hidden.element, bid.element, wild],
    summary: "More: rules, raises",
    more: [order.element, faces.element, each.element, limit.element],
    hint: "From your dice alone: each hidden die is fair." });
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
