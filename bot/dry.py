"""``turnpost run --dry`` (or ``TURNPOST_DRY=1``): a bot process without Discord, for trying a
deployment before it has a token, or checking one (#25): it opens the database, registers in
the ``processes`` table and beats there like a bot (so ``turnpost health --process`` passes for
it), and runs the passes that need no Discord. Computer seats think in it when they think inline
(``TURNPOST_COMPUTERS=inline``); their moves' announcements are left free in the outbox, as a
worker leaves them. It claims no reminder and no announcement, since it cannot post one: every
``DRY_EVERY`` seconds it logs what a bot with a token would post now (read only), and the
processes with a token post them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable

from bot.config import Config
from bot.service import Service
from bot.worker import JobRunner, nothing_to_post, start_beating

log = logging.getLogger("turnpost.dry")

#: Seconds between two looks at what a bot would post (and computer passes when inline).
DRY_EVERY = 10.0


async def would_post(service: Service) -> tuple[int, int]:
    """(announcements waiting in the outbox, reminders due now): what bots with a token
    would post. Read only."""
    async with service.db.read():
        waiting = {r.game_id for r in await service.db.outbox()}
        due = await service.db.due(service.clock())
    return len(waiting), len(due)


async def run_dry(
    config: Config,
    *,
    stop: asyncio.Event,
    shards: list[int] | None = None,
    every: float = DRY_EVERY,
    ready: Callable[[], None] | None = None,
) -> None:
    """Beat, run computer seats when they think here, and log what would be posted, until
    ``stop`` is set."""
    service = await Service.from_config(config, announces=False)
    runner = (
        JobRunner(service, nothing_to_post, kinds=("computer",))
        if config.computers == "inline"
        else None
    )

    beats = start_beating(service, "turnpost-dry-beat")
    log.info(
        "dry run as %s (shards %s, computers %s): no Discord; reminders and announcements are"
        " left to processes with a token",
        service.owner,
        "all" if shards is None else ",".join(map(str, shards)),
        config.computers,
    )
    try:
        if ready is not None:
            ready()
        while not stop.is_set():
            try:
                if runner is not None:
                    await runner.run_due()
                announcements, reminders = await would_post(service)
                if announcements or reminders:
                    log.info(
                        "dry run: a bot would post %d announcement(s) and %d reminder(s) now",
                        announcements,
                        reminders,
                    )
            except Exception:
                log.exception("dry pass failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), every)
    finally:
        beats.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beats
        if runner is not None:
            await runner.stop()
        await service.close()


def main(config: Config, *, shards: list[int] | None = None) -> None:
    """Run dry until SIGTERM or SIGINT (blocking)."""

    async def go() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        await run_dry(
            config, stop=stop, shards=shards, ready=lambda: print("dry run ready", flush=True)
        )

    asyncio.run(go())
