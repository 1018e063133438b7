// The sister games' checkers: Liar's Dice, Liar's Post, Liar Liar, Liar's Poker, and any
// other game the library registers.  One screen each and its line in the Other games menu,
// built from the game's SCREEN (its fields, options, the body it posts, how the answer
// reads), which its engine module (games/<name>/engine.js) declares beside the check it ports;
// every answer is POST /api/v1/<game>/check.
// Loaded by app.js after the first screen is ready (it passes its helpers to start()).

import { GAMES as ENGINE } from "./engine/games.js";

/** Each game that has a screen, in the library's order: its name, title and SCREEN (which
 * may give a shorter title). */
const GAMES = Object.values(ENGINE).filter((game) => game.screen)
  .map(({ name, title, screen }) => ({ name, title, ...screen }));

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
