"""Draining the outbox: announcing changes that were saved but never posted.

Every change of a game's state writes an outbox row in its own transaction (bot/service/play.py,
``Playing.commit``); the adapter that posts the change's message then calls ``Service.announced``. If the
process dies between the two, the row stays, and the next drain (at start-up and on every pass of
the adapter's periodic loop) announces it: board, what happened, and a ping of whoever must act
now. Rows are claimed in a transaction with a lease, so two processes never both announce one;
once ``announced`` is recorded a row is gone and can never be announced again. A lease of a
process that stopped beating (killed) is taken over within seconds. One game is claimed and posted
before the next is claimed, so each message pings whoever acts when it is posted.

This module knows no transport: the adapter passes its own ``announce`` function (on Discord, the
same path that posts a move's board).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping

from bot.service import MoveOutcome, Service

log = logging.getLogger("turnpost.outbox")

#: Posts one late announcement. Raising means "not posted, try again later"; returning normally
#: means it was posted or can never be (a deleted channel), so the row is cleared either way,
#: with the adapter's notes about what it posted, if it returns any (``Service.announced``).
Announce = Callable[[MoveOutcome], Awaitable[Mapping[str, str] | None]]


async def drain(service: Service, announce: Announce) -> int:
    """Announce every pending change this service can claim; returns how many were posted."""
    posted = 0
    tried: set[int] = set()
    while (outcome := await service.claim_announcement(skip=tried)) is not None:
        tried.add(outcome.game_id)
        try:
            notes = await announce(outcome)
        except Exception:
            log.exception("late announcement failed; will retry", extra={"game": outcome.game_id})
            await service.release_announcement(outcome.game_id)
            continue
        await service.announced(outcome.game_id, outcome.version, notes=notes)
        posted += 1
    return posted
