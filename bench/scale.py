"""Where Turnpost saturates (#25.7): simulated players play through the service, no Discord.

    python -m bench.scale --backend postgresql --games 50000 --rate 40 --seconds 60 --bots 2 --workers 1
    python -m bench.scale --backend sqlite --games 50000 --rate 40 --seconds 60
    python -m bench.scale --backend postgresql --games 2000 --rate 20 --seconds 60 --kill
    python -m bench.scale --backend postgresql --games 50000 --rates 20,40,80,160 --seconds 40

A fresh database is made for the run (PostgreSQL: ``CREATE DATABASE turnpost_scale_<random>``
on ``--server``, dropped at the end; SQLite: a file in a temporary folder) and ``--games``
two-player Bombay games are started in it through the service's own commit (``Playing.commit``,
the call ``/game start`` ends in: snapshot, reminders, jobs, outbox), 500 per transaction; on
PostgreSQL in a SQLite file first, then copied over as ``turnpost migrate`` copies. A share of them
(``--computers``) seats a computer in the second seat, and ``--reminders`` of them get a reminder
due during the run.

Then ``--bots`` bot processes (real OS processes: ``python -m bench.scale _bot``) and
``--workers`` ``turnpost worker`` processes run against it for ``--seconds``. Each bot process
serves the games whose index is its number modulo the bot count (as a shard serves its guilds),
and its simulated players send moves arriving at random (Poisson) at ``--rate / --bots`` per
second: a move is the seat's legal list (``Service.legal``, as autocomplete asks), a random
choice, ``Service.act`` and the post of its announcement (recorded in a file, then
``Service.announced``). Its other passes run as a bot's do: the outbox drain and the reminder
pass every 2 s, beats every 2 s, and, with no workers, the computer pass. A move's latency is
from its arrival to ``act``'s return, so a process that falls behind shows it.

``--kill`` kills one bot process and one worker with SIGKILL (the whole process group, as a
container is killed) at half time and starts them again 3 s later, then checks: every move a
player was answered for (acknowledged) is in the log, in order; every game touched replays from
its log to its snapshot (``Service.verify``); no announcement or reminder is lost (the outbox is
empty once drained) or doubled (a second post of one is allowed only after its first poster was
killed, and carries the same nonce, so Discord shows one message). Those checks run after every
run, killed or not.

Printed: moves per second achieved against offered, act latency p50/p95/p99, CPU per move (the
bot processes' own CPU time per move; the workers' per computer move; PostgreSQL's backends of
this database per move), the database's size, and the machine's load (``os.getloadavg``): timed
numbers from a shared machine are only comparable with their load beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
GAME = "bombay"
CHANNELS = 5_000_000_000
USERS = 7_000_000_000
SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"
PASS_EVERY = 2.0
TICK = os.sysconf("SC_CLK_TCK")


# -- the database ----------------------------------------------------------------------------


@dataclass
class Target:
    """The run's database: a PostgreSQL URL (a database made on the server for the run) or a
    SQLite file, and a folder for the run's files."""

    database: str
    folder: str

    @property
    def postgres(self) -> bool:
        return "://" in self.database

    @property
    def name(self) -> str:
        return urlsplit(self.database).path.lstrip("/")

    def env(self) -> dict[str, str]:
        key = "TURNPOST_DATABASE_URL" if self.postgres else "TURNPOST_DB"
        return {key: self.database}


@asynccontextmanager
async def fresh_target(backend: str, server: str) -> AsyncIterator[Target]:
    """A fresh, empty database of the run's own (PostgreSQL: made on ``server`` and dropped at
    the end; SQLite: a file in a temporary folder) and the folder."""
    from bot.storage.server import scratch_database

    with tempfile.TemporaryDirectory(prefix="turnpost-scale-") as folder:
        if backend == "sqlite":
            yield Target(str(Path(folder) / "turnpost.db"), folder)
            return
        async with scratch_database(server) as url:
            yield Target(url, folder)


async def database_size(target: Target) -> int:
    if not target.postgres:
        base = Path(target.database)
        return sum(p.stat().st_size for p in base.parent.glob(base.name + "*"))
    from bot.storage import server

    return await server.database_size(target.database)


# -- setting the games up --------------------------------------------------------------------


async def set_up(
    target: Target, first: int, last: int, computers: float, seed: int
) -> list[list[int]]:
    """Start games ``first``..``last - 1`` through ``Playing.commit`` (500 per transaction);
    returns each game's [id, channel, first user, second user (negative: a computer), user to
    act]."""
    import engines
    from bot.service import Service
    from bot.service.session import computer_id
    from bot.storage import SeatRow

    engine = engines.get(GAME)
    options = engine.meta.validate_options({})
    service = await Service.open(target.database, announces=False, name="scale-setup")
    db = service.db
    out: list[list[int]] = []
    try:
        for start in range(first, last, 500):
            now = time.time()
            async with service.session.write():
                for i in range(start, min(last, start + 500)):
                    user = USERS + 2 * i
                    has_computer = random.Random(seed * 1_000_003 + i).random() < computers
                    second = computer_id("easy", 1) if has_computer else user + 1
                    game_id = await db.insert_game(
                        guild_id=1 + i % 1000,
                        channel_id=CHANNELS + i,
                        engine=GAME,
                        options=options,
                        seed=seed * 1_000_003 + i,
                        creator_id=user,
                        players=2,
                        now=now,
                    )
                    seats = (SeatRow(0, user, f"p{i}a"), SeatRow(1, second, f"p{i}b"))
                    await db.set_seats(game_id, seats)
                    row = await db.game(game_id)
                    assert row is not None
                    state = engine.setup(2, row.options, row.seed)
                    change = await service.play.commit(row, engine, seats, state, [], now)
                    # Started by the set-up, not by a player: nothing to announce.
                    await db.clear_outbox(game_id, change.version)
                    acts = seats[change.to_act[0]].user_id
                    out.append([game_id, CHANNELS + i, user, second, acts])
    finally:
        await service.close()
    return out


async def set_up_all(target: Target, games: int, computers: float, seed: int) -> list[list[int]]:
    """Start ``games`` games in ``target`` and write their list to games.json. On PostgreSQL they
    are started in a SQLite file first and copied over with ``turnpost migrate``'s own copy
    (``copying.copy_rows``: every table, batched, in one transaction): a game's start is a few
    dozen statements, each a round trip to a server that, on a shared machine, answers slowly;
    the run's checks replay every game it touches."""
    from bot.storage import Storage
    from bot.storage.copying import copy_rows

    if not target.postgres:
        rows = await set_up(target, 0, games, computers, seed)
    else:
        first = Path(target.folder, "setup.db")
        rows = await set_up(Target(str(first), target.folder), 0, games, computers, seed)
        source, destination = await Storage.open(str(first)), await Storage.open(target.database)
        try:
            await copy_rows(source, destination)
        finally:
            await source.close()
            await destination.close()
        for path in first.parent.glob(first.name + "*"):
            path.unlink()
    Path(target.folder, "games.json").write_text(json.dumps(rows))
    return rows


async def arm_reminders(target: Target, games: list[list[int]], count: int, seconds: float) -> int:
    """Make ``count`` games' waiting players' reminders fall due during the next ``seconds``."""
    from bot.storage import ReminderRow, Storage

    db = await Storage.open(target.database)
    now = time.time()
    rng = random.Random(count)
    armed = 0
    try:
        async with db.write():
            for game_id, _channel, _first, _second, user in rng.sample(
                games, min(count, len(games))
            ):
                if user > 0:  # the waiting player's reminder, due during the run
                    due = now + rng.uniform(1.0, max(1.5, seconds * 0.7))
                    await db.put_reminder(
                        ReminderRow(game_id, user, "reminder", now - 3600, due, 0, None)
                    )
                    armed += 1
    finally:
        await db.close()
    return armed


# -- a bot process ---------------------------------------------------------------------------


class Record:
    """An append-only file of JSON lines, written straight to the OS (a SIGKILL loses nothing
    written before it)."""

    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def write(self, **data: Any) -> None:
        os.write(self.fd, (json.dumps(data) + "\n").encode())


async def bot_process(args: argparse.Namespace) -> None:
    """One simulated bot process (``python -m bench.scale _bot``)."""
    from bot.outbox import drain
    from bot.service import OWNER_BEAT, MoveOutcome, Service, ServiceError, User
    from bot.worker import JobRunner

    folder = Path(args.folder)
    games = json.loads((folder / "games.json").read_text())
    mine = [g for i, g in enumerate(games) if i % args.of == args.index]
    service = await Service.open(
        args.database, computers=args.computers, name=f"scale-bot-{args.index}"
    )
    pid = os.getpid()
    posts = Record(folder / f"posts-{args.index}-{pid}.jsonl")
    acks = Record(folder / f"acks-{args.index}-{pid}.jsonl")
    rng = random.Random(pid)
    to_act: dict[int, tuple[int, ...]] = {g[0]: (g[4],) for g in mine}
    busy: set[int] = set()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    refused = 0

    async def post(outcome: MoveOutcome) -> None:
        if args.render and outcome.board is not None:
            await outcome.board.render()
        posts.write(k=["move", outcome.game_id, outcome.version], pid=pid)

    async def announce(outcome: MoveOutcome) -> None:
        await post(outcome)
        await service.announced(outcome.game_id, outcome.version)

    async def move(game: list[int], arrived: float) -> None:
        nonlocal refused
        game_id, channel = game[0], game[1]
        try:
            people = [u for u in to_act[game_id] if u > 0]
            if not people:  # a computer's turn: see whether it has played since
                to_act[game_id] = (await service.game(channel, game_id=game_id)).to_act
                return
            user = User(people[0], "p")
            legal = await service.legal(channel, user)
            if not legal:
                to_act[game_id] = (await service.game(channel, game_id=game_id)).to_act
                return
            began = time.perf_counter()
            outcome = await service.act(channel, user, rng.choice(legal), render=False)
            done = time.perf_counter()
            acks.write(
                g=game_id, v=outcome.version, a=outcome.action, s=outcome.seat,
                lat=done - arrived, svc=done - began,
            )  # fmt: skip
            to_act[game_id] = () if outcome.finished else outcome.to_act
            await announce(outcome)
        except ServiceError:
            refused += 1
            to_act[game_id] = (await service.game(channel, game_id=game_id)).to_act
        finally:
            busy.discard(game_id)

    async def passes() -> None:
        runner = (
            JobRunner(service, announce, kinds=("computer",))
            if args.computers == "inline"
            else None
        )
        while not stop.is_set():
            try:
                await drain(service, post)
                for due in await service.claim_reminders():
                    posts.write(k=["remind", due.game_id, due.kind, due.due_at, *due.user_ids])
                    await service.mark_reminder_sent(due)
                if runner is not None:
                    await runner.run_due()
            except Exception as exc:  # a pass failed: the next one runs as usual
                print(f"pass failed: {exc!r}", file=sys.stderr)
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), PASS_EVERY)
        if runner is not None:
            await runner.stop()

    async def beats() -> None:
        while True:
            await asyncio.sleep(OWNER_BEAT)
            await service.beat()

    beating = asyncio.create_task(beats())
    background = asyncio.create_task(passes())
    moving: set[asyncio.Task[None]] = set()
    deadline = time.perf_counter() + args.seconds
    next_at = time.perf_counter()
    print("bot ready", flush=True)
    while not stop.is_set() and (now := time.perf_counter()) < deadline:
        if now < next_at:
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), next_at - now)
            continue
        free = [g for g in rng.sample(mine, min(8, len(mine))) if g[0] not in busy]
        if free and len(moving) < args.inflight:
            busy.add(free[0][0])
            task = asyncio.create_task(move(free[0], next_at))
            moving.add(task)
            task.add_done_callback(moving.discard)
            next_at += rng.expovariate(args.rate)
        else:
            await asyncio.sleep(0.001)  # every game busy or every slot taken: the queue grows
    await asyncio.gather(*moving, return_exceptions=True)
    stop.set()
    await background
    beating.cancel()
    await service.close()
    (folder / f"stats-{args.index}-{pid}.json").write_text(json.dumps({"refused": refused}))


# -- the run ---------------------------------------------------------------------------------


@dataclass
class Proc:
    """A child process (bot or worker) and the CPU seen of its process group."""

    kind: str
    index: int
    popen: subprocess.Popen[bytes]
    killed: bool = False
    cpu: float = 0.0


@dataclass
class Run:
    """One run's settings and what it measured."""

    backend: str
    games: int
    rate: float
    seconds: float
    bots: int
    workers: int
    kill: bool = False
    render: bool = False
    result: dict[str, Any] = field(default_factory=dict)


def group_cpu(pgid: int) -> float:
    """CPU seconds (user + system) of every live process in the process group ``pgid``."""
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            fields = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:
            total += int(fields[11]) + int(fields[12])
    return total / TICK


def pid_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return -1.0
    return (int(fields[11]) + int(fields[12])) / TICK


@contextmanager
def children() -> Iterator[list[Proc]]:
    procs: list[Proc] = []
    try:
        yield procs
    finally:
        for p in procs:
            if p.popen.poll() is None:
                os.killpg(p.popen.pid, signal.SIGKILL)
                p.popen.wait()


def spawn(kind: str, index: int, target: Target, run: Run, folder: Path) -> Proc:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DISCORD_"))}
    env.update(target.env(), PYTHONPATH=str(ROOT), TURNPOST_LOG_LEVEL="WARNING")
    computers = "worker" if run.workers else "inline"
    if kind == "worker":
        env.update(TURNPOST_PROCESS_NAME=f"scale-worker-{index}", TURNPOST_COMPUTERS="worker")
        argv = [sys.executable, "-m", "bot.cli", "worker"]
    else:
        argv = [sys.executable, "-m", "bench.scale", "_bot", "--database", target.database]
        argv += ["--folder", str(folder), "--index", str(index), "--of", str(run.bots)]
        argv += ["--rate", str(run.rate / run.bots), "--seconds", str(run.seconds)]
        argv += ["--computers", computers] + (["--render"] if run.render else [])
    err = open(folder / f"{kind}-{index}.err", "ab")  # noqa: SIM115 - the child keeps it
    popen = subprocess.Popen(
        argv, env=env, cwd=folder, stdout=subprocess.PIPE, stderr=err, start_new_session=True
    )
    assert popen.stdout is not None
    popen.stdout.readline()  # "bot ready" / "worker ready"
    return Proc(kind, index, popen)


async def measure(run: Run, target: Target, folder: Path) -> dict[str, Any]:
    """Run the processes for ``run.seconds`` (with ``--kill``, one of each kind killed with
    SIGKILL at half time and started again 3 s later) and gather their CPU time."""
    load_before = os.getloadavg()
    db_cpu: dict[int, float] = {}
    killed_pids: set[int] = set()
    from bot.storage.server import Backends

    server = await Backends.open(target.database) if target.postgres else None
    with children() as procs:
        procs += [spawn("worker", j, target, run, folder) for j in range(run.workers)]
        procs += [spawn("bot", i, target, run, folder) for i in range(run.bots)]
        started = time.monotonic()
        kill_at = started + run.seconds / 2 if run.kill else None
        while any(p.popen.poll() is None for p in procs if p.kind == "bot"):
            for p in procs:
                if p.popen.poll() is None:
                    p.cpu = max(p.cpu, group_cpu(p.popen.pid))
            if server is not None:
                for pid in await server.serving(target.name):
                    db_cpu[pid] = max(db_cpu.get(pid, 0.0), pid_cpu(pid))
            if kill_at is not None and time.monotonic() >= kill_at:
                kill_at = None
                victims = [
                    next(p for p in procs if p.kind == kind)
                    for kind in ("bot", "worker")
                    if any(p.kind == kind for p in procs)
                ]
                for victim in victims:
                    killed_pids.update(_group_pids(victim.popen.pid))
                    os.killpg(victim.popen.pid, signal.SIGKILL)
                    victim.popen.wait()
                    victim.killed = True
                await asyncio.sleep(3.0)  # then started again, as a container would be
                rest = dict(
                    run.__dict__, seconds=max(1.0, started + run.seconds - time.monotonic())
                )
                again = Run(**rest)
                procs += [spawn(v.kind, v.index, target, again, folder) for v in victims]
            await asyncio.sleep(0.5)
        wall = time.monotonic() - started
        for p in procs:
            if p.popen.poll() is None:
                p.cpu = max(p.cpu, group_cpu(p.popen.pid))
                p.popen.send_signal(signal.SIGTERM)
        for p in procs:
            p.popen.wait(timeout=120)
    if server is not None:
        await server.close()
    return {
        "wall": wall,
        "load": [round(x, 1) for x in (*load_before, os.getloadavg()[0])],
        "bot_cpu": sum(p.cpu for p in procs if p.kind == "bot"),
        "worker_cpu": sum(p.cpu for p in procs if p.kind == "worker"),
        "db_cpu": sum(db_cpu.values()),
        "killed": sorted(killed_pids),
        "started": time.time() - wall,
    }


def _group_pids(pgid: int) -> set[int]:
    pids = set()
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                fields = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid:
                pids.add(int(entry.name))
    return pids


def read_lines(folder: Path, pattern: str) -> list[dict[str, Any]]:
    out = []
    for path in sorted(folder.glob(pattern)):
        for line in path.read_text().splitlines():
            if line.strip():
                out.append(json.loads(line))
    return out


async def check(
    target: Target, folder: Path, killed: set[int], armed: int, since: float
) -> dict[str, Any]:
    """Drain what is left (as a bot starting would), then check the run's promises."""
    from bot.outbox import drain
    from bot.service import OWNER_STALE, MoveOutcome, Service

    posts = Record(folder / "posts-final.jsonl")
    service = await Service.open(target.database, name="scale-check")
    try:

        async def post(outcome: MoveOutcome) -> None:
            posts.write(k=["move", outcome.game_id, outcome.version], pid=0)

        # A killed process's claims bind nobody once it has been silent OWNER_STALE seconds.
        for _ in range(int(OWNER_STALE * 4)):
            await drain(service, post)
            for due in await service.claim_reminders():
                posts.write(k=["remind", due.game_id, due.kind, due.due_at, *due.user_ids], pid=0)
                await service.mark_reminder_sent(due)
            async with service.db.read():
                waiting = await service.db.outbox()
                due_now = await service.db.due(time.time())
            if not waiting and not due_now:
                break
            await asyncio.sleep(0.5)
        acks = read_lines(folder, "acks-*.jsonl")
        sent = read_lines(folder, "posts-*.jsonl")
        by_game: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for a in acks:
            by_game[a["g"]].append(a)
        missing = 0
        for game_id, acked in by_game.items():
            async with service.db.read():
                log = [(r.seat, r.action) for r in await service.db.actions(game_id)]
            it = iter(log)
            for a in sorted(acked, key=lambda a: a["v"]):
                if (a["s"], a["a"]) not in it:  # in order, each once
                    missing += 1
        posted_moves: dict[int, int] = defaultdict(int)
        attempts: dict[tuple[Any, ...], list[int]] = defaultdict(list)
        for p in sent:
            attempts[tuple(p["k"])].append(p.get("pid", -1))
            if p["k"][0] == "move":
                posted_moves[p["k"][1]] = max(posted_moves[p["k"][1]], p["k"][2])
        lost = sum(1 for a in acks if posted_moves.get(a["g"], -1) < a["v"])
        resent = doubled = 0
        for who in attempts.values():
            if len(who) > 1:
                if all(pid in killed for pid in who[:-1]):
                    resent += 1  # same nonce: Discord hands back the first message
                else:
                    doubled += 1
        computer_games: set[int] = set()
        async with service.db.read():
            for g in json.loads((folder / "games.json").read_text()):
                if g[3] < 0:
                    computer_games.add(g[0])
        touched = sorted(set(by_game) | (computer_games & set(posted_moves)))
        bad = [g for g in touched if not await service.verify(g)]
        computer_moves = 0
        async with service.db.read():
            left = len(await service.db.outbox())
            unsent = len(await service.db.due(time.time()))
            for g in sorted(computer_games & set(posted_moves)):
                rows = await service.db.actions(g)
                computer_moves += sum(1 for r in rows if r.seat == 1 and r.at >= since)
        reminders = sum(1 for k in attempts if k[0] == "remind")
    finally:
        await service.close()
    return {
        "acked": len(acks),
        "acked_missing": missing,
        "games_verified": len(touched),
        "replay_mismatch": len(bad),
        "announcements": sum(1 for k in attempts if k[0] == "move"),
        "announcements_lost": lost + left,
        "reminders_armed": armed,
        "reminders_sent": reminders,
        "reminders_due_unsent": unsent,
        "computer_moves": computer_moves,
        "resent_after_kill": resent,
        "doubled": doubled,
    }


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def one(run: Run, target: Target, folder: Path, armed: int) -> dict[str, Any]:
    for old in folder.glob("*.jsonl"):
        old.unlink()
    m = await measure(run, target, folder)
    checks = await check(target, folder, set(m["killed"]), armed, m["started"])
    checks["killed"] = len(m["killed"])
    acks = read_lines(folder, "acks-*.jsonl")
    lat = [a["lat"] * 1000 for a in acks]
    moves = max(1, len(acks))
    computer = checks["computer_moves"]
    return {
        "backend": run.backend,
        "bots": run.bots,
        "workers": run.workers,
        "games": run.games,
        "offered": run.rate,
        "moves": len(acks),
        "moves_s": round(len(acks) / m["wall"], 1),
        "p50": round(percentile(lat, 0.50), 1),
        "p95": round(percentile(lat, 0.95), 1),
        "p99": round(percentile(lat, 0.99), 1),
        "bot_cpu_ms": round(1000 * m["bot_cpu"] / moves, 1),
        "db_cpu_ms": round(1000 * m["db_cpu"] / moves, 1),
        "worker_cpu_ms_per_computer_move": round(1000 * m["worker_cpu"] / max(1, computer), 1),
        "db_mb": round(await database_size(target) / 1e6, 1),
        "load": m["load"],
        "kill": run.kill,
        "checks": checks,
    }


COLUMNS = (
    ("backend", "backend"), ("bots", "K"), ("workers", "W"), ("games", "games"),
    ("offered", "offered/s"), ("moves_s", "moves/s"), ("p50", "p50 ms"), ("p95", "p95 ms"),
    ("p99", "p99 ms"), ("bot_cpu_ms", "bot CPU ms/move"), ("db_cpu_ms", "PG CPU ms/move"),
    ("db_mb", "db MB"), ("load", "load 1/5/15 -> 1"),
)  # fmt: skip
CHECKS = (
    ("killed", "pids killed with SIGKILL (bot, worker and their thinking pools)"),
    ("acked", "acknowledged moves"), ("acked_missing", "acknowledged, not in the log"),
    ("games_verified", "games replayed"), ("replay_mismatch", "log does not replay to snapshot"),
    ("announcements", "announcements posted"), ("announcements_lost", "announcements lost"),
    ("reminders_armed", "reminders armed"), ("reminders_sent", "reminders sent"),
    ("reminders_due_unsent", "reminders due, never sent"), ("computer_moves", "computer moves"),
    ("resent_after_kill", "re-sent after a kill (same nonce)"), ("doubled", "doubled"),
)  # fmt: skip


def table(rows: list[dict[str, Any]]) -> str:
    head = "| " + " | ".join(t for _, t in COLUMNS) + " |"
    out = [head, "|" + "---|" * len(COLUMNS)]
    for r in rows:
        cells = [" ".join(map(str, r[k])) if k == "load" else str(r[k]) for k, _ in COLUMNS]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def check_table(rows: list[dict[str, Any]]) -> str:
    out = [
        "| check | "
        + " | ".join(f"{r['backend']} K={r['bots']} {r['offered']}/s" for r in rows)
        + " |"
    ]
    out.append("|---|" + "---|" * len(rows))
    for key, title in CHECKS:
        out.append(f"| {title} | " + " | ".join(str(r["checks"][key]) for r in rows) + " |")
    return "\n".join(out)


def ok(row: dict[str, Any]) -> bool:
    c = row["checks"]
    return not (
        c["acked_missing"]
        or c["replay_mismatch"]
        or c["announcements_lost"]
        or c["doubled"]
        or c["reminders_due_unsent"]
    )


async def main_async(args: argparse.Namespace) -> int:
    rates = [float(r) for r in args.rates.split(",")] if args.rates else [args.rate]
    counts = [int(k) for k in args.sweep_bots.split(",")] if args.sweep_bots else [args.bots]
    backends = ["postgresql", "sqlite"] if args.backend == "both" else [args.backend]
    rows = []
    for backend in backends:
        sweep = [(k, args.workers) for k in counts] if backend == "postgresql" else [(1, 0)]
        async with fresh_target(backend, args.server) as target:
            folder = Path(target.folder)
            began = time.monotonic()
            games = await set_up_all(target, args.games, args.computers, args.seed)
            print(
                f"{backend}: {args.games} games set up in {time.monotonic() - began:.1f} s",
                file=sys.stderr,
            )
            for (bots, workers), rate in ((bw, r) for bw in sweep for r in rates):
                run = Run(backend, args.games, rate, args.seconds, bots, workers, args.kill)
                run.render = args.render
                armed = await arm_reminders(target, games, args.reminders, args.seconds)
                row = await one(run, target, folder, armed)
                rows.append(row)
                print(json.dumps(row), file=sys.stderr)
    print(table(rows))
    print()
    print(check_table(rows))
    if args.json:
        print(json.dumps(rows))
    return 0 if all(ok(r) for r in rows) else 1


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n")[0])
    p.add_argument("--backend", choices=("postgresql", "sqlite", "both"), default="both")
    p.add_argument("--server", default=SERVER, help="a PostgreSQL URL to create the database on")
    p.add_argument("--games", type=int, default=1000, help="active games (up to 50,000)")
    p.add_argument("--rate", type=float, default=20.0, help="moves arriving per second, in all")
    p.add_argument("--rates", help="a sweep: several rates, one run each, e.g. 20,40,80")
    p.add_argument("--seconds", type=float, default=30.0, help="each run's length")
    p.add_argument("--bots", type=int, default=2, help="bot processes (PostgreSQL)")
    p.add_argument("--sweep-bots", help="a sweep of bot process counts, e.g. 1,2,4 (PostgreSQL)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (PostgreSQL)")
    p.add_argument("--computers", type=float, default=0.02, help="share of games with a computer")
    p.add_argument("--reminders", type=int, default=40, help="games with a reminder due")
    p.add_argument("--kill", action="store_true", help="SIGKILL a bot and a worker at half time")
    p.add_argument("--render", action="store_true", help="draw each move's board, as a bot does")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="also print the rows as JSON")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 50_000:
        p.error("--games goes from 1 to 50,000")
    return args


def parse_bot(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.scale _bot")
    for name in ("--database", "--folder", "--computers"):
        p.add_argument(name, required=True)
    p.add_argument("--index", type=int, required=True)
    p.add_argument("--of", type=int, required=True)
    p.add_argument("--rate", type=float, required=True)
    p.add_argument("--seconds", type=float, required=True)
    p.add_argument("--inflight", type=int, default=32)
    p.add_argument("--render", action="store_true")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["_bot"]:
        asyncio.run(bot_process(parse_bot(argv[1:])))
        return 0
    return asyncio.run(main_async(parse(argv)))


if __name__ == "__main__":
    sys.exit(main())
