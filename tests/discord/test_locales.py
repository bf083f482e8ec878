"""Japanese and Spanish on Discord: command names and descriptions are localised in the synced
payload (within Discord's limits), and the bot answers in the language of the user's Discord
client when it has a catalog for it, else in the configured language."""

from __future__ import annotations

from typing import Any

from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.limits import limit_problems
from tests.discord.conftest import ALICE, CAROL, BotFactory
from tests.discord.helpers import refusal, send
from tests.discord.loopback import FakeDiscord, slash

SPANISH = ("es-ES", "es-419")


def by_name(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {i["name"]: i for i in items}


async def test_game_and_play_commands_are_localised_within_discords_limits(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    (put,) = [s for s in fake.sent if s.method == "PUT"]
    payload = put.json
    # limit_problems checks every localised name (characters, case, length) and description.
    assert limit_problems(payload) == []
    top = by_name(payload)
    game, play = top["game"], top["play"]
    assert game["name_localizations"]["ja"] == "ゲーム"
    assert all(game["name_localizations"][loc] == "partida" for loc in SPANISH)
    assert play["name_localizations"] == {"ja": "プレイ", "es-ES": "jugar", "es-419": "jugar"}
    assert play["description_localizations"]["es-ES"].startswith("Haz una acción")
    # Every /game subcommand and each of its options has a name and description in both.
    for sub in game["options"]:
        for item in [sub, *sub.get("options", [])]:
            for loc in ("ja", *SPANISH):
                assert item["name_localizations"][loc], (sub["name"], item["name"], loc)
                assert item["description_localizations"][loc], (sub["name"], item["name"], loc)
        names = [o["name_localizations"]["ja"] for o in sub.get("options", [])]
        assert len(set(names)) == len(names), "localised option names must be unique"
    # The games' own groups are localised too (names from discord.json, verbs from <game>.json).
    assert top["bombay"]["name_localizations"]["ja"] == "ボンベイ"
    move = by_name(top["bombay"]["options"])["move"]
    assert move["name_localizations"]["ja"] and move["description_localizations"]["es-ES"]
    vote = by_name(game["options"])["vote"]
    assert vote["name_localizations"]["es-419"] == "votar"
    assert by_name(vote["options"])["replacement"]["name_localizations"]["ja"] == "交代相手"


async def test_replies_follow_the_users_client_language(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    def mine(locale: str) -> dict[str, Any]:
        return slash(CAROL, "game mine", _locale=locale)

    assert (await send(bot, fake, mine("ja")))[0].content == "参加しているゲームはありません。"
    assert (await send(bot, fake, mine("es-ES")))[0].content == "No estás en ninguna partida."
    assert (await send(bot, fake, mine("es-419")))[0].content == "No estás en ninguna partida."
    # No French catalog: the configured language (English here).
    assert (await send(bot, fake, mine("fr")))[0].content == "You are not in any game."
    # The service's refusals speak the user's language too.
    assert refusal(await send(bot, fake, slash(ALICE, "play", move="draw", _locale="ja"))) == (
        "このチャンネルにはゲームがありません。/ゲーム 新規 で始められます。"
    )


async def test_without_a_catalog_for_the_client_the_configured_language_is_used(
    make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot = await make_bot(lang="es")
    (french,) = await send(bot, fake, slash(CAROL, "game mine", _locale="fr"))
    assert french.content == "No estás en ninguna partida."
    # A user whose client is English reads English: English has a catalog.
    (english,) = await send(bot, fake, slash(CAROL, "game mine", _locale="en-US"))
    assert english.content == "You are not in any game."
