"""#28.4: a game with one player count says it once ("2 players"), never "2–2 players", in every
message that states how many players a game takes."""

from __future__ import annotations

import dataclasses

import pytest

import engines
from bot.discord_adapter import messages
from bot.service.results import GameInfo
from engines.base import IllegalAction
from engines.catalog import CATALOG
from tests.testgame import META

ONLY_TWO = dataclasses.replace(META, min_players=2, max_players=2)
SAID = {"en": "2 players", "es": "2 jugadores", "ja": "2人"}
RANGES = ("2–2", "2〜2", "2-2")


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_game_with_one_player_count_says_it_once(lang: str) -> None:
    with pytest.raises(IllegalAction) as err:
        ONLY_TWO.validate_players(3)
    texts = [
        CATALOG.text(err.value.key, err.value.params, lang=lang),
        CATALOG.text(
            "console.game_line",
            {"id": "x", "title": "X", "takes": ONLY_TWO.player_counts()},
            lang=lang,
        ),
        CATALOG.text(
            "discord.help_title", {"title": "X", "takes": ONLY_TWO.player_counts()}, lang=lang
        ),
    ]
    for text in texts:
        assert SAID[lang] in text, text
        assert not any(r in text for r in RANGES), text


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_game_with_several_counts_still_gives_its_range(lang: str) -> None:
    meta = engines.get("bombay").meta
    text = CATALOG.text(
        "console.game_line", {"id": "b", "title": "B", "takes": meta.player_counts()}, lang=lang
    )
    assert ("2〜5" if lang == "ja" else "2–5") in text


def test_the_lobby_message_of_a_one_count_game_says_its_count_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class OneCount:
        meta = ONLY_TWO

    monkeypatch.setattr(messages.engines, "get", lambda game: OneCount())
    info = GameInfo(
        game_id=1,
        guild_id=1,
        channel_id=1,
        game="tally",
        title="Tally",
        status="lobby",
        creator_id=7,
        players=0,
        options={},
        seats=(),
        version=0,
        to_act=(),
        round_info="",
        created_at=0.0,
        updated_at=0.0,
    )
    for lang in SAID:
        text = messages.lobby_text(info, lang)
        assert not any(r in text for r in RANGES), text
        assert ": 2 ·" in text or "：2 ·" in text, text
