"""Jobs: background work in the database (#25.3), claimed by one process at a time under a short
lease, so several processes share it and a killed one's work is taken over within seconds.

A job is a computer seat's move (at most one per game: ``want_computer``, written in the
transaction of the change that made a computer due) or a hint (asked by the process that holds
the player's interaction, computed by whichever process claims it, its lines left in
``result``). Claiming takes the oldest free job with ``FOR UPDATE SKIP LOCKED`` on PostgreSQL
(two claimers never wait for each other nor take the same job), under the write lock on SQLite:
free means never claimed, its lease run out, or its holder no longer beating (``processes``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.backend import Backend
from bot.storage.rows import dumps

JOB_COLS = "id, kind, game_id, version, payload, result, created_at, claimed_by, claimed_until"


@dataclass(frozen=True)
class JobRow:
    """One job: what to do (``kind``) for which game at which version, and who holds it."""

    id: int
    kind: str
    game_id: int
    version: int
    payload: dict[str, Any]
    #: A hint's answer once computed (None while waiting).
    result: dict[str, Any] | None
    created_at: float
    claimed_by: str
    claimed_until: float


def job_row(r: Sequence[Any]) -> JobRow:
    """A ``jobs`` row (``JOB_COLS``) as a :class:`JobRow`."""
    return JobRow(
        int(r[0]),
        str(r[1]),
        int(r[2]),
        int(r[3]),
        json.loads(r[4]),
        None if r[5] is None else json.loads(r[5]),
        float(r[6]),
        str(r[7]),
        float(r[8]),
    )


class JobQueries:
    """The ``jobs`` table."""

    backend: Backend

    async def want_computer(self, game_id: int, version: int, now: float) -> None:
        """A computer seat must act in game ``game_id`` at ``version``: queue its move, or move
        the game's one computer job on to ``version`` (its holder, if any, keeps it)."""
        await self.backend.run(
            "INSERT INTO jobs (kind, game_id, version, created_at) VALUES ('computer', ?, ?, ?)"
            " ON CONFLICT (game_id) WHERE kind = 'computer'"
            " DO UPDATE SET version = excluded.version",
            (game_id, version, now),
        )

    async def add_job(
        self, kind: str, game_id: int, version: int, payload: dict[str, Any], now: float
    ) -> int:
        """Queue a job (a hint); returns its id."""
        return await self.backend.insert(
            "INSERT INTO jobs (kind, game_id, version, payload, created_at) VALUES (?,?,?,?,?)",
            (kind, game_id, version, dumps(payload), now),
        )

    async def jobs_waiting(self, kinds: Sequence[str]) -> bool:
        """Whether any job of ``kinds`` waits to be done (claimed or not): a pass with nothing
        to do reads once and writes nothing."""
        marks = ",".join("?" * len(kinds))
        row = await self.backend.one(
            f"SELECT 1 FROM jobs WHERE kind IN ({marks}) AND result IS NULL LIMIT 1", tuple(kinds)
        )
        return row is not None

    async def claim_job(
        self, kinds: Sequence[str], *, owner: str, now: float, until: float, alive_after: float
    ) -> JobRow | None:
        """Take the oldest free job of ``kinds`` for ``owner`` until ``until``: one never
        claimed, whose lease ran out, or whose holder stopped beating (last beat not after
        ``alive_after``); None when there is none. Call inside ``write()``."""
        marks = ",".join("?" * len(kinds))
        row = await self.backend.one(
            f"SELECT {JOB_COLS} FROM jobs WHERE kind IN ({marks}) AND result IS NULL"
            " AND (claimed_until <= ? OR claimed_by NOT IN"
            " (SELECT owner FROM processes WHERE beat_at > ?))"
            " ORDER BY id LIMIT 1" + self.backend.row_lock(skip_locked=True),
            (*kinds, now, alive_after),
        )
        if row is None:
            return None
        await self.backend.run(
            "UPDATE jobs SET claimed_by = ?, claimed_until = ? WHERE id = ?",
            (owner, until, int(row[0])),
        )
        job = job_row(row)
        return JobRow(**{**job.__dict__, "claimed_by": owner, "claimed_until": until})

    async def finish_job(
        self, job_id: int, owner: str, version: int, *, keep_until: float | None = None
    ) -> bool:
        """``owner`` did job ``job_id`` for ``version``: it goes; unless a later change moved it
        on to another version meanwhile (a computer due again), when ``owner`` keeps it until
        ``keep_until`` to go on with it, or, without one, gives it back for the next claim;
        returns whether it went."""
        gone = await self.backend.run(
            "DELETE FROM jobs WHERE id = ? AND claimed_by = ? AND version = ?",
            (job_id, owner, version),
        )
        if gone:
            return True
        await self.backend.run(
            "UPDATE jobs SET claimed_until = ? WHERE id = ? AND claimed_by = ?",
            (0 if keep_until is None else keep_until, job_id, owner),
        )
        return False

    async def release_job(self, job_id: int, owner: str, *, until: float = 0.0) -> None:
        """Give a claimed job back (its work failed, or must be done again): free at once, or,
        with ``until``, from then on (``owner`` may take it again then; others too, earlier,
        should ``owner`` stop beating)."""
        await self.backend.run(
            "UPDATE jobs SET claimed_until = ? WHERE id = ? AND claimed_by = ?",
            (until, job_id, owner),
        )

    async def set_job_result(self, job_id: int, result: dict[str, Any]) -> None:
        """Leave a hint's answer for the process that asked for it."""
        await self.backend.run(
            "UPDATE jobs SET result = ?, claimed_until = 0 WHERE id = ?", (dumps(result), job_id)
        )

    async def job(self, job_id: int) -> JobRow | None:
        """A job by id (None once done and taken)."""
        row = await self.backend.one(f"SELECT {JOB_COLS} FROM jobs WHERE id = ?", (job_id,))
        return None if row is None else job_row(row)

    async def jobs(self, kind: str | None = None) -> list[JobRow]:
        """Every job (of ``kind``), oldest first."""
        where, params = ("", ()) if kind is None else (" WHERE kind = ?", (kind,))
        rows = await self.backend.all(f"SELECT {JOB_COLS} FROM jobs{where} ORDER BY id", params)
        return [job_row(r) for r in rows]

    async def delete_job(self, job_id: int) -> None:
        """Forget a job (a hint's answer read, or no longer wanted)."""
        await self.backend.run("DELETE FROM jobs WHERE id = ?", (job_id,))

    async def drop_hints_before(self, before: float) -> int:
        """Forget hints asked before ``before`` (nobody is waiting for them any more)."""
        return await self.backend.run(
            "DELETE FROM jobs WHERE kind = 'hint' AND created_at < ?", (before,)
        )
