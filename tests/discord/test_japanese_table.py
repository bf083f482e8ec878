"""#13 "Done when": a Japanese group plays any of the four games from ``/game new`` to the score
sheet through the Discord layer without meeting English outside the notation.

The bot speaks Japanese (``lang=ja``) and every player's Discord client is Japanese. One whole
random game per engine goes through discord.py's real code paths to the loopback stand-in:
``/game help``, ``/game new``, joins, ``/game start``, the "Your move" picker and the "My hand"
button on the first board, then ``/play`` moves to the end, then ``/game log``, ``/game mine``
and ``/game settings``. Every text anyone could read — message contents, embeds, button labels,
select placeholders and option labels and descriptions — is checked with the allow-list of
tests/test_no_english.py (notation tokens, display names, backticked text, printed game terms).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import engines
from bot.discord_adapter import TurnpostBot
from bot.service import User
from engines.base import CHANCE
from tests import games
from tests.discord.conftest import BotFactory
from tests.discord.driver import random_move
from tests.discord.helpers import choices, send
from tests.discord.loopback import CHANNEL_ID, FakeDiscord, Player, Sent, click, slash
from tests.test_no_english import allowed_in, english_in

#: The games played in Japanese (those with a Japanese catalog).
GAMES = sorted(g for g in games.shipped() if "ja" in games.languages(g))
SEATS = [Player(2001, "アナ"), Player(2002, "ベン"), Player(2003, "カル")]
#: Keys whose string values a reader sees (select option values and custom ids are notation).
READABLE = {"content", "label", "placeholder", "title", "description", "name", "value", "text"}
#: Where nothing is read: ids, files, links, mention rules.
UNREAD = {"custom_id", "attachments", "allowed_mentions", "url", "proxy_url", "image", "thumbnail"}


def texts(obj: Any) -> Iterator[str]:
    """Every string a reader sees in a request body."""
    if isinstance(obj, dict):
        option = "label" in obj  # a select option or button: its value is notation
        for key, value in obj.items():
            if key in UNREAD or (option and key == "value"):
                continue
            if isinstance(value, str) and key in READABLE:
                yield value
            else:
                yield from texts(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from texts(item)


def read(sent: list[Sent]) -> list[str]:
    lines: list[str] = []
    for s in sent:
        for t in texts(s.message):
            # Links, mentions and timestamps are Discord markup, not words.
            lines += re.sub(r"https?://\S+|<[@#t:/][^>]*>", "", t).splitlines()
    return lines


@pytest.mark.parametrize("game", GAMES)
async def test_a_japanese_group_plays_from_game_new_to_the_score_sheet_without_english(
    make_bot: BotFactory, fake: FakeDiscord, game: str
) -> None:
    bot: TurnpostBot = await make_bot(lang="ja")
    meta = engines.get(game).meta
    seats = SEATS[: max(2, meta.min_players)]
    by_id = {p.id: p for p in seats}
    mark = len(fake.sent)

    async def say(player: Player, path: str, **options: Any) -> list[Sent]:
        return await send(bot, fake, slash(player, path, _locale="ja", **options))

    await say(seats[0], "game help", game=game)
    await say(seats[0], "game new", game=game, players=len(seats))
    for p in seats[1:]:
        await say(p, "game join")
    started = await say(seats[0], "game start")
    board = next(s for s in started if s.files and s.path.startswith("/channels/"))
    actor = by_id[(await bot.service.game(CHANNEL_ID)).to_act[0]]
    message = fake.messages[board.message_id or ""]
    for custom_id in board.custom_ids():  # "Your move" and "My hand", for the one to act
        await send(bot, fake, click(actor, message, custom_id, locale="ja"))
    played: list[str] = []
    rng = random.Random(f"ja:{game}")
    while (info := await bot.service.game(CHANNEL_ID)).status == "active":
        player = by_id[rng.choice(info.to_act)]
        move = await random_move(bot, User(player.id, player.name), rng)
        await say(player, "play", move=move)
        played.append(move)
    assert info.status == "finished"
    await say(seats[0], "game log")
    await say(seats[1], "game mine")
    await say(seats[0], "game settings")
    lines = read(fake.since(mark))
    assert len(lines) > 2 * len(played)
    # The log shows chance steps (a roll, a restock) in their notation too, as it shows moves.
    exported = await bot.service.export(CHANNEL_ID)
    chance = [a["action"] for a in exported["actions"] if a["seat"] == CHANCE]
    allowed = allowed_in(game, played + chance) | {p.name for p in seats}
    found = english_in(lines, allowed, "ja")
    assert not found, f"{len(found)} English words, e.g. {list(found.items())[:8]}"


async def test_a_japanese_player_picks_and_reads_games_by_their_japanese_names(
    make_bot: BotFactory, fake: FakeDiscord
) -> None:
    bot: TurnpostBot = await make_bot(lang="ja")
    picked = await choices(bot, fake, SEATS[0], "game new", "game", game="マルコ", _locale="ja")
    assert picked == [{"name": "マルコ・ポーロの旅路 (marco_polo)", "value": "marco_polo"}]
    (helped,) = await send(bot, fake, slash(SEATS[0], "game help", game="brass", _locale="ja"))
    assert helped.content.startswith("**ブラス：バーミンガム**")
