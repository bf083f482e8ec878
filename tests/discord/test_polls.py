"""Votes as Discord polls (#27.6) through discord.py's real code paths: the bot posts a poll when
a vote opens (where it may post polls), poll answers reach it as MESSAGE_POLL_VOTE_ADD/REMOVE
gateway events through discord.py's own parser, only seated players' answers count, taking an
answer back withdraws the vote, and the deciding answer ends the poll and tells the table.
Where the bot may not post polls, the vote goes on through the commands and buttons alone."""

from __future__ import annotations

from typing import Any

from bot.discord_adapter import TurnpostBot
from tests.discord.conftest import ALICE, BOB, CAROL, BotFactory, FakeClock
from tests.discord.helpers import PLAYERS, send, to_act
from tests.discord.loopback import (
    CHANNEL_ID,
    POLL_PERMS,
    FakeDiscord,
    Player,
    Sent,
    click,
    slash,
)

DAVE = Player(1005, "Dave")
SEATED = {p.id: p for p in (ALICE, BOB, DAVE)}
HOUR = 3600.0
CAN_POLL = POLL_PERMS.value


def polled(fake: FakeDiscord, mark: int = 0) -> list[Sent]:
    """The polls the bot posted after ``mark``."""
    return [
        s
        for s in fake.since(mark)
        if s.kind == "create" and s.json is not None and "poll" in s.json and not s.duplicate
    ]


def expired(fake: FakeDiscord, mark: int = 0) -> list[str]:
    """The messages whose poll the bot ended after ``mark``."""
    return [
        s.path.split("/")[4]
        for s in fake.since(mark)
        if s.method == "POST" and s.path.endswith("/expire") and s.status == 200
    ]


async def cmd(bot: TurnpostBot, fake: FakeDiscord, who: Player, path: str, /, **kw: Any) -> None:
    """``who`` sends a command in a channel where the bot may post polls."""
    mark = len(fake.sent)
    await send(bot, fake, slash(who, path, _app_permissions=CAN_POLL, **kw))
    assert all(s.status == 200 for s in fake.since(mark))


async def confirm(
    bot: TurnpostBot, fake: FakeDiscord, who: Player, path: str, /, **kw: Any
) -> list[Sent]:
    """``who`` sends a command that asks first, and confirms, in a channel where the bot may
    post polls; the requests made in answer to the confirmation."""
    (question,) = await send(bot, fake, slash(who, path, _app_permissions=CAN_POLL, **kw))
    yes = question.custom_ids()[0]
    message = fake.messages[question.message_id or ""]
    return await send(bot, fake, click(who, message, yes, app_permissions=CAN_POLL))


async def open_three(bot: TurnpostBot, fake: FakeDiscord) -> None:
    fake.bot_permissions = POLL_PERMS
    await cmd(bot, fake, ALICE, "game new", game="tally", players=3)
    await cmd(bot, fake, BOB, "game join")
    await cmd(bot, fake, DAVE, "game join")
    await cmd(bot, fake, ALICE, "game start")


async def test_an_abort_vote_is_asked_as_a_poll_and_only_seated_answers_decide_it(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_three(bot, fake)
    mark = len(fake.sent)
    sent = await confirm(bot, fake, BOB, "game abort")
    (tally,) = [s for s in sent if s.public_create and "Vote to abort" in s.content]
    assert tally.content.startswith("Vote to abort recorded: 1 of 2 needed.")
    (post,) = polled(fake, mark)
    poll = post.json["poll"]
    # Discord's create request: question, two answers, hours, one answer each.
    assert poll["question"]["text"] == (
        "Abort this game of Tally (test game)? Only the seated players' answers count."
    )
    assert [a["poll_media"]["text"] for a in poll["answers"]] == ["Yes", "No"]
    assert poll["duration"] == 168 and poll["allow_multiselect"] is False
    assert post.notified == []
    poll_id = post.message_id or ""
    # Carol holds no seat: Discord counts her answer, the bot ignores it (posts nothing).
    mark = len(fake.sent)
    assert await fake.vote_poll(bot, CAROL, poll_id, "Yes")
    assert fake.since(mark) == []
    # A bot cannot vote, nor anyone pick both answers of a single-choice poll.
    assert not await fake.vote_poll(bot, Player(1006, "Robot", bot=True), poll_id, "Yes")
    assert not await fake.vote_poll(bot, CAROL, poll_id, "No")
    # Dave's Yes is the second of the two needed: the game is aborted, the poll ended.
    mark = len(fake.sent)
    assert await fake.vote_poll(bot, DAVE, poll_id, "Yes")
    (done,) = fake.public_messages(mark)
    assert done.content == "Tally (test game) was aborted." and done.notified == []
    assert expired(fake, mark) == [poll_id]
    assert (await bot.service.game(CHANNEL_ID)).status == "aborted"
    # Discord posted the poll's results, and nobody can answer an ended poll.
    (results,) = fake.poll_results
    assert results["message_reference"]["message_id"] == poll_id
    assert not await fake.vote_poll(bot, ALICE, poll_id, "Yes")


async def test_taking_back_yes_or_answering_no_withdraws_the_vote(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_three(bot, fake)
    mark = len(fake.sent)
    await confirm(bot, fake, BOB, "game abort")
    poll_id = polled(fake, mark)[0].message_id or ""
    # Bob voted by the command; answering No on the poll takes that vote back.
    mark = len(fake.sent)
    assert await fake.vote_poll(bot, BOB, poll_id, "No")
    (back,) = fake.public_messages(mark)
    assert back.content.startswith("A vote to abort was withdrawn: 0 of 2 needed.")
    # It asks again everyone with a say, Bob included.
    assert sorted(back.notified) == sorted(SEATED)
    # Taking back No is nothing; Yes votes again, and taking Yes back withdraws it again.
    mark = len(fake.sent)
    assert await fake.vote_poll(bot, BOB, poll_id, "No", add=False)
    assert fake.since(mark) == []
    assert await fake.vote_poll(bot, BOB, poll_id, "Yes")
    assert await fake.vote_poll(bot, BOB, poll_id, "Yes", add=False)
    texts = [s.content.splitlines()[0] for s in fake.public_messages(mark)]
    assert texts == [
        "Vote to abort recorded: 1 of 2 needed.",
        "A vote to abort was withdrawn: 0 of 2 needed.",
    ]
    assert (await bot.service.game(CHANNEL_ID)).status == "active"
    assert expired(fake) == []


async def test_a_seat_vote_poll_ignores_the_player_it_is_about(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_three(bot, fake)
    (sleeper_id,) = await to_act(bot)
    sleeper = SEATED[sleeper_id]
    first, second = (p for p in SEATED.values() if p is not sleeper)
    mark = len(fake.sent)
    await confirm(bot, fake, first, "game vote", player=sleeper)
    (post,) = polled(fake, mark)
    assert post.json["poll"]["question"]["text"] == (
        f"Vote {sleeper.name} out of this game of Tally (test game)? Their seat would then"
        " play automatically. Only the other seated players' answers count."
    )
    poll_id = post.message_id or ""
    # The player the vote is about answers too: ignored.
    mark = len(fake.sent)
    assert await fake.vote_poll(bot, sleeper, poll_id, "No")
    assert fake.since(mark) == []
    # The second voter's Yes decides it: the seat plays itself and its turn is played.
    mark = len(fake.sent)
    assert await fake.vote_poll(bot, second, poll_id, "Yes")
    decided = fake.public_messages(mark)
    assert decided[0].content.startswith(f"{sleeper.name} was voted out")
    board = next(s for s in decided if s.files)
    assert f"{sleeper.name} (automatic):" in board.text
    assert expired(fake, mark) == [poll_id]
    assert sleeper.id not in await to_act(bot)
    # A second vote about the same seat cannot be cast: no new poll either.
    assert len(polled(fake)) == 1


async def test_no_poll_where_the_bot_may_not_post_one(bot: TurnpostBot, fake: FakeDiscord) -> None:
    """The channel's permissions lack Send Polls (the tests' usual channel): the vote is asked
    by its message and commands alone, as before polls."""
    await send(bot, fake, slash(ALICE, "game new", game="tally", players=3))
    await send(bot, fake, slash(BOB, "game join"))
    await send(bot, fake, slash(DAVE, "game join"))
    await send(bot, fake, slash(ALICE, "game start"))
    mark = len(fake.sent)
    (question,) = await send(bot, fake, slash(BOB, "game abort"))
    yes = question.custom_ids()[0]
    await send(bot, fake, click(BOB, fake.messages[question.message_id or ""], yes))
    assert polled(fake, mark) == []
    assert all(s.status == 200 for s in fake.since(mark))


async def test_polls_off_asks_for_no_poll_events_and_posts_no_poll(
    make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot = await make_bot(polls=False)
    assert not bot.intents.guild_polls
    await open_three(bot, fake)
    mark = len(fake.sent)
    await confirm(bot, fake, BOB, "game abort")
    assert polled(fake, mark) == []


async def test_a_clock_run_out_asks_its_vote_as_a_poll_too(
    bot: TurnpostBot, fake: FakeDiscord, clock: FakeClock
) -> None:
    """A table whose clock votes (#27.3): the notice with the deadline's buttons, and the
    vote-out asked as a poll, which the other player's Yes decides (two players: one is a
    majority of the others)."""
    fake.bot_permissions = POLL_PERMS
    await cmd(bot, fake, ALICE, "game new", game="tally", players=2)
    await cmd(bot, fake, BOB, "game join")
    await cmd(bot, fake, ALICE, "game start")
    await cmd(bot, fake, ALICE, "game clock", per_move_hours=1, bank_hours=0, refill="never")
    (sleeper_id,) = await to_act(bot)
    sleeper = PLAYERS[sleeper_id]
    other = BOB if sleeper is ALICE else ALICE
    mark = len(fake.sent)
    clock.advance(2 * HOUR)
    await bot.reminders.tick()
    notice = next(s for s in fake.public_messages(mark) if "has run out" in s.content)
    assert len(notice.custom_ids()) == 2  # the buttons stay
    (post,) = polled(fake, mark)
    assert post.json["poll"]["question"]["text"].startswith(f"Vote {sleeper.name} out")
    await bot.reminders.tick()
    assert len(polled(fake, mark)) == 1  # asked once
    mark = len(fake.sent)
    assert await fake.vote_poll(bot, other, post.message_id or "", "Yes")
    texts = [s.text for s in fake.public_messages(mark)]
    assert texts[0].startswith(f"{sleeper.name} was voted out")
    assert expired(fake, mark) == [post.message_id]
