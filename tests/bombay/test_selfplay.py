"""Random complete games over every player count and option combination, checking invariants
after every action (money never negative, bales/tokens conserved, turn and set counts)."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest

from engines.bombay import ENGINE
from engines.bombay.components import CAPACITY, PALACES, board, rules
from engines.bombay.notation import Action
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


@cache
def distances() -> dict[str, dict[str, int]]:
    """Steps between every two sites (breadth-first over the trails)."""
    b = board()
    out: dict[str, dict[str, int]] = {}
    for start in b.sites:
        dist = {start: 0}
        queue = [start]
        for here in queue:
            for n in b.sites[here].neighbours:
                if n not in dist:
                    dist[n] = dist[here] + 1
                    queue.append(n)
        out[start] = dist
    return out


def greedy(state: State, acts: list[Action], rng: Rng) -> Action:
    """A merchant with a plan: sell, build, buy, else walk towards a buyer or a seller.

    Random play rarely reaches a city with silk; this policy drives games into the rarer
    corners (empty city stacks, all palaces built, an exhausted client bank, empty markets)."""
    seat = state.current
    verbs = {v: [a for a in acts if a.verb == v] for v in ("sell", "build", "buy", "move")}
    if verbs["sell"]:
        return rng.choice(verbs["sell"])
    if verbs["build"] and (len(state.loads[seat]) == 2 or rng.below(3) == 0):
        return rng.choice(verbs["build"])
    if verbs["buy"]:
        return verbs["buy"][0]
    load = state.loads[seat]
    b = board()
    if load:
        targets = [c for i, c in enumerate(b.cities) if any(x in state.demand[i] for x in load)]
    else:
        targets = [site for site, colour in state.posts if state.is_open(colour)]
    if verbs["move"] and targets and rng.below(5):
        dist = distances()
        best = min(min(dist[a.arg].get(t, 99) for t in targets) for a in verbs["move"])
        near = [a for a in verbs["move"] if min(dist[a.arg].get(t, 99) for t in targets) == best]
        return rng.choice(near)
    return rng.choice(acts)


def play_game(players: int, options: dict[str, str], seed: int, *, planned: bool = False) -> State:
    """One game to the end with checks after every action: random (preferring real actions
    over ``end``) or, with ``planned``, the greedy merchant above."""
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
        if planned:
            action = greedy(state, acts, rng)
        else:
            action = rng.choice(real) if real and rng.below(10) else rng.choice(acts)
        before = state.set_no, state.game_turn, state.current
        state, _ = ENGINE.apply(state, seat, action)
        state, _ = ENGINE.settle(state)  # a new set's restock (a chance step)
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
        play_game(players, options, seed=batch * 1000 + k, planned=k % 2 == 1)


@pytest.mark.slow
def test_random_games_keep_invariants_2000() -> None:
    for k in range(2000):
        players, options = CASES[k % len(CASES)]
        play_game(players, options, seed=100_000 + k, planned=k % 2 == 1)
