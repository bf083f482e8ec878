"""Fixtures for the Discord adapter tests: the loopback API, a fake clock, and bots over one
SQLite file that can be stopped and started again (a restart)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.config import Config
from bot.discord_adapter import TurnpostBot
from tests.discord.loopback import FakeDiscord, Player
from tests.fakes import FakeClock

ALICE = Player(1001, "Alice")
BOB = Player(1002, "Bob")
CAROL = Player(1003, "Carol")  # never sits down
MODERATOR = Player(
    1004,
    "Mod",
    permissions=discord.Permissions(
        send_messages=True, view_channel=True, manage_channels=True
    ).value,
)
#: 2026-11-23 00:00 UTC, a Monday.
MONDAY = 1_795_392_000.0


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    monkeypatch.setattr(discord.http.Route, "BASE", server.base)
    yield server
    await server.stop()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(MONDAY)


BotFactory = Callable[..., Awaitable[TurnpostBot]]


@pytest.fixture
async def make_bot(
    fake: FakeDiscord, clock: FakeClock, tmp_path: Path
) -> AsyncIterator[BotFactory]:
    """Start a bot (login runs the real setup_hook: service, cogs, translator, command sync)
    against the loopback API. Call again after ``await bot.close()`` to simulate a restart."""
    bots: list[TurnpostBot] = []

    async def start(
        *,
        start_reminders: bool = False,
        heartbeat_every: float = 60.0,
        force_sync: bool = False,
        **config: Any,
    ) -> TurnpostBot:
        cfg = Config(token="test-token", db_path=tmp_path / "turnpost.db", **config)
        bot = TurnpostBot(
            cfg,
            clock=clock,
            start_reminders=start_reminders,
            reminder_every=0.01,
            heartbeat_every=heartbeat_every,
            force_sync=force_sync,
        )
        await bot.login(cfg.token)
        bots.append(bot)
        return bot

    yield start
    for bot in bots:
        if not bot.is_closed():
            await bot.close()


@pytest.fixture
async def bot(make_bot: BotFactory) -> TurnpostBot:
    return await make_bot()
