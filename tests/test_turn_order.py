"""Every stated order is the order played (issue 12.5).

The start message lists ``Engine.turn_order``; for every built-in game, random legal play from the
set-up must then give the first turns to exactly those seats, in that order.
"""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.base import Engine
from engines.randomplay import random_action
from engines.rng import Rng
from tests import games, traces


def _first_turns(engine: Engine[Any, Any], state: Any, players: int, seed: int) -> list[int]:
    """The seats taking turns from the set-up on, until each has had one."""
    holder = games.turn_holder(engine.meta.id)
    rng = Rng(seed)
    seen: list[int] = []
    for _ in range(5000):
        seat = holder(state)
        if seat is not None and (not seen or seen[-1] != seat):
            seen.append(seat)
        if len(seen) == players or not engine.to_act(state):
            break
        actor = engine.to_act(state)[0]
        text = random_action(engine, state, actor, rng)
        assert text is not None
        state, _ = engine.play(state, actor, text)
    return seen


def _option_sets(game: str) -> list[dict[str, str]]:
    """The option sets that change what is played: those of the game's recorded traces."""
    sets: list[dict[str, str]] = []
    for table in traces.tables(game):
        if dict(table.options) not in sets:
            sets.append(dict(table.options))
    return sets


@pytest.mark.parametrize("game", games.shipped())
def test_stated_turn_order_is_the_order_played(game: str) -> None:
    """Whose turn it is (not merely whose decision: Imhotep's market picks and Marco Polo's
    compensation are other seats deciding during someone's turn) is ``turn_holder`` of
    ``tests/<game>/__init__.py``, by default ``state.current`` while anyone acts."""
    engine = engines.get(game)
    for options in _option_sets(game):
        for players in range(engine.meta.min_players, engine.meta.max_players + 1):
            for seed in range(4):
                state = engine.setup(players, engine.meta.validate_options(options), seed)
                stated = engine.turn_order(state, players)
                assert sorted(stated) == list(range(players))
                played = _first_turns(engine, state, players, seed)
                assert played == stated, (game, options, players, seed)
