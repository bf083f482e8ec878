"""Time banks through the service (#27.3): a time per move plus a bank, drained by slow turns,
filled again at a round's end, paused by quiet hours and time away; when it runs out a computer
takes the seat over (once, whatever the processes) until ``back``, or the table is asked to
vote. Every time comes from the injected clock: nothing sleeps."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

import engines
from bot.clock import charged, runs_out
from bot.reminders import HOUR, Prefs
from bot.service import Service, ServiceError
from bot.storage import ClockRow
from engines.ai.knowledge import knowledge_for
from engines.ai.seats import think
from engines.randomplay import random_action
from engines.rng import Rng
from tests.bot.conftest import ANA, BEN, CHANNEL, GUILD, T0, started_game
from tests.fakes import FakeClock


async def clocks(svc: Service, channel: int = CHANNEL) -> dict[int, ClockRow]:
    info = await svc.game(channel)
    async with svc.db.read():
        return {c.seat: c for c in await svc.db.clocks(info.game_id)}


async def play_any(svc: Service, user: Any, prefer: str = "") -> Any:
    legal = await svc.legal(CHANNEL, user)
    assert legal
    move = next((m for m in legal if m.startswith(prefer)), legal[0]) if prefer else legal[0]
    return await svc.act(CHANNEL, user, move, render=False)


# -- the pure policy ---------------------------------------------------------------------------
def test_quiet_hours_and_time_away_do_not_count_against_a_clock() -> None:
    night = Prefs(22, 7)  # UTC; T0 is a Monday 00:00, inside the night
    assert charged(T0, T0 + 7 * HOUR, night) == 0
    assert charged(T0, T0 + 8 * HOUR, night) == HOUR
    assert runs_out(T0, HOUR, night) == T0 + 8 * HOUR
    away = Prefs(away_until=T0 + 48 * HOUR)
    assert runs_out(T0, 24 * HOUR, away) == T0 + 72 * HOUR
    table_night = Prefs(0, 6)  # the table's quiet hours count as well
    assert runs_out(T0, HOUR, Prefs(), table_night) == T0 + 7 * HOUR
    always = Prefs(0, 12)
    assert runs_out(T0, HOUR, always, Prefs(12, 0)) is None  # never able to play: never out


# -- settings ------------------------------------------------------------------------------------
async def test_a_table_has_no_clock_unless_it_sets_one(service: Service) -> None:
    await started_game(service)
    assert (await service.clock_settings(CHANNEL)).per_move_hours == 0
    assert await clocks(service) == {}
    out = await play_any(service, ANA)
    assert not any("⏱" in line for line in out.lines)


async def test_clock_settings_are_checked_and_only_the_creator_sets_them(
    service: Service,
) -> None:
    await started_game(service)
    before = await clocks(service)
    for bad in (
        {"per_move_hours": -1},
        {"per_move_hours": 24, "bank_hours": 10_000},
        {"per_move_hours": 24, "refill": "daily"},
        {"per_move_hours": 24, "policy": "coinflip"},
        {"per_move_hours": 24, "level": "godlike"},
    ):
        with pytest.raises(ServiceError):
            await service.update_clock(CHANNEL, ANA, **bad)
    with pytest.raises(ServiceError, match="opened this game"):
        await service.update_clock(CHANNEL, BEN, per_move_hours=24)
    assert await clocks(service) == before
    assert (await service.clock_settings(CHANNEL)).per_move_hours == 0


# -- the bank ----------------------------------------------------------------------------------
async def test_a_slow_turn_pays_what_it_took_beyond_the_time_per_move_from_the_bank(
    service: Service, clock: FakeClock
) -> None:
    await started_game(service)
    await service.update_clock(CHANNEL, ANA, per_move_hours=24, bank_hours=72, refill="never")
    ana = (await clocks(service))[0]
    assert ana.started == T0 and ana.due_at == T0 + 96 * HOUR
    clock.advance(30 * HOUR)
    await play_any(service, ANA, "play")
    ana, ben = (await clocks(service))[0], (await clocks(service))[1]
    assert ana.bank == 66 * HOUR and ana.started is None and ana.due_at is None
    assert ben.started == clock.now and ben.due_at == clock.now + 96 * HOUR
    clock.advance(HOUR)
    out = await play_any(service, BEN, "play")
    assert (await clocks(service))[1].bank == 72 * HOUR  # within the time per move: free
    # The table message says whose clock runs and how much is left.
    assert any("Ana" in line and "3 d 18 h" in line for line in out.lines), out.lines


async def test_an_undo_gives_back_the_turn_with_the_time_it_had_used(
    service: Service, clock: FakeClock
) -> None:
    """Taking back the move that ended your turn resumes your clock: the time per move is not
    bought again by moving and undoing, and what the turn paid from the bank stays paid."""
    await started_game(service)
    await service.update_clock(CHANNEL, ANA, per_move_hours=24, bank_hours=72, refill="never")
    clock.advance(20 * HOUR)
    await play_any(service, ANA, "play")
    clock.advance(HOUR)
    await service.undo(CHANNEL, ANA, render=False)
    ana = (await clocks(service))[0]
    assert ana.started == clock.now and ana.used == 20 * HOUR
    assert ana.due_at == clock.now + (4 + 72) * HOUR  # 4 h of the time per move, then the bank
    # Over the time per move: the 6 h the turn paid from the bank stay paid, the turn goes on.
    clock.advance(10 * HOUR)
    await play_any(service, ANA, "play")
    clock.advance(HOUR)
    await service.undo(CHANNEL, ANA, render=False)
    ana = (await clocks(service))[0]
    assert ana.bank == 66 * HOUR and ana.used == 24 * HOUR
    assert ana.due_at == clock.now + 66 * HOUR


async def test_a_rounds_end_fills_every_bank_again(
    service: Service, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    tally = engines.get("tally")
    # The test game has no rounds: here every draw ends one.
    monkeypatch.setattr(tally, "round_end_events", frozenset({"tally.drew"}))
    await started_game(service)
    await service.update_clock(CHANNEL, ANA, per_move_hours=24, bank_hours=72)
    clock.advance(30 * HOUR)
    await play_any(service, ANA, "play")
    assert (await clocks(service))[0].bank == 66 * HOUR
    clock.advance(30 * HOUR)
    await play_any(service, BEN, "draw")  # Ben's slow turn ends a round
    both = await clocks(service)
    assert both[0].bank == 72 * HOUR and both[1].bank == 72 * HOUR


def test_each_game_marks_its_rounds_and_eras_for_the_clock() -> None:
    for game, rounds, eras in (
        ("imhotep", 6, 0),
        ("marco_polo", 4, 0),  # rounds 2-5 begin: four round ends before the last
        ("brass", None, 1),
        ("bombay", None, 0),
    ):
        engine = engines.get(game)
        state = engine.setup(2, engine.meta.validate_options({}), 3)
        rng = Rng(5)
        periods = []
        for _ in range(5000):
            to_act = engine.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            text = random_action(engine, state, seat, rng)
            assert text is not None
            state, events = engine.play(state, seat, text)
            period = engine.clock_period(events)
            if period is not None:
                periods.append(period)
        assert not engine.to_act(state), game
        if rounds is not None:
            assert len(periods) >= rounds - 1, (game, periods)
        assert periods.count("era") == eras, (game, periods)
        assert periods, game


# -- pauses ------------------------------------------------------------------------------------
async def test_quiet_hours_and_time_away_pause_a_running_clock(
    service: Service, clock: FakeClock
) -> None:
    await started_game(service)
    await service.update_user_settings(ANA.id, quiet_start=22, quiet_end=7)
    await service.update_clock(CHANNEL, ANA, per_move_hours=1, bank_hours=0)
    assert (await clocks(service))[0].due_at == T0 + 8 * HOUR  # paused until 07:00, then 1 h
    clock.advance(2 * HOUR)
    info = await service.game(CHANNEL)
    running = list((await clocks(service)).values())
    async with service.db.read():
        row = await service.db.game(info.game_id)
        seats = await service.db.seats(info.game_id)
        assert row is not None
        said = await service.clockbook.lines(row, seats, running, clock.now)
    assert any("paused" in line for line in said), said
    # Away for two days from 02:00: the clock stops from now on; the night so far stays free.
    await service.update_user_settings(ANA.id, away_until=clock.now + 48 * HOUR)
    ana = (await clocks(service))[0]
    assert ana.used == 0
    # Away until Wednesday 02:00, then her night until 07:00, then her hour: 08:00.
    assert ana.due_at == T0 + 2 * 24 * HOUR + 8 * HOUR
    assert await service.claim_clocks(T0 + 9 * HOUR) == []


async def test_a_move_reads_the_tables_settings_once_and_each_part_heeds_them(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A committed move reads the table's settings row once and hands it on (before: the
    clocks, the reminders and the hints flag each read it, up to four times a move): the next
    clock still pauses for the table's quiet hours, the reminder waits for them, and the
    outcome says the table allows no hints."""
    await service.create_lobby(GUILD, CHANNEL, ANA, "tally", seed=7, hints=False)
    await service.join(CHANNEL, BEN)
    await service.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
    await service.update_settings(CHANNEL, ANA, quiet_start=23, quiet_end=8)
    await service.update_clock(CHANNEL, ANA, per_move_hours=1, bank_hours=0)
    reads: list[int] = []
    real = service.db.settings

    async def counted(game_id: int) -> Any:
        reads.append(game_id)
        return await real(game_id)

    with monkeypatch.context() as patched:
        patched.setattr(service.db, "settings", counted)
        out = await play_any(service, ANA)
    assert len(reads) == 1, reads
    assert out.hints is False
    # Ben's turn began at 00:00, in the table's night: his hour runs from 08:00.
    assert (await clocks(service))[1].due_at == T0 + 9 * HOUR
    # His first reminder, due at 00:00 on day 2, waits for the table to wake at 08:00.
    assert await service.due_reminders(T0 + 24 * HOUR + 7 * HOUR) == []
    [due] = await service.due_reminders(T0 + 24 * HOUR + 8 * HOUR)
    assert due.due_at == T0 + 24 * HOUR + 8 * HOUR


# -- running out: a computer takes over ----------------------------------------------------------
class Recording(ThreadPoolExecutor):
    """Runs searches in one thread and remembers what each was asked."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.calls: list[tuple[Any, ...]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.calls.append(args)
        return super().submit(fn, *args, **kwargs)


async def bombay_with_clock(svc: Service, policy: str = "computer") -> int:
    await svc.create_lobby(GUILD, CHANNEL, ANA, "bombay", players=2, seed=5)
    await svc.join(CHANNEL, BEN)
    await svc.update_clock(
        CHANNEL, ANA, per_move_hours=1, bank_hours=1, policy=policy, level="easy"
    )
    await svc.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
    return (await svc.game(CHANNEL)).game_id


async def test_a_computer_takes_over_a_seat_out_of_time_once_and_plays_until_it_is_back(
    service: Service, clock: FakeClock
) -> None:
    recording = Recording()
    service.executor = recording
    game_id = await bombay_with_clock(service)
    assert await service.claim_clocks(T0 + HOUR) == []  # an hour of the bank is left
    clock.advance(2 * HOUR)
    [due] = await service.claim_clocks()
    assert (due.seat, due.user_id, due.policy, due.level) == (0, ANA.id, "computer", "easy")
    out = await service.clock_ran_out(due)
    assert out is not None and "Ana" in out.lines[0] and "/game back" in out.lines[0]
    assert ANA.id not in out.mention  # a computer plays the seat: nobody is pinged
    # Exactly once: acting on the same expiry again, or claiming it again, does nothing.
    assert await service.clock_ran_out(due) is None
    assert await service.claim_clocks() == []
    assert (await clocks(service))[0].standin == "easy"
    async with service.db.read():
        assert [j.kind for j in await service.db.jobs()] == ["computer"]
        assert {r.user_id for r in await service.db.reminders(game_id=game_id)} == set()
    # The computer plays Ana's turn through the normal act path, from Ana's seat only.
    played = await service.computer_turn(game_id, seconds=0.01)
    assert played is not None and played.seat == 0
    game, snapshot, seat, level, seed, seconds = recording.calls[0]
    assert (game, seat, level) == ("bombay", 0, "easy")
    engine = engines.get("bombay")
    state = engine.loads(snapshot)
    unseen = knowledge_for(engine).determinize(state, 0, Rng(123))
    assert (
        think(game, engine.dumps(unseen), 0, level, seed, seconds)[0]
        == think(game, snapshot, 0, level, seed, seconds)[0]
    )
    async with service.db.read():
        log = await service.db.actions(game_id)
    assert log[-1].seat == 0 and log[-1].auto  # logged as played for her, not by her
    while ANA.id in (await service.game(CHANNEL)).to_act:
        await service.computer_turn(game_id, seconds=0.01)
    # Ana comes back: her seat is hers, her clock runs again on her turn (an empty bank).
    back = await service.back(CHANNEL, ANA, render=False)
    assert any("back" in line for line in back.lines)
    assert (await clocks(service))[0].standin == ""
    with pytest.raises(ServiceError) as refused:
        await service.back(CHANNEL, ANA)
    assert refused.value.key == "service.not_taken_over"
    with pytest.raises(ServiceError):
        await service.back(CHANNEL, BEN)
    while BEN.id in (await service.game(CHANNEL)).to_act:
        await play_any(service, BEN)
    ana = (await clocks(service))[0]
    assert ana.started == clock.now and ana.bank == 0 and ana.due_at == clock.now + HOUR
    assert await service.computer_turn(game_id, seconds=0.01) is None  # Ana's turn is hers
    recording.shutdown()


async def test_two_processes_never_take_over_a_seat_twice(
    service: Service, open_service: Callable[..., Any], clock: FakeClock
) -> None:
    other: Service = await open_service()
    try:
        await bombay_with_clock(service)
        clock.advance(3 * HOUR)
        await other.beat()
        await service.beat()
        mine = await service.claim_clocks()
        assert len(mine) == 1
        assert await other.claim_clocks() == []  # held while its holder beats
        # Even when both get to act on it (a lease ran out mid-way), one takeover lands.
        results = [await other.clock_ran_out(mine[0]), await service.clock_ran_out(mine[0])]
        assert sum(r is not None for r in results) == 1
        game_id = (await service.game(CHANNEL)).game_id
        async with service.db.read():
            log = await service.db.actions(game_id)
            jobs = await service.db.jobs("computer")
        assert not any(a.auto for a in log)  # the takeover itself plays nothing
        assert len(jobs) == 1 and jobs[0].game_id == game_id
    finally:
        await other.close()


async def test_a_table_that_votes_is_asked_once_and_the_clock_stops(
    service: Service, clock: FakeClock
) -> None:
    await bombay_with_clock(service, policy="vote")
    clock.advance(3 * HOUR)
    [due] = await service.claim_clocks()
    assert due.policy == "vote"
    assert await service.clock_ran_out(due) is None
    ana = (await clocks(service))[0]
    assert ana.standin == "-" and ana.due_at is None and ana.bank == 0
    assert await service.claim_clocks(clock.now + 100 * HOUR) == []
    assert await service.computer_turn((await service.game(CHANNEL)).game_id) is None
    with pytest.raises(ServiceError):
        await service.back(CHANNEL, ANA)  # nobody stood in: nothing to come back from
    # The other players may skip her turn (the deadline's buttons), or she simply plays on.
    while ANA.id in (await service.game(CHANNEL)).to_act:
        await play_any(service, ANA)
    assert (await clocks(service))[0].standin == ""
