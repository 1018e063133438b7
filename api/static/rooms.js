// One phone's seat at a room of the referee server (/api/v1/rooms), followed live.
//
// The server keeps the room; a seat is its code and this phone's token, kept in localStorage
// so that a reload, a locked phone or a dropped network sits back down in it.  A Seat passes
// on every view of the room it is sent, newest only: from the room's event stream
// (server-sent events, ?token=), or, while the stream cannot be held, by asking for the view
// every second (Authorization: Bearer).  The Play screen (play.js) shows what it passes on.

import { ApiError } from "./client.js";
import { newPhoneSeed } from "./engine/fairdeal.js";
import { profileBody } from "./profile.js";

const API = new URL("../api/v1", import.meta.url).href;
const SEAT_KEY = "liars.play.seat";
const POLL_MS = 1000; // without the event stream, the view is asked for this often
const RETRY_STREAM_MS = 10_000; // a stream the server refused is opened again this often
const QUIET_MS = 5500; // the stream pings every 5 s: past this with nothing heard, it is lost
export const CODE_LENGTH = 5; // api/rooms: five letters, no vowels

/** An API error, with the HTTP status (0: no answer at all). */
export class PlayError extends ApiError {
  constructor(message, { field = null, code = "error", status = 0 } = {}) {
    super(message, field, code);
    this.status = status;
  }
}

/** One request to the rooms' API; a 4xx or 5xx rejects as PlayError with the API's message. */
export async function api(method, path, { body = null, token = null } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== null) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(API + path, { method, headers, cache: "no-store",
      body: body === null ? undefined : JSON.stringify(body) });
  } catch {
    throw new PlayError("Cannot reach the referee server. Check that this phone is on the " +
      "table's network and that liars serve is running.", { code: "network" });
  }
  let data = null;
  try { data = await response.json(); } catch { /* not JSON: not the rooms' API */ }
  if (response.ok && data && typeof data === "object") return data;
  const error = data && data.error;
  if (error && error.message) {
    throw new PlayError(error.message, { field: error.field || null, code: error.code,
      status: response.status });
  }
  throw new PlayError("Playing on every phone needs the referee server (liars serve): " +
    "this copy of the page has none.", { code: "no_server", status: response.status });
}

const roomPath = (code) => `/rooms/${encodeURIComponent(code)}`;

/** The open tables in their lobby ({code, game, seats, players, clock, host}), newest first. */
export async function openTables() {
  return (await api("GET", "/rooms?open=1")).rooms || [];
}

/** A room code as typed ("bcd fg", "B-C-D-F-G"): its letters, upper case. */
export function readCode(text) {
  return text.replace(/[^A-Za-z]/g, "").toUpperCase();
}

/** The seat kept on this phone ({code, token, name}), or null. */
export function keptSeat() {
  try {
    const seat = JSON.parse(localStorage.getItem(SEAT_KEY));
    if (seat && typeof seat.code === "string" && typeof seat.token === "string") return seat;
  } catch { /* nothing kept, or not ours */ }
  return null;
}

function keep(seat) {
  try {
    if (seat) localStorage.setItem(SEAT_KEY, JSON.stringify(seat));
    else localStorage.removeItem(SEAT_KEY);
  } catch { /* private mode: the seat lasts as long as the tab */ }
}

/** A request that sends this phone's profile: a profile the server does not know is said
 * in the Play screen's words (the phone keeps it: another server may know it). */
async function withProfile(send) {
  try {
    return await send();
  } catch (error) {
    if (error.code !== "unknown_profile") throw error;
    throw new PlayError("This server does not know the leaderboard profile this phone " +
      "keeps: on the Leaderboard screen (Other games), forget it or take yours over, then " +
      "try again.", { code: error.code, status: error.status });
  }
}

/** Open a room ({game, deal, name, rules}): the host's seat (kept) and the room's view.
 * The phone's leaderboard profile, if it keeps one, goes with it (profile.js), and a seed of
 * its own for the fair deal (docs/fair-deal.md). */
export async function createRoom(body) {
  const made = await withProfile(() => api("POST", "/rooms",
    { body: { ...body, ...profileBody(), seed: newPhoneSeed() } }));
  const seat = { code: made.code, token: made.token, name: made.room.you.name };
  keep(seat);
  return { seat, view: made.room };
}

/** Sit down at room `code` as `name`, with this phone's own seed for the fair deal: the
 * seat (kept) and the room's view. */
export async function joinRoom(code, name) {
  const joined = await withProfile(() => api("POST", `${roomPath(code)}/join`,
    { body: { name, ...profileBody(), seed: newPhoneSeed() } }));
  const seat = { code: joined.room.code, token: joined.token, name: joined.room.you.name };
  keep(seat);
  return { seat, view: joined.room };
}

/** Watch room `code` as `name`, with no seat (a table display, a spectator): the seat
 * (kept, as a player's is) and the room's view, which holds no hand. */
export async function watchRoom(code, name) {
  const watched = await api("POST", `${roomPath(code)}/watch`, { body: { name } });
  const seat = { code: watched.room.code, token: watched.token, name: watched.room.you.name };
  keep(seat);
  return { seat, view: watched.room };
}

/**
 * A seat followed live.  `onView(view)` gets each newer view; `onHeard(reachable)` is told
 * when the server stops answering (no view, ping or answer for 5.5 s) and when it is back;
 * `onLive(mode)` is told how:
 * "connecting", "events" or "polling"; `onLost(error)` is told once the seat is gone (the
 * room expired, or the token is not this room's), when it is no longer kept.
 */
export class Seat {
  constructor(seat, { onView, onLive = () => {}, onLost = () => {}, onHeard = () => {} }) {
    Object.assign(this, seat);
    this.handlers = { onView, onLive, onLost, onHeard };
    this.heard = Date.now(); // the server was last heard from (a view, a ping, an answer)
    this.reachable = true;
    this.watchdog = null;
    this.version = 0;
    this.source = null;
    this.pollTimer = null;
    this.retryTimer = null;
    this.asking = false;
    this.closed = false;
    this.failure = "";
  }

  /** The server answered (or not): the connection shows as lost or back, once each. */
  hear(reachable) {
    if (reachable) this.heard = Date.now();
    if (reachable !== this.reachable) {
      this.reachable = reachable;
      this.handlers.onHeard(reachable);
    }
  }

  /** Pass `view` on unless a newer one already was. */
  offer(view) {
    if (this.closed || !view || !view.you || view.version < this.version) return;
    this.version = view.version;
    this.handlers.onView(view);
  }

  /** Ask for the view once; true when the server answered it. */
  async refresh() {
    if (this.closed || this.asking) return false;
    this.asking = true;
    try {
      this.offer(await api("GET", roomPath(this.code), { token: this.token }));
      this.hear(true);
      return true;
    } catch (error) {
      this.failure = error.message;
      if (error.code === "network" || error.status >= 500) this.hear(false);
      if ([401, 404].includes(error.status)) this.lose(error);
      return false;
    } finally {
      this.asking = false;
    }
  }

  /** A move (a replay event without "player"); the new view is passed on.  A refused move
   * rejects with the server's error, after the room as it now stands is asked for. */
  async move(body) {
    try {
      this.offer(await api("POST", `${roomPath(this.code)}/moves`, { body, token: this.token }));
    } catch (error) {
      if (error.status === 409) this.refresh();
      throw error;
    }
  }

  async start() {
    this.offer(await api("POST", `${roomPath(this.code)}/start`, { token: this.token }));
  }

  /** The host starts the next game at this table once the game is over (same seats). */
  async rematch() {
    this.offer(await api("POST", `${roomPath(this.code)}/rematch`, { token: this.token }));
  }

  /** The host changes the table's settings ({clock?, open?, kitty?}) between games. */
  async settings(body) {
    this.offer(await api("POST", `${roomPath(this.code)}/settings`, { body, token: this.token }));
  }

  /** The host seats a computer player ({name, delay?}) in the lobby; the new view is passed on. */
  async addBot(body) {
    this.offer(await api("POST", `${roomPath(this.code)}/bots`, { body, token: this.token }));
  }

  /** The host allows the advisor for the table, or forbids it. */
  async setAdvisor(allowed) {
    this.offer(await api("POST", `${roomPath(this.code)}/advisor`, { body: { allowed },
      token: this.token }));
  }

  /** The room's log: its replay and its fair deal's records (what `liars verify` reads). */
  log() {
    return api("GET", `${roomPath(this.code)}/log`, { token: this.token });
  }

  /** The advisor's odds from this seat's own view: {last, suggestions} (when allowed). */
  advice() {
    return api("GET", `${roomPath(this.code)}/advice`, { token: this.token });
  }

  /** Follow the room: its event stream, else (while the stream is down) polling. */
  open() {
    this.stopStream();
    if (this.closed) return;
    if (typeof EventSource === "undefined") { this.poll(true); return; }
    const source = new EventSource(`${API}${roomPath(this.code)}/events?token=` +
      encodeURIComponent(this.token));
    this.source = source;
    source.addEventListener("message", (event) => {
      if (this.source !== source) return;
      let view;
      try { view = JSON.parse(event.data); } catch { return; }
      this.hear(true);
      this.poll(false);
      this.offer(view);
    });
    source.addEventListener("ping", () => { if (this.source === source) this.hear(true); });
    clearInterval(this.watchdog); // a stream gone quiet (no ping in 5 s): the server is away
    this.watchdog = setInterval(() => {
      if (!this.closed && Date.now() - this.heard > QUIET_MS) {
        this.hear(false);
        this.refresh(); // asks now: an answer brings the connection back
      }
    }, 1000);
    source.addEventListener("error", () => {
      if (this.source !== source) return;
      this.poll(true); // while the stream is down, every change still shows within 1 s
      if (source.readyState === EventSource.CLOSED) { // refused: tried again later
        this.stopStream();
        this.retryTimer = setTimeout(() => { if (!this.source) this.open(); }, RETRY_STREAM_MS);
      }
    });
    this.handlers.onLive("connecting");
  }

  poll(on) {
    clearInterval(this.pollTimer);
    this.pollTimer = on && !this.closed ? setInterval(() => this.refresh(), POLL_MS) : null;
    if (this.closed) return;
    this.handlers.onLive(on ? "polling" : "events");
    if (on) this.refresh();
  }

  stopStream() {
    if (this.source) this.source.close();
    this.source = null;
    clearTimeout(this.retryTimer);
  }

  /** A phone that wakes up or gets its network back: the view now, the stream again. */
  wake() {
    if (this.closed) return;
    this.refresh();
    if (!this.source || this.source.readyState === EventSource.CLOSED) this.open();
  }

  /** Stop following; `forget`: this phone no longer keeps the seat. */
  close({ forget = false } = {}) {
    this.closed = true;
    clearInterval(this.watchdog);
    this.stopStream();
    clearInterval(this.pollTimer);
    if (forget) keep(null);
  }

  lose(error) {
    this.close({ forget: true });
    this.handlers.onLost(error);
  }
}
