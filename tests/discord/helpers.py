"""Small steps the Discord tests share: send an interaction, read what the bot answered."""

from __future__ import annotations

from typing import Any

from bot.discord_adapter import TurnpostBot
from tests.discord.conftest import ALICE, BOB
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

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PLAYERS = {ALICE.id: ALICE, BOB.id: BOB}


async def send(bot: TurnpostBot, fake: FakeDiscord, payload: dict[str, Any]) -> list[Sent]:
    """Deliver one interaction; the requests the bot made in answer, in order."""
    mark = len(fake.sent)
    await deliver(bot, payload)
    return fake.since(mark)


async def choices(
    bot: TurnpostBot, fake: FakeDiscord, player: Player, path: str, focused: str, **options: Any
) -> list[dict[str, Any]]:
    """The autocomplete choices the bot answered (callback type 8)."""
    (answer,) = await send(bot, fake, autocomplete(player, path, focused, **options))
    assert answer.callback_type == 8
    return list(answer.json["data"]["choices"])


def refusal(sent: list[Sent]) -> str:
    """The text of a single ephemeral reply (and assert that is all that was sent)."""
    assert len(sent) == 1, [s.path for s in sent]
    (reply,) = sent
    assert reply.callback_type == 4 and reply.ephemeral
    return reply.content


def board_post(sent: list[Sent]) -> Sent:
    """The public board message of a change: first the interaction is answered at once (a
    private "thinking…" or an update of the clicked message), then the board goes to the channel
    as a message Discord creates (or, while the same player goes on with their turn, an edit of
    that turn's board), carrying the PNG shown in its media gallery (a Components V2 table message)."""
    assert sent[0].callback_type in (5, 7), sent[0]
    assert sent[0].callback_type == 7 or sent[0].ephemeral
    posts = [s for s in sent if s.files and s.path.startswith("/channels/")]
    assert len(posts) == 1, [(s.method, s.path) for s in sent]
    (post,) = posts
    assert post.kind in ("create", "edit") and not post.visible_ephemeral
    field, filename, data = post.files[0]
    assert field == "files[0]" and filename == "board.png" and data.startswith(PNG_MAGIC)
    # The message that ends a game shows its score chart under the board (#27.5).
    assert post.media() in (
        ["attachment://board.png"],
        ["attachment://board.png", "attachment://chart.png"],
    )
    return post


async def confirmed(
    bot: TurnpostBot, fake: FakeDiscord, player: Player, payload: dict[str, Any]
) -> list[Sent]:
    """A destructive command: ``player`` sends it, is asked privately to confirm, and confirms;
    the requests made in answer to the confirmation click."""
    (question,) = await send(bot, fake, payload)
    assert question.callback_type == 4 and question.ephemeral, question.content
    confirm, cancel = question.custom_ids()
    assert cancel == "tp:cancel"
    return await send(bot, fake, click(player, fake.messages[question.message_id or ""], confirm))


async def to_act(bot: TurnpostBot) -> tuple[int, ...]:
    return (await bot.service.game(CHANNEL_ID)).to_act


async def open_table(bot: TurnpostBot, fake: FakeDiscord) -> Sent:
    """Alice opens a two-player lobby, Bob joins, Alice starts."""
    (lobby,) = await send(bot, fake, slash(ALICE, "game new", game="tally", players=2))
    assert lobby.callback_type == 4 and not lobby.ephemeral
    assert "Tally (test game)" in lobby.content
    assert lobby.custom_ids() == ["tp:join:1", "tp:start:1"]
    (joined,) = await send(bot, fake, slash(BOB, "game join"))
    assert BOB.mention in joined.content
    started = board_post(await send(bot, fake, slash(ALICE, "game start")))
    first = (await to_act(bot))[0]
    assert started.headline == f"<@{first}>: your turn."
    assert started.json["allowed_mentions"] == {"users": [first], "parse": []}
    return started
