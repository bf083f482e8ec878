"""Turns and actions: quarry, load, sail, passing, round end (RULES sections 3 and 4, E1–E6)."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction

from .helpers import ENGINE, edit, game, keys, play, ships


def test_I17_one_action_then_the_next_player_clockwise() -> None:
    st = game(3)
    st, _ = play(st, 0, "quarry")
    assert ENGINE.to_act(st) == [1]
    st, _ = play(st, 1, "quarry")
    st, _ = play(st, 2, "load 1 1")
    assert ENGINE.to_act(st) == [0]
    with pytest.raises(IllegalAction, match="waiting for player 1"):
        play(st, 2, "quarry")


def test_I22_E3_quarry_takes_up_to_three_within_sled_and_quarry() -> None:
    st = game(2)
    st = edit(st, sled={0: 0}, quarry={0: 27})
    after, _ = play(st, 0, "quarry")
    assert (after.sled[0], after.quarry[0]) == (3, 24)
    st = edit(st, sled={0: 3}, quarry={0: 26})  # 3 on the sled: only 2 fit
    after, _ = play(st, 0, "quarry")
    assert (after.sled[0], after.quarry[0]) == (5, 24)
    st = edit(st, sled={0: 4}, quarry={0: 25})  # 4 on the sled: only 1 fits
    assert play(st, 0, "quarry")[0].sled[0] == 5
    st = edit(st, sled={0: 0}, quarry={0: 2})  # E3: the quarry has only 2
    after, _ = play(st, 0, "quarry")
    assert (after.sled[0], after.quarry[0]) == (2, 0)


def test_E1_E2_quarry_illegal_with_full_sled_or_empty_quarry() -> None:
    st = game(2)
    st = edit(st, sled={0: 5}, quarry={0: 24})
    with pytest.raises(IllegalAction, match="already holds 5"):
        play(st, 0, "quarry")
    st = edit(st, sled={0: 2}, quarry={0: 0})
    with pytest.raises(IllegalAction, match="quarry is empty"):
        play(st, 0, "quarry")
    assert "quarry" not in [str(a) for a in ENGINE.legal_actions(st, 0)]


def test_I23_load_any_free_position_of_any_unsailed_ship() -> None:
    st = ships(game(2), "....", "...", "..", ".")
    after, _ = play(st, 0, "load 1 4")  # the stern first is fine
    assert after.ships[0] == (-1, -1, -1, 0) and after.sled[0] == 1
    with pytest.raises(IllegalAction, match="already carries"):
        play(_as(after, 1), 1, "load 1 4")
    with pytest.raises(IllegalAction, match="only 1 stone"):
        play(st, 0, "load 4 2")
    st = edit(st, sled={0: 0})
    with pytest.raises(IllegalAction, match="0 stone"):
        play(st, 0, "load 1 1")


def _as(st, seat):  # type: ignore[no-untyped-def]
    st = st
    st = edit(st, current=seat)
    return st


def test_I24_E4_sail_needs_minimum_load_whoever_owns_the_stones() -> None:
    st = ships(game(2), "11..", "1..", "..", ".")
    with pytest.raises(IllegalAction, match="needs at least 3"):
        play(st, 0, "sail 1 pyramid")
    with pytest.raises(IllegalAction, match="needs at least 1"):
        play(st, 0, "sail 4 pyramid")  # an empty ship never sails
    # seat 0 sails a ship holding only seat 1's stones (the 3-ship needs 2: not yet)
    with pytest.raises(IllegalAction, match="needs at least 2"):
        play(st, 0, "sail 2 burial")
    st = ships(st, "111.", "1..", "..", ".")
    after, _ = play(st, 0, "sail 1 burial")
    assert after.burial == (1, 1, 1)


def test_I25_E5_one_ship_per_site() -> None:
    st = ships(game(2), "000.", "11.", "0.", "1")
    st, _ = play(st, 0, "sail 1 burial")
    with pytest.raises(IllegalAction, match="already docked at the burial"):
        play(st, 1, "sail 2 burial")
    st, _ = play(st, 1, "sail 2 obelisk")
    st, _ = play(st, 0, "sail 3 temple")
    # E5: with 3 ships docked the last ship can go to one of the 2 remaining sites
    sails = sorted(str(a) for a in ENGINE.legal_actions(st, 1) if str(a).startswith("sail"))
    assert sails == ["sail 4 market", "sail 4 pyramid"]


def test_I26_E14_unloading_bow_first_interleaves_owners() -> None:
    st = ships(game(2), "1010", "...", "..", ".")
    after, events = play(st, 0, "sail 1 burial")
    assert after.burial == (1, 0, 1, 0)
    assert keys(events)[:2] == ["sailed", "placed_burial"]
    # empty positions are skipped
    st = ships(game(2), "1.0.", "...", "..", ".")
    st = edit(st, ships={0: [1, -1, 0, 1]})
    after, _ = play(st, 0, "sail 1 temple")
    assert after.temple == (1, 0, 1)


def test_I18_I19_I20_round_ends_when_the_fourth_ship_unloads() -> None:
    st = ships(game(3), "", "", "", "0")
    st = edit(st, docked=["market", "pyramid", "obelisk", ""])
    st = edit(st, temple=[0, 1, 2, 0, 0])  # tops: A, B, C, A, A
    st = edit(st, offer=["statue#1", "", "lever#1", ""])
    st = edit(st, current=1)  # seat 1 sails the 4th ship mid-lap (I18: unequal turns are fine)
    after, events = play(st, 1, "sail 4 temple")
    k = keys(events)
    assert k.index("placed_temple") < k.index("temple_scored") < k.index("round_over")
    # I40 on the 6 temple stones (width 5): tops are 0 (col1, layer2), 1, 2, 0, 0 → 0 scores 3
    assert after.points[0]["temple"] == 3 and after.points[1]["temple"] == 1
    assert after.round == 2 and all(not d for d in after.docked)
    assert all(o == -1 for s in after.ships for o in s)
    assert "statue#1" in after.discard and "lever#1" in after.discard  # I19 (3)
    assert after.temple == (0, 1, 2, 0, 0, 0)  # I19 (4): stones stay
    assert ENGINE.to_act(after) == [2]  # I20: the player after the one who sailed last


def test_I19_temple_scores_every_round_even_without_a_ship() -> None:
    st = ships(game(2), "", "", "", "0")
    st = edit(st, docked=["market", "pyramid", "obelisk", ""])
    st = edit(st, temple=[1, 1])
    after, _ = play(st, 0, "sail 4 burial")
    assert after.points[1]["temple"] == 2


def test_I27_I71_blue_card_is_the_whole_action_and_is_discarded() -> None:
    st = ships(game(2), "....", "...", "..", ".")
    st = edit(st, cards={0: ["chisel#1", "chisel#2"]})
    after, _ = play(st, 0, "chisel 1 1 2 1")
    assert after.cards[0] == ("chisel#2",) and "chisel#1" in after.discard
    assert ENGINE.to_act(after) == [1], "one card per turn: the turn passed"


def test_I27_card_taken_on_your_turn_is_played_later() -> None:
    st = ships(game(2), "....", "...", "..", "0")
    st = edit(st, offer=["hammer#1", "statue#1", "statue#2", "statue#3"])
    st, _ = play(st, 0, "sail 4 market")
    st, _ = play(st, 0, "take hammer")
    assert st.cards[0] == ("hammer#1",) and ENGINE.to_act(st) == [1]
    st, _ = play(st, 1, "quarry")
    assert any(str(a).startswith("hammer") for a in ENGINE.legal_actions(st, 0))


def test_I28_E2_E6_player_without_an_action_passes() -> None:
    st = ships(game(3), "1...", "...", "..", ".")
    st = edit(st, sled={2: 0}, quarry={2: 0})  # seat 2 has nothing and cannot sail anything
    st = edit(st, current=1)
    after, events = play(st, 1, "quarry")
    assert "passed" in keys(events)
    assert ENGINE.to_act(after) == [0]


def test_E6_round_deadlock_returns_ship_stones_and_ends_the_round() -> None:
    st = ships(game(2), "1...", "...", "..", ".")
    st = edit(st, sled=[1, 0])
    st = edit(st, quarry=[0, 0])
    after, events = play(st, 0, "load 1 2")  # now nobody can load, quarry or sail
    assert "round_deadlock" in keys(events)
    assert after.round == 2 and after.quarry == (1, 1)


def test_I29_legal_actions_list_every_basic_action() -> None:
    st = ships(game(2), "000.", "...", "..", ".")
    acts = {str(a) for a in ENGINE.legal_actions(st, 0)}
    assert "quarry" in acts
    assert "load 1 4" in acts and "load 4 1" in acts
    assert {f"sail 1 {s}" for s in ("market", "pyramid", "temple", "burial", "obelisk")} <= acts
    assert not any(a.startswith("sail 2") for a in acts)
    assert ENGINE.legal_actions(st, 1) == []


def test_E11_E12_bonus_and_market_decisions_go_to_stone_owners() -> None:
    st = ships(game(3), "", "", "", "21")
    st = edit(st, ships={3: [2, 1]})
    st = edit(st, offer=["statue#1", "lever#1", "hammer#1", "chisel#1"])
    st = edit(st, current=0)
    st, _ = play(st, 0, "sail 4 market")
    assert ENGINE.to_act(st) == [2]  # the bow stone's owner picks first
    with pytest.raises(IllegalAction, match="waiting for player 3"):
        play(st, 1, "take lever")
    st, _ = play(st, 2, "take lever")
    assert ENGINE.to_act(st) == [1]
    st, _ = play(st, 1, "take hammer")
    assert ENGINE.to_act(st) == [1], "then the turn passes on from seat 0"


def test_E13_stones_loaded_cannot_be_taken_back() -> None:
    st = ships(game(2), "0...", "...", "..", ".")
    acts = {str(a).split()[0] for a in ENGINE.legal_actions(st, 0)}
    assert acts <= {"quarry", "load", "sail"}  # there is no unload verb
    with pytest.raises(IllegalAction):
        play(st, 0, "unload 1 1")


def test_I19_a_move_that_ends_the_round_does_not_highlight_a_ship_of_the_next_round() -> None:
    st = ships(game(2), "", "", "", "0")
    st = edit(st, docked=["market", "pyramid", "obelisk", ""])
    after, _ = play(st, 0, "sail 4 temple")
    assert after.round == 2
    assert "ship" not in after.last and after.last["site"] == "temple"
    # within a round the ship stays highlighted
    st = ships(game(2), "000.", "...", "..", ".")
    after, _ = play(st, 0, "sail 1 temple")
    assert after.last["ship"] == 1 and after.last["site"] == "temple"
