"""The move builder (#26.1): whole games played by tapping alone, through discord.py's real code
paths, and what every builder click may and may not do."""

from __future__ import annotations

import pytest

from bot import drawing
from bot.discord_adapter import TurnpostBot
from tests.discord.loopback import FakeDiscord
from tests.discord.tapping import play_by_taps
from tests.discord.test_turn_pings import quick_render


@pytest.fixture
def quick_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drawing, "draw_public", quick_render)


#: Each game at its shortest table: Brass in its introductory (canal era only) mode.
SHORT = {
    "bombay": None,
    "imhotep": None,
    "marco_polo": None,
    "brass": "mode=intro",
}


@pytest.mark.parametrize("game", sorted(SHORT))
async def test_a_whole_game_is_played_by_tapping_the_builder_alone(
    bot: TurnpostBot, fake: FakeDiscord, game: str, quick_boards: None
) -> None:
    record = await play_by_taps(bot, fake, game, seed=1, options=SHORT[game])
    assert record.finished, f"{game}: not over after {record.commands} commands"
    assert record.typed == 0
    assert record.refused == []
    assert record.mismatches == []
    assert record.commands > 10 and record.turns > 4
