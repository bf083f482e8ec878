"""A round's deal and a bonus card's draw as chance steps (I16, I47, I8, I51, I56, E7;
docs/architecture.md, "Chance as an explicit step"): when the last ship of a round has unloaded
(I18), the state waits for the next round card and the market's deal, and when a stone lands on
a Pyramid-B or Temple-B ``card`` space, for the card drawn, which nobody at the table chooses;
``sample_chance`` deals or draws from the top of the decks as the move did before, and a test
applies the outcome it wants.
"""

from __future__ import annotations

import json

import pytest

from engines.base import CHANCE, IllegalAction
from engines.imhotep import components as C
from engines.imhotep.state import State
from engines.imhotep.view import Hidden
from engines.kit import plain
from engines.randomplay import random_action
from engines.rng import Rng

from .helpers import ENGINE, drawn, edit, game, keys, play, round_over, ships


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


# -- a bonus card's draw (I51, I56, E7) ------------------------------------------------------------
def _card_bonus(**changes: object) -> State:
    """Seat 1's stone has just landed on a Pyramid-B ``card`` space (I51): the draw waits."""
    st = ships(game(3, sides="custom", pyramid="b"), "1.", "...", "..", ".")
    st = edit(st, pyramids_b=[[0], [0], [0]], current=0, **changes)
    st, _ = play(st, 0, "sail 1 pyramid")
    st, _ = ENGINE.apply(st, 1, ENGINE.parse(st, 1, "pyramid 1"))
    return st


def _types(cards: tuple[str, ...]) -> list[str]:
    return [C.card_type(c).id for c in cards]


def test_I51_a_card_bonus_waits_for_the_draw_and_nobody_may_act() -> None:
    st = _card_bonus()
    assert ENGINE.to_act(st) == [CHANCE]
    assert all(ENGINE.legal_actions(st, s) == [] for s in range(3))
    with pytest.raises(IllegalAction) as refused:
        ENGINE.play(st, 0, "quarry")
    assert refused.value.key == "core.not_your_decision"
    with pytest.raises(IllegalAction) as wrong:  # a deal is not what this node waits for
        _deal(st, f"deal {st.round_deck[0]} a,b,c")
    assert wrong.value.key == "core.not_your_decision"
    # the stone's point is scored before the draw; the card comes with the chance step
    assert st.points[1]["pyramid"] == 1 and st.cards[1] == ()


def test_I51_the_sampled_draw_is_the_top_card_and_everyone_sees_it() -> None:
    st = _card_bonus()
    top = st.market_deck[0]
    assert str(ENGINE.sample_chance(st)) == f"draw {C.card_type(top).id}"
    after, events = ENGINE.apply(st, CHANCE, ENGINE.sample_chance(st))
    assert after.market_deck == st.market_deck[1:]
    # a drawn card is kept face up (a red one used at once, I65): a public chance verb
    assert "draw" in ENGINE.public_chance
    drew = [e for e in events if e.key == "imhotep.drew_card"]
    assert drew and drew[0].visible_to is None and drew[0].params["seat"] == 1
    if C.card_type(top).colour != "red":
        assert after.cards[1] == (top,)
    # then the turn passes on, as it did when the draw was made inside the move (I17)
    assert ENGINE.to_act(after) == [1] and after.moves == st.moves
    settled, _ = ENGINE.settle(st)
    assert ENGINE.dumps(settled) == ENGINE.dumps(after)


def test_I51_a_chosen_draw_takes_that_card_and_leaves_the_deck_in_order() -> None:
    st = _card_bonus()
    deck = st.market_deck
    wanted = next(c for c in deck if C.card_type(c).id != C.card_type(deck[0]).id)
    wanted = next(c for c in deck if C.card_type(c).id == C.card_type(wanted).id)  # its first
    after, events = drawn(st, C.card_type(wanted).id)
    assert after.market_deck == tuple(c for c in deck if c != wanted)
    assert wanted in after.cards[1] or C.card_type(wanted).colour == "red"
    assert after.rng == st.rng


def test_I51_I65_a_drawn_red_card_places_a_stone_at_once() -> None:
    st = _card_bonus(quarry={1: 5})
    after, events = drawn(st, "sarcophagus")  # red: a stone from the quarry to the burial chamber
    assert keys(events)[:2] == ["drew_card", "red_card"]
    assert after.burial == (1,) and after.quarry[1] == 4 and after.cards[1] == ()


def test_I56_a_temple_b_card_space_draws_as_a_chance_step() -> None:
    st = ships(game(3, sides="custom", temple="b"), "1.", "...", "..", ".")
    st = edit(st, temple=[0, 0, 0, 0], current=0)  # next cell: column 5, a card (placeholder)
    st, events = ENGINE.apply(st, 0, ENGINE.parse(st, 0, "sail 1 temple"))
    assert ENGINE.to_act(st) == [CHANCE] and "drew_card" not in keys(events)
    after, drew = drawn(st, "statue")
    assert _types(after.cards[1]) == ["statue"] and "drew_card" in keys(drew)


def test_E7_a_draw_from_an_empty_deck_shuffles_the_discard_pile_first() -> None:
    # Given an empty deck and three cards on the discard pile
    pile = ["statue#1", "lever#1", "paved_path#1"]
    st = _card_bonus(market_deck=[], discard=pile)
    sampled, sampled_events = ENGINE.apply(st, CHANCE, ENGINE.sample_chance(st))
    assert keys(sampled_events)[:2] == ["deck_reshuffled", "drew_card"]
    assert sampled.discard == () and len(sampled.market_deck) == 2
    # a chosen card from the pile: the same shuffle, so the same generator afterwards
    chosen, _ = drawn(st, "lever")
    assert chosen.rng == sampled.rng != st.rng
    assert _types(chosen.cards[1]) == ["lever"] and "lever#1" not in chosen.market_deck
    # and nothing at all to draw: "draw -"
    none = _card_bonus(market_deck=[], discard=[])
    assert str(ENGINE.sample_chance(none)) == "draw -"
    after, events = drawn(none, "-")
    assert "deck_empty" in keys(events) and after.cards[1] == ()


@pytest.mark.parametrize(
    ("text", "key", "changes"),
    [
        ("draw dragon", "imhotep.chance_bad_draw", {}),
        ("draw", "imhotep.chance_bad_draw", {}),
        ("draw statue lever", "imhotep.chance_bad_draw", {}),
        ("draw -", "imhotep.chance_draw_not_empty", {}),
        ("draw lever", "imhotep.chance_not_drawable", {"market_deck": ["statue#1"]}),
        ("draw statue", "imhotep.chance_not_drawable", {"market_deck": [], "discard": []}),
    ],
)
def test_E7_an_impossible_draw_is_refused_and_changes_nothing(
    text: str, key: str, changes: dict[str, object]
) -> None:
    st = _card_bonus(**changes)
    before = ENGINE.dumps(st)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(st, CHANCE, ENGINE.parse(st, CHANCE, text))
    assert refused.value.key == key
    assert ENGINE.dumps(st) == before


def _logged_game(seed: int) -> tuple[State, State, list[tuple[int, str]]]:
    """A random game with every site on side B, logged as the service logs it (each chance
    outcome a row of its own): the start, the end and the rows."""
    start = game(3, seed=seed, sides="b")
    st, rows, rng = start, [], Rng(seed)
    while who := ENGINE.to_act(st):
        if who == [CHANCE]:
            outcome = ENGINE.sample_chance(st)
            rows.append((CHANCE, str(outcome)))
            st, _ = ENGINE.apply(st, CHANCE, outcome)
            continue
        text = random_action(ENGINE, st, who[0], rng)
        assert text is not None
        rows.append((who[0], text))
        st, _ = ENGINE.apply(st, who[0], ENGINE.parse(st, who[0], text))
    return start, st, rows


def test_I51_logs_written_before_the_draw_was_a_chance_step_replay_to_the_same_state() -> None:
    # Given whole games whose logs hold draw rows (in seed 3 and 8 a draw ends a round, so the
    # old log has the move, then the next round's deal), and the same logs as earlier code
    # wrote them: without draw rows (only the round's deals were chance rows), or without any
    # chance row
    for seed in (1, 3, 8):
        start, end, rows = _logged_game(seed)
        assert any(text.startswith("draw ") for seat, text in rows if seat == CHANCE)
        no_draws = [r for r in rows if not (r[0] == CHANCE and r[1].startswith("draw "))]
        no_chance = [r for r in rows if r[0] != CHANCE]
        if seed != 1:
            assert any(
                a[1].startswith("draw ") and b[1].startswith("deal ")
                for a, b in zip(rows, rows[1:], strict=False)
            )
        # then every form of the log replays to the same end
        for log in (rows, no_draws, no_chance):
            assert ENGINE.dumps(ENGINE.replay(start, log)) == ENGINE.dumps(end)


def test_a_state_waiting_for_a_draw_round_trips() -> None:
    st = _card_bonus()
    again = ENGINE.loads(ENGINE.dumps(st))
    assert ENGINE.dumps(again) == ENGINE.dumps(st)
    assert str(ENGINE.sample_chance(again)) == str(ENGINE.sample_chance(st))
