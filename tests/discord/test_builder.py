"""The move builder (#26.1): whole games played by tapping alone, through discord.py's real code
paths, and what every builder click may and may not do."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot import drawing
from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.builder import builder_view
from bot.service import User
from bot.service.builder import BuilderScreen
from engines.base import END
from engines.builder import Choice, Screen
from tests.discord.conftest import ALICE, BOB
from tests.discord.helpers import refusal, send
from tests.discord.loopback import (
    CHANNEL_ID,
    FakeDiscord,
    Player,
    Sent,
    click,
    deliver,
    every_component,
    slash,
)
from tests.discord.tapping import play_by_taps
from tests.discord.test_turn_pings import quick_render


@pytest.fixture
def quick_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drawing, "draw_public", quick_render)


#: Each game at its shortest table: Brass in its introductory (canal era only) mode.
SHORT = {
    "bombay": None,
    "imhotep": None,
    "marco_polo": None,
    "brass": "mode=intro",
}


@pytest.mark.parametrize("game", sorted(SHORT))
async def test_a_whole_game_is_played_by_tapping_the_builder_alone(
    bot: TurnpostBot, fake: FakeDiscord, game: str, quick_boards: None
) -> None:
    record = await play_by_taps(bot, fake, game, seed=1, options=SHORT[game])
    assert record.finished, f"{game}: not over after {record.commands} commands"
    assert record.typed == 0
    assert record.refused == []
    assert record.mismatches == []
    assert record.commands > 10 and record.turns > 4


BUILDER_ID = re.compile(r"tp:(bs|bg|bc|bf):[0-9a-z.:]*|tp:cancel")


def items(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The controls of a message (buttons and selects, however deeply nested)."""
    return [c for c in every_component(message.get("components") or []) if "custom_id" in c]


async def open_builder(
    bot: TurnpostBot, fake: FakeDiscord, game: str, options: str | None = None
) -> tuple[Player, dict[str, Any], Sent]:
    """Alice and Bob at a table of ``game``; the player to act opens the builder from the
    board. The player, the board message and the builder as first sent."""
    extra = {"options": options} if options else {}
    await deliver(bot, slash(ALICE, "game new", game=game, players=2, **extra))
    await deliver(bot, slash(BOB, "game join"))
    await deliver(bot, slash(ALICE, "game start"))
    info = await bot.service.game(CHANNEL_ID)
    player = ALICE if info.to_act[0] == ALICE.id else BOB
    board = next(s for s in reversed(fake.sent) if s.files)
    walk = next(c for c in board.custom_ids() if c.startswith("tp:walk:"))
    (opened,) = await send(bot, fake, click(player, fake.messages[board.message_id or ""], walk))
    assert opened.callback_type == 4 and opened.ephemeral
    return player, fake.messages[board.message_id or ""], opened


async def test_only_the_player_to_act_gets_a_builder(
    bot: TurnpostBot, fake: FakeDiscord, quick_boards: None
) -> None:
    player, board, _ = await open_builder(bot, fake, "bombay")
    other = BOB if player == ALICE else ALICE
    walk = next(c["custom_id"] for c in items(board) if c["custom_id"].startswith("tp:walk:"))
    assert refusal(await send(bot, fake, click(other, board, walk))).endswith("turn, not yours.")
    # /game move says the same to them.
    assert refusal(await send(bot, fake, slash(other, "game move"))).endswith("turn, not yours.")


async def test_an_older_builder_says_the_board_moved_on_and_offers_a_fresh_one(
    bot: TurnpostBot, fake: FakeDiscord, quick_boards: None
) -> None:
    player, _, opened = await open_builder(bot, fake, "bombay")
    old = fake.messages[opened.message_id or ""]
    # The move is played another way (typed), so this builder is now of an older version.
    user_moves = await bot.service.legal(CHANNEL_ID, User(player.id, player.name))
    await deliver(bot, slash(player, "play", move=sorted(user_moves or [])[0]))
    select = next(c for c in items(old) if c["type"] == 3)
    (answer,) = await send(bot, fake, click(player, old, select["custom_id"], values=["0"]))
    assert answer.callback_type == 7
    assert "moved on" in answer.content
    fresh = answer.custom_ids()
    assert fresh == ["tp:bf:1", "tp:cancel"]
    info = await bot.service.game(CHANNEL_ID)
    if player.id in info.to_act:
        (again,) = await send(
            bot, fake, click(player, fake.messages[answer.message_id or ""], fresh[0])
        )
        assert again.callback_type == 7
        assert any(c.startswith(f"tp:bs:1:{info.version}:") for c in again.custom_ids())


async def test_back_returns_to_the_step_before_and_cancel_plays_nothing(
    bot: TurnpostBot, fake: FakeDiscord, quick_boards: None
) -> None:
    player, _, opened = await open_builder(bot, fake, "brass", "mode=intro")
    version = (await bot.service.game(CHANNEL_ID)).version
    first = fake.messages[opened.message_id or ""]
    first_content, first_ids = opened.content, opened.custom_ids()
    assert "tp:bg" not in " ".join(first_ids)  # nothing to go back to yet
    select = next(c for c in items(first) if c["type"] == 3)
    (step,) = await send(
        bot, fake, click(player, first, select["custom_id"], values=[select["options"][0]["value"]])
    )
    back = next(c for c in step.custom_ids() if c.startswith("tp:bg:") and c.endswith(":b"))
    (again,) = await send(bot, fake, click(player, fake.messages[step.message_id or ""], back))
    assert again.content == first_content and again.custom_ids() == first_ids
    (closed,) = await send(
        bot, fake, click(player, fake.messages[again.message_id or ""], "tp:cancel")
    )
    assert closed.callback_type == 7 and closed.json["data"]["components"] == []
    assert (await bot.service.game(CHANNEL_ID)).version == version


async def test_builder_custom_ids_carry_numbers_only(
    bot: TurnpostBot, fake: FakeDiscord, quick_boards: None
) -> None:
    """Game, version, the path of choices and a page: no card, town or move in any custom id
    or option value, and every id within Discord's 100 characters."""
    await play_by_taps(bot, fake, "brass", seed=2, options="mode=intro", max_commands=40)
    ephemeral = [s for s in fake.sent if s.visible_ephemeral]
    ids = [c for s in ephemeral for c in s.custom_ids()]
    assert ids and all(BUILDER_ID.fullmatch(c) and len(c) <= 100 for c in ids), ids
    values = [
        o["value"]
        for s in ephemeral
        for row in s.message.get("components") or []
        for c in row["components"]
        for o in c.get("options", [])
    ]
    assert values and all(v.isdigit() for v in values)


def test_a_long_list_is_split_into_selects_and_pages_never_cut() -> None:
    choices = tuple(Choice((f"t{i}", END), f"option {i}") for i in range(130))
    shown = BuilderScreen(1, 7, "bombay", Screen((), (), "", (), choices, None, (), ()))
    seen: list[str] = []
    pages = 0
    for page in range(2):
        view = builder_view(shown, "en", page)
        # Our controls are dynamic items: each wraps the select or button it shows.
        shown_items = [getattr(c, "item", c) for c in view.children]
        selects = [c for c in shown_items if isinstance(c, discord.ui.Select)]
        buttons = [c for c in shown_items if isinstance(c, discord.ui.Button)]
        pages += 1
        assert len(selects) <= 4 and all(len(s.options) <= 25 for s in selects)
        seen += [o.value for s in selects for o in s.options]
        kinds = {b.custom_id.rsplit(":", 1)[-1] for b in buttons if b.custom_id}
        assert ("n" in kinds) == (page == 0) and ("p" in kinds) == (page == 1)
    assert pages == 2 and seen == [str(i) for i in range(130)]


async def test_a_turn_of_several_commands_goes_on_in_the_same_builder(
    bot: TurnpostBot, fake: FakeDiscord, quick_boards: None
) -> None:
    """Bombay: after a move that leaves action points, Confirm answers by editing the builder
    itself into the next command's first step, saying what was played and the AP left; the
    table's board follows as a message of its own."""
    player, _, opened = await open_builder(bot, fake, "bombay")
    assert "3 AP left this turn" in opened.content
    builder = fake.messages[opened.message_id or ""]
    select = next(c for c in items(builder) if c["type"] == 3)
    move = next(o for o in select["options"] if o["label"].startswith("Move · "))
    assert move.get("description") == "costs 1 AP"
    (step,) = await send(
        bot, fake, click(player, builder, select["custom_id"], values=[move["value"]])
    )
    assert "\nConfirm to play: Move · " in step.content and "\nWhat will happen:" in step.content
    confirm = next(c for c in step.custom_ids() if c.startswith("tp:bc:"))
    sent = await send(bot, fake, click(player, fake.messages[step.message_id or ""], confirm))
    assert sent[0].callback_type == 7 and sent[0].message_id == opened.message_id
    assert sent[0].content.startswith("Played: Move · ")
    assert "2 AP left this turn" in sent[0].content
    assert any(c.startswith("tp:bs:") for c in sent[0].custom_ids())
    assert [s for s in sent if s.path.startswith("/channels/") and s.files]  # the board
