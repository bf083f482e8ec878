"""The renderers read like their diagram (#23.5): one concern per module, so no module under
``renderers/`` passes 600 lines and none of the kit's (``renderers/kit/``) passes 400."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "renderers"
MODULES = sorted(ROOT.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_renderer_module_stays_small(path: Path) -> None:
    limit = 400 if path.parent.name == "kit" else 600
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= limit, f"{path.relative_to(ROOT)} has {lines} lines (at most {limit}): split it"
