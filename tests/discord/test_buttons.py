"""Persistent buttons and select menus: custom ids carry the game and its version, clicks are
routed by discord.py's dynamic items, old boards answer "moved on", and all of it survives a
restart of the bot (a new client over the same database)."""

from __future__ import annotations

from bot.discord_adapter import TurnpostBot
from bot.service import User
from tests.discord.conftest import ALICE, BOB, CAROL, BotFactory
from tests.discord.helpers import PLAYERS, board_post, open_table, refusal, send, to_act
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, Sent, click, slash

STALE = "This board has moved on: use the newest board message, or /play."


def select_of(post: Sent) -> tuple[str, list[str]]:
    """The move select on a board message: its custom id and option values."""
    for row in post.json["components"]:
        for c in row["components"]:
            if c["type"] == 3:
                return c["custom_id"], [o["value"] for o in c["options"]]
    raise AssertionError("no select menu on this board")


async def test_lobby_buttons_join_and_start(bot: TurnpostBot, fake: FakeDiscord) -> None:
    (lobby,) = await send(bot, fake, slash(ALICE, "game new", game="tally", players=2))
    message = fake.messages[lobby.message_id or ""]
    (joined,) = await send(bot, fake, click(BOB, message, "tp:join:1"))
    assert joined.callback_type == 4 and f"<@{ALICE.id}>, <@{BOB.id}>" in joined.content
    assert refusal(await send(bot, fake, click(BOB, message, "tp:start:1"))) == (
        "Only Alice, who opened this game, or someone who can manage the channel can do that."
    )
    board_post(await send(bot, fake, click(ALICE, message, "tp:start:1")))
    assert (await bot.service.game(CHANNEL_ID)).status == "active"


async def test_select_of_legal_moves_plays_and_old_board_has_moved_on(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    started = await open_table(bot, fake)
    custom_id, values = select_of(started)
    (actor_id,) = await to_act(bot)
    legal = await bot.service.legal(CHANNEL_ID, User(actor_id, PLAYERS[actor_id].name))
    assert sorted(values) == sorted(legal or [])
    placeholder = started.json["components"][0]["components"][0]["placeholder"]
    assert placeholder == f"{PLAYERS[actor_id].name}: choose your move…"
    message = fake.messages[started.message_id or ""]
    other = BOB if actor_id == ALICE.id else ALICE
    assert refusal(await send(bot, fake, click(other, message, custom_id, values=[values[0]]))) == (
        f"It is {PLAYERS[actor_id].name}'s turn, not yours."
    )
    post = board_post(
        await send(bot, fake, click(PLAYERS[actor_id], message, custom_id, values=[values[0]]))
    )
    assert post.json["embeds"][0]["description"].startswith(
        f"{PLAYERS[actor_id].name}: {values[0]}"
    )
    # The same select on the first board is now out of date, for everyone.
    for player in (ALICE, BOB):
        text = refusal(
            await send(bot, fake, click(player, message, custom_id, values=[values[-1]]))
        )
        assert text == STALE


async def test_buttons_work_after_a_restart(
    bot: TurnpostBot, fake: FakeDiscord, make_bot: BotFactory
) -> None:
    started = await open_table(bot, fake)
    first_message = fake.messages[started.message_id or ""]
    (actor_id,) = await to_act(bot)
    custom_id, values = select_of(started)
    newest = board_post(
        await send(
            bot, fake, click(PLAYERS[actor_id], first_message, custom_id, values=[values[0]])
        )
    )
    await bot.close()

    restarted = await make_bot()
    # "My hand" on the very first board still answers, privately, with the hand as it is now.
    hand_id = next(c for c in started.custom_ids() if c.startswith("tp:hand:"))
    sent = await send(restarted, fake, click(BOB, first_message, hand_id))
    assert sent[0].callback_type == 5 and sent[0].ephemeral
    assert sent[1].ephemeral and "hand" in sent[1].content.lower()
    # Carol, who does not play, learns nothing.
    sent = await send(restarted, fake, click(CAROL, first_message, hand_id))
    assert sent[-1].ephemeral and sent[-1].content == "You are not playing in this game."
    # The old select is still stale after the restart; the newest one plays.
    (actor_id,) = await to_act(restarted)
    assert (
        refusal(
            await send(
                restarted,
                fake,
                click(PLAYERS[actor_id], first_message, custom_id, values=[values[0]]),
            )
        )
        == STALE
    )
    new_id, new_values = select_of(newest)
    board_post(
        await send(
            restarted,
            fake,
            click(
                PLAYERS[actor_id],
                fake.messages[newest.message_id or ""],
                new_id,
                values=[new_values[0]],
            ),
        )
    )
