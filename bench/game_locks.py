"""What per-game serialisation buys on PostgreSQL, printed as JSON:
``python -m bench.game_locks URL [--moves N] [--hold SECONDS] [--connections C]``.

``C`` connections (processes, as far as the database can tell) each make ``N`` moves the way the
service makes one: a write transaction that reads the game's row (locking it), waits ``hold``
seconds (standing for the engine's parse and apply and the bot's own work inside the
transaction), then writes the next version. Run twice: every connection on a game of its own,
then every connection on one shared game. With one lock per game the first runs side by side and
the second one after the other; with one database-wide lock (before #25's per-game lock) both
would be as slow as the second. It also checks that every move of the shared game landed once
(the version equals the number of moves). A schema of its own is made and dropped on ``URL``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time

from bot.storage import SeatRow, Storage
from bot.storage.postgres import scratch_schema


async def _game(db: Storage, channel: int) -> int:
    async with db.write():
        game_id = await db.insert_game(
            guild_id=1,
            channel_id=channel,
            engine="tally",
            options={},
            seed=1,
            creator_id=7,
            players=None,
            now=1.0,
        )
        await db.set_seats(game_id, [SeatRow(0, 7, "Ana")])
    return game_id


async def _moves(db: Storage, game_id: int, moves: int, hold: float) -> None:
    for _ in range(moves):
        async with db.write():
            row = await db.game(game_id)
            assert row is not None
            await asyncio.sleep(hold)
            await db.write_snapshot(
                game_id,
                expected_version=row.version,
                snapshot=None,
                status="lobby",
                to_act=[],
                round_info="",
                result=None,
                now=2.0,
            )


async def run(url: str, moves: int, hold: float, connections: int) -> dict[str, object]:
    async with scratch_schema(url, "bench") as target:
        dbs = [await Storage.open(target) for _ in range(connections)]
        try:
            return await _measure(dbs, moves, hold)
        finally:
            for db in dbs:
                await db.close()


async def _measure(dbs: list[Storage], moves: int, hold: float) -> dict[str, object]:
    connections = len(dbs)
    out: dict[str, object] = {"connections": connections, "moves_each": moves, "hold": hold}
    own = [await _game(dbs[0], 100 + i) for i in range(connections)]
    start = time.perf_counter()
    await asyncio.gather(*(_moves(db, g, moves, hold) for db, g in zip(dbs, own, strict=True)))
    wall = time.perf_counter() - start
    out["games_apart"] = {
        "seconds": round(wall, 3),
        "moves_per_s": round(connections * moves / wall, 1),
    }
    shared = await _game(dbs[0], 999)
    start = time.perf_counter()
    await asyncio.gather(*(_moves(db, shared, moves, hold) for db in dbs))
    wall = time.perf_counter() - start
    out["one_game"] = {
        "seconds": round(wall, 3),
        "moves_per_s": round(connections * moves / wall, 1),
    }
    async with dbs[0].read():
        version = await dbs[0].version(shared)
    out["one_game_every_move_landed_once"] = version == connections * moves
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="postgresql://USER@HOST:PORT/DB")
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument("--hold", type=float, default=0.01)
    parser.add_argument("--connections", type=int, default=4)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.url, args.moves, args.hold, args.connections))))


if __name__ == "__main__":
    main()
