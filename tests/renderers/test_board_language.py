"""#13.2: the service draws the boards in the table's language: the board, the glance and the
private screen of a Brass game at a Japanese table carry Japanese words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import renderers
from bot.service import Service, User
from renderers import kit
from tests.fakes import FakeClock

GUILD, CHANNEL = 1, 10
ANA, BEN = User(1, "アナ"), User(2, "ベン")


async def test_a_japanese_table_gets_japanese_boards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = await Service.open(tmp_path / "t.db", clock=FakeClock(1_800_000_000), lang="ja")
    try:
        await svc.create_lobby(GUILD, CHANNEL, ANA, "brass", seed=3)
        await svc.join(CHANNEL, BEN)
        await svc.start(CHANNEL, ANA, order=[ANA.id, BEN.id], render=False)
        drawn: list[str] = []
        brass = renderers.get("brass")
        for name in ("render", "render_private"):
            real = getattr(brass, name)

            def spy(
                view: dict[str, Any], *a: Any, lang: str = "en", _real: Any = real, **kw: Any
            ) -> Any:
                with kit.recording() as log:
                    out = _real(view, *a, lang=lang, **kw)
                drawn.extend(label for _, label, _ in log.texts)
                return out

            monkeypatch.setattr(brass, name, spy)
        board = await svc.board(CHANNEL)
        assert "ブラス：バーミンガム" in drawn and "凡例" in drawn  # the board's title and legend
        assert "ブラス" in board.glance_text[0]  # the glance's title, as the table shows it
        drawn.clear()
        await svc.private_view(CHANNEL, ANA)
        assert "個人ボード（残りタイル、低いレベルから）" in drawn
    finally:
        await svc.close()
