"""The restock as a chance step (Y31–Y36; docs/architecture.md, "Chance as an explicit step").

A set's end leaves the state at a chance node: nobody at the table may act until the restock is
drawn, ``sample_chance`` draws it with the state's generator exactly as the old ``end`` drew
inside the move, and a test (or a replay of a logged draw) applies a chosen outcome.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import CHANCE, IllegalAction
from engines.bombay import ENGINE
from engines.bombay.notation import Action
from engines.bombay.rules import draw_from_bag
from engines.bombay.state import State
from engines.rng import Rng
from tests.bombay.helpers import new


def _set_ended(players: int = 4, seed: int = 1) -> State:
    """A state just after a set's last command: waiting for the next restock."""
    s = replace(new(players, seed), game_turn=3, current=players - 1)
    s, _ = ENGINE.apply(s, players - 1, ENGINE.parse(s, players - 1, "end"))
    return s


def test_Y31_a_sets_end_waits_for_the_restock_and_no_seat_may_act() -> None:
    s = _set_ended()
    assert ENGINE.to_act(s) == [CHANCE]
    assert s.stock == (0, 0, 0, 0) and sum(s.bag) == 17
    # the new first player is named but may not act before the draw
    assert ENGINE.legal_actions(s, s.first) == []
    with pytest.raises(IllegalAction) as refused:
        ENGINE.play(s, s.first, "fortune")
    assert refused.value.key == "core.not_your_decision"
    assert ENGINE.asked(s, s.first) is None


def test_Y31_the_sampled_restock_is_the_draw_the_old_end_made() -> None:
    s = _set_ended()
    action = ENGINE.sample_chance(s)
    # the same calls of the same generator as the restock inside ``end`` before chance steps
    rng = Rng(s.rng)
    drawn, bag = draw_from_bag(s.bag, 9, rng)
    after, events = ENGINE.apply(s, CHANCE, action)
    assert after.stock == tuple(drawn) and after.bag == tuple(bag) and after.rng == rng.state
    assert [e.key for e in events][0] == "bombay.restock"
    assert ENGINE.to_act(after) == [after.first] and after.pending == ()
    # ``play`` (and ``settle``) draw it the same way
    settled, steps = ENGINE.settle(s)
    assert settled == after and [str(a) for a, _ in steps] == [str(action)]


def test_Y31_a_chosen_restock_moves_the_generator_on_as_a_drawn_one() -> None:
    s = _set_ended()
    drawn, _ = ENGINE.apply(s, CHANCE, ENGINE.sample_chance(s))
    chosen, _ = ENGINE.apply(s, CHANCE, ENGINE.parse(s, CHANCE, "restock blue=5 orange=4"))
    assert chosen.rng == drawn.rng and chosen.stock == (0, 5, 0, 4)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("restock blue=9", "bombay.chance_not_in_bag"),  # five blue bales in the game
        ("restock blue=5 orange=3", "bombay.chance_wrong_count"),
        ("restock blue=5 orange=5", "bombay.chance_wrong_count"),
        ("restock blue=five", "bombay.chance_bad"),
        ("restock blue=2 blue=3", "bombay.chance_bad"),
        ("restock silver=9", "bombay.chance_bad"),
        ("end", "bombay.chance_bad"),
    ],
)
def test_Y31_an_impossible_restock_is_refused_and_changes_nothing(text: str, key: str) -> None:
    s = _set_ended()
    before = ENGINE.dumps(s)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(s, CHANCE, ENGINE.parse(s, CHANCE, text))
    assert refused.value.key == key
    assert ENGINE.dumps(s) == before


def test_Y31_no_restock_outside_a_chance_node() -> None:
    s = new(4)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(s, CHANCE, ENGINE.parse(s, CHANCE, "restock blue=5 orange=4"))
    assert refused.value.key == "core.not_your_decision"


def test_a_state_waiting_for_a_draw_round_trips_and_others_dump_as_format_1() -> None:
    s = _set_ended()
    data = ENGINE.dump(s)
    assert data["format"] == 1 and data["pending"] == [{"owner": CHANCE, "verb": "restock"}]
    assert ENGINE.load(data) == s
    settled, _ = ENGINE.settle(s)
    assert "pending" not in ENGINE.dump(settled)


def test_an_old_log_replays_by_drawing_where_no_chance_row_follows() -> None:
    # Given the log of a set's end written before chance rows (the draw inside ``end``)
    start = replace(new(4), game_turn=3, current=3)
    old = ENGINE.replay(start, [(3, "end")])
    # then it is the state a new log with the draw as its own row replays to
    sampled = str(ENGINE.sample_chance(_set_ended()))
    assert ENGINE.replay(start, [(3, "end"), (CHANCE, sampled)]) == old
    # and a logged chance row is applied, not drawn again
    forced = ENGINE.replay(start, [(3, "end"), (CHANCE, "restock blue=5 orange=4")])
    assert forced.stock == (0, 5, 0, 4) and forced.rng == old.rng


def test_Y31_a_restock_built_by_hand_is_read_like_its_typed_text() -> None:
    # Given an outcome built without the parser, its colours in another order and by letter
    s = _set_ended()
    typed, _ = ENGINE.apply(s, CHANCE, ENGINE.parse(s, CHANCE, "restock blue=5 orange=4"))
    built, _ = ENGINE.apply(s, CHANCE, Action("restock", "o=4 b=5"))
    # then it puts the same bales in the markets; and a malformed one is refused
    assert built == typed
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(s, CHANCE, Action("restock", "blue=5 orange=four"))
    assert refused.value.key == "bombay.chance_bad"
