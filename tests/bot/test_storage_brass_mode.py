"""Migration 8: Brass games stored before the full game existed keep being introductory games
when their options are validated again (issue 16; the replay of a record re-validates them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from bot.storage import MIGRATIONS, Storage


async def test_old_brass_games_get_mode_intro_and_new_ones_keep_theirs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.db"
    with monkeypatch.context() as m:
        m.setattr("bot.storage.migrations.MIGRATIONS", MIGRATIONS[:7])
        db = await Storage.open(path)
        rows = [
            (1, "brass", {"iron_price_when_empty": "6"}),
            (2, "brass", {"iron_price_when_empty": "8", "mode": "full"}),
            (3, "tally", {}),
        ]
        for game_id, engine, options in rows:
            await db.conn.execute(
                "INSERT INTO games (id, guild_id, channel_id, engine, options, seed, status,"
                " creator_id, created_at, updated_at) VALUES (?, 1, ?, ?, ?, 1, 'active', 1,"
                " 0, 0)",
                (game_id, game_id, engine, json.dumps(options)),
            )
        await db.conn.commit()
        await db.close()
    db = await Storage.open(path)
    try:
        async with db.conn.execute("SELECT id, options FROM games ORDER BY id") as cur:
            got = {row[0]: json.loads(row[1]) async for row in cur}
    finally:
        await db.close()
    assert got[1] == {"iron_price_when_empty": "6", "mode": "intro"}
    assert got[2] == {"iron_price_when_empty": "8", "mode": "full"}
    assert got[3] == {}
    brass = engines.get("brass")
    assert brass.meta.validate_options(got[1])["mode"] == "intro"
    assert brass.setup(2, brass.meta.validate_options(got[1]), 5).mode == "intro"
