"""Stored games keep loading and replaying (issue #14: behaviour identical across the refactor).

``tests/fixtures/bombay_format1.json`` was written by the engine as it stood before the rules
moved onto the kit (commit 14b61f7, format 1): a 4-player game, its action log, the dump of a
mid-game position (third set) and the dump and scores of the final position. The next change of
Bombay's stored format (chance as an explicit step, see docs/architecture.md) must keep these
passing, migrating old dumps in ``load``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engines.bombay import ENGINE

FIXTURE = Path(__file__).parent.parent / "fixtures" / "bombay_format1.json"


def _fixture() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


def test_a_stored_mid_game_dump_loads_and_plays_on_to_the_same_end() -> None:
    data = _fixture()
    state = ENGINE.load(data["mid_state"])
    for seat, text in data["log"][data["mid_index"] :]:
        state, _ = ENGINE.play(state, seat, text)
    result = ENGINE.result(state)
    assert result is not None and list(result.scores) == data["final_scores"]
    assert ENGINE.dump(state) == data["final_state"]


def test_a_stored_action_log_replays_to_the_stored_positions() -> None:
    data = _fixture()
    state = ENGINE.setup(data["players"], data["options"], data["seed"])
    for i, (seat, text) in enumerate(data["log"]):
        if i == data["mid_index"]:
            assert ENGINE.dump(state) == data["mid_state"]
        state, _ = ENGINE.play(state, seat, text)
    assert ENGINE.dump(state) == data["final_state"]
