"""Service calls and SQL statements per move along the Discord adapter's path, printed as JSON:
``python -m bench.move_path [--moves N] [--players P] [game ...]``.

A table is opened and started through the real slash commands, then random legal moves are
played as ``/play move:<notation>`` payloads through discord.py's real command tree against the
loopback stand-in of the tests (boards drawn by a tiny stand-in renderer: the counts do not depend
on the picture). During each ``/play`` only, it counts:

* ``service_calls``: calls of the :class:`~bot.service.Service`'s public methods, by name. Those
  that ask about the game (``game``, ``board``, ``legal``, ``complete``...) after ``act`` are
  the adapter's second trips; ``bot_state``/``set_bot_state``/``announced`` are its own
  bookkeeping of what it posted.
* ``sql_statements``: statements the storage's SQLite connection executed (``execute`` and
  ``executemany``), without the transaction control (``BEGIN``/``COMMIT``/``ROLLBACK``), which is
  reported apart.

Numbers are per move (mean over the moves played), with the breakdown by service method.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import inspect
import io
import json
import logging
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from PIL import Image

import engines
from bench.discord_bench import Bench, with_bot
from bot import drawing
from bot.service import Service, User
from tests.discord.driver import SEATS, random_move
from tests.discord.loopback import CHANNEL_ID, deliver, slash

#: Statements that only open or close a transaction.
CONTROL = ("BEGIN", "COMMIT", "ROLLBACK")


def _tiny_board(
    game: str, state: Any, names: Any, recent: Any = (), lang: str = "en"
) -> tuple[bytes, None]:
    """A 1×1 PNG: what is asked of the service does not depend on the picture."""
    out = io.BytesIO()
    Image.new("RGB", (1, 1)).save(out, format="PNG")
    return out.getvalue(), None


class Counters:
    """What one ``/play`` cost: service calls by method, SQL statements by calling method."""

    def __init__(self) -> None:
        self.on = False
        self.calls: Counter[str] = Counter()
        self.sql: Counter[str] = Counter()
        self.control = 0
        #: The service method being run (statements are charged to it).
        self.current: list[str] = []


def _wrap_service(service: Service, counters: Counters) -> None:
    """Count every public coroutine method of ``service`` (on the instance: nothing global)."""
    for name, fn in inspect.getmembers(service, inspect.iscoroutinefunction):
        if name.startswith("_"):
            continue

        def counted(fn: Callable[..., Any], name: str) -> Callable[..., Any]:
            @functools.wraps(fn)
            async def call(*args: Any, **kwargs: Any) -> Any:
                # Only the adapter's own calls: one public method calling another is one trip.
                if counters.on and not counters.current:
                    counters.calls[name] += 1
                counters.current.append(name)
                try:
                    return await fn(*args, **kwargs)
                finally:
                    counters.current.pop()

            return call

        setattr(service, name, counted(fn, name))


def _wrap_connection(service: Service, counters: Counters) -> None:
    """Count the statements of the storage's connection (``execute`` and ``executemany``)."""
    conn = service.db.conn
    for method in ("execute", "executemany"):
        original = getattr(conn, method)

        def counted(original: Callable[..., Any]) -> Callable[..., Any]:
            def run(sql: str, *args: Any, **kwargs: Any) -> Any:
                if counters.on:
                    if sql.strip().upper().startswith(CONTROL):
                        counters.control += 1
                    else:
                        where = counters.current[0] if counters.current else "?"
                        counters.sql[where] += 1
                return original(sql, *args, **kwargs)

            return run

        setattr(conn, method, counted(original))


async def measure_game(game: str, *, moves: int, players: int, seed: int) -> dict[str, Any]:
    """Play up to ``moves`` random moves of ``game`` through the adapter, counting each."""

    async def run(b: Bench) -> dict[str, Any]:
        counters = Counters()
        service = b.bot.service
        _wrap_service(service, counters)
        _wrap_connection(service, counters)
        seats = SEATS[:players]
        await b.table(game, seats)
        by_id = {p.id: p for p in seats}
        rng = random.Random(f"{game}:{seed}")
        played = 0
        while played < moves:
            info = await service.game(CHANNEL_ID)
            if info.status != "active":
                break
            player = by_id[rng.choice(info.to_act)]
            move = await random_move(b.bot, User(player.id, player.name), rng)
            counters.on = True
            await deliver(b.bot, slash(player, "play", move=move))
            counters.on = False
            played += 1
        n = max(1, played)
        return {
            "moves": played,
            "service_calls_per_move": round(sum(counters.calls.values()) / n, 2),
            "sql_statements_per_move": round(sum(counters.sql.values()) / n, 2),
            "transaction_control_per_move": round(counters.control / n, 2),
            "service_calls_by_method": {
                k: round(v / n, 2) for k, v in sorted(counters.calls.items())
            },
            "sql_statements_by_method": {
                k: round(v / n, 2) for k, v in sorted(counters.sql.items())
            },
        }

    result: dict[str, Any] = await with_bot(run)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--moves", type=int, default=40, help="moves played per game")
    parser.add_argument("--players", type=int, default=3, help="seats at the table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)
    # The picture does not change what is asked of the service or the database.
    drawing.draw_public = _tiny_board
    games = args.game or [e.meta.id for e in engines.all_engines()]
    out = {
        g: asyncio.run(measure_game(g, moves=args.moves, players=args.players, seed=args.seed))
        for g in games
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
