"""The frozen reference level ``v1`` (issue #24.4): commit 26d3b23's ``normal``, unchanged.

The new computer player is measured against ``v1`` in the arena, so ``v1`` must keep playing
exactly as that commit's ``normal`` did, whatever later work does to ``engines/ai`` and the
games' ``ai.py``. The moves below were recorded by running commit 26d3b23's
``engines.ai.choose(..., "normal", Rng(40 + i), iterations=30)`` on these very positions.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.ai import v1
from engines.ai.arena import run, seat_kinds
from engines.randomplay import random_action
from engines.rng import Rng, seed_state

#: commit 26d3b23's ``normal`` on the positions of ``_positions(game)``, 30 iterations each.
RECORDED = {
    "bombay": ["fortune", "move f4", "move e2", "move f1", "end"],
    "imhotep": ["load 2 1", "load 3 2", "take temple_decoration", "load 4 2", "load 2 2"],
    "marco_polo": ["compensate 2", "end", "place khan 4 good=gold", "black", "end"],
    "brass": [
        "network coalbrookdale-shrewsbury card=pottery",
        "pass card=tamworth",
        "pass card=wild_industry",
        "pass card=birmingham",
        "pass card=burton_on_trent",
    ],
}


def _positions(game: str, players: int = 3, seed: int = 11, every: int = 17) -> list[Any]:
    """Five states met along a seeded random game, every ``every`` moves."""
    engine = engines.get(game)
    state = engine.setup(players, engine.meta.validate_options({}), seed)
    rng = Rng(seed_state(seed))
    out = []
    for step in range(400):
        who = engine.to_act(state)
        if not who or len(out) == 5:
            break
        if step % every == 0:
            out.append(state)
        move = random_action(engine, state, who[0], rng)
        assert move is not None
        state, _ = engine.play(state, who[0], move)
    return out


@pytest.mark.parametrize("game", sorted(RECORDED))
def test_v1_plays_the_moves_of_commit_26d3b23s_normal(game: str) -> None:
    engine = engines.get(game)
    played = []
    for i, state in enumerate(_positions(game)):
        seat = engine.to_act(state)[0]
        played.append(v1.choose(engine, state, seat, Rng(40 + i), iterations=30)[0])
    assert played == RECORDED[game]


def test_v1_imports_nothing_of_the_computer_player_that_may_change() -> None:
    """Only engine rules and ``v1``'s own modules: a change to ``engines/ai`` or to a game's
    ``ai.py`` cannot reach it."""
    for path in Path(v1.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith("engines.ai") or name.startswith("engines.ai.v1"), (
                    f"{path.name} imports {name}"
                )
                assert not name.endswith(".ai"), f"{path.name} imports {name}"
                assert name != "engines.randomplay", f"{path.name} imports {name}"


def test_v1_is_a_seat_kind_of_the_arena() -> None:
    assert seat_kinds(["normal", "v1"], 2, 1) == ("v1", "normal")
    summary = run(engines.get("bombay"), 2, 1, ["v1", "random"], seed=3, iterations=20)
    assert summary["kinds"]["v1"]["seats"] == 1
