"""Background work as jobs in the database (#25.3): computer moves and hints, claimed by one
process at a time under a short lease (``bot/storage/jobs.py``), so bot processes and
``turnpost worker`` processes share them and a killed process's job is taken over within
seconds of its last beat.

Exactly once, however processes die:

- a computer's move: the job is written in the transaction of the change that made a computer
  due (``Playing.commit``); whoever claims it plays through :meth:`Computers.computer_turn`
  with the version it thought about, so a second application (a taken-over job whose first
  holder had already committed) is stale and changes nothing; the job goes once the game no
  longer owes that move;
- a hint: asked by the process holding the player's interaction (Discord's answer to a
  deferred command can only come from there), thought by whichever process claims it, its lines
  left in the job for the asker to read (:meth:`Jobs.hint`). Where computers run inline (one
  process, SQLite's default) the asker simply thinks itself.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.service.computers import THINK_SECONDS, Computers
from bot.service.results import MoveOutcome, ServiceError, User
from bot.service.session import JOB_LEASE, OWNER_STALE, Session, log
from bot.storage import JobRow

#: Where computer seats think: ``inline`` in every bot process (the default, one process on
#: SQLite as before), or ``worker`` in ``turnpost worker`` processes only.
COMPUTER_MODES = ("inline", "worker")

#: Seconds before a job whose run failed is tried again.
RETRY_PAUSE = 10.0

#: Seconds between two looks at a hint's job while its asker waits for a worker.
HINT_POLL = 0.25
#: Seconds an asker waits for a worker's hint before saying none came (Discord lets a deferred
#: interaction be answered for 15 minutes; a player waits far less).
HINT_WAIT = 60.0


@dataclass(frozen=True)
class JobDone:
    """What running one job did: the job, and a computer's move when one was played."""

    job: JobRow
    outcome: MoveOutcome | None = None


class Jobs:
    """Claiming and running jobs, and asking for hints. Needs the session and the computers
    part (which thinks and plays)."""

    def __init__(self, session: Session, computers: Computers, *, mode: str = "inline") -> None:
        if mode not in COMPUTER_MODES:
            raise ValueError(f"computers run 'inline' or in a 'worker', not {mode!r}")
        self.session = session
        self.db = session.db
        self.computers = computers
        self.mode = mode

    async def claim_job(self, kinds: tuple[str, ...] = ("computer", "hint")) -> JobRow | None:
        """The oldest free job of ``kinds``, claimed for this process, or None."""
        async with self.db.read():
            if not await self.db.jobs_waiting(kinds):
                return None  # the usual case, every few seconds: no write transaction
        now = self.session.clock()
        async with self.session.write():
            return await self.db.claim_job(
                kinds,
                owner=self.session.owner,
                now=now,
                until=now + JOB_LEASE,
                alive_after=now - OWNER_STALE,
            )

    async def run_job(self, job: JobRow, *, seconds: float = THINK_SECONDS) -> JobDone:
        """Do a claimed job: play the computer's move (one; the job stays, claimed, while the
        game owes another) or leave the hint's lines for its asker. A failure gives the job
        back, to be tried again after ``RETRY_PAUSE``."""
        try:
            if job.kind == "hint":
                await self._hint_job(job, seconds)
                return JobDone(job)
            outcome = await self.computers.computer_turn(job.game_id, seconds=seconds)
        except Exception:
            # Tried again after a pause, not at once: a job that fails every time (a damaged
            # record, a bug) must not take a worker's every pass.
            async with self.session.write():
                await self.db.release_job(
                    job.id, self.session.owner, until=self.session.clock() + RETRY_PAUSE
                )
            raise
        now = self.session.clock()
        async with self.session.write():
            # A move that made a computer due again keeps the job with this process (the
            # game's pace stays with one holder), its lease renewed; else it goes, or is given
            # back when the game moved on without this process's move.
            await self.db.finish_job(
                job.id,
                self.session.owner,
                job.version,
                keep_until=None if outcome is None else now + JOB_LEASE,
            )
        return JobDone(job, outcome)

    async def next_computer_move(self, job: JobRow) -> JobRow | None:
        """The same game's computer job again, still held by this process, when the game owes
        another computer move; None when it is done (or another process took it)."""
        async with self.db.read():
            current = await self.db.job(job.id)
        if current is None or current.claimed_by != self.session.owner:
            return None
        return current

    async def _hint_job(self, job: JobRow, seconds: float) -> None:
        user_id, seat = int(job.payload["user_id"]), int(job.payload["seat"])
        async with self.db.read():
            row = await self.db.game(job.game_id)
            g = (
                None
                if row is None or row.version != job.version or row.status != "active"
                else await self.session.load(row.channel_id, row.id, live=True)
            )
        if g is None:  # the game moved on while the hint waited: it would be about the past
            result: dict[str, object] = {"error": "service.stale"}
        else:
            lang = str(job.payload.get("lang", ""))
            lines = await self.computers.hint_lines(g, seat, user_id, seconds=seconds, lang=lang)
            result = {"lines": list(lines)}
        async with self.session.write():
            await self.db.set_job_result(job.id, result)

    async def request_hint(self, channel_id: int, user: User, *, lang: str = "") -> int:
        """Queue a hint for ``user``'s turn for a worker (its lines in ``lang``, the asker's);
        returns the job's id. Refuses at once (hints off, not their turn) like :meth:`hint`."""
        g, seat = await self.computers.hint_position(channel_id, user)
        now = self.session.clock()
        async with self.session.write():
            await self.db.drop_hints_before(now - 15 * 60)  # askers long gone
            return await self.db.add_job(
                "hint",
                g.row.id,
                g.row.version,
                {"user_id": user.id, "seat": seat, "lang": lang},
                now,
            )

    async def hint_result(self, job_id: int) -> tuple[str, ...] | None:
        """A queued hint's lines once a worker left them (the job then goes), None while it
        thinks; ``service.stale`` when the game moved on meanwhile."""
        async with self.db.read():  # looked at several times a second: a read while waiting
            job = await self.db.job(job_id)
        if job is None:
            raise ServiceError("service.stale")
        if job.result is None:
            return None
        async with self.session.write():
            await self.db.delete_job(job_id)
        if "error" in job.result:
            raise ServiceError(str(job.result["error"]))
        return tuple(str(line) for line in job.result["lines"])

    async def hint(
        self, channel_id: int, user: User, *, seconds: float = THINK_SECONDS, lang: str = ""
    ) -> tuple[str, ...]:
        """``user``'s hint (:meth:`Computers.hint_inline`): thought here when computers run inline,
        else by a worker while this process (which holds the player's interaction) waits for
        its lines; ``service.hint_no_worker`` when none answers within ``HINT_WAIT``."""
        if self.mode == "inline":
            return await self.computers.hint_inline(channel_id, user, seconds=seconds, lang=lang)
        job_id = await self.request_hint(channel_id, user, lang=lang)
        for _ in range(int(HINT_WAIT / HINT_POLL)):
            lines = await self.hint_result(job_id)
            if lines is not None:
                return lines
            await asyncio.sleep(HINT_POLL)
        async with self.session.write():
            await self.db.delete_job(job_id)
        log.warning("no worker answered a hint", extra={"game": channel_id})
        raise ServiceError("service.hint_no_worker")

    async def queue_computers(self) -> int:
        """Make sure every game whose computer must act has its job (games stored before jobs
        existed, say); returns how many games owe a computer move. Run at a runner's start."""
        games = await self.computers.computer_games()
        now = self.session.clock()
        async with self.session.write():
            for game_id in sorted(games):
                row = await self.db.game(game_id)
                if row is not None:
                    await self.db.want_computer(game_id, row.version, now)
        return len(games)
