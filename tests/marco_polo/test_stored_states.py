"""Stored games keep loading and replaying (issue #14: the state's idiom changed, the games did not).

The fixture was written by the engine before the state became frozen dataclasses: a 3-player
advanced game's whole action log, the dumped state at several points (draft, goals, a
compensation, a discard and a movement pending) and the final state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engines.marco_polo import ENGINE as E

FIXTURE = Path(__file__).parent.parent / "fixtures" / "marco_polo" / "advanced_3p_seed7.json"
DATA: dict[str, Any] = json.loads(FIXTURE.read_text())


def _replay(state: Any, log: list[list[Any]]) -> Any:
    for seat, text in log:
        state, _ = E.play(state, seat, text)
    return state


@pytest.mark.parametrize("check", DATA["checkpoints"], ids=lambda c: str(c["index"]))
def test_an_old_dump_loads_and_plays_on_to_the_same_end(check: dict[str, Any]) -> None:
    """A dump written by yesterday's code loads, dumps back identically and plays to the end."""
    loaded = E.load(check["state"])
    assert E.dump(loaded) == check["state"]
    final = _replay(loaded, DATA["log"][check["index"] :])
    assert E.dump(final) == DATA["final_state"]
    assert E.to_act(final) == []


def test_the_log_replays_from_setup_to_the_stored_positions() -> None:
    """Today's engine reaches every stored position, byte for byte, by replaying the log."""
    state = E.setup(DATA["players"], E.meta.validate_options(DATA["options"]), DATA["seed"])
    done = 0
    for check in DATA["checkpoints"]:
        state = _replay(state, DATA["log"][done : check["index"]])
        done = check["index"]
        assert E.dump(state) == check["state"]
    assert E.dump(_replay(state, DATA["log"][done:])) == DATA["final_state"]
