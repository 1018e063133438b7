// What the Play screen's modules share and import from no other of them (so that none
// imports another back): the page's helpers (app.js's, kept by play.js's start), the
// calls' names, the join link of a table.

export const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]); // no other phone reaches it
export const CALLED = { bullshit: "Bullshit", exact: "Exact", liar: "Liar!" }; // calls' names

export let app; // app.js's helpers: h, $, $$, wireForm, route (play.js's start sets them)

/** Keep app.js's helpers for the Play screen's modules. */
export function useApp(helpers) {
  app = helpers;
}

/** The page's own address with ?room=CODE#play: the link (and QR code) that joins. */
export function joinLink(code) {
  const url = new URL(location.href);
  url.search = `?room=${encodeURIComponent(code)}`;
  url.hash = "play";
  return url.href;
}
