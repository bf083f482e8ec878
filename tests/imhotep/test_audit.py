"""Second-pair-of-eyes rules tests: hidden information, red-card stones, the market and wrath."""

from __future__ import annotations

import json

from engines.imhotep.scoring import final_breakdown
from engines.imhotep.view import Hidden
from engines.kit import plain

from .helpers import ENGINE, dealt, edit, game, play, round_over, ships


def _public(state) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(plain(ENGINE.view(state, None)), sort_keys=True)


def test_I8_public_view_is_the_same_whatever_the_hidden_cards_are() -> None:
    # Given a Market-B game, when only hidden things differ (the face-down pair, the deck order,
    # the removed round card and the order of the round cards to come)...
    st = game(3, sides="custom", market="b")
    other = st
    other = edit(other, pair=[other.market_deck[0], other.market_deck[1]])
    other = edit(other, market_deck=[*reversed(other.market_deck[2:]), *st.pair])
    other = edit(other, removed_card=other.round_deck[0], round_deck={0: other.removed_card})
    assert other.pair != st.pair
    # ...then nobody can tell them apart from the public view.
    assert _public(other) == _public(st)


def test_I8_I48_taken_pair_is_seen_only_by_its_taker() -> None:
    # Given round 2 dealt (a chance step) with a Hammer and a Sail face down, or in another
    # game a Statue and an Entrance, the rest alike; ship 4 carries seat 1's stone
    offer = "statue#1,lever#1,chisel#1"
    st, other = (
        dealt(round_over(), offer, pair) for pair in ("hammer#1,sail#1", "statue#2,entrance#1")
    )
    st, other = (
        edit(ships(s, "", "", "", "1"), docked=["pyramid", "temple", "obelisk", ""], current=0)
        for s in (st, other)
    )
    st, events = play(st, 0, "sail 4 market")
    st, events = play(st, 1, "take pair")
    other, other_events = play(other, 0, "sail 4 market")
    other, other_events = play(other, 1, "take pair")
    # the public view and the public events do not depend on what the pair holds
    assert _public(st) == _public(other)
    public = [e for e in events if e.visible_to is None]
    other_public = [e for e in other_events if e.visible_to is None]
    assert public == other_public
    # the taker alone sees both cards, and only while choosing
    assert ENGINE.view(st, 1).private == Hidden(face_down_pair=("hammer", "sail"))
    assert ENGINE.view(st, 0).private == Hidden() == ENGINE.view(st, 2).private


def test_I67_red_card_stones_count_like_shipped_stones() -> None:
    # Given the last ship of round 6; seat 1 has stones at pyramid, temple and burial chamber
    # but none on the obelisk; seat 0 has 2 obelisk stones and an Obelisk Decoration.
    st = ships(game(2, wrath="on"), "", "", "", "1")
    st = edit(st, round=6, round_deck=[])
    st = edit(st, docked=["pyramid", "temple", "burial_chamber", ""])
    st = edit(st, pyramid=[0, 1], temple=[0, 1], burial=[0, 1])
    st = edit(st, obelisk=[2, 0])
    st = edit(st, cards={0: ["obelisk_decoration#1"]})
    st = edit(st, offer=["paved_path#1", "statue#1", "lever#1", "chisel#1"])
    # When seat 1's market stone takes the Paved Path (the game then ends)
    st, _ = play(st, 0, "sail 4 market")
    st, _ = play(st, 1, "take paved_path")
    assert st.over and st.obelisk == (2, 1)
    sheets = final_breakdown(st)
    # Then that stone ranks seat 1 second on the obelisk (2 players: 10 / 1), saves seat 1 from
    # Pharaoh's wrath and is one of the 3 obelisk stones the decoration counts.
    assert [s["obelisk"] for s in sheets] == [10, 1]
    assert [s["wrath"] for s in sheets] == [0, 0]
    assert sheets[0]["decorations"] == 1


def test_I81_a_stone_delivered_to_the_market_does_not_count_for_wrath() -> None:
    # Given seat 1 with stones only at pyramid, temple and burial chamber, in round 6's last ship
    st = ships(game(2, wrath="on"), "", "", "", "1")
    st = edit(st, round=6, round_deck=[])
    st = edit(st, docked=["pyramid", "temple", "burial_chamber", ""])
    st = edit(st, pyramid=[0, 1], temple=[0, 1], burial=[0, 1], obelisk=[1, 0])
    st = edit(st, offer=["statue#1", "lever#1", "chisel#1", "hammer#1"])
    # When that ship unloads at the market (the stone goes back to the quarry)
    st, _ = play(st, 0, "sail 4 market")
    st, _ = play(st, 1, "take statue")
    # Then seat 1 still has nothing on the obelisk and suffers the wrath
    assert st.over
    assert [s["wrath"] for s in final_breakdown(st)] == [0, -5]


def test_I8_I19_untaken_face_down_pair_stays_hidden_on_the_discard_pile() -> None:
    # Given Market B with every face-up card taken and the face-down pair untaken, in the round's
    # last sailing (two games differing only in what the pair holds)...
    st = ships(game(3, sides="custom", market="b"), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["", "", ""], discard=[])
    st = edit(st, pair=["hammer#1", "sail#1"])
    other = st
    other = edit(other, pair=["statue#2", "entrance#1"])
    # When the last ship docks elsewhere and the round ends (I19: leftovers are discarded)...
    st, events = play(st, 0, "sail 4 burial_chamber")
    other, other_events = play(other, 0, "sail 4 burial_chamber")
    # ...then the pair lies on the discard pile face down: counted, but no card of it is shown.
    assert st.round == 2 and st.discard == ("hammer#1", "sail#1")
    market = ENGINE.view(st, None).market
    assert market.discard == 2 and market.discard_top is None
    assert _public(st) == _public(other)
    assert [e for e in events if e.visible_to is None] == [
        e for e in other_events if e.visible_to is None
    ]


def test_I8_I19_face_up_leftover_stays_the_visible_discard_top_above_a_hidden_pair() -> None:
    # Given a face-up leftover and an untaken pair at round end, the leftover is what shows
    st = ships(game(3, sides="custom", market="b"), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st = edit(st, offer=["statue#1", "", ""], discard=["lever#1"])
    st = edit(st, pair=["hammer#1", "sail#1"])
    st, _ = play(st, 0, "sail 4 burial_chamber")
    assert ENGINE.view(st, None).market.discard_top == "statue"
    # and the hidden cards never surface, however many face-up cards leave the pile later
    assert ENGINE.view(st, 2).market.discard_top == "statue"
