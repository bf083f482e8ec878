"""Random complete games over every player count and set-up, with invariants after every action."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.marco_polo import tables as T
from engines.marco_polo.rewards import post_supply
from engines.marco_polo.state import State
from engines.randomplay import random_action
from engines.rng import Rng
from tests.marco_polo.helpers import E

COMBOS = [(n, s) for n in (2, 3, 4) for s in ("basic", "advanced")]


def check(st: State) -> None:
    """Invariants that hold after every action."""
    n = st.n
    for seat, q in enumerate(st.players):
        for k in ("coin", "camel", "pepper", "silk", "gold", "vp"):
            assert q.amount(k) >= 0, (seat, k, q.amount(k))
        assert len(set(q.posts)) == len(q.posts) <= post_supply(st, seat)
        assert all(c in T.POST_CITIES for c in q.posts)
        assert len(q.contracts) <= 2 or any(i.k == "discard" for i in st.pending)
    # Black dice are conserved: pool + held + on the board.
    held = sum(1 for q in st.players for d in q.dice if d[0] == "b")
    placed = sum(1 for dl in st.spaces.values() for d in dl if d[1] == "b")
    placed += sum(1 for d in st.khan if d[1] == "b")
    placed += sum(1 for d in st.used_cards.values() if d[1] == "b")
    assert st.black_pool + held + placed == T.BLACK_DICE[n]
    # Regular contracts are conserved and never duplicated.
    regular = [c for c in st.pile + st.display if not T.CONTRACTS[c]["starting"]]
    for q in st.players:
        regular += [c for c in q.contracts + q.fulfilled if not T.CONTRACTS[c]["starting"]]
    assert Counter(regular) == Counter(T.REGULAR_CONTRACTS)
    assert len(st.display) <= T.DISPLAY_SLOTS and len(st.khan) <= T.KHAN_SPACES
    in_beijing = [s for s in st.beijing if s is not None]
    assert len(in_beijing) == len(set(in_beijing)) and len(st.beijing) <= len(T.BEIJING_VP)
    assert sorted(in_beijing) == [s for s, q in enumerate(st.players) if "beijing" in q.posts]
    assert 0 <= st.round <= T.ROUNDS
    assert E.to_act(st) or st.phase == "over"


def play_game(players: int, setup: str, seed: int) -> dict:
    st = E.setup(players, {"setup": setup}, seed)
    rng = Rng(seed * 7919 + players)
    check(st)
    for _ in range(5000):
        who = E.to_act(st)
        if not who:
            break
        seat = rng.choice(who)
        text = random_action(E, st, seat, rng)
        assert text is not None, f"seat {seat} must act but has nothing legal"
        st, _ = E.play(st, seat, text)
        check(st)
    assert st.phase == "over" and st.round == T.ROUNDS
    res = E.result(st)
    assert res is not None and sorted(s for g in res.ranking for s in g) == list(range(players))
    return st


@pytest.mark.parametrize("players,setup", COMBOS)
def test_M14_M62_random_games_keep_invariants(players: int, setup: str) -> None:
    for seed in range(34):  # 6 x 34 = 204 games in the default run
        play_game(players, setup, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players,setup", COMBOS)
def test_M14_M62_many_random_games(players: int, setup: str) -> None:
    for seed in range(1000, 1000 + 334):  # 6 x 334 = 2,004 games
        play_game(players, setup, seed)
