"""Whole games played by the move builder alone: every player only taps (the "Your move" button on
the live board, then the builder's selects and its Confirm), never types a move. Each interaction
goes through discord.py's real gateway parser, dynamic-item routing and HTTP client to the loopback
stand-in, which refuses what Discord would. Used by the tests and by ``bench/discord_turns.py``.

What one game produced is counted in a :class:`TapRecord`: taps per command and per turn, what was
typed (nothing), public messages and notifications per turn change, and each interaction's first
response latency (from delivery to the first callback the stand-in received).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import engines
from bot.discord_adapter import TurnpostBot
from tests.discord.driver import SEATS
from tests.discord.loopback import (
    CHANNEL_ID,
    DELIVERED,
    FakeDiscord,
    Player,
    Sent,
    click,
    deliver,
    every_component,
    slash,
)


@dataclass
class TapRecord:
    """What one builder-only game through the Discord layer produced."""

    game: str
    commands: int = 0
    turns: int = 0
    taps: int = 0
    #: Taps spent on each command (the "Your move" tap counts for the turn's first command).
    taps_per_command: list[int] = field(default_factory=list)
    taps_per_turn: list[int] = field(default_factory=list)
    #: Characters of moves typed (slash-command options): the builder needs none.
    typed: int = 0
    turn_changes: int = 0
    public_messages: int = 0
    notifications: int = 0
    #: Seconds from an interaction's delivery to its first response, per tap.
    first_response: list[float] = field(default_factory=list)
    #: Requests the stand-in refused (Discord's limits), as (method, path, status).
    refused: list[tuple[str, str, int]] = field(default_factory=list)
    mismatches: list[tuple[int, list[int], list[int]]] = field(default_factory=list)
    finished: bool = False


class Tapper:
    """Plays one table by tapping, recording as it goes."""

    def __init__(self, bot: TurnpostBot, fake: FakeDiscord, record: TapRecord, seed: Any) -> None:
        self.bot, self.fake, self.record = bot, fake, record
        self.rng = random.Random(f"taps:{record.game}:{seed}")

    async def tap(self, payload: dict[str, Any]) -> list[Sent]:
        """Deliver one interaction; what the bot sent in answer (checked: nothing refused)."""
        mark = len(self.fake.sent)
        await deliver(self.bot, payload)
        sent = self.fake.since(mark)
        self.record.taps += 1
        token = payload["token"]
        first = next((s for s in sent if token in s.path and "/callback" in s.path), None)
        assert first is not None, "the interaction was never answered"
        self.record.first_response.append(first.at - DELIVERED[token]["at"])
        self.record.refused += [(s.method, s.path, s.status) for s in sent if s.status != 200]
        return sent

    def live_board(self) -> tuple[dict[str, Any], str]:
        """The public message holding the "Your move" button, and that button's custom id."""
        for message in reversed(list(self.fake.messages.values())):
            if message["flags"] & 64:
                continue
            for item in every_component(message.get("components") or []):
                if str(item.get("custom_id", "")).startswith("tp:walk:"):
                    return message, item["custom_id"]
        raise AssertionError("no live board with a Your move button")

    @staticmethod
    def controls(message: dict[str, Any]) -> list[dict[str, Any]]:
        return [item for row in message.get("components") or [] for item in row["components"]]

    async def turn(self, player: Player) -> None:
        """``player`` opens the builder from the live board and plays until the turn passes."""
        board, walk = self.live_board()
        sent = await self.tap(click(player, board, walk))
        opened = sent[0]
        assert opened.callback_type == 4 and opened.ephemeral, opened.json
        builder_id = opened.message_id
        assert builder_id is not None
        taps = 1
        turn_taps = 1
        while True:
            message = self.fake.messages[builder_id]
            items = self.controls(message)
            confirm = [i for i in items if str(i.get("custom_id", "")).startswith("tp:bc:")]
            selects = [i for i in items if i.get("type") == 3]
            if confirm:
                before = await self._to_act()
                mark = len(self.fake.sent)
                await self.tap(click(player, message, confirm[0]["custom_id"]))
                taps += 1
                turn_taps += 1
                self._count_change(before, await self._to_act(), mark)
                self.record.commands += 1
                self.record.taps_per_command.append(taps)
                taps = 0
            elif selects:
                select = self.rng.choice(selects)
                option = self.rng.choice(select["options"])
                await self.tap(
                    click(player, message, select["custom_id"], values=[option["value"]])
                )
                taps += 1
                turn_taps += 1
            else:
                break  # the turn is over: the builder says so and offers nothing more
            info = await self.bot.service.game(CHANNEL_ID)
            if info.status != "active" or player.id not in info.to_act:
                break
        self.record.turns += 1
        self.record.taps_per_turn.append(turn_taps)

    async def _to_act(self) -> tuple[int, ...]:
        info = await self.bot.service.game(CHANNEL_ID)
        return info.to_act if info.status == "active" else ()

    def _count_change(self, before: tuple[int, ...], after: tuple[int, ...], mark: int) -> None:
        expected = [u for u in after if u not in before]
        notified = self.fake.notified(mark)
        self.record.public_messages += len(self.fake.public_messages(mark))
        self.record.notifications += len(notified)
        self.record.turn_changes += bool(expected)
        if Counter(notified) != Counter(expected):
            self.record.mismatches.append((self.record.commands, expected, notified))


async def play_by_taps(
    bot: TurnpostBot,
    fake: FakeDiscord,
    game: str,
    *,
    seed: Any = 1,
    players: int | None = None,
    options: str | None = None,
    max_commands: int = 3000,
) -> TapRecord:
    """Open a table of ``players`` (default: the game's minimum, at least 2), start it and play
    it to the end with the builder alone: random choices at every step, Confirm at the end."""
    meta = engines.get(game).meta
    seats = SEATS[: players or max(2, meta.min_players)]
    extra = {"options": options} if options else {}
    await deliver(bot, slash(seats[0], "game new", game=game, players=len(seats), **extra))
    for p in seats[1:]:
        await deliver(bot, slash(p, "game join"))
    record = TapRecord(game)
    tapper = Tapper(bot, fake, record, seed)
    mark = len(fake.sent)
    await deliver(bot, slash(seats[0], "game start"))
    record.public_messages += len(fake.public_messages(mark))
    record.notifications += len(fake.notified(mark))
    record.turn_changes += 1
    by_id = {p.id: p for p in seats}
    while record.commands < max_commands:
        info = await bot.service.game(CHANNEL_ID)
        if info.status != "active":
            break
        await tapper.turn(by_id[tapper.rng.choice(info.to_act)])
    record.finished = (await bot.service.game(CHANNEL_ID)).status == "finished"
    return record
