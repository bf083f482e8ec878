"""Random games played through the Discord layer, with what the table saw counted.

Every move is a ``/play move:<notation>`` slash-command payload from the player to act (a random
legal move, token by token from the service's completion), delivered through discord.py's real
gateway parser and command tree to the loopback stand-in. For each command the notifications the
stand-in recorded are compared with the turn change the service reports (who must act now that
did not have to before). Used by the tests and by ``bench/discord_turns.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import engines
from bot.discord_adapter import TurnpostBot
from bot.service import User
from engines.base import END
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, Player, deliver, slash

SEATS = [Player(1001 + i, n) for i, n in enumerate(["Alice", "Bob", "Dave", "Erin", "Fay"])]


@dataclass
class GameRecord:
    """What one game through the Discord layer produced."""

    game: str
    moves: int = 0
    #: Turn changes: the start, and every command after which someone must act who did not.
    turn_changes: int = 0
    #: Messages created for everyone from the start on (boards, announcements).
    public_messages: int = 0
    notifications: int = 0
    #: Commands whose notifications differ from the turn change, with (expected, notified).
    mismatches: list[tuple[int, list[int], list[int]]] = field(default_factory=list)
    finished: bool = False

    @property
    def messages_per_turn(self) -> float:
        return self.public_messages / max(1, self.turn_changes)

    @property
    def pings_per_turn_change(self) -> float:
        return self.notifications / max(1, self.turn_changes)


async def random_move(bot: TurnpostBot, user: User, rng: random.Random) -> str:
    """A uniformly chosen legal move (from the list, or token by token)."""
    legal = await bot.service.legal(CHANNEL_ID, user)
    if legal:
        return rng.choice(sorted(legal))
    chosen: list[str] = []
    for _ in range(64):
        options = await bot.service.complete(CHANNEL_ID, user, " ".join(chosen))
        tok = rng.choice(options)
        if tok == END:
            return " ".join(chosen)
        chosen.append(tok)
    raise AssertionError("completion never offered the end of a move")


async def _command(
    bot: TurnpostBot, fake: FakeDiscord, record: GameRecord, payload: dict[str, object]
) -> None:
    before = (await bot.service.game(CHANNEL_ID)).to_act
    before = before if (await bot.service.game(CHANNEL_ID)).status == "active" else ()
    mark = len(fake.sent)
    await deliver(bot, payload)  # type: ignore[arg-type]
    info = await bot.service.game(CHANNEL_ID)
    after = info.to_act if info.status == "active" else ()
    expected = [u for u in after if u not in before]
    notified = fake.notified(mark)
    record.public_messages += len(fake.public_messages(mark))
    record.notifications += len(notified)
    record.turn_changes += bool(expected)
    if Counter(notified) != Counter(expected):
        record.mismatches.append((record.moves, expected, notified))
    bad = [s for s in fake.since(mark) if s.status != 200]
    assert not bad, [(s.method, s.path, s.status) for s in bad]


async def play_random_game(
    bot: TurnpostBot,
    fake: FakeDiscord,
    game: str,
    *,
    seed: int | str,
    players: int | None = None,
    max_moves: int | None = None,
) -> GameRecord:
    """Open a table of ``players`` (default: the game's minimum, at least 2), start it and play
    random legal moves by slash command until the game ends (or ``max_moves``)."""
    meta = engines.get(game).meta
    seats = SEATS[: players or max(2, meta.min_players)]
    await deliver(bot, slash(seats[0], "game new", game=game, players=len(seats)))
    for p in seats[1:]:
        await deliver(bot, slash(p, "game join"))
    record = GameRecord(game)
    await _command(bot, fake, record, slash(seats[0], "game start"))
    by_id = {p.id: p for p in seats}
    rng = random.Random(f"{game}:{seed}")
    while max_moves is None or record.moves < max_moves:
        info = await bot.service.game(CHANNEL_ID)
        if info.status != "active":
            break
        player = by_id[rng.choice(info.to_act)]
        move = await random_move(bot, User(player.id, player.name), rng)
        await _command(bot, fake, record, slash(player, "play", move=move))
        record.moves += 1
    record.finished = (await bot.service.game(CHANNEL_ID)).status == "finished"
    return record
