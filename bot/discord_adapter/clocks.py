"""Time banks on Discord (#27.3): ``/game clock`` (the table's clock), ``/game back`` (a player
plays their seat again after a computer stood in), and the pass that acts on clocks that ran
out (a computer's takeover, announced like a move; or the table asked to vote, with the
deadline's buttons)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_adapter.handlers import Handlers
from bot.discord_adapter.messages import allowed, mention_list
from bot.discord_adapter.nonce import nonce
from bot.discord_adapter.outbox import Announcer
from bot.discord_adapter.permissions import can_manage
from bot.discord_adapter.text import t
from bot.discord_adapter.views import deadline_view
from bot.service import ClockDue, ClockSettings, Service, ServiceError
from engines.catalog import CATALOG

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction

log = logging.getLogger("turnpost.clocks")


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def clock_text(s: ClockSettings, lang: str) -> str:
    """What ``/game clock`` answers: the table's clock in words, or that it has none."""
    if s.per_move_hours <= 0:
        return t("clock_none", lang)
    level = CATALOG.text(f"service.computer_level.{s.level}", lang=lang)
    policy = t(f"clock_policy.{s.policy}", lang, level=level)
    return t(
        "clock_settings",
        lang,
        per_move=_num(s.per_move_hours),
        bank=_num(s.bank_hours),
        refill=t(f"clock_refill.{s.refill}", lang),
        policy=policy,
    )


async def clock_command(
    handlers: Handlers,
    interaction: Interaction,
    per_move_hours: float | None,
    bank_hours: float | None,
    refill: str | None,
    on_timeout: str | None,
    level: str | None,
) -> None:
    """``/game clock``: show the table's time bank, or (creator or Manage Channels) set it."""
    channel_id = handlers.channel_id(interaction)
    lang = handlers.lang_for(interaction)
    given = (per_move_hours, bank_hours, refill, on_timeout, level)
    if all(v is None for v in given):
        s = await handlers.service.clock_settings(channel_id)
    else:
        s = await handlers.service.update_clock(
            channel_id,
            handlers.user(interaction),
            can_manage=can_manage(interaction),
            per_move_hours=per_move_hours,
            bank_hours=bank_hours,
            refill=refill,
            policy=on_timeout,
            level=level,
        )
    await handlers.reply(interaction, clock_text(s, lang), ephemeral=False)


async def back_command(handlers: Handlers, interaction: Interaction) -> None:
    """``/game back``: the caller plays their own seat again; the table is told (and the caller
    pinged when it is their turn) by a message of its own."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    user = handlers.user(interaction)
    outcome = await handlers.service.back(handlers.channel_id(interaction), user, render=False)
    await handlers.tell(
        interaction, outcome, user, ack=t("back_ack", handlers.lang_for(interaction))
    )


class ClockPass:
    """Acts on clocks that ran out; ``tick`` is one pass (the reminder pass runs it)."""

    def __init__(self, service: Service, announcer: Announcer) -> None:
        self.service = service
        self.announcer = announcer

    async def tick(self, now: float) -> int:
        """Claim every clock run out by ``now`` and apply its table's policy; returns how many
        were acted on. One that fails is given back and tried on a later pass."""
        done = 0
        for due in await self.service.claim_clocks(now):
            try:
                if due.policy == "vote":
                    try:
                        await self._ask_vote(due)
                    except (discord.Forbidden, discord.NotFound):
                        # The channel is gone or closed to us: asking again would fail alike.
                        log.warning("clock channel unavailable", extra={"game": due.game_id})
                outcome = await self.service.clock_ran_out(due)
            except (discord.HTTPException, ServiceError):
                log.exception("clock not acted on; will retry", extra={"game": due.game_id})
                await self.service.release_clock(due)
                continue
            done += 1
            if outcome is None:
                continue
            try:
                await self.announcer.announce(outcome)
            except Exception:
                # Saved but not shown: the outbox drain posts it later.
                log.exception("takeover not announced", extra={"game": due.game_id})
                await self.service.release_announcement(outcome.game_id)
            else:
                await self.service.announced(outcome.game_id, outcome.version)
        return done

    async def _ask_vote(self, due: ClockDue) -> None:
        """The table's notice that ``due``'s time ran out, with the deadline's buttons (skip the
        turn, vote the player out). Its nonce makes a second post after a crash the same one."""
        info = await self.service.game(due.channel_id, game_id=due.game_id)
        channel = self.announcer.client.get_partial_messageable(due.channel_id)
        lang = info.lang
        await channel.send(
            t("clock_out_vote", lang, mentions=mention_list([due.user_id]), title=info.title),
            view=deadline_view(due.game_id, due.user_id, info.version, lang),
            allowed_mentions=allowed([due.user_id]),
            nonce=nonce("clock", due.game_id, due.seat, due.due_at),
        )
        # The vote to remove the player, asked as a poll too where the bot may post one.
        await self.announcer.handlers.polls.ask(due.game_id, "remove", due.user_id)
