"""Issue 10.4/10.7 in the console: ``log`` opens on the newest page, and a move shown in the
console owes no late announcement."""

from __future__ import annotations

from pathlib import Path

from bot.console import CHANNEL_ID, Console, user_id_for
from bot.service import Service, User


async def test_console_log_opens_on_the_newest_page_and_moves_leave_no_outbox(
    tmp_path: Path,
) -> None:
    service = await Service.open(tmp_path / "t.db")
    out: list[str] = []
    console = Console(service, tmp_path / "boards", out.append)
    try:
        for line in ("as ann", "new tally players=2 seed=3", "bob: join", "start ann bob"):
            assert await console.handle(line)
        for _ in range(21):
            info = await service.game(CHANNEL_ID)
            (uid,) = info.to_act
            name = "ann" if uid == user_id_for("ann") else "bob"
            legal = await service.legal(CHANNEL_ID, User(uid, name)) or []
            assert await console.handle(f"{name}: play {legal[0]}")  # "play <notation>"
            assert not out[-1].startswith("!"), out[-1]
        assert await service.db.outbox() == []
        out.clear()
        assert await console.handle("log")
        assert out[0] == "Log page 2/2"
        out.clear()
        assert await console.handle("log 1")
        assert out[0] == "Log page 1/2"
    finally:
        await service.close()
