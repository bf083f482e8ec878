"""Links, network, connection and distance; the Network action (B26–B31, B52–B54, D5)."""

from __future__ import annotations

from engines.brass.network import connected, distances, network
from tests.brass.helpers import E, illegal, play, position


def test_B26_one_link_per_canal_line() -> None:
    s = position(
        hands={0: ["leek", "stone"], 1: ["derby"]},
        links=[("leek-stoke_on_trent", 1)],
        tiles=[("stoke_on_trent", 3, 0, "manufacturer", 1)],
    )
    illegal(s, 0, "network leek-stoke_on_trent card=leek", "brass.line_taken")
    s2, _ = play(s, 0, "network stoke_on_trent-stone card=leek")
    assert ("stoke_on_trent-stone", 0) in s2.links


def test_B27_three_ended_line_joins_kidderminster_worcester_and_the_farm() -> None:
    s = position(links=[("kidderminster-worcester", 0)])
    assert network(s, 0) == {"kidderminster", "worcester", "farm_brewery_south"}
    assert distances(s, "farm_brewery_south") == {
        "farm_brewery_south": 0,
        "kidderminster": 1,
        "worcester": 1,
    }


def test_B28_network_is_own_tiles_and_locations_next_to_own_links() -> None:
    s = position(
        tiles=[("dudley", 1, 0, "coal_mine", 1)],
        links=[("gloucester-worcester", 0), ("birmingham-coventry", 1)],
    )
    assert network(s, 0) == {"dudley", "gloucester", "worcester"}
    assert network(s, 1) == {"birmingham", "coventry"}


def test_B29_connection_uses_anyones_links() -> None:
    s = position(links=[("birmingham-coventry", 1), ("birmingham-dudley", 0)])
    assert connected(s, "coventry", "dudley")
    assert not connected(s, "coventry", "walsall")
    assert connected(s, "walsall", "walsall")


def test_D5_chains_pass_through_merchant_locations() -> None:
    s = position(links=[("gloucester-worcester", 0), ("gloucester-redditch", 1)])
    assert connected(s, "worcester", "redditch")
    assert distances(s, "worcester")["redditch"] == 2


def test_B30_distance_is_the_fewest_links() -> None:
    s = position(
        links=[
            ("birmingham-dudley", 0),
            ("dudley-wolverhampton", 0),
            ("walsall-wolverhampton", 1),
            ("birmingham-walsall", 1),
        ]
    )
    d = distances(s, "birmingham")
    assert d["wolverhampton"] == 2 and d["dudley"] == 1 and d["walsall"] == 1


def test_B31_nothing_on_the_board_link_anywhere_and_build_with_an_industry_card() -> None:
    s = position(hands={0: ["brewery", "coal_mine", "leek"]})
    s1, _ = play(s, 0, "network oxford-redditch card=leek")
    assert ("oxford-redditch", 0) in s1.links
    s2, _ = play(s, 0, "build coal_mine tamworth slot=1 card=coal_mine")
    assert s2.tiles[0].location == "tamworth"
    # Once something is on the board the network applies again.
    illegal(s1, 0, "network stafford-stone card=coal_mine", "brass.line_not_in_network")
    illegal(s1, 0, "build coal_mine tamworth slot=1 card=coal_mine", "brass.town_not_in_network")


def test_B52_network_costs_3_next_to_your_network() -> None:
    s = position(
        hands={0: ["leek", "stone"]}, tiles=[("cannock", 1, 0, "coal_mine", 1)], money={0: 10}
    )
    s2, events = play(s, 0, "network cannock-walsall card=leek")
    assert s2.money[0] == 7 and s2.links_left[0] == 13
    assert events[0].key == "brass.linked"
    illegal(s, 0, "network birmingham-coventry card=leek", "brass.line_not_in_network")
    poor = position(hands={0: ["leek"]}, tiles=[("cannock", 1, 0, "coal_mine", 1)], money={0: 2})
    illegal(poor, 0, "network cannock-walsall card=leek", "brass.cannot_afford_link")


def test_B53_rail_only_lines_and_no_link_tiles_left() -> None:
    s = position(hands={0: ["leek"]}, tiles=[("birmingham", 1, 0, "cotton_mill", 1)])
    illegal(s, 0, "network birmingham-nuneaton card=leek", "brass.rail_only")
    from engines.brass.state import evolve

    none_left = evolve(s, links_left=(0, 14))
    illegal(none_left, 0, "network birmingham-coventry card=leek", "brass.no_links_left")
    assert not any(t.startswith("network") for t in E.legal_texts(none_left, 0))
    assert any(t.startswith("network") for t in E.legal_texts(s, 0))


def test_B54_a_new_link_counts_at_once() -> None:
    s = position(hands={0: ["leek", "coal_mine"]}, tiles=[("birmingham", 1, 0, "cotton_mill", 1)])
    illegal(s, 0, "build coal_mine tamworth slot=1 card=coal_mine", "brass.town_not_in_network")
    s, _ = play(s, 0, "network birmingham-tamworth card=leek")
    s, events = play(s, 0, "build coal_mine tamworth slot=1 card=coal_mine")
    assert any(t.location == "tamworth" for t in s.tiles)


def test_B52_a_line_may_be_named_with_its_towns_in_either_order() -> None:
    s = position(hands={0: ["leek"]}, tiles=[("stone", 1, 0, "cotton_mill", 1)])
    assert str(E.parse(s, 0, "network stone-stoke_on_trent card=leek")) == (
        "network stoke_on_trent-stone card=leek"
    )
    s2, _ = play(s, 0, "network stone-stoke_on_trent card=leek")
    assert ("stoke_on_trent-stone", 0) in s2.links
