"""A full two-era Brass game (issue 16, the default mode) played to its end through Discord's
real code paths, for 2, 3 and 4 players: every move picked from the bot's own /play autocomplete
and posted with its board; the last message is the final score sheet with both eras' columns.
Slow (a board image per move): run with ``-m slow``."""

from __future__ import annotations

import random

import pytest

from bot.discord_adapter import TurnpostBot
from tests.discord.helpers import board_post, send
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, slash
from tests.discord.test_real_games import SEATS, pick_move


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_full_brass_game_to_the_end_through_slash_commands(
    bot: TurnpostBot, fake: FakeDiscord, players: int
) -> None:
    seats = SEATS[:players]
    (lobby,) = await send(bot, fake, slash(seats[0], "game new", game="brass", players=players))
    assert not lobby.ephemeral, lobby.content
    for p in seats[1:]:
        await send(bot, fake, slash(p, "game join"))
    board_post(await send(bot, fake, slash(seats[0], "game start")))
    by_id = {p.id: p for p in seats}
    rng = random.Random(players)
    for _ in range(1000):
        info = await bot.service.game(CHANNEL_ID)
        if info.status != "active":
            break
        player = by_id[info.to_act[0]]
        move = await pick_move(bot, fake, player, rng)
        board_post(await send(bot, fake, slash(player, "play", move=move)))
    info = await bot.service.game(CHANNEL_ID)
    assert info.status == "finished"
    # The game's end is announced with the score sheet (its place in the message may vary).
    final = " ".join(str(m.json) for m in fake.sent[-4:])
    assert "Final scores" in final
    assert "Canal links" in final and "Rail links" in final
