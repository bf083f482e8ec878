"""Late announcements on Discord: moves saved but never posted (the bot died in between).

The drain itself is transport-agnostic (bot/outbox.py); this module gives it the Discord way to
announce one change — the same turn message a move gets (``Handlers.announce``: the board, what
happened, a ping of whoever acts now with their catch-up recap), posted as a channel message,
which Discord creates and therefore notifies — and runs the drain once at start-up and then on
every pass of a loop.
"""

from __future__ import annotations

import logging

import discord

from bot.discord_adapter.handlers import Handlers
from bot.discord_adapter.periodic import Host, Periodic
from bot.outbox import drain
from bot.service import MoveOutcome, Service

log = logging.getLogger("turnpost.outbox")

#: Upload limit assumed for a channel message (Discord's default for every server).
CHANNEL_FILESIZE_LIMIT = 10 * 1024 * 1024


class Announcer:
    """Posts late announcements in their games' channels."""

    def __init__(
        self, client: discord.Client, service: Service, handlers: Handlers, lang: str
    ) -> None:
        self.client = client
        self.service = service
        self.handlers = handlers
        self.lang = lang

    async def announce(self, outcome: MoveOutcome) -> dict[str, str] | None:
        """Post ``outcome`` in its channel the way every move is announced
        (:meth:`Handlers.announce`: a created message that pings whoever acts now, with their
        catch-up recap, or an update of the turn's board while its player goes on). A channel
        that is gone or closed to the bot is logged and counted as done (retrying would fail the
        same way); any other failure raises, so the drain tries again later. Private lines cannot
        go into a channel message; their owners find what they hold with /game hand."""
        try:
            return await self.handlers.announce(
                outcome.channel_id,
                outcome,
                lang=self.lang,
                filesize_limit=CHANNEL_FILESIZE_LIMIT,
            )
        except (discord.Forbidden, discord.NotFound):
            log.warning("late announcement channel unavailable", extra={"game": outcome.game_id})
            return None

    async def drain(self) -> int:
        """Announce everything pending that this bot can claim; returns how many it posted."""
        return await drain(self.service, self.announce)


class OutboxCog(Periodic):
    """Drains the outbox every ``interval`` seconds once the bot is connected."""

    def __init__(self, bot: Host, announcer: Announcer, *, interval: float = 60.0) -> None:
        super().__init__(bot, announcer.drain, interval=interval, what="outbox pass", log=log)
        self.announcer = announcer
