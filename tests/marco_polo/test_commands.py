"""Notation, completion and time-outs: how commands are typed and checked."""

from __future__ import annotations

import pytest

from engines.base import END, IllegalAction
from engines.catalog import CATALOG
from engines.marco_polo.state import Pending
from tests.marco_polo.helpers import E, dice, play, put, ready, res


def test_dice_may_be_typed_in_any_order_canonical_is_sorted() -> None:
    st = ready(4, s0="matteo")
    assert str(E.parse(st, 0, "PLACE gold 6 2 b5 col=2")) == "place gold 2 6 b5 col=2"


def test_complete_walks_a_placement_token_by_token() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 2, 5, 6)
    assert "place" in E.complete(st, 0, "")
    assert "gold" in E.complete(st, 0, "place")
    assert E.complete(st, 0, "place gold") == ["2"]  # dice are offered lowest first
    assert E.complete(st, 0, "place gold 2") == ["5"]
    assert E.complete(st, 0, "place gold 2 5") == ["6"]
    assert E.complete(st, 0, "place gold 2 5 6") == ["col=1", "col=2"]
    assert E.complete(st, 0, "place gold 2 5 6 col=2") == [END]


def test_illegal_placement_explains_and_changes_nothing() -> None:
    st = ready(4, s0="matteo")
    st = put(st, spaces={**st.spaces, "pepper": [[1, "o", 2]]})
    st = dice(st, 0, 5)
    st = res(st, 0, coin=4)
    before = E.dumps(st)
    with pytest.raises(IllegalAction, match="costs 5 coins and you have 4"):
        E.play(st, 0, "place pepper 5 col=5")
    with pytest.raises(IllegalAction, match="no unused dice showing 4"):
        E.play(st, 0, "place pepper 4 col=4")
    with pytest.raises(IllegalAction, match="column 6 needs a value of at least 6"):
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
    st = put(st, pending=[Pending.of("comp", 2, 3)])
    assert E.timeout_action(st, 2) == "compensate 0"


def test_M30_M57_matteo_discards_at_income_when_over_the_limit() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 1, contracts=["s2", "c01"])
    for seat in range(4):
        st = dice(st, seat)
    st = dice(st, 0, 1)
    st, _ = play(st, 0, "coins3 1")
    assert st.round == 2
    assert st.pending[0].k == "discard" and E.to_act(st) == [1]
    assert E.complete(st, 1, "discard") == ["c01", "s2"]


def _reason(st: dict, seat: int, text: str) -> str:
    """The player-facing text of the refusal of ``text``."""
    with pytest.raises(IllegalAction) as info:
        E.play(st, seat, text)
    return CATALOG.text(info.value.key, info.value.params)


def test_M28_a_refused_travel_row_says_what_it_costs() -> None:
    # Given 7 coins and two 6s on an empty Travel space,
    st = ready(4, s0="matteo")
    st = dice(st, 0, 6, 6)
    st = res(st, 0, coin=7)
    # when the player asks for row 6, then the refusal names its cost and the coins in hand.
    assert _reason(st, 0, "place travel 6 6 row=6") == (
        "Travel row 6 costs 18 coins and you have 7."
    )
    # And with only 2 coins, no row at all is affordable: the cheapest one is named.
    st = res(st, 0, coin=2)
    assert _reason(st, 0, "place travel 6 6 row=1") == (
        "Travel costs at least 3 coins (row 1) and you have 2."
    )


def test_M28_travel_row_above_the_lowest_die_is_refused_with_the_value() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 2, 5)
    st = res(st, 0, coin=30)
    assert _reason(st, 0, "place travel 2 5 row=4") == (
        "Travel row 4 needs a value of at least 4; your lowest die shows 2."
    )


def test_M25_bazaar_column_above_the_value_and_a_missing_choice_are_explained() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 4)
    assert _reason(st, 0, "place pepper 4 col=6") == (
        "Bazaar column 6 needs a value of at least 6; your lowest die shows 4."
    )
    assert _reason(st, 0, "place pepper 4") == (
        "Say what you take with place pepper 4: `col=1`, `col=2`, `col=3`, `col=4`."
    )


def test_M24_wrong_number_of_dice_names_the_count_in_words() -> None:
    st = ready(4, s0="matteo")
    assert _reason(st, 0, "place pepper col=3") == (
        "The pepper space takes exactly 1 die: e.g. 4, b4 (black) or w4 (white)."
    )
    assert _reason(st, 0, "place silk 3 col=3") == (
        "The silk space takes exactly 2 dice: e.g. 4, b4 (black) or w4 (white)."
    )


def test_M40_travel_without_an_affordable_first_step_says_so() -> None:
    # Given a figure in Kochi (routes: 4 camels, 10 coins, 15 coins), 3 coins and no camels,
    st = ready(4, s0="matteo")
    st = dice(st, 0, 3, 5)
    st = res(st, 0, coin=3, camel=0)
    st = res(st, 0, figures=["kochi"])
    # then row 1 is payable but no step after it is, and the refusal says exactly that.
    assert "could not afford the first step" in _reason(st, 0, "place travel 3 5 row=1")


def test_M24_too_few_dice_left_is_said_plainly() -> None:
    # Given Raschid with one unset die left, when he asks for the 3-dice gold row,
    st = ready(4, s0="raschid")
    st = dice(st, 0, 0)
    # then he is told how many dice he has, not that no die "shows 5 5 5".
    assert _reason(st, 0, "place gold 5 5 5 col=5") == (
        "You have 1 unused die left and the gold space takes 3 dice."
    )


def test_M39_a_bare_move_lists_the_places_to_go() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 1, 6)
    st = res(st, 0, coin=20)
    st, _ = play(st, 0, "place travel 1 6 row=1")
    # (Oasis E is not offered: its route costs 3 camels and the player has 2.)
    assert _reason(st, 0, "move") == "Say what you choose: `move alexandria`, `move oasis_a`."


def test_M30_D9_the_pending_discard_names_the_contracts_that_may_go() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 2, 3)
    st = res(st, 0, contracts=["s1", "c01"])
    st, _ = play(st, 0, "place contracts 2 take=1+2")
    assert E.view(st, None).pending.what == (
        "hand limit 2: discard 2 of the earlier contracts s1, c01 (discard)"
    )
