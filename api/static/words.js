// The Words screen: anagrams (with ? blanks), patterns and hooks, for study.
// Every answer is GET /api/v1/words (solver/words/queries.py); this file only reads the form,
// asks, and draws the answer.  app.js imports it and passes its helpers to start().

const KINDS = {
  anagram: {
    label: "Letters", placeholder: "RETAINS?",
    hint: "Letters; ? is a blank (at most two).",
  },
  pattern: {
    label: "Pattern", placeholder: "B?G*",
    hint: "? one letter, * any run, [AEI] one of these, [^AEI] none of these.",
  },
  hooks: {
    label: "Word", placeholder: "ARE",
    hint: "One word: the letters that make it one longer, in front and behind.",
  },
};
const FILTERS = ["min", "max", "starts", "ends", "contains"];
const PAGE = 100;

export function start(app) {
  const { h, $, $$, API, getJSON, wireForm, showResult, lexiconSelect, lexiconLabel,
    plural } = app;
  const form = $("#words-form");
  const result = $("#words-result");
  const input = $("#words-q");
  const more = $("#words-more");
  let offset = 0; // the page asked for next; a new search starts at 0
  let paging = false;

  const kind = () => $("input[name=kind]:checked", form).value;

  function showKind() {
    const k = KINDS[kind()];
    input.name = kind(); // errors name the query part: anagram, pattern or hooks
    $("#words-q-label").textContent = k.label;
    input.placeholder = k.placeholder;
    $("#words-q-hint").textContent = k.hint;
    input.removeAttribute("aria-invalid");
    $("#words-q-error").hidden = true;
  }

  /** The query string: the main box under its kind's name, and each filter filled in. */
  function query() {
    const parts = new URLSearchParams();
    const filters = FILTERS.filter((name) => form.elements[name].value.trim());
    // An empty box with a filter is a query by the filters alone.
    if (input.value.trim() || !filters.length) parts.set(kind(), input.value.trim());
    for (const name of filters) parts.set(name, form.elements[name].value.trim());
    const order = form.elements.order.value;
    if (order !== "longest") parts.set("order", order);
    parts.set("limit", String(PAGE));
    if (offset) parts.set("offset", String(offset));
    parts.set("lexicon", lexiconSelect.value);
    return parts;
  }

  const upper = (w) => w.toUpperCase();

  function wordList(words, order) {
    if (order === "alphabetical") {
      return h("ul", { class: "word-chips" }, words.map((w) => h("li", {}, upper(w))));
    }
    const byLength = new Map();
    for (const w of words) {
      if (!byLength.has(w.length)) byLength.set(w.length, []);
      byLength.get(w.length).push(w);
    }
    return [...byLength.entries()].map(([length, group]) =>
      h("section", { "aria-label": `${length} letters` },
        h("h4", {}, `${length} letters`),
        h("ul", { class: "word-chips" }, group.map((w) => h("li", {}, upper(w))))));
  }

  /** A hook: the hooked word with its added letter marked. */
  function hooked(letter, word, front) {
    const rest = upper(front ? word.slice(1) : word.slice(0, -1));
    const mark = h("strong", { class: "hook" }, upper(letter));
    return h("li", {}, front ? [mark, rest] : [rest, mark]);
  }

  function hooksView(data) {
    const hk = data.hooks;
    const side = (title, pairs, front) => h("section", { class: "hook-side",
      "aria-label": title },
      h("h4", {}, `${title}: `, h("span", { class: "hook-letters", "data-hook-letters": "" },
        pairs.length ? pairs.map((p) => upper(p.letter)).join(" ") : "none")),
      pairs.length ? h("ul", { class: "word-chips" },
        pairs.map((p) => hooked(p.letter, p.word, front))) : null);
    return [
      h("p", {}, h("span", { class: "words" }, upper(hk.word)), " ",
        hk.valid ? `is a word in ${lexiconLabel()}.`
          : `is not a word in ${lexiconLabel()}; its hooks still are.`),
      side("In front", hk.front, true),
      side("Behind", hk.back, false),
    ];
  }

  function pager(data) {
    const first = data.offset + 1;
    const last = data.offset + data.words.length;
    if (data.count <= data.words.length && !data.offset) return null;
    const go = (to) => () => { offset = to; paging = true; form.requestSubmit(); };
    return h("div", { class: "pair pager" },
      h("button", { type: "button", class: "secondary", disabled: data.offset === 0 || null,
        onclick: go(Math.max(0, data.offset - data.limit)) }, "‹ Previous"),
      h("button", { type: "button", class: "secondary", disabled: last >= data.count || null,
        onclick: go(data.offset + data.limit) }, "Next ›"),
      h("p", { class: "hint pager-range" },
        data.words.length ? `${first.toLocaleString("en")}–${last.toLocaleString("en")} of `
          + data.count.toLocaleString("en") : "none on this page"));
  }

  function render(data) {
    const asked = Object.entries(data.query)
      .filter(([key]) => !["limit", "offset", "order"].includes(key))
      .map(([key, value]) => `${key} ${value}`).join(" · ");
    const children = [
      h("h3", { "data-count": String(data.count) },
        data.hooks ? plural(data.count, "hooked word") : plural(data.count, "word")),
      h("p", { class: "hint" }, `${asked} · ${lexiconLabel()}`),
    ];
    if (data.hooks) children.push(...hooksView(data));
    else if (!data.count) children.push(h("p", {}, "No word matches."));
    else {
      children.push(h("div", { class: "wordlist words-found" }, wordList(data.words, data.order)));
      children.push(pager(data));
    }
    return children;
  }

  for (const radio of $$("input[name=kind]", form)) radio.addEventListener("change", showKind);
  wireForm(form, async () => {
    if (!paging) offset = 0;
    paging = false;
    let data;
    try {
      data = await getJSON(`${API}/words?${query()}`);
    } catch (error) {
      // Show an error beside a filter, even one folded away under "Length and letters".
      if (error.field && FILTERS.concat("order").includes(error.field)) more.open = true;
      throw error;
    }
    result.className = "result";
    showResult(result, ...render(data));
  }, result);
  showKind();
  $("button[type=submit]", form).disabled = false;
}
