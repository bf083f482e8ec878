"""A game stored before the full game existed keeps loading and playing as an introductory game.

The fixture ``tests/fixtures/brass_intro_format1.json`` was written by the engine of that time:
the options it validated, the seed, the action log and the state dump after the log.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engines.brass import ENGINE as E
from engines.randomplay import random_play
from engines.rng import Rng

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "brass_intro_format1.json"


def _fixture() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_stored_intro_game_loads_and_equals_a_replay_of_its_log() -> None:
    """Given an old dump and its log, when loaded and when replayed, then both are the same game."""
    data = _fixture()
    loaded = E.load(data["dump"])
    state = E.setup(data["players"], data["options"], data["seed"])
    for seat, text in data["log"]:
        state, _ = E.play(state, seat, text)
    assert E.dumps(state) == E.dumps(loaded)
    assert E.view(loaded, None).era == "canal" and loaded.mode == "intro"
    # Today's dump of the old game is the stored text itself (a snapshot check still passes).
    assert E.dumps(loaded) == json.dumps(data["dump"], sort_keys=True, separators=(",", ":"))


def test_stored_intro_game_plays_on_to_the_intro_final_scoring() -> None:
    """Given an old dump, when played on at random, then it ends after the canal era (B24)."""
    loaded = E.load(_fixture()["dump"])
    end, steps = random_play(E, loaded, Rng(5))
    assert steps and not E.to_act(end)
    assert end.era == "canal"
    result = E.result(end)
    assert result is not None and len(result.scores) == 3
