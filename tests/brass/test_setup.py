"""Setup, components and game length (B1–B14, B84, D8)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engines.brass import components as C
from engines.kit import plain
from tests.brass.helpers import E, new


def test_B1_only_the_canal_era_is_played() -> None:
    s = new(3)
    assert s.era == "canal"
    assert E.round_info(s) == "Round 1 of 9 (canal era)"


def test_B2_board_has_20_towns_2_farms_5_merchants_and_31_canal_lines() -> None:
    kinds = Counter(loc.kind for loc in C.locations().values())
    assert kinds == {"town": 20, "farm_brewery": 2, "merchant": 5}
    assert len(C.lines()) == 39
    assert len(C.canal_lines()) == 31
    # Uttoxeter has no canal line at all.
    assert C.lines_at()["uttoxeter"] == ()


def test_B3_each_player_has_45_industry_tiles_and_14_links() -> None:
    s = new(2)
    assert C.tile_count() == 45
    assert [sum(c) for c in s.mats[0]] == [11, 11, 5, 7, 4, 7]
    assert s.links_left == (14, 14)


def test_B4_cards_are_locations_industries_and_wilds() -> None:
    deck = set(C.deck_cards(4))
    towns = {lid for lid, loc in C.locations().items() if loc.kind == "town"}
    assert deck <= towns | set(C.industry_card_builds())
    assert C.industry_card_builds()["cotton_mill_or_manufacturer"] == (
        "cotton_mill",
        "manufacturer",
    )
    assert not deck & set(C.WILDS)


def test_B5_merchant_tiles_blank_goods_and_all_goods() -> None:
    acc = C.merchant_accepts()
    assert acc["blank"] == frozenset()
    assert acc["all_goods"] == {"cotton_mill", "manufacturer", "pottery"}
    assert acc["cotton"] == {"cotton_mill"}


def test_B6_supplies_are_unlimited_market_beyond_empty_still_sells() -> None:
    from engines.brass.resources import market_cost

    # An empty coal market still sells any number of cubes at £8 each.
    assert market_cost("coal", 0, 5, 8) == 40


@pytest.mark.parametrize(("players", "size"), [(2, 40), (3, 54), (4, 64)])
def test_B7_deck_size_by_player_count_mark(players: int, size: int) -> None:
    assert len(C.deck_cards(players)) == size
    s = new(players)
    in_play = len(s.deck) + sum(len(h) for h in s.hands) + len(s.face_down)
    assert in_play == size
    # One Uttoxeter card is 4-player only although Uttoxeter is a blue town.
    assert Counter(C.deck_cards(players))["uttoxeter"] == {2: 0, 3: 1, 4: 2}[players]


def test_B7_deck_is_shuffled_by_seed() -> None:
    assert new(2, seed=1).deck != new(2, seed=2).deck
    assert new(2, seed=1).deck == new(2, seed=1).deck


@pytest.mark.rules("B8", "D8")
def test_B8_N_wild_cards_of_each_kind_beside_the_deck() -> None:
    for n in (2, 3, 4):
        s = new(n)
        assert (s.wild_location, s.wild_industry) == (n, n)
        assert not any(c in C.WILDS for c in s.deck)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_B9_merchant_tiles_on_the_slots_in_play_with_beer(players: int) -> None:
    s = new(players)
    where = Counter(m.location for m in s.merchants)
    expected = {2: {"shrewsbury": 1, "gloucester": 2, "oxford": 2}}
    expected[3] = {**expected[2], "warrington": 2}
    expected[4] = {**expected[3], "nottingham": 2}
    assert where == expected[players]
    assert len(s.merchants) == {2: 5, 3: 7, 4: 9}[players]
    for m in s.merchants:
        assert m.beer == (m.tile != "blank")


def test_B10_markets_start_with_13_coal_and_8_iron() -> None:
    s = new(2)
    assert (s.coal, s.iron) == (13, 8)
    v = E.view(s, None)
    assert v.markets.coal.price == 1
    assert v.markets.iron.price == 2


def test_B11_players_start_with_17_pounds_vp_0_income_space_10() -> None:
    s = new(3)
    assert s.money == (17, 17, 17)
    assert s.vp == (0, 0, 0)
    assert s.income == (10, 10, 10)
    assert E.view(s, None).income_level == (0, 0, 0)
    assert s.spent == (0, 0, 0)


def test_B12_hands_of_8_and_one_face_down_card_each() -> None:
    s = new(4)
    assert [len(h) for h in s.hands] == [8, 8, 8, 8]
    assert len(s.face_down) == 4
    v = E.view(s, 0)
    assert v.discard_count == (1, 1, 1, 1)
    assert v.discard_top == (None,) * 4
    # The face-down card is secret to everyone, its owner included.
    seen = plain(v)
    assert "face_down" not in seen and "face_down" not in seen["private"]


def test_B13_first_turn_order_is_random() -> None:
    orders = {new(4, seed=k).order for k in range(12)}
    assert len(orders) > 1
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders)


@pytest.mark.parametrize(("players", "rounds", "deck_out"), [(2, 10, 6), (3, 9, 5), (4, 8, 4)])
def test_B14_game_lasts_10_9_8_rounds_deck_runs_out_after_6_5_4(
    players: int, rounds: int, deck_out: int
) -> None:
    s = new(players)
    empty_after = None
    while E.to_act(s):
        seat = E.to_act(s)[0]
        before = s.round
        s, _ = E.play(s, seat, f"pass card={s.hands[seat][0]}")
        if not s.deck and empty_after is None:
            empty_after = before
    assert s.round == rounds
    assert empty_after == deck_out
    assert E.result(s) is not None


def test_B84_only_setup_is_random_and_drawing_reveals() -> None:
    source = Path(C.__file__).parent
    for path in source.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import random" not in text and "import time" not in text, path
    s = new(2)
    seat = s.current
    s2, events = E.play(s, seat, f"pass card={s.hands[seat][0]}")
    drew = [e for e in events if e.key in ("brass.drew", "brass.you_drew")]
    assert drew and all(e.reveals for e in drew)
    private = [e for e in drew if e.key == "brass.you_drew"]
    assert private[0].visible_to == (seat,)
