"""Messages: image fallback under the upload limit, threads, and the table's other commands."""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from bot import drawing
from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.autocomplete import zone_choices
from bot.discord_adapter.images import fit_png
from bot.discord_adapter.parsing import parse_options, parse_utc_offset
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.helpers import (
    PLAYERS,
    PNG_MAGIC,
    board_post,
    choices,
    open_table,
    refusal,
    send,
    to_act,
)
from tests.discord.loopback import BOT_PERMS, CHANNEL_ID, FakeDiscord, slash


def noisy_png(width: int = 800, height: int = 600) -> bytes:
    """A picture that compresses badly, to be over any small limit."""
    img = Image.frombytes(
        "RGB", (width, height), bytes((i * 7919) % 251 for i in range(width * height * 3))
    )
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def test_fit_png_keeps_what_fits_and_shrinks_what_does_not() -> None:
    png = noisy_png()
    assert fit_png(png, len(png)) is png
    smaller = fit_png(png, len(png) // 4)
    assert smaller is not None and smaller.startswith(PNG_MAGIC) and len(smaller) <= len(png) // 4
    assert fit_png(png, 50) is None


async def test_board_over_the_upload_limit_is_sent_smaller(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_table(bot, fake)
    full = (await bot.service.board(CHANNEL_ID)).png
    limit = len(full) - 1
    sent = await send(bot, fake, slash(BOB, "game board", _filesize_limit=limit))
    post = next(s for s in sent if s.path.endswith("/messages") and s.method == "POST")
    assert post.files and sum(len(f[2]) for f in post.files) <= limit
    data = next(f[2] for f in post.files if f[1] == "board.png")
    assert data.startswith(PNG_MAGIC) and len(data) <= limit
    assert post.content == "" and post.notified == []  # showing the board pings nobody
    sent = await send(bot, fake, slash(BOB, "game board", _filesize_limit=100))
    post = next(s for s in sent if s.path.endswith("/messages") and s.method == "POST")
    assert post.files == []
    assert "too large to upload" in post.text


async def test_new_game_in_a_thread(bot: TurnpostBot, fake: FakeDiscord) -> None:
    sent = await send(
        bot, fake, slash(ALICE, "game new", game="tally", options="scoring=low", thread=True)
    )
    assert sent[0].callback_type == 5
    assert sent[1].method == "POST" and sent[1].path == f"/channels/{CHANNEL_ID}/threads"
    assert sent[1].json["name"] == "Tally (test game) (Alice)" and sent[1].json["type"] == 11
    lobby = sent[2]
    thread_id = int(lobby.path.split("/")[2])
    assert lobby.path == f"/channels/{thread_id}/messages" and "scoring=low" in lobby.content
    assert lobby.custom_ids() == ["tp:join:1", "tp:start:1"]
    assert sent[3].path.startswith("/webhooks/") and f"<#{thread_id}>" in sent[3].content
    info = await bot.service.game(thread_id)
    assert info.status == "lobby" and info.options == {"scoring": "low"}


async def test_new_game_autocompletes_games_and_options(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    games = await choices(bot, fake, ALICE, "game new", "game", game="tal")
    assert games == [{"name": "Tally (test game) (tally)", "value": "tally"}]
    opts = await choices(bot, fake, ALICE, "game new", "options", game="tally", options="")
    assert [c["value"] for c in opts] == ["scoring=high", "scoring=low"]
    assert opts[0]["name"] == "scoring=high (default)"
    assert (
        await choices(bot, fake, ALICE, "game new", "options", game="tally", options="scoring=low ")
        == []
    )
    text = refusal(
        await send(bot, fake, slash(ALICE, "game new", game="tally", options="scoring=odd"))
    )
    assert text == 'Option scoring cannot be "odd"; choose one of: high, low.'
    text = refusal(await send(bot, fake, slash(ALICE, "game new", game="chess")))
    assert text.startswith('There is no game called "chess".')
    # Checked before a thread is opened for nothing.
    text = refusal(
        await send(
            bot, fake, slash(ALICE, "game new", game="tally", options="colour=red", thread=True)
        )
    )
    assert text == 'There is no option "colour". Options: scoring.'
    text = refusal(
        await send(bot, fake, slash(ALICE, "game new", game="tally", players=7, thread=True))
    )
    assert text == "Tally (test game) is for 2–4 players, not 7."
    text = refusal(await send(bot, fake, slash(ALICE, "game help", game="chess")))
    assert text.startswith('There is no game called "chess".')


async def test_log_undo_mine_and_help(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await open_table(bot, fake)
    (actor_id,) = await to_act(bot)
    actor = PLAYERS[actor_id]
    hand = await bot.service.legal(CHANNEL_ID, bot.handlers.user_for(actor_id))
    played = next(m for m in hand or [] if m.startswith("play"))
    await send(bot, fake, slash(actor, "play", move=played))
    (log,) = await send(bot, fake, slash(CAROL, "game log"))
    assert log.ephemeral and log.content.startswith("Log, page 1 of 1:") and played in log.content
    sent = await send(bot, fake, slash(actor, "game undo"))
    assert sent[0].callback_type == 5
    assert "took back" in sent[1].text
    assert await to_act(bot) == (actor_id,)
    (mine,) = await send(bot, fake, slash(actor, "game mine"))
    assert mine.ephemeral and mine.content.startswith("**Your turn:** Tally (test game)")
    assert "https://discord.com/channels/" in mine.content and str(CHANNEL_ID) in mine.content
    (none,) = await send(bot, fake, slash(CAROL, "game mine"))
    assert none.content == "You are not in any game."
    (helped,) = await send(bot, fake, slash(CAROL, "game help", game="tally"))
    assert (
        "`play <card>`: Play a card from your hand onto the pile — e.g. `play 7`" in helped.content
    )
    assert "Option `scoring`" in helped.content


async def test_personal_reminder_settings(bot: TurnpostBot, fake: FakeDiscord) -> None:
    (shown,) = await send(
        bot, fake, slash(ALICE, "game remind", utc_offset="+02:00", away_days=2.0)
    )
    assert (
        shown.ephemeral
        and "Time zone UTC+02:00" in shown.content
        and "Away until <t:" in shown.content
    )
    (bad,) = await send(bot, fake, slash(ALICE, "game remind", utc_offset="Mars"))
    assert bad.content == '"Mars" is not a UTC offset; write it like +02:00, -5 or UTC+1.'
    assert parse_utc_offset("UTC-5") == -300 and parse_utc_offset("+05:30") == 330
    assert parse_utc_offset("+15") is None


async def test_a_player_sets_a_named_time_zone_with_remind(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    (shown,) = await send(bot, fake, slash(ALICE, "game remind", time_zone="europe/madrid"))
    assert shown.ephemeral and "Time zone Europe/Madrid" in shown.content
    (bad,) = await send(bot, fake, slash(ALICE, "game remind", time_zone="Mars/Olympus"))
    assert bad.content.startswith('"Mars/Olympus" is not a time zone name')
    assert zone_choices("tokyo")[0] == ("Asia/Tokyo", "Asia/Tokyo")
    assert all("madrid" in value.lower() for _, value in zone_choices("madrid"))
    assert parse_options("scoring=LOW, side=b") == {"scoring": "low", "side": "b"}


async def test_a_move_is_still_announced_when_the_board_cannot_be_drawn(
    bot: TurnpostBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_table(bot, fake)
    (actor_id,) = await to_act(bot)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("renderer bug")

    monkeypatch.setattr(drawing, "draw_public", broken)
    sent = await send(bot, fake, slash(PLAYERS[actor_id], "play", move="draw"))
    assert sent[0].callback_type == 5
    post = sent[1]
    assert post.files == [] and not post.ephemeral
    (next_id,) = await to_act(bot)
    assert post.headline == f"<@{next_id}>: your turn."
    description = post.text
    assert post.has_line(f"{PLAYERS[actor_id].name}: draw")
    assert "could not be drawn" in description


async def test_a_game_plays_in_its_thread(bot: TurnpostBot, fake: FakeDiscord) -> None:
    sent = await send(bot, fake, slash(ALICE, "game new", game="tally", players=2, thread=True))
    thread_id = int(sent[2].path.split("/")[2])
    where = {"_channel_id": thread_id, "_thread": True}
    await send(bot, fake, slash(BOB, "game join", **where))
    board_post(await send(bot, fake, slash(ALICE, "game start", **where)))
    (actor_id,) = (await bot.service.game(thread_id)).to_act
    # In a thread the bot needs Send Messages in Threads rather than Send Messages.
    perms = discord.Permissions(BOT_PERMS.value)
    perms.send_messages_in_threads = False
    text = refusal(
        await send(
            bot,
            fake,
            slash(PLAYERS[actor_id], "play", move="draw", _app_permissions=perms.value, **where),
        )
    )
    assert text.endswith("Send Messages In Threads.")
    board_post(await send(bot, fake, slash(PLAYERS[actor_id], "play", move="draw", **where)))
    # The parent channel has no game of its own.
    assert refusal(await send(bot, fake, slash(ALICE, "play", move="draw"))) == (
        "There is no game in this channel. Open one with /game new."
    )


async def test_marco_polo_help_says_what_each_character_does(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    # issue 12.9: the advanced draft is never blind, and help is where a newcomer looks first
    sent = await send(bot, fake, slash(CAROL, "game help", game="marco_polo"))
    text = "\n".join(m.content for m in sent)
    assert "Raschid ad-Din Sinan (`choose raschid`): Never rolls" in text
    assert "Johannes Caprini (`choose johannes`)" in text
    # nothing clipped: every message fits, and the options are there too
    assert all(len(m.content) <= 2000 and m.ephemeral for m in sent) and len(sent) > 1
    assert "…" not in text and "Option `setup`" in text


async def test_a_move_is_one_service_call_and_the_board_is_the_state_it_committed(
    bot: TurnpostBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#14 step 1: the outcome carries what the announcement needs (the board to draw after
    deferring, who acts next, who was shown something), so the adapter asks the service nothing
    more about the game, and never re-reads a row another process may have moved on."""
    await open_table(bot, fake)
    (actor_id,) = await to_act(bot)
    asked: list[str] = []

    def forbid(name: str) -> None:
        async def second_trip(*args: object, **kwargs: object) -> None:
            asked.append(name)
            raise AssertionError(f"second trip to the service: {name}")

        monkeypatch.setattr(bot.service, name, second_trip)

    for name in ("board", "game", "legal", "complete", "private_view", "score_sheet"):
        forbid(name)
    # The live board's record is stored with the outbox row's settlement: one write, not two.
    forbid("set_bot_state")
    post = board_post(await send(bot, fake, slash(PLAYERS[actor_id], "play", move="draw")))
    assert asked == []
    assert post.has_line(f"{PLAYERS[actor_id].name}: draw")
    monkeypatch.undo()
    # The picture is the committed state's: the same bytes the board command draws now.
    shown = next(f[2] for f in post.files if f[1] == "board.png")
    assert shown == (await bot.service.board(CHANNEL_ID)).png
