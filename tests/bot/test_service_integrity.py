"""The log is the truth: concurrency, crash consistency, restart, replay and export."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest

import engines
from bot.service import MoveOutcome, Service, ServiceError, User, replay
from bot.storage import Storage
from engines.randomplay import random_action
from engines.rng import Rng
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, GUILD, started_game, whose_turn


async def _game_id_unlocked(svc: Service, channel: int) -> int:
    row = await svc.db.latest_game(channel)
    assert row is not None
    return row.id


async def _game_id(svc: Service, channel: int = CHANNEL) -> int:
    return (await svc.game(channel)).game_id


async def _snapshot(svc: Service, channel: int = CHANNEL) -> str | None:
    game_id = await _game_id(svc, channel)
    async with svc.db.read():
        return await svc.db.snapshot(game_id)


async def _check(svc: Service, channel: int = CHANNEL) -> dict[str, Any]:
    export = await svc.record(await _game_id(svc, channel))
    async with svc.db.read():
        rows = await svc.db.actions(await _game_id_unlocked(svc, channel), include_undone=True)
    # Every row ever written, taken back or not, numbered without a gap.
    assert [a.move for a in rows] == list(range(1, len(rows) + 1)), "the log has a gap"
    assert [a["move"] for a in export["actions"]] == [a.move for a in rows if not a.undone]
    snapshot = await _snapshot(svc, channel)
    assert snapshot is not None
    assert replay(export).state == json.loads(snapshot)
    assert await svc.verify(await _game_id(svc, channel))
    return export


async def _attempt(coro: Any) -> MoveOutcome | ServiceError:
    try:
        result: MoveOutcome = await coro
        return result
    except ServiceError as err:
        return err


async def test_twenty_clicks_on_one_board_land_once(service: Service) -> None:
    info = await started_game(service)
    texts = ["play 8", "play 2", "draw"] * 7
    results = await asyncio.gather(
        *(
            _attempt(service.act(CHANNEL, ANA, t, expected_version=info.version, render=False))
            for t in texts[:20]
        )
    )
    landed = [r for r in results if isinstance(r, MoveOutcome)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(landed) == 1 and len(refused) == 19
    assert {e.key for e in refused} == {"service.stale"}
    export = await _check(service)
    assert [a["action"] for a in export["actions"]] == [landed[0].action]


async def test_twenty_simultaneous_moves_land_exactly_when_legal(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL))
    # Everyone hammers moves at once; they are applied one at a time, each checked against the
    # state the previous ones left: only those legal at their turn land.
    attempts = [
        (ANA, "play 8"),
        (BEN, "play 7"),
        (ANA, "play 8"),
        (CAL, "play 9"),
        (BEN, "play 1"),
        (ANA, "play 2"),
        (CAL, "play 5"),
        (ANA, "draw"),
        (BEN, "draw"),
        (CAL, "draw"),
    ] * 2
    results = await asyncio.gather(
        *(_attempt(service.act(CHANNEL, u, t, render=False)) for u, t in attempts)
    )
    landed = [
        (u.name, r.action)
        for (u, _), r in zip(attempts, results, strict=True)
        if isinstance(r, MoveOutcome)
    ]
    export = await _check(service)
    assert [(export["seats"][a["seat"]]["name"], a["action"]) for a in export["actions"]] == landed
    # Replaying the attempts in the same order on the bare engine accepts exactly these.
    engine = engines.get("tally")
    state = engine.setup(3, {"scoring": "high"}, 7)
    expected = []
    for user, text in attempts:
        seat = [ANA, BEN, CAL].index(user)
        if seat not in engine.to_act(state):
            continue
        try:
            state, _ = engine.play(state, seat, text)
        except engines.IllegalAction:
            continue
        expected.append((user.name, text))
    assert landed == expected
    assert len(landed) >= 5


async def test_two_services_on_one_file_never_both_land(
    service: Service, open_service: Callable[..., Any]
) -> None:
    other: Service = await open_service()
    try:
        info = await started_game(service)
        results = await asyncio.gather(
            *(
                _attempt(
                    svc.act(CHANNEL, ANA, "play 8", expected_version=info.version, render=False)
                )
                for svc in (service, other) * 10
            )
        )
        assert sum(isinstance(r, MoveOutcome) for r in results) == 1
        # Without version checks, moves from both processes interleave without gaps.
        for _ in range(6):
            await asyncio.gather(
                *(
                    _attempt(svc.act(CHANNEL, u, "draw", render=False))
                    for svc in (service, other)
                    for u in (ANA, BEN)
                )
            )
        export = await _check(service)
        assert len(export["actions"]) >= 3
        assert await other.record(export_id := await _game_id(other)) == export
        assert await other.export(CHANNEL) == await service.export(game_id=export_id)
        # Each service sees the other's moves (its cache notices the version moved on).
        user = await whose_turn(other)
        legal = await other.legal(CHANNEL, user)
        assert legal
        await service.act(CHANNEL, user, legal[0], render=False)
        assert (await other.game(CHANNEL)).version == (await service.game(CHANNEL)).version
        await other.act(CHANNEL, await whose_turn(other), "draw", render=False)
        await _check(service)
    finally:
        await other.close()


async def test_a_crash_between_log_and_snapshot_leaves_the_game_as_it_was(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started_game(service)
    await service.act(CHANNEL, ANA, "play 8", render=False)
    before = await service.export(CHANNEL)
    before_snapshot = await _snapshot(service)
    before_version = (await service.game(CHANNEL)).version
    reached = []

    async def fail(*args: Any, **kwargs: Any) -> int:
        row = await service.db.backend.one("SELECT COUNT(*) FROM actions")
        reached.append(row[0] if row else None)  # the log row is written at this point
        raise OSError("disk unplugged")

    monkeypatch.setattr(Storage, "write_snapshot", fail)
    with pytest.raises(OSError):
        await service.act(CHANNEL, BEN, "play 7", render=False)
    monkeypatch.undo()
    assert reached == [2]
    assert await service.export(CHANNEL) == before
    assert await _snapshot(service) == before_snapshot
    assert (await service.game(CHANNEL)).version == before_version
    # The service still works, from the state before the failed move.
    assert await service.legal(CHANNEL, BEN) == ["play 1", "play 7", "draw"]
    await service.act(CHANNEL, BEN, "play 7", render=False)
    assert [a["move"] for a in (await _check(service))["actions"]] == [1, 2]


async def test_a_new_service_on_the_same_file_resumes_every_game(
    service: Service, open_service: Callable[..., Any]
) -> None:
    await service.create_lobby(GUILD, 1, ANA, "tally")  # a lobby
    await started_game(service, channel=2)  # fresh
    await started_game(service, (BEN, CAL, ANA), channel=3)
    for _ in range(5):  # mid-game
        user = await whose_turn(service, 3)
        await service.act(3, user, (await service.legal(3, user) or ["draw"])[-1], render=False)
    await started_game(service, channel=4)
    await service.abort(4, ANA)  # aborted
    before = {c: await service.game(c) for c in (1, 2, 3, 4)}
    legal = {c: await service.legal(c, await whose_turn(service, c)) for c in (2, 3)}
    await service.close()

    again: Service = await open_service()
    try:
        for channel, info in before.items():
            assert await again.game(channel) == info
        for channel in (2, 3):
            assert await again.legal(channel, await whose_turn(again, channel)) == legal[channel]
        await again.join(1, BEN)
        while (await again.game(3)).status == "active":
            user = await whose_turn(again, 3)
            options = await again.legal(3, user)
            assert options
            await again.act(3, user, options[0], render=False)
        assert (await again.score_sheet(3)) is not None
        await _check(again, 3)
    finally:
        await again.close()
        # The fixture closes ``service`` again; a closed aiosqlite connection tolerates that.


@pytest.mark.parametrize("game", [e.meta.id for e in engines.all_engines()])
async def test_every_engine_replays_its_stored_log_to_its_snapshot(
    service: Service, game: str
) -> None:
    engine = engines.get(game)
    users = [User(100 + i, f"P{i}") for i in range(engine.meta.min_players)]
    await service.create_lobby(GUILD, CHANNEL, users[0], game, seed=2024)
    for u in users[1:]:
        await service.join(CHANNEL, u)
    await service.start(CHANNEL, users[0], order=[u.id for u in users], render=False)
    rng = Rng(99)
    for _ in range(40):
        info = await service.game(CHANNEL)
        if info.status != "active":
            break
        user = next(u for u in users if u.id == rng.choice(info.to_act))
        seat = info.seat_of(user.id)
        assert seat is not None
        # The service's own cached state is the one the engine walks.
        state = service.session.states[info.game_id][1]
        text = random_action(engine, state, seat, rng)
        assert text is not None
        await service.act(CHANNEL, user, text, render=False)
    export = await _check(service)
    assert export["game"] == game and export["seed"] == 2024
    assert [s["user_id"] for s in export["seats"]] == [u.id for u in users]


async def test_export_replays_to_the_same_result(service: Service) -> None:
    await started_game(service, (ANA, BEN, CAL), options={"scoring": "low"})
    while (await service.game(CHANNEL)).status == "active":
        user = await whose_turn(service)
        await service.act(
            CHANNEL, user, (await service.legal(CHANNEL, user) or [])[0], render=False
        )
    export = await service.export(CHANNEL)
    assert set(export) >= {"game", "options", "seed", "seats", "actions"}
    assert export["options"] == {"scoring": "low"}
    json.dumps(export)  # plain JSON data
    again = replay(json.loads(json.dumps(export)))
    assert again.finished and again.result == export["result"]
    assert again.actions == len(export["actions"])
    # Taken-back moves are not part of the export.
    assert all(isinstance(a["action"], str) for a in export["actions"])


async def test_games_load_lazily_and_survive_cache_eviction(
    service: Service, open_service: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    for channel in (1, 2, 3):
        await started_game(service, channel=channel, seed=channel)
    await service.close()
    monkeypatch.setattr("bot.service.session.STATE_CACHE_SIZE", 2)
    again: Service = await open_service()
    try:
        assert again.session.states == {}  # opening loads no game
        for _ in range(4):
            for channel in (1, 2, 3):
                user = await whose_turn(again, channel)
                options = await again.legal(channel, user)
                assert options
                await again.act(channel, user, options[-1], render=False)
                assert len(again.session.states) <= 2
        for channel in (1, 2, 3):
            await _check(again, channel)
    finally:
        await again.close()


async def test_verify_notices_a_snapshot_that_drifted_from_the_log(service: Service) -> None:
    info = await started_game(service)
    await service.act(CHANNEL, ANA, "play 8", render=False)
    assert await service.verify(info.game_id)
    async with service.db.write():
        await service.db.backend.run(
            "UPDATE games SET snapshot = replace(snapshot, '\"moves\":1', '\"moves\":5')"
        )
    assert not await service.verify(info.game_id)


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_random_table_chaos_keeps_the_log_the_truth(service: Service, seed: int) -> None:
    """Random moves, garbage, undos, votes and out-of-turn clicks from four people: after each
    one the stored snapshot equals a replay of the log, and versions only go up."""
    people = [ANA, BEN, CAL, User(4, "Dee")]
    await started_game(service, tuple(people[:3]), seed=seed)
    rng = Rng(seed)
    version = (await service.game(CHANNEL)).version
    done: dict[str, int] = {}
    for _ in range(80):
        info = await service.game(CHANNEL)
        if info.status != "active":
            break
        who = rng.choice(people)
        roll = rng.below(20)
        kind = ["act"] * 14 + ["undo"] * 3 + ["vote"] * 3
        try:
            if roll < 12 and who.id in info.to_act:
                options = await service.legal(CHANNEL, who)
                await service.act(CHANNEL, who, rng.choice(options or ["draw"]), render=False)
            elif roll < 14:
                garbage = rng.choice(["play 4", "draw", "x", "", "play 99"])
                await service.act(CHANNEL, who, garbage, render=False)
            elif roll < 17:
                await service.undo(CHANNEL, who, render=False)
            elif roll < 19:
                await service.vote_seat(CHANNEL, who, rng.choice(people[:3]).id, render=False)
            else:
                await service.vote_seat(
                    CHANNEL, who, rng.choice(people).id, rng.choice(people), render=False
                )
            done[kind[roll]] = done.get(kind[roll], 0) + 1
        except ServiceError:
            pass
        after = await service.game(CHANNEL)
        assert after.version >= version
        version = after.version
        assert await service.verify(after.game_id)
    await _check(service)
    # Not a vacuous run: moves landed, and undos or votes happened between them.
    assert done.get("act", 0) >= 8 and done.get("undo", 0) + done.get("vote", 0) >= 1


async def test_the_row_a_move_leaves_in_memory_is_the_row_as_stored(service: Service) -> None:
    """The commit builds the game row it wrote instead of reading it back (#14 step 1): what
    autocomplete and the outcome see must be exactly what a read gives, to the last column."""
    await started_game(service)
    for _ in range(3):
        user = await whose_turn(service)
        await service.act(CHANNEL, user, (await service.legal(CHANNEL, user) or [])[0])
        kept = service.session.live[CHANNEL]
        async with service.db.read():
            stored = await service.db.game(kept.id)
        assert kept == stored
