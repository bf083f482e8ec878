"""Random complete games over every player count and option combination, with the invariants
checked after every action: stones conserved (E15), cards conserved (I7), sled limits (I3),
no negative points before Pharaoh's wrath (I78), one ship per site (I25), six rounds (I15)."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from engines.imhotep import components as C
from engines.imhotep.state import State
from engines.randomplay import random_action
from engines.rng import Rng

from .helpers import ENGINE, stones_of

SIDES = ("a", "b", "random", "custom")
COMBOS = list(product((2, 3, 4), SIDES, ("off", "on")))  # 24 combinations


def options_for(sides: str, wrath: str, seed: int) -> dict[str, str]:
    opts = {"sides": sides, "wrath": wrath}
    if sides == "custom":  # a different per-site mix for each seed
        for i, word in enumerate(("market", "pyramid", "temple", "burial", "obelisk")):
            opts[word] = "ab"[(seed >> i) & 1]
    return opts


def check(state: State) -> None:
    for seat in range(state.players):
        assert stones_of(state, seat) == C.STONES_PER_PLAYER, "E15"
        assert 0 <= state.sled[seat] <= C.SLED_LIMIT and state.quarry[seat] >= 0
        assert all(v >= 0 for v in state.points[seat].values()), "I78"
    cards = [
        *state.market_deck,
        *state.discard,
        *(c for c in state.offer if c),
        *state.pair,
        *state.pair_hand,
        *(c for hand in state.cards for c in hand),
        *(a for k, _, a in state.tasks if k == "gain"),
    ]
    assert Counter(cards) == Counter(C.market_deck()), "I7: every card exactly once"
    docked = [d for d in state.docked if d]
    assert len(docked) == len(set(docked)), "I25"
    assert 1 <= state.round <= C.ROUNDS


def play_out(players: int, options: dict[str, str], seed: int) -> State:
    state = ENGINE.setup(players, ENGINE.meta.validate_options(options), seed)
    rng = Rng(seed * 7 + 1)
    check(state)
    for _ in range(5000):
        who = ENGINE.to_act(state)
        if not who:
            break
        seat = who[0]
        text = random_action(ENGINE, state, seat, rng)
        assert text is not None, f"seat {seat} must act but has nothing legal"
        state, _ = ENGINE.play(state, seat, text)
        check(state)
    assert state.over and state.round == C.ROUNDS, "I15: six rounds, then the end"
    result = ENGINE.result(state)
    assert result is not None and len(result.scores) == players
    return state


@pytest.mark.parametrize("players,sides,wrath", COMBOS)
def test_E15_I15_random_games_keep_every_invariant(players: int, sides: str, wrath: str) -> None:
    for seed in range(9):  # 24 combinations x 9 = 216 games
        play_out(players, options_for(sides, wrath, seed), seed)


@pytest.mark.slow
@pytest.mark.parametrize("players,sides,wrath", COMBOS)
def test_E15_many_random_games_slow(players: int, sides: str, wrath: str) -> None:
    for seed in range(100, 184):  # 24 x 84 = 2016 games
        play_out(players, options_for(sides, wrath, seed), seed)
