// What happened at the table that is not a ruling (a player out of time, taken off, leaving,
// a seat taken away), said to everyone: the view's `notice` ({n, kind, player, by, text}).
// Shown as a line on every phone and the table display while the view carries it, and said
// to a screen reader once per `notice.n` on this phone (kept across a reload).

const SAID_KEY = "liars.play.notice"; // "CODE:n" of the last notice said here

/** The notice's words, or null when the view has none. */
export function noticeText(view) {
  const notice = view && view.notice;
  return notice && notice.text ? notice.text : null;
}

/** Which notices this phone has said (once each). */
export class Notices {
  constructor() {
    this.said = null;
    try { this.said = localStorage.getItem(SAID_KEY); } catch { /* private mode */ }
  }

  /** The notice's words if this phone has not said them yet (and now marks them said). */
  fresh(view) {
    const text = noticeText(view);
    if (!text) return null;
    const [code, n] = (this.said || "").split(":");
    if (code === view.code && Number(n) >= view.notice.n) return null; // said (or older)
    this.said = `${view.code}:${view.notice.n}`;
    try { localStorage.setItem(SAID_KEY, this.said); } catch { /* private mode */ }
    return text;
  }
}

/** Show the notice in `line` (a <p>): hidden with none. */
export function showNotice(line, view) {
  const text = noticeText(view);
  line.hidden = !text;
  line.textContent = text || "";
  if (text) line.dataset.n = String(view.notice.n);
  else delete line.dataset.n;
}
