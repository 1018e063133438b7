// The one error vocabulary (solver/errors.py), in the browser: the same codes, statuses,
// messages and fields, so a page answered on the phone refuses bad input exactly as the
// server does.  `pyRepr` writes a string the way Python's repr() does, since many of the
// library's messages quote the bad input with {value!r}.

export class LiarsError extends Error {
  constructor(message, { field = null } = {}) {
    super(message);
    this.message = message;
    this.field = field;
  }
  static code = "bad_request";
  static status = 400;
  get code() { return this.constructor.code; }
  get status() { return this.constructor.status; }
  /** Attach the request field the problem came from, if none is set yet. */
  withField(field) {
    if (this.field === null || this.field === undefined) this.field = field;
    return this;
  }
  asDict() { return { code: this.code, message: this.message, field: this.field ?? null }; }
}

const kind = (parent, code, status = parent.status) => {
  const cls = class extends parent {};
  cls.code = code;
  cls.status = status;
  return cls;
};

export const InvalidInput = kind(LiarsError, "invalid_input");
export const InvalidTile = kind(InvalidInput, "invalid_tile");
export const TooManyTiles = kind(InvalidInput, "too_many_tiles");
export const UnknownTileSet = kind(InvalidInput, "unknown_tile_set");
export const InvalidWord = kind(InvalidInput, "invalid_word");
export const InvalidWordSet = kind(InvalidInput, "invalid_word_set");
export const UnknownLexicon = kind(InvalidInput, "unknown_lexicon");
export const BadWordList = kind(InvalidInput, "bad_word_list");
export const InvalidQuery = kind(InvalidInput, "invalid_query");
export const InvalidCard = kind(InvalidInput, "invalid_card");
export const InvalidDie = kind(InvalidInput, "invalid_die");
export const UnreadablePhrase = kind(InvalidInput, "unreadable_phrase");
export const InvalidRules = kind(InvalidInput, "invalid_rules");
export const IllegalMove = kind(LiarsError, "illegal_move", 422);
export const GameOver = kind(IllegalMove, "game_over");
export const LimitExceeded = kind(LiarsError, "limit_exceeded", 413);
export const CannotRule = kind(IllegalMove, "undecided", 422);
// The HTTP layer's own (api/errors.py), for the local router.
export const MalformedJSON = kind(InvalidInput, "malformed_json");
export const NotFound = kind(LiarsError, "not_found", 404);
// Only the page's own engine raises this: an answer it cannot give with no server (the
// word queries, whole-game replays), said plainly rather than guessed.
export const NeedsServer = kind(LiarsError, "needs_server", 503);

/** The API's error answer: {status, body: {"error": {code, message, field}}}. */
export function errorResponse(error) {
  return { status: error.status, body: { error: error.asDict() } };
}

/**
 * Python's repr() of a str (or of a number, bool, null): single quotes unless the text holds
 * a single quote and no double quote, backslash escapes for quotes, \\, \n, \r, \t and other
 * control characters.
 *
 * pyRepr("five") === "'five'"; pyRepr("don't") === "\"don't\""
 */
export function pyRepr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : pyFloat(value);
  if (typeof value !== "string") return String(value);
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of value) {
    const code = ch.codePointAt(0);
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += "\\x" + code.toString(16).padStart(2, "0");
    else if (code >= 0x80 && code <= 0xa0) out += "\\x" + code.toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + quote;
}

/** Python's repr() of a float: shortest round-trip digits, always with a point or exponent. */
export function pyFloat(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return x.toFixed(1);
  let text = String(x);
  if (text.includes("e")) {
    const [mant, exp] = text.split("e");
    const sign = exp[0] === "-" ? "-" : "+";
    const digits = exp.replace(/^[+-]/, "").padStart(2, "0");
    text = `${mant}e${sign}${digits}`;
  }
  return text;
}
