"""The client itself: intents, command sync scope, logs without the token, shutdown."""

from __future__ import annotations

import asyncio
import inspect
import io
import json
import logging
import os
import time

import pytest

import bot.discord_adapter as adapter
from bot.config import Config
from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.client import configure_logging
from bot.health import STALE_AFTER_S, check, heartbeat_path
from engines.catalog import CATALOG
from tests.discord.conftest import BotFactory
from tests.discord.loopback import GUILD_ID, FakeDiscord


def test_run_is_the_blocking_entry_point_for_the_cli() -> None:
    params = list(inspect.signature(adapter.run).parameters)
    assert params == ["config", "force_sync", "shard_ids", "shard_count"]
    assert not inspect.iscoroutinefunction(adapter.run)


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


async def test_the_running_bot_keeps_the_health_heartbeat_fresh(make_bot: BotFactory) -> None:
    # Given a bot that beats every 10 ms and a heartbeat file gone stale (an old process),
    bot = await make_bot(heartbeat_every=0.01)
    beat = heartbeat_path(bot.config)
    assert beat.exists(), "setup_hook beats at once, before the first interval"
    old = time.time() - 10 * STALE_AFTER_S
    os.utime(beat, (old, old))
    assert check(bot.config) is not None and "no heartbeat" in str(check(bot.config))
    # when the heartbeat task runs on,
    for _ in range(200):
        await asyncio.sleep(0.01)
        if beat.stat().st_mtime > old:
            break
    # then the container health check passes again,
    assert check(bot.config) is None
    # and closing the bot stops the task (a dead bot must go stale).
    task = bot.heartbeat_task
    assert task is not None and not task.done()
    await bot.close()
    assert task.done() and bot.heartbeat_task is None
    os.utime(beat, (old, old))
    await asyncio.sleep(0.05)
    assert beat.stat().st_mtime == old


def command_puts(fake: FakeDiscord, mark: int = 0) -> list[str]:
    """Paths of the command syncs (bulk overwrites) made since ``mark``."""
    return [s.path for s in fake.since(mark) if s.method == "PUT" and s.path.endswith("/commands")]


async def test_commands_are_synced_only_when_the_payload_changed(
    make_bot: BotFactory, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a first start, which syncs (nothing was recorded yet),
    bot = await make_bot()
    global_path = f"/applications/{bot.application_id}/commands"
    assert command_puts(fake) == [global_path]
    # when the bot restarts with the same commands, it does not sync again (Discord rate-limits
    # command updates, and a crash loop must not burn through them);
    await bot.close()
    mark = len(fake.sent)
    bot = await make_bot()
    assert command_puts(fake, mark) == [] and bot.synced == []
    # a changed translation (or anything else in the payload) syncs once more;
    await bot.close()
    catalogs = {lang: dict(CATALOG.messages(lang)) for lang in ("en", "es", "ja")}
    catalogs["es"]["discord.cmd.board"] = "Enseña el tablero tal como está ahora"
    monkeypatch.setattr(CATALOG, "messages", lambda lang: catalogs.get(lang, {}))
    mark = len(fake.sent)
    bot = await make_bot()
    assert command_puts(fake, mark) == [global_path]
    # forcing syncs even when nothing changed,
    await bot.close()
    mark = len(fake.sent)
    bot = await make_bot(force_sync=True)
    assert command_puts(fake, mark) == [global_path]
    # and each scope keeps its own record: the development guild has never been synced.
    await bot.close()
    mark = len(fake.sent)
    bot = await make_bot(dev_guild=GUILD_ID)
    assert command_puts(fake, mark) == [
        f"/applications/{bot.application_id}/guilds/{GUILD_ID}/commands"
    ]
