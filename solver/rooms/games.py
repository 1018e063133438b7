"""The games rooms host: each game's room variant, by the name a new room gives.

>>> sorted(ROOM_GAMES)
['dice', 'letters', 'liarliar', 'poker', 'post']
>>> ROOM_GAMES["dice"].hand_key
'dice'
"""

from __future__ import annotations

from .liarliar import LiarLiarRoom
from .post import PostRoom
from .variants import DiceRoom, LettersRoom, PokerRoom, RoomGame

ROOM_GAMES: dict[str, RoomGame] = {kind.name: kind for kind in (
    LettersRoom(), DiceRoom(), PokerRoom(), LiarLiarRoom(), PostRoom())}
