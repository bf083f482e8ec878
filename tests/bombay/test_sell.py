"""Selling silk in cities (Y55–Y64, Y95, Y96, Y103)."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.bombay import ENGINE
from engines.bombay.rules import sale_income, shift_demand
from tests.bombay.helpers import (
    at,
    demand_of,
    event,
    keys,
    new,
    play,
    sites_of,
    with_demand,
    with_markets,
)

BOMBAY = "bombay"


def _in_city(column: tuple[str, str, str], bales: tuple[str, ...], players: int = 4, **kw: object):  # type: ignore[no-untyped-def]
    s = with_demand(new(players), BOMBAY, column)
    return at(s, 0, BOMBAY, bales, **kw)  # type: ignore[arg-type]


def test_Y55_sell_one_demanded_bale_for_one_ap() -> None:
    s = _in_city(("blue", "purple", "orange"), ("blue",))
    s2, events = play(s, 0, "sell blue")
    assert s2.loads[0] == () and s2.ap == 2
    assert event(events, "bombay.sold")["rupees"] == 4


def test_Y55_selling_needs_a_city() -> None:
    s = at(new(4), 0, sites_of("empty_site")[0], ("blue",))
    with pytest.raises(IllegalAction) as exc:
        play(s, 0, "sell blue")
    assert exc.value.key == "bombay.sell_not_in_city"


@pytest.mark.parametrize(
    ("colour", "rupees", "clients"),
    [("blue", 4, 0), ("orange", 3, 0), ("purple", 1 + 0, 1 + 1)],
)
def test_Y56_income_by_position(colour: str, rupees: int, clients: int) -> None:
    assert sale_income(("blue", "orange", "purple"), colour) == (rupees, clients)


def test_Y56_bottom_gives_one_rupee_and_a_client_token() -> None:
    s = _in_city(("yellow", "purple", "orange"), ("orange",))
    s2, _ = play(s, 0, "sell orange")
    assert s2.money[0] == s.money[0] + 1 and s2.clients[0] == 1


def test_Y57_yellow_adds_a_rupee_purple_adds_a_client() -> None:
    assert sale_income(("yellow", "blue", "orange"), "yellow") == (5, 0)
    assert sale_income(("blue", "yellow", "orange"), "yellow") == (4, 0)
    assert sale_income(("blue", "orange", "yellow"), "yellow") == (2, 1)
    assert sale_income(("purple", "blue", "orange"), "purple") == (4, 1)
    assert sale_income(("blue", "orange", "purple"), "purple") == (1, 2)


def test_Y58_sold_bale_goes_back_into_the_bag() -> None:
    s = _in_city(("blue", "purple", "orange"), ("blue",))
    s2, _ = play(s, 0, "sell blue")
    assert s2.bag[1] == s.bag[1] + 1


def test_Y59_demand_shift_sold_colour_drops_below_ones_rise() -> None:
    assert shift_demand(("blue", "purple", "orange"), "blue") == ("purple", "orange", "blue")
    assert shift_demand(("blue", "purple", "orange"), "purple") == ("blue", "orange", "purple")
    assert shift_demand(("blue", "purple", "orange"), "orange") == ("blue", "purple", "orange")


def test_Y59_bottom_sale_changes_nothing_and_emits_no_shift() -> None:
    s = _in_city(("blue", "purple", "orange"), ("orange",))
    s2, events = play(s, 0, "sell orange")
    assert demand_of(s2, BOMBAY) == ("blue", "purple", "orange")
    assert "bombay.demand_shifted" not in keys(events)


def test_Y60_city_token_once_per_city_while_stack_lasts() -> None:
    s = _in_city(("blue", "purple", "orange"), ("blue", "orange"))
    s2, events = play(s, 0, "sell blue")
    assert s2.cities[0] == (BOMBAY,) and s2.stacks[0] == s.stacks[0] - 1
    assert event(events, "bombay.city_token")["left"] == s.stacks[0] - 1
    s3, events = play(s2, 0, "sell orange")
    assert s3.cities[0] == (BOMBAY,) and s3.stacks[0] == s2.stacks[0]
    assert "bombay.city_token" not in keys(events)


def test_Y61_two_sales_in_a_row_each_priced_on_the_shifted_column() -> None:
    s = _in_city(("blue", "purple", "orange"), ("blue", "purple"))
    s2, events = play(s, 0, "sell blue", "sell purple")
    sold = [e.params for e in events if e.key == "bombay.sold"]
    # blue at top: 4. Column becomes purple, orange, blue: purple now top: 4 + 1 client
    assert [(p["rupees"], p["clients"]) for p in sold] == [(4, 0), (4, 1)]
    assert demand_of(s2, BOMBAY) == ("orange", "blue", "purple")
    assert keys(events)[:3] == ["bombay.sold", "bombay.demand_shifted", "bombay.city_token"]


def test_Y62_colour_missing_from_the_column_cannot_be_sold() -> None:
    s = _in_city(("blue", "purple", "orange"), ("yellow",))
    with pytest.raises(IllegalAction, match="Bombay does not buy yellow silk"):
        play(s, 0, "sell yellow")


def test_Y63_seed_example_brown_sells_purple_in_bombay() -> None:
    brown = 3
    s = with_demand(new(4), BOMBAY, ("blue", "purple", "orange"))
    s = at(s, brown, BOMBAY, ("purple",), money=2)
    s2, events = play(s, brown, "sell purple")
    assert s2.money[brown] == 2 + 3 and s2.clients[brown] == 1
    assert demand_of(s2, BOMBAY) == ("blue", "orange", "purple")
    assert s2.cities[brown] == (BOMBAY,)
    sold = event(events, "bombay.sold")
    assert sold == {
        "seat": brown,
        "colour": "purple",
        "city": "Bombay",
        "position": "middle",
        "rupees": 3,
        "clients": 1,
        "got": {"rupee": 3, "client": 1},
    }


def test_Y64_selling_is_possible_while_the_colour_is_closed() -> None:
    s = with_markets(_in_city(("blue", "purple", "orange"), ("blue",)))
    assert not s.is_open("blue")
    s2, _ = play(s, 0, "sell blue")
    assert s2.loads[0] == ()


def test_Y95_empty_stack_sale_still_happens_without_token() -> None:
    s = _in_city(("blue", "purple", "orange"), ("blue",))
    stacks = list(s.stacks)
    stacks[0] = 0
    from dataclasses import replace

    s = replace(s, stacks=tuple(stacks))
    s2, events = play(s, 0, "sell blue")
    assert s2.money[0] == s.money[0] + 4 and s2.cities[0] == ()
    assert "bombay.city_token" not in keys(events)


def test_Y96_selling_an_undemanded_colour_is_illegal() -> None:
    s = _in_city(("blue", "purple", "orange"), ("yellow", "blue"))
    with pytest.raises(IllegalAction) as exc:
        play(s, 0, "sell yellow")
    assert exc.value.key == "bombay.not_demanded"
    sells = [str(a) for a in ENGINE.legal_actions(s, 0) if a.verb == "sell"]
    assert sells == ["sell blue"]


def test_Y103_two_players_single_city_token_goes_to_first_seller() -> None:
    s = with_demand(new(2), BOMBAY, ("blue", "purple", "orange"))
    s = at(s, 0, BOMBAY, ("blue",))
    s, _ = play(s, 0, "sell blue", "end")
    s = at(s, 1, BOMBAY, ("purple",))
    s, events = play(s, 1, "sell purple")
    assert s.cities == ((BOMBAY,), ()) and s.stacks[0] == 0
    assert "bombay.city_token" not in keys(events)


def test_Y7_limited_client_bank_stops_paying_clients() -> None:
    from dataclasses import replace

    s = _in_city(("blue", "orange", "purple"), ("purple",))
    s = replace(s, clients=(0, 15, 0, 0), clients_limited=True)
    s2, events = play(s, 0, "sell purple")
    assert s2.clients[0] == 1  # 2 due, 1 left in the bank
    assert event(events, "bombay.sold")["clients"] == 1
