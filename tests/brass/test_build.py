"""The Build action (B38–B51, D9, D10)."""

from __future__ import annotations

from tests.brass.helpers import E, illegal, legal, play, position, tile_at


def test_B38_location_card_builds_in_its_town_outside_the_network() -> None:
    s = position(hands={0: ["leek"]}, tiles=[("dudley", 1, 0, "coal_mine", 1, False, 2)])
    s2, _ = play(s, 0, "build cotton_mill leek slot=2 card=leek")
    assert tile_at(s2, "leek").industry == "cotton_mill"
    assert s2.discards[0] == ("leek",)


def test_B38_wild_location_card_any_town_never_a_farm() -> None:
    s = position(hands={0: ["wild_location"]}, links=[("cannock-farm_brewery_north", 0)])
    s2, _ = play(s, 0, "build brewery uttoxeter slot=1 card=wild_location")
    assert tile_at(s2, "uttoxeter").industry == "brewery"
    illegal(
        s, 0, "build brewery farm_brewery_north card=wild_location", "brass.wild_location_not_farm"
    )


def test_B38_industry_cards_need_the_network_dual_card_builds_either() -> None:
    s = position(
        hands={0: ["cotton_mill_or_manufacturer", "wild_industry"]},
        links=[("birmingham-coventry", 0), ("birmingham-oxford", 1)],
        money={0: 30},
    )
    s1, _ = play(s, 0, "build cotton_mill birmingham slot=1 card=cotton_mill_or_manufacturer")
    s2, _ = play(s, 0, "build manufacturer coventry slot=2 card=cotton_mill_or_manufacturer")
    s3, _ = play(s, 0, "build pottery coventry card=wild_industry")
    assert tile_at(s1, "birmingham").industry == "cotton_mill"
    assert tile_at(s2, "coventry").industry == "manufacturer"
    assert tile_at(s3, "coventry").industry == "pottery"
    illegal(
        s,
        0,
        "build cotton_mill worcester slot=1 card=cotton_mill_or_manufacturer",
        "brass.town_not_in_network",
    )
    illegal(s, 0, "build pottery stafford card=wild_industry", "brass.town_not_in_network")


def test_B39_farm_brewery_needs_a_brewery_card_and_the_network() -> None:
    s = position(hands={0: ["brewery", "cannock"]}, tiles=[("cannock", 1, 0, "coal_mine", 1)])
    illegal(s, 0, "build brewery farm_brewery_north card=brewery", "brass.farm_not_in_network")
    s, _ = play(s, 0, "network cannock-farm_brewery_north card=cannock")
    s, _ = play(s, 0, "build brewery farm_brewery_north card=brewery")
    assert tile_at(s, "farm_brewery_north").cubes == 1


def test_D10_nothing_on_the_board_a_brewery_card_builds_on_a_farm() -> None:
    s = position(hands={0: ["brewery"]})
    s2, _ = play(s, 0, "build brewery farm_brewery_south card=brewery")
    assert tile_at(s2, "farm_brewery_south").owner == 0


def test_B40_always_the_lowest_tile_brewery_IV_blocks_until_developed() -> None:
    s = position(hands={0: ["stone", "burton_on_trent"]})
    s2, events = play(s, 0, "build cotton_mill stone card=stone")
    assert tile_at(s2, "stone").level == 1
    assert s2.mats[0][0] == (2, 2, 3, 3)
    blocked = position(hands={0: ["burton_on_trent"]}, mats={0: {"brewery": (0, 0, 0, 1)}})
    illegal(
        blocked, 0, "build brewery burton_on_trent card=burton_on_trent", "brass.not_in_canal_era"
    )


def test_B41_single_icon_slot_first_otherwise_the_player_chooses() -> None:
    s = position(hands={0: ["stoke_on_trent", "leek"]}, links=[("stoke_on_trent-warrington", 1)])
    # Stoke has a single manufacturer slot (3) and a two-icon one (1): slot 3 is forced.
    s2, _ = play(s, 0, "build manufacturer stoke_on_trent card=stoke_on_trent")
    assert tile_at(s2, "stoke_on_trent").slot == 2
    # Leek's two two-icon slots both take a cotton mill: a choice.
    assert E.complete(s, 0, "build cotton_mill leek") == ["slot=1", "slot=2"]
    illegal(s, 0, "build cotton_mill leek card=leek", "brass.choose_slot")
    taken = position(
        hands={0: ["stoke_on_trent"]},
        tiles=[("stoke_on_trent", 3, 1, "manufacturer", 1)],
        links=[("stoke_on_trent-warrington", 1)],
    )
    s3, _ = play(taken, 0, "build manufacturer stoke_on_trent card=stoke_on_trent")
    assert tile_at(s3, "stoke_on_trent", 0).slot == 0


def test_B41_among_identical_free_slots_the_typed_one_is_used() -> None:
    # Birmingham's slots 2 and 4 both show the manufacturer alone: listed once, either may be
    # named, and the tile goes where the player said (issue 22.3).
    s = position(hands={0: ["birmingham"]}, links=[("birmingham-oxford", 1)])
    builds = [t for t in legal(s, 0) if t.startswith("build manufacturer birmingham")]
    assert builds == ["build manufacturer birmingham card=birmingham"]
    s4, _ = play(s, 0, "build manufacturer birmingham slot=4 card=birmingham")
    assert tile_at(s4, "birmingham").slot == 3
    assert str(E.parse(s, 0, "build manufacturer birmingham slot=4 card=birmingham")) == (
        "build manufacturer birmingham slot=4 card=birmingham"
    )
    assert str(E.read(s, 0, "build manufacturer birm slot=4 card=birm")).count("slot=4") == 1
    s2, _ = play(s, 0, "build manufacturer birmingham slot=2 card=birmingham")
    assert tile_at(s2, "birmingham").slot == 1
    # Slot 1 shows two icons and slot 3 no manufacturer: neither is allowed (B41).
    illegal(s, 0, "build manufacturer birmingham slot=1 card=birmingham", "brass.no_choice_here")
    illegal(s, 0, "build manufacturer birmingham slot=3 card=birmingham", "brass.no_choice_here")
    # In the rail era a second own tile may go on the identical space left.
    rail = position(
        hands={0: ["birmingham"]},
        tiles=[("birmingham", 4, 0, "manufacturer", 2)],
        links=[("birmingham-oxford", 1)],
        mats={0: {"manufacturer": (0, 1, 2, 2, 2, 2, 2, 2)}},
        mode="full",
        era="rail",
        money={0: 40},
    )
    again, _ = play(rail, 0, "build manufacturer birmingham slot=2 card=birmingham")
    assert sorted(t.slot for t in again.tiles if t.location == "birmingham") == [1, 3]
    illegal(rail, 0, "build manufacturer birmingham slot=4 card=birmingham", "brass.no_choice_here")


def test_B42_one_tile_per_town_in_the_canal_era() -> None:
    s = position(hands={0: ["birmingham"]}, tiles=[("birmingham", 1, 0, "cotton_mill", 1)])
    illegal(s, 0, "build manufacturer birmingham slot=2 card=birmingham", "brass.one_tile_per_town")
    assert not [t for t in legal(s, 0) if t.startswith("build manufacturer birmingham")]


def test_B43_pay_money_coal_and_iron_at_once() -> None:
    # Cotton mill III: £16, 1 coal (market £1: Birmingham–Oxford), 1 iron (market £2).
    s = position(
        hands={0: ["birmingham"]},
        links=[("birmingham-oxford", 1)],
        mats={0: {"cotton_mill": (0, 0, 3, 3)}},
        money={0: 19},
    )
    s2, _ = play(s, 0, "build cotton_mill birmingham card=birmingham")
    assert s2.money[0] == 0 and s2.spent[0] == 19
    poor = position(
        hands={0: ["birmingham"]},
        links=[("birmingham-oxford", 1)],
        mats={0: {"cotton_mill": (0, 0, 3, 3)}},
        money={0: 18},
    )
    err = illegal(
        poor, 0, "build cotton_mill birmingham card=birmingham", "brass.cannot_afford_build"
    )
    assert str(err) == (
        "A cotton mill III in Birmingham costs £19 (tile £16, coal from the market £1, "
        "iron from the market £2); you have £18."
    )


def test_B44_new_mines_works_and_breweries_get_their_cubes() -> None:
    s = position(
        hands={0: ["cannock", "uttoxeter", "coalbrookdale"]},
        links=[("coalbrookdale-shrewsbury", 1)],
    )
    s1, _ = play(s, 0, "build coal_mine cannock slot=2 card=cannock")
    s2, _ = play(s, 0, "build brewery uttoxeter slot=1 card=uttoxeter")
    s3, _ = play(s, 0, "build iron_works coalbrookdale slot=2 card=coalbrookdale")
    assert tile_at(s1, "cannock").cubes == 2
    assert tile_at(s2, "uttoxeter").cubes == 1  # canal era: 1 barrel
    assert tile_at(s3, "coalbrookdale").cubes == 4 - 2  # 2 sold to the iron market


def test_B45_goods_tiles_carry_nothing_and_stay_unflipped() -> None:
    s = position(hands={0: ["worcester"]})
    s2, _ = play(s, 0, "build cotton_mill worcester slot=1 card=worcester")
    t = tile_at(s2, "worcester")
    assert t.cubes == 0 and not t.flipped


def test_B48_overbuild_own_tile_with_a_higher_level() -> None:
    s = position(
        hands={0: ["birmingham"]},
        tiles=[("birmingham", 1, 0, "cotton_mill", 1, True)],
        mats={0: {"cotton_mill": (0, 2, 3, 3)}},
        links=[("birmingham-oxford", 1)],
    )
    s2, events = play(s, 0, "build cotton_mill birmingham card=birmingham")
    t = tile_at(s2, "birmingham")
    assert (t.level, t.flipped, t.slot) == (2, False, 0)
    assert "brass.overbuilt" in [e.key for e in events]
    same = position(
        hands={0: ["birmingham"]},
        tiles=[("birmingham", 1, 0, "cotton_mill", 2)],
        mats={0: {"cotton_mill": (0, 1, 3, 3)}},
    )
    illegal(same, 0, "build cotton_mill birmingham card=birmingham", "brass.one_tile_per_town")


def test_B48_rival_coal_mine_only_when_no_coal_anywhere() -> None:
    s = position(
        hands={0: ["dudley"]},
        tiles=[("dudley", 1, 1, "coal_mine", 1, False, 1)],
        mats={0: {"coal_mine": (0, 2, 2, 2)}},
        coal=0,
    )
    illegal(s, 0, "build coal_mine dudley card=dudley", "brass.no_free_slot")
    dry = position(
        hands={0: ["dudley"]},
        tiles=[("dudley", 1, 1, "coal_mine", 1, True, 0)],
        mats={0: {"coal_mine": (0, 2, 2, 2)}},
        coal=0,
    )
    s2, _ = play(dry, 0, "build coal_mine dudley card=dudley")
    assert tile_at(s2, "dudley").owner == 0 and s2.gone[1] == 1
    market = position(
        hands={0: ["dudley"]},
        tiles=[("dudley", 1, 1, "coal_mine", 1, True, 0)],
        mats={0: {"coal_mine": (0, 2, 2, 2)}},
        coal=1,
    )
    illegal(market, 0, "build coal_mine dudley card=dudley", "brass.no_free_slot")


def test_B49_rival_goods_and_breweries_are_never_overbuilt() -> None:
    s = position(
        hands={0: ["worcester"]},
        tiles=[("worcester", 1, 1, "cotton_mill", 1), ("worcester", 2, 1, "cotton_mill", 1)],
        mats={0: {"cotton_mill": (0, 2, 3, 3)}},
    )
    illegal(s, 0, "build cotton_mill worcester card=worcester", "brass.no_free_slot")


def test_B50_replaced_tile_leaves_the_game_owner_keeps_what_it_gave() -> None:
    s = position(
        hands={0: ["dudley"]},
        tiles=[("dudley", 1, 1, "coal_mine", 1, True, 0)],
        income={1: 14},
        vp={1: 2},
        mats={0: {"coal_mine": (0, 2, 2, 2)}},
        coal=0,
    )
    s2, _ = play(s, 0, "build coal_mine dudley card=dudley")
    assert s2.income[1] == 14 and s2.vp[1] == 2
    assert [t.owner for t in s2.tiles] == [0]
    assert s2.gone == (0, 1)


def test_B51_overbuilt_coal_mine_sells_to_the_market() -> None:
    s = position(
        hands={0: ["dudley"]},
        tiles=[("dudley", 1, 0, "coal_mine", 1, False, 2)],
        links=[("birmingham-dudley", 1), ("birmingham-oxford", 1)],
        mats={0: {"coal_mine": (0, 2, 2, 2)}},
        coal=12,
    )
    s2, events = play(s, 0, "build coal_mine dudley card=dudley")
    assert s2.coal == 14 and tile_at(s2, "dudley").cubes == 1
    assert s2.money[0] == 17 - 7 + 1 + 1


def test_D9_overbuild_allowed_while_a_free_slot_exists() -> None:
    s = position(
        hands={0: ["tamworth"]},
        tiles=[("tamworth", 1, 0, "coal_mine", 1, True, 0)],
        mats={0: {"coal_mine": (0, 2, 2, 2)}},
    )
    # Own coal mine in Tamworth: slot 2 is free but B42 forbids a second tile; overbuild is fine.
    s2, _ = play(s, 0, "build coal_mine tamworth card=tamworth")
    assert tile_at(s2, "tamworth").level == 2
    rival = position(
        hands={0: ["tamworth"]},
        tiles=[("tamworth", 1, 1, "coal_mine", 1, True, 0)],
        mats={0: {"coal_mine": (0, 2, 2, 2)}},
        coal=0,
    )
    assert E.complete(rival, 0, "build coal_mine tamworth") == ["slot=1", "slot=2"]
