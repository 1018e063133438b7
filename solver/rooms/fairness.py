"""A room's fair deal (docs/fair-deal.md): a seed committed before each game, the phones'
seeds, every deal made from them, and the seed shown once the game is over.

A mixin of :class:`~solver.rooms.room.Room`, which keeps its data: ``data["fair"]`` is the
game being played (its seed, and the next game's, are the server's secret until each game
is over), ``data["fair_games"]`` the records of the games over, kept for the room's log
(as text: :mod:`.archive`).
Each seat's own seed is its ``seed``.  A table that deals its own hands has none of this.
"""

from __future__ import annotations

import secrets

from solver.errors import InvalidInput, shown

from . import archive
from .deal import dealer
from .fairdeal import SCHEME, SEED_BYTES, Stream, client_seed, commitment

MAX_SEED = 64  # characters of a phone's seed
FAIR_GAMES_KEPT = 20  # the finished games whose records the room's log keeps


def read_seed(value) -> str | None:
    """A phone's seed: at most MAX_SEED printable ASCII characters (space to ``~``)."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_SEED \
            or any(not " " <= ch <= "~" for ch in value):
        raise InvalidInput(f"seed is at most {MAX_SEED} printable ASCII characters (space "
                           f"to ~), not {shown(value)}", field="seed")
    return value


def new_seed(rng=None) -> str:
    """A game's seed, as hex: 32 bytes from the system's CSPRNG (``rng``: a test's own)."""
    if rng is None:
        return secrets.token_hex(SEED_BYTES)
    return rng.getrandbits(8 * SEED_BYTES).to_bytes(SEED_BYTES, "big").hex()


class FairDeal:
    """The commitment, the deals and the reveal of each game's seed, as Room methods."""

    def _fair_open(self, rng=None) -> None:
        """A new room commits to its first game's seed (the lobby shows the commitment)."""
        if self.deal == "server":
            self.state.fair = {"game": self.state.game_no, "seed": new_seed(rng), "deals": []}

    @property
    def _fair(self) -> dict:
        """This game's record (a room kept from before fair deals draws its seed now)."""
        fair = self.state.fair
        if fair is None:  # no seat had a seed then: the client seed is empty
            fair = self.state.fair = {"game": self.state.game_no,
                                      "seed": new_seed(), "deals": [], "seats": [],
                                      "client_seed": ""}
        return fair

    def _fair_begin(self, rng=None) -> None:
        """A game starts: its seed is the one committed (in the lobby, or at the end of the
        last game), the seats' seeds are fixed, and the next game's seed is drawn."""
        if self.deal != "server":
            return
        game_no = self.state.game_no
        fair = self._fair
        if fair["game"] != game_no:  # a rematch
            fair = self.state.fair = {"game": game_no,
                                      "seed": fair.get("next") or new_seed(rng)}
        seats = [{"name": s["name"], "seed": s.get("seed", "")} for s in self.seats]
        fair.update(next=new_seed(rng), seats=seats, deals=[], over=False,
                    client_seed=client_seed(s["seed"] for s in seats),
                    deal=dealer(self.kind.dealer(self.rules)))

    def _fair_deal(self, game) -> dict:
        """The one way the server deals: each seat still in, in seat order, its hand from
        this game's seeds and the round's number; the deal kept for the log."""
        fair = self._fair
        held = self.kind.held(game)
        counts = {s["name"]: held[s["name"]] for s in self.seats if s["name"] in game.active}
        number = len(fair["deals"]) + 1
        stream = Stream(bytes.fromhex(fair["seed"]), fair.get("client_seed", ""),
                        fair["game"], number)
        hands = self.kind.deal(self.rules, counts, stream)
        fair["deals"].append({"round": number, "from_event": len(self.state.events),
                              "hands": [{"player": p, "hand": h} for p, h in hands.items()]})
        return hands

    def _fair_close(self) -> None:
        """The game is over: its seed is shown, and its record kept in the room's log."""
        fair = self.state.fair
        if self.deal != "server" or fair is None or fair.get("over"):
            return
        fair["over"] = True
        kept = archive.read(self.state.fair_games)
        kept.append(self._fair_record(fair, whole=True))
        self.state.fair_games = archive.text(kept[-FAIR_GAMES_KEPT:])

    def _fair_record(self, fair: dict, *, whole: bool = False) -> dict:
        """What everyone may see of a game's fair deal: the seed once the game is over;
        ``whole``: with the seats' seeds, the dealer and (once over) every deal."""
        over = bool(fair.get("over"))
        seats = fair["seats"] if "seats" in fair else [
            {"name": s["name"], "seed": s.get("seed", "")} for s in self.seats]
        record = {"scheme": SCHEME, "game": fair["game"],
                  "commit": commitment(bytes.fromhex(fair["seed"])),
                  "client_seed": fair.get("client_seed",
                                          client_seed(s["seed"] for s in seats)),
                  "server_seed": fair["seed"] if over else None}
        if whole:
            record.update(seats=[dict(s) for s in seats],
                          deal=fair.get("deal") or dealer(self.kind.dealer(self.rules)),
                          deals=[dict(d) for d in fair["deals"]] if over else None)
        return record

    def fairness(self) -> dict | None:
        """The view's ``fairness``: the commitment from the lobby on, the seats' seeds as
        they stand (fixed at the start), the seed once the game is over; ``round``: the
        number of this game's last deal; ``as_dealt``: whether the hands are still as that
        deal made them; ``next_commit``: once the game is over, the next game's."""
        fair = self.state.fair
        if self.deal != "server" or fair is None:
            return None
        deals = fair.get("deals", [])
        last = deals[-1] if deals else None
        return {**self._fair_record(fair), "round": last["round"] if last else None,
                "as_dealt": last is not None and self.phase != "over" and (
                    self.kind.deals_each_round
                    or last["from_event"] == len(self.state.events)),
                "next_commit": commitment(bytes.fromhex(fair["next"]))
                if fair.get("over") and fair.get("next") else None}

    def fair_records(self) -> list[dict]:
        """The room's log's ``fairness``: each kept game's record, whole once it is over,
        then the game being played (its seed and deals still hidden)."""
        records = archive.read(self.state.fair_games)
        fair = self.state.fair
        if self.deal == "server" and fair is not None and not fair.get("over"):
            records.append(self._fair_record(fair, whole=True))
        return records
