// What the games' screens share (each game's SCREEN, in engine/<name>.js): how a field
// asks the phone's keyboard for its kind of text.

/** A claim as said at the table: words, as typed. */
export const PHRASE = { autocapitalize: "off", inputmode: "text" };
/** Cards: capitals (QH, KS). */
export const CARDS = { autocapitalize: "characters", inputmode: "text" };
