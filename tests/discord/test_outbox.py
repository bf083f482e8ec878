"""Issue 10.7 on Discord: a move saved but never posted (the bot died between the two) is announced
after the restart, as a channel message Discord creates — so its mention notifies — with the board
and a ping of exactly the player who acts now; and only once."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_adapter import TurnpostBot
from bot.service import OUTBOX_LEASE
from tests.discord.conftest import BotFactory, FakeClock
from tests.discord.helpers import PLAYERS, PNG_MAGIC, open_table, send, to_act
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, slash


async def test_a_move_saved_before_a_crash_is_announced_after_the_restart(
    bot: TurnpostBot,
    fake: FakeDiscord,
    make_bot: BotFactory,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await open_table(bot, fake)
    (mover,) = await to_act(bot)

    killed: list[bool] = []

    async def die(*args: object, **kwargs: object) -> None:
        # The process dying: the handler's task ends here, nothing after this point runs.
        killed.append(True)
        raise asyncio.CancelledError

    # The move commits, then the process is killed before its board is posted.
    before = len(fake.channel_messages())
    with monkeypatch.context() as patched:
        patched.setattr(bot.handlers, "tell", die)
        await send(bot, fake, slash(PLAYERS[mover], "play", move="draw"))
    assert killed == [True]
    (next_player,) = await to_act(bot)
    assert next_player != mover
    assert len(fake.channel_messages()) == before
    await bot.close()

    # Back up once the dead process's claim on the row has lapsed.
    clock.advance(OUTBOX_LEASE + 1)
    mark = len(fake.sent)
    again = await make_bot()
    (late,) = [s for s in fake.since(mark) if s in fake.channel_messages()]
    assert late.headline.startswith(f"<@{next_player}>: your turn.")
    # Only the player who acts now is notified.
    assert late.json["allowed_mentions"] == {"users": [next_player], "parse": []}
    description = late.text
    assert late.has_line("Posted late: the bot restarted")
    assert f"{PLAYERS[mover].name}: draw" in description
    (_, filename, data) = late.files[0]
    assert filename == "board.png" and data.startswith(PNG_MAGIC)

    # Announced once: neither the next pass nor another restart posts it again.
    assert await again.announcer.drain() == 0
    await again.close()
    clock.advance(OUTBOX_LEASE + 1)
    mark = len(fake.sent)
    third = await make_bot()
    assert [s for s in fake.since(mark) if s in fake.channel_messages()] == []
    assert await third.service.db.outbox() == []


async def test_a_posted_move_leaves_nothing_to_announce(
    bot: TurnpostBot, fake: FakeDiscord, clock: FakeClock
) -> None:
    await open_table(bot, fake)
    (mover,) = await to_act(bot)
    await send(bot, fake, slash(PLAYERS[mover], "play", move="draw"))
    assert await bot.service.db.outbox() == []
    clock.advance(OUTBOX_LEASE + 1)
    posted = len(fake.channel_messages())
    assert await bot.announcer.drain() == 0
    assert len(fake.channel_messages()) == posted


async def test_every_move_posted_through_discord_settles_its_outbox_row(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    """Start, moves, an undo and a failed post: after each, nothing is left owed except the
    move whose post failed, which the drain then announces once."""
    await open_table(bot, fake)
    assert await bot.service.db.outbox() == []
    for _ in range(3):
        (uid,) = await to_act(bot)
        legal = await bot.service.legal(CHANNEL_ID, bot.handlers.user_for(uid)) or []
        await send(bot, fake, slash(PLAYERS[uid], "play", move=legal[0]))
        assert await bot.service.db.outbox() == []
    (uid,) = await to_act(bot)
    legal = await bot.service.legal(CHANNEL_ID, bot.handlers.user_for(uid)) or []
    await send(bot, fake, slash(PLAYERS[uid], "play", move=next(m for m in legal if "play" in m)))
    await send(bot, fake, slash(PLAYERS[uid], "game undo"))
    assert await bot.service.db.outbox() == []
