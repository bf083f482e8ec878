"""Setup (Y16–Y25)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.bombay import ENGINE
from engines.bombay.components import board, rules
from tests.bombay.helpers import new


def test_Y16_seat_zero_is_first_player_and_acts_first() -> None:
    s = new(3)
    assert s.first == 0 and ENGINE.to_act(s) == [0]


def test_Y17_every_elephant_starts_empty_on_hill_a() -> None:
    s = new(5)
    assert set(s.sites) == {board().start} and board().sites[board().start].letter == "A"
    assert all(load == () for load in s.loads)


def test_Y18_all_seventeen_bales_start_in_bag_then_nine_go_to_markets() -> None:
    s = new(4)
    assert sum(s.bag) == 8 and sum(s.stock) == 9


@pytest.mark.parametrize(
    ("players", "option", "money"),
    [
        (2, "printed", (2, 2)),
        (3, "printed", (2, 2, 2)),
        (4, "printed", (2, 2, 2, 2)),
        (5, "printed", (2, 2, 2, 2, 3)),
        (5, "bga", (2, 2, 2, 2, 2)),
    ],
)
def test_Y19_start_money(players: int, option: str, money: tuple[int, ...]) -> None:
    assert new(players, five_player_start_money=option).money == money


@pytest.mark.parametrize(("players", "stack"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_Y20_city_tokens_per_city_players_minus_one(players: int, stack: int) -> None:
    assert new(players).stacks == (stack,) * 4


def test_Y21_random_setup_deals_whole_demand_columns_to_cities() -> None:
    seen = set()
    for seed in range(30):
        s = new(4, setup="random", seed=seed)
        assert sorted(s.demand) == sorted(rules().demand_columns)
        seen.add(s.demand)
    assert len(seen) > 5  # the columns really are shuffled


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_Y22_trading_posts_by_player_count(players: int) -> None:
    for seed in range(5):
        s = new(players, setup="random", seed=seed)
        groups = Counter(board().sites[site].tp_group for site, _ in s.posts)
        colours = Counter(c for _, c in s.posts)
        if players <= 3:
            assert groups == {"E": 4} and colours == {c: 1 for c in rules().colours}
        else:
            assert groups == {"E": 4, "F": 4} and colours == {c: 2 for c in rules().colours}


def test_Y23_palace_tokens_shuffled_onto_g_sites_and_public() -> None:
    s = new(2, setup="random", seed=3)
    assert {board().sites[site].letter for site, _ in s.tokens} == {"G"}
    assert Counter(t for _, t in s.tokens) == Counter(rules().palace_tokens)
    assert ENGINE.view(s, None).palace_tokens == dict(s.tokens)


def test_Y24_first_game_uses_fixed_placements() -> None:
    fg = rules().first_game
    a, b = new(4, seed=1), new(4, seed=2)
    assert a.demand == b.demand and a.posts == b.posts and a.tokens == b.tokens
    assert dict(a.posts) == fg["trading_posts"]
    assert dict(a.tokens) == fg["palace_tokens"]
    assert dict(new(2).posts) == fg["trading_posts_2_3_players"]
    assert ENGINE.view(a, None).approximate.first_game_placements is True


@pytest.mark.parametrize(
    ("players", "sets", "turns", "prizes"),
    [(2, 4, 4, (4, 0)), (3, 3, 5, (6, 2, 0)), (4, 4, 4, (8, 4, 2, 0)), (5, 5, 3, (8, 6, 4, 2, 0))],
)
def test_Y25_player_count_table(
    players: int, sets: int, turns: int, prizes: tuple[int, ...]
) -> None:
    s = new(players)
    assert (s.sets, s.turns_per_set) == (sets, turns)
    assert rules().counts[players].empire_bonus == prizes
