"""Market cards: red, green, purple and the four blue action cards (RULES section 7)."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.imhotep.scoring import final_breakdown, statue_points

from .helpers import ENGINE, edit, game, keys, play, ships


def test_I65_red_card_moves_a_quarry_stone_even_to_a_docked_site() -> None:
    st = ships(game(2), "", "", "", "1")
    st = edit(
        st, docked=["pyramid", "burial_chamber", "obelisk", ""]
    )  # all three red sites have ships
    st = edit(st, offer=["entrance#1", "sarcophagus#1", "statue#1", "lever#1"])
    quarry = st.quarry[1]
    st, _ = play(st, 0, "sail 4 market")
    st, _ = play(st, 1, "take entrance")
    # the market stone went home (+1), the red card took one from the quarry (-1)
    assert st.quarry[1] == quarry and st.pyramid == (1,)
    assert st.points[1]["pyramid"] == 2  # first pyramid space, I36
    # I67 (the stone counts like any other later on) is tested in test_audit.py


def test_I66_E2_red_card_with_an_empty_quarry_has_no_effect() -> None:
    st = ships(game(2), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["sarcophagus#1", "statue#1", "lever#1", "chisel#1"])
    st = edit(st, quarry={1: 0})
    st = edit(st, sled={1: 5})
    st, events = play(st, 0, "sail 4 market")
    st, events = play(st, 1, "take sarcophagus")
    # the market stone returned first (I32), so the quarry had 1 stone for the card
    assert st.burial == (1,) and st.quarry[1] == 0
    st = ships(game(2), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["sarcophagus#1", "statue#1", "lever#1", "chisel#1"])
    st = edit(st, quarry={1: 0})
    # a red card drawn as a bonus with an empty quarry: discarded without effect
    from engines.imhotep import tasks
    from engines.imhotep.state import Draft

    draft = Draft(edit(st, tasks=[("gain", 1, "sarcophagus#2")]))
    tasks.run(draft)
    assert "red_no_stone" in keys(draft.events) and draft.freeze().burial == ()


def test_I68_green_cards_score_one_per_three_stones_of_all_colours() -> None:
    st = game(2)
    st = edit(st, over=True)
    st = edit(st, temple=[0, 1, 1, 0, 1, 0, 0])  # 7 stones → 2 per Temple Decoration
    st = edit(st, cards={0: ["temple_decoration#1", "temple_decoration#2"]})
    st = edit(st, obelisk=[4, 4])  # 8 stones → 2
    st = edit(st, cards={1: ["obelisk_decoration#1"]})
    sheets = final_breakdown(st)
    assert sheets[0]["decorations"] == 4 and sheets[1]["decorations"] == 2


def test_I69_statues_score_as_a_set() -> None:
    assert [statue_points(n) for n in range(11)] == [0, 1, 3, 6, 10, 15, 17, 19, 21, 23, 25]


def test_I70_unused_blue_cards_score_one_each() -> None:
    st = game(2)
    st = edit(st, over=True)
    st = edit(st, cards={1: ["lever#1", "sail#2", "statue#1"]})
    sheets = final_breakdown(st)
    assert sheets[1]["blue_cards"] == 2 and sheets[1]["statues"] == 1


def test_I71_blue_card_needs_to_be_held() -> None:
    st = ships(game(2), "000.", "...", "..", ".")
    with pytest.raises(IllegalAction, match="no Lever card"):
        play(st, 0, "lever 1 temple 3-2-1")
    with pytest.raises(IllegalAction, match="no Chisel card"):
        play(st, 0, "chisel 2 1 2 2")


def test_I72_E1_hammer_takes_stones_then_loads_even_with_a_full_sled() -> None:
    st = ships(game(2), "....", "...", "..", ".")
    st = edit(st, cards={0: ["hammer#1"]})
    st = edit(st, sled={0: 1}, quarry={0: 27})
    after, events = play(st, 0, "hammer 2 2")
    assert (after.sled[0], after.quarry[0]) == (3, 24)  # +3 then -1
    assert after.ships[1] == (-1, 0, -1) and after.cards[0] == ()
    st = edit(st, sled={0: 5}, quarry={0: 22})  # E1: nothing to take, the load still happens
    after, _ = play(st, 0, "hammer 1 1")
    assert (after.sled[0], after.quarry[0]) == (4, 22)
    st = edit(st, sled={0: 0}, quarry={0: 0})
    with pytest.raises(IllegalAction, match="sled and quarry are both empty"):
        play(st, 0, "hammer 1 1")


def test_I73_lever_sails_and_fixes_the_unloading_order() -> None:
    st = ships(game(3), "", "", "", "120")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["statue#1", "lever#2", "hammer#1", "chisel#1"])
    st = edit(st, cards={0: ["lever#1"]})
    with pytest.raises(IllegalAction, match="exactly once"):
        play(st, 0, "lever 4 market 3-1")
    st, _ = play(st, 0, "lever 4 market 3-1-2")
    assert ENGINE.to_act(st) == [0], "position 3's owner picks first"
    st, _ = play(st, 0, "take statue")
    assert ENGINE.to_act(st) == [1]
    acts = {str(a) for a in ENGINE.legal_actions(game(2), 0)}
    assert not any(a.startswith("lever") for a in acts)


def test_I73_lever_orders_offered_for_the_loaded_positions_only() -> None:
    st = ships(game(2), "1.0.", "...", "..", ".")
    st = edit(st, ships={0: [1, -1, 0, 0]})
    st = edit(st, cards={0: ["lever#1"]})
    orders = {str(a).split()[3] for a in ENGINE.legal_actions(st, 0) if str(a).startswith("lever")}
    assert len(orders) == 6 and "4-3-1" in orders
    after, _ = play(st, 0, "lever 1 burial 4-3-1")
    assert after.burial == (0, 0, 1)


def test_I74_sail_card_loads_then_sails_that_ship_only_if_it_then_meets_its_minimum() -> None:
    st = ships(game(2), "11..", "...", "..", ".")
    st = edit(st, cards={0: ["sail#1"]})
    after, events = play(st, 0, "sailcard 1 3 obelisk")
    assert after.obelisk == (1, 2) and after.docked[0] == "obelisk"
    assert keys(events)[:3] == ["played_card", "loaded", "sailed"]
    with pytest.raises(IllegalAction, match="would carry 1 stone"):
        play(st, 0, "sailcard 2 1 obelisk")  # the 3-ship would hold 1 of the 2 it needs


def test_I75_chisel_loads_two_stones_on_one_or_two_ships() -> None:
    st = ships(game(2), "....", "...", "..", ".")
    st = edit(st, cards={0: ["chisel#1"]})
    after, _ = play(st, 0, "chisel 1 1 1 2")
    assert after.ships[0] == (0, 0, -1, -1) and after.sled[0] == 0
    after, _ = play(st, 0, "chisel 3 2 1 4")  # written in any order, stored sorted
    assert after.ships[0][3] == 0 and after.ships[2][1] == 0
    assert str(ENGINE.parse(st, 0, "chisel 3 2 1 4")) == "chisel 1 4 3 2"
    with pytest.raises(IllegalAction, match="same one twice"):
        play(st, 0, "chisel 1 1 1 1")
    st = edit(st, sled={0: 1})
    with pytest.raises(IllegalAction, match="1 stone"):
        play(st, 0, "chisel 1 1 1 2")
