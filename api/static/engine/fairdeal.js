// The fair deal on the phone ("liars-deal-1", docs/fair-deal.md): the derivation of every
// deal from the game's seed and the phones' seeds (port of solver/rooms/fairdeal.py), and the
// check of a room's log (port of solver/rooms/dealcheck.py: the same findings, the same
// words).  tests/node/fairdeal.test.mjs holds both to tests/golden/fairdeal.json.

import { InvalidInput } from "./errors.js";
import { fromHex, hmacSha256, sha256, toHex, utf8 } from "./sha256.js";

export const SCHEME = "liars-deal-1";
export const SEED_BYTES = 32;
const WORD = 2 ** 32;
const HEX = /^[0-9a-f]{64}$/;
const MAX_FACES = 2 ** 16;
const MAX_BAG = 1000;
const MAX_DEALS = 10_000;
const MAX_GAMES = 100;

/** The commitment: lowercase hex SHA-256 of the seed's bytes. */
export const commitment = (seed) => toHex(sha256(seed));

/** The phones' seeds in seat order joined by "|" (a seat with none adds ""). */
export const clientSeed = (seeds) => seeds.map((s) => s || "").join("|");

/** A phone's own seed: 128 bits from crypto.getRandomValues, as 32 hex digits. */
export function newPhoneSeed(crypto = globalThis.crypto) {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

/** The bytes of one round: HMAC-SHA256(seed, "{client}|{game}|{round}|{i}"), i = 0, 1, ... */
export class Stream {
  constructor(seed, client, game, round) {
    if (seed.length !== SEED_BYTES) throw new RangeError(`a seed is ${SEED_BYTES} bytes`);
    this.seed = seed;
    this.prefix = `${client}|${game}|${round}|`;
    this.block = new Uint8Array(0);
    this.used = 0;
    this.blocks = 0;
  }

  take(n) {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      if (this.used === this.block.length) {
        this.block = hmacSha256(this.seed, utf8(`${this.prefix}${this.blocks}`));
        this.used = 0;
        this.blocks += 1;
      }
      const step = Math.min(n - at, this.block.length - this.used);
      out.set(this.block.subarray(this.used, this.used + step), at);
      this.used += step;
      at += step;
    }
    return out;
  }

  /** 0 to n - 1, each equally likely: 4 bytes big-endian, again while past the last whole
   * run of n. */
  uniform(n) {
    if (!(n >= 1)) throw new RangeError(`uniform(n) needs n >= 1, not ${n}`);
    const limit = WORD - (WORD % n);
    for (;;) {
      const b = this.take(4);
      const u = ((b[0] * 256 + b[1]) * 256 + b[2]) * 256 + b[3];
      if (u < limit) return u % n;
    }
  }
}

/** Fisher-Yates over the bag in its canonical order. */
export function shuffle(bag, stream) {
  const items = [...bag];
  for (let k = items.length - 1; k >= 1; k--) {
    const j = stream.uniform(k + 1);
    [items[k], items[j]] = [items[j], items[k]];
  }
  return items;
}

/** Each seat's hand in seat order ([seat, pieces] pairs) from `counts` ([seat, n] pairs). */
export function deal(dealer, counts, stream) {
  if ("dice" in dealer) {
    return counts.map(([seat, n]) => [seat, Array.from({ length: n },
      () => 1 + stream.uniform(dealer.dice))]);
  }
  const bag = shuffle("tiles" in dealer ? Array.from(dealer.tiles) : dealer.cards, stream);
  let at = 0;
  return counts.map(([seat, n]) => {
    if (at + n > bag.length) {
      throw new RangeError(`the bag holds ${bag.length} pieces, fewer than the hands take`);
    }
    at += n;
    return [seat, bag.slice(at - n, at)];
  });
}

// --- checking a room's log ----------------------------------------------------------------

const whole = (v) => Number.isInteger(v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const has = (o, k) => Object.hasOwn(o, k);
const get = (o, k) => (has(o, k) ? o[k] : undefined);

function need(ok, what, field) {
  if (!ok) throw new InvalidInput(`the log's fair deal is not readable: ${what}`, { field });
}

function readRecord(record, at) {
  need(isObject(record), "each record is an object", at);
  need(get(record, "scheme") === SCHEME, `its scheme is '${SCHEME}'`, `${at}.scheme`);
  need(whole(get(record, "game")) && record.game >= 1, "its game is a whole number from 1",
    `${at}.game`);
  need(typeof get(record, "commit") === "string", "its commit is text", `${at}.commit`);
  need(typeof get(record, "client_seed") === "string", "its client_seed is text",
    `${at}.client_seed`);
  const seed = get(record, "server_seed");
  need(seed === undefined || seed === null || typeof seed === "string",
    "its server_seed is text or null", `${at}.server_seed`);
  if (seed === undefined || seed === null) return record;
  const seats = get(record, "seats");
  need(Array.isArray(seats) && seats.every((s) => isObject(s) && typeof get(s, "name") === "string"
    && typeof get(s, "seed") === "string"), "its seats are a list of {name, seed}", `${at}.seats`);
  const dealer = get(record, "deal");
  const kinds = isObject(dealer) ? ["dice", "tiles", "cards"].filter((k) => has(dealer, k)) : [];
  need(isObject(dealer) && kinds.length === 1 && (
    (whole(dealer.dice) && dealer.dice >= 1 && dealer.dice <= MAX_FACES)
    || (typeof dealer.tiles === "string" && Array.from(dealer.tiles).length <= MAX_BAG)
    || (Array.isArray(dealer.cards) && dealer.cards.length <= MAX_BAG
      && dealer.cards.every((c) => typeof c === "string"))),
  `its deal is {dice: 1 to ${MAX_FACES} faces}, {tiles: text} or {cards: [...]}, a bag of at ` +
    `most ${MAX_BAG}`, `${at}.deal`);
  const deals = get(record, "deals");
  need(Array.isArray(deals) && deals.length <= MAX_DEALS,
    `its deals are a list of at most ${MAX_DEALS}`, `${at}.deals`);
  deals.forEach((dealt, n) => {
    const where = `${at}.deals[${n}]`;
    need(isObject(dealt) && whole(get(dealt, "round")) && whole(get(dealt, "from_event"))
      && Array.isArray(get(dealt, "hands")), "each deal is {round, from_event, hands}", where);
    need(dealt.hands.every((h) => isObject(h) && typeof get(h, "player") === "string"
      && (typeof get(h, "hand") === "string" || Array.isArray(get(h, "hand")))),
    "each hand is {player, hand}", `${where}.hands`);
  });
  return record;
}

const pieces = (hand) => (typeof hand === "string" ? Array.from(hand) : hand);
const piece = (item) => (whole(item) ? `#${item}` : typeof item === "string" ? item : null);

/** Two hands hold the same pieces (the order they are shown in aside). */
function same(a, b) {
  const counts = new Map();
  for (const [hand, step] of [[a, 1], [b, -1]]) {
    for (const item of hand) {
      const key = piece(item);
      if (key === null) return false;
      counts.set(key, (counts.get(key) || 0) + step);
    }
  }
  return [...counts.values()].every((n) => n === 0);
}

/** The hands a call of the log turned over: [player, hand] pairs, the `seats` dealt in
 * their order then any other name in text order; or [null, every hand together] (a Liars'
 * Letters call). */
export function revealedBy(event, seats) {
  if (get(event, "type") === "call" && typeof get(event, "tiles") === "string") {
    return [[null, Array.from(event.tiles)]];
  }
  for (const key of ["dice", "cards"]) {
    const hands = get(event, key);
    if (isObject(hands)) {
      const order = [...seats.filter((p) => has(hands, p)),
        ...Object.keys(hands).filter((p) => !seats.includes(p)).sort()];
      return order.map((p) => [p, Array.isArray(hands[p]) ? hands[p] : [null]]);
    }
  }
  return [];
}

/** Round `dealt` of a game dealt again from its record's seeds: a Map of seat to pieces. */
export function dealAgain(record, dealt) {
  const counts = dealt.hands.map((h) => [h.player, pieces(h.hand).length]);
  const stream = new Stream(fromHex(record.server_seed), record.client_seed, record.game,
    dealt.round);
  return new Map(deal(record.deal, counts, stream));
}

/** One game's findings (as solver/rooms/dealcheck.py's check_game). */
export function checkGame(record, events) {
  const game = record.game;
  const seedHex = get(record, "server_seed");
  if (seedHex === undefined || seedHex === null) {
    return { game, verdict: "pending", problems: [], rounds: [] };
  }
  const problems = [];
  if (!HEX.test(seedHex)) {
    problems.push("the seed shown is not 64 lowercase hex digits");
    return { game, verdict: "failed", problems, rounds: [] };
  }
  if (commitment(fromHex(seedHex)) !== record.commit) {
    problems.push("the seed shown does not match the commitment made before the deal");
  }
  if (clientSeed(record.seats.map((s) => s.seed)) !== record.client_seed) {
    problems.push("the client seed is not the seats' seeds joined in seat order");
  }
  const deals = record.deals;
  const rounds = deals.map((dealt, n) => {
    const found = [];
    if (dealt.round !== n + 1) found.push(`deal ${n + 1} is numbered round ${dealt.round}`);
    let again;
    try {
      again = dealAgain(record, dealt);
    } catch (error) {
      found.push(error.message);
      return { round: dealt.round, checked: false, revealed: false, problems: found };
    }
    for (const hand of dealt.hands) {
      if (!same(pieces(hand.hand), again.get(hand.player))) {
        found.push(`${hand.player}'s hand in the log is not the one dealt from the seeds`);
      }
    }
    const end = n + 1 < deals.length ? deals[n + 1].from_event : events.length;
    let revealed = false;
    for (let at = Math.max(dealt.from_event, 0); at < Math.min(end, events.length); at++) {
      const event = isObject(events[at]) ? events[at] : {};
      for (const [player, hand] of revealedBy(event, [...again.keys()])) {
        revealed = true;
        if (player === null) {
          if (!same(hand, [...again.values()].flat())) {
            found.push(`the tiles turned over at event ${at} are not the ones dealt from the ` +
              "seeds");
          }
        } else if (!again.has(player) || !same(hand, again.get(player))) {
          found.push(`${player}'s hand turned over at event ${at} is not the one dealt from ` +
            "the seeds");
        }
      }
    }
    return { round: dealt.round, checked: !found.length, revealed, problems: found };
  });
  const failed = problems.length || !rounds.every((r) => r.checked);
  return { game, verdict: failed ? "failed" : "checked", problems, rounds };
}

/** Every game of a room's log checked (as solver/rooms/dealcheck.py's check_log). */
export function checkLog(log) {
  need(isObject(log), "a room's log is a JSON object", "log");
  const records = has(log, "fairness") ? log.fairness : [];
  need(Array.isArray(records) && records.length <= MAX_GAMES,
    `its fairness is a list of at most ${MAX_GAMES}`, "fairness");
  const events = has(log, "events") ? log.events : [];
  need(Array.isArray(events), "its events are a list", "events");
  const games = records.map((record, n) => checkGame(readRecord(record, `fairness[${n}]`),
    n === records.length - 1 ? events : []));
  const done = games.filter((g) => g.verdict !== "pending");
  return { ok: done.length > 0 && done.every((g) => g.verdict === "checked"), games };
}

/** The hands this phone saw dealt to `player` (`seen`: {"game:round": hand}) against the
 * log's seeds: [{game, round, checked}] for each one it saw of a game over. */
export function checkSeenHands(log, player, seen) {
  const found = [];
  for (const record of (isObject(log) && Array.isArray(log.fairness)) ? log.fairness : []) {
    if (!isObject(record) || typeof record.server_seed !== "string"
        || !HEX.test(record.server_seed) || !Array.isArray(record.deals)) continue;
    for (const dealt of record.deals) {
      const hand = seen[`${record.game}:${dealt.round}`];
      if (hand === undefined) continue;
      let checked = false;
      try {
        const again = dealAgain(record, dealt);
        checked = again.has(player) && same(pieces(hand), again.get(player));
      } catch { /* a record that cannot be dealt again checks nothing */ }
      found.push({ game: record.game, round: dealt.round, checked });
    }
  }
  return found;
}
