"""#11.10: every start-up failure is one clear line on stderr and a non-zero exit, no traceback;
SIGTERM stops the bot with its "stopped" log line. Each case runs the real ``turnpost`` entry
point in a process of its own, against the loopback stand-in (never the network)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.storage import SCHEMA_VERSION
from tests.bot.conftest import damage_tables

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DISCORD_"))}
    env.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN="test-token",
        TURNPOST_DB=str(tmp_path / "turnpost.db"),
        TURNPOST_LOG_LEVEL="INFO",
    )
    env.update(extra)
    return env


def _turnpost(
    tmp_path: Path, *args: str, mode: str = "serve", stdin: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    """``turnpost ARGS`` (through the loopback runner for ``run``), from ``tmp_path`` (no .env)."""
    cmd = (
        [sys.executable, "-m", "tests.cli.loopback_run", mode]
        if args == ("run",)
        else [sys.executable, "-m", "bot.cli", *args]
    )
    return subprocess.run(
        cmd,
        cwd=tmp_path,
        env=_env(tmp_path, **env),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _one_clear_line(proc: subprocess.CompletedProcess[str]) -> str:
    """The process failed with exactly one non-log line on stderr and no traceback."""
    assert proc.returncode != 0, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip() and not ln.startswith("{")]
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_a_schema_newer_than_the_code_stops_the_start(tmp_path: Path) -> None:
    db = tmp_path / "turnpost.db"
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    line = _one_clear_line(_turnpost(tmp_path, "run"))
    assert f"schema version {SCHEMA_VERSION + 1}" in line and "Upgrade Turnpost" in line


def test_a_token_discord_refuses_stops_the_start(tmp_path: Path) -> None:
    line = _one_clear_line(_turnpost(tmp_path, "run", mode="refuse"))
    assert "Discord refused the token" in line and "test-token" not in line


def test_no_network_stops_the_start(tmp_path: Path) -> None:
    line = _one_clear_line(_turnpost(tmp_path, "run", mode="offline"))
    assert "Cannot reach Discord" in line


@pytest.mark.parametrize(
    ("where", "says"),
    [
        ("file/turnpost.db", "is a file, not a folder"),
        ("folder", "is a folder"),
        ("/proc/self/turnpost.db", "cannot be opened"),
    ],
)
@pytest.mark.parametrize("command", ["run", "console"])
def test_a_database_path_that_cannot_hold_a_database_stops_the_start(
    tmp_path: Path, where: str, says: str, command: str
) -> None:
    (tmp_path / "file").write_text("not a folder")
    (tmp_path / "folder").mkdir()
    db = where if where.startswith("/") else str(tmp_path / where)
    line = _one_clear_line(_turnpost(tmp_path, command, TURNPOST_DB=db))
    assert says in line and db in line
    assert (tmp_path / "file").read_text() == "not a folder"


def test_an_unwritable_board_folder_stops_the_console(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    proc = _turnpost(tmp_path, "console", TURNPOST_OUT=str(tmp_path / "file" / "boards"))
    line = _one_clear_line(proc)
    assert "Board images cannot be written" in line and "TURNPOST_OUT" in line


def test_sigterm_stops_the_bot_with_its_stopped_line(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.cli.loopback_run", "serve"],
        cwd=tmp_path,
        env=_env(tmp_path),
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    seen: list[str] = []
    deadline = time.monotonic() + 60
    try:
        # Wait until start-up is over (the commands were synced), then ask it to stop.
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            seen.append(line)
            if '"commands synced"' in line:
                break
        assert any('"commands synced"' in ln for ln in seen), "".join(seen)
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    seen.extend(rest.splitlines())
    messages = [json.loads(ln)["msg"] for ln in seen if ln.startswith("{")]
    assert messages.count("stopped") == 1, "".join(seen)
    assert proc.returncode == 0, "".join(seen)
    assert "Traceback" not in "".join(seen)


def test_a_gateway_that_cannot_be_reached_after_login_stops_the_start(tmp_path: Path) -> None:
    """The login succeeds, the first gateway connection fails: discord.py's own reconnect loop
    would crash on its missing session; the start stops with one clear line instead."""
    line = _one_clear_line(_turnpost(tmp_path, "run", mode="nogateway"))
    assert "Cannot reach Discord's gateway" in line


@pytest.mark.parametrize("command", ["run", "console"])
def test_a_database_with_damaged_pages_stops_the_start_with_one_line(
    tmp_path: Path, command: str
) -> None:
    """#22.4: ``games`` and ``actions`` overwritten (the file still opens): one line naming the
    file and ``turnpost health``, a non-zero exit, no traceback."""
    db = tmp_path / "turnpost.db"
    made = _turnpost(tmp_path, "console", stdin="as ana\nnew bombay\nas ben\njoin\nas ana\nstart\n")
    assert made.returncode == 0, made.stderr
    damage_tables(db, "games", "actions")
    line = _one_clear_line(_turnpost(tmp_path, command, stdin="as ana\nnew bombay\nboard\n"))
    assert str(db) in line and "turnpost health" in line and "damaged" in line
