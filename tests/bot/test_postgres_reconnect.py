"""#25.6: PostgreSQL goes away in the middle of play (a restart, an operator's kill) and the
service carries on by itself: its connection is made again, a move whose transaction broke before
its commit is run again whole, and no acknowledged move is lost.

The shared server cannot be restarted under the other tests, so the server is made to end this
test's own connections (``pg_terminate_backend``, found by an application name of the test's
own), which is what a client sees of a restart: its connection shut by the server."""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.service import Service
from bot.storage import CommitUncertain, ConnectionLost, Storage, postgres
from bot.storage.postgres import PostgresBackend, scratch_schema
from tests.bot.conftest import ANA, BEN, CHANNEL, started_game, whose_turn
from tests.conftest import PG_ENV
from tests.fakes import FakeClock


@pytest.fixture
async def url() -> AsyncIterator[str]:
    """A schema of this test's own, opened under an application name of its own."""
    server = os.environ.get(PG_ENV, "")
    if not server:
        pytest.skip(f"PostgreSQL: set {PG_ENV}=postgresql://USER@HOST:PORT/DB to run these too")
    async with scratch_schema(server, prefix="test_reconnect") as schema:
        yield f"{schema}&application_name=turnpost_{secrets.token_hex(6)}"


async def _kill_connections(url: str) -> int:
    """End every server connection opened with ``url``'s application name; how many."""
    name = url.rpartition("application_name=")[2]
    admin = await asyncpg.connect(url.partition("?")[0])
    try:
        ended = await admin.fetch(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
            name,
        )
    finally:
        await admin.close()
    return len(ended)


async def _log(svc: Service) -> list[str]:
    """The texts of the channel's game's log, in order (read afresh from the database)."""
    info = await svc.game(CHANNEL)
    async with svc.db.read():
        rows = await svc.db.actions(info.game_id)
    return [r.action for r in rows]


async def test_moves_go_on_after_the_server_ends_the_connection(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A restart leaves the connection idle for seconds; here the next move comes at once.
    monkeypatch.setattr(postgres, "PING_AFTER_IDLE_S", 0.0)
    svc = await Service.open(url, clock=FakeClock(1_767_571_200.0))
    try:
        await started_game(svc, (ANA, BEN))
        acknowledged: list[str] = []
        for round_ in range(6):
            for _ in range(2):
                who = await whose_turn(svc)
                move = (await svc.legal(CHANNEL, who) or [])[0]
                out = await svc.act(CHANNEL, who, move, render=False)
                acknowledged.append(out.action)
            # Between moves, as between a restart's stop and start: the next move finds its
            # connection gone, connects again and is played.
            assert await _kill_connections(url) >= 1, round_
        assert (await _log(svc))[-len(acknowledged) :] == acknowledged
        info = await svc.game(CHANNEL)
        assert await svc.archive.verify(info.game_id)  # the snapshot equals a replay of the log
    finally:
        await svc.close()


async def test_a_transaction_broken_before_its_commit_wrote_nothing_and_the_next_one_works(
    url: str,
) -> None:
    storage = await Storage.open(url)
    try:
        async with storage.write():
            await storage.put_bot_state("kept", "1")
        with pytest.raises(ConnectionLost):
            async with storage.write():
                await storage.put_bot_state("lost", "1")
                await _kill_connections(url)
                await storage.put_bot_state("after", "1")
        async with storage.read():  # connects again by itself
            assert await storage.bot_state("kept") == "1"
            assert await storage.bot_state("lost") is None  # rolled back by the server
    finally:
        await storage.close()


async def test_a_commit_that_broke_is_reported_uncertain_never_retried(url: str) -> None:
    """The server ends the connection as the COMMIT goes out: the backend cannot know whether
    it was written, says so (``CommitUncertain``) and does not run the transaction again."""
    storage = await Storage.open(url)
    backend = storage.backend
    assert isinstance(backend, PostgresBackend)
    runs = 0
    original = backend._to_end

    async def commit_after_kill(sql: str) -> None:
        if sql == "COMMIT":
            await _kill_connections(url)
        await original(sql)

    try:
        backend._to_end = commit_after_kill  # type: ignore[method-assign]
        with pytest.raises(CommitUncertain):
            async with storage.write():
                runs += 1
                await storage.put_bot_state("maybe", "1")
        backend._to_end = original  # type: ignore[method-assign]
        assert runs == 1
        async with storage.read():
            assert await storage.bot_state("maybe") is None  # ended before its commit ran
    finally:
        await storage.close()


async def test_a_move_whose_transaction_broke_is_played_again_whole_and_once(url: str) -> None:
    """The connection is ended right after the move's BEGIN: the server rolls the transaction
    back, ``act`` runs it again on a new connection, and the log holds the move once."""
    svc = await Service.open(url, clock=FakeClock(1_767_571_200.0))
    backend = svc.db.backend
    assert isinstance(backend, PostgresBackend)
    original = backend._to_end
    begins = 0

    async def begin_then_kill(sql: str) -> None:
        nonlocal begins
        await original(sql)
        if sql == "BEGIN":
            begins += 1
            if begins == 1:
                await _kill_connections(url)

    try:
        await started_game(svc, (ANA, BEN))
        before = await _log(svc)
        who = await whose_turn(svc)
        move = (await svc.legal(CHANNEL, who) or [])[0]
        backend._to_end = begin_then_kill  # type: ignore[method-assign]
        out = await svc.act(CHANNEL, who, move, render=False)
        backend._to_end = original  # type: ignore[method-assign]
        assert begins >= 2  # the first transaction broke and was run again
        assert await _log(svc) == [*before, out.action]
        assert await svc.archive.verify((await svc.game(CHANNEL)).game_id)
    finally:
        await svc.close()
