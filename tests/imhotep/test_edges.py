"""Edge cases E7 and E9 (E1–E6, E8, E10–E14 are tested beside the rules they qualify)."""

from __future__ import annotations

from engines.imhotep import market
from engines.imhotep.scoring import burial_points, temple_round_points
from engines.imhotep.state import Draft

from .helpers import edit, game, keys, play, ships


def test_E7_empty_deck_is_refilled_from_the_discard_pile() -> None:
    st = game(2)
    st = edit(st, market_deck=[])
    st = edit(st, discard=["statue#1", "lever#1"])
    draft = Draft(st)
    card = market.draw(draft)
    assert card in ("statue#1", "lever#1") and draft.freeze().discard == ()
    assert keys(draft.events) == ["deck_reshuffled"] and draft.events[0].reveals
    empty = Draft(edit(st, market_deck=[], discard=[]))
    assert market.draw(empty) is None


def test_E7_the_round_offer_deals_what_is_available() -> None:
    st = game(2)
    st = edit(st, market_deck=["statue#1", "lever#1"])
    st = edit(st, discard=[])
    draft = Draft(st)
    market.deal_offer(draft)
    assert draft.freeze().offer == ("statue#1", "lever#1")


def test_E7_a_market_stone_with_nothing_left_to_take_goes_home() -> None:
    st = ships(game(2), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["", "", "", ""])
    quarry = st.quarry[1]
    after, events = play(st, 0, "sail 4 market")
    assert "market_empty" in keys(events) and after.quarry[1] == quarry + 1


def test_E9_temple_and_burial_chamber_grow_without_limit() -> None:
    st = ships(game(2), "0101", "...", "..", ".")
    st = edit(st, temple=[0, 1] * 20)  # 10 layers of width 4
    st = edit(st, burial=[0, 0, 0] * 15)  # 15 full columns of seat 0: one group of 45
    after, _ = play(st, 0, "sail 1 temple")
    assert len(after.temple) == 44
    assert temple_round_points(after) == [2, 2]
    assert burial_points(st) == [15 + 2 * 40, 0]
