"""#26.2: one table message per turn in Components V2, through discord.py's real code paths.

The turn's public message is a V2 layout (no content, no embeds): a text display pinging who acts,
a container with the glance as text (every seat's score), the board in a media gallery of the
uploaded PNG, what happened, the digest since the pinged player's last turn, and the buttons Your
move, My hand, Hint and Log. It is edited in place while the same player goes on (an edit
notifies nobody and keeps the V2 flag), created anew when the turn passes (its ping notifies
exactly the player whose turn it became), and the superseded one keeps its text and board but
loses its buttons. Discord's V2 limits hold whatever the digest's length.
"""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.table import V2_TEXT_MAX, TableParts, fold, table_message
from bot.service import User
from tests.discord.conftest import ALICE, BOB
from tests.discord.driver import SEATS, random_move
from tests.discord.helpers import PLAYERS, open_table, send, to_act
from tests.discord.loopback import (
    CHANNEL_ID,
    COMPONENTS_V2,
    FakeDiscord,
    Sent,
    click,
    deliver,
    every_component,
    limit_problems,
    message_text,
    slash,
)


def table_posts(sent: list[Sent]) -> list[Sent]:
    """The channel requests that create or edit a table message (not the retire of an old one,
    which uploads nothing)."""
    return [s for s in sent if s.path.startswith("/channels/") and s.files]


async def test_a_turn_is_one_components_v2_message_with_glance_board_and_four_buttons(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    mark = len(fake.sent)
    started = await open_table(bot, fake)
    (first,) = await to_act(bot)
    body = started.json
    assert body["flags"] & COMPONENTS_V2
    assert not body.get("content") and not body.get("embeds")
    assert limit_problems(body, len(started.files)) == []
    # The ping is a text display of the created message; it notifies exactly the player to act.
    assert started.headline == f"<@{first}>: your turn."
    assert fake.notified(mark) == [first]
    # The glance as text: the game, who acts, and a line per seat with its score.
    text = started.text
    assert "**Tally**" in text and f"▶ **{PLAYERS[first].name}**" in text
    for player in (ALICE, BOB):
        assert any(line.endswith(f" {player.name} — 0") for line in text.splitlines()), text
    # The board: the uploaded PNG, shown by a media gallery that names it.
    assert [f[1] for f in started.files] == ["board.png"]
    assert started.media() == ["attachment://board.png"]
    version = (await bot.service.game(CHANNEL_ID)).version
    assert started.custom_ids() == [
        f"tp:walk:1:{version}",
        f"tp:hand:1:{version}",
        "tp:hint:1",
        "tp:log:1",
    ]


async def test_the_log_button_answers_privately_with_the_newest_page(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    started = await open_table(bot, fake)
    message = fake.messages[started.message_id or ""]
    mark = len(fake.sent)
    sent = await send(bot, fake, click(BOB, message, "tp:log:1"))
    assert sent[0].ephemeral and sent[0].content.startswith("Log, page 1 of 1:")
    assert fake.public_messages(mark) == [] and fake.notified(mark) == []


async def test_the_hint_button_answers_privately(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await deliver(bot, slash(ALICE, "game new", game="imhotep", players=2))
    await deliver(bot, slash(BOB, "game join"))
    await deliver(bot, slash(ALICE, "game start"))
    (uid,) = await to_act(bot)
    live = await bot.handlers.live_board(1)
    assert live is not None
    message = fake.messages[str(live.message_id)]
    mark = len(fake.sent)
    await deliver(bot, click(PLAYERS[uid], message, "tp:hint:1"))
    replies = [s for s in fake.since(mark) if s.content]
    assert replies and all(s.visible_ephemeral for s in replies)
    assert "three best turns" in replies[-1].content
    assert fake.public_messages(mark) == []


async def test_a_table_without_hints_shows_no_hint_button(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    """A table created with hints off (#15.5) would only refuse a hint: its turn messages, and
    the board posted on request, offer the other three buttons."""
    await deliver(bot, slash(ALICE, "game new", game="imhotep", players=2, hints=False))
    await deliver(bot, slash(BOB, "game join"))
    mark = len(fake.sent)
    await deliver(bot, slash(ALICE, "game start"))
    (uid,) = await to_act(bot)
    posts = table_posts(fake.since(mark))
    assert posts and all("tp:hint:1" not in s.custom_ids() for s in posts)
    assert any(c.startswith("tp:walk:") for c in posts[-1].custom_ids())
    mark = len(fake.sent)
    await deliver(bot, slash(PLAYERS[uid], "game board"))
    board = table_posts(fake.since(mark))
    assert board and "tp:log:1" in board[-1].custom_ids()
    assert "tp:hint:1" not in board[-1].custom_ids()


async def test_edited_in_place_while_the_same_player_goes_on_and_created_when_the_turn_passes(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    """Bombay: a turn is several commands (3 action points). Each command that leaves the turn
    with the same player edits the turn's message (same id, no notification, still V2, the
    turn's earlier moves kept); the command that passes the turn creates a new message, pinging
    the next player only, and the previous one keeps its words and board without buttons."""
    seats = SEATS[:2]
    await deliver(bot, slash(seats[0], "game new", game="bombay", players=2))
    await deliver(bot, slash(seats[1], "game join"))
    await deliver(bot, slash(seats[0], "game start"))
    rng = random.Random(5)
    by_id = {p.id: p for p in seats}
    live = await bot.handlers.live_board(1)
    assert live is not None
    edits = passes = 0
    while passes < 2:
        (uid,) = await to_act(bot)
        player = by_id[uid]
        move = await random_move(bot, User(uid, player.name), rng)
        mark = len(fake.sent)
        sent = await send(bot, fake, slash(player, "play", move=move))
        (post,) = table_posts(sent)
        after = await to_act(bot)
        assert post.has_line(f"{player.name}: {move}")
        assert post.json["flags"] & COMPONENTS_V2 and not post.json.get("embeds")
        if after == (uid,):
            # The same player goes on: the turn's message, edited; nobody notified.
            assert post.kind == "edit" and post.message_id == str(live.message_id)
            assert fake.notified(mark) == []
            stored = fake.messages[str(live.message_id)]
            assert stored["flags"] & COMPONENTS_V2
            edits += 1
        else:
            assert post.kind == "create" and post.message_id != str(live.message_id)
            assert fake.notified(mark) == list(after)
            old = fake.messages[str(live.message_id)]
            # The superseded message: still V2, its words and board kept, its buttons gone.
            assert old["flags"] & COMPONENTS_V2
            assert not any("custom_id" in c for c in every_component(old["components"]))
            assert "**Bombay**" in message_text(old)
            assert any(c.get("type") == 12 for c in every_component(old["components"]))
            passes += 1
        live = await bot.handlers.live_board(1)
        assert live is not None
    assert edits >= 1


def _layout_body(kw: dict[str, Any]) -> dict[str, Any]:
    view = kw["view"]
    flags = discord.MessageFlags(components_v2=view.has_components_v2())
    return {"components": view.to_components(), "flags": flags.value}


def test_a_long_digest_and_a_long_turn_fit_discords_v2_limits_with_a_pointer_to_the_log() -> None:
    digest = ["Since your last turn:"] + [
        f"• Player {i % 4}: move {i} — something long happened here, with its consequences"
        for i in range(200)
    ]
    lines = [f"Alice: move {i} — and what it did to the board" for i in range(120)]
    parts = TableParts(
        game_id=1,
        version=9,
        lang="en",
        glance=["**Bombay** · Set 1 of 3", "▶ **Alice** — 3 AP left", "▶ Alice — 5", "· Bob — 4"],
        lines=lines,
        digest=digest,
        ping=(1001,),
        pngs=[("board.png", b"\x89PNG\r\n\x1a\n" + b"0" * 64)],
    )
    body = _layout_body(table_message(parts, filesize_limit=10_000_000))
    assert limit_problems(body, 1) == []
    text = message_text(body)
    assert len(text) <= V2_TEXT_MAX
    # The digest keeps its title and its newest lines, and says how many earlier ones the Log
    # button shows; the turn's lines likewise.
    assert "Since your last turn:" in text and "move 199 —" in text and "move 0 —" not in text
    assert "Alice: move 119" in text
    assert text.count("earlier lines: press Log.") == 2


def test_fold_keeps_the_title_and_the_newest_lines() -> None:
    lines = ["Title", *(f"line {i}" for i in range(10))]
    assert fold(lines, 1000, "en", head=1) == lines
    folded = fold(lines, 60, "en", head=1)
    assert folded[0] == "Title" and folded[-1] == "line 9"
    assert folded[1].startswith("…and ") and len("\n".join(folded)) <= 60


async def test_a_live_board_posted_before_the_table_message_is_replaced_not_edited(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    """A game running when the bot was upgraded: its live board is an embed message, which is
    never edited into a V2 one. The next change, though the same player goes on, posts a new
    table message (notifying nobody: the turn did not pass) and the old one loses its buttons."""
    from bot.discord_adapter import views
    from bot.discord_adapter.announce import LIVE_KEY, LiveBoard

    seats = SEATS[:2]
    await deliver(bot, slash(seats[0], "game new", game="bombay", players=2))
    await deliver(bot, slash(seats[1], "game join"))
    await deliver(bot, slash(seats[0], "game start"))
    info = await bot.service.game(CHANNEL_ID)
    classic = discord.ui.View(timeout=None)
    classic.add_item(views.WalkButton(info.game_id, info.version))
    old = await bot.get_partial_messageable(CHANNEL_ID).send(
        embed=discord.Embed(description="an embed board"), view=classic
    )
    record = LiveBoard(CHANNEL_ID, old.id, ())  # as stored before: no "v2"
    await bot.service.set_bot_state(LIVE_KEY.format(game_id=info.game_id), record.dumps())
    assert LiveBoard.loads(record.dumps()) == record and not record.v2
    (uid,) = info.to_act
    player = next(p for p in seats if p.id == uid)
    mark = len(fake.sent)
    sent = await send(bot, fake, slash(player, "play", move="move e3"))
    (post,) = table_posts(sent)
    assert (await to_act(bot)) == (uid,)  # the same player goes on
    assert post.kind == "create" and post.json["flags"] & COMPONENTS_V2
    assert fake.notified(mark) == []
    assert fake.messages[str(old.id)]["components"] == []
    live = await bot.handlers.live_board(info.game_id)
    assert live is not None and live.v2 and str(live.message_id) == post.message_id
