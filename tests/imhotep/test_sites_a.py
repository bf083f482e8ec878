"""Side A of the five sites (RULES section 5), with the reference's worked numbers."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.imhotep.scoring import (
    burial_groups,
    burial_points,
    group_points,
    obelisk_end_points,
    shared_awards,
)

from .helpers import ENGINE, edit, game, keys, play, ships


def market_turn(layout: str, offer: list[str], players: int = 3):  # type: ignore[no-untyped-def]
    st = ships(game(players), "", "", "", layout)
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=offer)
    return st


def test_I30_I32_each_stone_owner_picks_in_unloading_order_and_the_stone_goes_home() -> None:
    st = market_turn("120", ["statue#1", "lever#1", "pyramid_decoration#1", "chisel#1"])
    quarry = list(st.quarry)
    st, _ = play(st, 0, "sail 4 market")
    assert ENGINE.to_act(st) == [1]
    assert sorted(str(a) for a in ENGINE.legal_actions(st, 1)) == [
        "take chisel",
        "take lever",
        "take pyramid_decoration",
        "take statue",
    ]
    st, _ = play(st, 1, "take statue")
    assert st.quarry[1] == quarry[1] + 1  # I32
    st, _ = play(st, 2, "take lever")
    st, _ = play(st, 0, "take chisel")
    assert st.cards == (("chisel#1",), ("statue#1",), ("lever#1",))
    assert st.round == 2 and "pyramid_decoration#1" in st.discard  # the 4th ship: round over


def test_I30_only_cards_still_on_the_market_can_be_taken() -> None:
    st = market_turn("12", ["statue#1", "lever#1", "statue#2", "chisel#1"])
    st, _ = play(st, 0, "sail 4 market")
    st, _ = play(st, 1, "take lever")
    with pytest.raises(IllegalAction, match="no Lever on the market"):
        play(st, 2, "take lever")
    with pytest.raises(IllegalAction, match="first take a card"):
        play(st, 2, "quarry")


def test_I31_a_red_card_is_used_before_the_next_stone_owner_picks() -> None:
    st = market_turn("12", ["paved_path#1", "statue#1", "lever#1", "statue#3"])
    st, _ = play(st, 0, "sail 4 market")
    st, events = play(st, 1, "take paved_path")
    k = keys(events)
    assert k.index("took_card") < k.index("red_card") < k.index("placed_obelisk")
    assert st.obelisk[1] == 1 and "paved_path#1" in st.discard
    assert st.cards[1] == () and ENGINE.to_act(st) == [2]


def test_I33_cards_left_on_the_market_are_discarded_at_round_end() -> None:
    st = market_turn("1", ["statue#1", "lever#1", "hammer#1", "chisel#1"])
    st, _ = play(st, 0, "sail 4 market")  # single option? no: four cards, seat 1 picks
    st, _ = play(st, 1, "take statue")
    assert st.round == 2
    assert {"lever#1", "hammer#1", "chisel#1"} <= set(st.discard)


def test_I34_I35_I36_pyramid_fills_in_order_and_scores_at_once() -> None:
    st = ships(game(2), "0101", "...", "..", ".")
    st, events = play(st, 0, "sail 1 pyramid")
    # fill indexes 0..3 score 2, 1, 3, 2
    assert st.pyramid == (0, 1, 0, 1)
    assert st.points[0]["pyramid"] == 2 + 3 and st.points[1]["pyramid"] == 1 + 2
    assert keys(events).count("placed_pyramid") == 4


def test_I36_points_by_fill_index_total_34() -> None:
    from engines.imhotep.components import pyramid_a_points

    assert pyramid_a_points() == (2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4)
    assert sum(pyramid_a_points()) == 34


def test_I37_E8_overflow_stones_score_one_each() -> None:
    st = ships(game(2), "000.", "...", "..", ".")
    st = edit(st, pyramid=[1] * 13)
    st, events = play(st, 0, "sail 1 pyramid")
    # index 13 (the top) scores 4, then two stones beside the pyramid score 1 each
    assert st.points[0]["pyramid"] == 4 + 1 + 1
    assert keys(events).count("placed_beside") == 2


def test_I38_I39_temple_width_and_layers() -> None:
    st = ships(game(2), "0000", "...", "..", ".")
    st = edit(st, temple=[1, 1, 1])
    st, events = play(st, 0, "sail 1 temple")
    # width 4 with 2 players: stone 4 completes layer 1, stones 5-7 start layer 2 at the left
    params = [e.params for e in events if e.key == "imhotep.placed_temple"]
    assert [(p["column"], p["layer"]) for p in params] == [(4, 1), (1, 2), (2, 2), (3, 2)]
    assert ENGINE.view(st, None).temple.width == 4
    assert ENGINE.view(game(3), None).temple.width == 5
    assert ENGINE.view(game(4), None).temple.width == 5


def test_I40_temple_scores_visible_tops_per_player() -> None:
    from engines.imhotep.scoring import temple_round_points

    st = game(3)
    st = edit(st, temple=[0, 0, 1, 2, 2, 1, 1])  # width 5: layer 2 covers cols 1-2 with seat 1
    assert temple_round_points(st) == [0, 3, 2]
    st = edit(st, temple=[])
    assert temple_round_points(st) == [0, 0, 0]  # empty columns score nothing


def test_I41_burial_chamber_fills_columns_top_to_bottom() -> None:
    st = ships(game(2), "0101", "...", "..", ".")
    st, _ = play(st, 0, "sail 1 burial")
    assert st.burial == (0, 1, 0, 1)  # col 1 top/mid/bottom, then col 2 top


def test_I42_burial_groups_score_by_size_orthogonally() -> None:
    assert [group_points(n) for n in range(1, 11)] == [1, 3, 6, 10, 15, 17, 19, 21, 23, 25]
    # columns: [0,0,1] [0,1,1] → seat 0: top-left L of 3 (6); seat 1: bottom pair + mid (3 → 6)
    st = game(2)
    st = edit(st, burial=[0, 0, 1, 0, 1, 1])
    groups = sorted((seat, len(m)) for seat, m in burial_groups(st.burial))
    assert groups == [(0, 3), (1, 3)]
    assert burial_points(st) == [6, 6]
    # diagonals do not connect: col1 = 0,1,0 ; col2 = 1,0,1 → every stone alone
    st = edit(st, burial=[0, 1, 0, 1, 0, 1])
    assert burial_points(st) == [3, 3]


def test_I43_obelisk_a_stacks_by_colour() -> None:
    st = ships(game(2), "010.", "...", "..", ".")
    st, _ = play(st, 0, "sail 1 obelisk")
    assert st.obelisk == (2, 1)


def test_I44_I46_obelisk_awards_and_shared_ties() -> None:
    st = game(2)
    st = edit(st, obelisk=[5, 3])
    assert obelisk_end_points(st) == [10, 1]
    st = edit(st, obelisk=[4, 4])
    assert obelisk_end_points(st) == [5, 5]  # (10+1)/2 rounded down
    st = game(3)
    st = edit(st, obelisk=[2, 2, 2])
    assert obelisk_end_points(st) == [6, 6, 6]  # 19/3
    st = edit(st, obelisk=[3, 2, 1])
    assert obelisk_end_points(st) == [12, 6, 1]
    st = game(4)
    st = edit(st, obelisk=[6, 6, 3, 1])
    assert obelisk_end_points(st) == [12, 12, 5, 1]  # (15+10)/2, next player 3rd
    st = edit(st, obelisk=[1, 2, 3, 4])
    assert obelisk_end_points(st) == [1, 5, 10, 15]


def test_I45_E10_no_stones_no_rank() -> None:
    st = game(4)
    st = edit(st, obelisk=[3, 0, 1, 0])
    assert obelisk_end_points(st) == [15, 0, 10, 0]
    assert shared_awards([0, 0], [10, 1]) == [0, 0]
