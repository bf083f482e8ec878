"""Running jobs (``bot/service/jobs.py``): the runner a bot process uses for its computer seats
when they think inline, and ``turnpost worker``, a process that runs computer seats and hints
only, with no Discord, so bot processes stay responsive (#25.3).

A worker beats like a bot (its claims hold for the others only while it does), claims free jobs
a few at a time, and plays each game's computer moves one after another. It posts nothing: a
computer's move writes its outbox row unclaimed, in the move's own transaction, and the next
outbox pass of any bot process announces it; a hint's lines wait in the job for the bot process
holding the player's interaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Awaitable, Callable

from bot.service import OWNER_BEAT, JobDone, MoveOutcome, Service
from bot.service.computers import THINK_SECONDS
from bot.storage import JobRow

log = logging.getLogger("turnpost.worker")

#: What a runner does with a computer's move once saved: announce it (a bot), or leave it for
#: the bots' outbox passes (a worker).
OnMove = Callable[[MoveOutcome], Awaitable[None]]

#: Seconds between a worker's looks for free jobs when it found none.
WORKER_EVERY = 0.5


class JobRunner:
    """Claims jobs of ``kinds`` (up to ``capacity`` at once) and runs each in a task of its
    own; a game's computer moves follow each other ``pause`` seconds apart."""

    def __init__(
        self,
        service: Service,
        on_move: OnMove,
        *,
        kinds: tuple[str, ...] = ("computer",),
        pause: float = 0.0,
        capacity: int = 8,
        seconds: float = THINK_SECONDS,
    ) -> None:
        self.service = service
        #: Seconds of thought per computer move or hint.
        self.seconds = seconds
        self.on_move = on_move
        self.kinds = kinds
        self.pause = pause
        self.capacity = capacity
        #: The task of each job running, by job id.
        self.running: dict[int, asyncio.Task[int]] = {}
        self._queued = False

    async def run_due(self) -> list[asyncio.Task[int]]:
        """Claim free jobs while there is room and start a task for each; returns the tasks
        started (each ends with the number of computer moves it played)."""
        if not self._queued and "computer" in self.kinds:
            # Games stored before jobs existed get theirs once, at the first pass.
            await self.service.queue_computers()
            self._queued = True
        started = []
        while len(self.running) < self.capacity:
            job = await self.service.claim_job(self.kinds)
            if job is None:
                break
            task = asyncio.create_task(self._run(job), name=f"turnpost-job-{job.id}")
            self.running[job.id] = task
            started.append(task)
        return started

    async def _run(self, job: JobRow) -> int:
        played = 0
        try:
            current: JobRow | None = job
            while current is not None:
                done: JobDone = await self.service.run_job(current, seconds=self.seconds)
                if done.outcome is None:
                    return played
                played += 1
                await self.on_move(done.outcome)
                current = await self.service.next_computer_move(current)
                if current is not None and self.pause:
                    await asyncio.sleep(self.pause)
            return played
        except Exception:
            log.exception("job failed", extra={"game": job.game_id})
            return played
        finally:
            self.running.pop(job.id, None)

    async def stop(self) -> None:
        """Cancel the jobs running (their claims are given back when the service closes, or
        taken over once this process stops beating)."""
        for task in list(self.running.values()):
            task.cancel()
        await asyncio.gather(*self.running.values(), return_exceptions=True)


async def nothing_to_post(outcome: MoveOutcome) -> None:
    """A worker's computer move: its outbox row was left free in the move's own transaction
    (``Service.open(announces=False)``), so the next outbox pass of any bot announces it."""


def start_beating(service: Service, name: str) -> asyncio.Task[None]:
    """A task that says this process is alive every ``OWNER_BEAT`` seconds (its leases stay
    its own while it beats); a beat that fails is logged and the next one tried. Cancel it to
    let the process go stale."""

    async def beat() -> None:
        while True:
            await asyncio.sleep(OWNER_BEAT)
            try:
                await service.beat()
            except Exception:
                log.warning("beat not written", exc_info=True)

    return asyncio.create_task(beat(), name=name)


async def work(service: Service, *, stop: asyncio.Event, every: float = WORKER_EVERY) -> None:
    """Run computer and hint jobs until ``stop`` is set: beat, claim, run."""
    runner = JobRunner(
        service,
        nothing_to_post,
        kinds=("computer", "hint"),
        capacity=max(2, (os.cpu_count() or 2)),
    )

    beats = start_beating(service, "turnpost-worker-beat")
    try:
        while not stop.is_set():
            try:
                started = await runner.run_due()
            except Exception:
                log.exception("job pass failed")
                started = []
            if not started:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), every)
    finally:
        beats.cancel()
        await runner.stop()


async def main(
    database: str,
    *,
    lang: str = "en",
    ready: Callable[[], None] | None = None,
    name: str = "",
) -> None:
    """``turnpost worker``: open the service on ``database`` and work until SIGTERM/SIGINT;
    ``name`` is the process's name in the ``processes`` table (``turnpost health --process``)."""
    service = await Service.open(
        database, lang=lang, computers="worker", announces=False, name=name
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        if ready is not None:
            ready()
        await work(service, stop=stop)
    finally:
        await service.close()
