"""Turn reminders over several simulated days with a fake clock and a restart in the middle.

Given a two-player game whose creator set reminders to 10 h after the turn began then every 10 h
(at most 3), and a first player with quiet hours 22:00–08:00 UTC, when the reminder loop ticks every
30 minutes for four days (the bot being down for 11 hours on the first evening), then every due
reminder is posted exactly once, none inside the player's quiet hours, the one that fell due while
the bot was down comes once after the restart, and the cap holds.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_adapter import TurnpostBot
from bot.service import ServiceError
from tests.discord.conftest import ALICE, BOB, CAROL, MODERATOR, BotFactory, FakeClock
from tests.discord.helpers import PLAYERS, board_post, open_table, refusal, send, to_act
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, click, slash

HOUR = 3600.0
STEP = HOUR / 2


def quiet(t: float) -> bool:
    """22:00–08:00 UTC."""
    hour = (t % 86400) / HOUR
    return hour >= 22 or hour < 8


async def test_reminders_exactly_once_never_in_quiet_hours_across_a_restart(
    bot: TurnpostBot, fake: FakeDiscord, make_bot: BotFactory, clock: FakeClock
) -> None:
    start = clock.now  # Monday 00:00 UTC
    await open_table(bot, fake)
    (first,) = await to_act(bot)
    second = BOB.id if first == ALICE.id else ALICE.id
    (shown,) = await send(
        bot,
        fake,
        slash(ALICE, "game settings", delay_hours=10, interval_hours=10, reminders=3),
    )
    assert shown.content == (
        "Reminders: first after 10 h, then every 10 h, at most 3. No deadline."
        " No table quiet hours (time zone UTC+00:00)."
    )
    (prefs,) = await send(
        bot, fake, slash(PLAYERS[first], "game remind", quiet_from=22, quiet_until=8)
    )
    assert prefs.ephemeral and "quiet from 22:00 to 8:00" in prefs.content
    # Only the creator or someone with Manage Channels may change the table's settings.
    refused = refusal(await send(bot, fake, slash(BOB, "game settings", reminders=1)))
    assert refused.startswith("Only Alice, who opened this game")
    (changed,) = await send(bot, fake, slash(MODERATOR, "game settings", reminders=3))
    assert "at most 3. No deadline." in changed.content

    sent_at: list[tuple[float, str, list[int]]] = []
    seen: set[tuple[int, str, float]] = set()
    down = (start + 15 * HOUR, start + 26 * HOUR)  # Monday 15:00 to Tuesday 02:00
    moved = False
    while clock.now < start + 4 * 86400:
        clock.advance(STEP)
        if down[0] <= clock.now < down[1]:
            if not bot.is_closed():
                await bot.close()
            continue
        if bot.is_closed():
            bot = await make_bot()
        if not moved and clock.now >= start + 2 * 86400 + 12 * HOUR:
            # Wednesday noon: the first player finally moves; the turn passes to the second.
            board_post(await send(bot, fake, slash(PLAYERS[first], "play", move="draw")))
            moved = True
        due = await bot.service.due_reminders(clock.now)
        mark = len(fake.notices())
        await bot.reminders.tick()
        posts = fake.notices()[mark:]
        sendable = [d for d in due if not (quiet(clock.now) and first in d.user_ids)]
        assert len(posts) == len(sendable)
        for d, post in zip(sendable, posts, strict=True):
            key = (d.game_id, d.kind, d.due_at)
            assert key not in seen, "a due reminder was sent twice"
            seen.add(key)
            assert post.json["allowed_mentions"]["users"] == list(d.user_ids)
            sent_at.append((clock.now, post.content, list(d.user_ids)))

    to_first = [t for t, _, users in sent_at if users == [first]]
    to_second = [t for t, _, users in sent_at if users == [second]]
    assert all(not quiet(t) for t in to_first)
    assert len(to_first) == 3 and len(to_second) == 3
    # Monday 10:00; the 20:00 one fell due while the bot was down and waits for the end of the
    # player's quiet hours (Tuesday 08:00); the third comes a whole interval later.
    assert [(t - start) / HOUR for t in to_first] == [10, 32, 42]
    # The second player's turn began Wednesday 12:00: 22:00, Thursday 08:00 and 18:00.
    assert [(t - start) / HOUR for t in to_second] == [70, 80, 90]
    # Each reminder starts with the ping; the catch-up of what they missed follows (#10.4).
    assert all(
        c.splitlines()[0] == f"<@{u[0]}>: reminder, it is your turn in Tally (test game)."
        for _, c, u in sent_at
    )


async def test_deadline_offers_skip_and_vote_to_the_others(
    bot: TurnpostBot, fake: FakeDiscord, clock: FakeClock
) -> None:
    await open_table(bot, fake)
    (sleeper,) = await to_act(bot)
    other = PLAYERS[BOB.id if sleeper == ALICE.id else ALICE.id]
    await send(bot, fake, slash(ALICE, "game settings", deadline_hours=30, reminders=0))
    clock.advance(29 * HOUR)
    assert await bot.reminders.tick() == 0
    clock.advance(1 * HOUR)
    assert await bot.reminders.tick() == 1
    (notice,) = fake.notices()
    assert notice.content.startswith(f"<@{sleeper}>: the deadline for your turn")
    version = (await bot.service.game(CHANNEL_ID)).version
    assert notice.custom_ids() == [
        f"tp:skip:1:{sleeper}:{version}",
        f"tp:out:1:{sleeper}:{version}",
    ]
    message = fake.messages[notice.message_id or ""]
    assert await bot.reminders.tick() == 0  # never twice
    skip = f"tp:skip:1:{sleeper}:{version}"
    assert refusal(await send(bot, fake, click(PLAYERS[sleeper], message, skip))) == (
        "Only the other seated players can do that."
    )
    assert refusal(await send(bot, fake, click(CAROL, message, skip))) == (
        "Only the other seated players can do that."
    )
    post = board_post(await send(bot, fake, click(other, message, skip)))
    assert "ran out of time" in post.text
    assert await to_act(bot) == (other.id,)
    # The notice's buttons are spent: gone from it, and a click from a client that still shows
    # them is answered privately.
    assert message["components"] == []
    assert refusal(await send(bot, fake, click(other, message, skip))).startswith(
        "This button or menu is out of date"
    )


async def test_vote_out_button_after_the_deadline(
    bot: TurnpostBot, fake: FakeDiscord, clock: FakeClock
) -> None:
    await open_table(bot, fake)
    (sleeper,) = await to_act(bot)
    other = PLAYERS[BOB.id if sleeper == ALICE.id else ALICE.id]
    await send(bot, fake, slash(ALICE, "game settings", deadline_hours=12, reminders=0))
    clock.advance(12 * HOUR)
    assert await bot.reminders.tick() == 1
    (notice,) = fake.notices()
    vote_id = next(c for c in notice.custom_ids() if c.startswith("tp:out:"))
    (question,) = await send(
        bot, fake, click(other, fake.messages[notice.message_id or ""], vote_id)
    )
    # Asked first, privately (#12.6); nothing changed yet.
    assert question.ephemeral and question.content.startswith("Vote to remove ")
    assert not [s.removed for s in (await bot.service.game(CHANNEL_ID)).seats if s.removed]
    confirm = question.custom_ids()[0]
    sent = await send(bot, fake, click(other, fake.messages[question.message_id or ""], confirm))
    assert sent[0].callback_type == 7 and sent[1].public_create
    assert f"{PLAYERS[sleeper].name} was voted out" in sent[1].content
    info = await bot.service.game(CHANNEL_ID)
    assert [s.removed for s in info.seats if s.user_id == sleeper] == [True]


async def test_away_pauses_reminders_until_the_player_is_back(
    bot: TurnpostBot, fake: FakeDiscord, clock: FakeClock
) -> None:
    start = clock.now
    await open_table(bot, fake)
    (sleeper,) = await to_act(bot)
    await send(
        bot, fake, slash(ALICE, "game settings", delay_hours=10, interval_hours=10, reminders=2)
    )
    (away,) = await send(bot, fake, slash(PLAYERS[sleeper], "game remind", away_days=2.0))
    assert "Away until <t:" in away.content
    times = []
    while clock.now < start + 4 * 86400:
        clock.advance(HOUR)
        if await bot.reminders.tick():
            times.append((clock.now - start) / HOUR)
    # Nothing while away (the first 48 hours), then the reminders resume at the usual pace.
    assert times == [48, 58]


async def test_the_background_loop_sends_due_reminders_once_connected(
    make_bot: BotFactory, fake: FakeDiscord, clock: FakeClock
) -> None:
    bot = await make_bot(start_reminders=True)
    await open_table(bot, fake)
    (sleeper,) = await to_act(bot)
    clock.advance(24 * HOUR)  # the default first reminder
    # The loop waits for the gateway's READY; the loopback has no gateway, so say it is ready.
    assert not fake.notices()
    bot._ready.set()  # type: ignore[union-attr]
    for _ in range(500):
        if fake.notices():
            break
        await asyncio.sleep(0.01)
    (reminder,) = fake.notices()
    assert reminder.content.startswith(f"<@{sleeper}>: reminder")
    await bot.close()
    assert not bot.get_cog("RemindersCog")


async def test_a_refused_skip_is_answered_privately(
    bot: TurnpostBot, fake: FakeDiscord, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_table(bot, fake)
    (sleeper,) = await to_act(bot)
    other = PLAYERS[BOB.id if sleeper == ALICE.id else ALICE.id]
    await send(bot, fake, slash(ALICE, "game settings", deadline_hours=1, reminders=0))
    clock.advance(HOUR)
    await bot.reminders.tick()
    (notice,) = fake.notices()
    skip = next(c for c in notice.custom_ids() if c.startswith("tp:skip:"))

    async def refused(*args: object, **kwargs: object) -> None:
        raise ServiceError("service.game_over")

    monkeypatch.setattr(bot.service, "resolve_deadline", refused)
    sent = await send(bot, fake, click(other, fake.messages[notice.message_id or ""], skip))
    assert refusal(sent) == "This game is over; no more moves."
