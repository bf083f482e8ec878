"""Persistent buttons and select menus: custom ids carry the game and its version, clicks are
routed by discord.py's dynamic items, old boards answer "moved on", and all of it survives a
restart of the bot (a new client over the same database)."""

from __future__ import annotations

from bot.discord_adapter import TurnpostBot
from bot.service import User
from tests.discord.conftest import ALICE, BOB, CAROL, BotFactory
from tests.discord.helpers import PLAYERS, board_post, open_table, refusal, send, to_act
from tests.discord.loopback import (
    CHANNEL_ID,
    FakeDiscord,
    Player,
    Sent,
    click,
    every_component,
    slash,
)

STALE = "The board has moved on since this builder was opened; open a fresh one."
OUT_OF_DATE = (
    "This button or menu is out of date: use the buttons on the newest board message, or /play."
)


def picker_options(picker: Sent) -> tuple[str, list[str]]:
    """The select of a private move picker: its custom id and option values."""
    for row in picker.message["components"]:
        for c in row["components"]:
            if c["type"] == 3:
                return c["custom_id"], [o["value"] for o in c["options"]]
    raise AssertionError("no select menu in this picker")


async def play_first_option(
    bot: TurnpostBot, fake: FakeDiscord, player: Player, board: Sent
) -> tuple[str, Sent]:
    """``player`` presses "Your move" on ``board``, picks the builder's first whole move and
    confirms it; the move played and the board message that announced it."""
    walk = next(c for c in board.custom_ids() if c.startswith("tp:walk:"))
    (picker,) = await send(bot, fake, click(player, fake.messages[board.message_id or ""], walk))
    assert picker.callback_type == 4 and picker.ephemeral
    custom_id, values = picker_options(picker)
    builder = fake.messages[picker.message_id or ""]
    (step,) = await send(bot, fake, click(player, builder, custom_id, values=[values[0]]))
    assert step.callback_type == 7
    confirm = next(c for c in step.custom_ids() if c.startswith("tp:bc:"))
    move = step.content.split("(`")[1].split("`)")[0]
    post = board_post(
        await send(bot, fake, click(player, fake.messages[step.message_id or ""], confirm))
    )
    return move, post


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


async def test_your_move_opens_a_private_picker_of_the_clickers_own_moves(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    """The public board carries only "Your move" and "My hand" (nothing of anyone's hand); "Your
    move" opens the builder for the player to act, privately, offering their own legal moves
    (25 or fewer: whole, by index); an older board's buttons are out of date for everyone."""
    started = await open_table(bot, fake)
    version = (await bot.service.game(CHANNEL_ID)).version
    assert started.custom_ids() == [
        f"tp:walk:1:{version}",
        f"tp:hand:1:{version}",
        "tp:hint:1",
        "tp:log:1",
    ]
    controls = [c for c in every_component(started.json["components"]) if "custom_id" in c]
    assert all(c.get("type") == 2 for c in controls)
    (actor_id,) = await to_act(bot)
    message = fake.messages[started.message_id or ""]
    other = BOB if actor_id == ALICE.id else ALICE
    walk = f"tp:walk:1:{version}"
    assert refusal(await send(bot, fake, click(other, message, walk))) == (
        f"It is {PLAYERS[actor_id].name}'s turn, not yours."
    )
    (picker,) = await send(bot, fake, click(PLAYERS[actor_id], message, walk))
    assert picker.callback_type == 4 and picker.ephemeral
    _, values = picker_options(picker)
    labels = [
        o["label"]
        for row in picker.message["components"]
        for c in row["components"]
        for o in c.get("options", [])
    ]
    legal = await bot.service.legal(CHANNEL_ID, User(actor_id, PLAYERS[actor_id].name))
    assert values == [str(i) for i in range(len(legal or []))]
    assert sorted(label.replace(" · ", " ") for label in labels) == sorted(legal or [])
    move, post = await play_first_option(bot, fake, PLAYERS[actor_id], started)
    assert post.has_line(f"{PLAYERS[actor_id].name}: {move}")
    # The first board is no longer the live one when the turn passed: it lost its buttons, and
    # a click from a client that still shows them is answered privately. Otherwise it was
    # updated in place with buttons of the new version, and the old one is stale.
    old_board_kept = any("custom_id" in c for c in every_component(message["components"]))
    for player in (ALICE, BOB):
        text = refusal(await send(bot, fake, click(player, message, walk)))
        if old_board_kept:
            assert text == STALE
        else:
            assert text == OUT_OF_DATE


async def test_buttons_work_after_a_restart(
    bot: TurnpostBot, fake: FakeDiscord, make_bot: BotFactory
) -> None:
    started = await open_table(bot, fake)
    first_message = fake.messages[started.message_id or ""]
    (actor_id,) = await to_act(bot)
    walk = next(c for c in started.custom_ids() if c.startswith("tp:walk:"))
    await play_first_option(bot, fake, PLAYERS[actor_id], started)
    await bot.close()

    restarted = await make_bot()
    live = await restarted.handlers.live_board(1)
    assert live is not None
    live_message = fake.messages[str(live.message_id)]
    ids = [c["custom_id"] for c in every_component(live_message["components"]) if "custom_id" in c]
    # "My hand" on the live board answers after the restart, privately.
    hand_id = next(c for c in ids if c.startswith("tp:hand:"))
    sent = await send(restarted, fake, click(BOB, live_message, hand_id))
    assert sent[0].callback_type == 5 and sent[0].ephemeral
    assert sent[1].visible_ephemeral and "hand" in sent[1].content.lower()
    # Carol, who does not play, learns nothing.
    sent = await send(restarted, fake, click(CAROL, live_message, hand_id))
    assert sent[-1].visible_ephemeral
    assert sent[-1].content == "You are not playing in this game."
    # The first board's button still gets an answer after the restart; the live board's plays.
    (actor_id,) = await to_act(restarted)
    assert refusal(await send(restarted, fake, click(PLAYERS[actor_id], first_message, walk))) in (
        STALE,
        OUT_OF_DATE,
    )
    newest = next(s for s in reversed(fake.sent) if s.message_id == str(live.message_id))
    newest.json["components"] = live_message["components"]
    await play_first_option(restarted, fake, PLAYERS[actor_id], newest)
