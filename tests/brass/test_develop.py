"""The Develop action (B55–B58)."""

from __future__ import annotations

from tests.brass.helpers import illegal, play, position, tile_at


def test_B55_remove_one_or_two_lowest_tiles_same_industry_twice() -> None:
    s = position(hands={0: ["leek", "stone"]}, money={0: 20})
    s2, events = play(s, 0, "develop coal_mine coal_mine card=leek")
    assert s2.mats[0][3] == (0, 1, 2, 2)
    assert s2.gone[0] == 2
    s3, _ = play(s, 0, "develop brewery card=leek")
    assert s3.mats[0][5] == (1, 2, 2, 1)


def test_B56_each_tile_takes_one_iron_market_iron_is_spent() -> None:
    s = position(hands={0: ["leek"]})
    s2, _ = play(s, 0, "develop cotton_mill manufacturer card=leek")
    assert s2.iron == 6 and s2.money[0] == 17 - 4 and s2.spent[0] == 4
    works = position(hands={0: ["leek"]}, tiles=[("dudley", 2, 1, "iron_works", 1, False, 1)])
    s3, _ = play(works, 0, "develop cotton_mill manufacturer card=leek")
    # One cube from the works (free, which flips it), then one from the market (£2).
    assert tile_at(s3, "dudley").flipped and s3.money[0] == 15 and s3.iron == 7


def test_B57_lightbulb_tiles_cannot_be_developed() -> None:
    s = position(hands={0: ["leek"]})
    illegal(s, 0, "develop pottery card=leek", "brass.cannot_develop")
    after_build = position(hands={0: ["leek"]}, mats={0: {"pottery": (0, 1, 1, 1, 1)}})
    s2, _ = play(after_build, 0, "develop pottery card=leek")
    assert s2.mats[0][2] == (0, 0, 1, 1, 1)
    illegal(s2, 0, "develop pottery card=leek")


def test_B58_canal_forbidden_tiles_may_be_developed() -> None:
    s = position(hands={0: ["leek"]}, mats={0: {"brewery": (0, 0, 0, 1)}})
    s2, _ = play(s, 0, "develop brewery card=leek")
    assert s2.mats[0][5] == (0, 0, 0, 0)
