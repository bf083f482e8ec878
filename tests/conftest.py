"""Shared fixtures: the test-only game is registered for every test."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engines
from tests.testgame import ENGINE as TALLY

engines.register(TALLY)


#: Set to a PostgreSQL server's URL (e.g. postgresql://postgres@127.0.0.1:5432/test) to run every
#: backend-parametrised test on PostgreSQL too; .ci/run sets it.
PG_ENV = "TURNPOST_TEST_DATABASE_URL"


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """Where a test's database lives, once per backend: a SQLite file always; a schema of its own
    on the PostgreSQL server named by TURNPOST_TEST_DATABASE_URL when that is set (a server that
    cannot be reached then fails the test), else the PostgreSQL run is skipped."""
    if request.param == "sqlite":
        yield str(tmp_path / "turnpost.db")
        return
    url = os.environ.get(PG_ENV, "")
    if not url:
        pytest.skip(f"PostgreSQL: set {PG_ENV}=postgresql://USER@HOST:PORT/DB to run these too")
    import asyncpg

    schema = f"test_{uuid.uuid4().hex[:20]}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'CREATE SCHEMA "{schema}"')
        yield f"{url}{'&' if '?' in url else '?'}search_path={schema}"
    finally:
        await admin.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await admin.close()
