"""The community on Discord (#27.2, #27.5), through discord.py's real code paths and the loopback
stand-in: the end of a game is one results message (score sheet, rating changes, score chart,
Rematch), posted once even when the process dies before recording it; Rematch opens a lobby with
the same seats; ``/game leaderboard`` and ``/game profile`` answer with a picture and its text in
the reader's language, and refuse privately when there is nothing to show."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_adapter import TurnpostBot
from bot.service import OUTBOX_LEASE, OWNER_STALE, User
from tests.discord.conftest import ALICE, BOB, CAROL, BotFactory, FakeClock
from tests.discord.helpers import PLAYERS, PNG_MAGIC, open_table, refusal, send
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, Sent, click, slash


async def play_to_the_last_move(bot: TurnpostBot, fake: FakeDiscord) -> tuple[int, str]:
    """Open a table and play it until one move is left; (who plays it, which move)."""
    await open_table(bot, fake)
    while True:
        info = await bot.service.game(CHANNEL_ID)
        (uid,) = info.to_act
        legal = await bot.service.legal(CHANNEL_ID, User(uid, "")) or []
        move = legal[0]
        # Is this the last move? Try it on a copy of the state through the engine.
        engine, state, seat = await bot.service.session.cached_turn(CHANNEL_ID, uid)
        after, _ = engine.play(state, seat, move)
        if not engine.to_act(after):
            return uid, move
        await send(bot, fake, slash(PLAYERS[uid], "play", move=move))


def results_message(sent: list[Sent]) -> Sent:
    (post,) = [s for s in sent if s.public_create and s.path.endswith("/messages")]
    return post


def check_results(post: Sent) -> None:
    """One message: the board and the score sheet, the rating changes with the chart, Rematch."""
    assert post.headline == "The game is over."
    assert "Final scores:" in post.text
    lines = post.text.splitlines()
    title = lines.index("Ratings on this server (μ − 3σ):")
    first, second = lines[title + 1 : title + 3]
    assert first.startswith("1. ") and "0.0 → " in first and "(+" in first
    # The table's seed is drawn at random, so the game may end in a tie: tied seats share the
    # first place and, from equal ratings, the same change.
    if second.startswith("1. "):
        assert second.split(": ", 1)[1] == first.split(": ", 1)[1]
    else:
        assert second.startswith("2. ")
    assert post.media() == ["attachment://board.png", "attachment://chart.png"]
    files = {name: data for _, name, data in post.files}
    assert files["chart.png"].startswith(PNG_MAGIC)
    assert post.custom_ids() == ["tp:rematch:1"]
    assert post.notified == []


async def test_the_last_move_posts_one_results_message(bot: TurnpostBot, fake: FakeDiscord) -> None:
    uid, move = await play_to_the_last_move(bot, fake)
    sent = await send(bot, fake, slash(PLAYERS[uid], "play", move=move))
    check_results(results_message(sent))
    assert await bot.service.db.outbox() == []


async def test_rematch_opens_a_lobby_with_the_same_seats(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    uid, move = await play_to_the_last_move(bot, fake)
    post = results_message(await send(bot, fake, slash(PLAYERS[uid], "play", move=move)))
    message = fake.messages[post.message_id or ""]
    # Someone who did not play is refused, privately; nothing opens.
    assert refusal(await send(bot, fake, click(CAROL, message, "tp:rematch:1"))) == (
        "Only the players of that game can ask for its rematch."
    )
    (lobby,) = await send(bot, fake, click(BOB, message, "tp:rematch:1"))
    assert lobby.callback_type == 4 and not lobby.ephemeral
    assert lobby.custom_ids() == ["tp:join:2", "tp:start:2"]
    info = await bot.service.game(CHANNEL_ID)
    assert info.status == "lobby" and info.creator_id == BOB.id
    assert [s.user_id for s in info.seats] == [BOB.id, ALICE.id]
    assert info.players == 2 and info.game == "tally"
    # A second click opens nothing more.
    assert "already" in refusal(await send(bot, fake, click(ALICE, message, "tp:rematch:1")))
    await send(bot, fake, slash(BOB, "game start"))
    assert (await bot.service.game(CHANNEL_ID)).status == "active"


async def test_a_results_message_saved_before_a_crash_is_posted_once_after_the_restart(
    bot: TurnpostBot,
    fake: FakeDiscord,
    make_bot: BotFactory,
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    uid, move = await play_to_the_last_move(bot, fake)

    async def die(*args: object, **kwargs: object) -> None:
        raise asyncio.CancelledError

    before = len(fake.channel_messages())
    with monkeypatch.context() as patched:
        patched.setattr(bot.handlers, "tell", die)
        await send(bot, fake, slash(PLAYERS[uid], "play", move=move))
    assert (await bot.service.game(CHANNEL_ID)).status == "finished"
    assert len(fake.channel_messages()) == before
    await bot.close()
    clock.advance(OUTBOX_LEASE + 1)
    mark = len(fake.sent)
    again = await make_bot()
    (late,) = [s for s in fake.since(mark) if s in fake.channel_messages()]
    check_results(late)
    assert await again.announcer.drain() == 0


async def test_a_results_message_posted_by_a_process_killed_before_recording_it_is_not_doubled(
    make_bot: BotFactory, fake: FakeDiscord, clock: FakeClock
) -> None:
    first = await make_bot()
    second = await make_bot()
    uid, move = await play_to_the_last_move(first, fake)

    async def killed(*args: object, **kwargs: object) -> None:
        """The process dies right after posting, before ``announced`` is recorded."""

    first.service.announced = killed  # type: ignore[method-assign]
    posts = len(fake.channel_messages())
    await send(first, fake, slash(PLAYERS[uid], "play", move=move))
    assert len(fake.channel_messages()) == posts + 1
    clock.advance(OWNER_STALE + 1)
    await second.service.beat()
    assert await second.announcer.drain() == 1  # posted again with the same nonce...
    assert len(fake.channel_messages()) == posts + 1  # ...as the first message
    assert await second.announcer.drain() == 0


async def test_the_leaderboard_is_a_picture_with_its_text(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    refused = refusal(await send(bot, fake, slash(ALICE, "game leaderboard", game="tally")))
    assert refused == "Nobody has finished a rated game of Tally (test game) on this server yet."
    uid, move = await play_to_the_last_move(bot, fake)
    await send(bot, fake, slash(PLAYERS[uid], "play", move=move))
    sent = await send(bot, fake, slash(CAROL, "game leaderboard", game="tally", scope="global"))
    deferred, answer = sent
    assert deferred.callback_type == 5 and not deferred.ephemeral
    assert not answer.ephemeral
    (embed,) = answer.json["embeds"]
    lines = embed["description"].splitlines()
    assert lines[0] == "Tally (test game): leaderboard of all servers"
    assert {line.split(":")[0] for line in lines[1:]} == {"1. Alice", "2. Bob"} or {
        line.split(":")[0] for line in lines[1:]
    } == {"1. Bob", "2. Alice"}
    assert embed["image"]["url"] == "attachment://leaderboard.png"
    ((_, name, data),) = answer.files
    assert name == "leaderboard.png" and data.startswith(PNG_MAGIC)
    # In the reader's language.
    ja = await send(bot, fake, slash(CAROL, "game leaderboard", game="tally", _locale="ja"))
    assert (
        ja[-1]
        .json["embeds"][0]["description"]
        .startswith("Tally (test game)：このサーバーのランキング")
    )


async def test_a_profile_is_a_picture_with_its_text(bot: TurnpostBot, fake: FakeDiscord) -> None:
    assert refusal(await send(bot, fake, slash(ALICE, "game profile", member=CAROL))) == (
        "Carol has not played a game on this server yet."
    )
    uid, move = await play_to_the_last_move(bot, fake)
    await send(bot, fake, slash(PLAYERS[uid], "play", move=move))
    deferred, answer = await send(bot, fake, slash(CAROL, "game profile", member=BOB))
    assert deferred.callback_type == 5 and not answer.ephemeral
    (embed,) = answer.json["embeds"]
    lines = embed["description"].splitlines()
    assert lines[0] == "Bob"
    assert lines[1].startswith("Tally (test game): rating ")
    assert "Games finished: 1 · abandoned: 0" in lines
    assert any(line.startswith("Against Alice: 1 game, ") for line in lines)
    assert embed["image"]["url"] == "attachment://profile.png"
    # One's own, in Spanish.
    (_, own) = await send(bot, fake, slash(ALICE, "game profile", _locale="es-ES"))
    assert "Partidas terminadas: 1 · abandonadas: 0" in own.json["embeds"][0]["description"]
