"""#28.2: Brass's refusals that random play rarely reaches, met on purpose. Each position is
built with ``helpers.position`` (and played on where a Sell or a double link is under way), the
seat to act types the mistake as a player would (``Engine.read``, the service's path), and the
refusal must be the rule's and say no English outside what was typed, in Japanese and in
Spanish. ``placed()`` gives the same positions to ``tests/test_refusal_words.py``, whose
coverage check counts what they meet.
"""

from __future__ import annotations

import pytest

from engines.brass.state import State, evolve
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


def _leek() -> State:
    """Seat 0 holds a Leek card; Leek has a cotton mill or manufacturer space and a cotton mill
    or coal mine space."""
    return position(hands={0: ["leek"]})


def _two_mines_equally_near() -> State:
    """D6: Birmingham is one link from a Dudley and a Tamworth coal mine, both with cubes."""
    return position(
        hands={0: ["birmingham"]},
        tiles=[
            ("dudley", 1, 1, "coal_mine", 1, False, 2),
            ("tamworth", 1, 1, "coal_mine", 2, False, 3),
        ],
        links=[("birmingham-dudley", 0), ("birmingham-tamworth", 0)],
    )


def _worcester(*tile: object, beer: bool = True) -> State:
    """One tile of seat 0 in Worcester, linked to Gloucester (whose barrels are there or not)."""
    return position(
        hands={0: ["leek", "stone", "derby"]},
        tiles=[("worcester", 1, 0, *tile)],
        links=[("gloucester-worcester", 0)],
        merchants=[(m[0], m[1], m[2], m[3] and beer) for m in MERCHANTS],
    )


def _second_rail_link() -> State:
    """R33: a rail action's first link placed (Cannock–Walsall), a second one possible, with a
    rival's barrel in Stafford reached only through Cannock–Stafford."""
    st = position(
        mode="full",
        era="rail",
        hands={0: ["leek", "stone", "derby"], 1: ["tamworth"]},
        money={0: 40},
        tiles=[
            ("walsall", 1, 0, "iron_works", 2, True, 0, True),
            ("cannock", 2, 0, "coal_mine", 2, False, 2, True),
            ("stafford", 1, 1, "brewery", 2, False, 1, True),
            ("derby", 1, 1, "brewery", 2, False, 1, True),
        ],
    )
    st, _ = play(st, 0, "network cannock-walsall card=leek")
    return st


def _short_of_money() -> State:
    """B78: seat 1 owes £5 with £0 and holds a cotton mill in Leek and a pottery II (worth
    nothing when removed) in Stafford."""
    st = position(
        income={1: 5},
        money={1: 0},
        tiles=[("leek", 1, 1, "cotton_mill", 1), ("stafford", 2, 1, "pottery", 2)],
        round_no=1,
        actions_left=1,
    )
    st, _ = play(st, 0, f"pass card={st.hands[0][0]}")
    st, _ = play(st, 1, f"pass card={st.hands[1][0]}")
    return st


_CANAL_MILL = position(hands={0: ["leek"]}, tiles=[("birmingham", 1, 0, "cotton_mill", 1)])

#: Refusals Brass raises through ``refuse`` (the coverage check saw only ``IllegalAction("…")``
#: before #28.2), each at a position built for it, with the rule it keeps.
RAISED_BY_REFUSE = {
    "B41 slot": Placed("brass.bad_slot", _leek(), 0, "build cotton_mill leek slot=3 card=leek"),
    "B41 choose": Placed(
        "brass.choose_slot", _leek(), 0, "build cotton_mill leek card=leek iron=x"
    ),
    "B41 B48 overbuild": Placed(
        "brass.choose_slot",
        position(
            mode="full",
            era="rail",
            money={0: 40},
            hands={0: ["cannock"]},
            tiles=[("cannock", 2, 0, "coal_mine", 1, False, 0, True)],
            mats={0: {"coal_mine": (0, 2, 2, 2)}},
        ),
        0,
        "build coal_mine cannock card=cannock coal=x",
    ),
    "B41 industry": Placed("brass.no_such_slot", _leek(), 0, "build pottery leek card=leek"),
    "D6 choose": Placed(
        "brass.choose",
        _two_mines_equally_near(),
        0,
        "build iron_works birmingham card=birmingham iron=x",
    ),
    "D6 choose listed": Placed(
        "brass.choose",
        _two_mines_equally_near(),
        0,
        "build iron_works birmingham card=birmingham slot=3",
    ),
    "D6 bad": Placed(
        "brass.bad_choice",
        _two_mines_equally_near(),
        0,
        "build iron_works birmingham coal=walsall.1 card=birmingham",
    ),
    "B42": Placed(
        "brass.one_tile_per_town",
        position(hands={0: ["birmingham"]}, tiles=[("birmingham", 1, 0, "cotton_mill", 1)]),
        0,
        "build manufacturer birmingham slot=2 card=birmingham",
    ),
    "B48": Placed(
        "brass.no_free_slot",
        position(
            hands={0: ["dudley"]},
            tiles=[("dudley", 1, 1, "coal_mine", 1, False, 1)],
            mats={0: {"coal_mine": (0, 2, 2, 2)}},
            coal=0,
        ),
        0,
        "build coal_mine dudley card=dudley",
    ),
    "B53 rail": Placed("brass.rail_only", _CANAL_MILL, 0, "network birmingham-nuneaton card=leek"),
    "B53 none left": Placed(
        "brass.no_links_left",
        evolve(_CANAL_MILL, links_left=(0, 14)),
        0,
        "network birmingham-coventry card=leek",
    ),
    "B57": Placed("brass.cannot_develop", _leek(), 0, "develop pottery card=leek"),
    "B59 sold": Placed(
        "brass.already_sold",
        _worcester("cotton_mill", 1, True),
        0,
        "sell worcester gloucester card=leek",
    ),
    "B59 kind": Placed(
        "brass.not_sellable", _worcester("coal_mine", 1), 0, "sell worcester gloucester card=leek"
    ),
    "B60": Placed(
        "brass.no_merchant",
        position(
            hands={0: ["leek"]},
            tiles=[("worcester", 1, 0, "cotton_mill", 1), ("birmingham", 2, 0, "manufacturer", 2)],
            links=[("gloucester-worcester", 0)],
            merchants=MERCHANTS,
        ),
        0,
        "sell birmingham gloucester card=leek",
    ),
    "B60 not connected": Placed(
        "brass.merchant_not_connected",
        _worcester("cotton_mill", 1),
        0,
        "sell worcester oxford card=leek",
    ),
    "B60 not bought": Placed(
        "brass.merchant_does_not_buy",
        position(
            hands={0: ["leek"]},
            tiles=[("worcester", 1, 0, "cotton_mill", 1)],
            links=[
                ("gloucester-worcester", 0),
                ("gloucester-redditch", 0),
                ("oxford-redditch", 0),
            ],
            merchants=[
                ("shrewsbury", 0, "cotton", True),
                ("gloucester", 0, "manufactured_goods", True),
                ("gloucester", 1, "blank", False),
                ("oxford", 0, "all_goods", True),
                ("oxford", 1, "blank", False),
            ],
        ),
        0,
        "sell worcester gloucester card=leek",
    ),
    "B64": Placed(
        "brass.no_beer",
        _worcester("cotton_mill", 1, beer=False),
        0,
        "sell worcester gloucester card=leek",
    ),
    "B70 two": Placed(
        "brass.scout_two_more",
        position(hands={0: ["leek", "stone"]}),
        0,
        "scout card=leek discard=stone",
    ),
    "B70 wilds": Placed(
        "brass.no_wild_left",
        evolve(position(hands={0: ["leek", "stone", "derby"]}), wild_location=0),
        0,
        "scout card=leek discard=stone,derby",
    ),
    "B78": Placed("brass.worth_nothing", _short_of_money(), 1, "remove stafford"),
    "R22": Placed(
        "brass.which_tile",
        position(
            mode="full",
            era="rail",
            hands={0: ["leek"]},
            tiles=[("birmingham", 1, 0, "cotton_mill", 2), ("birmingham", 2, 0, "manufacturer", 2)],
            links=[("birmingham-oxford", 1)],
        ),
        0,
        "sell birmingham oxford card=leek",
    ),
    "R37 beer": Placed(
        "brass.no_beer_for_link", _second_rail_link(), 0, "network walsall-wolverhampton"
    ),
    "R37 merchant": Placed(
        "brass.no_merchant_beer_for_link",
        _second_rail_link(),
        0,
        "network cannock-stafford beer=merchant",
    ),
}


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
        *RAISED_BY_REFUSE.values(),
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


@pytest.mark.parametrize("rule", sorted(RAISED_BY_REFUSE))
def test_a_refusal_raised_through_refuse_is_said_in_the_table_language(rule: str) -> None:
    """Each at a position its rule refuses (the id is the rule: B41 a space, D6 a coal mine
    the builder chooses, B42 one tile per town in the canal era, B48 overbuilding, B53 rail-only
    lines and no link tile left, B57 lightbulb tiles, B59–B64 what sells, B70 Scout, B78 a
    shortfall, R22 several tiles in one town, R37 a double's beer)."""
    refused_in_the_table_language(GAME, RAISED_BY_REFUSE[rule])


def test_B41_the_spaces_to_choose_from_are_named_in_the_table_language() -> None:
    """#28.2: the spaces were joined into one English string ("slot=1 (cotton mill or
    manufacturer space) | ...") before the catalog, and read so at a Japanese table."""
    from bot.service import ServiceError

    exc = refused_in_the_table_language(GAME, RAISED_BY_REFUSE["B41 slot"])
    said = ServiceError.from_illegal(exc).text("ja")
    assert (
        "`slot=1`（紡績所または工場のマス）" in said
        and "`slot=2`（紡績所または炭鉱のマス）" in said
    )
    assert "slot=1 (cotton mill or manufacturer space)" in ServiceError.from_illegal(exc).text()
    exc = refused_in_the_table_language(GAME, RAISED_BY_REFUSE["B41 B48 overbuild"])
    assert "`slot=2`（自分の炭鉱 I を建て替え）" in ServiceError.from_illegal(exc).text("ja")
