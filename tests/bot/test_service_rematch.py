"""A rematch (#27.5) opens its lobby with every seat in one transaction: a failure while seating
leaves no lobby behind (before, a lobby with its creator alone stayed open)."""

from __future__ import annotations

import pytest

from bot.service import Service, User
from tests.bot.conftest import ANA, BEN, CAL, CHANNEL, started_game, user_by_id


async def finished(service: Service, users: tuple[User, ...]) -> int:
    """A tally game of ``users`` played to its end with the first legal move each turn."""
    info = await started_game(service, users)
    while (now := await service.game(CHANNEL, game_id=info.game_id)).status == "active":
        who = user_by_id(now.to_act[0])
        move = (await service.legal(CHANNEL, who))[0]
        await service.act(CHANNEL, who, move, render=False)
    return info.game_id


async def test_a_rematch_seats_everyone_with_the_lobby(service: Service) -> None:
    game_id = await finished(service, (ANA, BEN, CAL))
    info = await service.rematch(CHANNEL, BEN, game_id)
    assert info.status == "lobby" and info.creator_id == BEN.id
    assert [s.user_id for s in info.seats] == [BEN.id, ANA.id, CAL.id]
    assert [s.seat for s in info.seats] == [0, 1, 2]


async def test_a_failure_while_seating_a_rematch_leaves_no_lobby(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await finished(service, (ANA, BEN))
    calls: list[int] = []
    real = service.db.set_seats

    async def broken(game: int, seats: list[object]) -> None:
        calls.append(len(seats))
        if len(seats) > 1:
            raise RuntimeError("the process died while seating")
        await real(game, seats)  # type: ignore[arg-type]

    with monkeypatch.context() as patched:
        patched.setattr(service.db, "set_seats", broken)
        with pytest.raises(RuntimeError):
            await service.rematch(CHANNEL, ANA, game_id)
    assert calls == [2]  # one seating of both players, not the creator first
    # Nothing was left open: the channel's latest game is still the finished one, and the
    # rematch can be asked again.
    assert (await service.game(CHANNEL)).game_id == game_id
    again = await service.rematch(CHANNEL, ANA, game_id)
    assert [s.user_id for s in again.seats] == [ANA.id, BEN.id]
