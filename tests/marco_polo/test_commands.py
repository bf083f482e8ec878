"""Notation, completion and time-outs: how commands are typed and checked."""

from __future__ import annotations

import pytest

from engines.base import END, IllegalAction
from tests.marco_polo.helpers import E, dice, p, play, ready


def test_dice_may_be_typed_in_any_order_canonical_is_sorted() -> None:
    st = ready(4, s0="matteo")
    assert str(E.parse(st, 0, "PLACE gold 6 2 b5 col=2")) == "place gold 2 6 b5 col=2"


def test_complete_walks_a_placement_token_by_token() -> None:
    st = ready(4, s0="matteo")
    dice(st, 0, 2, 5, 6)
    assert "place" in E.complete(st, 0, "")
    assert "gold" in E.complete(st, 0, "place")
    assert E.complete(st, 0, "place gold") == ["2"]  # dice are offered lowest first
    assert E.complete(st, 0, "place gold 2") == ["5"]
    assert E.complete(st, 0, "place gold 2 5") == ["6"]
    assert E.complete(st, 0, "place gold 2 5 6") == ["col=1", "col=2"]
    assert E.complete(st, 0, "place gold 2 5 6 col=2") == [END]


def test_illegal_placement_explains_and_changes_nothing() -> None:
    st = ready(4, s0="matteo")
    st["spaces"]["pepper"] = [[1, "o", 2]]
    dice(st, 0, 5)
    p(st, 0)["coin"] = 4
    before = E.dumps(st)
    with pytest.raises(IllegalAction, match="costs 5 coins and you have 4"):
        E.play(st, 0, "place pepper 5 col=5")
    with pytest.raises(IllegalAction, match="no unused dice showing 4"):
        E.play(st, 0, "place pepper 4 col=4")
    with pytest.raises(IllegalAction, match="not possible"):
        E.play(st, 0, "place camel 5 col=6")
    assert E.dumps(st) == before


def test_only_the_player_to_act_may_play() -> None:
    st = ready(4, s0="matteo")
    with pytest.raises(IllegalAction, match="not your decision"):
        E.play(st, 1, "coins3 3")


def test_timeout_spends_a_die_on_three_coins_or_ends_the_turn() -> None:
    st = ready(4, s0="matteo")
    assert E.timeout_action(st, 0) == "coins3 3"
    st, _ = play(st, 0, "place camel 3 col=1")
    assert E.timeout_action(st, 0) == "end"
    assert E.timeout_action(st, 1) is None


def test_timeout_answers_a_pending_decision() -> None:
    st = ready(4, s0="matteo")
    st["pending"] = [{"k": "comp", "seat": 2, "n": 3}]
    assert E.timeout_action(st, 2) == "compensate 0"


def test_M30_M57_matteo_discards_at_income_when_over_the_limit() -> None:
    st = ready(4, s0="matteo")
    p(st, 1)["contracts"] = ["s2", "c01"]
    for seat in range(4):
        dice(st, seat)
    dice(st, 0, 1)
    st, _ = play(st, 0, "coins3 1")
    assert st["round"] == 2
    assert st["pending"][0]["k"] == "discard" and E.to_act(st) == [1]
    assert E.complete(st, 1, "discard") == ["c01", "s2"]
