"""Components and board (Y1–Y15): the data files hold the game's counts."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.bombay.components import CAPACITY, PALACES, board, rules
from engines.data import load_json
from tests.bombay.helpers import new, sites_of


def test_Y1_seventeen_bales_in_four_colours() -> None:
    assert rules().bales == {"yellow": 3, "blue": 5, "purple": 4, "orange": 5}
    assert sum(rules().bales.values()) == 17


def test_Y2_four_demand_columns_of_three_different_colours() -> None:
    cols = rules().demand_columns
    assert len(cols) == 4
    assert all(len(set(c)) == 3 for c in cols)
    assert Counter(c for col in cols for c in col) == {c: 3 for c in rules().colours}


def test_Y3_elephant_carries_two_and_five_palaces_each() -> None:
    assert CAPACITY == 2 and PALACES == 5
    s = new(3)
    assert [s.palaces_left(p) for p in range(3)] == [5, 5, 5]


def test_Y4_eight_trading_post_tokens_two_per_colour() -> None:
    s = new(4, setup="random", seed=9)
    assert Counter(c for _, c in s.posts) == {c: 2 for c in rules().colours}


def test_Y5_eight_palace_tokens_of_four_types_two_each_inferred() -> None:
    assert Counter(rules().palace_tokens) == {"client": 2, "city": 2, "rupees2": 2, "silk": 2}
    assert rules().status["inferred"].startswith("palace-token split")


def test_Y6_sixteen_city_tokens_four_per_city() -> None:
    raw = load_json("bombay", "setup.json")["city_tokens"]
    assert raw["per_city"] * len(board().cities) == raw["total"] == 16


def test_Y7_client_bank_unlimited_by_default_sixteen_when_limited() -> None:
    assert rules().client_tokens == 16
    assert new(4).clients_limited is False
    assert new(4, client_tokens_limited="true").clients_limited is True


def test_Y8_rupee_bank_never_runs_out() -> None:
    assert load_json("bombay", "setup.json")["rupees"]["limited"] is False


def test_Y9_five_action_tokens_count_turns() -> None:
    raw = load_json("bombay", "setup.json")
    assert raw["action_tokens"] == 5
    assert all(
        pc["action_tokens_used"] == pc["turns_per_set"] for pc in raw["player_counts"].values()
    )


def test_Y10_trails_are_undirected_edges_between_sites() -> None:
    b = board()
    for s in b.sites.values():
        for n in s.neighbours:
            assert s.id in b.sites[n].neighbours
    # the data file's convenience copy of the neighbours agrees with its trails
    raw = {s["id"]: sorted(s["neighbours"]) for s in load_json("bombay", "board.json")["sites"]}
    assert raw == {sid: list(s.neighbours) for sid, s in b.sites.items()}


def test_Y11_site_counts_of_the_printed_board() -> None:
    kinds = Counter(s.kind for s in board().sites.values())
    assert kinds == {
        "hill": 2,
        "city": 4,
        "trading_post_site": 8,
        "palace_token_site": 8,
        "empty_site": 3,
    }
    assert Counter(s.tp_group for s in board().sites.values() if s.tp_group) == {"E": 4, "F": 4}
    assert sorted(board().city_names.values()) == ["Bombay", "Hyderabad", "Indora", "Nagpur"]
    assert board().sites[board().start].letter == "A"


def test_Y12_entry_cost_two_for_hills_one_otherwise() -> None:
    for s in board().sites.values():
        assert s.entry_cost == (2 if s.kind == "hill" else 1)


def test_Y13_elephants_share_sites() -> None:
    s = new(5)
    assert len(set(s.sites)) == 1  # all five on hill A


@pytest.mark.parametrize("kind", ["city", "trading_post_site"])
def test_Y14_cities_and_trading_posts_are_built_up(kind: str) -> None:
    from engines.bombay.rules import why_not_build_here
    from tests.bombay.helpers import at

    s = new(4)
    site = sites_of(kind)[0]
    s = at(s, 0, site, ("blue",))
    reason = why_not_build_here(s, 0)
    assert reason is not None and reason.key in ("bombay.build_on_city", "bombay.build_on_post")


def test_Y15_board_is_marked_stand_in_and_view_says_approximate() -> None:
    from engines.bombay import ENGINE

    assert board().status == "stand-in"
    assert ENGINE.view(new(2), None).approximate.board is True
    assert "approximate" in ENGINE.meta.notes
    raw = load_json("bombay", "board.json")
    assert raw["counts"]["trails"] == len(raw["trails"])
