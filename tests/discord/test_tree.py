"""The command tree generated from the engine registry, as synced to (loopback) Discord."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

import engines
from bot.discord_adapter import TurnpostBot
from bot.discord_adapter.limits import discord_name, limit_problems
from bot.discord_adapter.text import CatalogTranslator, lang_of
from engines.catalog import CATALOG
from tests.discord.loopback import FakeDiscord

GAME_SUBCOMMANDS = {
    "new", "join", "leave", "start", "board", "move", "hand", "log",
    "undo", "abort", "settings", "remind", "mine", "help", "vote", "computer", "hint", "replay",
    "clock", "back",
    "leaderboard", "profile",
}  # fmt: skip


def by_name(items: list[dict]) -> dict[str, dict]:
    return {i["name"]: i for i in items}


async def test_sync_sends_a_tree_within_every_discord_limit(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    put = [s for s in fake.sent if s.method == "PUT" and s.path.endswith("/commands")]
    assert len(put) == 1 and put[0].path == f"/applications/{bot.application_id}/commands"
    payload = put[0].json
    assert limit_problems(payload) == []
    top = by_name(payload)
    # /game, /play and one group for every registered game (real engines included as they land).
    assert {"game", "play"} | {discord_name(e.meta.id) for e in engines.all_engines()} == set(top)
    assert set(by_name(top["game"]["options"])) == GAME_SUBCOMMANDS
    # /game vote takes Discord users (option type 6): the player, and an optional replacement.
    vote = by_name(by_name(top["game"]["options"])["vote"]["options"])
    assert (vote["player"]["type"], vote["player"]["required"]) == (6, True)
    assert (vote["replacement"]["type"], vote["replacement"].get("required", False)) == (6, False)
    assert len(bot.synced) == len(payload)
    # Games live in server channels: no command is offered in DMs.
    assert all(c["contexts"] == [0] for c in payload)


async def test_every_verb_of_every_game_is_a_subcommand_with_autocompleted_parameters(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    top = by_name(fake.commands)
    for engine in engines.all_engines():
        meta = engine.meta
        group = by_name(top[discord_name(meta.id)]["options"])
        for verb in meta.verbs[:25]:
            sub = group[verb.name]
            assert sub["type"] == 1
            params = by_name(sub.get("options", []))
            for p in verb.params[:25]:
                option = params[discord_name(p.name)]
                assert option["type"] == 3 and option["autocomplete"] is True
                assert option["required"] == p.required


async def test_tally_group_reads_like_the_notation(bot: TurnpostBot, fake: FakeDiscord) -> None:
    tally = by_name(by_name(fake.commands)["tally"]["options"])
    assert set(tally) == {"play", "draw"}
    assert tally["play"]["description"] == "Play a card from your hand onto the pile"
    assert [o["name"] for o in tally["play"]["options"]] == ["card"]
    assert "options" not in tally["draw"] or tally["draw"]["options"] == []


async def test_play_takes_raw_notation_with_autocomplete(
    bot: TurnpostBot, fake: FakeDiscord
) -> None:
    play = by_name(fake.commands)["play"]
    (move,) = play["options"]
    assert move["name"] == "move" and move["autocomplete"] and move["required"]


def test_limit_checker_finds_what_discord_would_reject() -> None:
    bad = [
        {
            "name": "Bad Name",
            "description": "x" * 101,
            "type": 1,
            "options": [
                {"name": f"o{i}", "description": "d", "type": 3, "required": i == 3}
                for i in range(26)
            ]
            + [
                {
                    "name": "pick",
                    "description": "d",
                    "type": 3,
                    "choices": [{"name": str(i), "value": str(i)} for i in range(26)],
                }
            ],
        }
    ]
    problems = " | ".join(limit_problems(bad))
    assert "bad name 'Bad Name'" in problems
    assert "description of 101 chars" in problems
    assert "27 options" in problems
    assert "26 choices" in problems
    assert "required option after an optional one" in problems


async def test_translator_uses_the_catalog_of_the_users_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    english = CATALOG.messages("en")
    spanish = {"discord.cmd.board": "Muestra el tablero"}
    catalogs = {"en": english, "es": spanish}
    monkeypatch.setattr(CATALOG, "messages", lambda lang: catalogs.get(lang, {}))
    translator = CatalogTranslator()
    text = app_commands.locale_str("Show the current board", key="discord.cmd.board")
    ctx = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_description, None
    )
    assert (
        await translator.translate(text, discord.Locale.spain_spanish, ctx) == "Muestra el tablero"
    )
    assert await translator.translate(text, discord.Locale.japanese, ctx) is None
    assert await translator.translate(text, discord.Locale.american_english, ctx) is None
    assert lang_of(discord.Locale.spain_spanish) == "es" and lang_of("ja") == "ja"


def test_every_command_string_is_in_the_catalog() -> None:
    messages = CATALOG.messages("en")
    for sub in GAME_SUBCOMMANDS | {"game", "play"}:
        assert f"discord.cmd.{sub}" in messages
