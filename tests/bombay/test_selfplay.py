"""Random complete games over every player count and option combination, checking invariants
after every action (money never negative, bales/tokens conserved, turn and set counts)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from engines.bombay import ENGINE
from engines.bombay.components import CAPACITY, PALACES, board, rules
from engines.bombay.state import State
from engines.rng import Rng

OPTION_SETS = [
    dict(zip([o.name for o in ENGINE.meta.options], values, strict=True))
    for values in itertools.product(*[o.choices for o in ENGINE.meta.options])
]
CASES = [(p, o) for o in OPTION_SETS for p in range(2, 6)]


def check(state: State, start: State) -> None:
    """Invariants that hold after every action."""
    r = rules()
    b = board()
    n = state.players
    assert all(m >= 0 for m in state.money), state.money
    assert all(c >= 0 for c in state.clients)
    for i, c in enumerate(r.colours):
        carried = sum(load.count(c) for load in state.loads)
        assert state.bag[i] + state.stock[i] + carried == r.bales[c], c
        assert state.bag[i] >= 0 and state.stock[i] >= 0
        # a colour is open exactly while a bale of it lies in a market (Y36)
        assert state.is_open(c) == (state.stock[i] > 0)
    assert all(len(load) <= CAPACITY for load in state.loads)
    assert len({site for site, _ in state.palaces}) == len(state.palaces)
    for site, _ in state.palaces:
        assert b.sites[site].kind != "city" and state.post_at(site) is None
    assert all(0 <= state.palaces_left(s) <= PALACES for s in range(n))
    # palace tokens: on the board or taken by the palace built on their site
    start_tokens = dict(start.tokens)
    for site in start_tokens:
        assert (state.token_at(site) is None) == (state.palace_at(site) is not None)
    kept = Counter(t for k in state.kept for t in k)
    assert kept["client"] + sum(1 for _, t in state.tokens if t == "client") <= 2
    for ci, city in enumerate(b.cities):
        holders = sum(1 for s in range(n) if city in state.cities[s])
        assert holders + state.stacks[ci] == start.stacks[ci]
        assert sorted(state.demand[ci]) == sorted(start.demand[ci])
    assert all(len(set(c)) == len(c) for c in state.cities)
    if state.clients_limited:
        assert sum(state.clients) <= r.client_tokens
    assert state.posts == start.posts
    assert 0 <= state.ap <= 3


def play_game(players: int, options: dict[str, str], seed: int) -> State:
    """One random game to the end with checks; prefers real actions over ``end``."""
    start = ENGINE.setup(players, ENGINE.meta.validate_options(options), seed)
    state = start
    rng = Rng(seed * 7919 + players)
    turns = [0] * players
    fresh = True
    for _ in range(5000):
        who = ENGINE.to_act(state)
        if not who:
            break
        seat = who[0]
        if fresh:
            turns[seat] += 1
        acts = ENGINE.legal_actions(state, seat)
        assert acts
        real = [a for a in acts if a.verb != "end"]
        action = rng.choice(real) if real and rng.below(10) else rng.choice(acts)
        before = state.set_no, state.game_turn, state.current
        state, _ = ENGINE.apply(state, seat, action)
        check(state, start)
        fresh = (state.set_no, state.game_turn, state.current) != before
    assert state.over and ENGINE.result(state) is not None
    per_player = 16 if players in (2, 4) else 15
    assert turns == [per_player] * players  # Y30: the game ends after the rules' turns
    res = ENGINE.result(state)
    assert res is not None and all(v >= 0 for v in res.scores)
    return state


@pytest.mark.parametrize("batch", range(4))
def test_random_games_keep_invariants_200(batch: int) -> None:
    for k in range(50):
        players, options = CASES[(batch * 50 + k) % len(CASES)]
        play_game(players, options, seed=batch * 1000 + k)


@pytest.mark.slow
def test_random_games_keep_invariants_2000() -> None:
    for k in range(2000):
        players, options = CASES[k % len(CASES)]
        play_game(players, options, seed=100_000 + k)
