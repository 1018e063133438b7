// The table display: a room seen from no seat (view.you.seat === false), the table's host
// running a big screen (a TV, a tablet) or a spectator, shown for the whole table to read.
//
// The view holds no hand (the server sends a seatless view none), and neither does this
// screen: the players' counts, whose turn and their clock, the round's claims, the last
// call's reveal (the hands the call turned over, face up) until the next claim, the game's
// own public state (Liar Liar's pile, Liar's Post's face-up cards and the card in transit),
// the places at the end; who is out and why; what happened at the table (the view's
// notice).  In the lobby: the table code big, the QR code to join, the seats and Start.
//
// It shows the table and nothing else (display.css: no page header, no tab bar, no phone
// button), all of it on one screen at 1280x720 up to eight seats.  The one control on it is
// the menu: the host's (computer players, the time a move, the advisor, taking a player
// off: takeoff.js) and leaving this screen's place at the table.
//
// The games differ only in their screen modules' `tv` (games/NAME/screen.js): a few small functions.
// playview.js hands a seatless view here (showDisplay); every other view is the player's
// board.

import { Countdown, URGENT_S } from "./countdown.js";
import { fill, plural } from "./screenkit.js";
import { withIcon } from "./icons.js";
import { noticeText } from "./notice.js";
import { outBy, outWhy, outWord, seatOf } from "./outs.js";
import { oddsParagraph } from "./oddswords.js";
import { app, CALLED, joinLink, LOOPBACK } from "./playkit.js";
import { qrCanvas } from "./qr.js";
import { replayLink } from "./replay.js";
import { screenOf, titleOf } from "./screens/index.js";
import { TakeOff } from "./takeoff.js";

const SHOWN_CLAIMS = 6; // the round's last claims on the screen

const h = (...args) => app.h(...args);

// --- the display ----------------------------------------------------------------------------

export class TableDisplay {
  /** `screen`: the Play screen, whose controls the host's display reuses (may be {}). */
  constructor(screen = {}) {
    this.screen = screen;
    this.el = h("section", { class: "tv", id: "tv", "aria-label": "The table", hidden: true });
    this.body = h("div", { class: "tv-body" }); // drawn anew at each view
    this.error = h("p", { class: "error tv-error", id: "tv-error", role: "alert", hidden: true });
    this.buildMenu();
    this.el.append(this.error, this.body, this.menu);
    this.clock = h("p", { class: "tv-clock", id: "tv-clock", role: "timer", "aria-live": "off",
      hidden: true });
    this.timer = null;
    this.lastClaim = null; // the round's last claim, kept to show with the call on it
    this.called = null;
    this.rulingKey = undefined;
    this.ruledAt = null; // {round, claims} when the last ruling came: shown until a claim
  }

  show(on) {
    this.el.hidden = !on;
    if (!on) { this.stopClock(); this.closeMenu(); }
  }

  /** An error of the host's controls (start, rematch, the time a move, a computer player):
   * in the open menu when it is open, else on the table. */
  showError(text) {
    const inMenu = !this.menu.hidden;
    this.menuError.textContent = inMenu ? text : "";
    this.menuError.hidden = !inMenu;
    this.error.textContent = inMenu ? "" : text;
    this.error.hidden = inMenu;
  }

  clearError() {
    this.error.hidden = true;
    this.menuError.hidden = true;
  }

  /** The display's menu, the one control on the table: the host's controls in one small
   * sheet over it (computer players, the time a move and the advisor in the lobby; take a
   * player off, out of this game or off the table: takeoff.js), and leaving this screen's
   * place at the table (a spectator's menu holds that alone).  Its refusals show inside. */
  buildMenu() {
    const send = (body) => this.screen.seat.move(body);
    this.takeOff = new TakeOff(h, "tv-menu", send);
    this.menuButton = h("button", { type: "button", class: "secondary tv-menu-button",
      id: "tv-menu-button", "aria-haspopup": "dialog", "aria-controls": "tv-menu",
      "aria-expanded": "false", onclick: () => this.openMenu() }, "Host menu");
    this.menuHeading = h("h3", { id: "tv-menu-title" }, "Host menu");
    this.menuError = h("p", { class: "error", id: "tv-menu-error", role: "alert",
      hidden: true });
    this.menuControls = h("div", { class: "tv-menu-controls", id: "tv-menu-controls" });
    this.menuTitle = h("h4", { id: "tv-menu-part" });
    this.menuLeave = h("button", { type: "button", class: "secondary", id: "tv-menu-leave",
      onclick: () => this.screen.leave && this.screen.leave(this.menuLeave) },
    "Leave this table on this screen");
    this.menu = h("div", { class: "game-layer tv-layer", id: "tv-menu", role: "dialog",
      "aria-modal": "true", "aria-labelledby": "tv-menu-title", hidden: true },
    h("div", { class: "game-sheet", tabindex: "0" },
      h("div", { class: "sheet-head" }, this.menuHeading,
        h("button", { type: "button", class: "secondary", id: "tv-menu-close",
          onclick: () => this.closeMenu() }, "Back to the table")),
      this.menuError, this.menuControls, this.menuTitle, this.takeOff.el, this.menuLeave));
    this.menu.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.closeMenu();
    });
  }

  openMenu() {
    this.menu.hidden = false;
    this.menuError.hidden = true;
    this.menuButton.setAttribute("aria-expanded", "true");
    if (this.view) this.renderMenu(this.view);
    const first = this.menu.querySelector(".take-off button:not([disabled])")
      || this.menu.querySelector("#tv-menu-close");
    first.focus({ preventScroll: true });
  }

  closeMenu() {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    this.menuButton.setAttribute("aria-expanded", "false");
    if (this.menuButton.isConnected) this.menuButton.focus({ preventScroll: true });
  }

  renderMenu(view) {
    const host = view.you.host;
    const label = host ? "Host menu" : "Menu";
    this.menuButton.textContent = label;
    this.menuHeading.textContent = label;
    this.renderControls(view);
    const offered = this.takeOff.offered(view);
    this.menuTitle.textContent = this.takeOff.title(view);
    this.menuTitle.hidden = !offered;
    this.takeOff.el.hidden = !offered;
    if (offered) this.takeOff.render(view);
    if (this.menuLeave.dataset.armed !== "true") {
      this.menuLeave.textContent = "Leave this table on this screen";
    }
  }

  /** The host's lobby controls (the Play screen's own) and, between games, the time a move
   * of the next: drawn again only when what they show changes (a focus is kept). */
  renderControls(view) {
    const screen = this.screen;
    const key = JSON.stringify([view.phase, view.clock, view.advisor, view.deal, view.you.host]);
    if (key === this.controlsKey) return;
    this.controlsKey = key;
    const host = view.you.host;
    const lobby = view.phase === "lobby";
    fill(this.menuControls,
      host && lobby && screen.advisor ? screen.advisor.botControls(view) : null,
      host && (lobby || view.phase === "over") && screen.clockSetting
        ? screen.clockSetting(view, lobby ? "" : "-next") : null,
      host && lobby && screen.advisor ? screen.advisor.lobby(view) : null);
    this.menuControls.hidden = !this.menuControls.childElementCount;
  }

  render(view) {
    const screen = screenOf(view.game); // each game's own: games/NAME/
    if (!screen) { // a newer server's game: said plainly, as a phone's page says it
      this.view = view;
      this.stopClock();
      this.el.dataset.game = view.game;
      fill(this.body, h("p", { class: "tv-notice", id: "tv-no-screen" },
        `This page has no screen for the game "${view.game}": update it to show this table.`));
      return;
    }
    const game = { count: screen.count, one: screen.one, many: screen.many,
      ended: screen.ended, noun: screen.claimNoun, ...screen.tv };
    this.remember(view);
    this.view = view;
    Object.assign(this.el.dataset, { game: view.game, phase: view.phase,
      version: String(view.version), toMove: view.to_move || "" });
    const title = titleOf(view.game);
    this.renderMenu(view);
    const notice = noticeText(view);
    const news = notice ? h("p", { class: "tv-notice", id: "tv-notice",
      "data-n": String(view.notice.n) }, notice) : null;
    if (view.phase === "lobby") {
      this.stopClock();
      fill(this.body, this.lobby(view, title, news));
      return;
    }
    this.runClock(view);
    const over = view.phase === "over";
    const ruled = this.showsRuling(view); // (no claim yet this round: the ruling stands alone)
    fill(this.body,
      h("header", { class: "tv-head" },
        h("h2", { class: "tv-title" }, title),
        h("p", { class: "tv-line", id: "tv-line" }, [`Table ${view.code}`,
          over ? "" : `round ${view.round}`, view.you.host ? ""
            : `watching as ${view.you.name}`].filter(Boolean).join(" · ")),
        over ? null : this.fairDeal(view), this.menuButton),
      news,
      h("div", { class: "tv-main" },
        h("div", { class: "tv-side" }, this.turn(view), this.clock,
          over ? [this.places(view), this.over(view)] : this.seats(view, game)),
        h("div", { class: "tv-centre" },
          !over && game.table ? h("div", { class: "tv-table", id: "tv-table" },
            game.table(view)) : null,
          over || (ruled && !(view.declarations || []).length) ? null
            : this.claims(view, game),
          ruled ? this.ruling(view, game) : null)));
  }

  /** The fair deal: its commitment's first 8 hex digits before the deal, the verdict after
   * the game (the Play screen's check: fairdealview.js). */
  fairDeal(view) {
    const check = this.screen.fairDeal;
    return check ? check.element(app.h, view, "tv-fair") : null;
  }

  /** The last claim of each round, so that the call on it can name it; and when the last
   * ruling came (its round and the claims then), so that it shows until the next claim. */
  remember(view) {
    const key = JSON.stringify(view.last_ruling);
    if (key !== this.rulingKey) {
      this.called = this.rulingKey === undefined ? null : this.lastClaim;
      this.rulingKey = key;
      this.ruledAt = { round: view.round, claims: view.claims };
    }
    const said = view.declarations || [];
    this.lastClaim = said.length ? said[said.length - 1] : null;
  }

  /** The last ruling is shown from the call to the next claim (a past round's ruling never
   * beside the current round's claims), through a reveal and at the end. */
  showsRuling(view) {
    if (!view.last_ruling) return false;
    if (view.phase !== "playing") return true;
    const at = this.ruledAt;
    return Boolean(at) && at.round === view.round && view.claims <= at.claims;
  }

  lobby(view, title, news) {
    const link = joinLink(view.code);
    const spoken = [...view.code].join(" ");
    const screen = this.screen;
    const host = view.you.host;
    const enough = view.players.length >= 2;
    return h("div", { class: "tv-lobby" },
      h("div", { class: "tv-join" },
        h("h2", { class: "tv-title" }, title),
        h("p", { class: "tv-fact" }, "Join on your phone: scan, or type the code"),
        this.fairDeal(view),
        h("p", { class: "tv-code", id: "tv-code", "aria-label": `Table code ${spoken}` },
          view.code),
        h("div", { class: "tv-qr", id: "tv-qr" }, qrCanvas(app.h, link,
          `QR code of the link to join table ${spoken}`)),
        h("p", { class: "center tv-link" }, h("a", { class: "play-link", id: "tv-link",
          href: link }, link)),
        LOOPBACK.has(location.hostname) ? h("p", { class: "hint", id: "tv-loopback" },
          "This address is this machine's own: other phones need its address on the table's " +
          "network (liars serve --host 0.0.0.0, then open that address here).") : null),
      h("div", { class: "tv-waiting" },
        h("div", { class: "tv-waiting-head" },
          h("h3", {}, `At the table (${view.players.length})`), this.menuButton),
        news,
        view.players.length ? h("ul", { class: "tv-seats", id: "tv-seats",
          "aria-label": "Players in seat order" }, view.players.map((p) => h("li",
          { "data-player": p.name }, h("span", { class: "tv-name" }, p.name),
          p.bot ? h("span", { class: "tv-note" }, `computer (${p.level || "easy"})`) : null)))
          : h("p", { class: "hint" }, "No one yet."),
        h("p", { class: "hint", id: "tv-clock-said" }, `Time: ${view.clock
          ? `${view.clock} s a move` : "no timer"}${host ? " · computer players and the " +
          "time a move: Host menu" : ""}`),
        host && screen.start ? h("button", { type: "button", class: "primary", id: "tv-start",
          disabled: !enough, onclick: (event) => screen.start(event.currentTarget) },
        "Start the game") : null,
        h("p", { class: "hint", id: "tv-start-why" }, host
          ? (enough ? "Everyone in? Start: no one joins after." : "Waiting for at least two " +
            "players: they scan the QR code or type the code.")
          : "Waiting for the host to start the game.")));
  }

  turn(view) {
    let text;
    if (view.phase === "over") {
      text = view.winner ? withIcon("trophy", `${view.winner} wins`) : "Game over";
    } else if (view.phase === "reveal") {
      text = view.call ? `${view.call.by} called ${CALLED[view.call.call] || view.call.call}`
        : "A call: the hands are turned over";
    } else text = `${view.to_move}'s turn`;
    return h("p", { class: "tv-turn", id: "tv-turn" }, text);
  }

  seats(view, game) {
    const finished = new Set(view.finished || []);
    return h("ul", { class: "tv-seats", id: "tv-seats", "aria-label": "Players in seat order" },
      view.players.map((p) => {
        const held = p[game.count];
        const out = outWord(view, p); // out, and why: the clock, the host, by play
        const notes = [finished.has(p.name) ? "no cards left" : "",
          p.bot ? `computer (${p.level || "easy"})` : "",
          p.connected === false && !out && !p.bot ? "away" : ""].filter(Boolean);
        return h("li", { "data-player": p.name, "data-out": out ? outBy(view, p) : null,
          class: [p.name === view.to_move ? "to-move" : "", out ? "out" : ""].join(" ").trim()
            || null },
        h("span", { class: "tv-name" }, p.name),
        h("span", { class: "tv-count" }, out || (held === null || held === undefined ? ""
          : plural(held, game.one, game.many))),
        game.seat && !out ? game.seat(view, p) : null,
        notes.length ? h("span", { class: "tv-note" }, notes.join(" · ")) : null);
      }));
  }

  claims(view, game) {
    const said = view.declarations || [];
    const shown = said.slice(-SHOWN_CLAIMS);
    return h("section", { class: "tv-claims", "aria-labelledby": "tv-claims-title" },
      h("h3", { id: "tv-claims-title" }, `Claims this round${view.claims > shown.length
        ? ` (last ${shown.length} of ${view.claims})` : ""}`),
      shown.length ? h("ol", { class: "tv-said", id: "tv-claims" }, shown.map((d, i) =>
        h("li", { "data-player": d.player, class: i === shown.length - 1 ? "last" : null },
          h("span", { class: "tv-name" }, d.player), ": ", h("span", { class: "tv-claim" },
            game.claim(d)))))
        : h("p", { class: "tv-fact", id: "tv-claims" }, view.phase === "playing"
          ? `Nothing yet: ${view.to_move} opens.` : "Nothing."));
  }

  /** The last call: who called, on what, the hands it turned over (face up), the verdict,
   * who gains or loses; and whether it ended the game. */
  ruling(view, game) {
    const r = view.last_ruling;
    const undecided = r.ruling === null;
    const called = (game.called && game.called(r)) || `${r.by} called ${CALLED[r.call] || r.call}`;
    const claim = this.called;
    const ended = game.ended ? game.ended(view, r) : null;
    return h("section", { class: `tv-ruling ${undecided ? "undecided" : game.good(r) ? "ok"
      : "bad"}`, id: "tv-ruling", "data-ruling": undecided ? "undecided" : r.ruling,
    "aria-live": "polite" },
    h("p", { class: "tv-fact", id: "tv-called" }, called,
      claim ? [" on ", h("span", { class: "tv-name" }, claim.player), "'s ",
        h("span", { class: "tv-claim" }, game.claim(claim))]
        : null),
    h("h3", { class: "tv-verdict", id: "tv-verdict" }, game.headline(r)),
    r.reason ? h("p", { class: "hint tv-reason" }, r.reason) : null,
    oddsParagraph(h, r.odds, game.noun, { id: "tv-odds", class: "ruling-odds tv-odds" }),
    h("ul", { class: "tv-revealed", id: "tv-revealed", "aria-label": "Turned over" },
      Object.entries(r.revealed || {}).map(([name, hand]) => h("li", { "data-hand": name },
        h("span", { class: "tv-name" }, name),
        h("span", { class: "tv-pieces" }, game.pieces(hand))))),
    undecided ? h("p", { class: "tv-fact" }, "The table decides; the host records its ruling.")
      : h("ul", { class: "tv-changes", id: "tv-changes", "aria-label": "Who gains or loses" },
        Object.entries(r.changes || {}).map(([name, delta]) => h("li", { "data-player": name },
          h("span", { class: "tv-name" }, name), " ", h("span", { class: "delta" },
            game.change(delta))))),
    ended ? h("p", { class: "tv-fact tv-ended", id: "tv-ended" }, ended) : null);
  }

  /** The places at the end, best first, and why a player went out where the places alone
   * do not say it. */
  places(view) {
    return h("section", { class: "tv-over-places", "aria-labelledby": "tv-places-title" },
      h("h3", { id: "tv-places-title" }, "Places"),
      h("ol", { class: "tv-places", id: "tv-places", "aria-label": "Places" },
        (view.places || []).map((p) => {
          const why = outWhy(view, seatOf(view, p.name)); // out of time, taken off, left
          return h("li", { "data-player": p.name, "data-place": String(p.place) },
            h("span", { class: "place" }, `${p.place}.`), " ",
            h("span", { class: "tv-name" }, p.name),
            why ? h("span", { class: "place-why" }, ` · ${why}`) : null);
        })));
  }

  /** The end's ways on, under the places: the rematch, the replay, the deal checked. */
  over(view) {
    const screen = this.screen;
    return h("section", { class: "tv-over", id: "tv-over" },
      view.called_off ? h("p", { class: "tv-fact" }, view.called_off) : null,
      view.you.host && screen.rematch ? h("button", { type: "button", class: "primary",
        id: "tv-rematch", onclick: (event) => screen.rematch(event.currentTarget) },
      "Rematch: same seats") : h("p", { class: "hint" }, "Waiting for the host: a rematch, " +
        "or a new table."),
      h("p", { class: "tv-fact" }, h("a", { class: "play-link", id: "tv-replay-link",
        href: replayLink(view.code, view.game_no) }, "This game's replay, step by step")),
      this.fairDeal(view));
  }

  // --- the clock of the player to move, by the server's time (view.now) ----------------

  runClock(view) {
    this.mover = view.to_move;
    if (!this.countdown) this.countdown = new Countdown(() => this.drawClock());
    this.countdown.follow(view);
  }

  drawClock() {
    const left = this.countdown ? this.countdown.left : null;
    if (left === null || this.el.hidden || !this.el.isConnected) {
      this.clock.hidden = true;
      if (left === null || !this.el.isConnected) this.stopClock();
      return;
    }
    this.clock.hidden = false;
    fill(this.clock, withIcon("clock", `${this.mover}: ${left} s`));
    this.clock.dataset.left = String(left);
    this.clock.classList.toggle("urgent", left <= URGENT_S);
  }

  stopClock() {
    if (this.countdown) this.countdown.stop();
  }
}

/** The Play screen's hook: a seatless view (a table display's host, a spectator) is shown
 * here instead of the player's board; true when it was. */
export function showDisplay(screen, view) {
  const seatless = view.you.seat === false;
  if (!screen.tableDisplay) {
    if (!seatless) return false;
    screen.tableDisplay = new TableDisplay(screen);
    screen.roomView.insertBefore(screen.tableDisplay.el, screen.lobby);
  }
  const display = screen.tableDisplay;
  display.show(seatless);
  if (!seatless) return false;
  screen.lobby.hidden = true;
  screen.board.hidden = true;
  if (screen.closeLayers) screen.closeLayers(); // (a phone's sheets: never over a display)
  if (screen.stopClock) screen.stopClock();
  display.render(view);
  return true;
}
