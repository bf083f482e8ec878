"""The client itself: intents, command sync scope, logs without the token, shutdown."""

from __future__ import annotations

import inspect
import io
import json
import logging

import bot.discord_adapter as adapter
from bot.config import Config
from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.client import configure_logging
from tests.discord.conftest import BotFactory
from tests.discord.loopback import GUILD_ID, FakeDiscord


def test_run_is_the_blocking_entry_point_for_the_cli() -> None:
    params = list(inspect.signature(adapter.run).parameters)
    assert params == ["config"] and not inspect.iscoroutinefunction(adapter.run)


def test_no_privileged_intents() -> None:
    intents = TurnpostBot(Config(token="x")).intents
    assert not (intents.members or intents.presences or intents.message_content)
    assert intents.guilds


async def test_commands_sync_to_the_dev_guild_when_set(
    make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot = await make_bot(dev_guild=GUILD_ID)
    (put,) = [s for s in fake.sent if s.method == "PUT"]
    assert put.path == f"/applications/{bot.application_id}/guilds/{GUILD_ID}/commands"
    assert {c["name"] for c in put.json} >= {"game", "play", "tally"}


async def test_close_closes_the_service(make_bot: BotFactory) -> None:
    bot = await make_bot()
    service = bot.service
    await bot.close()
    assert bot.is_closed() and bot._service is None
    assert service is not None


def test_logs_are_json_lines_without_the_token() -> None:
    token = "MTIzNDU2.secret-token.value"
    handler = configure_logging("INFO", [token])
    stream = io.StringIO()
    handler.setStream(stream)  # type: ignore[attr-defined]
    try:
        log = logging.getLogger("turnpost.test")
        log.info("login with %s failed", token, extra={"guild": 42})
        try:
            raise RuntimeError(f"bad token {token}")
        except RuntimeError:
            log.exception("oops")
    finally:
        logging.getLogger().handlers.clear()
    out = stream.getvalue()
    assert token not in out
    first, second = (json.loads(line) for line in out.strip().splitlines())
    assert first["msg"] == "login with [token] failed" and first["guild"] == 42
    assert first["level"] == "INFO" and first["logger"] == "turnpost.test"
    assert second["level"] == "ERROR" and "RuntimeError: bad token [token]" in second["exc"]
