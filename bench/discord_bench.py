"""Discord adapter timings, printed as JSON: ``python -m bench.discord_bench``.

Everything runs through discord.py's real code paths against the loopback API of the tests
(``tests/discord/loopback.py``): an interaction payload is fed to the gateway parser and the clock
stops when the bot's first HTTP request for it (the interaction callback) reaches the loopback.

* ``autocomplete``: per game, ``/play move`` suggestions at every position of a random game (played
  through the service without rendering), for an empty field and for a typed first token; median
  and 95th percentile, and the median over the five positions with the most legal actions.
* ``first_response_ms``: per command path, interaction to first response (median of a few runs);
  ``board_posted_ms``: to the followup carrying the board image.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord

import engines
from bot.config import Config
from bot.discord_adapter import TurnpostBot
from bot.service import Service, User
from engines.base import END
from engines.rng import Rng
from tests.discord.loopback import (
    CHANNEL_ID,
    FakeDiscord,
    Player,
    Sent,
    autocomplete,
    click,
    deliver,
    slash,
)

PLAYERS = [Player(2001 + i, f"P{i + 1}") for i in range(5)]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def _stats(samples: list[float]) -> dict[str, float]:
    s = sorted(samples)
    return {
        "median_ms": _ms(statistics.median(s)),
        "p95_ms": _ms(s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]),
        "samples": len(s),
    }


class Bench:
    """One bot over a fresh database and the loopback API."""

    def __init__(self, fake: FakeDiscord, bot: TurnpostBot) -> None:
        self.fake = fake
        self.bot = bot

    async def timed(self, payload: dict[str, Any]) -> tuple[float, float | None, list[Sent]]:
        """Seconds to the first request and to the board upload (if any), and the requests."""
        mark = len(self.fake.sent)
        t0 = time.perf_counter()
        await deliver(self.bot, payload)
        sent = self.fake.since(mark)
        first = sent[0].at - t0 if sent else float("nan")
        board = next((s.at - t0 for s in sent if s.files), None)
        return first, board, sent

    async def table(self, game: str, seats: list[Player]) -> None:
        await deliver(self.bot, slash(seats[0], "game new", game=game, players=len(seats)))
        for p in seats[1:]:
            await deliver(self.bot, slash(p, "game join"))
        await deliver(self.bot, slash(seats[0], "game start"))

    async def random_move(self, service: Service, user: User, rng: Rng) -> str:
        """A random legal move found through the service, as autocomplete would find it."""
        legal = await service.legal(CHANNEL_ID, user)
        if legal is not None:
            return rng.choice(legal)
        chosen: list[str] = []
        for _ in range(64):
            options = await service.complete(CHANNEL_ID, user, " ".join(chosen))
            tok = rng.choice(options)
            if tok == END:
                return " ".join(chosen)
            chosen.append(tok)
        raise RuntimeError("no end of action")


async def with_bot(run: Callable[[Bench], Awaitable[Any]]) -> Any:
    fake = FakeDiscord()
    # Latency is measured here, not enforced: a loaded machine must not abort the measurement.
    fake.deadline = False
    await fake.start()
    old_base = discord.http.Route.BASE
    discord.http.Route.BASE = fake.base
    try:
        with tempfile.TemporaryDirectory() as tmp:
            cfg = Config(token="bench", db_path=Path(tmp) / "bench.db")
            bot = TurnpostBot(cfg, start_reminders=False)
            await bot.login(cfg.token)
            try:
                return await run(Bench(fake, bot))
            finally:
                await bot.close()
    finally:
        discord.http.Route.BASE = old_base
        await fake.stop()


async def autocomplete_latency(game: str, *, max_moves: int = 150) -> dict[str, Any]:
    """``/play move`` autocomplete timings over the positions of one random game."""

    async def run(b: Bench) -> dict[str, Any]:
        meta = engines.get(game).meta
        seats = PLAYERS[: max(2, meta.min_players)]
        await b.table(game, seats)
        by_id = {p.id: p for p in seats}
        rng = Rng(12345)
        samples: list[float] = []
        per_state: list[tuple[int, float]] = []
        service = b.bot.service
        for _ in range(max_moves):
            info = await service.game(CHANNEL_ID)
            if info.status != "active":
                break
            player = by_id[info.to_act[0]]
            user = User(player.id, player.name)
            legal = await service.legal(CHANNEL_ID, user)
            size = (
                len(legal)
                if legal is not None
                else len(await service.complete(CHANNEL_ID, user, ""))
            )
            first_tokens = await service.complete(CHANNEL_ID, user, "")
            typed = ["", *(t + " " for t in first_tokens[:2] if t)]
            state_times = []
            for text in typed:
                t, _, sent = await b.timed(autocomplete(player, "play", "move", move=text))
                assert sent and sent[0].callback_type == 8
                state_times.append(t)
            samples += state_times
            per_state.append((size, statistics.median(state_times)))
            move = await b.random_move(service, user, rng)
            await service.act(CHANNEL_ID, user, move, render=False)
        largest = sorted(per_state, key=lambda x: -x[0])[:5]
        return {
            **_stats(samples),
            "positions": len(per_state),
            "largest_position_actions": largest[0][0] if largest else 0,
            "largest_positions_median_ms": _ms(statistics.median(x[1] for x in largest)),
        }

    result: dict[str, Any] = await with_bot(run)
    return result


async def command_latency(game: str, runs: int = 3) -> dict[str, dict[str, float | None]]:
    """Interaction to first response (and to the board upload) for each command path."""

    async def run(b: Bench) -> dict[str, dict[str, float | None]]:
        meta = engines.get(game).meta
        seats = PLAYERS[: max(2, meta.min_players)]
        firsts: dict[str, list[float]] = {}
        boards: dict[str, list[float]] = {}

        def note(name: str, first: float, board: float | None) -> None:
            firsts.setdefault(name, []).append(first)
            if board is not None:
                boards.setdefault(name, []).append(board)

        for i in range(runs):
            if i:
                await deliver(b.bot, slash(seats[0], "game abort"))
            f, bd, _ = await b.timed(slash(seats[0], "game new", game=game, players=len(seats)))
            note("game new", f, bd)
            for p in seats[1:]:
                f, bd, _ = await b.timed(slash(p, "game join"))
                note("game join", f, bd)
            f, bd, sent = await b.timed(slash(seats[0], "game start"))
            note("game start", f, bd)
            service = b.bot.service
            info = await service.game(CHANNEL_ID)
            player = next(p for p in seats if p.id == info.to_act[0])
            user = User(player.id, player.name)
            move = await b.random_move(service, user, Rng(i))
            f, bd, sent = await b.timed(slash(player, "play", move=move))
            note("play", f, bd)
            for path in ("game board", "game hand", "game log", "game mine", "game settings"):
                f, bd, _ = await b.timed(slash(player, path))
                note(path, f, bd)
            f, bd, _ = await b.timed(slash(player, "game help", game=game))
            note("game help", f, bd)
            board_msg = next(s for s in sent if s.files)
            hand_id = next(c for c in board_msg.custom_ids() if c.startswith("tp:hand:"))
            f, bd, _ = await b.timed(
                click(player, b.fake.messages[board_msg.message_id or ""], hand_id)
            )
            note("button my hand", f, bd)
            # Last, as it changes the table: the creator votes to hand the second seat to an
            # onlooker (with two seats one vote decides; the board follows if that seat acts).
            f, bd, _ = await b.timed(
                slash(seats[0], "game vote", player=seats[1], replacement=PLAYERS[-1])
            )
            note("game vote", f, bd)
        return {
            name: {
                "first_response_ms": _ms(statistics.median(v)),
                "board_posted_ms": _ms(statistics.median(boards[name])) if name in boards else None,
            }
            for name, v in firsts.items()
        }

    result: dict[str, dict[str, float | None]] = await with_bot(run)
    return result


async def measure(games: list[str] | None = None) -> dict[str, Any]:
    """Every measurement, for every registered game (or ``games``)."""
    ids = games or engines.ids()
    out: dict[str, Any] = {"autocomplete": {}, "commands": {}}
    for game in ids:
        out["autocomplete"][game] = await autocomplete_latency(game)
        out["commands"][game] = await command_latency(game)
    slowest = max(
        (
            (v["first_response_ms"], game, name)
            for game, cmds in out["commands"].items()
            for name, v in cmds.items()
        ),
        default=(0.0, "", ""),
    )
    out["slowest_first_response"] = {"ms": slowest[0], "game": slowest[1], "command": slowest[2]}
    out["autocomplete_worst_median_ms"] = max(
        (v["median_ms"] for v in out["autocomplete"].values()), default=0.0
    )
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the measurements as JSON (``python -m bench.discord_bench [game ...]``)."""
    import logging

    logging.disable(logging.WARNING)
    args = sys.argv[1:] if argv is None else argv
    print(json.dumps(asyncio.run(measure(args or None)), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
