"""The reminder loop: asks the service what is due and posts it in the game's channel.

The schedule itself (delay, interval, cap, quiet hours, away time) is the service's policy
(``bot/reminders.py``); this loop only sends what the due-time query returns and marks it sent, so
it is restart-safe by construction: something that fell due while the bot was down is returned
once after start, and never again once marked. The clock is injectable for tests.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord_adapter.messages import allowed as allowed_mentions
from bot.discord_adapter.messages import mention_list
from bot.discord_adapter.nonce import nonce
from bot.discord_adapter.periodic import Host, Periodic
from bot.discord_adapter.polls import PollBooth
from bot.discord_adapter.text import t
from bot.discord_adapter.views import deadline_view
from bot.reminders import Prefs, in_quiet_hours
from bot.service import DueReminder, Service, ServiceError

log = logging.getLogger("turnpost.reminders")


class ReminderLoop:
    """Sends due reminders and deadline notices; ``tick`` is one pass (the tests drive it)."""

    def __init__(
        self, client: discord.Client, service: Service, clock: Callable[[], float], lang: str
    ) -> None:
        self.client = client
        self.service = service
        self.clock = clock
        self.lang = lang
        #: The pass over clocks that ran out (#27.3, ``clocks.ClockPass.tick``), run after the
        #: reminders of each tick; set once the bot can announce.
        self.clocks: Callable[[float], Awaitable[int]] | None = None
        #: Asks a deadline's vote-out as a poll too (#27.6); set by the bot.
        self.polls: PollBooth | None = None

    async def _held_back(self, user_ids: tuple[int, ...], now: float) -> tuple[set[int], set[int]]:
        """Users who are away, and users inside their quiet hours, now. The service already
        schedules around both; checking again at send time means a reminder that fell due while
        the bot was down still never wakes anyone."""
        away: set[int] = set()
        quiet: set[int] = set()
        for uid in user_ids:
            s = await self.service.user_settings(uid)
            prefs = Prefs(s.quiet_start, s.quiet_end, s.tz_offset_minutes, s.away_until)
            if now < prefs.away_until:
                away.add(uid)
            elif in_quiet_hours(now, prefs):
                quiet.add(uid)
        return away, quiet

    async def tick(self) -> int:
        """Send everything due now; returns how many messages were posted.

        Each due reminder is claimed for this process first (``Service.claim_reminders``), so
        another process never sends it too; one not sent now is given back. A reminder waits
        (unmarked, so it is offered again) while its player is away or in quiet hours. A
        deadline waits while its player is away (away pauses deadlines); during quiet hours it
        is posted for the table without pinging the sleeper.
        """
        now = self.clock()
        sent = 0
        for due in await self.service.claim_reminders(now):
            away, quiet = await self._held_back(due.user_ids, now)
            if away or (due.kind != "deadline" and quiet):
                await self.service.release_reminder(due)
                continue
            try:
                await self._post(due, quiet)
            except (discord.Forbidden, discord.NotFound):
                # The channel is gone or closed to us: retrying would fail the same way.
                log.warning("reminder channel unavailable", extra={"game": due.game_id})
            except (discord.HTTPException, ServiceError):
                log.exception("reminder not sent; will retry", extra={"game": due.game_id})
                await self.service.release_reminder(due)
                continue
            else:
                sent += 1
            await self.service.mark_reminder_sent(due, now)
        if self.clocks is not None:
            sent += await self.clocks(now)
        return sent

    async def _post(self, due: DueReminder, quiet: set[int]) -> None:
        info = await self.service.game(due.channel_id, game_id=due.game_id)
        mentions = mention_list(due.user_ids)
        pinged = [u for u in due.user_ids if u not in quiet]
        channel = self.client.get_partial_messageable(due.channel_id)
        allowed = allowed_mentions(pinged)
        # Sent again by another process (this one killed before marking it sent), Discord hands
        # back this message instead of a second reminder.
        once = nonce("remind", due.game_id, due.kind, due.due_at, *due.user_ids)
        lang = info.lang  # a public message: the table's language (#28.1)
        if due.kind == "deadline":
            view = discord.ui.View(timeout=None)
            for uid in due.user_ids[:12]:  # two buttons each; a view holds 25 items
                for item in deadline_view(due.game_id, uid, info.version, lang).children:
                    view.add_item(item)
            await channel.send(
                t("deadline", lang, mentions=mentions, title=info.title),
                view=view,
                allowed_mentions=allowed,
                nonce=once,
            )
            if self.polls is not None:
                # The vote-out button's question, asked as a poll too (#27.6).
                for uid in due.user_ids[:12]:
                    await self.polls.ask(due.game_id, "remove", uid)
        else:
            # Someone coming back after a day reads what they missed right under the ping.
            recap = await self.service.since_last_turn(
                due.channel_id, due.user_ids, game_id=due.game_id
            )
            # How much of their time bank is left (#27.3), when the table has one.
            left = await self.service.clock_left(due.game_id, due.user_ids, self.clock())
            head = t("reminder", lang, mentions=mentions, title=info.title)
            await channel.send(
                "\n".join([head, *left, *recap]),
                allowed_mentions=allowed,
                nonce=once,
            )


class RemindersCog(Periodic):
    """Runs :class:`ReminderLoop` every ``interval`` seconds once the bot is connected."""

    def __init__(self, bot: Host, loop: ReminderLoop, *, interval: float = 60.0) -> None:
        super().__init__(bot, loop.tick, interval=interval, what="reminder pass", log=log)
        self.reminders = loop
