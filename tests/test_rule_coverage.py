"""Every rule id in a registered game's RULES.md has at least one test (see tests/rule_coverage.py)."""

from __future__ import annotations

import pytest

import engines
from tests.rule_coverage import GAMES, missing_ids, rule_ids

REGISTERED = [g for g in GAMES if g in engines.ids()]


@pytest.mark.parametrize("game", REGISTERED)
def test_every_rule_id_has_a_test(game: str) -> None:
    assert rule_ids(game), "no rule ids found"
    missing = missing_ids(game)
    assert not missing, f"{game}: rule ids without a test: {' '.join(missing)}"
