"""Idempotent posts: a message's nonce made from what it announces, so that a second process
posting the same thing (its first poster killed between posting and recording it, #25.3) gets
Discord's first message back instead of a second one.

Discord checks a nonce sent with ``enforce_nonce`` (discord.py sends it with every nonce) for
uniqueness "in the past few minutes" per author: another message created with the same nonce is
returned and no new message is created. A claim of a killed process is taken over within seconds
(``OWNER_STALE``), well inside that window. A nonce is at most 25 characters.
"""

from __future__ import annotations

import hashlib


def nonce(*parts: object) -> str:
    """A 25-character nonce that names ``parts`` (e.g. a game's id and version)."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).hexdigest()
    return "t" + digest[:24]
