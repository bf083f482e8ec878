"""Computer seats on Discord: the commands, and the pass that lets computers take their turns.

A computer's move is announced like anyone's (``Announcer``: the board, what happened, a ping of
the person whose turn it becomes) after a natural pause: the pass runs every few seconds, and
consecutive computer moves are spaced by ``pause``. The pass looks at the database, not at a
memory of whose turn it is, so after a restart (even one in the middle of a computer's thought)
the computer simply thinks again; the service's version check makes sure it plays once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_adapter.handlers import Handlers
from bot.discord_adapter.messages import lobby_text
from bot.discord_adapter.outbox import Announcer
from bot.discord_adapter.periodic import Host, Periodic
from bot.discord_adapter.text import t
from bot.service import MoveOutcome, Service, ServiceError, User
from bot.worker import JobRunner

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction

log = logging.getLogger("turnpost.computers")

#: Seconds between two moves of computer seats in one game (a natural pace for the table).
PAUSE = 2.0


class ComputerTurns(JobRunner):
    """Plays the turns computer seats owe, as jobs claimed from the database (one task per
    game; a game's computer moves follow each other ``pause`` seconds apart). Only when computers
    think inline (``TURNPOST_COMPUTERS=inline``); with workers, they play and this process's
    outbox pass announces their moves."""

    def __init__(self, service: Service, announcer: Announcer, *, pause: float = PAUSE) -> None:
        super().__init__(service, self._announce, kinds=("computer",), pause=pause)
        self.announcer = announcer

    async def play_due(self) -> list[asyncio.Task[int]]:
        """Start a task for every computer job this process can claim; returns the tasks
        started (each ends with the number of moves it played)."""
        return await self.run_due()

    async def _announce(self, outcome: MoveOutcome) -> None:
        try:
            await self.announcer.announce(outcome)
        except Exception:
            # Saved but not shown: the outbox drain posts it later.
            log.exception("computer move not announced", extra={"game": outcome.game_id})
            await self.service.release_announcement(outcome.game_id)
        else:
            await self.service.announced(outcome.game_id, outcome.version)


class ComputerCog(Periodic):
    """Lets computer seats move every ``interval`` seconds once the bot is connected."""

    def __init__(self, bot: Host, turns: ComputerTurns, *, interval: float = 5.0) -> None:
        super().__init__(bot, turns.play_due, interval=interval, what="computer pass", log=log)
        self.turns = turns

    async def cog_unload(self) -> None:
        await super().cog_unload()
        await self.turns.stop()


async def computer_command(
    handlers: Handlers,
    interaction: Interaction,
    action: str,
    level: str,
    player: discord.Member | discord.User | None,
    number: int,
) -> None:
    """``/game computer``: add or remove a computer seat in the lobby, or (creator) give a
    running game's computer seat ``number`` to ``player``."""
    service = handlers.service
    channel_id = handlers.channel_id(interaction)
    user = handlers.user(interaction)
    lang = handlers.lang_for(interaction)
    if action == "add":
        info = await service.add_computer(channel_id, user, level)
    elif action == "remove":
        info = await service.remove_computer(channel_id, user)
    else:
        if player is None:
            await handlers.reply(interaction, t("computer_give_whom", lang))
            return
        game = await service.game(channel_id)
        seats = [s for s in game.seats if s.user_id < 0]
        if not 1 <= number <= len(seats):
            raise ServiceError("service.no_computer")
        # Deferred privately: the change itself is announced by a message of its own, which
        # Discord creates and so notifies the new player if the seat must act now.
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await service.computer_seat_to_person(
            channel_id, user, seats[number - 1].user_id, User(player.id, player.display_name)
        )
        await handlers.tell(interaction, outcome, user, ack=t("computer_given", lang))
        return
    await handlers.reply(interaction, lobby_text(info, info.lang), ephemeral=False)


async def hint_command(handlers: Handlers, interaction: Interaction) -> None:
    """``/game hint``: the AI's three best whole turns for the caller's own turn, privately."""
    await handlers.hint(interaction)
