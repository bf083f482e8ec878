"""Computer seats through the service (#15.4, #15.5): seated in the lobby, playing whole games,
never pinged or reminded, never acting twice, handed to a person; hints on one's own turn."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from bot.service import Service, ServiceError, User
from bot.service.session import computer_level, is_computer
from engines.rng import Rng
from tests.bot.conftest import ANA, BEN, CHANNEL, GUILD

#: Searches in tests think briefly, in a thread (the bot uses a process pool).
QUICK = 0.02


@pytest.fixture
def threads(service: Service) -> Service:
    service.executor = ThreadPoolExecutor(max_workers=1)
    return service


async def until_a_person_must_act(svc: Service, computer: int) -> None:
    """Let the computer play while it is its turn."""
    info = await svc.game(CHANNEL)
    while computer in info.to_act:
        await svc.computer_turn(info.game_id, seconds=QUICK)
        info = await svc.game(CHANNEL)


async def bombay_with_computer(svc: Service, level: str = "normal", *, hints: bool = True) -> int:
    await svc.create_lobby(GUILD, CHANNEL, ANA, "bombay", players=2, seed=5, hints=hints)
    info = await svc.add_computer(CHANNEL, ANA, level)
    computer = info.seats[1]
    assert is_computer(computer.user_id) and computer_level(computer.user_id) == level
    assert computer.name == f"Computer 1 ({level})"
    await svc.start(CHANNEL, ANA, order=[ANA.id, computer.user_id], render=False)
    return computer.user_id


async def test_a_computer_seat_plays_a_whole_game_and_is_never_pinged(threads: Service) -> None:
    svc = threads
    computer = await bombay_with_computer(svc)
    rng = Rng(3)
    moves = {"person": 0, "computer": 0}
    for _ in range(2000):
        info = await svc.game(CHANNEL)
        if info.status != "active":
            break
        if computer in info.to_act:
            out = await svc.computer_turn(info.game_id, seconds=QUICK)
            assert out is not None
            moves["computer"] += 1
        else:
            legal = await svc.legal(CHANNEL, ANA)
            assert legal
            out = await svc.act(CHANNEL, ANA, rng.choice(legal), render=False)
            moves["person"] += 1
        assert all(not is_computer(u) for u in out.mention)
        reminded = {r.user_id for r in await svc.db.reminders(game_id=info.game_id)}
        assert all(not is_computer(u) for u in reminded)
    assert (await svc.game(CHANNEL)).status == "finished"
    assert moves["computer"] > 10 and moves["person"] > 10


async def test_a_strong_computer_is_seated_like_any_other_and_thinks_in_the_pool(
    threads: Service,
) -> None:
    """#24.5: ``strong`` is a level of the lobby (its name says so); its searches run in the
    executor (two at once, merged) and it plays its turns."""
    svc = threads
    computer = await bombay_with_computer(svc, "strong")
    info = await svc.game(CHANNEL)
    while computer not in info.to_act:  # Ana's first turn: 'end' as soon as it is legal
        legal = await svc.legal(CHANNEL, ANA)
        await svc.act(CHANNEL, ANA, "end" if "end" in legal else legal[0], render=False)
        info = await svc.game(CHANNEL)
    version = info.version
    await until_a_person_must_act(svc, computer)
    after = await svc.game(CHANNEL)
    assert computer not in after.to_act and after.version > version
    assert (await svc.computer_for(CHANNEL, "strong")).name == "Computer 2 (strong)"


class SameMoment(ThreadPoolExecutor):
    """A one-thread executor whose every task first waits at ``barrier``: two services given
    one barrier start thinking only when both have read the position."""

    def __init__(self, barrier: threading.Barrier) -> None:
        super().__init__(max_workers=1)
        self.barrier = barrier

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def after_barrier() -> Any:
            self.barrier.wait()
            return fn(*args, **kwargs)

        return super().submit(after_barrier)


async def test_a_computer_never_acts_twice_for_one_turn(
    threads: Service, open_service: Callable[..., Any]
) -> None:
    """Two processes (two services on one file) think about the same turn: one move lands."""
    svc = threads
    computer = await bombay_with_computer(svc)
    info = await svc.game(CHANNEL)
    if computer not in info.to_act:
        legal = await svc.legal(CHANNEL, ANA) or []
        await svc.act(CHANNEL, ANA, legal[0], render=False)
        while computer not in (await svc.game(CHANNEL)).to_act:
            legal = await svc.legal(CHANNEL, ANA) or []
            await svc.act(CHANNEL, ANA, legal[0], render=False)
    other = await open_service()
    # Both think about the same position: neither search starts until both have read the game
    # (a Bombay turn is several commands, so a process that read the game only after the other
    # had played would rightly play the turn's next command, which is not what this checks).
    both_read = threading.Barrier(2, timeout=60)
    svc.executor = SameMoment(both_read)
    other.executor = SameMoment(both_read)
    try:
        game_id = (await svc.game(CHANNEL)).game_id
        before = (await svc.game(CHANNEL)).version
        results = await asyncio.gather(
            svc.computer_turn(game_id, seconds=QUICK), other.computer_turn(game_id, seconds=QUICK)
        )
        assert sum(r is not None for r in results) == 1
        log = await svc.log(CHANNEL)
        assert (await svc.game(CHANNEL)).version == before + 1
        assert len(log.lines) >= 1
    finally:
        await other.close()


async def test_no_computer_acts_when_a_person_must(threads: Service) -> None:
    svc = threads
    computer = await bombay_with_computer(svc)
    await until_a_person_must_act(svc, computer)
    info = await svc.game(CHANNEL)
    assert await svc.computer_turn(info.game_id, seconds=QUICK) is None
    assert (await svc.game(CHANNEL)).version == info.version


async def test_only_the_creator_adds_or_removes_computers_and_levels_are_checked(
    service: Service,
) -> None:
    await service.create_lobby(GUILD, CHANNEL, ANA, "bombay", players=3)
    await service.join(CHANNEL, BEN)
    with pytest.raises(ServiceError) as err:
        await service.add_computer(CHANNEL, BEN, "normal")
    assert err.value.key == "service.creator_only"
    with pytest.raises(ServiceError) as err:
        await service.add_computer(CHANNEL, ANA, "genius")
    assert err.value.key == "service.computer_bad_level"
    info = await service.add_computer(CHANNEL, ANA, "easy")
    assert [s.name for s in info.seats] == ["Ana", "Ben", "Computer 1 (easy)"]
    with pytest.raises(ServiceError) as err:
        await service.add_computer(CHANNEL, ANA, "easy")
    assert err.value.key == "service.lobby_full"
    info = await service.remove_computer(CHANNEL, ANA)
    assert [s.name for s in info.seats] == ["Ana", "Ben"]
    with pytest.raises(ServiceError) as err:
        await service.remove_computer(CHANNEL, ANA)
    assert err.value.key == "service.no_computer"


async def test_computers_do_not_vote_nor_count_as_voters(threads: Service) -> None:
    """With Ana, Ben and a computer, Ana alone is a majority of the other seats that vote."""
    svc = threads
    await svc.create_lobby(GUILD, CHANNEL, ANA, "bombay", players=3, seed=2)
    await svc.join(CHANNEL, BEN)
    info = await svc.add_computer(CHANNEL, ANA, "easy")
    computer = info.seats[2].user_id
    await svc.start(CHANNEL, ANA, order=[ANA.id, BEN.id, computer], render=False)
    vote = await svc.vote_seat(CHANNEL, ANA, BEN.id)
    assert vote.done and vote.needed == 1


async def test_a_seat_can_be_voted_to_a_computer_and_the_creator_hands_it_to_a_person(
    threads: Service,
) -> None:
    svc = threads
    cal = User(3, "Cal")
    await svc.create_lobby(GUILD, CHANNEL, ANA, "bombay", players=2, seed=4)
    await svc.join(CHANNEL, BEN)
    await svc.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
    replacement = await svc.computer_for(CHANNEL, "normal")
    vote = await svc.vote_seat(CHANNEL, ANA, BEN.id, replacement)
    assert vote.done
    seats = (await svc.game(CHANNEL)).seats
    assert seats[1].user_id == replacement.id and seats[1].name == "Computer 1 (normal)"
    out = await svc.computer_seat_to_person(CHANNEL, ANA, replacement.id, cal)
    seats = (await svc.game(CHANNEL)).seats
    assert seats[1].user_id == cal.id
    assert out.lines[0] == "Cal takes over Computer 1 (normal)'s seat."


async def test_a_hint_is_up_to_three_whole_turns_legal_as_a_whole_for_ones_own_turn_only(
    threads: Service,
) -> None:
    """#24.6: each line of a hint is a whole turn (its commands joined by arrows), legal in
    order from the position, with its expected lead over the best rival."""
    svc = threads
    computer = await bombay_with_computer(svc)
    await until_a_person_must_act(svc, computer)
    lines = await svc.hint(CHANNEL, ANA, seconds=QUICK)
    assert lines[0].startswith("The computer's three best turns")
    assert 2 <= len(lines) <= 4
    g = await svc.session.load(CHANNEL, None, live=True)
    seat = g.engine.to_act(g.state)[0]
    for line in lines[1:]:
        turn, _, said = line.split(". ", 1)[1].partition(" — ")
        assert said.startswith("expected lead over the best rival: ")
        state = g.state
        for command in turn.split(" → "):
            assert seat in g.engine.to_act(state), line
            state, _ = g.engine.play(state, seat, command)
    with pytest.raises(ServiceError) as err:
        await svc.hint(CHANNEL, BEN, seconds=QUICK)
    assert err.value.key == "service.not_seated"


async def test_a_competitive_table_has_no_hints(threads: Service) -> None:
    svc = threads
    computer = await bombay_with_computer(svc, hints=False)
    await until_a_person_must_act(svc, computer)
    with pytest.raises(ServiceError) as err:
        await svc.hint(CHANNEL, ANA, seconds=QUICK)
    assert err.value.key == "service.hints_off"


async def test_the_thinking_runs_in_a_worker_process(service: Service) -> None:
    """The real pool: a computer's move is computed in another process from the snapshot."""
    computer = await bombay_with_computer(service, "easy")
    info = await service.game(CHANNEL)
    while computer not in info.to_act:
        legal = await service.legal(CHANNEL, ANA) or []
        await service.act(CHANNEL, ANA, legal[0], render=False)
        info = await service.game(CHANNEL)
    out = await service.computer_turn(info.game_id, seconds=QUICK)
    assert out is not None and out.seat == 1
