"""``turnpost bench`` fills a database with copies of a finished game before timing the service.
The copy reads the columns from the schema, so a migration that adds one (as the last-move mark
did) cannot break the benchmark again."""

from __future__ import annotations

from pathlib import Path

from bot.bench import _clone_finished, _play_service_game
from bot.service import Service


async def test_stored_games_are_copied_whole_with_every_column(tmp_path: Path) -> None:
    path = str(tmp_path / "bench.db")
    service = await Service.open(path)
    await _play_service_game(service, 1, "bombay", 2, 1, moves=None, render=False)
    await service.close()

    await _clone_finished(path, 3)

    service = await Service.open(path)
    try:
        async with service.db.read():
            games = await service.db.backend.all("SELECT id, status FROM games ORDER BY id", ())
            marks = await service.db.backend.all(
                "SELECT game_id, COUNT(mark) FROM actions GROUP BY game_id ORDER BY game_id", ()
            )
        assert [status for _, status in games] == ["finished"] * 4
        # every copy keeps the log's marks (the column a migration added) and replays
        assert len({count for _, count in marks}) == 1 and marks[0][1] > 0
        for game_id, _ in games:
            assert await service.verify(game_id)
    finally:
        await service.close()
