"""A full two-era Brass game (issue 16, the default mode) played to its end through Discord's
real code paths, for 2, 3 and 4 players: every move picked from the bot's own /play autocomplete
and posted with its board; the last message is the final score sheet with both eras' columns.
Slow (a board image per move): run with ``-m slow``."""

from __future__ import annotations

import pytest

from bot.discord_adapter import TurnpostBot
from tests.discord.loopback import CHANNEL_ID, FakeDiscord
from tests.discord.test_real_games import play


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_full_brass_game_to_the_end_through_slash_commands(
    bot: TurnpostBot, fake: FakeDiscord, players: int
) -> None:
    await play(bot, fake, "brass", None, players=players, seed=players)
    info = await bot.service.game(CHANNEL_ID)
    assert info.status == "finished"
    # The game's end is announced with the score sheet (its place in the message may vary).
    final = " ".join(str(m.json) for m in fake.sent[-4:])
    assert "Final scores" in final
    assert "Canal links" in final and "Rail links" in final
