// The Play screen as it shows a room (play.js builds it and sends the moves): the lobby,
// the hand, the round, the ruling, the end; the join link and its QR code.

import { Countdown, URGENT_S } from "./countdown.js";
import { ARROW, fill, plural } from "./screenkit.js";
import { withIcon } from "./icons.js";
import { isOut, outBy, outWhy, outWord, seatOf, yourOut } from "./outs.js";
import { showNotice } from "./notice.js";
import { openTables, readCode } from "./rooms.js";
import { oddsParagraph, oddsSentences } from "./oddswords.js";
import { qrCanvas } from "./qr.js";
import { replayLink } from "./replay.js";
import { screenOf, titleOf } from "./screens/index.js";
import { showDisplay } from "./tabledisplay.js";
import { app, CALLED, joinLink, LOOPBACK } from "./playkit.js";

export const HIDE_KEY = "liars.play.hide";
const SAID_SECONDS = new Set([10, 5]); // your clock's seconds said to a screen reader
const TAP_GUARD_MS = 700; // a reveal is not dismissed by the tap that made it

/** The methods of the Play screen that render its view (play.js adds them to its own). */
export const rendering = {
  note(text) {
    this.message.textContent = text;
    this.message.className = "table-message";
    this.message.hidden = !text;
  },

  showStart() {
    this.roomView.hidden = true;
    if (this.tableDisplay) this.tableDisplay.show(false);
    this.startView.hidden = false;
    this.arrangeStart(Boolean(readCode(new URLSearchParams(location.search).get("room") || "")));
    this.closeLayers();
    delete document.body.dataset.game; // no game on this phone: the referee's page again
    this.wasOn = false;
    this.note(document.documentElement.dataset.site === "static" ? "Tables are kept by a " +
      "referee server (liars serve): this copy of the page has none, so it cannot open or " +
      "join one. Every other screen works here." : "");
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
          h("span", { class: "seat-name" }, `${t.code} · ${titleOf(t.game)}`),
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
    if (!this.countdown) this.countdown = new Countdown(() => this.drawClock());
    this.countdown.follow(view);
  },

  drawClock() {
    const clock = this.clock;
    const left = this.countdown ? this.countdown.left : null;
    if (!clock) return;
    if (left === null || !this.view) { clock.hidden = true; return; }
    const who = this.view.to_move === this.view.you.name ? "You" : this.view.to_move;
    clock.hidden = false;
    fill(clock, withIcon("clock", `${who}: ${left} s`));
    clock.dataset.left = String(left);
    clock.classList.toggle("urgent", left <= URGENT_S);
    // Your own clock's last seconds are said (the timer itself is not read aloud each tick).
    const moment = `${this.countdown.deadline}:${left}`;
    if (who === "You" && SAID_SECONDS.has(left) && left < (this.view.clock || Infinity)
        && this.saidMoment !== moment && this.announcer) {
      this.saidMoment = moment;
      this.say(`${left} seconds left`);
    }
  },

  stopClock() {
    if (this.countdown) this.countdown.stop();
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

  /** Show the view: the lobby, the game (one screen, nothing to scroll), or its end. */
  render() {
    const view = this.view;
    if (!view) return;
    const data = this.section.dataset;
    Object.assign(data, { view: "room", phase: view.phase, version: String(view.version),
      you: view.you.name, toMove: view.to_move || "", ready: "true" });
    this.startView.hidden = true;
    this.roomView.hidden = false;
    this.note("");
    this.useScreen(view);
    this.fairDeal.follow(view, this.seat); // the hand as dealt kept; a game over checked
    const news = this.notices.fresh(view); // said once; shown while the view carries it
    showNotice(this.noticeLine, view);
    if (showDisplay(this, view)) { // no seat (a table display, a spectator): tabledisplay.js
      this.noticeLine.hidden = true; // (the display shows it, big)
      if (news) this.say(news);
      return;
    }
    const lobby = view.phase === "lobby";
    this.lobby.hidden = !lobby;
    this.board.hidden = lobby;
    this.setGameMode(view);
    if (lobby) { // (the Menu may be open: the host takes a seat off here)
      this.rulingLayer.hidden = true;
      this.advisor.card.hidden = true; // nothing to ask before the game
      this.renderLobby(view);
      this.renderManage(view);
      this.renderLeave(view);
      return;
    }
    this.runClock(view);
    this.buzz(view);
    this.announce(view, news);
    this.renderOver(view);
    this.renderStatus(view);
    this.renderHand();
    this.renderActions(view);
    this.renderRound(view);
    this.renderRuling(view);
    this.renderHistory(view);
    this.renderManage(view);
    this.advisor.render(view);
    this.oddsButton.hidden = !view.advisor || view.phase === "over";
    this.renderLeave(view);
  },

  /** The Leave buttons' words for this view (an armed one keeps its question). */
  renderLeave(view) {
    this.leaveButton.textContent = view.phase === "over" ? "New table"
      : "Leave this table on this phone";
    delete this.leaveButton.dataset.armed;
    if (this.menuLeave.dataset.armed !== "true") {
      this.menuLeave.textContent = "Leave this table on this phone";
    }
  },

  /** The game's screen module: its moves' panel built once a game (games/NAME/screen.js). */
  useScreen(view) {
    const screen = screenOf(view.game);
    if (screen === this.screen) return;
    this.screen = screen;
    this.pendingCall = null;
    this.fillWith(this.movesSlot, screen ? screen.build(this) : app.h("p", { class: "hint" },
      `This page has no screen for the game "${view.game}": update it to play here.`));
  },

  /** While a game is on, the page is the table: the referee's tabs step aside (the menu has
   * them, one tap away, and "Back to your table" brings the table back). */
  setGameMode(view) {
    const on = (view.phase === "playing" || view.phase === "reveal")
      && location.hash === "#play" && !this.section.hidden;
    if (on) document.body.dataset.game = "on";
    else delete document.body.dataset.game;
    if (on && !this.wasOn) window.scrollTo({ top: 0, behavior: "instant" });
    this.wasOn = on;
  },

  /** Say to a screen reader what a glance tells: whose turn, each ruling, the winner (one
   * live region, words only when they change; drawClock says your last seconds). */
  announce(view, news = null) {
    const said = news ? [news] : [];
    const ruling = view.last_ruling;
    const key = this.rulingKey(view);
    if (ruling && key !== this.announcedRuling && this.announcedRuling !== undefined) {
      said.push(`${this.headline(ruling)}. ${ruling.reason || ""}`,
        ...oddsSentences(ruling.odds, this.game ? this.game.claimNoun : "claim")
          .map((sentence) => `${sentence}.`));
    }
    this.announcedRuling = key;
    const turn = view.phase === "playing" ? `${view.round}:${view.claims}:${view.to_move}` : "";
    if (turn && turn !== this.announcedTurn) {
      said.push(view.to_move === view.you.name ? "Your turn." : `${view.to_move}'s turn.`);
    }
    this.announcedTurn = turn;
    if (view.phase === "over" && this.announcedOver !== view.game_no) {
      said.push(view.winner ? `${view.winner} wins.` : "Game over.");
      this.announcedOver = view.game_no;
    }
    if (said.length) this.say(said.join(" "));
  },

  say(text) {
    this.announcer.textContent = text;
  },

  headline(ruling) {
    const called = CALLED[ruling.call] || ruling.call;
    return this.screen ? this.screen.headline(ruling, called) : `${ruling.by} called ${called}`;
  },

  seatList(view, count) {
    const { h } = app;
    const game = this.game;
    return h("ul", { class: `seats${count ? " game-seats" : ""}`,
      id: this.id(count ? "seats" : "lobby-seats"), "aria-label": "Players in seat order" },
    view.players.map((p) => {
      const held = p[game.count];
      const out = outWord(view, p); // out, and why: the clock, the host, by play
      const line = out || (held === null || held === undefined ? (p.host ? "host" : "")
        : plural(held, game.one, game.many));
      const extra = count && game.seatLine && !out ? game.seatLine(view, p) : null;
      return h("li", { "data-player": p.name, "data-out": out ? outBy(view, p) : null,
        class: [p.name === view.to_move ? "to-move" : "",
          out ? "out" : "", p.name === view.you.name ? "you" : ""].join(" ").trim() || null,
      "aria-current": p.name === view.to_move ? "true" : null },
      h("span", { class: "seat-name" }, p.name),
      // your own seat: shown by its colour at a game (a line saved), said all the same
      count && p.name === view.you.name ? h("span", { class: "visually-hidden" }, " (you)")
        : null,
      h("span", { class: "seat-count" }, [p.name === view.you.name && !count ? "you" : "",
        count ? line : p.host ? "host" : "", extra,
        p.bot ? (!count && p.level ? `computer (${p.level})` : "computer") : "",
        // a player whose phone holds no event stream (locked, reloading, gone)
        p.connected === false && p.name !== view.you.name && !out ? "away" : ""]
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
      h("div", { class: "card-head" }, h("p", { class: "hint" }, `${this.game.title} · ` +
        (view.deal === "server" ? "the server deals" : "each player's own at the table")),
      this.lobbyMenuButton),
      this.ratedLine(view, "", "Rated: every seat has a profile, so this game counts for " +
        "the leaderboard"),
      // said letter by letter (a <p> takes no aria-label: the big code is only shown)
      h("p", { class: "hint center" }, "Table code",
        h("span", { class: "visually-hidden" }, ` ${spoken}`)),
      h("p", { class: "play-code", id: this.id("code"), "aria-hidden": "true" }, view.code),
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
      this.fairDeal.element(h, view, this.id("lobby-fair")),
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

  renderOver(view) {
    const { h } = app;
    this.over.hidden = view.phase !== "over";
    if (this.over.hidden) return;
    const won = view.winner === view.you.name;
    const host = [...view.players, ...(view.spectators || []).map((name) => ({ name }))]
      .find((p) => p.host);
    fill(this.over,
      h("p", { class: "table-winner", id: this.id("winner") },
        view.winner ? withIcon("trophy", `${view.winner} wins`) : "No winner"),
      h("p", { class: "table-line" }, view.called_off || (won ? "That's you. Well bluffed."
        : "Game over.")),
      h("h3", {}, "Places"),
      h("ol", { class: "play-places", id: this.id("places"), "aria-label": "Places" },
        (view.places || []).map((p) => {
          const why = outWhy(view, seatOf(view, p.name)); // out of time, taken off, left
          return h("li", { "data-player": p.name, "data-place": String(p.place),
            class: p.name === view.you.name ? "you" : null },
          h("span", { class: "place" }, `${p.place}.`), " ", h("span", { class: "seat-name" },
            p.name), why ? h("span", { class: "place-why" }, ` · ${why}`) : null);
        })),
      this.fairDeal.element(h, view, this.id("fair")),
      this.ratedLine(view, "-over", "Rated: this game counts for the leaderboard"),
      h("p", { class: "play-replay" }, h("a", { class: "button secondary",
        id: this.id("replay-link"), href: replayLink(view.code, view.game_no) },
      "Replay this game, step by step"), h("span", { class: "hint" }, " Share the link: " +
        "anyone with it can replay the game, every reveal with its odds.")),
      this.sessionTable(view),
      this.leavingTable(view),
      this.clockSetting(view, "-next"),  // the pace may change between games
      view.you.host
        ? h("button", { type: "button", class: "primary", id: this.id("rematch"),
          onclick: (event) => this.rematch(event.currentTarget) }, "Rematch: same seats")
        : h("p", { class: "hint", id: this.id("rematch-wait") }, `Waiting for ` +
          `${host ? host.name : "the host"}: a rematch at this table, or leave.`));
  },

  /** Whether the game counts for the leaderboard, and if not why, as the server says
   * (none at a table where no seat has a profile). */
  ratedLine(view, suffix, rated) {
    const { h } = app;
    if (view.rated) return h("p", { class: "hint center", id: this.id(`rated${suffix}`) }, rated);
    return view.unrated_because ? h("p", { class: "hint center",
      id: this.id(`unrated${suffix}`) }, `Not rated: ${view.unrated_because}`) : null;
  },

  /** Between games, the host takes a player who walked away off the table (pick, then
   * confirm: `unseat`, takeoff.js): no seat in the rematch; their phone watches on. */
  leavingTable(view) {
    if (!this.takeOffOver.offered(view)) return null;
    this.takeOffOver.render(view);
    return this.leaving;
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
        view.call ? `${view.call.by} called ${CALLED[view.call.call] || view.call.call}`
          : "A call"),
      h("span", { class: "hint" }, view.waiting_for.length ? "waiting for " +
        view.waiting_for.map((p) => (p === view.you.name ? "you" : p)).join(", ") : ""));
    } else {
      turn = h("p", { class: "table-turn" }, h("strong", { id: this.id("turn"),
        class: mine ? "play-mine" : null }, mine ? "Your turn" : `${view.to_move}'s turn`));
    }
    const line = [`Table ${view.code}`, `round ${view.round}`];
    if (view.kitty && view.kitty.pot) line.push(`kitty ${view.kitty.pot}`);
    this.line.textContent = line.join(" · ");
    // what the turn needs of the table (the way round, the pile and its rank, what loses):
    // a line of its own under the turn, whole (it wraps, never cut)
    const table = [];
    if (this.game.showsDirection && view.phase !== "over") table.push(ARROW[view.direction]);
    if (this.game.tableLine && view.phase !== "over") table.push(this.game.tableLine(view));
    const gone = yourOut(view, seatOf(view, view.you.name)); // your own phone says you are out
    if (turn && table.length) { // beside the turn, or under it when it does not fit
      turn.append(h("span", { class: "game-table-line", id: this.id("table-line") },
        table.join(" · ")));
    }
    fill(this.status, turn,
    gone ? h("p", { class: "you-out", id: this.id("you-out"),
      "data-out": outBy(view, seatOf(view, view.you.name)) }, gone) : null,
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
    const mine = view.phase === "playing" && view.to_move === view.you.name;
    this.handCard.hidden = view.phase === "over" || isOut(view, me) || view.you.seat === false;
    this.hideButton.setAttribute("aria-pressed", String(hidden));
    this.hideButton.textContent = hidden ? "Show" : "Hide";
    this.hideButton.setAttribute("aria-label", hidden ? `Show my ${game.many}` : `Hide my ${game.many}`);
    this.hideButton.hidden = hand === null || hand === undefined;
    this.handTitle.textContent = `Your ${game.many}`;
    this.hand.dataset.hidden = String(hidden);
    if (hand === null || hand === undefined) {
      fill(this.hand, h("p", { class: "hint" }, `Your ${plural(held || 0, game.one, game.many)} ` +
        "are in front of you: the table deals real ones."));
    } else if (hidden) {
      fill(this.hand, h("p", { class: "play-covered" }, `${plural(hand.length, game.one,
        game.many)}, hidden`));
    } else if (game.renderHand) {
      fill(this.hand, game.renderHand(this, view, mine));
    } else {
      fill(this.hand, h("ul", { class: `hand hand-${game.count}`, id: this.id("hand-list"),
        "aria-label": `Your ${game.many}` },
      game.handText(hand).map((item) => h("li", {}, item))));
    }
  },

  renderActions(view) {
    const game = this.game;
    const mine = view.phase === "playing" && view.to_move === view.you.name;
    const pending = this.pendingCall;
    if (pending && (!mine || pending.version !== view.version) && !this.sending) {
      this.pendingCall = null; // the table moved on: the question is no longer the one asked
    }
    this.confirmBar.hidden = !this.pendingCall;
    this.movesSlot.hidden = Boolean(this.pendingCall);
    // Every action's state comes from this view: none is left as a tap left it.  Each is
    // enabled unless a move is on its way; the game's screen then disables what the view
    // does not allow (a form's own submit button is its form's: app.js's wireForm).
    for (const button of this.actions.querySelectorAll("button")) {
      if (!button.closest("form")) this.allow(button, true);
    }
    if (this.screen) this.screen.update(this, view, mine);
    // The reveal at a table of real tiles, dice or cards.
    const undecided = view.phase === "reveal" && view.last_ruling && view.last_ruling.ruling === null;
    const me = view.players.find((p) => p.name === view.you.name) || {};
    const toReveal = view.phase === "reveal" && !undecided && view.waiting_for.includes(view.you.name);
    this.revealForm.hidden = !toReveal;
    if (toReveal) {
      const held = me[game.count];
      this.revealLabel.textContent = `Your ${game.many} (${held})`;
      this.revealInput.name = game.count; // an error about the game's pieces shows here
      this.revealInput.setAttribute("inputmode", game.revealNumeric ? "numeric" : "text");
      this.revealInput.setAttribute("autocapitalize", game.revealNumeric ? "off" : "characters");
      this.revealInput.placeholder = game.revealPlaceholder || "";
      this.revealHint.textContent = `Type the ${plural(held, game.one, game.many)} in ` +
        `front of you${game.revealPlaceholder ? `, e.g. ${game.revealPlaceholder}` : ""}; ` +
        "everyone's show once all are in.";
    }
    this.actions.hidden = view.phase === "over";
  },

  /** The claim to answer, big and whole; the round's earlier claims in the History sheet. */
  renderRound(view) {
    const { h } = app;
    const game = this.game;
    const said = view.declarations;
    this.round.hidden = view.phase === "over";
    const earlier = view.claims - 1;
    fill(this.round,
      h("h3", { class: "visually-hidden" }, game.claimsTitle || "This round"),
      said.length ? h("ol", { class: "play-said", id: this.id("said"),
        "aria-label": game.claimsTitle || "This round" }, said.map((d, i) =>
        h("li", { "data-player": d.player, class: i === said.length - 1 ? "last" : null },
          h("span", { class: "seat-name" }, d.player), " ", game.said(this, d))))
        : h("p", { class: "hint", id: this.id("said") }, view.phase === "playing"
          ? `Nothing yet: ${view.to_move === view.you.name ? "you open" : `${view.to_move} opens`}.`
          : "Nothing."),
      h("div", { class: "game-claims-tools" }, this.hideButton, this.historyButton));
    // the round's earlier claims counted on History's button (the claim to answer keeps
    // the row's width): "History (2)", said "History (2 earlier claims)"
    fill(this.historyButton, "History", earlier > 0 ? [` (${earlier}`, h("span",
      { class: "visually-hidden" }, ` earlier claim${earlier === 1 ? "" : "s"}`), ")"] : null);
  },

  /** The round's history: this round's claims, and the rounds before with their rulings. */
  renderHistory(view) {
    const { h } = app;
    const game = this.game;
    const claims = (list) => h("ol", { class: "play-said" }, list.map((d) =>
      h("li", { "data-player": d.player }, h("span", { class: "seat-name" }, d.player), " ",
        game.said(this, d))));
    const past = (view.history || []).slice().reverse();
    fill(this.historyBody,
      h("h4", {}, `Round ${view.round}${view.phase === "over" ? "" : " (now)"}`),
      view.declarations.length ? claims(view.declarations) : h("p", { class: "hint" }, "Nothing yet."),
      past.map((r) => h("section", { class: "history-round", "data-round": String(r.round) },
        h("h4", {}, `Round ${r.round}`),
        r.claims && r.claims.length ? claims(r.claims) : null,
        r.ruling ? h("p", {}, h("strong", {}, this.headline(r.ruling)),
          r.ruling.reason ? `: ${r.ruling.reason}` : "") : null,
        r.ruling ? oddsParagraph(h, r.ruling.odds, game.claimNoun) : null)),
      !past.length && view.last_ruling ? h("p", {}, h("strong", {}, "Last ruling: "),
        this.headline(view.last_ruling), view.last_ruling.reason
          ? `: ${view.last_ruling.reason}` : "") : null);
  },

  /** The ruling's identity: a new one is shown; one dismissed stays dismissed. */
  rulingKey(view) {
    if (!view.last_ruling) return null;
    if (view.reveal && view.reveal.n !== undefined) return `${view.game_no}:${view.reveal.n}`;
    return `${view.game_no}:${JSON.stringify(view.last_ruling)}`;
  },

  /** The reveal: the hands turned, the verdict, who gains or loses; on top of the table
   * until dismissed, and at least as long as the server holds it (view.reveal.hold). */
  renderRuling(view) {
    const { h } = app;
    const ruling = view.last_ruling;
    const key = this.rulingKey(view);
    const undecided = ruling && ruling.ruling === null && view.phase === "reveal";
    const seenHere = view.reveal && (view.reveal.seen || []).includes(view.you.name);
    const show = ruling && (undecided || (key !== this.dismissedRuling && !seenHere));
    if (!show) { this.rulingLayer.hidden = true; this.sayHold(null); return; }
    const game = this.game;
    const outNow = new Set(view.players.filter((p) => isOut(view, p)).map((p) => p.name));
    const right = ["upheld", "holds", "made", "true", "right", "discarded"].includes(ruling.ruling);
    const box = this.ruling;
    box.className = `result ${undecided ? "undecided" : right ? "ok" : "bad"}`;
    box.dataset.ruling = undecided ? "undecided" : ruling.ruling;
    const host = [...view.players, ...(view.spectators || []).map((name) => ({ name }))]
      .find((p) => p.host);
    const shown = (hand) => (game.revealedHand ? game.revealedHand(this, hand)
      : h("span", { class: "words mono" }, game.shownHand(hand)));
    fill(box,
      h("p", { class: "hint" }, `${ruling.by} called ${CALLED[ruling.call] || ruling.call}`),
      h("h3", { id: this.id("ruling-title") }, this.headline(ruling)),
      ruling.reason ? h("p", { class: "reason" }, ruling.reason) : null,
      oddsParagraph(h, ruling.odds, game.claimNoun, { id: this.id("ruling-odds") }),
      h("p", { class: "hint" }, "Revealed"),
      h("ul", { class: "ruling", id: this.id("revealed"), "aria-label": "Revealed" },
        Object.entries(ruling.revealed).map(([name, hand]) => h("li", { "data-player": name },
          h("span", {}, name), shown(hand)))),
      undecided ? h("p", { class: "ruling-line" }, view.you.host
        ? "The table decides: was the call right?"
        : `The table decides; ${host ? host.name : "the host"} records its ruling.`)
        : [h("p", { class: "hint" }, "Who gains or loses"),
          h("ul", { class: "ruling", id: this.id("changes"), "aria-label": "Who gains or loses" },
            Object.entries(ruling.changes).map(([name, delta]) => h("li", { "data-player": name },
              h("span", {}, name), h("span", { class: `delta ${game.bad(delta) ? "up" : "down"}` },
                game.change(delta, outNow.has(name))))))],
      !undecided && !Object.keys(ruling.changes).length
        ? h("p", { class: "ruling-line" }, "Nobody gains or loses.") : null,
      this.endedLine(view, ruling, "play-ruling-ended"));
    this.tableRuling.hidden = !(undecided && view.you.host);
    for (const button of this.tableRuling.querySelectorAll("button")) {
      this.allow(button, undecided && view.you.host);
    }
    this.dismissButton.hidden = Boolean(undecided);
    this.rulingLayer.hidden = false;
    if (this.shownRuling !== key) {
      this.shownRuling = key;
      this.rulingShownAt = performance.now();
      this.dismissButton.focus({ preventScroll: true });
    }
    this.sayHold(undecided ? null : view);
  },

  /** The reveal that ended the game says so (the game's screen knows when: Liar's Post). */
  endedLine(view, ruling, id) {
    const text = this.game.ended ? this.game.ended(view, ruling) : null;
    return text ? app.h("p", { class: "ruling-line ruling-ended", id }, text) : null;
  },

  /** The Continue button waits out the server's hold of the reveal, counted on its clock. */
  sayHold(view) {
    clearTimeout(this.holdTimer);
    if (!view) return;
    const reveal = view.reveal;
    const until = reveal && reveal.at ? (reveal.at + reveal.hold) * 1000 : 0;
    const button = this.dismissButton;
    button.dataset.until = String(Math.round(until)); // the server's time it may go
    if (this.releasedRuling === this.shownRuling) return; // once open, it stays open
    const held = until - (this.countdown ? this.countdown.serverNow() : Date.now());
    // Nor by the tap that made it (a double tap on a call's Yes): a moment's guard.
    const guard = (this.rulingShownAt || 0) + TAP_GUARD_MS - performance.now();
    const left = Math.max(held, guard);
    button.disabled = left > 0;
    button.textContent = held > 0 ? `Continue (in ${Math.ceil(held / 1000)} s)` : "Continue";
    if (left > 0) this.holdTimer = setTimeout(() => this.sayHold(this.view), Math.min(left, 1000));
    else this.releasedRuling = this.shownRuling; // (a later view's clock may read a hair earlier)
  },

  /** This phone has seen the reveal: hidden here, and the table told (the computer players
   * wait for it). */
  dismissRuling() {
    const view = this.view;
    if (!view || this.dismissButton.disabled) return;
    this.dismissedRuling = this.rulingKey(view);
    this.rulingLayer.hidden = true;
    if (view.reveal && this.seat && view.you.seat !== false) {
      this.seat.move({ type: "seen", n: view.reveal.n }).catch(() => { /* told next time */ });
    }
    this.render();
  },

  // --- the sheets over the table ---------------------------------------------------------

  openSheet(sheet, part = null) {
    this.closeSheets();
    sheet.hidden = false;
    this.sheetOpener = document.activeElement;
    const first = (part || sheet).querySelector("button:not([hidden]), a, select, input, summary");
    if (first) first.focus({ preventScroll: true });
  },

  sheetOpen() {
    return !this.menu.hidden || !this.historySheet.hidden;
  },

  closeSheets() {
    const open = this.sheetOpen();
    this.menu.hidden = true;
    this.historySheet.hidden = true;
    if (open && this.sheetOpener && this.sheetOpener.focus) this.sheetOpener.focus();
  },

  closeLayers() {
    this.closeSheets();
    this.rulingLayer.hidden = true;
  },

  /** The host's Menu takes a player off (takeoff.js): out of this game while it is on,
   * off the table once it is over; its refusals show inside the Menu. */
  renderManage(view) {
    this.manage.hidden = !this.takeOffMenu.offered(view);
    if (this.manage.hidden) return;
    this.manageTitle.textContent = this.takeOffMenu.title(view);
    this.takeOffMenu.render(view);
  },
};
