"""Background work as jobs (#25.3), with two services on one database standing for two processes
(both backends): a computer's move is queued in the transaction that made it due, claimed by one
process at a time, taken over within seconds of its holder's death and never applied twice; a
hint asked by a bot process is thought by a worker and read back by the asker; a due reminder is
claimed by one process only."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from bot.service import OWNER_STALE, Service, ServiceError
from bot.service.jobs import RETRY_PAUSE
from tests.bot.conftest import ANA, BEN, CHANNEL, GUILD, started_game
from tests.bot.test_outbox import kill
from tests.fakes import FakeClock

#: Searches in tests think briefly, in a thread (the bot uses a process pool).
QUICK = 0.02


async def computer_due(svc: Service) -> int:
    """A Bombay table of Ana and a computer, played until the computer must act; its game id."""
    svc.executor = ThreadPoolExecutor(max_workers=1)
    await svc.create_lobby(GUILD, CHANNEL, ANA, "bombay", players=2, seed=5)
    info = await svc.add_computer(CHANNEL, ANA, "easy")
    computer = info.seats[1].user_id
    await svc.start(CHANNEL, ANA, order=[ANA.id, computer], render=False)
    info = await svc.game(CHANNEL)
    while computer not in info.to_act:
        legal = await svc.legal(CHANNEL, ANA)
        move = "end" if "end" in legal else legal[0]
        await svc.act(CHANNEL, ANA, move, render=False)
        info = await svc.game(CHANNEL)
    return info.game_id


async def test_the_change_that_makes_a_computer_due_queues_its_job(service: Service) -> None:
    game_id = await computer_due(service)
    info = await service.game(CHANNEL)
    (job,) = await service.db.jobs("computer")
    assert (job.game_id, job.version, job.claimed_until) == (game_id, info.version, 0)


async def test_a_claimed_computer_job_is_left_to_its_live_holder(
    service: Service, open_service: Callable[..., Any]
) -> None:
    await computer_due(service)
    other: Service = await open_service()
    try:
        job = await service.claim_job()
        assert job is not None and job.claimed_by == service.owner
        # The other process finds nothing to do while the holder beats.
        assert await other.claim_job() is None
        done = await service.run_job(job, seconds=QUICK)
        assert done.outcome is not None and done.outcome.version == job.version + 1
    finally:
        await other.close()


async def test_a_killed_holders_job_is_taken_over_within_seconds_and_played_once(
    service: Service, open_service: Callable[..., Any], clock: FakeClock
) -> None:
    await computer_due(service)
    job = await service.claim_job()
    assert job is not None
    # The holder thinks, saves the computer's move, and is killed before it says the job is
    # done: the move must not be played a second time by whoever takes the job over.
    played = await service.computer_turn(job.game_id, seconds=QUICK)
    assert played is not None
    await kill(service)
    other: Service = await open_service()
    other.executor = ThreadPoolExecutor(max_workers=1)
    try:
        assert await other.claim_job() is None  # the holder's last beat is still fresh
        clock.advance(OWNER_STALE + 1)  # ...and now it is not; its lease (a minute) runs on
        taken = await other.claim_job()
        assert taken is not None and taken.id == job.id and taken.claimed_by == other.owner
        done = await other.run_job(taken, seconds=QUICK)
        log = await other.db.actions(job.game_id)
        after = await other.game(CHANNEL)
        if done.outcome is None:
            # The computer owed nothing more: the job went, and nothing was played again.
            assert await other.db.jobs("computer") == []
        else:
            # The computer was due again: it played the next move, from the saved one on.
            assert done.outcome.version == played.version + 1
        assert log[-1].move == len(log) and after.version >= played.version
        # One log row per move number: the saved move was never applied a second time.
        assert len({a.move for a in log}) == len(log)
    finally:
        await other.close()


async def test_a_hint_asked_by_a_bot_process_is_thought_by_a_worker(
    database: str, clock: FakeClock
) -> None:
    bot = await Service.open(database, clock=clock, computers="worker")
    worker = await Service.open(database, clock=clock)
    worker.executor = ThreadPoolExecutor(max_workers=1)
    try:
        await bot.create_lobby(GUILD, CHANNEL, ANA, "bombay", players=2, seed=5)
        await bot.join(CHANNEL, BEN)
        await bot.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
        asked = asyncio.create_task(bot.hint(CHANNEL, ANA))
        job = None
        for _ in range(1000):  # the bot queues it; the worker finds it
            job = await worker.claim_job(("hint",))
            if job is not None:
                break
            await asyncio.sleep(0.01)
        assert job is not None and job.kind == "hint"
        await worker.run_job(job, seconds=QUICK)
        lines = await asked
        assert lines[0] == bot.text("service.hint_head") and len(lines) >= 2
        assert await bot.db.jobs() == []  # read once, then gone
    finally:
        await bot.close()
        await worker.close()


async def test_a_hint_about_a_position_that_moved_on_is_refused_as_stale(
    service: Service, open_service: Callable[..., Any]
) -> None:
    await started_game(service)
    await service.create_lobby(GUILD, CHANNEL + 1, ANA, "bombay", players=2, seed=5)
    await service.join(CHANNEL + 1, BEN)
    await service.start(CHANNEL + 1, ANA, order=[ANA.id, BEN.id], render=False)
    job_id = await service.request_hint(CHANNEL + 1, ANA)
    await service.act(CHANNEL + 1, ANA, "end", render=False)  # Ana moves on meanwhile
    worker: Service = await open_service()
    try:
        job = await worker.claim_job(("hint",))
        assert job is not None and job.id == job_id
        await worker.run_job(job, seconds=QUICK)
        with pytest.raises(ServiceError) as refused:
            await service.hint_result(job_id)
        assert refused.value.key == "service.stale"
    finally:
        await worker.close()


async def test_a_due_reminder_is_claimed_by_one_process_and_taken_over_after_a_kill(
    service: Service, open_service: Callable[..., Any], clock: FakeClock
) -> None:
    await started_game(service)
    clock.advance(25 * 3600)  # Ana's first reminder is due (24 h by default)
    await service.beat()  # alive all along
    other: Service = await open_service()
    try:
        (due,) = await service.claim_reminders()
        assert due.user_ids == (ANA.id,)
        assert await other.claim_reminders() == []  # the live holder is sending it
        await kill(service)  # killed before marking it sent
        clock.advance(OWNER_STALE + 1)
        (again,) = await other.claim_reminders()
        assert (again.game_id, again.due_at, again.kind) == (due.game_id, due.due_at, due.kind)
        await other.mark_reminder_sent(again)
        assert await other.claim_reminders() == []  # sent: never offered again
    finally:
        await other.close()


async def test_a_reminder_given_back_is_offered_again_at_once(
    service: Service, open_service: Callable[..., Any], clock: FakeClock
) -> None:
    await started_game(service)
    clock.advance(25 * 3600)
    other: Service = await open_service()
    try:
        (due,) = await service.claim_reminders()
        await service.release_reminder(due)  # not sent (Discord refused it for now)
        (again,) = await other.claim_reminders()
        assert again == due
    finally:
        await other.close()


async def test_a_workers_computer_move_is_left_to_the_bots_to_announce_at_once(
    database: str, clock: FakeClock
) -> None:
    bot = await Service.open(database, clock=clock, computers="worker")
    worker = await Service.open(database, clock=clock, announces=False)
    try:
        game_id = await computer_due(bot)
        await bot.announced(game_id, (await bot.game(CHANNEL)).version)
        worker.executor = ThreadPoolExecutor(max_workers=1)
        job = await worker.claim_job()
        assert job is not None
        done = await worker.run_job(job, seconds=QUICK)
        assert done.outcome is not None
        # The worker is alive and beating, yet the bot takes the announcement over at once.
        late = await bot.claim_announcement()
        assert late is not None and late.version >= done.outcome.version
    finally:
        await bot.close()
        await worker.close()


async def test_a_job_that_fails_is_tried_again_after_a_pause_not_at_once(
    service: Service, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    await computer_due(service)
    job = await service.claim_job()
    assert job is not None

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in the search")

    monkeypatch.setattr(service.computers, "computer_turn", broken)
    with pytest.raises(RuntimeError):
        await service.run_job(job, seconds=QUICK)
    assert await service.claim_job() is None  # not at once: no pass spent on it again
    clock.advance(RETRY_PAUSE)
    await service.beat()
    again = await service.claim_job()
    assert again is not None and again.id == job.id
