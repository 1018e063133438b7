// The one error vocabulary (solver/errors.py), in the browser: the same codes, statuses,
// messages and fields, so a page answered on the phone refuses bad input exactly as the
// server does.  Python's repr() for the messages that quote bad input is in pystr.js.

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
