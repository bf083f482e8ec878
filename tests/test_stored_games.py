"""Stored games keep loading and replaying (issue #14: behaviour identical across the refactor).

Each fixture was written by its engine as it stood before the engine moved onto the kit (format
1): the game's set-up, its action log, the dump of a mid-game position and the dump and scores of
the final position. ``bombay_format1.json`` is a 4-player game (mid-game: the third set);
``imhotep_format1.json`` a 3-player game on B sides with Pharaoh's wrath (mid-game: a Market-B
pair being looked at). A change of a stored format must keep these passing, migrating old dumps
in ``load``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engines

FIXTURES = Path(__file__).parent / "fixtures"
STORED = {"bombay": "bombay_format1.json", "imhotep": "imhotep_format1.json"}


def _fixture(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / STORED[game]).read_text())
    return data


@pytest.mark.parametrize("game", sorted(STORED))
def test_a_stored_mid_game_dump_loads_and_plays_on_to_the_same_end(game: str) -> None:
    engine, data = engines.get(game), _fixture(game)
    state = engine.load(data["mid_state"])
    for seat, text in data["log"][data["mid_index"] :]:
        state, _ = engine.play(state, seat, text)
    result = engine.result(state)
    assert result is not None and list(result.scores) == data["final_scores"]
    assert engine.dump(state) == data["final_state"]


@pytest.mark.parametrize("game", sorted(STORED))
def test_a_stored_action_log_replays_to_the_stored_positions(game: str) -> None:
    engine, data = engines.get(game), _fixture(game)
    state = engine.setup(data["players"], data["options"], data["seed"])
    for i, (seat, text) in enumerate(data["log"]):
        if i == data["mid_index"]:
            assert engine.dump(state) == data["mid_state"]
        state, _ = engine.play(state, seat, text)
    assert engine.dump(state) == data["final_state"]


@pytest.mark.parametrize("game", sorted(STORED))
def test_a_dump_round_trips_through_json(game: str) -> None:
    engine = engines.get(game)
    state = engine.load(_fixture(game)["mid_state"])
    again = engine.load(json.loads(json.dumps(engine.dump(state))))
    assert engine.dump(again) == engine.dump(state)
    seat = engine.to_act(state)[0]
    assert engine.legal_actions(again, seat) == engine.legal_actions(state, seat)
