"""Loan, Scout, Pass, flips and the progress track (B67–B75), illegal moves (B85)."""

from __future__ import annotations

import pytest

from engines.brass import components as C
from engines.brass.state import income_level
from tests.brass.helpers import E, illegal, legal, play, position, tile_at


def test_B67_loan_gives_30_and_drops_three_levels_to_the_top_space() -> None:
    s = position(hands={0: ["leek"]}, income={0: 15})  # level 3
    s2, _ = play(s, 0, "loan card=leek")
    assert s2.money[0] == 47
    assert income_level(s2.income[0]) == 0 and s2.income[0] == 10
    s3, _ = play(position(hands={0: ["leek"]}, income={0: 34}), 0, "loan card=leek")  # level 12
    assert s3.income[0] == 28  # top space of level 9


def test_B68_no_loan_below_level_minus_10() -> None:
    ok = position(hands={0: ["leek"]}, income={0: 3})  # level -7
    s2, _ = play(ok, 0, "loan card=leek")
    assert s2.income[0] == 0
    low = position(hands={0: ["leek"]}, income={0: 2})  # level -8
    illegal(low, 0, "loan card=leek", "brass.loan_too_low")
    assert not any(t.startswith("loan") for t in legal(low, 0))


def test_B69_loan_money_is_not_spent() -> None:
    s2, _ = play(position(hands={0: ["leek"]}), 0, "loan card=leek")
    assert s2.spent[0] == 0


def test_B70_scout_discards_three_for_both_wilds_only_without_a_wild() -> None:
    s = position(hands={0: ["leek", "stone", "derby", "coventry"]})
    s2, events = play(s, 0, "scout card=leek discard=stone,derby")
    assert sorted(s2.hands[0]) == ["coventry", "wild_industry", "wild_location"]
    assert s2.wild_location == s.wild_location - 1 and s2.discards[0] == ("leek", "derby", "stone")
    with_wild = position(hands={0: ["leek", "stone", "derby", "wild_location"]})
    illegal(with_wild, 0, "scout card=leek discard=stone,derby", "brass.scout_with_wild")
    short = position(hands={0: ["leek", "stone"]})
    assert not any(t.startswith("scout") for t in legal(short, 0))
    illegal(short, 0, "scout card=leek discard=stone,derby", "brass.no_such_card")


def test_B71_pass_still_discards_a_card() -> None:
    s = position(hands={0: ["leek", "stone"]})
    s2, events = play(s, 0, "pass card=stone")
    assert s2.hands[0] == ("leek",) and s2.discards[0] == ("stone",)
    assert events[0].key == "brass.passed"


def test_B72_flipped_tiles_stay_on_the_board() -> None:
    s = position(
        hands={0: ["birmingham"]},
        links=[("birmingham-dudley", 1)],
        tiles=[("dudley", 1, 1, "coal_mine", 1, False, 1)],
    )
    s2, _ = play(s, 0, "build iron_works birmingham card=birmingham")
    t = tile_at(s2, "dudley")
    assert t.flipped and t.cubes == 0 and len(s2.tiles) == 2


def test_B73_income_advances_spaces_and_stops_at_99() -> None:
    s = position(
        hands={0: ["worcester"]},
        tiles=[("worcester", 1, 0, "cotton_mill", 1)],
        links=[("gloucester-worcester", 0)],
        income={0: 97},
        merchants=[("gloucester", 0, "cotton", True)],
    )
    s2, _ = play(s, 0, "sell worcester gloucester develop=none card=worcester")
    assert s2.income[0] == 99


@pytest.mark.parametrize(
    ("space", "level"),
    [
        (0, -10),
        (10, 0),
        (11, 1),
        (12, 1),
        (30, 10),
        (31, 11),
        (60, 20),
        (61, 21),
        (96, 29),
        (97, 30),
        (99, 30),
    ],
)
def test_B74_income_level_of_each_space(space: int, level: int) -> None:
    assert income_level(space) == level
    assert len(C.level_of_space()) == 100


def test_B75_vp_never_below_zero() -> None:
    s = position(income={1: 0}, money={1: 0}, vp={1: 2}, round_no=1, actions_left=1)
    s, _ = play(s, 0, f"pass card={s.hands[0][0]}")
    s, _ = play(s, 1, f"pass card={s.hands[1][0]}")
    assert s.vp[1] == 0


def test_B85_everything_else_is_illegal_with_a_reason() -> None:
    s = position(
        hands={0: ["birmingham", "wild_location", "leek"]},
        tiles=[("birmingham", 1, 0, "cotton_mill", 1)],
    )
    illegal(s, 0, "build manufacturer birmingham slot=2 card=birmingham", "brass.one_tile_per_town")
    illegal(s, 0, "network birmingham-nuneaton card=leek", "brass.rail_only")
    illegal(s, 0, "scout card=leek discard=birmingham,wild_location", "brass.scout_with_wild")
    illegal(s, 0, "fly leek", "core.unknown_verb")
    illegal(s, 0, "pass", "brass.missing_param")
    illegal(s, 0, "pass card=derby", "brass.no_such_card")
    illegal(s, 1, "pass card=derby", "core.not_your_decision")
    illegal(s, 0, "build cotton_mill birmingham color=red card=leek", "brass.unknown_param")


def test_notation_is_canonical_and_complete_walks_params_in_order() -> None:
    s = position(hands={0: ["leek", "stone"]})
    assert (
        str(E.parse(s, 0, "  DEVELOP Pottery COAL_MINE card=leek "))
        == "develop pottery coal_mine card=leek"
    )
    assert (
        str(E.parse(s, 0, "scout discard=stone,derby card=leek"))
        == "scout card=leek discard=derby,stone"
    )
    verbs = E.complete(s, 0, "")
    assert verbs == sorted(verbs) and "build" in verbs and "remove" not in verbs
    assert E.complete(s, 0, "loan") == ["card=leek", "card=stone"]
    assert E.complete(s, 0, "loan card=leek") == [""]


def test_timeout_action_is_a_legal_pass() -> None:
    s = position(hands={0: ["leek", "stone"]})
    text = E.timeout_action(s, 0)
    assert text == "pass card=leek" and text in legal(s, 0)
    assert E.timeout_action(s, 1) is None


@pytest.mark.rules("B70", "B21")
def test_seed_example_scout_then_refill_to_eight_with_the_wilds() -> None:
    s = position(
        hands={0: ["leek", "stone", "derby", "coventry", "dudley", "walsall", "redditch", "belper"]}
    )
    s, _ = play(s, 0, "scout card=leek discard=stone,derby")
    s, _ = play(s, 0, "pass card=belper")
    assert len(s.hands[0]) == 8
    assert {"wild_location", "wild_industry"} <= set(s.hands[0])


@pytest.mark.rules("B7", "B38")
def test_seed_example_wild_location_builds_in_a_town_without_cards() -> None:
    s = position(
        2, hands={0: ["wild_location"]}, links=[("belper-derby", 1), ("derby-nottingham", 1)]
    )
    assert "belper" not in C.deck_cards(2)
    s2, _ = play(s, 0, "build coal_mine belper card=wild_location")
    assert tile_at(s2, "belper").industry == "coal_mine"


@pytest.mark.rules("B27", "B39")
def test_seed_example_one_link_on_the_three_way_line_reaches_the_farm() -> None:
    s = position(hands={0: ["brewery", "leek"]}, tiles=[("worcester", 1, 0, "cotton_mill", 1)])
    s, _ = play(s, 0, "network kidderminster-worcester card=leek")
    s, _ = play(s, 0, "build brewery farm_brewery_south card=brewery")
    assert tile_at(s, "farm_brewery_south").owner == 0


def test_verb_examples_are_canonical_notation() -> None:
    from engines.brass.notation import VERBS

    s = position()
    for verb in VERBS:
        assert verb.examples
        for example in verb.examples:
            assert str(E.parse(s, 0, example)) == example
