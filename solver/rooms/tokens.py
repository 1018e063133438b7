"""A seat's token (a player's, a spectator's): 192 random bits the phone keeps; the room
keeps only its digest, and a view or a log never carries either."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 24  # 192 random bits a token


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> tuple[str, str]:
    """A new token, and the digest the room keeps of it."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    return token, digest(token)
