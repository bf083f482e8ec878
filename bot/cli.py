"""The ``turnpost`` command line: run, worker, console, selfplay, render, bench, arena, ratings,
health."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.config import Config, StartupError
from engines.catalog import CATALOG

NO_TOKEN = """\
No DISCORD_TOKEN is set (in the environment or in .env).

To run Turnpost on Discord:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", reset and copy the token; put DISCORD_TOKEN=<token> in a file named .env here
     (see .env.example for every setting).
  3. Under "OAuth2 > URL Generator", pick the scopes "bot" and "applications.commands" and the
     permissions Send Messages, Send Messages in Threads, Create Public Threads, Attach Files,
     Embed Links; open the URL to invite the bot to your server.
  4. Run `turnpost run` again.

Without Discord, try the local console: `turnpost console`
(several players at one terminal, same commands, boards written as PNG files).
"""


def _parse_options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes name=value, not {pair!r}")
        out[name.strip()] = value.strip()
    return out


#: A process with no terminal (a container, a service manager) and no token: one line, exit 1.
NO_TOKEN_LINE = (
    "No DISCORD_TOKEN is set (in the environment or .env): put the bot's token there (see"
    " .env.example), or run without Discord: `turnpost run --dry` (or TURNPOST_DRY=1) keeps the"
    " process on the database, beating, with no token."
)


def cmd_run(args: argparse.Namespace) -> int:
    config = Config.from_env()
    if config.database_url:
        # The database before the token: a host told only of the token would fix it and then
        # meet the database's problem on the next start.
        stop_if_unreachable(config.database_url)
    shards = getattr(args, "shards", None)
    if getattr(args, "dry", False) or config.dry:
        return run_dry(config, shards)
    if not config.token:
        if not sys.stdin.isatty():
            # Nobody to read the explanation or answer the question: a container restarting
            # on failure shows this line each time instead of exiting "successfully".
            raise StartupError(NO_TOKEN_LINE)
        print(NO_TOKEN)
        answer = input("Start the local console now? [Y/n] ").strip().lower()
        if answer in ("", "y", "yes"):
            return cmd_console(args)
        return 0
    from bot.discord_adapter import run

    if not config.database_url:
        stop_if_damaged(config.db_path)
    run(
        config,
        force_sync=True if getattr(args, "sync", False) else None,
        shard_ids=shards,
        shard_count=getattr(args, "shard_count", None) if shards is not None else None,
    )
    return 0


def run_dry(config: Config, shards: list[int] | None) -> int:
    """``turnpost run --dry``: the bot process without Discord (bot/dry.py)."""
    import logging

    from bot.dry import main as dry_main
    from bot.storage import StorageError

    logging.basicConfig(level=config.log_level, format="%(asctime)s %(name)s %(message)s")
    if not config.database_url:
        stop_if_damaged(config.db_path)
    try:
        dry_main(config, shards=shards)
    except StorageError as exc:
        raise StartupError(str(exc)) from None
    return 0


def shard_list(text: str) -> list[int]:
    """``--shards``: shard ids as ranges and single ids, ``0-3`` or ``0,2,5-7``."""
    ids: set[int] = set()
    for part in text.split(","):
        first, sep, last = part.strip().partition("-")
        try:
            low = int(first)
            high = int(last) if sep else low
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r}: shard ids are whole numbers and ranges, e.g. 0-3 or 0,2,5-7"
            ) from None
        if low < 0 or high < low:
            raise argparse.ArgumentTypeError(f"{part.strip()!r}: a range goes up from 0, e.g. 0-3")
        ids.update(range(low, high + 1))
    return sorted(ids)


def check_shards(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--shards`` needs ``--shard-count``, and every id below it."""
    shards, count = getattr(args, "shards", None), getattr(args, "shard_count", None)
    if shards is None and count is None:
        return
    if shards is None or count is None:
        parser.error("--shards and --shard-count go together, e.g. --shards 0-3 --shard-count 8")
    if count < 1 or max(shards) >= count:
        parser.error(f"--shards {max(shards)} is not below --shard-count {count} (ids start at 0)")


def cmd_worker(args: argparse.Namespace) -> int:
    """``turnpost worker``: computer seats and hints only, no Discord (bot/worker.py)."""
    import asyncio
    import logging

    from bot.storage import StorageError
    from bot.worker import main as worker_main

    config = Config.from_env()
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(name)s %(message)s")
    if not config.database_url:
        stop_if_damaged(config.db_path)
    try:
        asyncio.run(
            worker_main(
                config.database,
                lang=config.lang,
                ready=lambda: print("worker ready", flush=True),
                name=config.name,
            )
        )
    except StorageError as exc:
        raise StartupError(str(exc)) from None
    return 0


def cmd_console(args: argparse.Namespace) -> int:
    from bot.console import main as console_main
    from bot.storage.backend import is_url

    config = Config.from_env()
    db = getattr(args, "db", None) or config.database
    out = getattr(args, "out", None) or config.out_dir
    problem = folder_problem(Path(out))
    if problem is not None:
        raise StartupError(
            f"Board images cannot be written to {out}: {problem} (TURNPOST_OUT or --out)."
        )
    if is_url(db):
        stop_if_unreachable(str(db))
    else:
        stop_if_damaged(Path(db))
        db = Path(db)
    lang = getattr(args, "lang", None) or config.lang
    boards = not getattr(args, "no_boards", False)
    return console_main(db_path=db, out_dir=Path(out), lang=lang, boards=boards)


def stop_if_unreachable(url: str) -> None:
    """Refuse to start on a PostgreSQL database that cannot be reached or logged into, or whose
    schema is newer than this code (one line; #25.6). Pending migrations are fine: the start
    runs them."""
    import asyncio

    from bot.storage import SCHEMA_VERSION, SchemaTooNew
    from bot.storage.postgres import probe

    _server, version = asyncio.run(probe(url))
    if version is not None and version > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"This database has schema version {version}, but this Turnpost only knows versions"
            f" up to {SCHEMA_VERSION}. Upgrade Turnpost, or point TURNPOST_DATABASE_URL at"
            " another database."
        )


def stop_if_damaged(db: Path) -> None:
    """Refuse to start on a database whose pages are damaged (one line, not a traceback on the
    first command that reads them; issue 22.4): ``turnpost health`` says what is wrong."""
    from bot.storage import damage_problem

    problem = damage_problem(db)
    if problem is not None:
        raise problem


def folder_problem(folder: Path) -> str | None:
    """Why files cannot be written into ``folder`` (created if missing), or None. Tried for
    real, since permission bits do not tell the whole story (root, read-only mounts)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def cmd_selfplay(args: argparse.Namespace) -> int:
    from bot.selfplay import selfplay

    summary = selfplay(
        args.game,
        players=args.players,
        games=args.games,
        seed=args.seed,
        options=_parse_options(args.option),
        verbose=args.verbose,
    )
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


def cmd_render(args: argparse.Namespace) -> int:
    import engines
    from bot import drawing
    from engines.kit import last_mark, with_earned
    from engines.randomplay import random_play
    from engines.rng import Rng

    engine = engines.get(args.game)
    players = args.players or engine.meta.min_players
    state = engine.setup(
        players, engine.meta.validate_options(_parse_options(args.option)), args.seed
    )
    state, steps = random_play(engine, state, Rng(args.seed), args.moves)
    # The last move's mark as the service logs it, with what the move earned (#28.3).
    recent = []
    if steps:
        before, seat, text = steps[-1]
        earned = engine.earned(engine.play(before, seat, text)[1])
        recent = [with_earned(last_mark(engine.view(state, None)), earned)]
    names = args.names.split(",") if args.names else [f"Player {i + 1}" for i in range(players)]
    # The drawing calls a table uses, so the board is the one a table in ``--lang`` sees.
    if args.seat is not None:
        png = drawing.draw_private(args.game, state, args.seat, names, lang=args.lang)
    else:
        png = (
            drawing.draw_glance(args.game, state, names, lang=args.lang)
            if args.glance
            else drawing.draw_public(args.game, state, names, recent, lang=args.lang)
        )
    if png is None:
        print(f"{engine.meta.title} has no private board for a seat.", file=sys.stderr)
        return 1
    Path(args.out).write_bytes(png)
    print(f"wrote {args.out} ({len(png)} bytes)")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    import engines
    from bot import bench

    games = [args.game] if args.game else engines.builtin_ids()
    report: dict[str, object] = {
        "engines": [bench.bench_engine(g, games=args.games) for g in games]
    }
    if not args.skip_service:
        report["service"] = bench.bench_service(stored=args.stored, game=args.game)
    print(json.dumps(report, indent=2))
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    import engines
    from engines.ai import arena

    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]

    def each(game: int, record: arena.GameRecord) -> None:
        seats = " ".join(f"{k}={s}" for k, s in zip(record.kinds, record.scores, strict=True))
        print(f"game {game + 1}: {seats} winners={list(record.winners)} moves={record.moves}")

    sprt = None
    if args.sprt:
        try:
            p0, p1 = (float(x) for x in args.sprt.split(","))
        except ValueError:
            raise SystemExit(
                f"--sprt takes P0,P1 (win shares, e.g. 0.5,0.65), not {args.sprt!r}"
            ) from None
        if not 0 < p0 < p1 < 1:
            raise SystemExit(f"--sprt needs 0 < P0 < P1 < 1, not {args.sprt!r}")
        sprt = arena.Sprt(kinds[0], p0, p1)

    summary = arena.run(
        engines.get(args.game),
        args.players,
        args.games,
        kinds,
        args.seed,
        seconds=args.seconds,
        iterations=args.iterations,
        each=each,
        jobs=args.jobs,
        options=_parse_options(args.option),
        sprt=sprt,
        report=args.report,
    )
    if args.report == "behaviour":
        print(behaviour_report(summary))
    if sprt is not None:
        test = summary["sprt"]
        print(
            f"SPRT after {test['games']} games: {test['says']}"
            f" (log-likelihood ratio {test['llr']}, bounds ±{test['bound']})"
        )
    print(json.dumps(summary))
    return 0


def behaviour_report(summary: dict[str, Any]) -> str:
    """The behaviour tables of an arena run (``--report behaviour``): each metric's median and
    mean over the games, per seat kind and per seat at the table."""
    from engines.ai.behaviour import table

    lines = ["behaviour per seat kind (median and mean over every seat of the kind):"]
    lines += table(summary["behaviour"])
    lines += ["behaviour per seat (seat 1 moves first):"]
    lines += table(summary["behaviour_by_seat"])
    return "\n".join(lines)


def cmd_ratings(args: argparse.Namespace) -> int:
    """``turnpost ratings [--rebuild]``: every stored rating as JSON lines (one per game, server
    and player; guild 0 is all servers), after recomputing them all from the stored results in
    the order they were taken in when ``--rebuild`` is given; the last line is a JSON summary."""
    import asyncio

    from bot.service import Service
    from bot.storage import StorageError

    async def go() -> int:
        config = Config.from_env()
        service = await Service.open(config.database, announces=False)
        try:
            games = await service.rebuild_ratings() if args.rebuild else None
            async with service.db.read():
                rows = await service.db.all_ratings()
        finally:
            await service.close()
        for r in rows:
            print(json.dumps(dataclasses.asdict(r)))
        print(json.dumps({"rebuilt_games": games, "ratings": len(rows)}))
        return 0

    try:
        return asyncio.run(go())
    except StorageError as exc:
        raise StartupError(str(exc)) from None


def cmd_migrate(args: argparse.Namespace) -> int:
    """``turnpost migrate FROM TO``: copy a database (SQLite file or PostgreSQL URL) into an
    empty one and check every game replays to the same state (bot/migrate.py)."""
    import asyncio

    from bot.config import url_problem
    from bot.migrate import migrate, summary

    for target in (args.source, args.destination):
        problem = url_problem(target) if "://" in target else None
        if problem is not None:
            raise StartupError(problem.replace("Setting TURNPOST_DATABASE_URL", "The URL"))
    report = asyncio.run(migrate(args.source, args.destination))
    for line in summary(report):
        print(line)
    return 1 if report.mismatched else 0


def cmd_health(args: argparse.Namespace) -> int:
    from bot.health import process_problem, status

    config = Config.from_env()
    problem, found = status(config)
    process = getattr(args, "process", None)
    if problem is None and process is not None:
        name = process or config.name
        problem, seen = process_problem(config, name)
        found = f"{found}; {seen}" if found else seen
    if problem:
        print(problem, file=sys.stderr)
        return 1
    print(f"ok ({found})" if found else "ok")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    p = argparse.ArgumentParser(prog="turnpost", description="Board games in Discord channels.")
    sub = p.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run the Discord bot (reads .env)")
    run.add_argument(
        "--sync", action="store_true", help="sync slash commands even if they have not changed"
    )
    run.add_argument(
        "--shards",
        type=shard_list,
        metavar="IDS",
        help="run only these shards, e.g. 0-3 (several processes share the bot's guilds)",
    )
    run.add_argument("--shard-count", type=int, metavar="N", help="the bot's shards in all")
    run.add_argument(
        "--dry",
        action="store_true",
        help="no Discord, no token: the database, the beat and the passes that post nothing"
        " (also TURNPOST_DRY=1)",
    )
    w = sub.add_parser(
        "worker", help="run computer seats and hints for the bots (TURNPOST_COMPUTERS=worker)"
    )
    w.set_defaults(fn=cmd_worker)
    run.set_defaults(fn=cmd_run)

    c = sub.add_parser("console", help="play locally in the terminal, hot-seat")
    c.add_argument("--db", help="database file (default: TURNPOST_DB or turnpost.db)")
    c.add_argument("--out", help="folder for board images (default: TURNPOST_OUT or boards/)")
    c.add_argument("--lang", help="language of the messages: en, ja, es (default: TURNPOST_LANG)")
    c.add_argument("--no-boards", action="store_true", help="text only: draw no board images")
    c.set_defaults(fn=cmd_console)

    s = sub.add_parser("selfplay", help="random legal games to the end")
    s.add_argument("game")
    s.add_argument("--players", type=int)
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    s.add_argument("--verbose", action="store_true", help="print tracebacks of failed games")
    s.set_defaults(fn=cmd_selfplay)

    r = sub.add_parser("render", help="draw a board after N random moves")
    r.add_argument("game")
    r.add_argument("--players", type=int)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--moves", type=int, default=0)
    r.add_argument("--names", help="display names by seat, comma-separated")
    r.add_argument("--seat", type=int, help="draw this seat's private board instead")
    r.add_argument("--glance", action="store_true", help="draw the glance beside the board instead")
    r.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    r.add_argument(
        "--lang",
        choices=CATALOG.languages(),
        default="en",
        help="the table's language the board speaks",
    )
    r.add_argument("--out", required=True)
    r.set_defaults(fn=cmd_render)

    b = sub.add_parser("bench", help="timings as JSON")
    b.add_argument("game", nargs="?")
    b.add_argument("--games", type=int, default=5, help="random games sampled per engine")
    b.add_argument("--stored", type=int, default=10_000, help="finished games in the service db")
    b.add_argument("--skip-service", action="store_true")
    b.set_defaults(fn=cmd_bench)

    a = sub.add_parser("arena", help="computer seats play each other; last line JSON")
    a.add_argument("game")
    a.add_argument("--players", type=int, default=2)
    a.add_argument("--games", type=int, default=10)
    a.add_argument(
        "--seats",
        default="normal,random",
        help="seat kinds: the levels, or v1 (the frozen reference), e.g. normal,v1",
    )
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--seconds", type=float, default=1.0, help="thinking time per move")
    a.add_argument("--iterations", type=int, help="search iterations instead of a time budget")
    a.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    a.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    a.add_argument(
        "--sprt",
        metavar="P0,P1",
        help="stop when a sequential probability ratio test decides, at 95 %% confidence, "
        "whether the first seat kind wins at most P0 or at least P1 of the games "
        "(e.g. 0.5,0.65; --games is then the most played)",
    )
    a.add_argument(
        "--report",
        choices=("behaviour",),
        help="behaviour: also measure what the seats did in every game (per game's metrics, "
        "#24.3) and print their medians and means per seat kind and per seat",
    )
    a.set_defaults(fn=cmd_arena)

    rt = sub.add_parser("ratings", help="every rating as JSON lines (#27.1)")
    rt.add_argument(
        "--rebuild",
        action="store_true",
        help="first recompute every rating from the stored results, in finishing order",
    )
    rt.set_defaults(fn=cmd_ratings)

    h = sub.add_parser("health", help="container health check")
    h.add_argument(
        "--process",
        nargs="?",
        const="",
        metavar="NAME",
        help="also check that the process NAME (default: TURNPOST_PROCESS_NAME, else the host's"
        " name) beats in the database",
    )
    h.set_defaults(fn=cmd_health)

    m = sub.add_parser(
        "migrate", help="copy a database into an empty one (SQLite <-> PostgreSQL) and verify it"
    )
    m.add_argument("source", metavar="FROM", help="a SQLite file or a postgresql:// URL")
    m.add_argument("destination", metavar="TO", help="an empty database: file or URL")
    m.set_defaults(fn=cmd_migrate)
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``turnpost`` console script."""
    from engines.base import IllegalAction

    parser = build_parser()
    args = parser.parse_args(argv)
    check_shards(parser, args)
    try:
        return int(args.fn(args))
    except IllegalAction as exc:  # e.g. an unknown game or option: say so plainly
        print(str(exc), file=sys.stderr)
        return 2
    except StartupError as exc:  # the database, the token, the network, a folder: one line
        print(f"turnpost: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
