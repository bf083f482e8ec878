"""Benchmarks behind ``turnpost bench``: engine, renderer and service timings as JSON.

Numbers are medians and 95th percentiles in milliseconds over positions taken from random games,
so they reflect real mid-game states rather than the opening.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import engines
import renderers
from engines.base import Engine
from engines.randomplay import random_game, random_play
from engines.rng import Rng


def _stats(samples: list[float]) -> dict[str, float]:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))]
    return {
        "median_ms": round(statistics.median(samples) * 1000, 4),
        "p95_ms": round(p95 * 1000, 4),
    }


def _timed(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def encode_floor(png: bytes, repeat: int = 3) -> float:
    """Seconds to PNG-encode the image ``png`` holds again, with the kit's settings (best of
    ``repeat``): the floor a render is measured against (#10.5)."""
    import io

    from PIL import Image

    from renderers import kit

    img = Image.open(io.BytesIO(png))
    img.load()
    return min(_timed(lambda: kit.encode_png(img)) for _ in range(repeat))


def positions(
    engine: Engine[Any, Any], players: int, games: int, seed: int
) -> list[tuple[Any, int, str]]:
    """(state, seat, action) from a few random games."""
    out: list[tuple[Any, int, str]] = []
    for g in range(games):
        state = engine.setup(players, engine.meta.validate_options({}), seed + g)
        out += random_play(engine, state, Rng(seed + g))[1]
    return out


def bench_engine(game: str, *, games: int = 5, renders: int = 40, seed: int = 1) -> dict[str, Any]:
    """Apply, legal/complete and render timings, PNG size and full random games per second."""
    engine = engines.get(game)
    players = engine.meta.max_players
    pos = positions(engine, players, games, seed)
    step = max(1, len(pos) // 2000)
    sample = pos[::step]
    apply_t = [_timed(partial(engine.play, s, seat, t)) for s, seat, t in sample]
    legal_t = [_timed(partial(engine.legal_actions, s, seat)) for s, seat, _ in sample]
    complete_t = [_timed(partial(engine.complete, s, seat, "")) for s, seat, _ in sample]
    renderer = renderers.get(game)
    names = [f"Player {i + 1}" for i in range(players)]
    rstep = max(1, len(pos) // renders)
    render_t: list[float] = []
    best_t: list[float] = []
    encode_t: list[float] = []
    ratios: list[float] = []
    sizes: list[int] = []
    glance_t: list[float] = []
    glance_sizes: list[int] = []
    for s, _, _ in pos[::rstep][:renders]:
        view = engine.view(s, None)
        t = time.perf_counter()
        png = renderer.render(view, names=names)
        took = time.perf_counter() - t
        # The same position again, timed like the floor (best of 3): the first run also pays for
        # the first sight of this position's strings, which a game's next board mostly shares.
        best = min(took, *(_timed(partial(renderer.render, view, names=names)) for _ in range(2)))
        floor = encode_floor(png)
        render_t.append(took)
        best_t.append(best)
        encode_t.append(floor)
        ratios.append(best / floor)
        sizes.append(len(png))
        t = time.perf_counter()
        small = renderer.render_glance(view, names=names)
        glance_t.append(time.perf_counter() - t)
        glance_sizes.append(len(small))
    full = []
    for g in range(max(3, games)):
        t = time.perf_counter()
        random_game(engine, players, seed=seed + 1000 + g)
        full.append(time.perf_counter() - t)
    return {
        "game": game,
        "players": players,
        "positions": len(sample),
        "apply": _stats(apply_t),
        "legal": _stats(legal_t),
        "complete": _stats(complete_t),
        "render": _stats(render_t),
        "render_best_of_3": _stats(best_t),
        # The time to PNG-encode the very image a render returned (same pixels, same mode, same
        # settings, best of 3): no renderer can be faster, so render time is judged against it.
        "encode_floor": _stats(encode_t),
        "render_over_encode": {
            "median": round(statistics.median(ratios), 2),
            "max": round(max(ratios), 2),
            "first_run_median": round(
                statistics.median(r / f for r, f in zip(render_t, encode_t, strict=True)), 2
            ),
        },
        "png_bytes": {"median": int(statistics.median(sizes)), "max": max(sizes)},
        "glance": (
            {**_stats(glance_t), "png_bytes": int(statistics.median(glance_sizes))}
            if glance_t
            else None
        ),
        "full_game": _stats(full),
        "games_per_second": round(len(full) / sum(full), 2),
        "modes": _bench_modes(engine, players, max(3, games), seed + 1000),
    }


def _bench_modes(
    engine: Engine[Any, Any], players: int, games: int, seed: int
) -> dict[str, dict[str, float]] | None:
    """Random games per second, and actions per second, for each value of a game's ``mode``
    option (Brass: the full two-era game and the introductory game), or ``None`` without one."""
    option = next((o for o in engine.meta.options if o.name == "mode"), None)
    if option is None:
        return None
    out: dict[str, dict[str, float]] = {}
    for mode in option.choices:
        took = 0.0
        actions = 0
        for g in range(games):
            t = time.perf_counter()
            _, log = random_game(engine, players, {"mode": mode}, seed=seed + g)
            took += time.perf_counter() - t
            actions += len(log)
        out[mode] = {
            "games_per_second": round(games / took, 2),
            "actions_per_second": round(actions / took, 1),
            "actions_per_game": round(actions / games, 1),
        }
    return out


async def _play_service_game(
    service: Any,
    channel: int,
    game: str,
    players: int,
    seed: int,
    *,
    moves: int | None,
    render: bool,
) -> list[float]:
    """Seat ``players`` users in a new game on ``channel`` and play random moves through the
    service; returns the time of each act (seconds)."""
    from bot.service import User

    users = [User(channel * 10 + i + 1, f"P{i + 1}") for i in range(players)]
    await service.create_lobby(1, channel, users[0], game, players, {}, seed=seed)
    for u in users[1:]:
        await service.join(channel, u)
    await service.start(channel, users[0], [u.id for u in users], render=False)
    rng = Rng(seed)
    times: list[float] = []
    by_id = {u.id: u for u in users}
    while moves is None or len(times) < moves:
        info = await service.game(channel)
        if not info.to_act:
            break
        user = by_id[info.to_act[0]]
        text = await _random_service_action(service, channel, user, rng)
        t = time.perf_counter()
        await service.act(channel, user, text, render=render)
        times.append(time.perf_counter() - t)
    return times


async def _random_service_action(service: Any, channel: int, user: Any, rng: Rng) -> str:
    """A random legal action chosen the way a player would: from the list or token by token."""
    from engines.base import END

    listed = await service.legal(channel, user)
    if listed is not None:
        return str(rng.choice(listed))
    chosen: list[str] = []
    while (tok := rng.choice(await service.complete(channel, user, " ".join(chosen)))) != END:
        chosen.append(tok)
    return " ".join(chosen)


async def _clone_finished(db_path: str, copies: int) -> None:
    """Copy the one finished game in the database ``copies`` times (new channels)."""
    from bot.storage import Storage

    storage = await Storage.open(db_path)
    try:
        async with storage.write():
            src = await storage.first_game("finished")
            assert src is not None, "no finished game to copy"
            for i in range(copies):
                await storage.copy_game(src, channel_id=100_000 + i, user_offset=i * 100)
    finally:
        await storage.close()


async def _bench_service(stored: int, game: str) -> dict[str, Any]:
    import tempfile

    from bot.service import Service

    engine = engines.get(game)
    players = engine.meta.min_players
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/bench.db"
        service = await Service.open(path)
        await _play_service_game(service, 1, game, players, 1, moves=None, render=False)
        await service.close()
        t = time.perf_counter()
        await _clone_finished(path, stored)
        fill_s = time.perf_counter() - t

        starts = []
        for _ in range(5):
            t = time.perf_counter()
            service = await Service.open(path)
            await service.due_reminders()
            await service.my_games(11)
            starts.append(time.perf_counter() - t)
            await service.close()

        service = await Service.open(path)
        bare = await _play_service_game(service, 2, game, players, 2, moves=200, render=False)
        full = await _play_service_game(service, 3, game, players, 3, moves=60, render=True)
        await service.close()
    return {
        "game": game,
        "stored_finished_games": stored,
        "fill_seconds": round(fill_s, 2),
        "startup": _stats(starts),
        "act_without_render": _stats(bare),
        "act_with_render": _stats(full),
    }


def bench_service(*, stored: int = 10_000, game: str | None = None) -> dict[str, Any]:
    """Service timings over a database already holding ``stored`` finished games."""
    import asyncio

    real = engines.builtin_ids()
    chosen = game or ("bombay" if "bombay" in real else (real or ["tally"])[0])
    return asyncio.run(_bench_service(stored, chosen))
