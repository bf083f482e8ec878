"""Fixtures for the service tests: a fake clock, a service on a temporary file, a started game."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameInfo, Service, User
from tests.fakes import FakeClock

ANA = User(1, "Ana")
BEN = User(2, "Ben")
CAL = User(3, "Cal")
DEE = User(4, "Dee")
OUTSIDER = User(99, "Zed")

GUILD = 10
CHANNEL = 100

#: 2026-01-05 00:00 UTC, a Monday: round numbers make reminder times easy to read.
T0 = 1_767_571_200.0


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "turnpost.db"


@pytest.fixture
async def service(database: str, clock: FakeClock) -> AsyncIterator[Service]:
    """A service on a fresh database, once per backend (``database`` in tests/conftest.py)."""
    svc = await Service.open(database, clock=clock)
    yield svc
    await svc.close()


@pytest.fixture
def open_service(database: str, clock: FakeClock) -> Callable[..., Any]:
    """Open another Service on the same database (the test closes it)."""

    async def _open(**kwargs: Any) -> Service:
        return await Service.open(database, clock=clock, **kwargs)

    return _open


async def started_game(
    svc: Service,
    users: tuple[User, ...] = (ANA, BEN),
    *,
    channel: int = CHANNEL,
    seed: int = 7,
    options: dict[str, str] | None = None,
) -> GameInfo:
    """A tally game in ``channel`` with ``users`` seated in that order, started."""
    await svc.create_lobby(GUILD, channel, users[0], "tally", options=options, seed=seed)
    for u in users[1:]:
        await svc.join(channel, u)
    await svc.start(channel, users[0], order=[u.id for u in users], render=False)
    return await svc.game(channel)


def user_by_id(user_id: int) -> User:
    return {u.id: u for u in (ANA, BEN, CAL, DEE, OUTSIDER)}[user_id]


async def whose_turn(svc: Service, channel: int = CHANNEL) -> User:
    """The (single) user who must act now."""
    info = await svc.game(channel)
    assert len(info.to_act) == 1
    return user_by_id(info.to_act[0])


def damage_tables(db: Path, *tables: str) -> None:
    """Overwrite the root page of each of ``tables`` with junk (a disk that lost a write): the
    file still opens and its schema still reads."""
    con = sqlite3.connect(db)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        marks = ",".join("?" * len(tables))
        roots = con.execute(
            f"SELECT rootpage FROM sqlite_master WHERE name IN ({marks})", tables
        ).fetchall()
        page_size = con.execute("PRAGMA page_size").fetchone()[0]
    finally:
        con.close()
    assert len(roots) == len(tables)
    with db.open("r+b") as f:  # no connection is open: safe to write the file directly
        for (root,) in roots:
            f.seek((root - 1) * page_size)
            f.write(b"\xa5" * page_size)
