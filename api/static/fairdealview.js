// The fair deal on the Play screen and the table display (docs/fair-deal.md): the
// commitment before the deal; once the game is over, every round dealt again on this phone
// from the seed shown (engine/fairdeal.js: pure JS, no crypto.subtle on a table's plain
// http) and said checked or not.  The check reads the room's log, the same one `liars verify`
// reads; a phone also holds the hands it was shown as dealt against the seed.

import { checkLog, checkSeenHands } from "./engine/fairdeal.js";

const SEEN_KEY = "liars.play.dealt"; // {code, hands: {"game:round": hand}}: this table's only
const SEEN_MOST = 400; // hands kept (a long game of many rounds, and its rematches)

function readSeen(code) {
  try {
    const kept = JSON.parse(localStorage.getItem(SEEN_KEY));
    if (kept && kept.code === code && kept.hands && typeof kept.hands === "object") return kept.hands;
  } catch { /* nothing kept, or not ours */ }
  return {};
}

function keepSeen(code, hands) {
  const keys = Object.keys(hands);
  const kept = Object.fromEntries(keys.slice(-SEEN_MOST).map((k) => [k, hands[k]]));
  try { localStorage.setItem(SEEN_KEY, JSON.stringify({ code, hands: kept })); } catch { /* private */ }
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The fair deal of the table a screen follows: what it says, and the check once it can. */
export class FairDealCheck {
  /** `onChange()`: the check finished (the screen renders again). */
  constructor({ onChange }) {
    this.onChange = onChange;
    this.checked = null; // "code:game" of the game checked (or being checked)
    this.result = null; // {verdict, rounds, problems, ...} once the check is done
  }

  /** Every view: keep this phone's hand as dealt; check a game just over, once. */
  follow(view, seat) {
    const fair = view.fairness;
    if (!fair) return;
    if (view.you.seat && fair.as_dealt && fair.round && view.you.hand) {
      const hands = readSeen(view.code);
      const key = `${fair.game}:${fair.round}`;
      if (!(key in hands)) {
        hands[key] = view.you.hand;
        keepSeen(view.code, hands);
      }
    }
    const game = `${view.code}:${fair.game}`;
    if (view.phase === "over" && fair.server_seed && seat && this.checked !== game) {
      this.checked = game;
      this.result = null;
      this.check(view, seat, game);
    }
  }

  async check(view, seat, game) {
    let result;
    try {
      const log = await seat.log();
      const report = checkLog(log);
      const mine = checkSeenHands(log, view.you.name, readSeen(view.code))
        .filter((c) => c.game === view.fairness.game);
      result = summary(report.games.find((g) => g.game === view.fairness.game), mine,
        view.you.seat);
    } catch (error) {
      result = { verdict: "error", text: `The deal could not be checked: ${error.message}` };
    }
    if (this.checked !== game) return; // another game since
    this.result = result;
    this.onChange();
  }

  /** What the screen shows of it: `h`: app.js's element maker; `id`: the element's. */
  element(h, view, id) {
    const fair = view.fairness;
    if (!fair) return null;
    const sealed = fair.commit.slice(0, 8);
    if (view.phase !== "over" || !fair.server_seed) {
      return h("p", { class: "hint fair-deal", id, "data-verdict": "sealed",
        "data-commit": sealed }, `Deal sealed before it was dealt: ${sealed}`);
    }
    const result = this.checked === `${view.code}:${fair.game}` ? this.result : null;
    if (!result) {
      return h("p", { class: "hint fair-deal", id, "data-verdict": "checking" },
        `Checking the deal sealed as ${sealed}…`);
    }
    return h("section", { class: `fair-deal ${result.verdict}`, id,
      "data-verdict": result.verdict, "aria-label": "The deal, checked" },
    h("p", { class: "fair-verdict" }, result.text),
    result.rounds && result.rounds.length ? h("details", { class: "more" },
      h("summary", {}, `Each round (${result.rounds.length})`),
      h("ol", { class: "fair-rounds" }, result.rounds.map((r) => h("li", {
        "data-round": String(r.round), "data-checked": String(r.checked) },
      `Round ${r.round}: ${r.checked ? "✓ checked" : "✗ not checked"}` +
        (r.against.length ? ` (against ${r.against.join(" and ")})` : "") +
        (r.problems.length ? `: ${r.problems.join("; ")}` : ""))))) : null);
  }
}

/** One game's findings (checkLog's) and this phone's own hands, in words. */
function summary(game, mine, seated) {
  if (!game) return { verdict: "error", text: "The deal could not be checked: the log holds " +
    "no record of this game." };
  const own = new Map(mine.map((c) => [c.round, c.checked]));
  const rounds = game.rounds.map((r) => {
    const yours = own.get(r.round);
    const problems = [...r.problems];
    if (yours === false) problems.push("your hand as this phone was shown it is not the one dealt");
    const against = [r.revealed ? "the hands turned over" : "", yours === undefined ? ""
      : "your own hand"].filter(Boolean);
    return { round: r.round, checked: r.checked && yours !== false, against, problems };
  });
  const failed = game.verdict !== "checked" || rounds.some((r) => !r.checked);
  if (failed) {
    const first = game.problems[0] || rounds.find((r) => !r.checked).problems[0];
    return { verdict: "failed", rounds, text: `✗ The deal does not check: ${first}` };
  }
  const revealed = rounds.filter((r) => r.against.includes("the hands turned over")).length;
  const yours = rounds.filter((r) => r.against.includes("your own hand")).length;
  const against = [`${revealed} against the hands turned over`,
    seated ? `${yours} against your own` : ""].filter(Boolean).join(", ");
  return { verdict: "checked", rounds, text: `✓ Deal checked: the seed shown matches the one ` +
    `sealed before the deal, and ${plural(rounds.length, "deal")} dealt again from it match ` +
    `(${against}).` };
}
