"""Time banks through discord.py's real code paths (#27.3): ``/game clock`` sets and shows the
table's clock, the turn message says whose clock runs and how much is left, a reminder says how
much is left, and a clock that ran out at a table that votes asks the table once, with the
deadline's buttons; ``/game back`` is refused to a player nobody stood in for."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from bot.discord_adapter import TurnpostBot
from tests.discord.conftest import ALICE, BOB, FakeClock
from tests.discord.helpers import PLAYERS, board_post, open_table, refusal, send, to_act
from tests.discord.loopback import FakeDiscord, slash

HOUR = 3600.0


async def test_a_tables_clock_is_shown_on_the_turn_message_and_a_vote_is_asked_once(
    bot: TurnpostBot, fake: FakeDiscord, clock: FakeClock
) -> None:
    await open_table(bot, fake)
    (first,) = await to_act(bot)
    second = BOB.id if first == ALICE.id else ALICE.id
    (none,) = await send(bot, fake, slash(BOB, "game clock"))
    assert "no clock" in none.content
    refused = refusal(await send(bot, fake, slash(BOB, "game clock", per_move_hours=24)))
    assert refused.startswith("Only Alice, who opened this game")
    (shown,) = await send(
        bot, fake, slash(ALICE, "game clock", per_move_hours=2, bank_hours=1, refill="never")
    )
    assert not shown.ephemeral
    # Tally has no computer player: its table votes when time runs out.
    assert shown.content.startswith("Clock: 2 h per move, plus a bank of 1 h, filled again never")
    assert "the other players may skip the turn or vote" in shown.content
    clock.advance(HOUR)
    post = board_post(await send(bot, fake, slash(PLAYERS[first], "play", move="draw")))
    caption = post.text
    assert f"⏱ {PLAYERS[second].name}'s clock runs: 3 h 0 min left (bank 1 h 0 min)." in caption
    # Nothing ran out yet; then the second player sleeps past their 3 hours.
    mark = len(fake.notices())
    clock.advance(2 * HOUR)
    await bot.reminders.tick()
    assert fake.notices()[mark:] == []
    clock.advance(2 * HOUR)
    await bot.reminders.tick()
    (vote,) = fake.notices()[mark:]
    assert vote.content.startswith(f"<@{second}>: your time in Tally (test game) has run out.")
    assert vote.notified == [second]
    assert len(vote.custom_ids()) == 2  # skip the turn, vote the player out
    await bot.reminders.tick()
    assert len(fake.notices()[mark:]) == 1  # asked once
    # ``/game back`` is answered privately ("thinking…", then the refusal in its place).
    thinking, refused = await send(bot, fake, slash(PLAYERS[second], "game back"))
    assert thinking.callback_type == 5 and thinking.ephemeral
    assert refused.visible_ephemeral
    assert refused.content == "No computer plays your seat: it is yours already."


async def test_a_clock_preset_at_game_new_starts_the_table_with_a_time_bank(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    (lobby,) = await send(bot, fake, slash(ALICE, "game new", game="tally", clock="24h+3d"))
    assert lobby.callback_type == 4 and not lobby.ephemeral
    (shown,) = await send(bot, fake, slash(BOB, "game clock"))
    assert shown.content.startswith(
        "Clock: 24 h per move, plus a bank of 72 h, filled again every round."
    )
    # Tally has no computer player: its preset votes when time runs out.
    assert "the other players may skip the turn or vote" in shown.content
    # Only the presets are offered, by name in the reader's language.
    new = next(c for c in fake.commands if c["name"] == "game")
    option = next(
        o
        for sub in new["options"]
        if sub["name"] == "new"
        for o in sub["options"]
        if o["name"] == "clock"
    )
    assert [c["value"] for c in option["choices"]] == ["12h+1d", "24h+3d", "48h+7d"]
    assert option["choices"][1]["name"] == "24 h a move + 3 days bank"


async def test_a_computer_takes_over_a_seat_out_of_time_and_game_back_ends_it(
    bot: TurnpostBot, fake: FakeDiscord, clock: FakeClock
) -> None:
    """#27.3 through discord.py: a clock preset, the seat's time runs out, a computer plays it
    (announced like a move, nobody pinged for the seat), then ``/game back`` gives it back."""
    bot.computers.pause = 0
    # The search in this process's threads: a spawned pool's start-up under a loaded machine is
    # not what this test is about.
    bot.service.executor = ThreadPoolExecutor(max_workers=1)
    await send(bot, fake, slash(ALICE, "game new", game="imhotep", players=2, clock="12h+1d"))
    await send(bot, fake, slash(BOB, "game join"))
    (level,) = await send(bot, fake, slash(ALICE, "game clock", level="easy"))
    assert "a computer (easy) plays the seat" in level.content
    await send(bot, fake, slash(ALICE, "game start"))
    (sleeper_id,) = await to_act(bot)
    sleeper = PLAYERS[sleeper_id]
    mark = len(fake.sent)
    clock.advance(37 * HOUR)  # 12 h per move plus the 24 h bank, and then some
    await bot.reminders.tick()
    # Announced like a move: the table message says it (edited in place, as the same seat
    # goes on), and nobody is pinged for the seat a computer now plays.
    shown = [x.text for x in fake.since(mark) if x.kind in ("create", "edit")]
    assert any(
        f"{sleeper.name}'s time ran out: a computer (easy) plays their seat until they are back"
        " (/game back)." in text
        for text in shown
    )
    assert fake.notified(mark) == [sleeper_id]  # the reminder, before: not the takeover
    # The computer pass plays the seat's turn, announced with the board, as the seat's own.
    mark = len(fake.sent)
    tasks = await bot.computers.play_due()
    assert sum([await t for t in tasks]) >= 1
    posts = fake.public_messages(mark)
    assert posts and all(p.files for p in posts)
    assert sleeper_id not in fake.notified(mark)
    # Back: the player plays their own seat again, and the table is told.
    mark = len(fake.sent)
    thinking, *rest = await send(bot, fake, slash(sleeper, "game back"))
    assert thinking.callback_type == 5 and thinking.ephemeral
    assert any(s.content == "You play your own seat again." for s in rest)
    # The table message says so (edited in place: nobody is newly asked to act).
    assert any(
        f"{sleeper.name} is back and plays their own seat again." in s.text
        for s in fake.since(mark)
        if s.kind in ("create", "edit") and not s.ephemeral
    )
    # Nobody stands in any more: a second /game back is refused, and the computer pass has
    # nothing to play for that seat.
    _, refused = await send(bot, fake, slash(sleeper, "game back"))
    assert refused.content == "No computer plays your seat: it is yours already."
    if sleeper_id in await to_act(bot):
        assert await bot.computers.play_due() == []
