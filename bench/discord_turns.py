"""Public messages per turn and notifying pings per turn change, per game, printed as JSON:
``python -m bench.discord_turns [--games N] [--real-render] [--builder] [game ...]``.

Random games are played to the end through the Discord layer (``/play`` slash-command payloads
through discord.py's real command tree, against the loopback stand-in of the tests, which
notifies only for messages Discord creates and only the users ``allowed_mentions`` permits). Per
game it reports:

* ``public_messages_per_turn``: messages created for everyone, divided by the turn changes (the
  start and every command after which someone must act who did not have to before); target <= 1.2.
* ``pings_per_turn_change``: notifications divided by turn changes (1.0 when each turn change
  notifies exactly the one player whose turn it became).
* ``mismatched_commands``: commands whose notifications differ from the turn change (target 0).
* ``table_messages``: the channel messages created or edited (#26.2: every one a Components V2
  table message, ``classic_messages`` 0), and the most components and text characters one held
  (Discord's limits for a V2 message: 40 and 4,000; the stand-in refuses more).

By default boards are drawn by a tiny stand-in renderer (message counts do not depend on the
picture); ``--real-render`` draws the real boards.

``--show GAME [--moves N]`` prints the table message (#26.2) created after N random moves of a
3-player game as an outline of its components, with whom it notified.

``--builder`` plays every move with the move builder alone (#26.6: "Your move" on the live board,
the builder's selects, Confirm; ``tests/discord/tapping.py``) and reports per game:

* ``taps_per_command``: median and mean interactions per command (the "Your move" tap counts for
  the turn's first command); targets: median <= 3 for Bombay and Imhotep, <= 5 for Marco Polo
  and Brass; ``taps_per_turn`` likewise per turn;
* ``typed_characters``: characters of moves typed (0: the builder needs none);
* ``public_messages_per_turn_change``: target <= 1.1; ``pings_per_turn_change``: 1.0 when each
  turn change notifies exactly the player whose turn it became (``mismatched_commands`` 0);
* ``first_response_ms``: from an interaction's delivery to its first response, median and max
  (targets: median < 150 ms, never over 3000 ms; the stand-in's deadline is off while measuring).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
from typing import Any

import engines
from bench.discord_bench import Bench, with_bot
from bot import drawing
from tests.discord.driver import GameRecord, play_random_game
from tests.discord.tapping import TapRecord, play_by_taps
from tests.discord.test_turn_pings import quick_render


async def one_game(game: str, seed: int) -> tuple[GameRecord, dict[str, int]]:
    """One random game of ``game`` on a fresh bot and database, and the shape of its table
    messages (``FakeDiscord.table_shape``)."""

    async def run(b: Bench) -> tuple[GameRecord, dict[str, int]]:
        record = await play_random_game(b.bot, b.fake, game, seed=seed)
        return record, b.fake.table_shape()

    result: tuple[GameRecord, dict[str, int]] = await with_bot(run)
    return result


def shapes(found: list[dict[str, int]]) -> dict[str, int]:
    """The table messages of several games: V2 and classic counts, the most components and
    text characters one message held (Discord's limits: 40 and 4,000)."""
    return {
        "v2_messages": sum(f["v2"] for f in found),
        "classic_messages": sum(f["classic"] for f in found),
        "most_components": max(f["most_components"] for f in found),
        "most_text_chars": max(f["most_text"] for f in found),
    }


async def measure(games: list[str], per_game: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in games:
        played = [await one_game(game, seed) for seed in range(per_game)]
        records = [r for r, _ in played]
        turns = sum(r.turn_changes for r in records)
        out[game] = {
            "games": len(records),
            "finished": sum(r.finished for r in records),
            "commands": sum(r.moves for r in records),
            "turn_changes": turns,
            "public_messages": sum(r.public_messages for r in records),
            "notifications": sum(r.notifications for r in records),
            "public_messages_per_turn": round(
                sum(r.public_messages for r in records) / max(1, turns), 3
            ),
            "worst_game_public_messages_per_turn": round(
                max(r.messages_per_turn for r in records), 3
            ),
            "pings_per_turn_change": round(
                sum(r.notifications for r in records) / max(1, turns), 3
            ),
            "mismatched_commands": sum(len(r.mismatches) for r in records),
            "table_messages": shapes([f for _, f in played]),
        }
    return out


async def one_tapped_game(game: str, seed: int) -> tuple[TapRecord, dict[str, int]]:
    """One builder-only game of ``game`` on a fresh bot and database, and the shape of its
    table messages."""

    async def run(b: Bench) -> tuple[TapRecord, dict[str, int]]:
        record = await play_by_taps(b.bot, b.fake, game, seed=seed)
        return record, b.fake.table_shape()

    result: tuple[TapRecord, dict[str, int]] = await with_bot(run)
    return result


async def measure_builder(games: list[str], per_game: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in games:
        played = [await one_tapped_game(game, seed) for seed in range(per_game)]
        records = [r for r, _ in played]
        per_command = [n for r in records for n in r.taps_per_command]
        per_turn = [n for r in records for n in r.taps_per_turn]
        latency = [x * 1000 for r in records for x in r.first_response]
        changes = sum(r.turn_changes for r in records)
        out[game] = {
            "games": len(records),
            "finished": sum(r.finished for r in records),
            "commands": len(per_command),
            "turns": len(per_turn),
            "taps": sum(r.taps for r in records),
            "taps_per_command": {
                "median": statistics.median(per_command),
                "mean": round(statistics.mean(per_command), 2),
                "max": max(per_command),
            },
            "taps_per_turn": {
                "median": statistics.median(per_turn),
                "mean": round(statistics.mean(per_turn), 2),
            },
            "typed_characters": sum(r.typed for r in records),
            "public_messages_per_turn_change": round(
                sum(r.public_messages for r in records) / max(1, changes), 3
            ),
            "first_response_ms": {
                "median": round(statistics.median(latency), 1),
                "max": round(max(latency), 1),
            },
            "pings_per_turn_change": round(
                sum(r.notifications for r in records) / max(1, changes), 3
            ),
            "refused_requests": sum(len(r.refused) for r in records),
            "mismatched_commands": sum(len(r.mismatches) for r in records),
            "table_messages": shapes([f for _, f in played]),
        }
    return out


KINDS = {1: "action row", 2: "button", 10: "text display", 12: "media gallery", 14: "separator"}
KINDS[17] = "container"


def outline(components: list[dict[str, Any]], depth: int = 0) -> list[str]:
    """A Components V2 message as an indented outline: each component's kind, a text
    display's lines, a media item's URL, a button's label and custom id."""
    out: list[str] = []
    pad = "  " * depth
    for c in components:
        kind = KINDS.get(c.get("type", 0), f"type {c.get('type')}")
        if c.get("type") == 10:
            out.append(f"{pad}- {kind}:")
            out += [f"{pad}    {line}" for line in str(c.get("content", "")).splitlines()]
        elif c.get("type") == 12:
            urls = ", ".join(i["media"]["url"] for i in c.get("items") or [])
            out.append(f"{pad}- {kind}: {urls}")
        elif c.get("type") == 2:
            out.append(f'{pad}- {kind} "{c.get("label")}" ({c.get("custom_id")})')
        else:
            out.append(f"{pad}- {kind}")
        out += outline(c.get("components") or [], depth + 1)
    return out


async def show(game: str, seed: int, moves: int) -> str:
    """The table message after ``moves`` random moves of a 3-player ``game`` (seed ``seed``),
    as an outline, with what it notifies: ``--show GAME``."""

    async def run(b: Bench) -> str:
        await play_random_game(b.bot, b.fake, game, seed=seed, players=3, max_moves=moves)
        post = next(
            s
            for s in reversed(b.fake.sent)
            if s.kind == "create" and s.path.startswith("/channels/") and s.files
        )
        head = [
            f"flags: {post.json.get('flags')} (Components V2: 32768), files: "
            + ", ".join(f[1] for f in post.files),
            f"allowed_mentions: {json.dumps(post.json.get('allowed_mentions'))}",
            f"notified: {post.notified}",
        ]
        return "\n".join(head + outline(post.json.get("components") or []))

    shown: str = await with_bot(run)
    return shown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--games", type=int, default=3, help="random games per game id")
    parser.add_argument("--real-render", action="store_true", help="draw the real boards")
    parser.add_argument("--builder", action="store_true", help="play by the move builder alone")
    parser.add_argument("--show", metavar="GAME", help="print one table message as an outline")
    parser.add_argument("--moves", type=int, default=40, help="random moves before --show")
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)
    if not args.real_render:
        drawing.draw_public = quick_render
    if args.show:
        print(asyncio.run(show(args.show, 1, args.moves)))
        return 0
    games = args.game or [e.meta.id for e in engines.all_engines()]
    run = measure_builder if args.builder else measure
    print(json.dumps(asyncio.run(run(games, args.games)), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
