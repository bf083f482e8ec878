"""Ratings (#27.1): openskill's Plackett-Luce per game, per server and across servers, moved once
by each finished game, from its final result only, and rebuilt from stored results alike."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from bot.service import Service, User
from bot.service.ratings import GLOBAL, placings, rerate
from bot.service.session import computer_id
from bot.storage import RatingRow, SeatRow, Storage
from tests.bot.conftest import ANA, BEN, CAL, DEE, GUILD
from tests.bot.test_game_locks import _waiting_for_a_lock as waiting_for_a_lock

OTHER_GUILD = 20


async def play_out(svc: Service, channel: int) -> dict[str, Any]:
    """Play the channel's tally game to its end with the first legal move; its stored result."""
    while True:
        info = await svc.game(channel)
        if info.status != "active":
            break
        user = next(u for u in (ANA, BEN, CAL, DEE) if u.id in info.to_act)
        await svc.act(channel, user, (await svc.legal(channel, user))[0])
    async with svc.db.read():
        row = await svc.db.game(info.game_id)
    assert row is not None and row.status == "finished" and row.result is not None
    return row.result


async def open_game(
    svc: Service, channel: int, users: tuple[User, ...], *, guild: int = GUILD, seed: int = 7
) -> None:
    await svc.create_lobby(guild, channel, users[0], "tally", seed=seed)
    for u in users[1:]:
        await svc.join(channel, u)
    await svc.start(channel, users[0], order=[u.id for u in users], render=False)


async def every_rating(svc: Service) -> list[RatingRow]:
    async with svc.db.read():
        return await svc.db.all_ratings()


def by_player(rows: list[RatingRow], guild: int) -> dict[str, RatingRow]:
    return {r.player: r for r in rows if r.guild_id == guild and r.engine == "tally"}


def test_places_come_from_the_ranking_with_ties_and_voted_out_seats_left_out() -> None:
    seats = [
        SeatRow(0, 1, "Ana"),
        SeatRow(1, 2, "Ben", removed=True),
        SeatRow(2, computer_id("normal", 1), "Computer 1 (normal)"),
        SeatRow(3, 4, "Dee"),
    ]
    placed = placings(seats, {"ranking": [[2, 0], [1], [3]]})
    assert [(p.player, p.place) for p in placed] == [
        ("computer:normal", 1),
        ("user:1", 1),
        ("user:4", 3),
    ]


def test_tied_players_with_equal_ratings_move_alike_and_the_last_loses() -> None:
    seats = [SeatRow(0, 1, "Ana"), SeatRow(1, 2, "Ben"), SeatRow(2, 3, "Cal")]
    placed = placings(seats, {"ranking": [[0, 1], [2]]})
    start = {p.player: RatingRow("tally", 0, p.player, 25.0, 25 / 3, 0, 0) for p in placed}
    after = rerate(placed, start)
    assert after["user:1"].mu == after["user:2"].mu > 25.0 > after["user:3"].mu
    assert (after["user:1"].wins, after["user:3"].wins) == (1, 0)
    assert all(r.games == 1 and r.sigma < 25 / 3 for r in after.values())


async def test_a_finished_game_is_rated_on_its_server_and_across_servers(service: Service) -> None:
    await open_game(service, 100, (ANA, BEN))
    result = await play_out(service, 100)
    winner, loser = (f"user:{[ANA, BEN][g[0]].id}" for g in result["ranking"])
    rows = await every_rating(service)
    for guild in (GUILD, GLOBAL):
        mine = by_player(rows, guild)
        assert set(mine) == {winner, loser}
        assert mine[winner].mu > 25.0 > mine[loser].mu
        assert (mine[winner].games, mine[winner].wins, mine[loser].wins) == (1, 1, 0)
    # Another server's game moves the global rating and that server's, not ours.
    await open_game(service, 200, (ANA, BEN), guild=OTHER_GUILD, seed=8)
    await play_out(service, 200)
    rows = await every_rating(service)
    assert by_player(rows, GUILD)[winner].games == 1
    assert by_player(rows, OTHER_GUILD)[winner].games == 1
    assert by_player(rows, GLOBAL)[winner].games == 2


async def test_rating_a_game_again_changes_nothing(service: Service) -> None:
    await open_game(service, 100, (ANA, BEN, CAL))
    await play_out(service, 100)
    before = await every_rating(service)
    async with service.db.write():
        game_id = await service.db.first_game("finished")
        assert game_id is not None
        row = await service.db.game(game_id)
        assert row is not None
        again = await service.ratings.rate(row, await service.db.seats(game_id), 0.0)
    assert again is False
    assert await every_rating(service) == before


async def test_an_aborted_game_is_not_rated(service: Service) -> None:
    await open_game(service, 100, (ANA, BEN))
    await service.act(100, ANA, (await service.legal(100, ANA))[0])
    await service.abort(100, ANA)
    if (await service.game(100)).status == "active":
        await service.abort(100, BEN)
    assert (await service.game(100)).status == "aborted"
    assert await every_rating(service) == []


async def test_a_seat_voted_out_is_not_rated_but_the_others_are(service: Service) -> None:
    await open_game(service, 100, (ANA, BEN, CAL))
    await service.vote_seat(100, ANA, BEN.id)
    await service.vote_seat(100, CAL, BEN.id)
    info = await service.game(100)
    assert [s.removed for s in info.seats] == [False, True, False]
    await play_out(service, 100)
    assert set(by_player(await every_rating(service), GLOBAL)) == {"user:1", "user:3"}


async def test_a_computer_seat_is_rated_as_its_level(service: Service) -> None:
    # Tally has no computer player: the seat is handed to a level's reserved id in storage and
    # its moves are made for it, which is all the ratings look at.
    await open_game(service, 100, (ANA, BEN))
    machine = User(computer_id("easy", 1), "Computer 1 (easy)")
    info = await service.game(100)
    async with service.db.write():
        await service.db.set_seats(
            info.game_id, [SeatRow(0, ANA.id, ANA.name), SeatRow(1, machine.id, machine.name)]
        )
        await service.db.touch(info.game_id, service.clock())  # a new version: caches move on
    while (info := await service.game(100)).status == "active":
        user = ANA if ANA.id in info.to_act else machine
        await service.act(100, user, (await service.legal(100, user))[0])
    assert set(by_player(await every_rating(service), GLOBAL)) == {"user:1", "computer:easy"}


async def test_rebuild_gives_the_numbers_the_games_gave(service: Service) -> None:
    tables = [
        (GUILD, (ANA, BEN)),
        (GUILD, (BEN, CAL, ANA)),
        (OTHER_GUILD, (CAL, DEE)),
        (GUILD, (DEE, ANA, BEN, CAL)),
        (OTHER_GUILD, (ANA, DEE, CAL)),
    ]
    for n, (guild, users) in enumerate(tables):
        await open_game(service, 100 + n, users, guild=guild, seed=n)
        await play_out(service, 100 + n)
    played = await every_rating(service)
    assert by_player(played, GLOBAL)["user:1"].games == 4
    assert await service.rebuild_ratings() == len(tables)
    assert await every_rating(service) == played


async def test_two_services_finishing_games_at_once_rate_each_once(
    service: Service, open_service: Any
) -> None:
    other = await open_service()
    try:
        await open_game(service, 100, (ANA, BEN), seed=1)
        await open_game(service, 200, (ANA, CAL), seed=2)
        await asyncio.gather(play_out(service, 100), play_out(other, 200))
        played = await every_rating(service)
        assert by_player(played, GLOBAL)["user:1"].games == 2
        assert await other.rebuild_ratings() == 2
        assert await every_rating(service) == played
    finally:
        await other.close()


async def test_two_games_sharing_a_player_take_turns_on_their_rating(database: str) -> None:
    """The second game to finish waits for the first's rating and builds on it (PostgreSQL
    locks the rating's row; SQLite holds the whole file), so no update is lost."""
    first, second, watcher = [await Storage.open(database) for _ in range(3)]
    key = (GLOBAL, "user:1")
    try:
        async with first.write():  # the player is rated already
            await first.hold_ratings("tally", [key], mu=25.0, sigma=8.0)
        held, go = asyncio.Event(), asyncio.Event()

        async def finishing_first() -> None:
            async with first.write():
                mine = (await first.hold_ratings("tally", [key], mu=25.0, sigma=8.0))[key]
                held.set()
                await go.wait()
                await first.put_ratings([replace(mine, mu=30.0, games=1)])

        async def finishing_second() -> RatingRow:
            async with second.write():
                mine = (await second.hold_ratings("tally", [key], mu=25.0, sigma=8.0))[key]
                await second.put_ratings([replace(mine, mu=mine.mu + 1, games=mine.games + 1)])
                return mine

        holder = asyncio.create_task(finishing_first())
        await held.wait()
        follower = asyncio.create_task(finishing_second())
        if first.backend.parallel_writes:
            await waiting_for_a_lock(watcher, second)
            assert not follower.done()
        go.set()
        await holder
        assert (await follower).mu == 30.0
        async with watcher.read():
            (rating,) = await watcher.all_ratings()
        assert (rating.mu, rating.games) == (31.0, 2)
    finally:
        for db in (first, second, watcher):
            await db.close()
