// The sister games' checkers: Liar's Dice, Liar's Post, Liar Liar, Liar's Poker.
// One screen each and its line in the Other games menu, built from the table below; every
// answer is POST /api/v1/<game>/check.
// Loaded by app.js after the first screen is ready (it passes its helpers to start()).

const PHRASE = { autocapitalize: "off", inputmode: "text" };
const CARDS = { autocapitalize: "characters", inputmode: "text" };

const GAMES = [
  {
    name: "dice",
    title: "Liar's Dice",
    hint: "Does a bid hold?", // its line in the Other games menu
    button: "Check the bid",
    fields: [
      { name: "claim", label: "Bid", placeholder: "five sixes", required: true, ...PHRASE,
        hint: "As said at the table: “five sixes”, “2 fives”." },
      { name: "dice", label: "All revealed dice", placeholder: "6 6 1 3 6 2 6", required: true,
        autocapitalize: "off", inputmode: "numeric", keypad: ["1", "2", "3", "4", "5", "6"],
        hint: "Every player's dice: 6 6 1 3, or 6613." },
      { name: "last", label: "Bid before it (optional)", placeholder: "four sixes", ...PHRASE,
        hint: "Fill in to check that the bid was a legal raise." },
    ],
    options: [
      { kind: "checkbox", name: "wild1", label: "1s are wild" },
      { kind: "select", name: "bid_order", label: "Bid order", choices: [
        ["seed", "Standard (seed rules)"], ["quantity-first", "Quantity first"],
        ["perudo", "Perudo (1s wild)"]] },
    ],
    aliases: { bid: "claim" },
    payload(v) {
      // A run of digits is one die each ("6613" is 6 6 1 3): quicker on a number pad.
      const dice = v.dice.replace(/(\d)(?=\d)/g, "$1 ");
      const rules = { bid_order: v.bid_order };
      if (v.wild1) rules.wild = [1];
      const body = { claim: v.claim, dice, rules };
      if (v.last.trim()) body.last = v.last;
      return body;
    },
    render(d, { h }) {
      const raise = d.raise;
      const wild = d.wild.length && !d.wild.includes(d.bid.face);
      return {
        ok: d.holds,
        children: [
          h("h3", { class: d.holds ? "big-ok" : "big-bad" },
            d.holds ? "✓ The bid holds" : "✗ The bid does not hold"),
          h("p", {}, h("strong", {}, d.bid.phrase), `: ${d.count} counted among `,
            `${d.dice_in_play} dice`, wild ? ` (${d.wild.join(", ")}s wild).` : "."),
          h("p", { class: "hint" }, "If “Liar!” is called:"),
          h("ul", { class: "ruling", "aria-label": "Ruling if Liar is called" },
            h("li", {}, h("span", {}, d.loser_if_called === "caller" ? "The caller" : "The bidder"),
              h("span", { class: "delta up" }, "loses a die"))),
          raise ? h("p", { class: raise.legal ? "big-ok" : "big-bad" },
            raise.legal ? `✓ A legal raise over ${raise.last.phrase}.`
              : `✗ Not a legal raise: ${raise.reason}.`) : null,
        ],
      };
    },
  },
  {
    name: "post",
    title: "Liar's Post",
    hint: "Was the claim true?",
    button: "Check the claim",
    fields: [
      { name: "claim", label: "Claim", placeholder: "this is a queen", required: true, ...PHRASE,
        hint: "As said: “this is a queen”, “a seven”." },
      { name: "card", label: "The card", placeholder: "QH", required: true, ...CARDS,
        hint: "Q, QH, Q♥ or “queen of hearts”." },
    ],
    options: [
      { kind: "radio", name: "call", label: "The receiver called", choices: [
        ["", "Not yet"], ["true", "True"], ["false", "False"]] },
    ],
    more: {
      summary: "Does a player lose?",
      fields: [
        { name: "face_up", label: "A player's face-up cards", placeholder: "Q Q Q Q", ...CARDS,
          hint: "Including the card just taken: Q Q Q Q, or A K Q J 10 9 8 7." },
      ],
      options: [
        { kind: "select", name: "players", label: "Players at the table", value: "3",
          choices: [["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"], ["6", "6"]] },
        { kind: "checkbox", name: "one_deck", label: "One deck (32 cards)" },
        { kind: "checkbox", name: "eight_different", label: "Eight different kinds also lose" },
      ],
    },
    payload(v) {
      const body = { claim: v.claim, card: v.card,
                     rules: { one_deck: v.one_deck, eight_different: v.eight_different } };
      if (v.call) body.call = v.call;
      if (v.face_up.trim()) {
        body.face_up = v.face_up;
        body.players = Number(v.players);
      }
      return body;
    },
    render(d, { h }) {
      const called = d.call !== undefined && d.call !== null;
      const takes = { sender: "The sender takes the card.", receiver: "The receiver takes the card." };
      return {
        ok: d.claim_true, // the frame is the headline's colour; the call's row says right or wrong
        children: [
          h("h3", { class: d.claim_true ? "big-ok" : "big-bad" },
            d.claim_true ? "✓ The claim is true" : "✗ The claim is false"),
          h("p", {}, `Claimed “${d.claim.phrase}”; the card is `, h("strong", {}, d.card), "."),
          called ? h("ul", { class: "ruling", "aria-label": "Ruling" },
            h("li", {}, h("span", {}, `Receiver called ${d.call === "true" ? "True" : "False"}`),
              h("span", { class: `delta ${d.receiver_right ? "down" : "up"}` },
                d.receiver_right ? "right" : "wrong"))) : null,
          called ? h("p", {}, h("strong", {}, takes[d.takes] || `${d.takes} takes the card.`),
            " It lies face up; the taker starts the next turn.") : null,
          d.loses === undefined ? null : h("p", { class: d.loses ? "big-bad" : "big-ok" },
            d.loses ? `✗ That player loses: ${d.reason}.`
              : `✓ Those face-up cards do not lose (${d.losing_count} of a kind would).`),
        ],
      };
    },
  },
  {
    name: "liarliar",
    title: "Liar Liar",
    hint: "Was the play true?",
    button: "Check the play",
    fields: [
      { name: "claim", label: "Play as said", placeholder: "two kings", required: true, ...PHRASE,
        hint: "“two kings”, “three 7s”, “a queen”." },
      { name: "cards", label: "Cards turned over", placeholder: "KH JOKER", required: true, ...CARDS,
        hint: "Only the play just made: KH KS, or “joker”." },
    ],
    options: [],
    payload(v) { return { claim: v.claim, cards: v.cards }; },
    render(d, { h }) {
      return {
        ok: d.true,
        children: [
          h("h3", { class: d.true ? "big-ok" : "big-bad" },
            d.true ? "✓ The play is true" : "✗ The play is a lie"),
          h("p", {}, `Said “${d.claim.phrase}”; turned over `, h("strong", {}, d.cards.join(" ")),
            d.jokers ? ` (${d.jokers} joker${d.jokers === 1 ? "" : "s"}, wild)` : "", "."),
          d.wrong && d.wrong.length ? h("p", {}, "Not as said: ", h("strong", {}, d.wrong.join(" "))) : null,
          h("p", { class: "ruling-line" }, d.takes_pile === "caller"
            ? "The caller takes the whole pile; the player who made it opens the next round."
            : "The player who made it takes the whole pile; the caller opens the next round."),
        ],
      };
    },
  },
  {
    name: "poker",
    title: "Liar's Poker",
    hint: "Can the hand be made?",
    button: "Check the hand",
    fields: [
      { name: "claim", label: "Hand as said", placeholder: "full house, kings over threes",
        required: true, ...PHRASE, hint: "“pair of kings”, “flush, ace high”." },
      { name: "cards", label: "All revealed cards", placeholder: "KH 3C KS KD 3S", required: true,
        ...CARDS, hint: "Everyone's cards together: KH 3C KS …" },
      { name: "last", label: "Claim before it (optional)", placeholder: "two pair, aces and kings",
        ...PHRASE, hint: "Fill in to check that the hand is higher." },
    ],
    options: [
      { kind: "select", name: "ladder", label: "Hand ladder", choices: [
        ["standard", "Standard"], ["short-deck", "Short deck (flush beats full house)"]] },
    ],
    payload(v) {
      const body = { claim: v.claim, cards: v.cards, rules: { ladder: v.ladder } };
      if (v.last.trim()) body.last = v.last;
      return body;
    },
    render(d, { h }) {
      const higher = d.higher;
      return {
        ok: d.made,
        children: [
          h("h3", { class: d.made ? "big-ok" : "big-bad" },
            d.made ? "✓ The hand can be made" : "✗ The hand cannot be made"),
          h("p", {}, `“${d.claim.phrase}”`,
            d.made && d.cards_used ? [" from ", h("strong", {}, d.cards_used.join(" "))] : "", "."),
          higher ? h("p", { class: higher.legal ? "big-ok" : "big-bad" },
            higher.legal ? `✓ Higher than ${higher.last.phrase}.` : `✗ Not higher: ${higher.reason}.`)
            : null,
        ],
      };
    },
  },
];

function buildScreen(game, { h }) {
  const id = (name) => `${game.name}-${name}`;
  const buildField = (f, fields) => {
    const describedBy = `${id(f.name)}-hint ${id(f.name)}-error`;
    const input = h("input", {
      id: id(f.name), name: f.name, type: "text", required: f.required || null,
      autocapitalize: f.autocapitalize, autocorrect: "off", spellcheck: "false",
      autocomplete: "off", inputmode: f.inputmode,
      enterkeyhint: f === fields[fields.length - 1] ? "go" : "next",
      placeholder: f.placeholder, "aria-describedby": describedBy,
    });
    const keypad = f.keypad ? h("div", { class: "keypad", role: "group",
      "aria-label": `Add a die to ${f.label.toLowerCase()}` },
      f.keypad.map((key) => h("button", { type: "button", class: "key", "aria-label": `Add a ${key}`,
        onclick: () => { input.value = (input.value.trim() + " " + key).trim();
          input.dispatchEvent(new Event("input")); } }, key)),
      h("button", { type: "button", class: "key", "aria-label": "Remove the last die",
        onclick: () => { input.value = input.value.trim().replace(/\s*\S$/, "");
          input.dispatchEvent(new Event("input")); } }, "⌫"),
      h("button", { type: "button", class: "key key-text", "aria-label": "Clear the dice",
        onclick: () => { input.value = ""; input.dispatchEvent(new Event("input")); } },
        "Clear")) : null;
    return h("div", { class: "field" },
      h("label", { for: id(f.name) }, f.label),
      input,
      keypad,
      h("p", { class: "hint", id: `${id(f.name)}-hint` }, f.hint),
      h("p", { class: "error", id: `${id(f.name)}-error`, role: "alert", hidden: true }));
  };
  const buildOption = (o) => {
    if (o.kind === "checkbox") {
      return h("label", { class: "check" },
        h("input", { type: "checkbox", id: id(o.name), name: o.name }),
        h("span", {}, o.label));
    }
    if (o.kind === "select") {
      return h("div", { class: "field" },
        h("label", { for: id(o.name) }, o.label),
        h("select", { id: id(o.name), name: o.name, "aria-describedby": `${id(o.name)}-error` },
          o.choices.map(([value, text]) => h("option", { value,
            selected: value === o.value || null }, text))),
        h("p", { class: "error", id: `${id(o.name)}-error`, role: "alert", hidden: true }));
    }
    // radio: a row of large segments
    return h("fieldset", { class: "segments" },
      h("legend", {}, o.label),
      h("div", { class: "segment-row" },
        o.choices.map(([value, text], i) => h("label", { class: "segment" },
          h("input", { type: "radio", name: o.name, value, checked: i === 0 || null,
            id: `${id(o.name)}-${value || "none"}` }),
          h("span", {}, text)))));
  };
  const inputs = game.fields.map((f) => buildField(f, game.fields));
  const options = game.options.map(buildOption);
  const more = game.more ? h("details", { class: "more", id: id("more") },
    h("summary", {}, game.more.summary),
    h("div", { class: "more-body" },
      game.more.fields.map((f) => buildField(f, game.more.fields)),
      game.more.options.map(buildOption))) : null;
  const form = h("form", { id: id("form"), class: "card", novalidate: true },
    inputs, options, more,
    h("button", { class: "primary", type: "submit" }, game.button),
    h("p", { class: "error", id: `${id("form")}-error`, role: "alert", hidden: true }));
  const result = h("div", { id: id("result"), class: "result", "aria-live": "polite",
    tabindex: "-1", hidden: true });
  const section = h("section", { id: `screen-${game.name}`, class: "screen", hidden: true,
    "data-title": game.title, "aria-labelledby": id("heading") },
    h("a", { class: "back", href: "#games" }, "‹ Other games"),
    h("h2", { id: id("heading"), class: "visually-hidden" }, game.title),
    form, result);
  return { section, form, result };
}

function readValues(form) {
  const values = {};
  for (const el of form.elements) {
    if (!el.name) continue;
    if (el.type === "checkbox") values[el.name] = el.checked;
    else if (el.type === "radio") { if (el.checked) values[el.name] = el.value; }
    else values[el.name] = el.value;
  }
  return values;
}

export function start(app) {
  const { h, postJSON, wireForm, showResult, registerScreen, route } = app;
  const container = document.getElementById("game-screens");
  const menuEnd = document.querySelector('#screen-games .menu a[href="#dicetable"]');
  for (const game of GAMES) {
    const { section, form, result } = buildScreen(game, app);
    container.append(section);
    menuEnd.before(h("a", { class: "menu-item", href: `#${game.name}` },
      h("span", { class: "menu-name" }, game.title), h("span", { class: "menu-hint" }, game.hint)));
    registerScreen(game.name, section);
    wireForm(form, async () => {
      let data;
      const values = readValues(form);
      try {
        data = await postJSON(`/${game.name}/check`, game.payload(values));
      } catch (error) {
        const field = error.field ? error.field.split(/[.[]/)[0] : null;
        if (field && game.aliases && game.aliases[field]) error.field = game.aliases[field];
        else if (field === "rules") error.field = null;
        const named = error.field && form.elements.namedItem(error.field);
        const details = named && named.closest ? named.closest("details") : null;
        if (details) details.open = true; // show the field the error is beside
        throw error;
      }
      const { ok, children } = game.render(data, { h, values });
      result.className = `result ${ok ? "ok" : "bad"}`;
      result.dataset.ok = String(ok);
      showResult(result, ...children, app.answerNote ? app.answerNote(data) : null);
    }, result);
  }
  route();
}
