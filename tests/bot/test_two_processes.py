"""Issue 22.2: a move acknowledged right before a kill -9 is announced by the restarted bot
within seconds of the dead process's last beat, not when its lease runs out.

Issue 22.1: a second open of the database in one process must never let another process
delete the write-ahead log under it, so every acknowledged move survives (SQLite's "How To
Corrupt An SQLite Database File", 2.2: closing any descriptor of the file releases every POSIX
lock the process holds on it)."""

from __future__ import annotations

import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.service import JOB_LEASE, OUTBOX_LEASE, OWNER_STALE, Service
from tests.bot.conftest import BEN, CHANNEL
from tests.fakes import FakeClock

ROOT = Path(__file__).resolve().parents[2]


class Proc:
    """A process of tests/bot/two_opens.py, spoken to one line at a time (never hangs: a line
    that does not come within a minute fails the test)."""

    def __init__(self, role: str, db: Path | str) -> None:
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "tests.bot.two_opens", role, str(db)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self.lines.put(line.strip())
        self.lines.put("(exited)")

    def line(self) -> str:
        return self.lines.get(timeout=60)

    def say(self, line: str) -> str:
        assert self.popen.stdin is not None
        self.popen.stdin.write(line + "\n")
        self.popen.stdin.flush()
        return self.line()

    def kill(self) -> None:
        """kill -9: nothing is closed cleanly."""
        os.kill(self.popen.pid, signal.SIGKILL)
        self.popen.wait()
        assert self.popen.stdin is not None
        self.popen.stdin.close()


def test_every_acknowledged_move_survives_a_second_open_and_another_process_closing(
    tmp_path: Path,
) -> None:
    db = tmp_path / "turnpost.db"
    bot = Proc("bot", db)
    try:
        assert bot.line() == "ready"  # the bot's process has the file open twice
        other = Proc("other", db)
        try:
            assert other.line() == "open"
            acked = [bot.say("move") for _ in range(3)]
            # Another process closes its connection: it must not think it is the last one.
            assert other.say("close") == "closed"
        finally:
            other.kill()
        acked += [bot.say("move") for _ in range(4)]
        assert all(a.startswith("acked ") for a in acked), acked
        assert bot.say("stop") == "done"
    finally:
        bot.kill()  # a crash: every acknowledged move must still be there
    conn = sqlite3.connect(db)
    try:
        moves = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        version = conn.execute("SELECT MAX(version) FROM games").fetchone()[0]
    finally:
        conn.close()
    assert moves == 7
    assert f"acked {version}" == acked[-1]


async def test_a_move_acknowledged_before_a_kill_is_announced_seconds_later(tmp_path: Path) -> None:
    db = tmp_path / "turnpost.db"
    mover = Proc("mover", db)
    try:
        acked = mover.line()
        assert acked.startswith("acked "), acked
    finally:
        mover.kill()
    # The restarted bot, a few seconds after the dead process's last beat (its lease, a minute,
    # is no reason to wait for a process that is gone).
    clock = FakeClock(time.time() + OWNER_STALE + 1)
    assert clock.now < time.time() + OUTBOX_LEASE / 5
    restarted = await Service.open(db, clock=clock)
    try:
        (late,) = await restarted.claim_announcements()
        assert f"acked {late.version}" == acked
        assert late.mention == tuple((await restarted.game(CHANNEL)).to_act) == (BEN.id,)
    finally:
        await restarted.close()


async def test_a_worker_killed_while_thinking_has_its_job_taken_over_seconds_later(
    database: str,
) -> None:
    """#25.3: kill -9 of a worker in the middle of a computer's thought; another process takes
    the job over a few seconds after the dead one's last beat (its lease, a minute, is no reason
    to wait) and plays the move once."""
    from tests.bot.test_jobs import QUICK, computer_due

    setup = await Service.open(database)
    try:
        game_id = await computer_due(setup)
        version = (await setup.game(CHANNEL)).version
    finally:
        await setup.close()
    worker = Proc("worker", database)
    try:
        claimed = worker.line()
        assert claimed.startswith("claimed ") and claimed != "claimed None", claimed
    finally:
        worker.kill()
    clock = FakeClock(time.time() + OWNER_STALE + 1)
    assert clock.now < time.time() + JOB_LEASE / 5
    restarted = await Service.open(database, clock=clock)
    restarted.executor = ThreadPoolExecutor(max_workers=1)
    try:
        job = await restarted.claim_job()
        assert job is not None and f"claimed {job.id}" == claimed
        done = await restarted.run_job(job, seconds=QUICK)
        assert done.outcome is not None and done.outcome.version == version + 1
        assert done.outcome.game_id == game_id
    finally:
        await restarted.close()
