"""Brass's card draws through Discord's real code paths (B21, B23): a card a player draws after
their turn is a chance row the bot logs; what it was reaches that player only. No public
message (content, embeds, components) and no other player's ``/game log`` says which card it
was (a log shows a draw as ``Chance: draw``); the drawer's own ``/game log`` does."""

from __future__ import annotations

import json

from bot.discord_adapter import TurnpostBot
from bot.service.session import events_of
from engines.base import CHANCE
from engines.catalog import CATALOG
from tests.discord.driver import SEATS, play_random_game
from tests.discord.helpers import send
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, slash


async def test_B23_a_brass_players_drawn_cards_reach_only_that_player(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    # Given a two-player Brass game played by slash commands for a few turns (each drew cards)
    await play_random_game(bot, fake, "brass", seed=2, players=2, max_moves=6)
    info = await bot.service.game(CHANNEL_ID)
    async with bot.service.db.read():
        rows = await bot.service.db.actions(info.game_id)
    secrets = [
        (e.visible_to, CATALOG.text(e.key, e.params))
        for a in rows
        if a.seat == CHANCE
        for e in events_of(a)
        if e.visible_to
    ]
    assert len(secrets) >= 3
    # then no message the channel saw tells a drawn card, nor a chance row's text
    public = json.dumps(
        [s.message for s in fake.sent if s.kind in ("create", "edit") and not s.visible_ephemeral],
        ensure_ascii=False,
    )
    assert "You drew" not in public
    assert all(a.action not in public for a in rows if a.seat == CHANCE)
    # and each player's own log shows their cards, never the other's
    for player in SEATS[:2]:
        seat = info.seat_of(player.id)
        assert seat is not None
        sent = await send(bot, fake, slash(player, "game log"))
        said = json.dumps([s.message for s in sent], ensure_ascii=False)
        assert all(s.ephemeral for s in sent if s.message)
        assert all(a.action not in said for a in rows if a.seat == CHANCE)  # "Chance: draw"
        for text in {text for _, text in secrets}:
            # (two players may draw the same card: the line is theirs if it is one of theirs)
            mine = any(seat in seen_by for seen_by, same in secrets if same == text)
            assert (text in said) == mine, (player.name, text)
