"""The stand-in refuses what Discord refuses (#26.5), so a test that passes here would not fail
against Discord for breaking one of its limits. Each limit is shown both ways: a message at the
limit goes through discord.py's real HTTP client, one past it is answered 400 (code 50035, as
Discord answers an invalid form body) and raises ``discord.HTTPException`` in the bot.

Limits, as Discord documents them: a Components V2 message (flag ``1 << 15``) holds at most 40
components counting nested ones, and 4000 characters of text in its text displays, carries no
``content`` or ``embeds``, and an edit can never take the flag away; a select holds 1–25 options;
a custom id holds 100 characters; an interaction's first response comes within 3 seconds (else
404, code 10062 "Unknown interaction")."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.http import Route

from bot.discord_adapter import TurnpostBot
from tests.discord import loopback
from tests.discord.conftest import ALICE
from tests.discord.loopback import CHANNEL_ID, COMPONENTS_V2, FakeDiscord, deliver, slash

V2 = COMPONENTS_V2


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": "Go", "custom_id": custom_id}


def select(custom_id: str, options: int) -> dict[str, Any]:
    return {
        "type": 3,
        "custom_id": custom_id,
        "options": [{"label": f"option {i}", "value": str(i)} for i in range(options)],
    }


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def container(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "components": list(items)}


async def post(bot: TurnpostBot, body: dict[str, Any]) -> Any:
    """A channel message with ``body`` through discord.py's own HTTP client."""
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=CHANNEL_ID)
    return await bot.http.request(route, json=body)


async def edit(bot: TurnpostBot, message_id: str, body: dict[str, Any]) -> Any:
    route = Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=CHANNEL_ID,
        message_id=message_id,
    )
    return await bot.http.request(route, json=body)


async def refused(bot: TurnpostBot, fake: FakeDiscord, call: Any) -> str:
    """The stand-in's refusal of ``call``: 400 with code 50035; its message."""
    with pytest.raises(discord.HTTPException) as raised:
        await call
    assert raised.value.status == 400 and raised.value.code == 50035
    assert fake.sent[-1].status == 400
    return str(raised.value.text)


def v2_with(components: int) -> dict[str, Any]:
    """A V2 message of exactly ``components`` components: one container of text displays."""
    return {"flags": V2, "components": [container(*(text("x") for _ in range(components - 1)))]}


async def test_a_v2_message_holds_at_most_40_components_nested_ones_counted(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await post(bot, v2_with(40))
    assert "41 components" in await refused(bot, fake, post(bot, v2_with(41)))


async def test_a_v2_message_holds_at_most_4000_characters_of_text(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await post(bot, {"flags": V2, "components": [text("a" * 2000), text("b" * 2000)]})
    too_long = {"flags": V2, "components": [text("a" * 2000), text("b" * 2001)]}
    assert "4001 characters" in await refused(bot, fake, post(bot, too_long))


async def test_a_v2_message_has_no_content_or_embeds(bot: TurnpostBot, fake: FakeDiscord) -> None:
    body = {"flags": V2, "content": "hello", "components": [text("hello")]}
    assert "content or embeds" in await refused(bot, fake, post(bot, body))


async def test_the_v2_flag_cannot_be_removed_by_an_edit(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    created = await post(bot, {"flags": V2, "components": [text("the table")]})
    await edit(bot, created["id"], {"flags": V2, "components": [text("edited")]})
    back = {"flags": 0, "content": "plain again", "components": []}
    assert "cannot be removed" in await refused(bot, fake, edit(bot, created["id"], back))
    # Nor does an edit without the flag turn it into a message with content.
    assert "content" in await refused(bot, fake, edit(bot, created["id"], {"content": "plain"}))
    assert fake.messages[created["id"]]["components"] == [text("edited")]


async def test_a_select_holds_25_options_in_a_row_or_in_a_container(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    await post(bot, {"components": [row(select("tp:s", 25))]})
    assert "26 options" in await refused(
        bot, fake, post(bot, {"components": [row(select("tp:s", 26))]})
    )
    nested = {"flags": V2, "components": [container(row(select("tp:s", 26)))]}
    assert "26 options" in await refused(bot, fake, post(bot, nested))


async def test_a_custom_id_holds_100_characters(bot: TurnpostBot, fake: FakeDiscord) -> None:
    await post(bot, {"components": [row(button("x" * 100))]})
    long_id = {"flags": V2, "components": [container(row(button("x" * 101)))]}
    assert "custom id over 100" in await refused(bot, fake, post(bot, long_id))


async def test_a_first_response_after_3_seconds_is_an_unknown_interaction(
    bot: TurnpostBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stand-in's clock runs 4 s between delivering an interaction and its answer: the
    answer is refused as Discord refuses a late one (404, code 10062)."""
    ticks = iter(range(0, 10_000, 4))
    monkeypatch.setattr(loopback.time, "perf_counter", lambda: float(next(ticks)))
    await deliver(bot, slash(ALICE, "game help"))
    answers = [s for s in fake.sent if "/callback" in s.path]
    # The answer, and the error boundary's apology after it: both too late.
    assert answers and all(a.status == 404 for a in answers)
