// Who is out of the game and why, in words, for every game's seats on the phones and the
// table display: from the view's `players[i].out` and `out_by` ("clock", "removed", "left",
// "play").  A server that does not say `out_by` yet is read by its older fields: `timed_out`
// (out of time), `removed`, and Liar Liar's `eliminated` (out, though its `out` said not).

const WORDS = { clock: "out (clock)", removed: "out (taken off)", left: "left", play: "out" };
// what a player's own phone says, once they are out
const YOURS = {
  clock: "You are out: your time ran out.",
  removed: "You are out: the host took you off this game.",
  left: "You left this game.",
  play: "You are out of this game.",
};

const has = (list, name) => Array.isArray(list) && list.includes(name);

/** Is `player` (a view's players[i]) out of this game? */
export function isOut(view, player) {
  return Boolean(player && (player.out || has(view.eliminated, player.name)));
}

/** Why `player` is out ("clock", "removed", "left", "play"), or null while they are in. */
export function outBy(view, player) {
  if (!isOut(view, player)) return null;
  if (player.out_by) return player.out_by;
  if (has(view.timed_out, player.name)) return "clock";
  if (has(view.removed, player.name)) return "removed";
  return "play";
}

/** "out (clock)", "out (taken off)", "left", "out"; null while `player` is in. */
export function outWord(view, player) {
  const by = outBy(view, player);
  return by === null ? null : WORDS[by] || "out";
}

/** The same, only where the places alone do not say it (not lost by play): null else. */
export function outWhy(view, player) {
  const by = outBy(view, player);
  return by === null || by === "play" ? null : WORDS[by] || null;
}

/** What a player's own phone says once they are out (null while they are in). */
export function yourOut(view, player) {
  const by = outBy(view, player);
  if (by === null) return null;
  const said = YOURS[by] || YOURS.play;
  return view.phase === "over" ? said : `${said} You watch the rest of the game.`;
}

/** `player` by name in `view`, or null (a spectator, a seat taken off). */
export function seatOf(view, name) {
  return (view.players || []).find((p) => p.name === name) || null;
}
