"""How far one address may go with rooms: the code space, guessing, making rooms.

Room codes are sparse on purpose: 5 letters of 20 give 20**5 = 3.2 million codes.
With R rooms kept, one guess finds a room with odds R / 3.2 million; an address
that misses MAX_MISSES times in a minute is answered 429 for every room (hits
included) until its misses age out, so it tries at most 30 codes a minute, 43,200
a day.  With 300 open rooms that is one hit per 10,700 guesses: about 6 hours of
guessing per address, and a hit is a lobby to join or a running game it holds no
token for.  Making rooms is bounded too (NEW_ROOMS_PER_MINUTE, ROOMS_PER_ADDRESS),
so that no one fills the code space and makes guessing pay.
"""

CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels (no words), nothing like 0, 1 or 5
CODE_LENGTH = 5  # 20**5 = 3.2 million codes
MAX_MISSES = 30  # unknown codes an address may try in a minute; then 429 for every room
NEW_ROOMS_PER_MINUTE = 10  # rooms one address may make in a minute (--rooms-per-minute)
ROOMS_PER_ADDRESS = 30  # rooms made from one address kept at once (--rooms-per-address)
NEW_PROFILES_PER_MINUTE = 10  # leaderboard profiles one address may make in a minute
UNRATED_PROFILE_SECONDS = 30 * 24 * 3600  # a profile never rated is forgotten after this
LEADERBOARD_SIZE = 100  # players a game's leaderboard lists, best first
RATED_GAMES_PER_DAY = 10  # games one group of profiles is rated in a day (--rated-games-per-day)
GROUP_WINDOW = 24 * 3600  # ... a rolling day, in seconds
HISTORY_KEPT = 200  # a profile's last rated games at each game its page draws
REVEAL_SECONDS = 5  # a ruling's reveal stays this long before computer players move on
MAX_REVEAL_SECONDS = 60  # --reveal-seconds takes 0 to this
