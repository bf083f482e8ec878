"""Every interaction gets an answer (#10.8): a Discord client showing an older list of commands
(a command or subcommand the bot no longer has, an option left out) gets a clear private reply
from the catalog, never "This interaction failed", and the log gets one line, not a traceback."""

from __future__ import annotations

import logging

import pytest

from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.text import t
from tests.discord.conftest import ALICE
from tests.discord.helpers import refusal, send
from tests.discord.loopback import FakeDiscord, slash


def no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r for r in caplog.records if r.exc_info], [r.getMessage() for r in caplog.records]


async def test_a_command_the_bot_no_longer_has_is_answered_privately(
    bot: TurnpostBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        text = refusal(await send(bot, fake, slash(ALICE, "retired_game move", site="e3")))
    assert text == t("unknown_command", "en")
    no_traceback(caplog)


async def test_a_subcommand_the_bot_no_longer_has_is_answered_privately(
    bot: TurnpostBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        text = refusal(await send(bot, fake, slash(ALICE, "game retired_subcommand")))
    assert text in (t("unknown_command", "en"), t("command_changed", "en"))
    no_traceback(caplog)


async def test_a_required_option_left_out_is_answered_privately(
    bot: TurnpostBot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        text = refusal(await send(bot, fake, slash(ALICE, "play")))
    assert text == t("command_changed", "en")
    no_traceback(caplog)
