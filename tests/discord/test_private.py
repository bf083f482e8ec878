"""Private information for a player other than the mover (like Imhotep's face-down pair, shown
to the owner of the market stone while someone else sails).

The test game "peek" is Tally with one twist: whenever a card is played, the *next* player secretly
sees the top card of the deck. Given a two-player table, when the first player plays a card, then the
public board message tells the next player (by mention, without the secret) to look at their hand,
the "My hand" button and ``/game hand`` show them the card, and nobody else ever sees it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

import engines
from bot.discord_adapter import TurnpostBot
from bot.service import replay
from engines.base import Event
from tests.discord.conftest import ALICE, BOB, CAROL, BotFactory
from tests.discord.helpers import PLAYERS, send
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, click, slash
from tests.testgame import META, State, Tally


class Peek(Tally):
    """Tally where playing a card lets the next player peek at the top of the deck."""

    meta = replace(META, id="peek", title="Peek (test game)")

    def apply(self, state: State, seat: int, action: Any) -> tuple[State, list[Event]]:
        new, events = super().apply(state, seat, action)
        if action.verb == "play" and new.deck and new.current != seat:
            events.append(
                Event(
                    "service.private_line",
                    {"label": "Top of the deck", "value": new.deck[0]},
                    visible_to=(new.current,),
                )
            )
        return new, events


@pytest.fixture
def peek() -> Iterator[None]:
    engines.register(Peek())
    yield
    engines.unregister("peek")


async def test_a_secret_for_the_next_player_reaches_them_privately(
    peek: None, make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot: TurnpostBot = await make_bot()
    await send(bot, fake, slash(ALICE, "game new", game="peek", players=2))
    await send(bot, fake, slash(BOB, "game join"))
    await send(bot, fake, slash(ALICE, "game start"))
    info = await bot.service.game(CHANNEL_ID)
    (mover_id,) = info.to_act
    mover = PLAYERS[mover_id]
    watcher = BOB if mover is ALICE else ALICE
    legal = await bot.service.legal(CHANNEL_ID, bot.handlers.user_for(mover_id)) or []
    card = next(m for m in legal if m.startswith("play"))

    # When the mover plays a card,
    sent = await send(bot, fake, slash(mover, "play", move=card))
    # (What the watcher was shown: the top of the deck, from a replay of the stored game.)
    top = replay(await bot.service.record(info.game_id)).state["deck"][0]
    secret = f"Top of the deck: {top}"
    post = sent[1]
    # then the public message pings the watcher to look at their hand, without the secret,
    assert not post.ephemeral
    assert post.headline == (
        f"<@{watcher.id}>: your turn.\n"
        f"<@{watcher.id}>: something was shown only to you; press My hand or use /game hand."
    )
    assert post.json["allowed_mentions"] == {"users": [watcher.id], "parse": []}
    assert all(secret not in str(s.json) for s in sent)

    # and "My hand" (the button on that board) shows the watcher the card, privately;
    message = fake.messages[post.message_id or ""]
    hand_id = next(c for c in post.custom_ids() if c.startswith("tp:hand:"))
    answer = (await send(bot, fake, click(watcher, message, hand_id)))[-1]
    assert answer.ephemeral and secret in answer.content
    (_, got) = await send(bot, fake, slash(watcher, "game hand"))
    assert got.ephemeral and secret in got.content
    # while the mover's and an onlooker's views never show it.
    (_, own) = await send(bot, fake, slash(mover, "game hand"))
    assert own.ephemeral and secret not in own.content
    assert (await send(bot, fake, slash(CAROL, "game hand")))[-1].content == (
        "You are not playing in this game."
    )

    # Once the watcher has moved, the peek is old news and leaves their hand view.
    nxt = next(
        m for m in await bot.service.legal(CHANNEL_ID, bot.handlers.user_for(watcher.id)) or []
    )
    await send(bot, fake, slash(watcher, "play", move=nxt))
    (_, later) = await send(bot, fake, slash(watcher, "game hand"))
    assert secret not in later.content
