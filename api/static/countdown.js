// The move's countdown on the server's clock: a view carries the server's time (`now`, ms)
// and the player to move's `deadline`; the seconds left are drawn from those, not from this
// phone's own clock, which may be off.  The Play screen and the table display share it.
//
// It never shows more than the clock's setting: after a ruling the mover's clock starts
// only once the reveal's hold is over (`clock_starts`), so until then it shows the whole
// setting, standing.  A computer player has no clock: while one is to move, none shows.

const TICK_MS = 250; // the countdown is drawn again this often
export const URGENT_S = 5; // the last seconds of a move's clock are shown urgent

export class Countdown {
  /** `onTick()` is called at each tick while a deadline runs (and once at each view). */
  constructor(onTick) {
    this.onTick = onTick;
    this.offset = 0; // the server's clock minus this phone's, ms
    this.deadline = null;
    this.timer = null;
  }

  /** Follow `view`: its server time and, while it is played, its deadline. */
  follow(view) {
    this.offset = view.now === null || view.now === undefined ? 0 : view.now - Date.now();
    const mover = (view.players || []).find((p) => p.name === view.to_move);
    const clocked = view.phase === "playing" && !(mover && mover.bot);
    this.deadline = clocked ? view.deadline || null : null;
    this.setting = view.clock ? view.clock * 1000 : null; // ms: never more than this shows
    this.starts = view.clock_starts || null;
    clearInterval(this.timer);
    this.timer = this.deadline ? setInterval(() => this.onTick(), TICK_MS) : null;
    this.onTick();
  }

  /** The server's time now, by this phone's clock and the last view's offset (ms). */
  serverNow() {
    return Date.now() + this.offset;
  }

  /** Whole seconds left to the deadline (0 once past), never more than the clock's
   * setting; null with no deadline. */
  get left() {
    if (!this.deadline) return null;
    const from = Math.max(this.serverNow(), this.starts || 0); // not running before it starts
    let ms = this.deadline - from;
    if (this.setting) ms = Math.min(this.setting, ms);
    return Math.max(0, Math.ceil(ms / 1000));
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.deadline = null;
  }
}
