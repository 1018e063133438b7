// Small helpers the game screens share (the Table screens, Play, the advisor, Odds): the
// words and counts they show, typed dice read, an element's children replaced.

export const TEXT = { autocorrect: "off", spellcheck: "false", autocomplete: "off" };
export const ARROW = { clockwise: "↻ clockwise", counterclockwise: "↺ counterclockwise" };
export const plural = (n, one, many = one + "s") => `${n} ${n === 1 ? one : many}`;
export const upper = (words) => words.map((w) => w.toUpperCase()).join(", ");

/** Replace an element's children, skipping the null of a condition not met. */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

/** Dice as typed: "6 6 1" or "6,6,1", or a run of digits one die each ("661"). */
export function readDice(text) {
  const parts = /[\s,]/.test(text.trim()) ? text.split(/[\s,]+/) : [...text.trim()];
  return parts.filter(Boolean).map((d) => (/^\d+$/.test(d) ? Number(d) : d));
}
