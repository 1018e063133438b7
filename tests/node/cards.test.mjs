// Cards, Liar's Post and Liar Liar (engine/cards.js, post.js, liarliar.js) against
// tests/golden/cards.json: the suite's own inputs, seeded random ones, every script's
// characters in a card, and the card lists' limits; each case read by parseJson.

import { test } from "node:test";
import { answer, assertSame, engine, golden } from "./golden.mjs";

const rules = await engine("rules.js");
const cards = await engine("cards.js");
const games = { post: await engine("../games/post/engine.js"), liarliar: await engine("../games/liarliar/engine.js") };

const deck = (d) => new cards.Deck(d.name, { ranks: d.ranks, copies: d.copies, jokers: d.jokers });

function run(c) {
  switch (c.kind) {
    case "card": {
      const card = cards.Card.parse(c.text, { field: c.field });
      return { str: String(card), rank: card.rank, suit: card.suit, symbol: card.symbol };
    }
    case "rank": return cards.parseRank(c.text, { field: c.field });
    case "suit": return cards.parseSuit(c.text, { field: c.field });
    case "cards": return cards.parseCards(c.cards, { field: c.field, limit: c.limit }).map(String);
    case "deck": return deck(c.deck).check(c.cards.map((t) => cards.Card.parse(t)), {
      field: c.field, known: c.known.map((t) => cards.Card.parse(t)), knownAs: c.known_as,
      where: c.where }).map(String);
    default: return games[c.kind].check(c.payload);
  }
}

for (const [set, what] of [["suite", "the suite's own cases"], ["random", "random cards and checks"],
  ["character", "any character in a card"], ["limit", "a card list at the limit"]]) {
  test(`${what}: the library's answers`, () => {
    const mine = golden("cards", set);
    assertSame(mine, mine.map((c) => answer(() => run(rules.parseJson(c.case)))));
  });
}
