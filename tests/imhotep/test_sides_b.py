"""Side B of the sites (RULES section 6) and the approximate-data gate (I64)."""

from __future__ import annotations

import json

import pytest

from engines.base import CHANCE, IllegalAction
from engines.imhotep import components as C
from engines.imhotep.scoring import burial_points, obelisk_end_points
from engines.imhotep.view import Hidden
from engines.kit import plain

from .helpers import ENGINE, drawn, edit, game, keys, play, ships


def b_game(site: str, players: int = 3, **extra: str):  # type: ignore[no-untyped-def]
    return game(players, sides="custom", **{site: "b"}, **extra)


def test_I47_I48_face_down_pair_seen_by_the_taker_only_other_discarded_face_up() -> None:
    st = ships(b_game("market"), "", "", "", "12")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["statue#1", "lever#1", "chisel#1"])
    st = edit(st, pair=["hammer#1", "sarcophagus#1"])
    st, _ = play(st, 0, "sail 4 market")
    assert "take pair" in {str(a) for a in ENGINE.legal_actions(st, 1)}
    st, events = play(st, 1, "take pair")
    seen = [e for e in events if e.key == "imhotep.pair_seen"]
    assert seen and seen[0].visible_to == (1,) and seen[0].reveals
    assert ENGINE.view(st, 1).private == Hidden(face_down_pair=("hammer", "sarcophagus"))
    assert ENGINE.view(st, 2).private == Hidden()
    assert "sarcophagus" not in json.dumps(plain(ENGINE.view(st, None)))
    assert sorted(str(a) for a in ENGINE.legal_actions(st, 1)) == [
        "keep hammer",
        "keep sarcophagus",
    ]
    with pytest.raises(IllegalAction, match="no Statue"):
        play(st, 1, "keep statue")
    st, events = play(st, 1, "keep hammer")
    assert st.cards[1] == ("hammer#1",) and "sarcophagus#1" in st.discard
    assert "kept_card" in keys(events)


def test_I48_a_kept_red_card_is_resolved_at_once() -> None:
    st = ships(b_game("market"), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["", "", ""])
    st = edit(st, pair=["hammer#1", "sarcophagus#1"])
    st, _ = play(st, 0, "sail 4 market")  # only the pair is left: taken automatically
    st, _ = play(st, 1, "keep sarcophagus")
    assert st.burial == (1,) and st.cards[1] == ()


def test_I49_untaken_pair_is_discarded_at_round_end() -> None:
    st = ships(b_game("market"), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["statue#1", "lever#1", "chisel#1"])
    st = edit(st, pair=["hammer#1", "sarcophagus#1"])
    st, _ = play(st, 0, "sail 4 market")
    st, _ = play(st, 1, "take statue")
    assert {"hammer#1", "sarcophagus#1", "lever#1"} <= set(st.discard)
    assert len(st.offer) == 3 and len(st.pair) == 2  # round 2 dealt afresh


def test_I50_I52_owner_chooses_the_pyramid_and_scores_its_next_space() -> None:
    st = ships(b_game("pyramid"), "12", "...", "..", ".")
    st = edit(st, current=0)
    st, _ = play(st, 0, "sail 1 pyramid")
    assert ENGINE.to_act(st) == [1]
    assert sorted(str(a) for a in ENGINE.legal_actions(st, 1)) == [
        "pyramid 1",
        "pyramid 2",
        "pyramid 3",
    ]
    st, _ = play(st, 1, "pyramid 3")
    st, _ = play(st, 2, "pyramid 3")
    assert st.pyramids_b == ((), (), (1, 2))
    # placeholder pyramid 3: space 0 = 2 points, space 1 = 1 point + load bonus
    assert st.points[1]["pyramid"] == 2 and st.points[2]["pyramid"] == 1
    # the top space of each pyramid is worth 4 (I52)
    assert all(pyr[-1][0] == 4 for pyr in C.pyramid_b_spaces())


def test_I51_E11_pyramid_bonus_card_quarry_and_load() -> None:
    st = ships(b_game("pyramid"), "1.", "...", "..", ".")
    st = edit(st, pyramids_b=[[0], [0], [0]])  # the next space of each pyramid is its bonus space
    st = edit(st, sled={1: 1}, quarry={1: 20})
    st, _ = play(st, 0, "sail 1 pyramid")
    # card bonus: the draw is a chance step; the test draws a Statue by applying it
    st, _ = ENGINE.apply(st, 1, ENGINE.parse(st, 1, "pyramid 1"))
    assert ENGINE.to_act(st) == [CHANCE]
    st, events = drawn(st, "statue")
    assert [C.card_type(c).id for c in st.cards[1]] == ["statue"] and "drew_card" in keys(events)
    assert st.points[1]["pyramid"] == 1
    st2 = ships(b_game("pyramid"), "1.", "...", "..", ".")
    st2 = edit(st2, pyramids_b=[[0], [0], [0]])
    st2 = edit(st2, sled={1: 1}, quarry={1: 20})
    after, _ = play(st2, 0, "sail 1 pyramid")
    after, _ = play(after, 1, "pyramid 2")  # quarry bonus: up to 3 stones
    assert (after.sled[1], after.quarry[1]) == (4, 17)
    after, _ = play(st2, 0, "sail 1 pyramid")
    after, _ = play(after, 1, "pyramid 3")  # load bonus: seat 1 loads, not a turn (E11)
    assert ENGINE.to_act(after) == [1] and after.tasks[0][0] == "bonus_load"
    after, events = play(after, 1, "load 2 3")
    assert after.ships[1] == (-1, -1, 1) and "bonus_loaded" in keys(events)
    assert ENGINE.to_act(after) == [1], "then the turn passes on from seat 0 as usual"


def test_I51_impossible_bonus_action_is_lost() -> None:
    st = ships(b_game("pyramid"), "1.", "...", "..", ".")
    st = edit(st, pyramids_b=[[0], [0, 0, 0, 0, 0, 0], [0]])
    st = edit(st, sled={1: 0})
    st, _ = play(st, 0, "sail 1 pyramid")
    st, events = play(st, 1, "pyramid 3")
    assert "bonus_lost" in keys(events)


def test_I53_E8_beside_the_pyramids_only_when_all_three_are_complete() -> None:
    st = ships(b_game("pyramid"), "11", "...", "..", ".")
    st = edit(st, pyramids_b=[[0] * 6, [0] * 6, [0] * 5])
    st, _ = play(st, 0, "sail 1 pyramid")  # one open pyramid: no question asked
    assert st.pyramids_b[2] == (0, 0, 0, 0, 0, 1) and st.pyramid_overflow == (1,)
    assert st.points[1]["pyramid"] == 4 + 1


def test_I54_I64_approximate_sides_are_labelled() -> None:
    st = game(2, sides="b")
    view = ENGINE.view(st, None)
    assert view.approximate == ("pyramid", "temple", "obelisk")
    assert ENGINE.view(game(2), None).approximate == ()
    helps = {o.name: o.help for o in ENGINE.meta.options}
    for name in ("sides", "pyramid", "temple", "obelisk"):
        assert "approximate" in helps[name]
    assert "approximate" not in helps["market"] and "approximate" not in helps["burial"]
    assert C.approximate("pyramid", "B") and not C.approximate("market", "B")


def test_I55_I56_temple_b_places_like_a_and_gives_bonuses() -> None:
    st = ships(b_game("temple"), "1212", "...", "..", ".")
    st = edit(st, sled={1: 4}, quarry={1: 10})
    st = edit(st, market_deck=["statue#9", *st.market_deck])
    st, _ = play(st, 0, "sail 1 temple")
    # col 1 (point_or_stones) → seat 1 chooses
    assert ENGINE.to_act(st) == [1]
    assert sorted(str(a) for a in ENGINE.legal_actions(st, 1)) == ["bonus point", "bonus stones"]
    st, _ = play(st, 1, "bonus stones")
    assert st.sled[1] == 5  # up to 2, the sled limit stops it at 5
    # col 3 (two_points) went to seat 1's second stone: 2 points
    assert st.temple == (1, 2, 1, 2)
    assert st.points[1].get("temple", 0) == 2
    # I55: the end-of-round scoring is as side A (tested with I40)


def test_I56_temple_card_bonus_and_point_choice() -> None:
    st = ships(b_game("temple"), "1.", "...", "..", ".")
    st = edit(st, temple=[0, 0, 0, 0])  # next cell: col 5 (card): a draw, a chance step
    st, _ = ENGINE.apply(st, 0, ENGINE.parse(st, 0, "sail 1 temple"))
    assert ENGINE.to_act(st) == [CHANCE]
    st, _ = drawn(st, "lever")
    assert [C.card_type(c).id for c in st.cards[1]] == ["lever"]
    st = ships(b_game("temple"), "1.", "...", "..", ".")
    st = edit(st, sled={1: 5})
    st, _ = play(st, 0, "sail 1 temple")  # full sled: only the point remains, chosen for them
    assert st.points[1]["temple"] == 1
    assert ENGINE.to_act(st) == [1]


def test_I57_temple_b_bonus_cells_come_from_data() -> None:
    assert C.temple_b_bonus() == {(0, 0): "point_or_stones", (0, 2): "two_points", (0, 4): "card"}


def test_I58_I59_burial_b_rows_by_majority() -> None:
    st = b_game("burial", players=3)
    # columns: [0,1,2] [0,1,1] [0,2,.] → top row: 0,0,0 ; middle: 1,1,2 ; bottom: 2,1
    st = edit(st, burial=[0, 1, 2, 0, 1, 1, 0, 2])
    # top: 0 has 3 → 8. middle: 1 has 2 → 8, 2 has 1 → 4. bottom: 2 and 1 tie → (8+4)/2 = 6
    assert burial_points(st) == [8, 8 + 6, 4 + 6]


def test_I60_I61_I62_obelisk_b_towers_score_at_once_leftovers_at_the_end() -> None:
    st = ships(b_game("obelisk"), "1111", "...", "..", ".")
    st, events = play(st, 0, "sail 1 obelisk")
    assert st.towers == (1,) and st.obelisk[1] == 1
    assert st.points[1]["obelisk"] == C.obelisk_b_slots()[0]
    assert "tower_built" in keys(events)
    st = ships(st, "000.", "...", "..", ".")
    st = edit(st, current=0)
    st, _ = play(st, 0, "sail 1 obelisk")
    assert st.towers == (1, 0) and st.points[0]["obelisk"] == C.obelisk_b_slots()[1]
    assert obelisk_end_points(st) == [0, 1, 0]  # I62: 1 per waiting stone


def test_I63_no_more_towers_once_every_slot_is_used() -> None:
    st = ships(b_game("obelisk"), "000.", "...", "..", ".")
    st = edit(st, towers=[1] * len(C.obelisk_b_slots()))
    st, _ = play(st, 0, "sail 1 obelisk")
    assert st.obelisk[0] == 3 and len(st.towers) == len(C.obelisk_b_slots())
    assert obelisk_end_points(st)[0] == 3
