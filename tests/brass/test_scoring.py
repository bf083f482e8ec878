"""Final scoring and the winner (B80–B83, D3, D14)."""

from __future__ import annotations

from typing import Any

from engines.brass.scoring import CATEGORIES
from engines.brass.state import OVER, State, evolve
from engines.catalog import CATALOG
from tests.brass.helpers import E, position


def _final(**kw: Any) -> State:
    return evolve(position(**kw), phase=OVER, hands=((), ()), deck=())


WORKED: dict[str, Any] = dict(
    tiles=[
        ("worcester", 1, 0, "cotton_mill", 1, True),  # vp 5, 1 link icon
        ("worcester", 2, 1, "cotton_mill", 2, True),  # vp 5, 2 link icons
        ("birmingham", 1, 0, "cotton_mill", 3),  # unflipped: nothing
    ],
    links=[
        ("gloucester-worcester", 0),
        ("birmingham-worcester", 1),
        ("kidderminster-worcester", 0),
    ],
    money={0: 63, 1: 10},
    income={0: 15, 1: 5},
    vp={0: 4, 1: 0},
)


def test_B80_worked_example_of_final_scoring() -> None:
    res = E.result(_final(**WORKED))
    assert res is not None
    # Seat 0: links 2+3 (Gloucester–Worcester) + 3 (three-ended, only Worcester's icons) = 8;
    # industries 5; money £63 → 15 (cap); income level 3; no level-2 flipped tile.
    assert res.breakdown[0] == {
        "before": 4,
        "links": 8,
        "industries": 5,
        "money": 15,
        "income": 3,
        "again": 0,
    }
    assert res.scores[0] == 35
    # Seat 1: links 0 + 3 = 3; industries 5; £10 → 2; level −5; cotton mill II again: 5.
    assert res.breakdown[1] == {
        "before": 0,
        "links": 3,
        "industries": 5,
        "money": 2,
        "income": -5,
        "again": 5,
    }
    assert res.scores[1] == 10
    assert res.ranking == ((0,), (1,))


def test_D14_merchant_link_icons_count_without_a_tile() -> None:
    s = _final(links=[("stoke_on_trent-warrington", 0)])
    assert not any(m.location == "warrington" for m in s.merchants)
    res = E.result(s)
    assert res is not None and res.breakdown[0]["links"] == 2


def test_D3_vp_clamped_at_zero_after_each_step() -> None:
    res = E.result(_final(money={1: 10}, income={1: 5}))
    assert res is not None
    # £10 → 2 VP, then level −5 takes only those 2.
    assert res.breakdown[1] == {
        "before": 0,
        "links": 0,
        "industries": 0,
        "money": 2,
        "income": -2,
        "again": 0,
    }
    assert res.scores[1] == 0


def test_B81_level_two_and_higher_flipped_tiles_score_twice() -> None:
    res = E.result(
        _final(
            tiles=[("dudley", 1, 0, "coal_mine", 2, True), ("dudley", 2, 1, "iron_works", 1, True)],
            money={0: 0, 1: 0},
        )
    )
    assert res is not None
    assert res.breakdown[0]["industries"] == 2 and res.breakdown[0]["again"] == 2
    assert res.breakdown[1]["industries"] == 3 and res.breakdown[1]["again"] == 0


def test_B82_ties_broken_by_income_level_then_money_then_shared() -> None:
    by_income = E.result(_final(money={0: 0, 1: 0}, income={0: 11, 1: 10}, vp={0: 0, 1: 1}))
    assert (
        by_income is not None and by_income.scores == (1, 1) and by_income.ranking == ((0,), (1,))
    )
    by_money = E.result(_final(money={0: 1, 1: 2}))
    assert by_money is not None and by_money.scores == (0, 0) and by_money.ranking == ((1,), (0,))
    shared = E.result(_final(money={0: 2, 1: 2}))
    assert shared is not None and shared.ranking == ((0, 1),) and shared.winners == (0, 1)


def test_B83_breakdown_categories_have_score_sheet_labels() -> None:
    res = E.result(_final(**WORKED))
    assert res is not None
    for sheet in res.breakdown:
        assert tuple(sheet) == CATEGORIES
    for cat in CATEGORIES:
        assert CATALOG.has(f"brass.score.{cat}")
    # the tie-breaks (B82) are on the sheet as numbers, labelled through the catalog
    assert res.details[0] == {"income_level": 3, "money": 63}
    for fact in res.details[0]:
        assert CATALOG.has(f"brass.detail.{fact}")
    assert E.result(position()) is None
