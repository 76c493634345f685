"""Bearer tokens (only their hashes are stored), join codes and game ids."""
from __future__ import annotations

import base64
import hashlib
import secrets

# No 0/O, 1/I/L: a join code is read aloud across a table and typed on a phone.
JOIN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
JOIN_CODE_LENGTH = 8  # 31^8 ~ 8.5e11 codes: guessing is pointless at JOIN_CODE_MISSES_PER_HOUR


def new_token() -> tuple[str, str]:
    """A fresh bearer token and the hash to store."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    """SHA-256 of a token. Tokens are 256 random bits, so a fast hash is enough (no dictionary to guess from)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_join_code() -> str:
    """A code for joining a table (~40 bits; collisions are retried by the caller)."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normalise_join_code(code: str) -> str:
    """Accept lower case and stray spaces or dashes ("abc-def" is "ABCDEF")."""
    return code.strip().upper().replace(" ", "").replace("-", "")


def new_game_id() -> str:
    """Opaque game id, URL-safe."""
    return secrets.token_urlsafe(12)


def next_game_id(before: str, number: int) -> str:
    """The id of game `number` of the match that game `before` belongs to: one id per match game, so two phones
    that both make the next game (a double tap, or both players at once) reach one game instead of two."""
    digest = hashlib.sha256(f"match-game:{before}:{number}".encode("utf-8")).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode("ascii")  # as long as new_game_id's ids
