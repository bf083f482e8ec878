"""The full game (mode=full): two eras, the end of the canal era, rail-era building, rail links,
survivors and the final scoring (R1–R52, F1–F9 of docs/rules/brass.md, "The full game").

Positions are built with ``tests.brass.helpers.position(mode="full", era=...)``; a "last canal
turn" is a position where one player holds the last card of the canal era.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engines.brass import components as C
from engines.brass.scoring import FULL_CATEGORIES
from engines.brass.state import ACT, LINK2, OVER, SHORTFALL, State, Tile, evolve, income_level
from engines.kit import plain
from engines.randomplay import random_game
from engines.rng import Rng
from tests.brass.helpers import (
    E,
    end_canal,
    illegal,
    keys,
    last_canal_turn,
    legal,
    play,
    position,
    tile_at,
)

LEVEL = C.top_space_of_level()  # income level -> its top progress-track space


def rail(players: int = 2, **kw: Any) -> State:
    """A rail-era position of the full game (seat ``order[0]`` to act, 2 actions)."""
    kw.setdefault("hands", {0: ["leek", "stone", "derby"], 1: ["tamworth"]})
    return position(players, mode="full", era="rail", **kw)


def last_rail_turn(players: int = 2, card: str = "leek", **kw: Any) -> State:
    """The game's last turn: rail era, deck empty, only ``order[0]`` holds a card."""
    order = kw.get("order") or tuple(range(players))
    hands = {s: [] for s in range(players)}
    hands[order[0]] = [card]
    kw.setdefault("round_no", 10)
    return position(players, mode="full", era="rail", hands=hands, deck=[], actions_left=1, **kw)


# -- 1. Structure -----------------------------------------------------------------------------
def test_R1_full_game_is_the_default_and_plays_both_eras() -> None:
    """New games are full games; a full game ends in the rail era with the R49 sheet, an intro
    game after the canal era with the B80 sheet."""
    assert E.meta.validate_options({})["mode"] == "full"
    end, _ = random_game(E, 2, {}, seed=1)
    assert end.mode == "full" and end.era == "rail" and end.phase == OVER
    result = E.result(end)
    assert result is not None and tuple(result.breakdown[0]) == FULL_CATEGORIES
    intro, _ = random_game(E, 2, {"mode": "intro"}, seed=1)
    assert intro.era == "canal" and intro.phase == OVER


def test_R2_F6_the_rail_era_starts_at_round_1_and_links_are_rails() -> None:
    s, events = end_canal(last_canal_turn())
    assert (s.era, s.round, s.phase) == ("rail", 1, ACT)
    assert E.view(s, None).round == 1
    s, _ = play(s, s.current, f"network {_free_rail_with_market(s)} card={s.hands[s.current][0]}")
    assert all(link.kind == "rail" for link in E.view(s, None).links)


def _free_rail_with_market(s: State) -> str:
    """A rail line touching a merchant (market coal is reachable), for a first rail link."""
    return "oxford-redditch"


def test_R3_an_era_ends_when_the_cards_run_out_not_by_a_round_count() -> None:
    """Round 3 with every card played ends the canal era; round 12 with cards left does not."""
    s, _ = end_canal(last_canal_turn(round_no=3))
    assert s.era == "rail"
    s = position(
        mode="full", hands={0: ["leek"], 1: ["stone"]}, deck=[], round_no=12, actions_left=1
    )
    s, _ = play(s, 0, "pass card=leek")
    assert s.era == "canal" and s.phase == ACT and E.to_act(s) == [1]


def _rounds(players: int, seed: int) -> tuple[dict[tuple[str, int], int], Counter[tuple[str, int]]]:
    """Deck size at the start of every (era, round) and card-actions per (era, seat)."""
    state = E.setup(players, {"mode": "full"}, seed)
    deck_at: dict[tuple[str, int], int] = {}
    actions: Counter[tuple[str, int]] = Counter()
    rng = Rng(seed)
    from engines.randomplay import random_action

    while E.to_act(state):
        deck_at.setdefault((state.era, state.round), len(state.deck))
        seat = E.to_act(state)[0]
        text = random_action(E, state, seat, rng)
        assert text is not None
        if " card=" in f" {text}":
            actions[(state.era, seat)] += 1
        state, _ = E.play(state, seat, text)
    return deck_at, actions


@pytest.mark.parametrize(
    ("players", "rounds", "canal_actions", "rail_actions", "dealt", "after_1", "empty_after"),
    [
        (2, 10, 19, 20, (22, 24), 20, 6),
        (3, 9, 17, 18, (27, 30), 24, 5),
        (4, 8, 15, 16, (28, 32), 24, 4),
    ],
)
def test_R4_worked_table_rounds_actions_and_draw_pile_per_player_count(
    players: int,
    rounds: int,
    canal_actions: int,
    rail_actions: int,
    dealt: tuple[int, int],
    after_1: int,
    empty_after: int,
) -> None:
    """RULES-full R4's table: rounds per era, actions per player per era, the draw pile after
    dealing, after round 1 and the round after which it is empty, for both eras."""
    deck_at, actions = _rounds(players, seed=players)
    for era, first in zip(("canal", "rail"), dealt, strict=True):
        era_rounds = sorted(r for e, r in deck_at if e == era)
        assert era_rounds == list(range(1, rounds + 1)), era
        assert deck_at[(era, 1)] == first
        assert deck_at[(era, 2)] == after_1
        assert deck_at[(era, empty_after)] > 0 and deck_at[(era, empty_after + 1)] == 0
    for seat in range(players):
        assert actions[("canal", seat)] == canal_actions
        assert actions[("rail", seat)] == rail_actions


def test_R5_one_action_only_in_canal_round_1_two_in_rail_round_1() -> None:
    s = E.setup(3, {"mode": "full"}, 5)
    assert s.actions_left == 1 and E.view(s, None).actions_per_turn == 1
    s, _ = end_canal(last_canal_turn(3))
    assert s.round == 1 and s.actions_left == 2 and E.view(s, None).actions_per_turn == 2
    seat = s.current
    s, _ = play(s, seat, f"pass card={s.hands[seat][0]}")
    assert s.current == seat and s.actions_left == 1


def test_R6_setup_is_the_intro_setup() -> None:
    """Same seed, same setup: deck, hands, face-down cards, merchants, money, order (B7–B13)."""
    full = E.setup(4, {"mode": "full"}, 9)
    intro = E.setup(4, {"mode": "intro"}, 9)
    assert evolve(full, mode="intro") == intro
    assert full.money == (17,) * 4 and full.links_left == (14,) * 4


# -- 2. Cards ---------------------------------------------------------------------------------
def test_R7_the_deck_never_grows_during_an_era() -> None:
    state = E.setup(2, {"mode": "full"}, 3)
    end, log = random_game(E, 2, {"mode": "full"}, seed=3)
    sizes: dict[str, list[int]] = {"canal": [], "rail": []}
    for seat, text in log:
        sizes[state.era].append(len(state.deck))
        state, _ = E.play(state, seat, text)
    for era, seen in sizes.items():
        assert seen == sorted(seen, reverse=True), era


def test_R8_the_rail_deck_is_the_whole_setup_deck_again_without_face_down_cards() -> None:
    for players in (2, 3, 4):
        s, _ = end_canal(last_canal_turn(players))
        cards = list(s.deck) + [c for h in s.hands for c in h]
        assert sorted(cards) == sorted(C.deck_cards(players))
        assert len(cards) == {2: 40, 3: 54, 4: 64}[players]
        assert s.face_down == () and all(not d for d in s.discards)
        assert E.view(s, None).discard_count == (0,) * players


def test_R9_no_card_crosses_the_eras_and_both_wild_piles_are_full() -> None:
    s = last_canal_turn(3, card="wild_location")
    s = evolve(s, wild_location=2)  # the one in hand is off its pile
    s, _ = end_canal(s, card="wild_location")
    assert s.wild_location == 3 and s.wild_industry == 3
    assert all(len(h) == 8 and not set(h) & set(C.WILDS) for h in s.hands)


# -- 3. End of round and income ---------------------------------------------------------------
def test_R10_a_rail_round_ends_with_turn_order_then_income() -> None:
    s = rail(
        hands={0: ["leek"], 1: []},
        spent={0: 12, 1: 3},
        income={0: LEVEL[2], 1: LEVEL[-1]},
        money={0: 20, 1: 20},
        round_no=3,
        actions_left=1,
    )
    s, events = play(s, 0, "pass card=leek")
    assert s.order == (1, 0) and s.spent == (0, 0)
    assert s.money == (22, 19) and s.round == 4 and s.era == "rail"
    assert keys(events).index("brass.income") < keys(events).index("brass.new_round")


def test_R11_the_last_canal_round_gets_turn_order_and_income() -> None:
    s = last_canal_turn(spent={0: 9, 1: 0}, income={0: LEVEL[3], 1: LEVEL[1]})
    s, events = end_canal(s)
    assert s.era == "rail" and s.order == (1, 0)
    assert s.money == (20, 18)
    ks = keys(events)
    assert ks.index("brass.income") < ks.index("brass.canal_scored") < ks.index("brass.rail_era")


def test_R12_the_last_rail_round_ends_the_game_without_income_or_turn_order() -> None:
    s = last_rail_turn(spent={0: 9, 1: 0}, income={0: LEVEL[5], 1: LEVEL[5]}, money={0: 3, 1: 4})
    s, events = play(s, 0, "pass card=leek")
    assert s.phase == OVER and E.to_act(s) == []
    assert s.money == (3, 4) and s.order == (0, 1)
    assert "brass.income" not in keys(events) and "brass.game_over" in keys(events)


# -- 4. End of the canal era ------------------------------------------------------------------
def test_R13_links_are_scored_before_the_level_1_tiles_they_count_are_removed() -> None:
    """A canal next to a flipped Cotton Mill I scores its icon, though R17 removes the mill."""
    s = last_canal_turn(
        tiles=[("leek", 1, 0, "cotton_mill", 1, True)], links=[("leek-stoke_on_trent", 1)]
    )
    s, events = end_canal(s)
    assert s.canal_scores == ((0, 5), (1, 0))
    assert s.vp == (5, 1) and s.tiles == ()
    scored = [e.key for e in events if e.key in ("brass.canal_scored", "brass.rail_era")]
    assert scored[-1] == "brass.rail_era"


def test_R14_F7_canal_links_score_flipped_icons_and_2_per_merchant_three_ends_add_up() -> None:
    s = last_canal_turn(
        tiles=[
            ("stoke_on_trent", 1, 0, "cotton_mill", 2, True),  # 2 icons
            ("stoke_on_trent", 2, 1, "pottery", 1, False),  # unflipped: 0
            ("kidderminster", 2, 1, "cotton_mill", 1, True),  # 1 icon
            ("worcester", 1, 0, "cotton_mill", 3, True),  # 1 icon
            ("farm_brewery_south", 1, 1, "brewery", 2, True),  # 2 icons
        ],
        links=[("stoke_on_trent-warrington", 0), ("kidderminster-worcester", 1)],
    )
    s, _ = end_canal(s)
    # Seat 0: 2 (stoke) + 2 (merchant); seat 1: 1 + 1 + 2 across the three-ended line.
    assert [links for links, _ in s.canal_scores] == [4, 4]


def test_R15_F5_every_link_leaves_the_board_and_everyone_has_14_again() -> None:
    s = last_canal_turn(
        links=[("leek-stoke_on_trent", 0), ("birmingham-coventry", 1)], links_left={0: 3, 1: 13}
    )
    s, _ = end_canal(s)
    assert s.links == () and s.links_left == (14, 14)


def test_R16_flipped_industries_score_level_1_included_unflipped_nothing() -> None:
    s = last_canal_turn(
        tiles=[
            ("leek", 1, 0, "cotton_mill", 1, True),
            ("stone", 2, 0, "coal_mine", 2, False, 1),
            ("dudley", 2, 1, "iron_works", 2, True),
        ]
    )
    s, _ = end_canal(s)
    assert s.canal_scores == ((0, 5), (0, 5))


def test_R17_every_level_1_tile_leaves_the_game_higher_levels_stay() -> None:
    s = last_canal_turn(
        tiles=[
            ("leek", 1, 0, "cotton_mill", 1, True),
            ("stoke_on_trent", 2, 1, "pottery", 1, False),
            ("farm_brewery_north", 1, 0, "brewery", 1, False, 1),
            ("dudley", 1, 1, "coal_mine", 1, False, 2),
            ("cannock", 2, 0, "coal_mine", 2, False, 2),
        ],
        income={0: 20, 1: 20},
    )
    s, _ = end_canal(s)
    assert [(t.location, t.level) for t in s.tiles] == [("cannock", 2)]
    assert s.gone == (2, 2)
    assert s.income == (20, 20) and s.canal_scores == ((0, 5), (0, 0))
    assert s.mats[0] == E.setup(2, {}, 1).mats[0]  # the mats are untouched


@pytest.mark.parametrize(("players", "barrels"), [(2, 3), (3, 4), (4, 6)])
def test_R18_every_non_blank_merchant_has_one_barrel_again(players: int, barrels: int) -> None:
    s = last_canal_turn(players)
    emptied = tuple(m.__class__(m.location, m.slot, m.tile, False) for m in s.merchants)
    s = evolve(s, merchants=emptied)
    s, _ = end_canal(s)
    assert sum(m.beer for m in s.merchants) == barrels
    assert all(m.beer == bool(C.merchant_accepts()[m.tile]) for m in s.merchants)


def test_R19_R51_the_new_deck_is_shuffled_from_the_games_rng_stream() -> None:
    before = last_canal_turn(3)
    s, _ = end_canal(before)
    rng = Rng(before.rng)
    deck = list(C.deck_cards(3))
    rng.shuffle(deck)
    assert s.rng == rng.state
    assert list(s.deck) == deck[24:]
    again, _ = end_canal(before)
    assert again.deck == s.deck and again.hands == s.hands


def test_R20_F9_eight_cards_each_dealt_in_seat_order() -> None:
    before = last_canal_turn(4, order=(2, 0, 3, 1))
    s, events = end_canal(before)
    rng = Rng(before.rng)
    deck = list(C.deck_cards(4))
    rng.shuffle(deck)
    for seat in range(4):
        assert s.hands[seat] == tuple(sorted(deck[8 * seat : 8 * seat + 8]))
    assert len(s.deck) == 32
    private = [e for e in events if e.key == "brass.you_drew"]
    assert [e.visible_to for e in private] == [(0,), (1,), (2,), (3,)]


def test_R21_the_rail_era_starts_in_the_new_turn_order_with_everything_carried_over() -> None:
    s = last_canal_turn(
        3,
        spent={0: 5, 1: 9, 2: 0},
        money={0: 30, 1: 2, 2: 7},
        vp={0: 4, 1: 0, 2: 1},
        coal=4,
        iron=2,
        tiles=[("cannock", 2, 1, "coal_mine", 2, False, 2)],
    )
    s, _ = end_canal(s)
    assert s.order == (2, 0, 1) and s.current == 2 and s.spent == (0, 0, 0)
    assert s.money == (30, 2, 7) and s.vp == (4, 0, 1)  # income level 0: nothing paid
    assert (s.coal, s.iron) == (4, 2)
    assert tile_at(s, "cannock").cubes == 2


# -- 5. Rail era: building --------------------------------------------------------------------
def test_R22_several_own_tiles_in_one_location_in_the_rail_era_only() -> None:
    tiles = [("birmingham", 2, 0, "manufacturer", 2, False, 0, True)]
    mats = {0: {"manufacturer": (0, 1, 1, 1, 1, 1, 1, 1)}}
    s = rail(tiles=tiles, hands={0: ["birmingham", "leek"]}, money={0: 40}, mats=mats)
    s, _ = play(s, 0, "build manufacturer birmingham card=birmingham")
    assert [(t.slot, t.level) for t in s.tiles if t.location == "birmingham"] == [(1, 2), (3, 2)]
    canal = position(mode="full", tiles=tiles, hands={0: ["birmingham"]}, money={0: 40}, mats=mats)
    illegal(canal, 0, "build manufacturer birmingham slot=4 card=birmingham")


def test_R23_only_levels_marked_for_the_era_can_be_built() -> None:
    s = rail(hands={0: ["leek", "stoke_on_trent"]}, money={0: 50}, coal=13)
    illegal(s, 0, "build cotton_mill leek card=leek", "brass.not_in_rail_era")
    assert not any(t.startswith("build cotton_mill") for t in legal(s, 0))
    # Pottery I may be built in the rail era (it needs 1 iron: the market).
    s2, _ = play(s, 0, "build pottery stoke_on_trent card=stoke_on_trent")
    assert tile_at(s2, "stoke_on_trent").level == 1
    canal = position(
        mode="full", hands={0: ["stafford"]}, money={0: 50}, mats={0: {"brewery": (0, 0, 0, 1)}}
    )
    illegal(canal, 0, "build brewery stafford card=stafford", "brass.not_in_canal_era")


def test_R24_a_rail_era_brewery_holds_2_a_canal_one_keeps_its_1() -> None:
    s = rail(
        hands={0: ["stafford", "leek"]},
        money={0: 30},
        mats={0: {"brewery": (0, 2, 2, 1)}},
        tiles=[("uttoxeter", 1, 1, "brewery", 2, False, 1, True)],
    )
    s, _ = play(s, 0, "build brewery stafford card=stafford")
    assert tile_at(s, "stafford").cubes == 2
    assert tile_at(s, "uttoxeter").cubes == 1


def test_R25_at_the_rail_start_coal_only_from_a_mine_in_the_same_location() -> None:
    """No link on the board: a coal mine elsewhere is not connected and the market needs a
    connection to a merchant, so Manufacturer III (2 coal) is refused unless a mine is there."""
    mines = [("cannock", 2, 1, "coal_mine", 2, False, 3, True)]
    mats = {0: {"manufacturer": (0, 0, 1, 1, 1, 1, 1, 1)}}
    s = rail(tiles=mines, hands={0: ["cannock", "wolverhampton"]}, money={0: 40}, mats=mats)
    illegal(s, 0, "build manufacturer wolverhampton card=wolverhampton", "brass.no_coal")
    s, _ = play(s, 0, "build manufacturer cannock card=cannock")
    assert tile_at(s, "cannock", 1).cubes == 1


def test_R26_overbuild_in_the_rail_era_with_a_rail_buildable_tile() -> None:
    own = [("cannock", 2, 0, "coal_mine", 2, True, 0, True)]
    s = rail(
        tiles=own, hands={0: ["cannock"]}, money={0: 40}, mats={0: {"coal_mine": (0, 0, 1, 1)}}
    )
    s, _ = play(s, 0, "build coal_mine cannock slot=2 card=cannock")
    assert tile_at(s, "cannock").level == 3 and s.gone[0] == 1
    blocked = rail(tiles=own, hands={0: ["cannock"]}, money={0: 40})
    illegal(blocked, 0, "build coal_mine cannock card=cannock", "brass.not_in_rail_era")


def test_R27_D10_nothing_on_the_board_builds_anywhere_and_links_anywhere_with_coal() -> None:
    mats = {0: {"coal_mine": (0, 1, 1, 1), "brewery": (0, 1, 1, 1)}}
    s = rail(hands={0: ["coal_mine", "brewery"]}, money={0: 40}, coal=13, mats=mats)
    s2, _ = play(s, 0, "build coal_mine tamworth card=coal_mine")
    assert tile_at(s2, "tamworth").owner == 0
    s3, _ = play(s, 0, "build brewery farm_brewery_south card=brewery")
    assert tile_at(s3, "farm_brewery_south").cubes == 2
    # Any free rail line: one touching a merchant takes market coal ...
    s4, _ = play(s, 0, "network oxford-redditch card=brewery")
    assert s4.links == (("oxford-redditch", 0),) and s4.coal == 12
    # ... one reaching neither a mine nor a merchant has no coal.
    illegal(s, 0, "network derby-uttoxeter card=brewery", "brass.no_coal_for_link")


def test_R28_the_northern_farm_brewery_is_reached_by_a_rail_link_from_cannock() -> None:
    s = rail(
        hands={0: ["brewery", "leek"]},
        money={0: 40},
        tiles=[("cannock", 2, 0, "coal_mine", 2, False, 2, True)],
        mats={0: {"brewery": (0, 1, 1, 1)}},
    )
    s, _ = play(s, 0, "network cannock-farm_brewery_north card=leek")
    s, _ = play(s, 0, "done") if s.phase == LINK2 else (s, [])
    s, _ = play(s, 0, "build brewery farm_brewery_north card=brewery")
    assert tile_at(s, "farm_brewery_north").owner == 0


# -- 6. Rail era: Develop, Sell, Loan -----------------------------------------------------------
def test_R29_develop_is_the_way_to_clear_a_blocking_level_1() -> None:
    s = rail(hands={0: ["leek", "stone"]}, money={0: 50}, iron=8)
    s, _ = play(s, 0, "develop cotton_mill card=stone")
    assert C.level("cotton_mill", 2).rail_era
    assert s.mats[0][0][0] == 2  # one Cotton Mill I left the mat
    illegal(s, 0, "develop pottery pottery card=leek", "brass.cannot_develop")


def test_R30_refilled_merchant_beer_sells_again_with_its_bonus() -> None:
    merchants = [
        ("shrewsbury", 0, "cotton", True),
        ("gloucester", 0, "cotton", False),
        ("gloucester", 1, "manufactured_goods", False),
        ("oxford", 0, "all_goods", False),
        ("oxford", 1, "blank", False),
    ]
    s = rail(
        hands={0: ["leek", "stone"]},
        tiles=[("coalbrookdale", 2, 0, "iron_works", 2, True, 0, True)],
        merchants=merchants,
    )
    mill = Tile("coalbrookdale", 0, 0, "cotton_mill", 2, False, 0, True)
    s = evolve(s, tiles=(mill, *s.tiles), links=(("coalbrookdale-shrewsbury", 1),))
    s, events = play(s, 0, "sell coalbrookdale.1 shrewsbury card=leek")
    assert "brass.bonus_vp" in keys(events) and s.vp[0] == 4
    assert not next(m for m in s.merchants if m.location == "shrewsbury").beer


def test_R31_a_loan_is_legal_in_the_last_rail_round() -> None:
    s = last_rail_turn()
    s, _ = play(s, 0, "loan card=leek")
    assert s.money[0] == 47 and s.phase == OVER


# -- 7. Rail era: the Network action -----------------------------------------------------------
def test_R32_rail_lines_only_in_the_rail_era_canal_lines_only_in_the_canal_era() -> None:
    s = rail(hands={0: ["leek"]}, tiles=[("walsall", 1, 0, "iron_works", 2, True, 0, True)])
    illegal(s, 0, "network burton_on_trent-walsall card=leek", "brass.canal_only")
    canal = position(mode="full", hands={0: ["leek"]}, tiles=[("stone", 1, 0, "cotton_mill", 1)])
    illegal(canal, 0, "network stone-uttoxeter card=leek", "brass.rail_only")
    railway = rail(hands={0: ["leek"]}, tiles=[("stone", 2, 0, "coal_mine", 2, False, 2, True)])
    railway, _ = play(railway, 0, "network stone-uttoxeter card=leek")
    assert ("stone-uttoxeter", 0) in railway.links


def _two_mines(**kw: Any) -> State:
    """Seat 0 has a mine (2 cubes) and a brewery (1 barrel) in Walsall; £40; 2 actions."""
    base: dict[str, Any] = dict(
        hands={0: ["leek", "stone", "derby"]},
        money={0: 40},
        tiles=[
            ("walsall", 1, 0, "iron_works", 2, True, 0, True),
            ("walsall", 2, 0, "brewery", 2, False, 1, True),
            ("cannock", 2, 0, "coal_mine", 2, False, 2, True),
        ],
    )
    base.update(kw)
    return rail(**base)


def test_R33_single_for_5_and_1_coal_double_for_15_in_all_1_coal_each_and_1_beer() -> None:
    s = _two_mines()
    s, events = play(s, 0, "network cannock-walsall card=leek")
    assert s.phase == LINK2 and s.money[0] == 35 and tile_at(s, "cannock").cubes == 1
    assert "brass.linked_rail" in keys(events)
    assert "done" in legal(s, 0) and all("card=" not in t for t in legal(s, 0))
    asked = E.asked(s, 0)
    assert asked is not None and asked.key == "brass.asked.second_link"
    assert asked.params == {"money": 10}
    s, events = play(s, 0, "network burton_on_trent-cannock")
    assert s.phase == ACT and s.actions_left == 1
    assert s.money[0] == 25 and s.spent[0] == 15  # £15 for the two links
    brewery = next(t for t in s.tiles if t.ref == "walsall.2")
    assert tile_at(s, "cannock").flipped and brewery.flipped  # the coal and the beer
    assert s.links_left[0] == 12


def test_R33_a_single_may_stop_at_one_link_and_one_tile_left_allows_only_a_single() -> None:
    s = _two_mines()
    s, _ = play(s, 0, "network cannock-walsall card=leek")
    s, _ = play(s, 0, "done")
    assert s.phase == ACT and s.money[0] == 35 and s.actions_left == 1
    one = _two_mines(links_left={0: 1})
    one, _ = play(one, 0, "network cannock-walsall card=leek")
    assert one.phase == ACT and one.links_left[0] == 0
    assert not any(t.startswith("network") for t in legal(one, 0))


def test_R34_the_second_link_may_extend_from_the_first() -> None:
    s = _two_mines()
    s, _ = play(s, 0, "network cannock-walsall card=leek")
    assert "cannock-stafford" in {t.split()[1] for t in legal(s, 0) if t.startswith("network")}
    illegal(s, 0, "network derby-uttoxeter", "brass.line_not_in_network")


def test_R35_F4_link_1s_coal_is_taken_before_link_2_is_placed() -> None:
    """The Cannock mine has 1 cube: link 1 takes it (the mine flips); link 2 then cannot use it
    and must buy market coal through Birmingham's link to Oxford, or has no coal at all."""
    s = _two_mines(
        tiles=[
            ("walsall", 2, 0, "brewery", 2, False, 1, True),
            ("cannock", 2, 0, "coal_mine", 2, False, 1, True),
        ],
        links=[("birmingham-oxford", 1)],
        coal=10,
    )
    s, events = play(s, 0, "network cannock-walsall card=leek")
    assert tile_at(s, "cannock").flipped and "brass.flipped" in keys(events)
    pending = E.view(s, None).pending_link
    assert s.phase == LINK2 and pending is not None and pending.first_coal == ("cannock.2",)
    illegal(s, 0, "network cannock-stafford", "brass.no_coal_for_link")
    s, _ = play(s, 0, "network birmingham-walsall")
    assert s.coal == 9 and s.money[0] == 40 - 15 - 3


def test_R36_F2_nearest_mine_measured_from_either_end_ties_are_the_players_choice() -> None:
    s = rail(
        hands={0: ["leek"]},
        money={0: 40},
        tiles=[
            ("walsall", 1, 0, "iron_works", 2, True, 0, True),
            ("tamworth", 1, 1, "coal_mine", 2, False, 2, True),
            ("cannock", 2, 1, "coal_mine", 2, False, 2, True),
        ],
        links=[("cannock-walsall", 1)],
    )
    # tamworth-walsall: Tamworth's mine is at an end (0), Cannock's is 1 from Walsall: Tamworth.
    s2, _ = play(s, 0, "network tamworth-walsall card=leek")
    assert tile_at(s2, "tamworth").cubes == 1 and tile_at(s2, "cannock").cubes == 2
    # Two mines at the two ends of burton_on_trent-cannock are both at distance 0: a choice.
    s3 = rail(
        hands={0: ["leek"]},
        money={0: 40},
        tiles=[
            ("burton_on_trent", 1, 0, "coal_mine", 2, False, 2, True),
            ("cannock", 2, 1, "coal_mine", 2, False, 2, True),
        ],
    )
    texts = [t for t in legal(s3, 0) if t.startswith("network burton_on_trent-cannock")]
    assert {t.split()[2] for t in texts} == {"coal=burton_on_trent.1", "coal=cannock.2"}
    illegal(s3, 0, "network burton_on_trent-cannock card=leek", "brass.choose")
    s4, _ = play(s3, 0, "network burton_on_trent-cannock coal=cannock.2 card=leek")
    assert tile_at(s4, "cannock").cubes == 1 and tile_at(s4, "burton_on_trent").cubes == 2


def test_R36_D11_market_coal_only_when_no_connected_mine_and_a_merchant_is_connected() -> None:
    s = rail(
        hands={0: ["leek"]}, money={0: 40}, coal=0, tiles=[("redditch", 1, 0, "manufacturer", 2)]
    )
    s, events = play(s, 0, "network oxford-redditch card=leek")
    assert s.money[0] == 40 - 5 - 8  # an empty market sells at £8
    assert "brass.bought" in keys(events)


def test_R37_D4_beer_from_an_own_brewery_anywhere_or_a_connected_rivals_never_a_merchant() -> None:
    own_far = _two_mines(
        tiles=[
            ("walsall", 1, 0, "iron_works", 2, True, 0, True),
            ("cannock", 2, 0, "coal_mine", 2, False, 2, True),
            ("worcester", 1, 0, "cotton_mill", 2, False, 0, True),
            ("kidderminster", 2, 0, "cotton_mill", 2, False, 0, True),
            ("uttoxeter", 1, 0, "brewery", 2, False, 1, True),
        ]
    )
    s, _ = play(own_far, 0, "network cannock-walsall card=leek")
    s, _ = play(s, 0, "network burton_on_trent-cannock")
    assert tile_at(s, "uttoxeter").flipped
    rival = _two_mines(
        tiles=[
            ("walsall", 1, 0, "iron_works", 2, True, 0, True),
            ("cannock", 2, 0, "coal_mine", 2, False, 2, True),
            ("stafford", 1, 1, "brewery", 2, False, 1, True),
            ("derby", 1, 1, "brewery", 2, False, 1, True),
        ]
    )
    s, _ = play(rival, 0, "network cannock-walsall card=leek")
    # Stafford's brewery is connected to cannock-stafford (the second link) only.
    s2, _ = play(s, 0, "network cannock-stafford")
    assert tile_at(s2, "stafford").flipped and not tile_at(s2, "derby").flipped
    illegal(s, 0, "network walsall-wolverhampton", "brass.no_beer_for_link")
    illegal(s, 0, "network cannock-stafford beer=merchant", "brass.no_merchant_beer_for_link")


def test_R38_the_money_before_the_action_must_cover_the_whole_double() -> None:
    poor = _two_mines(money={0: 14})
    s, _ = play(poor, 0, "network cannock-walsall card=leek")
    assert s.phase == ACT and s.money[0] == 9  # no second link for £10 more: a single
    enough = _two_mines(money={0: 15})
    s, _ = play(enough, 0, "network cannock-walsall card=leek")
    assert s.phase == LINK2


def test_R39_rail_money_and_bought_coal_are_money_spent() -> None:
    s = rail(
        hands={0: ["leek"]}, money={0: 40}, coal=13, tiles=[("redditch", 1, 0, "manufacturer", 2)]
    )
    s, _ = play(s, 0, "network oxford-redditch card=leek")
    assert s.spent[0] == 5 + 1


def test_R40_the_three_ended_rail_is_one_link_one_coal_and_joins_all_three() -> None:
    s = rail(
        hands={0: ["leek"]},
        money={0: 40},
        tiles=[("kidderminster", 1, 0, "coal_mine", 2, False, 2, True)],
    )
    s, _ = play(s, 0, "network kidderminster-worcester card=leek")
    assert tile_at(s, "kidderminster").cubes == 1 and s.links_left[0] == 13
    from engines.brass.network import connected

    assert connected(s, "farm_brewery_south", "worcester")


# -- 8. Survivors -----------------------------------------------------------------------------
def test_R41_level_2_tiles_survive_with_owner_flip_and_cubes() -> None:
    s = last_canal_turn(
        tiles=[
            ("cannock", 2, 1, "coal_mine", 2, False, 2),
            ("dudley", 2, 0, "iron_works", 3, True, 0),
        ]
    )
    s, _ = end_canal(s)
    got = {(t.location, t.owner, t.flipped, t.cubes, t.survivor) for t in s.tiles}
    assert got == {("cannock", 1, False, 2, True), ("dudley", 0, True, 0, True)}
    assert all(t.survivor for t in E.view(s, None).tiles)


def test_R42_an_unflipped_survivor_supplies_and_flips_when_emptied() -> None:
    s = rail(
        hands={0: ["leek"]},
        money={0: 40},
        income={1: 10},
        tiles=[
            ("walsall", 1, 0, "iron_works", 2, True, 0, True),
            ("cannock", 2, 1, "coal_mine", 2, False, 1, True),
        ],
    )
    s, _ = play(s, 0, "network cannock-walsall card=leek")
    mine = tile_at(s, "cannock")
    assert mine.flipped and s.income[1] == 10 + C.level("coal_mine", 2).income_spaces


def test_R43_a_flipped_survivor_scores_again_at_the_end() -> None:
    s = last_rail_turn(tiles=[("dudley", 2, 0, "iron_works", 3, True, 0, True)], vp={0: 7})
    s, _ = play(s, 0, "pass card=leek")
    result = E.result(s)
    assert result is not None and result.breakdown[0]["rail_industries"] == 7
    assert result.scores[0] == 14


def test_R44_a_survivor_puts_its_owner_on_the_board() -> None:
    s = rail(
        hands={0: ["leek"]},
        money={0: 40},
        tiles=[("cannock", 2, 0, "coal_mine", 2, False, 2, True)],
    )
    illegal(s, 0, "network oxford-redditch card=leek", "brass.line_not_in_network")
    assert any(t.startswith("network cannock-walsall") for t in legal(s, 0))


def test_R45_an_overbuilt_survivor_scores_nothing_at_the_end() -> None:
    s = rail(
        hands={0: ["cannock"], 1: []},
        money={0: 40},
        vp={0: 3},
        tiles=[("cannock", 2, 0, "coal_mine", 2, True, 0, True)],
        mats={0: {"coal_mine": (0, 0, 1, 1)}},
        deck=[],
        actions_left=1,
    )
    s, _ = play(s, 0, "build coal_mine cannock slot=2 card=cannock")
    assert s.phase == OVER and s.vp[0] == 3
    result = E.result(s)
    assert result is not None and result.breakdown[0]["rail_industries"] == 0  # new mine unflipped


# -- 9. End of the game -----------------------------------------------------------------------
def test_R46_final_scoring_rail_links_then_flipped_tiles_no_money_or_income() -> None:
    s = last_rail_turn(
        tiles=[("dudley", 2, 0, "iron_works", 3, True, 0, True)],
        links=[("birmingham-dudley", 0), ("dudley-wolverhampton", 1)],
        money={0: 100, 1: 100},
        income={0: LEVEL[10], 1: LEVEL[10]},
    )
    s, _ = play(s, 0, "pass card=leek")
    result = E.result(s)
    assert result is not None
    assert result.breakdown[0] == {
        "in_play": 0,
        "canal_links": 0,
        "canal_industries": 0,
        "rail_links": 1,
        "rail_industries": 7,
    }
    assert result.scores == (8, 1)
    assert s.links  # the board image keeps the last rails


def test_R47_vp_add_up_over_both_eras() -> None:
    s = last_canal_turn(
        tiles=[("dudley", 2, 0, "iron_works", 3, True, 0)],
        links=[("birmingham-dudley", 0)],
        vp={0: 4},
    )
    s, _ = end_canal(s)
    assert s.vp[0] == 4 + 1 + 7
    end = evolve(
        s,
        hands=(("leek",), ()),
        deck=(),
        order=(0, 1),
        pos=0,
        actions_left=1,
        links=(("birmingham-dudley", 0),),
    )
    end, _ = play(end, 0, "pass card=leek")
    result = E.result(end)
    assert result is not None
    assert result.breakdown[0] == {
        "in_play": 4,
        "canal_links": 1,
        "canal_industries": 7,
        "rail_links": 1,
        "rail_industries": 7,
    }
    assert result.scores[0] == 20


def test_R48_ties_go_to_income_level_then_money_then_are_shared() -> None:
    s = last_rail_turn(
        3,
        vp={0: 5, 1: 5, 2: 5},
        income={0: LEVEL[2], 1: LEVEL[3], 2: LEVEL[3]},
        money={0: 50, 1: 4, 2: 9},
    )
    s, _ = play(s, 0, "pass card=leek")
    result = E.result(s)
    assert result is not None and result.ranking == ((2,), (1,), (0,))
    tie = last_rail_turn(vp={0: 5, 1: 5}, money={0: 4, 1: 4})
    tie, _ = play(tie, 0, "pass card=leek")
    result = E.result(tie)
    assert result is not None and result.ranking == ((0, 1),)


def test_R49_the_result_breaks_the_score_down_per_era_with_tie_break_numbers() -> None:
    end, _ = random_game(E, 3, {"mode": "full"}, seed=21)
    result = E.result(end)
    assert result is not None
    data = result.to_json()
    assert data["categories"] == list(FULL_CATEGORIES)
    assert data["detail_keys"] == ["income_level", "money"]
    for seat in range(3):
        assert sum(result.breakdown[seat].values()) == result.scores[seat]
        assert result.details[seat] == {
            "income_level": income_level(end.income[seat]),
            "money": end.money[seat],
        }


# -- 10. Information, chance, illegal moves ---------------------------------------------------
def test_R50_the_rail_deck_order_is_secret_its_size_public() -> None:
    s, events = end_canal(last_canal_turn(3))
    view = plain(E.view(s, None))
    assert view["deck"] == 30 and "private" not in view
    text = str(view)
    assert all(
        card not in text
        for card in set(s.deck) - set(C.WILDS)
        if card not in str(plain(E.view(E.setup(3, {}, 1), None)))
    )
    assert all(e.visible_to is not None for e in events if e.key == "brass.you_drew")
    mine = E.view(s, 1).private
    assert mine is not None and mine.hand == s.hands[1]


def test_R51_a_seed_replays_the_whole_full_game() -> None:
    a, log_a = random_game(E, 4, {"mode": "full"}, seed=13)
    b, log_b = random_game(E, 4, {"mode": "full"}, seed=13)
    assert log_a == log_b and E.dumps(a) == E.dumps(b)


def test_R52_rail_era_illegal_moves_are_refused_and_change_nothing() -> None:
    s = _two_mines()
    illegal(s, 0, "network burton_on_trent-walsall card=leek", "brass.canal_only")
    taken = _two_mines(links=[("cannock-walsall", 1)])
    illegal(taken, 0, "network cannock-walsall card=leek", "brass.line_taken")
    illegal(s, 0, "network oxford-redditch card=leek", "brass.line_not_in_network")
    illegal(s, 0, "network cannock-walsall beer=walsall.2 card=leek", "brass.no_choice_here")
    no_beer = _two_mines(
        tiles=[
            ("walsall", 1, 0, "iron_works", 2, True, 0, True),
            ("cannock", 2, 0, "coal_mine", 2, False, 2, True),
        ]
    )
    one, _ = play(no_beer, 0, "network cannock-walsall card=leek")
    assert one.phase == ACT  # without a barrel there is no double
    illegal(s, 0, "build cotton_mill leek card=leek", "brass.not_in_rail_era")
    mid, _ = play(s, 0, "network cannock-walsall card=leek")
    illegal(mid, 0, "pass card=stone", "brass.still_linking")
    illegal(mid, 0, "network burton_on_trent-cannock card=stone", "brass.card_only_first_link")
    canal = position(mode="full", hands={0: ["leek"]}, tiles=[("leek", 1, 0, "cotton_mill", 1)])
    illegal(canal, 0, "network leek-stoke_on_trent coal=x card=leek", "brass.no_choice_here")


# -- Decisions --------------------------------------------------------------------------------
def test_F1_canal_income_and_shortfall_come_before_the_canal_scoring() -> None:
    """Seat 1 owes £3 with £0: it removes its flipped Cotton Mill I for £6 before the canal
    era is scored, so the mill scores nothing."""
    s = last_canal_turn(
        income={1: LEVEL[-3]}, money={1: 0}, tiles=[("leek", 1, 1, "cotton_mill", 1, True)]
    )
    s, _ = end_canal(s)
    assert s.phase == SHORTFALL and s.era == "canal"
    s, events = play(s, 1, "remove leek")
    assert s.era == "rail" and s.money[1] == 3
    assert s.canal_scores[1] == (0, 0)


def test_F3_with_nothing_on_the_board_only_the_first_link_goes_anywhere() -> None:
    """Seat 0 has nothing on the board; a rival's brewery in Walsall can give the beer."""
    s = rail(
        hands={0: ["leek"]},
        money={0: 40},
        coal=13,
        tiles=[("walsall", 2, 1, "brewery", 2, False, 2, True)],
    )
    s, _ = play(s, 0, "network birmingham-oxford card=leek")
    assert s.phase == LINK2
    illegal(s, 0, "network tamworth-walsall", "brass.line_not_in_network")
    s, _ = play(s, 0, "network birmingham-walsall")
    assert tile_at(s, "walsall").cubes == 1 and s.links_left[0] == 12


def test_F5_fourteen_rail_links_each() -> None:
    s, _ = end_canal(last_canal_turn(4, links=[("leek-stoke_on_trent", 3)], links_left={3: 13}))
    assert s.links_left == (14,) * 4


def test_F8_a_rail_era_shortfall_never_takes_vp_below_0() -> None:
    s = rail(
        hands={0: ["leek"], 1: []}, income={0: LEVEL[-5]}, money={0: 1}, vp={0: 2}, actions_left=1
    )
    s, events = play(s, 0, "pass card=leek")
    assert s.vp[0] == 0 and s.money[0] == 0
    assert next(e for e in events if e.key == "brass.lost_vp").params["vp"] == 2
