"""Several processes (#25.2, #25.3): ``turnpost run --shards 0-3 --shard-count 8`` builds a bot
on those shards of eight with discord.py's AutoShardedClient (no token used, no network), and
``turnpost worker`` plays a computer's move that waits in the database, leaves its announcement
to the bots and stops cleanly on SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import cli
from bot.config import Config
from bot.discord_adapter.client import make_bot
from bot.service import Service

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("text", "ids"), [("0-3", [0, 1, 2, 3]), ("0,2,5-7", [0, 2, 5, 6, 7]), ("4", [4])]
)
def test_shards_are_read_as_ranges_and_single_ids(text: str, ids: list[int]) -> None:
    args = cli.build_parser().parse_args(["run", "--shards", text, "--shard-count", "8"])
    assert (args.shards, args.shard_count) == (ids, 8)


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--shards", "0-3"],  # no count
        ["run", "--shard-count", "8"],  # no shards
        ["run", "--shards", "6-8", "--shard-count", "8"],  # 8 is not below 8
        ["run", "--shards", "3-1", "--shard-count", "8"],
        ["run", "--shards", "a", "--shard-count", "8"],
    ],
)
def test_shards_out_of_range_or_alone_are_refused_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    assert "--shard" in capsys.readouterr().err


def test_run_hands_the_shards_to_the_bot(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    def run(config: Config, force_sync: bool | None = None, **shards: Any) -> None:
        seen.update(shards)

    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.setenv("DISCORD_TOKEN", "test-token")
    monkeypatch.setenv("TURNPOST_DB", str(tmp_path / "turnpost.db"))
    monkeypatch.setattr("bot.discord_adapter.run", run)
    assert cli.main(["run", "--shards", "0-3", "--shard-count", "8"]) == 0
    assert seen == {"shard_ids": [0, 1, 2, 3], "shard_count": 8}
    assert cli.cmd_run(argparse.Namespace()) == 0  # one process, every shard: as before
    assert seen == {"shard_ids": None, "shard_count": None}


async def test_the_bot_is_built_on_its_shards_and_only_shard_zero_syncs(tmp_path: Path) -> None:
    config = Config(token="test-token", db_path=tmp_path / "turnpost.db")
    first = make_bot(config, shard_ids=[0, 1, 2, 3], shard_count=8)
    second = make_bot(config, shard_ids=[4, 5, 6, 7], shard_count=8)
    alone = make_bot(config)
    # Built only: nothing logged in or connected, so there is nothing to close.
    assert isinstance(first, discord.AutoShardedClient)
    assert (first.shard_ids, first.shard_count) == ([0, 1, 2, 3], 8)
    assert (second.shard_ids, second.shard_count) == ([4, 5, 6, 7], 8)
    assert first.sync_commands and not second.sync_commands
    assert not isinstance(alone, discord.AutoShardedClient) and alone.sync_commands
    with pytest.raises(ValueError):
        make_bot(config, shard_ids=[8], shard_count=8)


def test_a_worker_plays_the_waiting_computer_move_and_leaves_it_to_the_bots(
    tmp_path: Path,
) -> None:
    from tests.bot.test_jobs import computer_due

    db = tmp_path / "turnpost.db"

    async def prepare() -> int:
        service = await Service.open(db)
        try:
            await computer_due(service)
            info = await service.game(100)
            await service.announced(info.game_id, info.version)
            return info.version
        finally:
            await service.close()

    version = asyncio.run(prepare())
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DISCORD_"))}
    env.update(PYTHONPATH=str(ROOT), TURNPOST_DB=str(db), TURNPOST_LOG_LEVEL="WARNING")
    worker = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "worker"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert worker.stdout is not None
        assert worker.stdout.readline().strip() == "worker ready"

        async def moved() -> tuple[int, list[Any]]:
            service = await Service.open(db)
            try:
                for _ in range(1200):  # two minutes at most: fails, never hangs
                    info = await service.game(100)
                    if info.version > version:
                        return info.version, await service.db.outbox(info.game_id)
                    await asyncio.sleep(0.1)
                raise AssertionError("the worker never played the computer's move")
            finally:
                await service.close()

        after, rows = asyncio.run(moved())
        assert after > version
        # Left for the bots: the move's announcement is waiting, claimed by nobody.
        assert rows and all(r.claimed_until == 0 for r in rows)
    finally:
        worker.send_signal(signal.SIGTERM)
        out, err = worker.communicate(timeout=120)
    assert worker.returncode == 0, err
    assert "Traceback" not in err
