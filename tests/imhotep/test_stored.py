"""Stored games keep loading and replaying (issue #14: behaviour identical across the refactor).

``tests/fixtures/imhotep_format1.json`` was written by the engine as it stood before the state
became frozen (format 1): a 3-player game on B sides with Pharaoh's wrath, its action log, the
dump of a mid-game position with decisions pending (a Market-B pair being looked at), and the
dump of the final position.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engines.imhotep import ENGINE

FIXTURE = Path(__file__).parent.parent / "fixtures" / "imhotep_format1.json"


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


def test_a_dump_round_trips_through_json() -> None:
    state = ENGINE.load(_fixture()["mid_state"])
    again = ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))
    assert ENGINE.dump(again) == ENGINE.dump(state)
    assert ENGINE.legal_actions(again, ENGINE.to_act(again)[0]) == ENGINE.legal_actions(
        state, ENGINE.to_act(state)[0]
    )
