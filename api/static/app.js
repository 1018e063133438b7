// Liars' Letters referee: the phone page.  Plain ES module, no build step, no CDN:
// every answer comes from the JSON API under /api/v1 on the same server when there is one,
// else from the page's own engine (client.js decides; each answer says who answered).

import { start as startWords } from "./words.js";
import { ApiError, BY_SERVER, answeredBy, keepOffline, request, warmUp } from "./client.js";

const API = "/api/v1";
const params = new URLSearchParams(location.search);
// Seconds before the judge's verdict clears itself (10 at a real table; tests pass ?clear=1).
const CLEAR_AFTER = clampNumber(params.get("clear"), 0.2, 600, 10);
// A verdict ignores taps this soon after it appears, so a double tap on "Judge" cannot
// dismiss it unseen.
const TAP_GUARD_MS = 400;

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

function clampNumber(text, low, high, fallback) {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? Math.min(Math.max(value, low), high) : fallback;
}

/** Build an element: h("p", {class: "x"}, "text", child, ...). */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

const upper = (words) => words.map((w) => w.toUpperCase()).join(", ");
const shapeText = (shape) => "(" + shape.join(", ") + ")";
const plural = (n, one, many = one + "s") => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

// --- settings: lexicon and tile set, remembered on this phone ----------------------

const store = {
  get(key) { try { return localStorage.getItem("liars." + key); } catch { return null; } },
  set(key, value) { try { localStorage.setItem("liars." + key, value); } catch { /* private mode */ } },
};

const lexiconSelect = $("#lexicon");
const tileSetSelect = $("#tile-set");
const lexiconTitles = new Map([["twl06", "TWL06"], ["sowpods", "SOWPODS"], ["csw19", "CSW19"]]);

function lexiconLabel() {
  return lexiconTitles.get(lexiconSelect.value) || lexiconSelect.value.toUpperCase();
}

function showLexiconName() {
  for (const el of $$("[data-lexicon-name]")) el.textContent = lexiconLabel();
}

function restoreSettings() {
  const lex = store.get("lexicon");
  if (lex && [...lexiconSelect.options].some((o) => o.value === lex)) lexiconSelect.value = lex;
  const ts = store.get("tile_set");
  if (ts && [...tileSetSelect.options].some((o) => o.value === ts)) tileSetSelect.value = ts;
  lexiconSelect.addEventListener("change", () => {
    store.set("lexicon", lexiconSelect.value);
    keepOffline(lexiconSelect.value);
    clearError(lexiconSelect);
    showLexiconName();
  });
  tileSetSelect.addEventListener("change", () => {
    store.set("tile_set", tileSetSelect.value);
    clearError(tileSetSelect);
  });
  showLexiconName();
}

/** Fill the lexicon list from the server (names and word counts); the page works before. */
async function loadLexicons() {
  let data;
  try {
    data = await getJSON(`${API}/lexicons`);
  } catch {
    return; // the built-in three stay
  }
  const saved = store.get("lexicon");
  const current = lexiconSelect.value;
  lexiconSelect.replaceChildren();
  for (const lex of data.lexicons || []) {
    const short = lex.name.toUpperCase();
    lexiconTitles.set(lex.name, short);
    const option = h("option", {
      value: lex.name, title: `${lex.title || short} (${plural(lex.words, "word")})` },
      short);
    lexiconSelect.append(option);
  }
  const names = (data.lexicons || []).map((l) => l.name);
  lexiconSelect.value = names.includes(saved) ? saved
    : names.includes(current) && saved ? current : (data.default || names[0]);
  showLexiconName();
}

// --- talking to the API --------------------------------------------------------------

// Through client.js: the server when it answers, else this phone's engine (ApiError as ever).

async function getJSON(url) {
  return request("GET", url.startsWith(API) ? url.slice(API.length) : url);
}

async function postJSON(path, body) {
  return request("POST", path, body);
}

/** Small print under an answer: who answered it and, for a word answer, which lexicon
 * (unless the answer names it already: `withLexicon` false). */
function answerText(data, withLexicon = true) {
  const by = answeredBy(data);
  if (!by) return "";
  const who = by === BY_SERVER ? "Answered by the server" : "Answered on this phone";
  const lexicon = data && data.lexicon ? lexiconTitles.get(data.lexicon) || data.lexicon : "";
  return lexicon && withLexicon ? `${who} · lexicon ${lexicon}` : who;
}

function answerNote(data) {
  const text = answerText(data);
  return text ? h("p", { class: "answered-by", "data-answered-by": answeredBy(data) }, text)
    : null;
}

// --- errors beside the field ----------------------------------------------------------

function errorElementFor(input) {
  return document.getElementById(`${input.id}-error`);
}

function clearError(input) {
  const el = errorElementFor(input);
  if (el) { el.textContent = ""; el.hidden = true; }
  input.removeAttribute("aria-invalid");
}

function clearErrors(form) {
  for (const input of $$("input, select, textarea", form)) clearError(input);
  const general = document.getElementById(`${form.id}-error`);
  if (general) { general.textContent = ""; general.hidden = true; }
  clearError(lexiconSelect);
  clearError(tileSetSelect);
}

/** Show an API error beside the field it names, or under the form if it names none here. */
function showError(form, error) {
  let input = null;
  const field = error.field;
  if (field) {
    input = $$("input, select, textarea", form).find((el) => el.name === field) || null;
    if (!input && field === "lexicon") input = lexiconSelect;
    if (!input && field === "tile_set") input = tileSetSelect;
  }
  const general = document.getElementById(`${form.id}-error`);
  // A radio or checkbox has no error line of its own: say it under the form instead.
  const target = (input && errorElementFor(input)) || general;
  if (!target) { alert(error.message); return; }
  if (target === general) input = null;
  target.textContent = error.message;
  target.hidden = false;
  if (input) {
    const folded = input.closest("details"); // "Search time" is folded away until needed
    if (folded) folded.open = true;
    input.setAttribute("aria-invalid", "true");
    input.focus({ preventScroll: false });
  }
  // The error in sight, whole: a form's last line, under the button just tapped, would
  // otherwise show under the fixed tab bar (html's scroll-padding-bottom keeps it above).
  target.scrollIntoView({ block: "nearest", behavior: "instant" });
}

function setBusy(form, busy) {
  for (const button of $$("button[type=submit]", form)) {
    button.disabled = busy;
    button.setAttribute("aria-busy", busy ? "true" : "false");
  }
}

/**
 * Wire a form: on submit, clear old errors, call `run(submitter)`, and show any API error
 * beside its field; hide the old `result` meanwhile.  An input's error clears as soon as
 * it is edited.
 */
function wireForm(form, run, result = null) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (form.dataset.busy) return;
    form.dataset.busy = "1";
    clearErrors(form);
    if (result) result.hidden = true; // an old answer must not pass for the new one
    setBusy(form, true);
    try {
      await run(event.submitter || null);
    } catch (error) {
      if (error instanceof ApiError) showError(form, error);
      else showError(form, new ApiError(`Something went wrong: ${error.message}`));
    } finally {
      delete form.dataset.busy;
      setBusy(form, false);
    }
  });
  for (const input of $$("input, textarea", form)) {
    input.addEventListener("input", () => clearError(input));
  }
  form.addEventListener("keydown", onEnter);
}

/**
 * The keyboard's Enter key: "next" moves to the next field instead of submitting; on the
 * call form the last field only closes the keyboard, so that Enter can never call
 * "Bullshit" by accident (the player taps Bullshit or Exact).
 */
function onEnter(event) {
  const input = event.target;
  if (event.key !== "Enter" || input.tagName !== "INPUT" || input.type !== "text") return;
  const fields = $$("input[type=text]", input.form);
  const next = fields[fields.indexOf(input) + 1];
  if (input.getAttribute("enterkeyhint") === "next" && next) {
    event.preventDefault();
    next.focus();
  } else if (input.form.id === "call-form") {
    event.preventDefault();
    input.blur();
  }
}

function showResult(container, ...children) {
  container.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
  container.hidden = false;
  container.scrollIntoView({ block: "start", behavior: "instant" });
}

// --- tile counters -----------------------------------------------------------------

function countTiles(text) {
  return (text.match(/[A-Za-z]/g) || []).length;
}

function wireTileCounters() {
  for (const input of $$("input[data-tiles]")) {
    const counter = document.getElementById(`${input.id}-count`);
    const update = () => {
      const n = countTiles(input.value);
      counter.textContent = n ? `(${plural(n, "tile")})` : "";
    };
    input.addEventListener("input", update);
    update();
  }
}

// --- Judge ------------------------------------------------------------------------------

const verdict = $("#verdict");
let verdictTimer = null;
let verdictShownAt = 0;

function showVerdict(acceptable, lexiconName, source = "") {
  verdict.classList.toggle("ok", acceptable);
  verdict.classList.toggle("bad", !acceptable);
  $(".verdict-mark", verdict).textContent = acceptable ? "✓" : "✗";
  $("#verdict-text").textContent = acceptable ? "ACCEPTABLE" : "NOT ACCEPTABLE";
  $("#verdict-detail").textContent = `Lexicon: ${lexiconName}`;
  $("#verdict-source").textContent = source;
  verdict.dataset.verdict = acceptable ? "acceptable" : "not-acceptable";
  verdict.hidden = false;
  setBackgroundInert(true);
  verdictShownAt = performance.now();
  verdict.focus();
  clearTimeout(verdictTimer);
  verdictTimer = setTimeout(clearVerdict, CLEAR_AFTER * 1000);
}

/** While the verdict covers the screen, nothing behind it can be reached or read. */
function setBackgroundInert(inert) {
  for (const el of $$("body > :not(#verdict):not(script)")) el.inert = inert;
}

function clearVerdict() {
  if (verdict.hidden) return;
  clearTimeout(verdictTimer);
  verdict.hidden = true;
  setBackgroundInert(false);
  delete verdict.dataset.verdict;
  const words = $("#judge-words");
  words.value = "";
  words.focus();
}

function wireJudge() {
  const form = $("#judge-form");
  verdict.dataset.clearAfter = String(CLEAR_AFTER);
  wireForm(form, async () => {
    const words = $("#judge-words").value;
    const data = await postJSON("/judge", { words, lexicon: lexiconSelect.value });
    showVerdict(Boolean(data.acceptable), lexiconTitles.get(data.lexicon) || data.lexicon,
      answerText(data, false));  // "Lexicon: TWL06" is said above it
  });
  const tap = () => {
    if (performance.now() - verdictShownAt >= TAP_GUARD_MS) clearVerdict();
  };
  verdict.addEventListener("click", tap);
  verdict.addEventListener("keydown", (event) => {
    if (["Enter", " ", "Escape"].includes(event.key)) { event.preventDefault(); tap(); }
  });
}

// --- Liars' Letters: call -----------------------------------------------------------

const DELTA = {
  1: ["gains a tile", "+1 tile", "up"],
  0: ["keeps their tiles", "no change", ""],
  "-1": ["loses a tile", "−1 tile", "down"],
};

function rulingHeadline({ caller, declarer }) {
  if (caller === declarer && caller !== 0) {
    return `Caller and declarer each ${caller > 0 ? "gain" : "lose"} a tile`;
  }
  const parts = [];
  if (caller) parts.push(`Caller ${DELTA[caller][0]}`);
  if (declarer) parts.push(`declarer ${DELTA[declarer][0]}`);
  if (!parts.length) return "Nobody gains or loses a tile";
  const text = parts.join(", and ");
  return text[0].toUpperCase() + text.slice(1);
}

// Why an answer is not proven, truly: out of time (more time may help) or too large.
const STOPPED = {
  budget: "the search ran out of time. More search time may settle it.",
  size: "too many tiles for the search. More time does not help.",
};

function stoppedText(stopped) {
  return STOPPED[stopped] || STOPPED.budget; // a server that does not say why: its time
}

/** "The highest is between (a) and (b)": what is known when it is not proven. */
function intervalText(lower, upper) {
  return upper ? `The highest is between ${shapeText(lower || [])} and ${shapeText(upper)}.`
    : "";
}

function unprovenNote(data) {
  return h("p", { class: "warn", role: "note", "data-stopped": data.stopped || "" },
    `Not proven highest — ${stoppedText(data.stopped)} A higher word set may exist. `,
    intervalText(data.highest_shape || data.shape, data.upper_bound));
}

/** The budget typed under "Search time", sent as typed (the server reads it); none: default. */
function budgetOf(input) {
  const text = input ? input.value.trim() : "";
  return text ? { budget: text } : {};
}

/** An undecided call: "Cannot rule" and what is known, never a tile change. */
function renderUndecided(data, declared) {
  const highest = data.highest || [];
  return [
    h("p", { class: "hint" }, `${data.call === "exact" ? "Exact" : "Bullshit"} called on `,
      h("span", { class: "words" }, declared)),
    h("h3", { class: "big-bad cannot-rule", "data-decided": "false" },
      "Cannot rule — the table decides"),
    h("p", { class: "reason" }, data.reason),
    h("ul", { class: "facts" },
      h("li", {}, "Best set found: ",
        highest.length ? h("span", { class: "words" }, upper(highest)) : "nothing",
        " ", h("span", { class: "shape" }, shapeText(data.highest_shape || []))),
      data.upper_bound ? h("li", {}, "No word set of these tiles beats ",
        h("span", { class: "shape" }, shapeText(data.upper_bound)), ".") : null),
    h("p", { class: "warn", role: "note", "data-stopped": data.stopped || "" },
      `Not proven — ${stoppedText(data.stopped)}`),
    h("button", { type: "button", class: "secondary", onclick: newRound },
      "New round: clear tiles and declarations"),
  ];
}

function renderCall(data) {
  const declared = upper(data.declared || []);
  if (data.decided !== true || !data.ruling) return renderUndecided(data, declared);
  const ruling = data.ruling;
  const row = (who, delta) => h("li", {},
    h("span", {}, who),
    h("span", { class: `delta ${DELTA[delta][2]}` }, DELTA[delta][1]));
  const highest = data.highest || [];
  return [
    h("p", { class: "hint" }, `${data.call === "exact" ? "Exact" : "Bullshit"} called on `,
      h("span", { class: "words" }, declared)),
    h("h3", { "data-decided": "true" }, rulingHeadline(ruling)),
    h("ul", { class: "ruling", "aria-label": "Ruling" },
      row("Caller", ruling.caller), row("Declarer", ruling.declarer)),
    // The referee's reason says once whether it exists and whether it is the highest.
    data.reason ? h("p", { class: "reason" }, data.reason) : null,
    h("ul", { class: "facts" },
      h("li", {}, data.proven === false ? "Highest found: " : "Highest possible: ",
        highest.length ? h("span", { class: "words" }, upper(highest)) : "nothing (no tiles)",
        " ", h("span", { class: "shape" }, shapeText(data.highest_shape || [])))),
    data.proven === false ? unprovenNote(data) : null,
    h("button", { type: "button", class: "secondary", onclick: newRound },
      "New round: clear tiles and declarations"),
  ];
}

/** Empty the Letters fields (call and raise) for the next round. */
function newRound() {
  for (const id of ["call-tiles", "call-declared", "raise-previous", "raise-declared"]) {
    const input = document.getElementById(id);
    input.value = "";
    clearError(input);
    input.dispatchEvent(new Event("input"));
  }
  $("#call-result").hidden = true;
  $("#raise-result").hidden = true;
  window.scrollTo(0, 0);
  $("#call-tiles").focus();
}

function wireCall() {
  const form = $("#call-form");
  const result = $("#call-result");
  wireForm(form, async (submitter) => {
    const call = submitter && submitter.value ? submitter.value : "bullshit";
    const data = await postJSON("/letters/call", {
      tiles: $("#call-tiles").value,
      declared: $("#call-declared").value,
      call,
      lexicon: lexiconSelect.value,
      tile_set: tileSetSelect.value,
      ...budgetOf($("#call-budget")),
    });
    result.className = data.decided === true ? "result" : "result undecided";
    result.dataset.call = call;
    result.dataset.decided = String(data.decided === true);
    showResult(result, ...renderCall(data), answerNote(data));
  }, result);
}

// --- Liars' Letters: raise ----------------------------------------------------------

function wireRaise() {
  const form = $("#raise-form");
  const result = $("#raise-result");
  const previous = $("#raise-previous");
  const declared = $("#raise-declared");
  wireForm(form, async () => {
    const data = await postJSON("/letters/raise", {
      previous: previous.value.trim() ? previous.value : null,
      declared: declared.value,
      lexicon: lexiconSelect.value,
    });
    result.className = `result ${data.legal ? "ok" : "bad"}`;
    result.dataset.legal = String(data.legal);
    const next = () => {
      previous.value = upper(data.declared);
      declared.value = "";
      result.hidden = true;
      declared.focus();
    };
    showResult(result,
      h("h3", { class: data.legal ? "big-ok" : "big-bad" },
        data.legal ? "✓ Legal raise" : "✗ Not a legal raise"),
      h("p", {}, data.reason),
      h("ul", { class: "facts" },
        h("li", {}, "New: ", h("span", { class: "words" }, upper(data.declared)), " ",
          h("span", { class: "shape" }, shapeText(data.declared_shape))),
        data.previous ? h("li", {}, "Last: ", h("span", { class: "words" }, upper(data.previous)),
          " ", h("span", { class: "shape" }, shapeText(data.previous_shape))) : null),
      data.legal ? h("button", { type: "button", class: "secondary", onclick: next },
        "Next raise: this becomes the last declaration") : null,
      answerNote(data));
    if (data.legal) {
      // The call screen answers to the latest legal declaration.
      $("#call-declared").value = upper(data.declared);
    }
  }, result);
}

// --- Solver ---------------------------------------------------------------------------

// Words shown at once under a solve; "Show more" adds as many again (a 60-tile rack has
// thousands: one long page of them buries the answer).
const WORDS_SHOWN = 100;

function renderWordList(data) {
  const list = h("div", { class: "wordlist-groups" });
  const more = h("button", { type: "button", class: "secondary", id: "solve-more" });
  const note = h("p", { class: "hint", id: "solve-shown" });
  let shown = 0;
  const showMore = () => {
    const next = data.words.slice(shown, shown + WORDS_SHOWN);
    shown += next.length;
    for (const word of next) {
      let group = list.lastElementChild;
      if (!group || Number(group.dataset.length) !== word.length) {
        group = h("section", { "aria-label": `${word.length} letters`,
          "data-length": String(word.length) },
        h("h4", {}, `${word.length} letters`), h("ul", { class: "word-chips" }));
        group.lastElementChild.style.setProperty("--letters", String(word.length));
        list.append(group);
      }
      group.lastElementChild.append(h("li", {}, word.toUpperCase()));
    }
    const all = data.words.length;
    more.hidden = shown >= all;
    more.textContent = `Show ${Math.min(WORDS_SHOWN, all - shown)} more`;
    note.textContent = shown < data.count
      ? `Showing the first ${shown.toLocaleString("en")} of ${data.count.toLocaleString("en")} ` +
        "(longest first)." : "";
    note.hidden = !note.textContent;
  };
  more.addEventListener("click", showMore);
  showMore();
  return h("div", { class: "wordlist" },
    h("h3", {}, `Every word from these tiles (${data.count.toLocaleString("en")})`),
    data.count === 0 ? h("p", {}, "No word of two or more letters.") : null,
    list, note, more);
}

function wireSolve() {
  const form = $("#solve-form");
  const result = $("#solve-result");
  wireForm(form, async () => {
    const body = { tiles: $("#solve-tiles").value, lexicon: lexiconSelect.value,
                   tile_set: tileSetSelect.value };
    const [best, sub] = await Promise.all([
      postJSON("/letters/highest", { ...body, ...budgetOf($("#solve-budget")) }),
      postJSON("/letters/subwords", body)]);
    const words = best.words || [];
    result.className = "result";
    showResult(result,
      h("p", { class: "hint" }, "Highest word set"),
      h("h3", { class: "words", "data-highest": "" },
        words.length ? upper(words) : "Nothing: no tiles"),
      h("p", {}, h("span", { class: "shape" }, `Shape ${shapeText(best.shape || [])}`),
        " · ", plural(countTiles(best.tiles || ""), "tile")),
      best.proven === false ? unprovenNote(best) : h("p", { class: "hint" }, "Proven highest."),
      renderWordList(sub),
      answerNote(best));
  }, result);
}

// --- routing ----------------------------------------------------------------------------

const screens = new Map();
for (const section of $$("section.screen")) screens.set(section.id.replace("screen-", ""), section);
const settings = $("#settings");
const tileSetSetting = $("#tile-set-setting");
const tabFor = { judge: "judge", call: "call", raise: "raise", solve: "solve", words: "words",
                 games: "games", table: "table", dicetable: "table" };

let shown = null;

function route() {
  const hash = location.hash.replace(/^#/, "") || "judge";
  // A game's replay (#/replay/CODE/N) is one screen for every game and table (replay.js).
  const name = hash.startsWith("/replay/") ? "replay" : hash;
  // Another fragment (the skip link's #main) is not a screen: stay where we are.
  if (!screens.has(name) && shown && !shown.hidden) return;
  const screen = screens.get(name) || screens.get("judge");
  const key = screen.id.replace("screen-", "");
  for (const section of screens.values()) section.hidden = section !== screen;
  if (shown && shown !== screen) window.scrollTo(0, 0);
  shown = screen;
  $("#screen-title").textContent = screen.dataset.title;
  document.title = `${screen.dataset.title} · Liars' Letters referee`;
  const wanted = (screen.dataset.settings || "").split(" ");
  settings.hidden = !wanted.includes("lexicon");
  tileSetSetting.hidden = !wanted.includes("tile_set");
  const tab = tabFor[key] || "games";
  for (const link of $$(".tabs a")) {
    if (link.dataset.route === tab) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

function registerScreen(name, section) {
  screens.set(name, section);
}

// --- start --------------------------------------------------------------------------------

function start() {
  restoreSettings();
  wireTileCounters();
  wireJudge();
  wireCall();
  wireRaise();
  wireSolve();
  startWords({ h, $, $$, API, getJSON, wireForm, showResult, lexiconSelect, lexiconLabel, plural });
  window.addEventListener("hashchange", route);
  route();
  document.documentElement.dataset.ready = "true";
  performance.mark("app-ready");
  // A static site warms the phone's engine at once; the offline copy is made after it, so
  // that its downloads do not delay the first answer.
  loadLexicons().then(() => warmUp(lexiconSelect.value)).finally(keepThisPage);
  import("./odds.js").then((odds) => odds.start({ h, $, postJSON, wireForm, showResult,
    answerNote, route })).catch((error) => console.error("the Odds screens did not load:", error));
  import("./games.js").then((games) => games.start({ h, $, $$, postJSON, wireForm,
    showResult, registerScreen, route, answerNote }))
    .catch((error) => console.error("the other games' screens did not load:", error));
  import("./table.js").then((table) => table.start({ h, $, $$, postJSON, route, keepOffline,
    answerNote,
    warmUp }))
    .catch((error) => console.error("the table screens did not load:", error));
  import("./play.js").then((play) => play.start({ h, $, $$, wireForm, route }))
    .catch((error) => console.error("the Play screen did not load:", error));
  import("./leaderboard.js").then((board) => board.start({ h, $, wireForm, registerScreen,
    route })).catch((error) => console.error("the Leaderboard screen did not load:", error));
  import("./replay.js").then((replay) => replay.start({ h, $, $$, wireForm, registerScreen,
    route })).catch((error) => console.error("the Replay screen did not load:", error));
}

/** After one visit the page works with no network (sw.js, at the site's root),
 * in the lexicon this phone uses too. */
function keepThisPage() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url))
    .then(() => keepOffline(lexiconSelect.value))
    .catch((error) => console.warn("no offline copy of the page:", error));
}

start();
