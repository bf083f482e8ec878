"""A whole game of the test game "tally", played through slash-command payloads.

Given a lobby opened with /game new, when seated players act with /play and /tally commands
picked from autocomplete, then every move posts a board with a caption and pings the next player,
and everyone else is refused privately with the specific reason.
"""

from __future__ import annotations

import discord

from bot.discord_adapter import TurnpostBot
from bot.service import User
from tests.discord.conftest import ALICE, BOB, CAROL, MODERATOR
from tests.discord.helpers import (
    PLAYERS,
    board_post,
    choices,
    confirmed,
    open_table,
    refusal,
    send,
    to_act,
)
from tests.discord.loopback import BOT_PERMS, CHANNEL_ID, FakeDiscord, click, slash


async def test_whole_game_through_slash_commands(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await open_table(bot, fake)
    moves = 0
    while True:
        info = await bot.service.game(CHANNEL_ID)
        if info.status == "finished":
            break
        (actor_id,) = info.to_act
        actor = PLAYERS[actor_id]
        other = BOB if actor is ALICE else ALICE
        legal = set(await bot.service.legal(CHANNEL_ID, User(actor.id, actor.name)) or [])

        # Out of turn and not seated: refused privately, with the reason.
        assert refusal(await send(bot, fake, slash(other, "play", move="draw"))) == (
            f"It is {actor.name}'s turn, not yours."
        )
        if moves % 5 == 0:
            assert refusal(await send(bot, fake, slash(CAROL, "play", move="draw"))) == (
                "You are not playing in this game."
            )
            assert await choices(bot, fake, CAROL, "play", "move", move="") == []
        assert await choices(bot, fake, other, "play", "move", move="") == []

        # Autocomplete offers exactly the legal moves, within Discord's limits.
        offered = await choices(bot, fake, actor, "play", "move", move="")
        assert {c["value"] for c in offered} == legal
        assert len(offered) <= 25 and all(len(c["name"]) <= 100 for c in offered)
        move = offered[0]["value"]
        if moves % 2:
            # The same move through the game's own command: /tally play card:N or /tally draw.
            verb, *rest = move.split()
            options = {"card": rest[0]} if rest else {}
            if rest:
                cards = await choices(bot, fake, actor, f"tally {verb}", "card", card="")
                assert {f"play {c['value']}" for c in cards} == {m for m in legal if m != "draw"}
            sent = await send(bot, fake, slash(actor, f"tally {verb}", **options))
        else:
            sent = await send(bot, fake, slash(actor, "play", move=move))
        post = board_post(sent)
        moves += 1
        caption = post.text
        assert post.has_line(f"{actor.name}: {move}"), caption
        after = await to_act(bot)
        if after and after[0] != actor_id:
            assert post.headline == f"<@{after[0]}>: your turn."
            assert post.json["allowed_mentions"]["users"] == [after[0]]
        elif after:
            # The turn did not pass (the other player could do nothing): nobody is pinged.
            assert post.json["allowed_mentions"]["parse"] == []
            assert "users" not in post.json["allowed_mentions"]
        if move == "draw":
            # What was drawn goes to the drawer only.
            private = sent[-1]
            assert private.visible_ephemeral and "You drew a " in private.content
    assert moves >= 18
    assert post.headline == "The game is over."
    assert "Final scores:" in post.text
    # The turn's buttons are gone; the results message offers a rematch (#27.5).
    assert post.custom_ids() == ["tp:rematch:1"]


async def test_a_refused_move_changes_nothing_and_says_why(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await open_table(bot, fake)
    (actor_id,) = await to_act(bot)
    actor = PLAYERS[actor_id]
    before = await bot.service.game(CHANNEL_ID)
    assert refusal(await send(bot, fake, slash(actor, "play", move="play 99"))) == (
        "You have no 99 in your hand."
    )
    assert refusal(await send(bot, fake, slash(actor, "play", move="dance"))) == (
        '"dance" is not an action here. Actions: play, draw.'
    )
    assert (await bot.service.game(CHANNEL_ID)).version == before.version


async def test_hand_is_shown_only_to_its_owner(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await open_table(bot, fake)
    sent = await send(bot, fake, slash(BOB, "game hand"))
    assert sent[0].callback_type == 5 and sent[0].ephemeral
    assert all(s.ephemeral for s in sent[1:]) and len(sent) >= 2
    assert "hand" in sent[1].content.lower()
    sent = await send(bot, fake, slash(CAROL, "game hand"))
    assert sent[-1].ephemeral and sent[-1].content == "You are not playing in this game."


async def test_missing_bot_permissions_are_named(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await open_table(bot, fake)
    (actor_id,) = await to_act(bot)
    perms = discord.Permissions(BOT_PERMS.value)
    perms.attach_files = False
    perms.embed_links = False
    text = refusal(
        await send(
            bot, fake, slash(PLAYERS[actor_id], "play", move="draw", _app_permissions=perms.value)
        )
    )
    assert text == (
        "I cannot do that here: I need these permissions in this channel: "
        "Attach Files, Embed Links."
    )


async def test_only_creator_or_manager_aborts_at_once(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await open_table(bot, fake)
    closed, vote = await confirmed(bot, fake, BOB, slash(BOB, "game abort"))
    assert closed.callback_type == 7 and "Vote to abort recorded" in closed.content
    assert vote.public_create and "Vote to abort recorded" in vote.content
    assert vote.notified == [ALICE.id]  # the one seated player who has not voted (#10)
    assert (await bot.service.game(CHANNEL_ID)).status == "active"
    _, done = await confirmed(bot, fake, ALICE, slash(ALICE, "game abort"))
    assert "aborted" in done.content and done.public_create
    assert (await bot.service.game(CHANNEL_ID)).status == "aborted"


async def test_abort_asks_first_and_cancel_changes_nothing(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    """Rule of the table (#12.6): a destructive command confirms first, privately."""
    await open_table(bot, fake)
    (question,) = await send(bot, fake, slash(ALICE, "game abort"))
    assert question.ephemeral and question.content.startswith("Abort Tally (test game)?")
    assert question.custom_ids() == ["tp:abort:1", "tp:cancel"]
    (cancelled,) = await send(
        bot, fake, click(ALICE, fake.messages[question.message_id or ""], "tp:cancel")
    )
    assert cancelled.callback_type == 7 and cancelled.content == "Cancelled; nothing changed."
    assert cancelled.message["components"] == []
    assert (await bot.service.game(CHANNEL_ID)).status == "active"


async def test_a_channel_manager_aborts_without_a_vote(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await open_table(bot, fake)
    _, done = await confirmed(bot, fake, MODERATOR, slash(MODERATOR, "game abort"))
    assert done.content == "Tally (test game) was aborted."
    assert (await bot.service.game(CHANNEL_ID)).status == "aborted"
    assert refusal(await send(bot, fake, slash(BOB, "play", move="draw"))) == (
        "There is no game in this channel. Open one with /game new."
    )
