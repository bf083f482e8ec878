"""Issue 10.7: a move committed but never announced (the process died in between) is announced
after restart, exactly once, with a ping of whoever must act now; #22.2: within seconds of the
dead process's last beat (not when its lease runs out), pinging whoever acts when it is posted."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.outbox import drain
from bot.service import OUTBOX_LEASE, OWNER_STALE, MoveOutcome, Service, ServiceError
from tests.bot.conftest import ANA, BEN, CHANNEL, started_game
from tests.fakes import FakeClock


async def kill(svc: Service) -> None:
    """kill -9: the process stops beating and never says goodbye (its claims stay on its rows)."""
    await svc.db.close()


async def _started_and_posted(svc: Service) -> int:
    """A started game whose start message was posted (as an adapter would record it)."""
    info = await started_game(svc)
    await svc.announced(info.game_id, info.version)
    return info.game_id


async def test_a_move_and_its_outbox_row_commit_together(service: Service) -> None:
    game_id = await _started_and_posted(service)
    assert await service.db.outbox() == []
    out = await service.act(CHANNEL, ANA, "draw", render=False)
    (row,) = await service.db.outbox()
    assert (row.game_id, row.version) == (game_id, out.version)
    # Claimed by the mover itself, who is about to post it.
    assert row.claimed_by == service.owner
    await service.announced(game_id, out.version)
    assert await service.db.outbox() == []


async def test_a_refused_move_writes_no_outbox_row(service: Service) -> None:
    await _started_and_posted(service)
    with pytest.raises(ServiceError):
        await service.act(CHANNEL, BEN, "draw", render=False)  # not Ben's turn
    assert await service.db.outbox() == []


async def test_crash_after_commit_the_next_process_announces_it_once(
    service: Service, open_service: Callable[..., Any], clock: FakeClock
) -> None:
    game_id = await _started_and_posted(service)
    out = await service.act(CHANNEL, ANA, "draw", render=False)
    # The process is killed here: the move is saved, its board never posted.
    await kill(service)

    fresh: Service = await open_service()
    try:
        (row,) = await fresh.db.outbox()
        assert row.version == out.version
        calls: list[MoveOutcome] = []

        async def announce(outcome: MoveOutcome) -> None:
            calls.append(outcome)

        # Its last beat is recent: it may still be posting, so nobody announces yet...
        assert await drain(fresh, announce) == 0
        # ...but a few seconds without a beat and it is gone: its lease (a minute) is no reason
        # to wait any longer.
        assert OWNER_STALE + 1 < OUTBOX_LEASE / 5
        clock.advance(OWNER_STALE + 1)
        assert await drain(fresh, announce) == 1
        (late,) = calls
        assert late.game_id == game_id and late.version == out.version
        assert late.mention == (BEN.id,)  # whoever acts now is pinged
        assert late.lines[0] == fresh.text("service.late")
        assert "Ana: draw" in late.lines and "Ana drew a card." in late.lines
        assert await fresh.db.outbox() == []
        # Cleared: a second pass (or a restart) announces nothing again.
        assert await drain(fresh, announce) == 0
        assert len(calls) == 1
    finally:
        await fresh.close()


async def test_two_processes_never_both_announce(
    service: Service, open_service: Callable[..., Any], clock: FakeClock
) -> None:
    await _started_and_posted(service)
    await service.act(CHANNEL, ANA, "draw", render=False)
    await kill(service)  # the mover's process dies
    clock.advance(OWNER_STALE + 1)
    one: Service = await open_service()
    two: Service = await open_service()
    try:
        first = await one.claim_announcements()
        second = await two.claim_announcements()
        assert len(first) == 1 and second == []
    finally:
        await one.close()
        await two.close()


async def test_a_failed_post_is_retried_on_the_next_pass(
    service: Service, clock: FakeClock
) -> None:
    game_id = await _started_and_posted(service)
    await service.act(CHANNEL, ANA, "draw", render=False)
    await service.release_announcement(game_id)  # the mover's own post failed
    tries: list[int] = []

    async def flaky(outcome: MoveOutcome) -> None:
        tries.append(outcome.version)
        if len(tries) == 1:
            raise ConnectionError("channel unreachable")

    assert await drain(service, flaky) == 0
    assert len(await service.db.outbox()) == 1  # released, still owed
    assert await drain(service, flaky) == 1
    assert await service.db.outbox() == []


async def test_several_pending_changes_make_one_announcement(
    service: Service, clock: FakeClock
) -> None:
    await _started_and_posted(service)
    game_id = (await service.act(CHANNEL, ANA, "draw", render=False)).game_id
    await service.act(CHANNEL, BEN, "draw", render=False)
    await service.release_announcement(game_id)  # neither post went out
    (late,) = await service.claim_announcements()
    assert "Ana: draw" in late.lines and "Ben: draw" in late.lines
    assert late.mention == (ANA.id,)
    # Hidden information stays hidden: the drawn cards were only for their drawers.
    assert not any("You drew" in line for line in (*late.lines, *late.recap))


async def test_an_aborted_game_owes_no_announcement(service: Service, clock: FakeClock) -> None:
    await _started_and_posted(service)
    await service.act(CHANNEL, ANA, "draw", render=False)
    await service.abort(CHANNEL, ANA)
    clock.advance(OUTBOX_LEASE + 1)
    assert await service.claim_announcements() == []
    assert await service.db.outbox() == []


async def test_the_mover_is_never_doubled_by_its_own_drain_however_slow_its_post(
    service: Service, clock: FakeClock
) -> None:
    await _started_and_posted(service)
    await service.act(CHANNEL, ANA, "draw", render=False)
    clock.advance(10 * OUTBOX_LEASE)  # the mover's post is very slow (Discord rate limits)
    assert await service.claim_announcements() == []
    # Its post failed: it gives the row back and its own drain announces it.
    await service.release_announcement((await service.db.outbox())[0].game_id)
    (late,) = await service.claim_announcements()
    assert late.mention == (BEN.id,)


async def test_a_process_stopping_cleanly_hands_its_claims_over_at_once(
    service: Service, open_service: Callable[..., Any]
) -> None:
    await _started_and_posted(service)
    out = await service.act(CHANNEL, ANA, "draw", render=False)
    await service.close()  # stopped (SIGTERM) before its post went out
    fresh: Service = await open_service()
    try:
        (late,) = await fresh.claim_announcements()
        assert late.version == out.version
    finally:
        await fresh.close()


async def test_a_live_process_keeps_its_claim_while_it_beats(
    service: Service, open_service: Callable[..., Any], clock: FakeClock
) -> None:
    """Another process's post is slow (rate limits), but it is alive: nobody takes it over
    until its lease runs out, however long it is since its claim."""
    await _started_and_posted(service)
    await service.act(CHANNEL, ANA, "draw", render=False)
    other: Service = await open_service()
    try:
        for _ in range(5):
            clock.advance(OWNER_STALE)
            await service.beat()
            assert await other.claim_announcements() == []
        clock.advance(OUTBOX_LEASE - 5 * OWNER_STALE + 1)
        await service.beat()
        assert len(await other.claim_announcements()) == 1
    finally:
        await other.close()


async def test_a_late_announcement_pings_whoever_acts_when_it_is_posted(
    service: Service, open_service: Callable[..., Any], clock: FakeClock
) -> None:
    """Two games' moves were never posted (the process was killed). While the restarted bot
    posts the first, Ben moves in the second (his own message pings Ana): the second game's late
    message must not ping Ben, who has already moved, in the middle of Ana's turn."""
    await _started_and_posted(service)
    info = await started_game(service, channel=CHANNEL + 1)
    await service.announced(info.game_id, info.version)
    for channel in (CHANNEL, CHANNEL + 1):
        await service.act(channel, ANA, "draw", render=False)
    await kill(service)
    clock.advance(OUTBOX_LEASE + 1)
    fresh: Service = await open_service()
    elsewhere: Service = await open_service()  # another bot process, serving Ben
    posted: list[tuple[MoveOutcome, tuple[int, ...]]] = []

    async def announce(outcome: MoveOutcome) -> None:
        game = await fresh.game(outcome.channel_id)
        posted.append((outcome, tuple(game.to_act)))
        if len(posted) == 1:
            other = CHANNEL + 1 if outcome.channel_id == CHANNEL else CHANNEL
            moved = await elsewhere.act(other, BEN, "draw", render=False)
            assert moved.mention == (ANA.id,)
            await elsewhere.announced(moved.game_id, moved.version)

    try:
        assert await drain(fresh, announce) >= 1
        for outcome, acting_now in posted:
            assert outcome.mention == acting_now
    finally:
        await fresh.close()
        await elsewhere.close()
