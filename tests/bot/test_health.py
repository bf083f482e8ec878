"""#11.9: ``turnpost health`` checks the database for real, and a file that is not a Turnpost
database is refused with a clear message, never started over."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import Config
from bot.health import check
from bot.service import Service
from bot.storage import SCHEMA_VERSION, Storage, StorageError
from tests.bot.conftest import ANA, BEN, GUILD, started_game


async def _database_with_games(path: Path, games: int = 40) -> None:
    svc = await Service.open(path)
    try:
        for channel in range(1, games + 1):
            await started_game(svc, (ANA, BEN), channel=channel, seed=channel)
            await svc.act(channel, ANA, "draw", render=False)
    finally:
        await svc.close()


def _health(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, db: Path) -> str | None:
    monkeypatch.chdir(tmp_path)  # no .env from the repository
    monkeypatch.setenv("TURNPOST_DB", str(db))
    return check(Config.from_env())


async def test_health_passes_a_sound_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "turnpost.db"
    await _database_with_games(db, games=3)
    assert _health(monkeypatch, tmp_path, db) is None
    assert main(["health"]) == 0 and capsys.readouterr().out == "ok\n"


async def test_health_fails_a_database_with_corrupted_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "turnpost.db"
    await _database_with_games(db)
    page = sqlite3.connect(db).execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(db.read_bytes())
    assert len(data) >= 6 * page, "the database should span several pages"
    # Scribble over pages 3 and 4 (page 1, the header, stays intact: the file still opens).
    data[2 * page : 4 * page] = bytes((i * 37 + 11) % 256 for i in range(2 * page))
    db.write_bytes(bytes(data))
    problem = _health(monkeypatch, tmp_path, db)
    assert problem is not None and ("damaged" in problem or "malformed" in problem), problem
    assert main(["health"]) == 1
    err = capsys.readouterr()
    assert err.out == "" and err.err.strip() == problem


async def test_health_fails_a_schema_newer_than_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "turnpost.db"
    await _database_with_games(db, games=1)
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    problem = _health(monkeypatch, tmp_path, db)
    assert problem is not None and "newer" in problem


@pytest.mark.parametrize(
    ("content", "says"),
    [(b"", "empty (0 bytes)"), (b"name,score\nana,3\n" * 100, "not a SQLite database")],
)
async def test_an_empty_or_foreign_file_is_refused_and_left_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes, says: str
) -> None:
    db = tmp_path / "turnpost.db"
    db.write_bytes(content)
    with pytest.raises(StorageError) as err:
        await Storage.open(db)
    assert says in str(err.value) and str(db) in str(err.value)
    with pytest.raises(StorageError):
        await Service.open(db)
    problem = _health(monkeypatch, tmp_path, db)
    assert problem is not None and says in problem
    assert db.read_bytes() == content  # never started over as a new database
    assert not (tmp_path / "turnpost.db-wal").exists()


async def test_a_database_that_does_not_exist_yet_is_created(tmp_path: Path) -> None:
    db = tmp_path / "new" / "turnpost.db"
    svc = await Service.open(db)
    await svc.create_lobby(GUILD, 1, ANA, "tally")
    await svc.close()
    assert db.read_bytes().startswith(b"SQLite format 3\x00")
