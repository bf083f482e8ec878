"""``/game replay`` (#27.4) through discord.py's real code paths and the loopback Discord.

A game that is over is stepped through publicly from the public view; a running one privately,
from the reader's own seat, up to now and never past it. Custom ids carry the game and the step
only. Bad input (an unknown game, a game with no moves, a step out of range) is answered clearly
and privately, and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from bot import drawing
from bot.discord_adapter import TurnpostBot
from bot.service import User
from tests.discord.conftest import ALICE, BOB, CAROL, BotFactory
from tests.discord.helpers import PLAYERS, PNG_MAGIC, open_table, send, to_act
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, Sent, click, slash
from tests.discord.test_private import Peek
from tests.discord.test_real_games import SEATS, play

CUSTOM_ID = re.compile(r"tp:rp[bn]:\d+:\d+|tp:rpj:\d+")


@pytest.fixture
def peek() -> Iterator[None]:
    engines.register(Peek())
    yield
    engines.unregister("peek")


async def finish_tally(bot: TurnpostBot) -> int:
    """Play the open Tally table to its end (first legal move each time); how many moves."""
    moves = 0
    while (info := await bot.service.game(CHANNEL_ID)).status == "active":
        (actor_id,) = info.to_act
        user = User(actor_id, PLAYERS[actor_id].name)
        legal = await bot.service.legal(CHANNEL_ID, user) or []
        await bot.service.act(CHANNEL_ID, user, legal[0], render=False)
        moves += 1
    return moves


def answer(sent: list[Sent]) -> Sent:
    """The replay message an interaction ended with (a followup or an edit of @original)."""
    return sent[-1]


def buttons(sent: Sent) -> dict[str, bool]:
    """The replay's buttons: custom id → disabled."""
    out = {}
    for row in sent.message["components"]:
        for c in row["components"]:
            if c["type"] == 2:
                out[c["custom_id"]] = bool(c.get("disabled"))
    return out


def jump_options(sent: Sent) -> list[dict[str, Any]]:
    for row in sent.message["components"]:
        for c in row["components"]:
            if c["type"] == 3:
                assert c["custom_id"].startswith("tp:rpj:")
                return list(c["options"])
    return []


async def test_a_finished_game_is_stepped_through_publicly_with_back_and_next(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_table(bot, fake)
    moves = await finish_tally(bot)
    log = await bot.service.log(CHANNEL_ID, 1, per_page=1000)

    # Anyone (here someone not seated) asks: a public message, the set-up first, with the board.
    sent = await send(bot, fake, slash(CAROL, "game replay"))
    assert sent[0].callback_type == 5 and not sent[0].ephemeral
    first = answer(sent)
    assert not first.visible_ephemeral
    head, digest = first.content.splitlines()
    # The round is the engine's public status line at that step (Tally's names the move).
    assert head == f"Replay of game #1: step 0 of {moves} (move 1, deck 14)"
    assert digest == "The set-up, before the first move."
    assert first.files[0][1] == "board.png" and first.files[0][2].startswith(PNG_MAGIC)
    assert buttons(first) == {"tp:rpb:1:0": True, "tp:rpn:1:1": False}

    # ▶ moves the same message on, one step at a time; each step's digest is its log line.
    message_id = first.message_id
    for step in (1, 2):
        message = fake.messages[message_id or ""]
        sent = await send(bot, fake, click(ALICE, message, f"tp:rpn:1:{step}"))
        assert sent[0].callback_type == 6
        shown = answer(sent)
        assert shown.kind == "edit" and shown.message_id == message_id
        assert shown.content.splitlines()[1] == log.lines[step - 1]
        assert f"step {step} of {moves}" in shown.content
        assert shown.files and shown.files[0][2].startswith(PNG_MAGIC)
    assert buttons(shown) == {"tp:rpb:1:1": False, "tp:rpn:1:3": False}
    # ◀ goes back.
    sent = await send(bot, fake, click(BOB, fake.messages[message_id or ""], "tp:rpb:1:1"))
    assert "step 1 of" in answer(sent).content
    # Every custom id names the game and a step, nothing else.
    assert all(CUSTOM_ID.fullmatch(c) for c in answer(sent).custom_ids())

    # "Jump to a round" reaches the last step, where ▶ is disabled.
    options = jump_options(answer(sent))
    assert 2 <= len(options) <= 25 and options[-1]["value"] == str(moves)
    message = fake.messages[message_id or ""]
    sent = await send(bot, fake, click(CAROL, message, "tp:rpj:1", values=[str(moves)]))
    assert f"step {moves} of {moves}" in answer(sent).content
    assert buttons(answer(sent)) == {f"tp:rpb:1:{moves - 1}": False, f"tp:rpn:1:{moves}": True}


async def test_a_step_past_now_is_refused_after_an_undo_and_changes_nothing(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    """A running game's replay goes up to now; a step that was now before an undo is refused."""
    await open_table(bot, fake)
    for _ in range(3):
        (actor_id,) = await to_act(bot)
        user = User(actor_id, PLAYERS[actor_id].name)
        legal = await bot.service.legal(CHANNEL_ID, user) or []
        await bot.service.act(CHANNEL_ID, user, next(m for m in legal if m != "draw"), render=False)
    reader = PLAYERS[actor_id]
    shown = answer(await send(bot, fake, slash(reader, "game replay")))
    assert "step 3 of 3" in shown.content
    message_id = shown.message_id
    sent = await send(bot, fake, click(reader, fake.messages[message_id or ""], "tp:rpb:1:2"))
    assert "step 2 of 3" in answer(sent).content
    await bot.service.undo(CHANNEL_ID, user, render=False)
    before = dict(fake.messages[message_id or ""])
    sent = await send(bot, fake, click(reader, fake.messages[message_id or ""], "tp:rpn:1:3"))
    refused = answer(sent)
    assert refused.visible_ephemeral and refused.message_id != message_id
    assert refused.content == "There is no step 3 in this replay: choose a step from 0 to 2."
    assert fake.messages[message_id or ""] == before


async def test_bad_input_unknown_game_and_a_game_with_no_moves(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    sent = await send(bot, fake, slash(ALICE, "game replay", game=99))
    assert answer(sent).ephemeral and answer(sent).content == (
        "There is no game #99 in this channel."
    )
    await send(bot, fake, slash(ALICE, "game new", game="tally", players=2))
    sent = await send(bot, fake, slash(ALICE, "game replay"))
    assert all(s.ephemeral or s.visible_ephemeral for s in sent)
    assert answer(sent).content == "Game #1 has no moves to replay yet."


async def test_a_running_games_replay_is_private_and_shows_only_the_readers_own_secrets(
    peek: None, make_bot: BotFactory, fake: FakeDiscord
) -> None:
    """Peek: playing a card shows the next player the top of the deck. Stepping through the
    running game, that player sees it again at that step; the mover and an onlooker never do,
    and nobody goes past now."""
    bot: TurnpostBot = await make_bot()
    await send(bot, fake, slash(ALICE, "game new", game="peek", players=2))
    await send(bot, fake, slash(BOB, "game join"))
    await send(bot, fake, slash(ALICE, "game start"))
    (mover_id,) = (await bot.service.game(CHANNEL_ID)).to_act
    mover = PLAYERS[mover_id]
    watcher = BOB if mover is ALICE else ALICE
    legal = await bot.service.legal(CHANNEL_ID, User(mover.id, mover.name)) or []
    card = next(m for m in legal if m.startswith("play"))
    await send(bot, fake, slash(mover, "play", move=card))

    seen: dict[int, str] = {}
    for reader in (watcher, mover, CAROL):
        sent = await send(bot, fake, slash(reader, "game replay"))
        assert sent[0].callback_type == 5 and sent[0].ephemeral
        shown = answer(sent)
        assert shown.visible_ephemeral
        assert "step 1 of 1, now is the last" in shown.content
        # Now is the last step: ▶ is disabled, and a step past now is refused.
        assert buttons(shown) == {"tp:rpb:1:0": False, "tp:rpn:1:1": True}
        seen[reader.id] = shown.content + str(shown.json)
    assert "Top of the deck" in seen[watcher.id]
    assert "Top of the deck" not in seen[mover.id]
    assert "Top of the deck" not in seen[CAROL.id]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any, int | None]]:
    """Every board the replay draws: (game, state, seat; None for the public board)."""
    calls: list[tuple[str, Any, int | None]] = []

    def public(game: str, state: Any, *args: Any, **kw: Any) -> bytes:
        calls.append((game, state, None))
        return PNG_MAGIC + b"public"

    def private(game: str, state: Any, seat: int, *args: Any, **kw: Any) -> bytes:
        calls.append((game, state, seat))
        return PNG_MAGIC + b"private"

    monkeypatch.setattr(drawing, "draw_public", public)
    monkeypatch.setattr(drawing, "draw_private", private)
    return calls


@pytest.mark.parametrize("game", ["brass", "bombay"])
async def test_a_running_replay_from_seat_0_never_shows_seat_1s_hidden_information(
    game: str,
    bot: TurnpostBot,
    fake: FakeDiscord,
    drawn: list[tuple[str, Any, int | None]],
) -> None:
    """Brass hands, Bombay rupees: stepping through a running game as seat 0 draws the public
    board and seat 0's own screen as they were at that step, never seat 1's; the jump select
    offers the rounds so far, and no step after now."""
    played = await play(bot, fake, game, 8)
    info = await bot.service.game(CHANNEL_ID)
    assert info.status == "active"
    reader = next(p for p in SEATS if p.id == info.seats[0].user_id)
    record = await bot.service.record(info.game_id)
    engine = engines.get(game)
    start = engine.setup(record["players"], record["options"], record["seed"])
    rows = [(a["seat"], a["action"]) for a in record["actions"]]
    states = [start, *engine.replay_steps(start, rows)]
    steps = len(rows)
    assert steps >= played

    sent = await send(bot, fake, slash(reader, "game replay"))
    shown = answer(sent)
    assert shown.visible_ephemeral and f"step {steps} of {steps}" in shown.content
    assert [f[1] for f in shown.files] == ["board.png", "private.png"]
    rounds = jump_options(shown)
    assert rounds and all(int(o["value"]) <= steps for o in rounds)
    message_id = shown.message_id
    del drawn[:]
    # Each round by the select, and the step before it by ◀ (only controls the message has).
    for option in rounds:
        step = int(option["value"])
        message = fake.messages[message_id or ""]
        pick = click(reader, message, "tp:rpj:1", values=[str(step)])
        shown = answer(await send(bot, fake, pick))
        assert f"step {step} of {steps}" in shown.content, shown.content
        assert all(CUSTOM_ID.fullmatch(c) for c in shown.custom_ids())
        if step > 0:
            message = fake.messages[message_id or ""]
            back = click(reader, message, f"tp:rpb:1:{step - 1}")
            shown = answer(await send(bot, fake, back))
            assert f"step {step - 1} of {steps}" in shown.content, shown.content
    assert drawn, "every step was served from the cache: nothing checked"
    for drawn_game, state, seat in drawn:
        assert drawn_game == game and seat in (None, 0)
        # The state drawn is one the game passed through (so seat 0's screen then), never later.
        assert any(engine.dumps(state) == engine.dumps(s) for s in states)
    assert any(seat == 0 for _, _, seat in drawn)


async def test_replay_texts_exist_in_every_language() -> None:
    from engines.catalog import CATALOG

    keys = [
        "service.replay_no_moves",
        "service.replay_step_range",
        "service.replay_head",
        "service.replay_head_running",
        "service.replay_setup",
        "service.replay_start",
        "discord.name.game.replay",
        "discord.cmd.replay",
        "discord.button_replay_back",
        "discord.button_replay_next",
        "discord.select_replay_round",
        "discord.replay_round_step",
    ]
    for lang in ("en", "es", "ja"):
        assert all(k in CATALOG.messages(lang) for k in keys), lang
