"""Two bot processes on one database (#25.3): a reminder or a move's announcement is posted once
even when the process that posted it dies before recording it, because the process that takes
its claim over posts with the same nonce, and Discord hands back the first message instead of
creating a second (``bot/discord_adapter/nonce.py``). The first process "dies" by no longer
beating: it is left as it is, never closed."""

from __future__ import annotations

from bot.service import OWNER_STALE
from tests.discord.conftest import BotFactory, FakeClock
from tests.discord.helpers import PLAYERS, open_table, send, to_act
from tests.discord.loopback import FakeDiscord, slash

HOUR = 3600.0


async def test_a_reminder_posted_by_a_process_killed_before_marking_it_is_not_doubled(
    make_bot: BotFactory, fake: FakeDiscord, clock: FakeClock
) -> None:
    first = await make_bot()
    second = await make_bot()
    await open_table(first, fake)
    clock.advance(25 * HOUR)  # the first player's reminder is due (24 h)
    await first.service.beat()
    await second.service.beat()
    (due,) = await first.service.claim_reminders()
    assert await second.reminders.tick() == 0  # held by a live process
    await first.reminders._post(due, set())  # posted; killed before marking it sent
    assert len(fake.notices()) == 1
    clock.advance(OWNER_STALE + 1)
    await second.service.beat()
    assert await second.reminders.tick() == 1  # taken over, posted again...
    assert len(fake.notices()) == 1  # ...as the same message: Discord returned the first
    assert await second.reminders.tick() == 0  # marked sent now


async def test_a_move_posted_by_a_process_killed_before_recording_it_is_not_doubled(
    make_bot: BotFactory, fake: FakeDiscord, clock: FakeClock
) -> None:
    first = await make_bot()
    second = await make_bot()
    await open_table(first, fake)
    (mover,) = await to_act(first)

    async def killed(*args: object, **kwargs: object) -> None:
        """The process dies right after posting, before ``announced`` is recorded."""

    first.service.announced = killed  # type: ignore[method-assign]
    boards = len(fake.channel_messages())
    await send(first, fake, slash(PLAYERS[mover], "play", move="draw"))
    assert len(fake.channel_messages()) == boards + 1
    clock.advance(OWNER_STALE + 1)
    await second.service.beat()
    assert await second.announcer.drain() == 1  # the late announcement, posted again...
    assert len(fake.channel_messages()) == boards + 1  # ...as the first message
    assert await second.announcer.drain() == 0  # and recorded now
