// The odds at a reveal, in words: "ben's bid held 1 time in 4 from ann's seat".  The server
// works out each figure (solver/rooms/call_odds.py: the exact chance, from the caller's seat
// and from the claimer's, as the game's odds route answers that view); the phones, the table
// display and a game's replay say it the same way, with this module.

// What "held" is for each measure the server names: [to say it could, to say it did].
const VERBS = {
  holds: ["hold", "held"],
  made: ["be made", "was made"],
  true: ["be true", "was true"],
  exists: ["exist", "existed"],
  highest: ["be the highest", "was the highest"],
};
const EXACT_UP_TO = 12; // "3 times in 8" up to this denominator; past it, "about ..."

const percent = (p) => `${(p * 100).toFixed(p < 0.001 ? 3 : 1).replace(/\.?0+$/, "")}%`;
const times = (n) => (n === 1 ? "1 time" : `${n.toLocaleString("en")} times`);

/** How often, in words: "1 time in 4", "about 1 time in 40 (2.5%)", "about 9 times in 10". */
export function howOften(figure) {
  const [num, den] = (figure.fraction || "").split("/").map(Number);
  if (Number.isSafeInteger(den) && den > 0 && den <= EXACT_UP_TO) {
    return `${times(num)} in ${den}`;
  }
  const p = figure.p;
  if (p < 0.5) return `about 1 time in ${Math.round(1 / p).toLocaleString("en")} (${percent(p)})`;
  const tenths = Math.round(p * 10);
  return tenths >= 10 ? `almost always (${percent(p)})` : `about ${tenths} times in 10 (${percent(p)})`;
}

/** One seat's figure in words, or null when it is not this phone's to see (withheld). */
export function oddsSentence(odds, role, noun) {
  const figure = odds[role];
  if (!figure || figure.withheld) return null;
  const [can, did] = VERBS[odds.measure] || VERBS.holds;
  const claim = `${odds.claimer.seat}'s ${noun}`;
  const from = `from ${figure.seat === odds.claimer.seat && role === "claimer"
    ? `${figure.seat}'s own seat` : `${figure.seat}'s seat`}`;
  if (figure.p === null || figure.p === undefined) {
    const high = figure.interval ? figure.interval[1] : 1;
    return `${claim} ${did} between 0% and ${percent(high)} of the time ${from} ` +
      "(its one search did not settle it in time)";
  }
  if (figure.p === 1) return `${claim} was certain to ${can} ${from}`;
  if (figure.p === 0) return `${claim} could not ${can} ${from}`;
  return `${claim} ${did} ${howOften(figure)} ${from}`;
}

/** The caller's and the claimer's sentences (those this phone may see), in that order. */
export function oddsSentences(odds, noun = "claim") {
  if (!odds) return [];
  return ["caller", "claimer"].map((role) => oddsSentence(odds, role, noun)).filter(Boolean);
}

/** The reveal's odds as one paragraph, or null when the ruling has none (a discard). */
export function oddsParagraph(h, odds, noun, attrs = {}) {
  const said = oddsSentences(odds, noun);
  if (!said.length) return null;
  return h("p", { class: "ruling-odds", "data-measure": odds.measure, ...attrs },
    `The odds: ${said.join("; ")}.`);
}
