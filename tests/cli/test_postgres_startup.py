"""#25.6: a PostgreSQL database that cannot be used stops ``turnpost run``, ``turnpost console``
and ``turnpost health`` with one clear line and a non-zero exit, never a traceback; ``turnpost
health`` reports the server's version and the schema's (up to date, too new, pending).

The faults are real: a port nothing listens on, a database and a role the server does not know
(trust authentication answers those with real server errors). Needs the server named by
TURNPOST_TEST_DATABASE_URL, like every PostgreSQL test."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.cli import main
from bot.storage import SCHEMA_VERSION, Storage
from bot.storage.postgres import scratch_schema
from tests.conftest import PG_ENV

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server_url() -> str:
    url = os.environ.get(PG_ENV, "")
    if not url:
        pytest.skip(f"PostgreSQL: set {PG_ENV}=postgresql://USER@HOST:PORT/DB to run these too")
    return url


@pytest.fixture
async def schema_url(server_url: str) -> AsyncIterator[str]:
    """A schema of this test's own on the server (dropped at the end)."""
    async with scratch_schema(server_url, prefix="test_health") as url:
        yield url


def _with(url: str, *, user: str | None = None, port: int | None = None, db: str = "") -> str:
    parts = urlsplit(url)
    netloc = f"{user or parts.username or 'postgres'}@{parts.hostname}:{port or parts.port or 5432}"
    return urlunsplit((parts.scheme, netloc, db or parts.path, parts.query, ""))


def _free_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _bad_urls(server: str) -> dict[str, tuple[str, str]]:
    """Each fault: (TURNPOST_DATABASE_URL, what its line must say)."""
    port = _free_port()
    return {
        "malformed": ("postgresql//postgres@127.0.0.1/test", "must start with postgresql://"),
        "bad port": ("postgres://postgres@127.0.0.1:99999/test", "port '99999'"),
        "refused": (_with(server, port=port), f"127.0.0.1:{port} (connection refused)"),
        "unknown database": (_with(server, db="/turnpost_no_such_db"), "no database"),
        "unknown role": (_with(server, user="turnpost_no_such_role"), "refused the login"),
    }


FAULTS = ["malformed", "bad port", "refused", "unknown database", "unknown role"]


def _env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, url: str) -> None:
    monkeypatch.chdir(tmp_path)  # no .env from the repository
    for name in list(os.environ):
        if name.startswith(("TURNPOST_", "DISCORD_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("TURNPOST_DATABASE_URL", url)
    monkeypatch.setenv("TURNPOST_DB", str(tmp_path / "turnpost.db"))


@pytest.mark.parametrize("command", ["run", "console", "health"])
@pytest.mark.parametrize("fault", FAULTS)
def test_a_database_that_cannot_be_used_stops_the_command_with_one_line(
    server_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    fault: str,
    command: str,
) -> None:
    """No token is set: ``run`` names the database's problem before the missing token."""
    url, says = _bad_urls(server_url)[fault]
    _env(monkeypatch, tmp_path, url)
    assert main([command]) == 1
    out = capsys.readouterr()
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], out.err
    assert "DISCORD_TOKEN" not in out.out  # the database's problem comes first
    assert not (tmp_path / "turnpost.db").exists()  # no SQLite file made instead


@pytest.mark.parametrize("fault", ["malformed", "refused", "unknown role"])
def test_the_real_command_exits_non_zero_without_a_traceback(
    server_url: str, tmp_path: Path, fault: str
) -> None:
    url, says = _bad_urls(server_url)[fault]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DISCORD_"))}
    env.update(PYTHONPATH=str(ROOT), TURNPOST_DATABASE_URL=url, DISCORD_TOKEN="test-token")
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "run"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("turnpost: ") and says in lines[0]


async def _set_version(url: str, version: int) -> None:
    storage = await Storage.open(url)
    await storage.close()
    parts = urlsplit(url)
    conn = await asyncpg.connect(url)
    try:
        assert "search_path" in parts.query
        await conn.execute("UPDATE schema_version SET version = $1", version)
    finally:
        await conn.close()


@pytest.mark.parametrize(
    ("version", "says", "code"),
    [
        (SCHEMA_VERSION, f"schema version {SCHEMA_VERSION})", 0),
        (SCHEMA_VERSION + 1, "newer than this Turnpost knows", 1),
        (SCHEMA_VERSION - 1, "1 migration(s) pending", 1),
        (None, "no Turnpost schema yet", 1),
    ],
)
async def test_health_reports_the_server_and_the_schema_version(
    schema_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    version: int | None,
    says: str,
    code: int,
) -> None:
    if version is not None:
        await _set_version(schema_url, version)
    _env(monkeypatch, tmp_path, schema_url)
    # health runs its own event loop: run it in a thread of its own, away from the test's.

    assert await asyncio.to_thread(main, ["health"]) == code
    out = capsys.readouterr()
    text = (out.out if code == 0 else out.err).strip()
    assert says in text, out
    if code == 0:
        assert text.startswith("ok (PostgreSQL ")


async def test_run_refuses_a_schema_newer_than_the_code(
    schema_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    await _set_version(schema_url, SCHEMA_VERSION + 1)
    _env(monkeypatch, tmp_path, schema_url)

    assert await asyncio.to_thread(main, ["run"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"schema version {SCHEMA_VERSION + 1}" in err[0]
