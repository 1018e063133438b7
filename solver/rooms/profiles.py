"""Players' profiles for the house leaderboard: a name, and a secret key the phone keeps.

No account and no e-mail: a profile is a short public id, a name (read like a player's
name), and a key of 192 random bits that only the phones holding it know.  The server
keeps the key's digest only and compares digests in constant time, as a room keeps its
seats' tokens (:mod:`.room`).  The key moves to another phone as a code, ``ID.KEY``
(the page shows it as text and as a QR code).

>>> profile, key = new_profile("  Ann ")
>>> profile["name"], len(profile["id"]), len(key), key in profile.values()
('Ann', 10, 32, False)
>>> matches(profile, key), matches(profile, key[:-1]), matches(profile, None)
(True, False, False)
>>> read_profile({"id": profile["id"], "key": key}) == (profile["id"], key)
True
>>> read_profile({"id": "ann"})
Traceback (most recent call last):
...
solver.errors.InvalidInput: a profile is {"id", "key"}: the id is 10 letters and digits, not 'ann'
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from solver.errors import InvalidInput, shown
from solver.games.names import read_name

ID_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"  # no l, o, 0 or 1 (read aloud, typed)
ID_LENGTH = 10  # 32**10: 50 bits, a clash is tried again
KEY_BYTES = 24  # 192 random bits a key
MAX_KEY = 64  # characters a key sent may have (a key made here has 32)
ID_PATTERN = f"^[{ID_LETTERS}]{{{ID_LENGTH}}}$"
_ID = re.compile(ID_PATTERN)


def digest(key: str) -> str:
    """What is kept of a key: its SHA-256 (a key is random: no salt is needed)."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def new_profile(name) -> tuple[dict, str]:
    """A new profile ``{"id", "name", "key": its digest}`` and its key (given out once)."""
    name = read_name(name)
    key = secrets.token_urlsafe(KEY_BYTES)
    profile_id = "".join(secrets.choice(ID_LETTERS) for _ in range(ID_LENGTH))
    return {"id": profile_id, "name": name, "key": digest(key)}, key


def matches(profile: dict, key) -> bool:
    """Is ``key`` the profile's key?  (Digests compared in constant time.)"""
    if not isinstance(key, str) or not key:
        return False
    return hmac.compare_digest(profile["key"], digest(key))


def read_profile(value) -> tuple[str, str]:
    """``{"id", "key"}`` as a room's create, join or watch sends it: ``(id, key)``."""
    what = 'a profile is {"id", "key"}'
    if not isinstance(value, dict):
        raise InvalidInput(f"{what}, not {type(value).__name__}", field="profile")
    unknown = sorted(set(value) - {"id", "key"}, key=str)
    if unknown:
        raise InvalidInput(f"{what}, with no {shown(unknown[0])}", field="profile")
    profile_id, key = value.get("id"), value.get("key")
    if not isinstance(profile_id, str) or not _ID.fullmatch(profile_id):
        raise InvalidInput(f"{what}: the id is {ID_LENGTH} letters and digits, not "
                           f"{shown(profile_id)}", field="profile.id")
    if not isinstance(key, str) or not 1 <= len(key) <= MAX_KEY:
        held = f"{len(key)} characters" if isinstance(key, str) else type(key).__name__
        raise InvalidInput(f"{what}: the key is text of 1 to {MAX_KEY} characters, not "
                           f"{held} (never quoted: it is a secret)", field="profile.key")
    return profile_id, key
