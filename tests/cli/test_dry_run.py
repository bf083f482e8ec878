"""#25: a bot process without Discord (``turnpost run --dry`` / ``TURNPOST_DRY=1``) opens the
database, beats in the ``processes`` table under its name and passes ``turnpost health
--process``; a process that is not there, or stopped, fails it; and ``turnpost run`` with no
token and nobody at a terminal (a container) stops with one line and exit 1 instead of exiting
0 to be restarted in a loop. Real processes, on both backends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot import cli

ROOT = Path(__file__).resolve().parents[2]


def _env(database: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DISCORD_"))}
    env.update(PYTHONPATH=str(ROOT), TURNPOST_LOG_LEVEL="WARNING", **extra)
    if "://" in database:
        env["TURNPOST_DATABASE_URL"] = database
    else:
        env["TURNPOST_DB"] = database
    return env


def _health(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "health", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_dry_bot_beats_under_its_name_and_passes_its_own_health_check(
    database: str, tmp_path: Path
) -> None:
    env = _env(database, TURNPOST_PROCESS_NAME="bot-0", TURNPOST_COMPUTERS="worker")
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "run", "--dry", "--shards", "0-0", "--shard-count", "2"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert bot.stdout is not None
        assert bot.stdout.readline().strip() == "dry run ready"
        mine = _health(tmp_path, env, "--process")
        assert mine.returncode == 0, mine.stderr
        assert "process 'bot-0' beat" in mine.stdout
        other = _health(tmp_path, env, "--process", "bot-1")  # never started
        assert other.returncode == 1
        assert other.stderr.strip() == "process 'bot-1' is not running (no beat in the database)"
    finally:
        bot.send_signal(signal.SIGTERM)
        _, err = bot.communicate(timeout=120)
    assert bot.returncode == 0, err
    assert "Traceback" not in err
    # Stopped cleanly: its beat is gone, so its own check fails at once.
    after = _health(tmp_path, env, "--process")
    assert after.returncode == 1 and "'bot-0' is not running" in after.stderr


def test_dry_mode_is_also_asked_for_by_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: list[list[int] | None] = []
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("TURNPOST_DATABASE_URL", raising=False)
    monkeypatch.setenv("TURNPOST_DB", str(tmp_path / "turnpost.db"))
    monkeypatch.setenv("TURNPOST_DRY", "1")
    monkeypatch.setattr("bot.dry.main", lambda config, shards: seen.append(shards))
    assert cli.main(["run", "--shards", "1-1", "--shard-count", "2"]) == 0
    assert seen == [[1]]


def test_no_token_without_a_terminal_is_one_line_and_exit_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "TURNPOST_DATABASE_URL", "TURNPOST_DRY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TURNPOST_DB", str(tmp_path / "turnpost.db"))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    assert cli.main(["run"]) == 1
    out = capsys.readouterr()
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and "No DISCORD_TOKEN" in lines[0] and "--dry" in lines[0]
    assert out.out == ""


def test_a_dry_bot_with_inline_computers_plays_their_move_and_leaves_its_post(
    tmp_path: Path,
) -> None:
    import asyncio

    from bot.service import Service
    from tests.bot.test_jobs import CHANNEL, computer_due

    db = str(tmp_path / "turnpost.db")

    async def prepare() -> int:
        service = await Service.open(db)
        try:
            await computer_due(service)
            info = await service.game(CHANNEL)
            await service.announced(info.game_id, info.version)
            return info.version
        finally:
            await service.close()

    async def moved(version: int) -> list[Any]:
        service = await Service.open(db)
        try:
            for _ in range(1200):  # two minutes at most: fails, never hangs
                info = await service.game(CHANNEL)
                if info.version > version:
                    return list(await service.db.outbox(info.game_id))
                await asyncio.sleep(0.1)
            raise AssertionError("the dry bot never played the computer's move")
        finally:
            await service.close()

    version = asyncio.run(prepare())
    env = _env(db, TURNPOST_COMPUTERS="inline", TURNPOST_DRY="1")
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "run"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert bot.stdout is not None
        assert bot.stdout.readline().strip() == "dry run ready"
        rows = asyncio.run(moved(version))
        # It cannot post: the move's announcement waits for a bot with a token, claimed by none.
        assert rows and all(r.claimed_until == 0 for r in rows)
    finally:
        bot.send_signal(signal.SIGTERM)
        _, err = bot.communicate(timeout=120)
    assert bot.returncode == 0, err
    assert "Traceback" not in err
