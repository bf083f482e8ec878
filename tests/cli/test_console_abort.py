"""Issue 12.6 in the console: aborting asks first; ``abort yes`` does it."""

from __future__ import annotations

from pathlib import Path

from bot.console import CHANNEL_ID, Console
from bot.service import Service


async def test_console_abort_asks_before_it_ends_the_game(tmp_path: Path) -> None:
    service = await Service.open(tmp_path / "t.db")
    out: list[str] = []
    console = Console(service, tmp_path / "boards", out.append)
    try:
        for line in ("as ann", "new tally players=2 seed=3", "bob: join", "start ann bob"):
            assert await console.handle(line)
        out.clear()
        assert await console.handle("abort")
        assert out == [
            "Abort Tally (test game)? This ends the game for everyone (or casts your vote to end "
            "it). Type `abort yes` to confirm."
        ]
        assert (await service.game(CHANNEL_ID)).status == "active"
        out.clear()
        assert await console.handle("abort yes")
        assert out == ["Tally (test game) was aborted."]
        assert (await service.game(CHANNEL_ID)).status == "aborted"
    finally:
        await service.close()
