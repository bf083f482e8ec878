"""A round's deal as a chance step (I16, I47, I8; docs/architecture.md, "Chance as an explicit
step"): when the last ship of a round has unloaded (I18), the state waits for the next round
card and the market's deal, which nobody at the table chooses; ``sample_chance`` deals from the
top of the decks as the move dealt before, and a test applies the deal it wants.
"""

from __future__ import annotations

import json

import pytest

from engines.base import CHANCE, IllegalAction
from engines.imhotep.state import State
from engines.imhotep.view import Hidden
from engines.kit import plain

from .helpers import ENGINE, edit, game, play, round_over, ships


def _round_over() -> State:
    return round_over(3, "b")


def _deal(st: State, text: str) -> tuple[State, list]:  # type: ignore[type-arg]
    return ENGINE.apply(st, CHANCE, ENGINE.parse(st, CHANCE, text))


def _public(state: State) -> str:
    return json.dumps(plain(ENGINE.view(state, None)), sort_keys=True)


def test_I16_a_rounds_end_waits_for_the_deal_and_nobody_may_act() -> None:
    st = _round_over()
    assert ENGINE.to_act(st) == [CHANCE] and st.round == 1
    assert all(ENGINE.legal_actions(st, s) == [] for s in range(3))
    with pytest.raises(IllegalAction) as refused:
        ENGINE.play(st, 1, "quarry")
    assert refused.value.key == "core.not_your_decision"
    # what everyone sees while the deal is made is the table of the round that ended
    assert ENGINE.view(st, None).decision is None


def test_I16_I47_the_sampled_deal_is_the_top_of_the_decks() -> None:
    st = _round_over()
    round_card, deck = st.round_deck[0], st.market_deck
    dealt = str(ENGINE.sample_chance(st))
    assert dealt == (
        f"deal {round_card.lower()} {deck[0]},{deck[1]},{deck[2]} pair={deck[3]},{deck[4]}"
    )
    after, events = _deal(st, dealt)
    assert after.round == 2 and after.round_card == round_card
    assert after.offer == deck[:3] and after.pair == deck[3:5] and after.market_deck == deck[5:]
    assert [e.key for e in events][:2] == ["imhotep.round_started", "imhotep.market_dealt"]
    # the move that ended the round, as ``play`` makes it (drawing at once), is the same state
    st0 = edit(ships(game(3, sides="custom", market="b"), "", "", "", "1"))
    st0 = edit(st0, docked=["pyramid", "temple", "obelisk", ""])
    old, _ = play(st0, 0, "sail 4 burial")
    assert ENGINE.dumps(old) == ENGINE.dumps(after)


def test_I16_I47_a_chosen_deal_lays_out_the_named_cards() -> None:
    st = _round_over()
    later = st.market_deck[5:]
    text = f"deal {st.round_deck[2]} {later[0]},{later[1]},{later[2]} pair={later[3]},{later[4]}"
    after, _ = _deal(st, text)
    assert after.round_card == st.round_deck[2]
    assert after.offer == later[:3] and after.pair == later[3:5]
    assert after.market_deck == (*st.market_deck[:5], *later[5:])
    assert after.round_deck == tuple(c for c in st.round_deck if c != st.round_deck[2])


def test_I8_I48_deals_that_differ_only_in_the_face_down_pair_look_alike() -> None:
    # Given two deals of round 2 with the same face-up cards and different face-down pairs
    st = _round_over()
    deck = st.market_deck
    head = f"deal {st.round_deck[0]} {deck[0]},{deck[1]},{deck[2]}"
    one, one_events = _deal(st, f"{head} pair={deck[3]},{deck[4]}")
    two, two_events = _deal(st, f"{head} pair={deck[5]},{deck[6]}")
    # then nobody can tell them apart: the public view, and every event
    assert one.pair != two.pair
    assert _public(one) == _public(two)
    assert one_events == two_events
    assert all(ENGINE.view(one, s).private == Hidden() for s in range(3))


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("deal p3-99 a,b,c pair=d,e", "imhotep.chance_not_in_deck"),
        ("deal {r} {d0},{d1} pair={d3},{d4}", "imhotep.chance_cards"),
        ("deal {r} {d0},{d1},{d2}", "imhotep.chance_cards"),
        ("deal {r} {d0},{d1},{d2} pair={d3},{removed}", "imhotep.chance_not_in_deck"),
        ("deal", "imhotep.chance_bad"),
        ("quarry", "imhotep.chance_bad"),
    ],
)
def test_I16_an_impossible_deal_is_refused_and_changes_nothing(text: str, key: str) -> None:
    st = _round_over()
    d = st.market_deck
    text = text.format(
        r=st.round_deck[0], d0=d[0], d1=d[1], d2=d[2], d3=d[3], d4=d[4], removed=st.discard[0]
    )
    before = ENGINE.dumps(st)
    with pytest.raises(IllegalAction) as refused:
        _deal(st, text)
    assert refused.value.key == key
    assert ENGINE.dumps(st) == before


def test_a_state_waiting_for_a_deal_round_trips() -> None:
    st = _round_over()
    again = ENGINE.loads(ENGINE.dumps(st))
    assert ENGINE.dumps(again) == ENGINE.dumps(st)
    assert str(ENGINE.sample_chance(again)) == str(ENGINE.sample_chance(st))
