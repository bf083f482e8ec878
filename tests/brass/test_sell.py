"""The Sell action (B59–B66, D4, D7)."""

from __future__ import annotations

from typing import Any

from engines.brass.state import ACT, SELL, State
from tests.brass.helpers import E, illegal, keys, legal, play, position, tile_at

MERCHANTS_2P = [
    ("shrewsbury", 0, "cotton", True),
    ("gloucester", 0, "cotton", True),
    ("gloucester", 1, "manufactured_goods", True),
    ("oxford", 0, "all_goods", True),
    ("oxford", 1, "blank", False),
]


def _worcester_mill(**kw: Any) -> State:
    base: dict[str, Any] = dict(
        hands={0: ["leek", "stone", "derby"]},
        tiles=[("worcester", 1, 0, "cotton_mill", 1)],
        links=[("gloucester-worcester", 0)],
        merchants=MERCHANTS_2P,
    )
    base.update(kw)
    return position(**base)


def test_B59_sell_one_tile_then_more_or_done() -> None:
    s = _worcester_mill(
        tiles=[("worcester", 1, 0, "cotton_mill", 1), ("redditch", 1, 0, "manufacturer", 3)],
        links=[("gloucester-worcester", 0), ("gloucester-redditch", 0)],
    )
    s, _ = play(s, 0, "sell worcester gloucester develop=none card=leek")
    assert s.phase == SELL and E.to_act(s) == [0] and s.actions_left == 2
    assert "done" in legal(s, 0)
    illegal(s, 0, "pass card=stone", "brass.still_selling")
    illegal(s, 0, "sell redditch gloucester card=stone", "brass.card_only_first")
    s, _ = play(s, 0, "sell redditch gloucester")
    # Nothing left to sell: the action ends by itself.
    assert s.phase == ACT and s.actions_left == 1
    assert s.hands[0] == ("derby", "stone")


def test_B59_done_ends_the_sell_action() -> None:
    s = _worcester_mill(
        tiles=[("worcester", 1, 0, "cotton_mill", 1), ("redditch", 1, 0, "manufacturer", 3)],
        links=[("gloucester-worcester", 0), ("gloucester-redditch", 0)],
    )
    s, _ = play(s, 0, "sell redditch gloucester card=leek")
    s, _ = play(s, 0, "done")
    assert s.phase == ACT and s.actions_left == 1
    assert not tile_at(s, "worcester").flipped
    illegal(s, 0, "done", "brass.not_selling")


def test_B60_merchant_must_buy_the_industry_and_be_connected() -> None:
    s = _worcester_mill(
        tiles=[("worcester", 1, 0, "cotton_mill", 1), ("birmingham", 2, 0, "manufacturer", 2)]
    )
    illegal(s, 0, "sell birmingham gloucester card=leek", "brass.no_merchant")
    # Worcester reaches only Gloucester, whose manufactured-goods tile does not take cotton.
    sells = [t for t in legal(s, 0) if t.startswith("sell")]
    assert {t.split()[2] for t in sells} == {"gloucester"}
    assert E.complete(s, 0, "sell worcester") == ["gloucester"]


def test_B61_beer_from_the_merchant_or_own_brewery() -> None:
    s = _worcester_mill(
        tiles=[("worcester", 1, 0, "cotton_mill", 1), ("stafford", 1, 0, "brewery", 1, False, 1)]
    )
    assert E.complete(s, 0, "sell worcester gloucester") == ["beer=merchant", "beer=stafford.1"]
    s2, events = play(s, 0, "sell worcester gloucester beer=stafford.1 card=leek")
    assert tile_at(s2, "stafford").flipped  # own brewery emptied: flips, +4 spaces
    assert s2.merchants[1].beer is True
    assert s2.income[0] == 10 + 4 + 5


def test_B62_bonuses_shrewsbury_oxford_warrington_nottingham() -> None:
    shrews = position(
        hands={0: ["leek"]},
        tiles=[
            ("coalbrookdale", 1, 0, "iron_works", 1, True),
            ("kidderminster", 2, 0, "cotton_mill", 1),
        ],
        links=[("coalbrookdale-shrewsbury", 0), ("coalbrookdale-kidderminster", 0)],
        merchants=MERCHANTS_2P,
    )
    s, events = play(shrews, 0, "sell kidderminster shrewsbury card=leek")
    assert s.vp[0] == 4 and "brass.bonus_vp" in keys(events)
    ox = position(
        hands={0: ["leek"]},
        tiles=[("redditch", 1, 0, "manufacturer", 1)],
        links=[("oxford-redditch", 0)],
        merchants=MERCHANTS_2P,
    )
    s, _ = play(ox, 0, "sell redditch oxford card=leek")
    assert s.income[0] == 10 + 2 + 5
    war = position(
        3,
        hands={0: ["leek"]},
        tiles=[("stoke_on_trent", 1, 0, "cotton_mill", 1)],
        links=[("stoke_on_trent-warrington", 0)],
        merchants=[("warrington", 0, "cotton", True), ("warrington", 1, "blank", False)],
    )
    s, _ = play(war, 0, "sell stoke_on_trent warrington card=leek")
    assert s.money[0] == 17 + 5 and s.spent[0] == 0
    notts = position(
        4,
        hands={0: ["leek"]},
        tiles=[("derby", 2, 0, "manufacturer", 1)],
        links=[("derby-nottingham", 0)],
        merchants=[("nottingham", 0, "all_goods", True)],
    )
    s, _ = play(notts, 0, "sell derby nottingham card=leek")
    assert s.vp[0] == 3


def test_D7_gloucester_develops_one_tile_free_or_declines() -> None:
    s = _worcester_mill()
    opts = E.complete(s, 0, "sell worcester gloucester")
    assert "develop=none" in opts and "develop=coal_mine" in opts
    assert "develop=pottery" not in opts  # Pottery I has a lightbulb
    s2, events = play(s, 0, "sell worcester gloucester develop=coal_mine card=leek")
    assert s2.mats[0][3] == (0, 2, 2, 2) and s2.iron == s.iron and s2.money[0] == 17
    s3, _ = play(s, 0, "sell worcester gloucester develop=none card=leek")
    assert s3.mats[0] == s.mats[0]


def test_B63_the_sold_tile_flips_and_income_advances() -> None:
    s = _worcester_mill()
    s2, events = play(s, 0, "sell worcester gloucester develop=none card=leek")
    assert tile_at(s2, "worcester").flipped
    assert s2.income[0] == 15  # cotton mill I: 5 spaces → level 3
    assert E.view(s2, None).income_level[0] == 3


def test_B64_no_beer_no_sale() -> None:
    s = _worcester_mill(merchants=[(m[0], m[1], m[2], False) for m in MERCHANTS_2P])
    illegal(s, 0, "sell worcester gloucester card=leek", "brass.no_beer")
    # Manufacturer III needs no beer at all.
    s2 = _worcester_mill(
        tiles=[("redditch", 1, 0, "manufacturer", 3)],
        links=[("gloucester-redditch", 0)],
        merchants=[(m[0], m[1], m[2], False) for m in MERCHANTS_2P],
    )
    s3, _ = play(s2, 0, "sell redditch gloucester card=leek")
    assert tile_at(s3, "redditch").flipped


def test_B65_merchant_barrels_are_not_replaced_tile_still_buys() -> None:
    s = _worcester_mill(
        tiles=[
            ("worcester", 1, 0, "cotton_mill", 1),
            ("worcester", 2, 1, "cotton_mill", 1),
            ("stafford", 1, 1, "brewery", 1, False, 1),
        ],
        hands={0: ["leek"], 1: ["stone", "derby"]},
    )
    s, _ = play(s, 0, "sell worcester gloucester develop=none card=leek")
    assert s.merchants[1].beer is False
    # Seat 1 sells to the same tile with its own beer; the barrel is still gone.
    s, _ = play(s, 1, "sell worcester gloucester card=stone")
    assert s.merchants[1].beer is False and tile_at(s, "worcester", 1).flipped


def test_B66_blank_tiles_and_missing_slots_buy_nothing() -> None:
    s = position(
        hands={0: ["leek"]},
        tiles=[("redditch", 1, 0, "manufacturer", 1)],
        links=[("oxford-redditch", 0)],
        merchants=[("oxford", 0, "blank", False), ("oxford", 1, "cotton", True)],
    )
    illegal(s, 0, "sell redditch oxford card=leek", "brass.no_merchant")
    two = position(
        2,
        hands={0: ["leek"]},
        tiles=[("stoke_on_trent", 1, 0, "cotton_mill", 1)],
        links=[("stoke_on_trent-warrington", 0)],
    )
    illegal(two, 0, "sell stoke_on_trent warrington card=leek", "brass.no_merchant")


def test_D4_only_the_barrel_of_the_merchant_sold_to() -> None:
    # Worcester reaches Gloucester and (via Gloucester–Redditch–Oxford) Oxford; selling to Oxford
    # may use only Oxford's barrel, not Gloucester's.
    s = _worcester_mill(
        links=[("gloucester-worcester", 0), ("gloucester-redditch", 0), ("oxford-redditch", 0)],
        merchants=[
            ("gloucester", 0, "cotton", True),
            ("gloucester", 1, "blank", False),
            ("oxford", 0, "all_goods", False),
        ],
    )
    illegal(s, 0, "sell worcester oxford card=leek", "brass.no_beer")
    assert [t for t in legal(s, 0) if t.startswith("sell worcester oxford")] == []


def test_B60_a_refused_merchant_says_why() -> None:
    s = _worcester_mill()
    err = illegal(s, 0, "sell worcester oxford card=leek", "brass.merchant_not_connected")
    assert str(err).startswith("Oxford is not connected to Worcester")
    no_cotton = [
        ("shrewsbury", 0, "cotton", True),
        ("gloucester", 0, "manufactured_goods", True),
        ("gloucester", 1, "blank", False),
        ("oxford", 0, "all_goods", True),
        ("oxford", 1, "blank", False),
    ]
    s = _worcester_mill(
        merchants=no_cotton,
        links=[("gloucester-worcester", 0), ("gloucester-redditch", 0), ("oxford-redditch", 0)],
    )
    err = illegal(s, 0, "sell worcester gloucester card=leek", "brass.merchant_does_not_buy")
    assert str(err).startswith("No merchant tile in Gloucester buys cotton mill goods")
    play(s, 0, "sell worcester oxford card=leek")
