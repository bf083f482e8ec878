"""The bot reads like its diagram (#23): one concern per module, so no module under ``bot/``
passes 600 lines."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "bot"
MODULES = sorted(ROOT.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_bot_module_stays_small(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= 600, f"bot/{path.relative_to(ROOT)} has {lines} lines (at most 600): split it"
