"""Coal, iron, beer and the markets (B32–B37, B46, B47, D1, D6, D11, D16)."""

from __future__ import annotations

import pytest

from engines.brass.resources import market_cost, sell_to_market
from tests.brass.helpers import E, illegal, legal, new, play, position, tile_at

# Birmingham reaches Dudley and Tamworth in one link each, Wolverhampton in two.
LINKS = [("birmingham-dudley", 1), ("birmingham-tamworth", 1), ("dudley-wolverhampton", 1)]


def test_B32_coal_comes_from_the_nearest_connected_mine_free() -> None:
    s = position(
        hands={0: ["birmingham"]},
        links=LINKS,
        tiles=[
            ("dudley", 1, 1, "coal_mine", 1, False, 2),
            ("wolverhampton", 2, 1, "coal_mine", 2, False, 3),
        ],
    )
    s2, _ = play(s, 0, "build iron_works birmingham card=birmingham")
    assert tile_at(s2, "dudley").cubes == 1
    assert tile_at(s2, "wolverhampton").cubes == 3
    # Iron works I: £5 and the coal was free; it then sells 2 iron to the market for £2 (B46).
    assert s2.money[0] == 17 - 5 + 2
    assert s2.coal == s.coal


def test_B32_next_cube_from_the_next_nearest_mine() -> None:
    # Manufacturer III needs 2 coal: Dudley's last cube, then Wolverhampton.
    s = position(
        hands={0: ["birmingham"]},
        links=LINKS,
        tiles=[
            ("dudley", 1, 1, "coal_mine", 1, False, 1),
            ("wolverhampton", 2, 1, "coal_mine", 2, False, 3),
        ],
        mats={0: {"manufacturer": (0, 0, 1, 1, 2, 1, 1, 2)}},
    )
    s2, events = play(s, 0, "build manufacturer birmingham slot=2 card=birmingham")
    assert tile_at(s2, "dudley").flipped  # emptied: flips for its owner (B35)
    assert tile_at(s2, "wolverhampton").cubes == 2


def test_B32_market_coal_only_without_connected_mine_coal_and_with_a_merchant_connection() -> None:
    # Birmingham–Oxford reaches a merchant; the only mine (Cannock) is not connected.
    s = position(
        hands={0: ["birmingham", "coventry"]},
        links=[("birmingham-oxford", 1)],
        tiles=[("cannock", 2, 1, "coal_mine", 2, False, 3)],
    )
    s2, events = play(s, 0, "build iron_works birmingham card=birmingham")
    assert s2.coal == 12 and s2.money[0] == 17 - 5 - 1 + 2
    assert s2.spent[0] == 6
    assert "brass.bought" in [e.key for e in events]
    # Coventry is connected to nothing: no coal at all.
    illegal(s, 0, "build iron_works coventry slot=3 card=coventry", "brass.no_coal")


def test_B32_may_not_buy_market_coal_while_connected_mine_coal_remains() -> None:
    s = position(
        hands={0: ["birmingham"]},
        links=[("birmingham-oxford", 1), ("birmingham-dudley", 1)],
        tiles=[("dudley", 1, 1, "coal_mine", 2, False, 3)],
    )
    s2, _ = play(s, 0, "build iron_works birmingham card=birmingham")
    assert s2.coal == s.coal and tile_at(s2, "dudley").cubes == 2


def test_D6_equally_near_mines_the_builder_chooses() -> None:
    s = position(
        hands={0: ["birmingham"]},
        links=LINKS,
        tiles=[
            ("dudley", 1, 1, "coal_mine", 1, False, 2),
            ("tamworth", 1, 1, "coal_mine", 2, False, 3),
        ],
    )
    err = illegal(s, 0, "build iron_works birmingham card=birmingham", "brass.choose")
    assert "dudley.1" in str(err) and "tamworth.1" in str(err)
    options = E.complete(s, 0, "build iron_works birmingham")
    assert options == ["coal=dudley.1", "coal=tamworth.1"]
    s2, _ = play(s, 0, "build iron_works birmingham coal=tamworth.1 card=birmingham")
    assert tile_at(s2, "tamworth").cubes == 2 and tile_at(s2, "dudley").cubes == 2


def test_D11_warrington_gives_coal_market_access_without_tiles() -> None:
    s = position(2, hands={0: ["stoke_on_trent"]}, links=[("stoke_on_trent-warrington", 1)])
    assert not any(m.location == "warrington" for m in s.merchants)
    s2, _ = play(s, 0, "build iron_works stoke_on_trent card=stoke_on_trent")
    assert s2.coal == 12


def test_B33_iron_from_any_works_anywhere_the_player_chooses() -> None:
    s = position(
        hands={0: ["coventry"]},
        tiles=[
            ("dudley", 2, 1, "iron_works", 1, False, 2),
            ("derby", 3, 1, "iron_works", 2, False, 1),
        ],
        mats={0: {"coal_mine": (0, 0, 2, 2)}},
    )
    assert E.complete(s, 0, "build coal_mine coventry") == ["iron=derby.3", "iron=dudley.2"]
    s2, _ = play(s, 0, "build coal_mine coventry iron=derby.3 card=coventry")
    assert tile_at(s2, "derby").flipped and tile_at(s2, "derby").cubes == 0
    assert s2.iron == s.iron and s2.money[0] == 17 - 8


def test_B33_market_iron_only_when_no_works_has_iron_no_connection_needed() -> None:
    s = position(hands={0: ["coventry"]}, mats={0: {"coal_mine": (0, 0, 2, 2)}})
    s2, _ = play(s, 0, "build coal_mine coventry card=coventry")
    assert s2.iron == 7 and s2.money[0] == 17 - 8 - 2


@pytest.mark.rules("B33", "D1")
@pytest.mark.parametrize(("option", "price"), [("6", 6), ("8", 8)])
def test_D1_iron_from_an_empty_market_costs_6_or_the_seed_8(option: str, price: int) -> None:
    s = position(
        hands={0: ["coventry"]}, iron=0, iron_price=option, mats={0: {"coal_mine": (0, 0, 2, 2)}}
    )
    s2, _ = play(s, 0, "build coal_mine coventry card=coventry")
    assert s2.money[0] == 17 - 8 - price
    assert E.view(s, None).markets.iron.price == price
    assert new(2).iron_empty_price == 6


def test_B34_beer_sources_own_anywhere_rival_connected_merchant_barrel() -> None:
    from engines.brass.resources import beer_supplies

    s = position(
        tiles=[
            ("stafford", 1, 0, "brewery", 1, False, 1),  # own, not connected
            ("uttoxeter", 1, 1, "brewery", 1, False, 1),  # rival, not connected
            ("birmingham", 1, 0, "cotton_mill", 1),
            ("walsall", 2, 1, "brewery", 1, False, 1),  # rival, connected
        ],
        links=[("birmingham-walsall", 1)],
    )
    ways = {w.sources for w in beer_supplies(s, 0, "birmingham", 1, merchant_has_beer=True)}
    assert ways == {("stafford.1",), ("walsall.2",), ("merchant",)}


def test_B35_the_last_cube_flips_the_tile_for_its_owner() -> None:
    s = position(
        hands={0: ["birmingham"]},
        links=LINKS,
        tiles=[("dudley", 1, 1, "coal_mine", 1, False, 1)],
    )
    s2, events = play(s, 0, "build iron_works birmingham card=birmingham")
    assert tile_at(s2, "dudley").flipped
    assert s2.income[1] == 10 + 4  # coal mine I: 4 spaces
    assert "brass.flipped" in [e.key for e in events]


def test_B36_market_prices_cheapest_first_and_sales_fill_the_dearest_empty_space() -> None:
    assert market_cost("coal", 13, 4, 8) == 1 + 2 + 2 + 3
    assert market_cost("iron", 8, 3, 6) == 2 + 2 + 3
    assert market_cost("coal", 1, 2, 8) == 7 + 8
    assert sell_to_market("coal", 13, 3) == (1, 1, 14)
    assert sell_to_market("iron", 8, 4) == (2, 2, 10)
    assert sell_to_market("coal", 10, 3) == (3, 2 + 2 + 1, 13)
    assert sell_to_market("coal", 14, 2) == (0, 0, 14)


def test_B37_market_sale_money_is_not_spent_and_moves_no_income() -> None:
    s = position(
        hands={0: ["dudley"]}, links=[("birmingham-dudley", 1), ("birmingham-oxford", 1)], coal=10
    )
    s2, _ = play(s, 0, "build coal_mine dudley card=dudley")
    # Coal mine I: £5; 2 cubes sold for £2 + £2; empty → flips: +4 income spaces.
    assert s2.money[0] == 17 - 5 + 4
    assert s2.spent[0] == 5
    assert s2.coal == 12
    assert tile_at(s2, "dudley").flipped and s2.income[0] == 14


def test_B46_iron_works_always_sells_coal_mine_only_when_connected() -> None:
    s = position(
        hands={0: ["dudley", "coventry"]},
        links=[("birmingham-dudley", 1), ("birmingham-oxford", 1)],
    )
    s2, events = play(s, 0, "build iron_works dudley slot=2 card=dudley")
    # Iron works I: 4 iron; market 8 of 10: two cubes sold for £1 + £1.
    assert tile_at(s2, "dudley").cubes == 2 and s2.iron == 10
    assert s2.money[0] == 17 - 5 - 1 + 2  # £5 + one market coal (£1), then +£2
    assert "brass.sold_to_market" in [e.key for e in events]


def test_B47_unconnected_coal_mine_keeps_its_cubes() -> None:
    s = position(hands={0: ["dudley"]})
    s2, events = play(s, 0, "build coal_mine dudley card=dudley")
    assert tile_at(s2, "dudley").cubes == 2 and s2.coal == 13
    assert "brass.sold_to_market" not in [e.key for e in events]


def test_D16_the_sale_is_compulsory_as_many_as_fit() -> None:
    s = position(
        hands={0: ["dudley"]}, links=[("birmingham-dudley", 1), ("birmingham-oxford", 1)], coal=13
    )
    s2, _ = play(s, 0, "build coal_mine dudley card=dudley")
    assert tile_at(s2, "dudley").cubes == 1 and s2.coal == 14
    assert [t for t in legal(s, 0) if t.startswith("build coal_mine dudley")] == [
        "build coal_mine dudley card=dudley"
    ]
