// The Play screen as it shows a room (play.js builds it and sends the moves): the lobby,
// the hand, the round, the ruling, the end; the join link and its QR code.

import { ARROW, fill, plural } from "./screenkit.js";
import { openTables } from "./rooms.js";
import { qrCanvas } from "./qr.js";
import { showDisplay } from "./tabledisplay.js";

export const HIDE_KEY = "liars.play.hide";
export const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]); // no other phone reaches it
export const CALLED = { bullshit: "Bullshit", exact: "Exact", liar: "Liar!" };
const CLOCK_TICK_MS = 250; // the countdown is drawn again this often
const URGENT_S = 5; // the last seconds of a move's clock are shown urgent
export const GAME_TITLES = { letters: "Liars' Letters", dice: "Liar's Dice", poker: "Liar's Poker",
  liarliar: "Liar Liar", post: "Liar's Post" };

export let app; // app.js's helpers: h, $, $$, wireForm, route (play.js's start sets them)

/** Keep app.js's helpers for the Play screen's modules. */
export function useApp(helpers) {
  app = helpers;
}

// --- the join link and its QR code ----------------------------------------------------

/** The page's own address with ?room=CODE#play: the link (and QR code) that joins. */
export function joinLink(code) {
  const url = new URL(location.href);
  url.search = `?room=${encodeURIComponent(code)}`;
  url.hash = "play";
  return url.href;
}

/** The methods of the Play screen that render its view (play.js adds them to its own). */
export const rendering = {
  note(text) {
    this.message.textContent = text;
    this.message.className = "table-message";
    this.message.hidden = !text;
  },

  showStart() {
    this.roomView.hidden = true;
    this.startView.hidden = false;
    this.note("");
    this.stopClock();
    const data = this.section.dataset;
    data.view = "start";
    for (const key of ["phase", "version", "you", "toMove"]) delete data[key];
    data.ready = "true";
    this.showOpenTables();
  },

  /** The open tables on this server, each a tap from joining (nothing without a server). */
  async showOpenTables() {
    const { h } = app;
    let tables = [];
    if (document.documentElement.dataset.site !== "static") { // a static copy has no server
      try { tables = await openTables(); } catch { /* no server here: nothing to list */ }
    }
    this.openList.hidden = !tables.length;
    fill(this.openList, h("h4", {}, "Open tables"),
      h("ul", { class: "seats", "aria-label": "Open tables" }, tables.map((t) =>
        h("li", { "data-code": t.code },
          h("span", { class: "seat-name" }, `${t.code} · ${GAME_TITLES[t.game] || t.game}`),
          h("span", { class: "seat-count" }, `${t.host}'s, ${t.players}/${t.seats}` +
            (t.clock ? `, ${t.clock} s a move` : "")),
          h("button", { type: "button", class: "secondary", "data-join": t.code,
            onclick: () => { this.joinCode.value = t.code; this.joinName.focus(); } },
          `Join ${t.code}`),
          h("button", { type: "button", class: "secondary", "data-watch": t.code, // no seat
            onclick: () => { this.joinCode.value = t.code; this.watchButton.click(); } },
          `Watch ${t.code}`)))));
  },

  /** The countdown of the player to move, drawn from the server's clock (view.now) so that
   * it does not drift with this phone's; urgent in its last seconds. */
  runClock(view) {
    this.clockOffset = view.now === null || view.now === undefined ? 0 : view.now - Date.now();
    this.deadline = view.phase === "playing" ? view.deadline : null;
    clearInterval(this.clockTimer);
    this.clockTimer = null;
    if (this.deadline) this.clockTimer = setInterval(() => this.drawClock(), CLOCK_TICK_MS);
    this.drawClock();
  },

  drawClock() {
    const clock = this.clock;
    if (!clock) return;
    if (!this.deadline || !this.view) { clock.hidden = true; return; }
    const left = Math.max(0, Math.ceil((this.deadline - (Date.now() + this.clockOffset)) / 1000));
    const who = this.view.to_move === this.view.you.name ? "You" : this.view.to_move;
    clock.hidden = false;
    clock.textContent = `⏱ ${who}: ${left} s`;
    clock.dataset.left = String(left);
    clock.classList.toggle("urgent", left <= URGENT_S);
  },

  stopClock() {
    clearInterval(this.clockTimer);
    this.clockTimer = null;
    this.deadline = null;
  },

  /** A buzz (where the phone has one) when the turn comes to you, or a call rules on you. */
  buzz(view) {
    const mine = view.phase === "playing" && view.to_move === view.you.name;
    const ruled = view.last_ruling && Object.keys(view.last_ruling.changes || {})
      .includes(view.you.name) ? JSON.stringify(view.last_ruling) : "";
    const turn = `${view.round}:${view.claims}`;
    if ((mine && this.buzzedTurn !== turn) || (ruled && ruled !== this.buzzedRuling)) {
      if (typeof navigator.vibrate === "function") navigator.vibrate(ruled ? [80, 60, 80] : 120);
    }
    this.buzzedTurn = mine ? turn : null;
    this.buzzedRuling = ruled || this.buzzedRuling;
  },

  render() {
    const view = this.view;
    if (!view) return;
    const data = this.section.dataset;
    Object.assign(data, { view: "room", phase: view.phase, version: String(view.version),
      you: view.you.name, toMove: view.to_move || "", ready: "true" });
    this.startView.hidden = true;
    this.roomView.hidden = false;
    this.note("");
    if (showDisplay(this, view)) return; // no seat (a table display, a spectator): tabledisplay.js
    const lobby = view.phase === "lobby";
    this.lobby.hidden = !lobby;
    this.board.hidden = lobby;
    if (lobby) { this.renderLobby(view); return; }
    // A call just ruled, or the game over: what the table looks at first.
    const seen = `${view.phase === "over"} ${JSON.stringify(view.last_ruling)}`;
    if (this.seen !== undefined && seen !== this.seen && !this.section.hidden) {
      window.scrollTo({ top: 0, behavior: "instant" });
    }
    this.seen = seen;
    this.runClock(view);
    this.buzz(view);
    this.renderOver(view);
    this.renderStatus(view);
    this.renderHand();
    this.renderActions(view);
    this.renderRound(view);
    this.renderRuling(view);
    this.renderManage(view);
    this.advisor.render(view);
    this.leaveButton.textContent = view.phase === "over" ? "New table"
      : "Leave this table on this phone";
    delete this.leaveButton.dataset.armed;
  },

  seatList(view, count) {
    const { h } = app;
    const game = this.game;
    return h("ul", { class: "seats", id: this.id(count ? "seats" : "lobby-seats"),
      "aria-label": "Players in seat order" },
      view.players.map((p) => {
        const held = p[game.count];
        const line = p.out ? "out" : held === null || held === undefined ? (p.host ? "host" : "")
          : plural(held, game.one, game.many);
        return h("li", { "data-player": p.name, class: [p.name === view.to_move ? "to-move" : "",
          p.out ? "out" : "", p.name === view.you.name ? "you" : ""].join(" ").trim() || null },
          h("span", { class: "seat-name" }, p.name),
          h("span", { class: "seat-count" }, [p.name === view.you.name ? "you" : "",
            count ? line : p.host ? "host" : "",
            p.bot ? (p.level ? `computer (${p.level})` : "computer") : "",
            // a player whose phone holds no event stream (locked, reloading, gone)
            p.connected === false && p.name !== view.you.name && !p.out ? "away" : ""]
            .filter(Boolean).join(" · ")));
      }));
  },

  renderLobby(view) {
    const { h } = app;
    const link = joinLink(view.code);
    const spoken = [...view.code].join(" ");
    const host = view.players.find((p) => p.host);
    const enough = view.players.length >= 2;
    const startButton = view.you.host ? h("button", { type: "button", class: "primary",
      id: this.id("start"), disabled: !enough, "aria-describedby": this.id("start-why"),
      onclick: (event) => this.start(event.currentTarget) }, "Start the game") : null;
    fill(this.lobby,
      h("p", { class: "hint center" }, `${this.game.title} · ${view.deal === "server"
        ? "the server deals" : "real tiles or dice"}`),
      view.rated ? h("p", { class: "hint center", id: this.id("rated") }, "Rated: every " +
        "seat has a profile, so this game counts for the leaderboard") : null,
      h("p", { class: "hint center" }, "Table code"),
      h("p", { class: "play-code", id: this.id("code"), "aria-label": `Table code ${spoken}` },
        view.code),
      h("div", { class: "play-qr", id: this.id("qr") }, qrCanvas(app.h, link, `QR code of the link to ` +
        `join table ${spoken}`)),
      h("p", { class: "center" }, h("a", { class: "play-link", id: this.id("link"), href: link },
        link)),
      LOOPBACK.has(location.hostname) ? h("p", { class: "hint", id: this.id("loopback") },
        "This address is this machine's own: other phones need its address on the table's " +
        "network (liars serve --host 0.0.0.0, then open that address here).") : null,
      h("h3", {}, `At the table (${view.players.length})`),
      this.seatList(view, false),
      this.advisor.botControls(view),
      this.clockSetting(view),
      startButton,
      h("p", { class: "hint", id: this.id("start-why") }, view.you.host
        ? (enough ? "Everyone in? Start: no one joins after." : "Waiting for at least one more " +
          "player: they open this page and type the code, or scan the QR code.")
        : `Waiting for ${host ? host.name : "the host"} to start the game.`),
      this.advisor.lobby(view));
  },

  /** The time a move, the host's to change in the lobby (others read it). */
  clockSetting(view, suffix = "") {
    const { h } = app;
    const said = view.clock ? `${view.clock} s a move` : "no timer";
    if (!view.you.host) {
      return h("p", { class: "hint", id: this.id(`clock-said${suffix}`) }, `Time: ${said}`);
    }
    const choices = [["", "No timer"], ["10", "10 s a move"], ["30", "30 s a move"]];
    if (view.clock && !["10", "30"].includes(String(view.clock))) {
      choices.push([String(view.clock), `${view.clock} s a move`]);
    }
    const select = h("select", { id: this.id(`clock-setting${suffix}`) },
      choices.map(([value, text]) => h("option", { value }, text)));
    select.value = view.clock ? String(view.clock) : "";
    select.addEventListener("change", () => this.setClock(select));
    return h("div", { class: "field" }, h("label", { for: this.id(`clock-setting${suffix}`) },
      suffix ? "Time a move, next game" : "Time a move"), select);
  },

  /** A raise the advisor suggested, put in the move form (the player still sends it). */
  useAdvice(move, view) {
    if (view.game === "letters") {
      this.words.value = move.words.join(", ");
      this.words.dispatchEvent(new Event("input"));
      this.words.focus();
    } else {
      this.quantity.value = String(move.quantity);
      this.face.value = String(move.face);
      this.checkBid();
      this.quantity.focus();
    }
  },

  renderOver(view) {
    const { h } = app;
    this.over.hidden = view.phase !== "over";
    if (this.over.hidden) return;
    const won = view.winner === view.you.name;
    const host = [...view.players, ...(view.spectators || []).map((name) => ({ name }))]
      .find((p) => p.host);
    fill(this.over,
      h("p", { class: "table-winner", id: this.id("winner") },
        view.winner ? `🏆 ${view.winner} wins` : "No winner"),
      h("p", { class: "table-line" }, view.called_off || (won ? "That's you. Well bluffed."
        : "Game over.")),
      h("h3", {}, "Places"),
      h("ol", { class: "play-places", id: this.id("places"), "aria-label": "Places" },
        (view.places || []).map((p) => h("li", { "data-player": p.name, "data-place":
          String(p.place), class: p.name === view.you.name ? "you" : null },
        h("span", { class: "place" }, `${p.place}.`), " ", h("span", { class: "seat-name" },
          p.name)))),
      this.sessionTable(view),
      this.clockSetting(view, "-next"),  // the pace may change between games
      view.you.host
        ? h("button", { type: "button", class: "primary", id: this.id("rematch"),
          onclick: (event) => this.rematch(event.currentTarget) }, "Rematch: same seats")
        : h("p", { class: "hint", id: this.id("rematch-wait") }, `Waiting for ` +
          `${host ? host.name : "the host"}: a rematch at this table, or leave.`));
  },

  /** The table's games so far: each player's wins (and chips, at a kitty). */
  sessionTable(view) {
    const { h } = app;
    const session = view.session;
    if (!session || !session.games) return null;
    return h("div", { class: "play-session", id: this.id("session") },
      h("h3", {}, `This table: ${plural(session.games, "game", "games")}`),
      h("ul", { class: "seats", "aria-label": "Wins at this table" }, session.players.map((p) =>
        h("li", { "data-player": p.name },
          h("span", { class: "seat-name" }, p.name),
          h("span", { class: "seat-count" }, [plural(p.wins, "win", "wins"),
            view.kitty ? `${p.chips >= 0 ? "+" : ""}${p.chips} chips` : ""]
            .filter(Boolean).join(" · "))))),
      view.kitty && view.kitty.pot ? h("p", { class: "hint" },
        `The kitty stands at ${view.kitty.pot} chips.`) : null);
  },

  renderStatus(view) {
    const { h } = app;
    const mine = view.to_move === view.you.name;
    let turn;
    if (view.phase === "over") turn = null;
    else if (view.phase === "reveal") {
      turn = h("p", { class: "table-turn" }, h("strong", { id: this.id("turn") },
        view.call ? `${view.call.by} called ${CALLED[view.call.call]}` : "A call"),
        h("span", { class: "hint" }, view.waiting_for.length ? "waiting for " +
          view.waiting_for.map((p) => (p === view.you.name ? "you" : p)).join(", ") : ""));
    } else {
      turn = h("p", { class: "table-turn" }, h("strong", { id: this.id("turn"),
        class: mine ? "play-mine" : null }, mine ? "Your turn" : `${view.to_move}'s turn`));
    }
    const line = [`Table ${view.code}`, `round ${view.round}`];
    if (view.game === "letters" && view.phase !== "over") line.push(ARROW[view.direction]);
    if (view.kitty && view.kitty.pot) line.push(`kitty ${view.kitty.pot}`);
    fill(this.status, turn, this.clock,
      h("p", { class: "table-line", id: this.id("line") }, line.join(" · ")),
      this.seatList(view, true));
  },

  renderHand() {
    const { h } = app;
    const view = this.view;
    if (!view) return;
    const game = this.game;
    let hidden = false;
    try { hidden = localStorage.getItem(HIDE_KEY) === "1"; } catch { /* private mode */ }
    const me = view.players.find((p) => p.name === view.you.name) || {};
    const held = me[game.count];
    const hand = view.you.hand;
    this.handCard.hidden = view.phase === "over" || me.out;
    this.hideButton.setAttribute("aria-pressed", String(hidden));
    this.hideButton.textContent = hidden ? `Show my ${game.many}` : `Hide my ${game.many}`;
    this.hideButton.hidden = hand === null || hand === undefined;
    app.$(`#${this.id("hand-title")}`).textContent = `Your ${game.many}`;
    this.hand.dataset.hidden = String(hidden);
    if (hand === null || hand === undefined) {
      fill(this.hand, h("p", { class: "hint" }, `Your ${plural(held || 0, game.one, game.many)} ` +
        "are in front of you: the table deals real ones."));
    } else if (hidden) {
      fill(this.hand, h("p", { class: "play-covered" }, `${plural(hand.length, game.one,
        game.many)}, hidden`));
    } else {
      fill(this.hand, h("ul", { class: `hand hand-${game.count}`, id: this.id("hand-list"),
        "aria-label": `Your ${game.many}` },
        game.handText(hand).map((item) => h("li", {}, item))));
    }
  },

  renderActions(view) {
    const letters = view.game === "letters";
    const mine = view.phase === "playing" && view.to_move === view.you.name;
    const last = view.declarations[view.declarations.length - 1];
    this.declareForm.hidden = !(mine && letters);
    this.bidForm.hidden = !(mine && !letters);
    this.calls.hidden = !mine;
    this.callButtons.bullshit.hidden = !letters;
    this.callButtons.exact.hidden = !letters;
    this.callButtons.liar.hidden = letters;
    const why = last ? "" : `Nothing to call yet: ${letters ? "declare" : "bid"} first; ` +
      "the round opens with you.";
    for (const button of Object.values(this.callButtons)) button.disabled = !last;
    this.callWhy.textContent = why;
    this.callWhy.hidden = !why;
    if (mine && letters) this.checkDeclaration();
    if (mine && !letters) this.fillBid(view, last);
    // The reveal at a table of real tiles; an undecided call's ruling, by the host.
    const undecided = view.phase === "reveal" && view.last_ruling && view.last_ruling.ruling === null;
    const me = view.players.find((p) => p.name === view.you.name) || {};
    const toReveal = view.phase === "reveal" && !undecided && view.waiting_for.includes(view.you.name);
    this.revealForm.hidden = !toReveal;
    if (toReveal) {
      const held = me[this.game.count];
      this.revealLabel.textContent = `Your ${this.game.many} (${held})`;
      this.revealInput.name = this.game.count; // an error about "tiles" or "dice" shows here
      this.revealInput.setAttribute("inputmode", letters ? "text" : "numeric");
      this.revealInput.setAttribute("autocapitalize", letters ? "characters" : "off");
      this.revealInput.placeholder = letters ? "B I G" : "6 6 1";
      this.revealHint.textContent = `Type the ${plural(held, this.game.one, this.game.many)} in ` +
        `front of you${letters ? "" : ", e.g. 6 6 1"}; everyone's show once all are in.`;
    }
    this.tableRuling.hidden = !(undecided && view.you.host);
  },

  /** The bid form for this round: the faces of the rules; a raise of the last bid to start. */
  fillBid(view, last) {
    const faces = view.rules.faces;
    if (this.face.options.length !== faces) {
      this.face.replaceChildren(...Array.from({ length: faces }, (_, i) =>
        app.h("option", { value: String(i + 1) }, String(i + 1))));
    }
    const key = `${view.round}:${view.declarations.length}`;
    if (this.bidKey !== key) { // a new bid to beat: start from the smallest raise in quantity
      this.bidKey = key;
      this.quantity.value = String(last ? last.quantity + 1 : 1);
      this.face.value = String(last ? last.face : Math.min(2, faces));
    }
    this.checkBid();
  },

  renderRound(view) {
    const { h } = app;
    const game = this.game;
    const said = view.declarations;
    this.round.hidden = view.phase === "over";
    fill(this.round,
      h("h3", {}, view.game === "letters" ? "Declared this round" : "Bids this round"),
      said.length ? h("ol", { class: "play-said", id: this.id("said") }, said.map((d, i) =>
        h("li", { "data-player": d.player, class: i === said.length - 1 ? "last" : null },
          h("span", { class: "seat-name" }, d.player), " ", game.said(d))))
        : h("p", { class: "hint", id: this.id("said") }, view.phase === "playing"
          ? `Nothing yet: ${view.to_move === view.you.name ? "you open" : `${view.to_move} opens`}.`
          : "Nothing."));
  },

  renderRuling(view) {
    const { h } = app;
    const ruling = view.last_ruling;
    const box = this.ruling;
    // Shown until the next round's first word or bid; during a reveal, only an undecided call.
    const now = view.phase === "over" || (view.phase === "playing" && !view.declarations.length)
      || (view.phase === "reveal" && ruling && ruling.ruling === null);
    if (!ruling || !now) { box.hidden = true; return; }
    const game = this.game;
    const undecided = ruling.ruling === null;
    const outNow = new Set(view.players.filter((p) => p.out).map((p) => p.name));
    const right = ruling.ruling === "upheld" || ruling.ruling === "holds";
    box.className = `result ${undecided ? "undecided" : right ? "ok" : "bad"}`;
    box.dataset.ruling = undecided ? "undecided" : ruling.ruling;
    const host = view.players.find((p) => p.host);
    fill(box,
      h("p", { class: "hint" }, `${ruling.by} called ${CALLED[ruling.call]}`),
      h("h3", { id: this.id("ruling-title") }, game.headline(ruling)),
      ruling.reason ? h("p", { class: "reason" }, ruling.reason) : null,
      h("p", { class: "hint" }, "Revealed"),
      h("ul", { class: "ruling", id: this.id("revealed"), "aria-label": "Revealed" },
        Object.entries(ruling.revealed).map(([name, hand]) => h("li", { "data-player": name },
          h("span", {}, name), h("span", { class: "words mono" }, game.shownHand(hand))))),
      undecided ? h("p", { class: "ruling-line" }, view.you.host
        ? "The table decides: was the call right?"
        : `The table decides; ${host ? host.name : "the host"} records its ruling.`)
        : [h("p", { class: "hint" }, "Who gains or loses"),
          h("ul", { class: "ruling", id: this.id("changes"), "aria-label": "Who gains or loses" },
          Object.entries(ruling.changes).map(([name, delta]) => h("li", { "data-player": name },
            h("span", {}, name), h("span", { class: `delta ${game.bad(delta) ? "up" : "down"}` },
              game.change(delta, outNow.has(name))))))],
      !undecided && !Object.keys(ruling.changes).length
        ? h("p", { class: "ruling-line" }, "Nobody gains or loses.") : null);
    box.hidden = false;
  },

  renderManage(view) {
    const { h } = app;
    const others = view.players.filter((p) => !p.out && p.name !== view.you.name);
    this.manage.hidden = !view.you.host || view.phase === "over" || !others.length;
    if (this.manage.hidden) return;
    const open = this.manage.open;
    fill(this.manage, h("summary", {}, "A player left?"),
      h("div", { class: "more-body" },
        h("p", { class: "hint" }, "Remove a player who has left: they are out, and the round " +
          "starts again."),
        others.map((p) => h("button", { type: "button", class: "secondary",
          "data-remove": p.name, onclick: (event) => this.remove(p.name, event.currentTarget) },
          `Remove ${p.name}`))));
    this.manage.open = open;
  },
};
