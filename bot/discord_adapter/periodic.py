"""A pass the bot runs every few seconds once connected (reminders, the outbox drain)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from discord.ext import commands, tasks


class Host(Protocol):
    """What a pass needs of the bot that runs it (``client.TurnpostBot`` is one)."""

    #: Whether the passes start by themselves (tests drive them by hand).
    start_reminders: bool

    async def wait_until_ready(self) -> None: ...


class Periodic(commands.Cog):
    """Runs ``tick`` every ``interval`` seconds once the bot is ready; a failed pass is logged
    (as ``what``) and the next one runs as usual. Subclass it to give each pass its cog name."""

    def __init__(
        self,
        bot: Host,
        tick: Callable[[], Awaitable[object]],
        *,
        interval: float,
        what: str,
        log: logging.Logger,
    ) -> None:
        self.bot = bot
        self._pass = tick
        self._what = what
        self._log = log
        self.task = tasks.loop(seconds=interval)(self._tick)
        self.task.before_loop(self._wait_ready)

    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def _tick(self) -> None:
        try:
            await self._pass()
        except Exception:
            self._log.exception(f"{self._what} failed")

    async def cog_load(self) -> None:
        # Tests drive the passes by hand; the real bot starts them.
        if self.bot.start_reminders:
            self.task.start()

    async def cog_unload(self) -> None:
        # Wait for a pass cut short to unwind: the bot closes the service right after unloading
        # its cogs, and a pass still inside a transaction would race that close.
        self.task.cancel()
        running = self.task.get_task()
        if running is not None and not running.done():
            with contextlib.suppress(asyncio.CancelledError):
                await running
