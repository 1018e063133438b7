"""How a room plays a claim-and-call game (Liars' Letters, Liar's Dice, Liar's Poker).

A player raises the claim or calls it; a call is ruled at once on the hands the server
dealt, or once every phone has revealed its own (a table deal); a call the referee cannot
decide waits for the host to record the table's ruling.  What differs between these
games is each one's :class:`~solver.rooms.variants.RoomGame` (the claim and call events,
what a hand is, how a ruling reads); :class:`~solver.rooms.room.Room` plays them through
this mixin, and games that play their own way (cards) never reach it.
"""

from __future__ import annotations

from solver.errors import CannotRule, IllegalMove, RoomConflict
from solver.games.table import MAX_EVENTS, require

from . import call_odds

MAX_ROUND_CLAIMS = 100  # claims a round takes (far past any real one); then a call


class CallFlow:
    """The claim, the call, the reveal and the ruling, as :class:`Room` methods."""

    def _claim(self, by, body):
        """A declaration or a bid: the game checks and applies it.  A round holds at most
        MAX_ROUND_CLAIMS claims, and the log no more than a replay takes: past either, the
        player to move must call (docs/rules.md, "Tables the server runs")."""
        self._playing(kind=self.kind.claim)
        claims = len(self.kind.declarations(self.state.game_state, self.state.bids))
        if claims >= MAX_ROUND_CLAIMS:
            raise RoomConflict(f"this round has {claims} claims, the most a round takes "
                               f"({MAX_ROUND_CLAIMS}): call instead", field="type")
        if len(self.state.events) + 2 > MAX_EVENTS:  # room for this claim and its call
            raise RoomConflict(f"this game's log holds {len(self.state.events)} moves, the "
                               f"most a replay takes ({MAX_EVENTS}): call instead",
                               field="type")
        self.push_event(self.kind.claim_event(by, body))
        self.kind.after_claim(self.game_obj(), self.state.bids, by)

    def _called(self, by, event, rng):
        """A call: checked as the game would (turn, something to call on), then ruled at
        once on the dealt hands, or once every phone has revealed its own."""
        self._playing(kind=event["type"])
        game = self.game_obj()
        game.check_seat(by)
        if by != game.to_move:
            raise IllegalMove(game.turn_problem(by), field="player")
        if not game.can_call():
            raise IllegalMove(f"{by} cannot call: nothing has been {self.kind.claimed} "
                              f"this round", field="type")
        self.kind.check_call(event)
        self.state.pending = {"event": event, "revealed": {}}
        if self.deal == "server":
            self.state.pending["revealed"] = {p: self.hands[p] for p in game.active}
            self._rule(rng)
        else:
            self.state.phase = "reveal"

    def _reveal(self, by, body, rng):
        """A phone reveals its own hand after a call (table deal), once: the call is ruled
        when every player still in has."""
        pending = self.state.pending
        if self.phase != "reveal" or pending is None or self.deal != "table" \
                or pending.get("undecided"):
            raise IllegalMove("there is nothing to reveal now: tiles or dice are revealed "
                              "after a call", field="type")
        game = self.game_obj()
        if by not in game.active:
            raise IllegalMove(f"{by} is out of the game: nothing to reveal", field="player")
        if by in pending["revealed"]:  # else a phone could change its hand as others reveal
            raise IllegalMove(f"{by} has already revealed their {self.kind.hand_key}: the "
                              f"first reveal stands and cannot be changed", field="type")
        hand = self.kind.read_hand(body, self.rules)
        held = self.kind.held(game)[by]
        if len(hand) != held:
            raise IllegalMove(f"{by} holds {held} {self.kind.hand_key}, not {len(hand)}",
                              field=self.kind.hand_key)
        pending["revealed"][by] = hand
        if all(p in pending["revealed"] for p in game.active):
            self._rule(rng)

    def _ruling(self, by, body, rng):
        """The host records the table's ruling on a call the referee cannot decide."""
        self._host_only(by, "record the table's ruling")
        pending = self.state.pending
        if pending is None or not pending.get("undecided"):
            raise IllegalMove("no call is waiting for the table's ruling", field="type")
        pending["event"]["ruling"] = require(body, "ruling", field="move")
        self._rule(rng)

    def _rule(self, rng=None):
        """Push the pending call with every hand revealed; deal the next round."""
        pending = self.state.pending
        game = self.game_obj()
        revealed = {p: pending["revealed"][p] for p in game.active}
        event = self.kind.with_hands(pending["event"], revealed)
        played = self._round_so_far()  # before the call ends the round
        try:
            result = game.push(game.read_action(event))
        except CannotRule as err:
            pending["undecided"] = err.ruling.as_dict()
            self.state.phase = "reveal"
            self._ruled({**self._ruling_view(event, revealed, None, err.message, {}),
                         "odds": call_odds.at_call(self, event["player"], verdict=err.ruling)})
            return
        ruling, reason, changes, more = self.kind.ruling(game, event, result)
        view = {**self._ruling_view(event, revealed, ruling, reason, changes), **more,
                # from the room as it stood (its state is the game's before this call)
                "odds": call_odds.at_call(self, event["player"], verdict=result)}
        self.state.events.append(event)
        self.state.game_state = game.to_dict()
        self.state.pending = None
        self.state.bids = []
        self._ruled(view, played)
        self._result(rng=rng)

    def _ruling_view(self, event, revealed, ruling, reason, changes) -> dict:
        return {"call": event.get("call", "liar"), "by": event["player"],
                "revealed": dict(revealed), "ruling": ruling, "reason": reason,
                "changes": changes}

    def _call_view(self) -> dict | None:
        """The call being ruled (who called, and what), while the room waits on it."""
        pending = self.state.pending
        if pending is None:
            return None
        event = pending["event"]
        return {"by": event["player"], "call": event.get("call", "liar")}

    def _waiting_for(self, game) -> list[str]:
        """Who the room waits for in a reveal: the phones still to reveal, or the host."""
        pending = self.state.pending
        if pending is None:
            return []
        if pending.get("undecided"):
            return [self.host]
        return [p for p in game.active if p not in pending["revealed"]]
