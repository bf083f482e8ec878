"""The storage's guarantees, checked on every backend (the ``database`` fixture: SQLite always,
PostgreSQL when TURNPOST_TEST_DATABASE_URL is set): migrations, one live game per channel, a move
as one transaction checking the game's version, the log's numbering, the outbox's claims, settings
and schedules written over, votes, and copying a game."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.storage import (
    SCHEMA_VERSION,
    Conflict,
    ReminderRow,
    SeatRow,
    SettingsRow,
    Storage,
    UserRow,
)


@pytest.fixture
async def db(database: str) -> AsyncIterator[Storage]:
    storage = await Storage.open(database)
    yield storage
    await storage.close()


async def _lobby(db: Storage, channel: int = 5, *, creator: int = 10**17 + 1) -> int:
    async with db.write():
        game_id = await db.insert_game(
            guild_id=10**17,
            channel_id=channel,
            engine="tally",
            options={"scoring": "high"},
            seed=2**61,
            creator_id=creator,
            players=None,
            now=1_767_571_200.5,
        )
        await db.set_seats(game_id, [SeatRow(0, creator, "Ana"), SeatRow(1, -1, "Computer")])
    return game_id


async def test_a_new_database_is_migrated_once_to_the_latest_version(database: str) -> None:
    for _ in range(2):
        db = await Storage.open(database)
        try:
            assert await db.schema_version() == SCHEMA_VERSION
        finally:
            await db.close()


async def test_a_game_reads_back_as_written_with_64_bit_ids(db: Storage) -> None:
    game_id = await _lobby(db)
    async with db.read():
        game = await db.live_game(5)
        seats = await db.seats(game_id)
        assert await db.count_games() == 1
    assert game is not None and game.id == game_id
    assert (game.guild_id, game.creator_id, game.seed) == (10**17, 10**17 + 1, 2**61)
    assert game.options == {"scoring": "high"} and game.status == "lobby" and game.version == 0
    assert seats == [SeatRow(0, 10**17 + 1, "Ana"), SeatRow(1, -1, "Computer")]


async def test_a_channel_has_one_live_game(db: Storage) -> None:
    await _lobby(db)
    with pytest.raises(Conflict):
        await _lobby(db)
    async with db.write():
        await db.set_status(1, "finished", 2.0)
    await _lobby(db)  # the finished game no longer counts
    async with db.read():
        latest = await db.latest_game(5)
    assert latest is not None and latest.status == "lobby"


async def test_a_move_lands_only_on_the_version_it_was_made_from(db: Storage) -> None:
    game_id = await _lobby(db)
    snapshot = {"snapshot": '{"x":1}', "status": "active", "to_act": [1], "round_info": ""}
    async with db.write():
        await db.append_action(
            game_id,
            move=1,
            seat=0,
            action="draw",
            events=[{"key": "k"}],
            reveals=True,
            auto=False,
            now=3.0,
            mark={"site": "a"},
        )
        version = await db.write_snapshot(
            game_id, expected_version=0, result=None, now=3.0, **snapshot
        )
    assert version == 1
    with pytest.raises(RuntimeError):
        async with db.write():
            await db.append_action(
                game_id,
                move=2,
                seat=1,
                action="draw",
                events=[],
                reveals=False,
                auto=True,
                now=4.0,
            )
            await db.write_snapshot(game_id, expected_version=0, result=None, now=4.0, **snapshot)
    async with db.read():
        # The refused move left nothing behind: its log row was rolled back with it.
        log = await db.actions(game_id)
        assert [(a.move, a.action, a.events) for a in log] == [(1, "draw", [{"key": "k"}])]
        assert await db.version(game_id) == 1 and await db.next_move(game_id) == 2
        assert await db.recent_marks(game_id) == [(0, False, {"site": "a"})]
    with pytest.raises(Conflict):
        async with db.write():
            await db.append_action(
                game_id, move=1, seat=0, action="x", events=[], reveals=False, auto=False, now=5
            )


async def test_two_connections_never_both_move_one_game_on(database: str) -> None:
    first = await Storage.open(database)
    second = await Storage.open(database)
    try:
        game_id = await _lobby(first)

        async def move(db: Storage) -> bool:
            try:
                async with db.write():
                    version = await db.version(game_id)
                    assert version is not None
                    await asyncio.sleep(0.05)  # both have read the version before either writes
                    await db.write_snapshot(
                        game_id,
                        expected_version=version,
                        snapshot=None,
                        status="active",
                        to_act=[0],
                        round_info="",
                        result=None,
                        now=1.0,
                    )
            except RuntimeError:
                return False
            return True

        landed = await asyncio.gather(move(first), move(second))
        async with first.read():
            assert await first.version(game_id) == sum(landed) == 2
    finally:
        await first.close()
        await second.close()


async def test_the_outbox_is_claimed_by_one_live_process_at_a_time(db: Storage) -> None:
    game_id = await _lobby(db)
    async with db.write():
        await db.beat("a", 100.0)
        row_id = await db.add_outbox(
            game_id,
            version=1,
            first_move=1,
            head=["late"],
            now=100.0,
            owner="a",
            lease_until=160.0,
        )
        assert row_id > 0
        assert not await db.claim_outbox(
            game_id, owner="b", now=101.0, until=161.0, alive_after=95.0
        )
        # "a" stopped beating: its lease is no reason to wait.
        assert await db.claim_outbox(game_id, owner="b", now=120.0, until=180.0, alive_after=112.0)
        (row,) = await db.outbox(game_id)
        assert (row.claimed_by, row.head, row.damaged) == ("b", ["late"], False)
        await db.release_outbox(game_id, "b")
        await db.forget_process("a")
        assert await db.clear_outbox(game_id, 1) == 1
        assert await db.outbox() == []


async def test_settings_and_schedules_are_written_over(db: Storage) -> None:
    game_id = await _lobby(db)
    async with db.write():
        await db.put_settings(game_id, SettingsRow(3600.0, 7200.0, 3, 0.0))
        await db.put_settings(
            game_id, SettingsRow(60.0, 120.0, 1, 5.0, hints=False, time_zone="Asia/Tokyo")
        )
        await db.put_user(UserRow(10**17 + 1, 22, 7))
        await db.put_user(UserRow(10**17 + 1, 23, 8, time_zone="Europe/Madrid"))
        await db.put_bot_state("sync", "one")
        await db.put_bot_state("sync", "two")
        await db.set_status(game_id, "active", 1.0)
        due = ReminderRow(game_id, 10**17 + 1, "reminder", 0.0, 50.0, 0, None)
        await db.put_reminder(due)
        await db.put_reminder(due)
    async with db.write():
        assert await db.settings(game_id) == SettingsRow(
            60.0, 120.0, 1, 5.0, hints=False, time_zone="Asia/Tokyo"
        )
        assert await db.user(10**17 + 1) == UserRow(10**17 + 1, 23, 8, time_zone="Europe/Madrid")
        assert await db.bot_state("sync") == "two"
        assert await db.due(49.0) == []
        assert await db.due(50.0) == [(due, 5)]
        assert await db.mark_sent(due, next_due=None, now=51.0)
        assert not await db.mark_sent(due, next_due=None, now=52.0)  # once only
        await db.delete_reminders(game_id, [10**17 + 1])
        assert await db.reminders(game_id=game_id) == []


async def test_votes_are_counted_once_per_voter(db: Storage) -> None:
    game_id = await _lobby(db)
    async with db.write():
        await db.add_vote(game_id, "remove", 1, 7, now=1.0)
        await db.add_vote(game_id, "remove", 1, 7, replacement_id=9, replacement_name="Zed", now=2)
        await db.add_vote(game_id, "abort", 0, 8, now=3.0)
        assert await db.votes(game_id, "remove", 1) == [(7, 9, "Zed")]
        assert await db.vote_questions(game_id) == [("abort", 0), ("remove", 1)]
        await db.clear_votes(game_id, "remove")
        assert await db.vote_questions(game_id) == [("abort", 0)]


async def test_a_game_is_copied_whole(db: Storage) -> None:
    game_id = await _lobby(db)
    async with db.write():
        await db.append_action(
            game_id,
            move=1,
            seat=0,
            action="draw",
            events=[],
            reveals=False,
            auto=False,
            now=1.0,
            mark=[1],
        )
        await db.set_status(game_id, "finished", 2.0)
        assert await db.first_game("finished") == game_id
        copy = await db.copy_game(game_id, channel_id=6, user_offset=100)
        assert [s.user_id for s in await db.seats(copy)] == [10**17 + 101, 99]
        assert [a.action for a in await db.actions(copy)] == ["draw"]
        assert await db.recent_marks(copy) == [(0, False, [1])]
