"""Computer seats on Discord (#15.4, #15.5), through discord.py's real code paths.

Given a lobby with a computer seat, when the game is played by slash commands and the computer
pass runs, then the computer's moves are announced like a player's (a created channel message
with the board), the person whose turn it becomes is notified, the computer never is, and a
restart while the computer was thinking makes it think again and play once. ``/game hint``
answers only the caller.
"""

from __future__ import annotations

import asyncio
import random

from bot.discord_adapter import TurnpostBot
from bot.service import User
from bot.service.session import is_computer
from tests.discord.conftest import ALICE, BOB, BotFactory
from tests.discord.driver import random_move
from tests.discord.helpers import confirmed
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, deliver, slash


async def open_with_computer(bot: TurnpostBot, game: str = "imhotep", *, hints: bool = True) -> int:
    await deliver(bot, slash(ALICE, "game new", game=game, players=2, hints=hints))
    await deliver(bot, slash(ALICE, "game computer", action="add", level="easy"))
    info = await bot.service.game(CHANNEL_ID)
    assert [s.name for s in info.seats] == ["Alice", "Computer 1 (easy)"]
    await deliver(bot, slash(ALICE, "game start"))
    return info.seats[1].user_id


async def computers_move(bot: TurnpostBot) -> int:
    """One pass of the computer loop, waited for: how many computer moves it played."""
    tasks = await bot.computers.play_due()
    return sum(await asyncio.gather(*tasks))


async def test_a_computer_seat_plays_and_only_people_are_notified(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    bot.computers.pause = 0
    computer = await open_with_computer(bot)
    rng = random.Random(5)
    alice = User(ALICE.id, ALICE.name)
    handed_back = 0
    for _ in range(400):
        info = await bot.service.game(CHANNEL_ID)
        if info.status != "active":
            break
        if computer in info.to_act:
            mark = len(fake.sent)
            assert await computers_move(bot) >= 1
            after = await bot.service.game(CHANNEL_ID)
            posts = fake.public_messages(mark)
            assert posts and all(p.files for p in posts)  # announced with the board
            if after.status == "active" and ALICE.id in after.to_act:
                assert fake.notified(mark) == [ALICE.id]
                handed_back += 1
        else:
            move = await random_move(bot, alice, rng)
            await deliver(bot, slash(ALICE, "play", move=move))
    assert (await bot.service.game(CHANNEL_ID)).status == "finished"
    assert handed_back > 3
    assert all(not is_computer(n.user_id) for n in fake.notifications)
    assert not any(f"<@{computer}>" in s.content for s in fake.sent if isinstance(s.json, dict))


async def test_a_restart_while_the_computer_thinks_plays_its_move_once(
    make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot = await make_bot()
    bot.computers.pause = 0
    computer = await open_with_computer(bot)
    alice = User(ALICE.id, ALICE.name)
    rng = random.Random(2)
    while computer not in (await bot.service.game(CHANNEL_ID)).to_act:
        await deliver(bot, slash(ALICE, "play", move=await random_move(bot, alice, rng)))
    before = await bot.service.game(CHANNEL_ID)
    before_log = (await bot.service.log(CHANNEL_ID)).lines
    # The computer starts thinking; the process stops before its move is saved.
    tasks = await bot.computers.play_due()
    assert tasks
    await bot.close()
    assert all(t.done() for t in tasks)
    bot = await make_bot()
    bot.computers.pause = 0
    assert (await bot.service.game(CHANNEL_ID)).version == before.version
    assert await computers_move(bot) >= 1
    log = await bot.service.log(CHANNEL_ID)
    computer_name = next(s.name for s in before.seats if s.user_id == computer)
    moved = [line for line in log.lines if f"{computer_name}:" in line]
    # An Imhotep turn is one action: the computer moved once since the restart, not twice.
    assert len(moved) == 1 + sum(f"{computer_name}:" in line for line in before_log), log.lines
    # Nothing is left for another pass to play twice.
    assert await computers_move(bot) == 0


async def hint_reply(bot: TurnpostBot, fake: FakeDiscord, *, hints: bool = True) -> str:
    """Alice opens a table with a computer, and asks for a hint on her turn: the one reply."""
    bot.computers.pause = 0
    computer = await open_with_computer(bot, hints=hints)
    if computer in (await bot.service.game(CHANNEL_ID)).to_act:
        await computers_move(bot)
    mark = len(fake.sent)
    await deliver(bot, slash(ALICE, "game hint"))
    replies = [s for s in fake.since(mark) if s.content]
    assert replies and all(s.visible_ephemeral for s in replies)
    assert fake.public_messages(mark) == []
    return replies[-1].content


async def test_a_hint_is_private_to_the_caller(bot: TurnpostBot, fake: FakeDiscord) -> None:
    assert "three best turns" in await hint_reply(bot, fake)


async def test_a_vote_hands_a_players_seat_to_a_computer(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    """Bob left: Alice (the only other voter) votes his seat to a computer; it then plays it."""
    bot.computers.pause = 0
    await deliver(bot, slash(ALICE, "game new", game="imhotep", players=2))
    await deliver(bot, slash(BOB, "game join"))
    await deliver(bot, slash(ALICE, "game start"))
    answer = await confirmed(
        bot, fake, ALICE, slash(ALICE, "game vote", player=BOB, computer="easy")
    )
    assert answer
    seats = (await bot.service.game(CHANNEL_ID)).seats
    bob_seat = next(s for s in seats if s.name == "Computer 1 (easy)")
    assert is_computer(bob_seat.user_id) and all(s.user_id != BOB.id for s in seats)
    alice = User(ALICE.id, ALICE.name)
    rng = random.Random(3)
    for _ in range(6):
        if bob_seat.user_id in (await bot.service.game(CHANNEL_ID)).to_act:
            assert await computers_move(bot) >= 1
        else:
            await deliver(bot, slash(ALICE, "play", move=await random_move(bot, alice, rng)))
    log = await bot.service.log(CHANNEL_ID)
    assert any("Computer 1 (easy):" in line for line in log.lines), log.lines


async def test_a_table_created_without_hints_refuses_them(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    assert "Hints are turned off" in await hint_reply(bot, fake, hints=False)
