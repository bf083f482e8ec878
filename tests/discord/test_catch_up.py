"""Issue 10.4 on Discord: the message that pings a returning player recaps every move since their
own last turn (within Discord's content limit), and /game log opens on the newest page."""

from __future__ import annotations

from bot.discord_adapter import TurnpostBot
from tests.discord.conftest import ALICE, BOB, FakeClock
from tests.discord.helpers import board_post, send, to_act
from tests.discord.loopback import (
    CHANNEL_ID,
    V2_TEXT_MAX,
    FakeDiscord,
    Player,
    message_text,
    slash,
)

DAVE = Player(1005, "Dave")
PLAYERS = {p.id: p for p in (ALICE, BOB, DAVE)}


async def _three_seats(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await send(bot, fake, slash(ALICE, "game new", game="tally", players=3))
    await send(bot, fake, slash(BOB, "game join"))
    await send(bot, fake, slash(DAVE, "game join"))
    board_post(await send(bot, fake, slash(ALICE, "game start")))


async def _play(bot: TurnpostBot, fake: FakeDiscord) -> tuple[Player, str, dict[str, object]]:
    """The player to act plays their first legal move; returns them, it, and the board post."""
    (uid,) = await to_act(bot)
    legal = await bot.service.legal(CHANNEL_ID, bot.handlers.user_for(uid)) or []
    post = board_post(await send(bot, fake, slash(PLAYERS[uid], "play", move=legal[0])))
    return PLAYERS[uid], legal[0], post.json


async def test_the_ping_recaps_the_turns_the_player_missed(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await _three_seats(bot, fake)
    first, _, _ = await _play(bot, fake)
    second, second_move, _ = await _play(bot, fake)
    third, third_move, post = await _play(bot, fake)
    assert (await to_act(bot)) == (first.id,)
    content = message_text(post)
    lines = content.splitlines()
    assert lines[0] == f"<@{first.id}>: your turn."
    digest = lines.index("Since your last turn:")
    assert lines[digest : digest + 3] == [
        "Since your last turn:",
        f"• {second.name}: {second_move} — {second.name} {_done(second_move)}",
        f"• {third.name}: {third_move} — {third.name} {_done(third_move)}",
    ]
    assert len(content) <= V2_TEXT_MAX
    # The recap is text for the table: it notifies only the player whose turn it is.
    assert post["allowed_mentions"] == {"users": [first.id], "parse": []}


def _done(move: str) -> str:
    return "drew a card." if move == "draw" else f"played a {move.split()[1]}."


async def test_game_log_opens_on_the_newest_page(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await _three_seats(bot, fake)
    for _ in range(21):  # more than one page of 20
        await _play(bot, fake)
    (log,) = await send(bot, fake, slash(BOB, "game log"))
    assert log.ephemeral and log.content.startswith("Log, page 2 of 2:")
    assert "21. " in log.content


async def test_the_reminder_a_day_later_recaps_what_the_player_missed(
    bot: TurnpostBot, fake: FakeDiscord, clock: FakeClock
) -> None:
    await _three_seats(bot, fake)
    first, first_move, _ = await _play(bot, fake)
    second, second_move, _ = await _play(bot, fake)
    (sleeper,) = await to_act(bot)
    clock.advance(24 * 3600)  # the default first reminder
    assert await bot.reminders.tick() == 1
    (reminder,) = fake.notices()
    assert reminder.content.splitlines() == [
        f"<@{sleeper}>: reminder, it is your turn in Tally (test game).",
        "Since your last turn:",
        f"• {first.name}: {first_move} — {first.name} {_done(first_move)}",
        f"• {second.name}: {second_move} — {second.name} {_done(second_move)}",
    ]
    assert reminder.json["allowed_mentions"] == {"users": [sleeper], "parse": []}
