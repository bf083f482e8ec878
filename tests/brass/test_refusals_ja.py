"""#28.2: Brass's refusals that random play rarely reaches, met on purpose. Each position is
built with ``helpers.position`` (and played on where a Sell or a double link is under way), the
seat to act types the mistake as a player would (``Engine.read``, the service's path), and the
refusal must be the rule's and say no English outside what was typed, in Japanese and in
Spanish. ``placed()`` gives the same positions to ``tests/test_refusal_words.py``, whose
coverage check counts what they meet.
"""

from __future__ import annotations

from engines.brass.state import State
from tests.brass.helpers import play, position
from tests.test_refusal_words import Placed, refused_in_the_table_language

GAME = "brass"

#: Merchant tiles that buy the cotton of Worcester and the goods of Redditch at Gloucester.
MERCHANTS = [
    ("shrewsbury", 0, "cotton", True),
    ("gloucester", 0, "cotton", True),
    ("gloucester", 1, "manufactured_goods", True),
    ("oxford", 0, "all_goods", True),
    ("oxford", 1, "blank", False),
]


def _two_to_sell() -> State:
    """Seat 0 has a cotton mill in Worcester and a manufacturer in Redditch, both linked to
    Gloucester, which buys them (B59, B60)."""
    return position(
        hands={0: ["leek", "stone", "derby"]},
        tiles=[("worcester", 1, 0, "cotton_mill", 1), ("redditch", 1, 0, "manufacturer", 3)],
        links=[("gloucester-worcester", 0), ("gloucester-redditch", 0)],
        merchants=MERCHANTS,
    )


def _selling() -> State:
    """B59: the first sale of a Sell action made, the Redditch tile still to sell or not."""
    st, _ = play(_two_to_sell(), 0, "sell worcester gloucester develop=none card=leek")
    return st


def bad_value() -> Placed:
    """B38: a build typed with a word the game does not use (the cotton mill is 紡績所 in
    Japanese, not 紡績工場), the mistake #28.2 was filed with."""
    return Placed("brass.bad_value", position(hands={0: ["leek"]}), 0, "build 紡績工場 リーク")


def card_wrong_town() -> Placed:
    """B38: a town card builds in its own town only."""
    st = position(hands={0: ["coalbrookdale"]})
    return Placed(
        "brass.card_wrong_town", st, 0, "build coal_mine wolverhampton card=coalbrookdale"
    )


def card_wrong_industry() -> Placed:
    """B38: an industry card builds its own industry only."""
    st = position(hands={0: ["iron_works"]})
    return Placed(
        "brass.card_wrong_industry", st, 0, "build coal_mine wolverhampton card=iron_works"
    )


def wild_location_not_farm() -> Placed:
    """B38, B39: a wild town card never builds a farm brewery, even one in the network."""
    st = position(hands={0: ["wild_location"]}, links=[("cannock-farm_brewery_north", 0)])
    return Placed(
        "brass.wild_location_not_farm", st, 0, "build brewery farm_brewery_north card=wild_location"
    )


def not_selling() -> Placed:
    """B59: ``done`` ends a Sell action; none is under way."""
    return Placed("brass.not_selling", _two_to_sell(), 0, "done")


def still_selling() -> Placed:
    """B59: while a Sell action goes on, only another sale or ``done`` answers."""
    return Placed("brass.still_selling", _selling(), 0, "pass card=stone")


def card_only_first() -> Placed:
    """B59, B17: a Sell action discards one card, with its first sale."""
    return Placed("brass.card_only_first", _selling(), 0, "sell redditch gloucester card=stone")


def card_only_first_link() -> Placed:
    """R33, B17: a double rail link discards one card, with its first link."""
    st = position(
        mode="full",
        era="rail",
        hands={0: ["leek", "stone", "derby"], 1: ["tamworth"]},
        money={0: 40},
        tiles=[
            ("walsall", 1, 0, "iron_works", 2, True, 0, True),
            ("walsall", 2, 0, "brewery", 2, False, 1, True),
            ("cannock", 2, 0, "coal_mine", 2, False, 2, True),
        ],
    )
    st, _ = play(st, 0, "network cannock-walsall card=leek")
    return Placed("brass.card_only_first_link", st, 0, "network burton_on_trent-cannock card=stone")


def placed() -> list[Placed]:
    """Every position above (``tests/test_refusal_words.py`` tries them all)."""
    return [
        bad_value(),
        card_wrong_town(),
        card_wrong_industry(),
        wild_location_not_farm(),
        not_selling(),
        still_selling(),
        card_only_first(),
        card_only_first_link(),
    ]


def test_B38_a_build_naming_a_word_the_game_does_not_use_is_refused_in_its_language() -> None:
    exc = refused_in_the_table_language(GAME, bad_value())
    assert exc.params["param"] == "industry"


def test_B38_a_town_card_for_another_town_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, card_wrong_town())


def test_B38_an_industry_card_for_another_industry_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, card_wrong_industry())


def test_B39_a_wild_town_card_on_a_farm_brewery_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, wild_location_not_farm())


def test_B59_done_outside_a_sell_action_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, not_selling())


def test_B59_another_action_in_the_middle_of_a_sell_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, still_selling())


def test_B59_a_card_with_a_later_sale_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, card_only_first())


def test_R33_a_card_with_the_second_rail_link_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, card_only_first_link())
