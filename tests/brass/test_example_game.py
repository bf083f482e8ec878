"""A short scripted stretch of a 2-player game, with every number checked: a readable example of
how build, network, coal, iron, market sales, loans, turn order and income fit together."""

from __future__ import annotations

import pytest

from engines.base import CHANCE
from engines.brass.state import income_level
from tests.brass.helpers import E, act, draw, play, position, tile_at


@pytest.mark.rules("B15", "B16", "B20", "B21", "B25", "B32", "B46", "B67", "B76", "B77")
def test_two_rounds_of_a_two_player_game() -> None:
    # Late in the era: 16 cards are left in the deck (which ones, not their order, is set here;
    # each draw says which cards come, as the service logs a draw).
    s = position(
        2,
        hands={0: ["dudley", "leek"], 1: ["birmingham", "stone"]},
        deck=["coventry", "walsall", "derby", "belper", "tamworth", "cannock", "stafford"]
        + ["redditch", "nuneaton", "worcester", "kidderminster", "brewery", "pottery", "leek"]
        + ["stone", "derby"],
    )
    # Ana (seat 0) builds a coal mine I in Dudley for £5; Dudley reaches no merchant, so the
    # mine keeps both cubes.
    s, _ = play(s, 0, "build coal_mine dudley card=dudley")
    assert (s.money[0], s.spent[0], tile_at(s, "dudley").cubes) == (12, 5, 2)
    # She links Birmingham to Dudley for £3.
    s, _ = act(s, 0, "network birmingham-dudley card=leek")
    assert (s.money[0], s.spent[0]) == (9, 8)
    # Her turn is over: she draws back up to 8 cards (B21), a chance step: these eight come.
    assert E.to_act(s) == [CHANCE]
    drawn = "brewery,derby,kidderminster,leek,nuneaton,pottery,stone,worcester"
    s, _ = draw(s, "draw " + drawn)
    assert s.hands[0] == tuple(drawn.split(","))
    # The rest stay in their order (of two equal cards, the first left the deck).
    assert s.deck == (
        "coventry", "walsall", "belper", "tamworth", "cannock", "stafford", "redditch", "derby"
    )  # fmt: skip
    # Bo builds an iron works I in Birmingham: £5 and 1 coal, taken free from Ana's connected
    # mine; the works sells 2 of its 4 iron to the market's £1 spaces.
    assert E.to_act(s) == [1]
    s, _ = play(s, 1, "build iron_works birmingham card=birmingham")
    assert tile_at(s, "dudley").cubes == 1
    assert tile_at(s, "birmingham").cubes == 2 and s.iron == 10
    assert (s.money[1], s.spent[1]) == (17 - 5 + 2, 5)
    # Bo takes a loan (+£30, income level 0 → −3); it is his second action, so the round ends.
    s, events = play(s, 1, "loan card=stone")
    assert income_level(s.income[1]) == -3
    # Turn order: Bo spent £5, Ana £8, so Bo goes first. Income: Ana level 0 gets £0; Bo pays £3.
    assert s.round == 3 and s.order == (1, 0) and s.spent == (0, 0)
    assert s.money == (9, 14 + 30 - 3)
    assert (
        s.hands[1]
        == tuple(
            sorted(
                ["coventry", "walsall", "derby", "belper", "tamworth"]
                + ["cannock", "stafford", "redditch"]
            )
        )
        and not s.deck
    )
    keys = [e.key for e in events]
    assert keys.index("brass.loan") < keys.index("brass.paid_income") < keys.index("brass.income")
    assert keys[-1] == "brass.new_round" and events[-1].params["first_seat"] == 1
    assert E.to_act(s) == [1] and s.actions_left == 2
    # Round 3: Bo develops a coal mine with the iron left on his own works (free).
    s, _ = play(s, 1, "develop coal_mine card=" + s.hands[1][0])
    assert tile_at(s, "birmingham").cubes == 1 and s.money[1] == 41 and s.spent[1] == 0
