// The one error vocabulary (solver/errors.py), in the browser: the same codes, statuses,
// messages and fields, so a page answered on the phone refuses bad input exactly as the
// server does.  Each class's code, status and parent are the library's (tables.js, written
// from it); Python's repr() for the messages that quote bad input is in pystr.js.

import { ERRORS, HTTP_CODES } from "./tables.js";

export class LiarsError extends Error {
  constructor(message, { field = null } = {}) {
    super(message);
    this.message = message;
    this.field = field;
  }
  static code = ERRORS.LiarsError.code;
  static status = ERRORS.LiarsError.status;
  get code() { return this.constructor.code; }
  get status() { return this.constructor.status; }
  /** Attach the request field the problem came from, if none is set yet. */
  withField(field) {
    if (this.field === null || this.field === undefined) this.field = field;
    return this;
  }
  asDict() { return { code: this.code, message: this.message, field: this.field ?? null }; }
}

const classes = { LiarsError };

/** A subclass with its own code and status: the library's class `name` (its parent
 * first), or, given `code` and `status`, one the library does not have. */
function kind(name, { parent = ERRORS[name].parent, code = ERRORS[name].code,
  status = ERRORS[name].status } = {}) {
  const cls = { [name]: class extends classes[parent] {} }[name];
  cls.code = code;
  cls.status = status;
  classes[name] = cls;
  return cls;
}

export const InvalidInput = kind("InvalidInput");
export const InvalidTile = kind("InvalidTile");
export const TooManyTiles = kind("TooManyTiles");
export const UnknownTileSet = kind("UnknownTileSet");
export const InvalidWord = kind("InvalidWord");
export const InvalidWordSet = kind("InvalidWordSet");
export const UnknownLexicon = kind("UnknownLexicon");
export const BadWordList = kind("BadWordList");
export const InvalidQuery = kind("InvalidQuery");
export const InvalidCard = kind("InvalidCard");
export const InvalidDie = kind("InvalidDie");
export const UnreadablePhrase = kind("UnreadablePhrase");
export const InvalidRules = kind("InvalidRules");
export const IllegalMove = kind("IllegalMove");
export const GameOver = kind("GameOver");
export const LimitExceeded = kind("LimitExceeded");
export const CannotRule = kind("CannotRule");
// The HTTP layer's own (api/errors.py), for the local router.
export const MalformedJSON = kind("MalformedJSON");
export const BodyTooLarge = kind("BodyTooLarge");
export const NotFound = kind("NotFound", { parent: "LiarsError", code: HTTP_CODES[404],
  status: 404 });
export const MethodNotAllowed = kind("MethodNotAllowed", { parent: "LiarsError",
  code: HTTP_CODES[405], status: 405 });
// Only the page's own engine raises this: an answer it cannot give with no server (the
// word queries, whole-game replays), said plainly rather than guessed.
export const NeedsServer = kind("NeedsServer", { parent: "LiarsError", code: "needs_server",
  status: 503 });

/** The API's error answer: {status, body: {"error": {code, message, field}}}. */
export function errorResponse(error) {
  return { status: error.status, body: { error: error.asDict() } };
}
