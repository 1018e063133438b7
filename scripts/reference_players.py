"""Reference players for scripts/bench_bots.py, written from the rules (docs/rules.md),
not from the hard level's code: the kinds of player a table of regulars has.

Each is ``player(game, view, rng) -> move`` from one seat's own view (its hand, the
public game), as a phone would send it.  :data:`KINDS` names them a game.

* Liar's Dice: the **reader** reads each bid of another player this round as showing
  one die of that face, and calls when the bid holds with chance under 50% so read;
  the **cautious** calls under 60% and bids only its safest raise; the **bluffer**
  often bids a face it does not hold and calls only under 30%; the **caller** calls
  anything under 70%.
* Liar Liar: the **truthful** player plays its true cards when it holds them (one card
  when it holds none) and never calls on odds (only a play it knows false, or one that
  would finish its player); the **caller** calls a play true with chance under 50%.
* Liar's Post: the **record keeper** believes a sender whose claims turned over were
  true more often than not; the **doubter** goes by the odds (so nearly always
  "false").
* Liar's Poker: the **sampler** samples deals of the cards it cannot see, discounting
  any deal where a claim's claimer holds no card of the claim's ranks.
* Liars' Letters: the **greedy** honest player declares the highest set it can prove
  from its own tiles and calls "bullshit" when the set cannot be made from what it may
  see (its tiles and the tiles in play).
"""

from __future__ import annotations

from collections import Counter
from math import comb

from solver.games.cards import Card, parse_rank, rank_name
from solver.games.dice.game import Bid
from solver.games.poker.game import Hand
from solver.games.post.game import KINDS
from solver.games.dice.odds import DiceView
from solver.games.letters.odds import LettersView
from solver.games.liarliar.odds import LiarLiarView
from solver.games.poker.odds import PokerView
from solver.games.post.odds import PostView
from solver.games.letters.easy import letters_raises


def _me(view):
    return view["you"]["name"], view["you"]["hand"]


# --- Liar's Dice --------------------------------------------------------------------------

def _tail(n: int, p: float, need: int) -> float:
    if need <= 0:
        return 1.0
    return sum(comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(need, n + 1))


def _read_chance(game, view, bid: Bid) -> float:
    """The chance ``bid`` holds when each other player's bid this round shows one die of
    its face (a die a distinct face, no more than it holds)."""
    me, mine = _me(view)
    rules = game.rules
    counts = lambda face: face == bid.face or (bid.face not in rules.wild  # noqa: E731
                                                and face in rules.wild)
    have = sum(counts(d) for d in mine)
    shown = 0
    for p in game.active:
        if p == me:
            continue
        faces = list(dict.fromkeys(b["face"] for b in view["declarations"]
                                   if b.get("player") == p))[:game.dice[p]]
        have += sum(counts(f) for f in faces)
        shown += len(faces)
    hidden = game.dice_in_play - len(mine) - shown
    good = 1 if bid.face in rules.wild else 1 + len(rules.wild)
    return _tail(hidden, good / rules.faces, bid.quantity - have)


def _bid(bid: Bid) -> dict:
    return {"type": "bid", "quantity": bid.quantity, "face": bid.face}


def dice_reader(game, view, rng) -> dict:
    odds = DiceView.of_player(game, *_me(view))
    if game.bid is not None and _read_chance(game, view, game.bid) < 0.5:
        return {"type": "liar"}
    bids = odds.next_bids(game.bid)
    if not bids:
        return {"type": "liar"}
    ranked = sorted(bids, key=lambda b: (_read_chance(game, view, b), game.rules.key(b)))
    return _bid(ranked[-1])


def _odds_player(call_below: float, bluff: float):
    def player(game, view, rng) -> dict:
        odds = DiceView.of_player(game, *_me(view))
        if game.bid is not None and odds.holds(game.bid).probability < call_below:
            return {"type": "liar"}
        ranked = odds.raises(game.bid)
        if not ranked:
            return {"type": "liar"}
        if bluff and rng.random() < bluff:  # a face it holds few of, believable to others
            risky = [s for s in ranked if 0.2 <= s.chance.probability < 0.6]
            if risky:
                return _bid(rng.choice(risky).bid)
        return _bid(ranked[0].bid)
    return player


dice_cautious = _odds_player(0.6, 0.0)
dice_bluffer = _odds_player(0.3, 0.45)
dice_caller = _odds_player(0.7, 0.0)


# --- Liar Liar ----------------------------------------------------------------------------

def _liarliar_fours(hand):
    ranks = Counter(Card.parse(c).rank for c in hand)
    fours = sorted(r for r, n in ranks.items() if r is not None and n >= 4)
    return {"type": "discard", "rank": rank_name(fours[0])} if fours else None


def _liarliar_play(view, rng) -> dict:
    hand = view["you"]["hand"]
    ranks = [Card.parse(c).rank for c in hand]
    if view["rank"] is None:
        counts = Counter(r for r in ranks if r is not None)
        rank = max(counts, key=lambda r: (counts[r], r)) if counts else 14
        true = [c for c in hand if Card.parse(c).rank in (rank, None)][:3]
        return {"type": "play", "cards": true or hand[:1], "rank": rank_name(rank)}
    rank = parse_rank(view["rank"])
    true = [c for c in hand if Card.parse(c).rank in (rank, None)][:3]
    return {"type": "play", "cards": true or [rng.choice(hand)]}


def liarliar_truthful(game, view, rng) -> dict:
    hand = view["you"]["hand"]
    four = _liarliar_fours(hand)
    if four:
        return four
    last = view.get("last_play")
    if last is not None and view["you"].get("can_call"):
        odds = LiarLiarView.of_player(game, view["you"]["name"], hand)
        true = odds.true({"rank": view["rank"], "count": last["count"]}).probability
        if true == 0 or (game.hands[last["player"]] == 0 and true < 1):
            return {"type": "liar"}
    return _liarliar_play(view, rng)


def liarliar_caller(game, view, rng) -> dict:
    hand = view["you"]["hand"]
    four = _liarliar_fours(hand)
    if four:
        return four
    last = view.get("last_play")
    if last is not None and view["you"].get("can_call"):
        odds = LiarLiarView.of_player(game, view["you"]["name"], hand)
        if odds.true({"rank": view["rank"], "count": last["count"]}).probability < 0.5:
            return {"type": "liar"}
    return _liarliar_play(view, rng)


# --- Liar's Post --------------------------------------------------------------------------

def _post_send(game, view, rng, cards, targets, honest: float) -> dict:
    """A card of the kind it holds most of, to the player with most of that kind face up
    (closest to losing by it); named truly ``honest`` of the time, else as another kind."""
    held = Counter(Card.parse(c).rank for c in cards)
    card = max(cards, key=lambda c: (held[Card.parse(c).rank], rng.random()))
    kind = Card.parse(card).rank
    to = max(targets, key=lambda p: (game.face_up[p][kind], rng.random()))
    if rng.random() >= honest:
        kind = rng.choice([k for k in KINDS if k != kind])
    return {"card": card, "to": to, "claim": rank_name(kind)}


def _post_player(believe):
    def player(game, view, rng) -> dict:
        me = view["you"]
        if view.get("card") is None:
            targets = [p["name"] for p in view["players"] if p["name"] != me["name"]]
            return {"type": "send", **_post_send(game, view, rng, me["hand"], targets, 0.5)}
        odds = PostView.of_player(game, me["name"], me["hand"])
        claim = view["card"]["claim"]
        kind = parse_rank(claim["kind"] if isinstance(claim, dict) else claim)
        if odds.left(kind) == 0:
            return {"type": "call", "call": False}
        return {"type": "call", "call": believe(game, odds.is_kind(claim).probability)}
    return player


def _keeper_believes(game, odds: float) -> bool:
    sender = game.held[-1]
    said = [t for t in game.turns if t.senders[-1] == sender]
    true = sum(t.card.rank == t.claim.kind for t in said)
    if not said:
        return odds >= 0.5
    return true > len(said) - true


post_keeper = _post_player(_keeper_believes)
post_doubter = _post_player(lambda game, odds: odds >= 0.5)


# --- Liar's Poker -------------------------------------------------------------------------

SAMPLES = 300
DISCOUNT = 0.2  # a deal where a claimer holds no card of its claim counts this much


def _deck_cards():
    from solver.games.cards import SUITS
    return [Card.parse(f"{rank_name(r)}{s}") for r in range(2, 15) for s in SUITS]


def poker_sampler(game, view, rng) -> dict:
    me, hand = _me(view)
    odds = PokerView.of_player(game, me, hand)
    mine = [Card.parse(c) for c in hand]
    unseen = [c for c in _deck_cards() if c not in set(mine)]
    others = [p for p in game.active if p != me]
    claims = [(d["player"], Hand.parse(d["claim"])) for d in view["declarations"]
              if d.get("player") != me]
    deals, weights = [], []
    for _ in range(SAMPLES):
        rng.shuffle(unseen)
        at, cards, weight = 0, list(mine), 1.0
        for p in others:
            theirs = unseen[at:at + game.cards[p]]
            at += game.cards[p]
            cards += theirs
            for who, claim in claims:
                if who == p and not any(c.rank in claim.ranks for c in theirs):
                    weight *= DISCOUNT
        deals.append(cards)
        weights.append(weight)
    total = sum(weights)

    ranks = [Counter(c.rank for c in d) for d in deals]
    copies = {"high card": (1,), "pair": (2,), "three of a kind": (3,),
              "four of a kind": (4,), "two pair": (2, 2), "full house": (3, 2)}

    def made(claim: Hand, deal, held) -> bool:
        if claim.name in copies:
            return all(held[r] >= n for r, n in zip(claim.ranks, copies[claim.name]))
        return claim.made_from(deal) is not None

    def chance(claim: Hand) -> float:
        return sum(w for d, h, w in zip(deals, ranks, weights) if made(claim, d, h)) / total

    last = game.last.hand if game.last is not None else None
    if last is not None and chance(last) < 0.5:
        return {"type": "call"}
    higher = odds.raises(last, limit=8)
    if not higher:
        return {"type": "call"}
    best = max(higher, key=lambda s: chance(s.hand))
    return {"type": "claim", "claim": best.hand.to_dict()}


# --- Liars' Letters -----------------------------------------------------------------------

def letters_greedy(game, view, rng) -> dict:
    odds = LettersView.of_player(game, *_me(view))
    last = game.last[1] if game.last else None
    if last is not None and odds.exists(last).probability == 0:
        return {"type": "call", "call": "bullshit"}
    proven = [s for s in odds.raises(last, limit=8) if s.chance.probability >= 1]
    if proven:
        best = max(proven, key=lambda s: s.words.shape)
        return {"type": "declare", "words": ", ".join(best.words)}
    if last is not None:
        return {"type": "call", "call": "bullshit"}
    return {"type": "declare", "words": ", ".join(letters_raises(odds, None)[0].words)}


KINDS_BY_GAME = {
    "dice": {"reader": dice_reader, "cautious": dice_cautious, "bluffer": dice_bluffer,
             "caller": dice_caller},
    "liarliar": {"truthful": liarliar_truthful, "caller": liarliar_caller},
    "post": {"keeper": post_keeper, "doubter": post_doubter},
    "poker": {"sampler": poker_sampler},
    "letters": {"greedy": letters_greedy},
}
