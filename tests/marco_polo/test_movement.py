"""Movement, trading posts and their bonuses (M39-M50, D11, D13)."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.catalog import CATALOG
from tests.marco_polo.helpers import E, dice, keys, p, play, put, ready, res

NAMES = ["ana", "bob", "cid", "dan"]


def travel(st: dict, seat: int = 0, row: int = 6, coin: int = 50) -> dict:
    """``seat`` places 6 6 on Travel (row ``row``) with plenty of coins."""
    st = dice(st, seat, 6, 6)
    st = res(st, seat, coin=coin)
    st, _ = play(st, seat, f"place travel 6 6 row={row}")
    return st


def test_M39_steps_follow_routes_and_may_revisit() -> None:
    st = travel(ready(4, s0="matteo"))
    st = res(st, 0, camel=3)
    assert E.complete(st, 0, "move") == ["alexandria", "oasis_a", "oasis_e"]
    st, _ = play(st, 0, "move oasis_a", "move venezia", "move oasis_a")
    assert p(st, 0).figures == ("oasis_a",)


def test_M40_route_costs_paid_in_camels_or_coins() -> None:
    st = travel(ready(4, s0="matteo"))
    st = res(st, 0, camel=3)
    st, _ = play(st, 0, "move oasis_e")  # r02: 3 camels
    assert p(st, 0).camel == 0
    st, _ = play(st, 0, "move oasis_g")
    coins = p(st, 0).coin
    st, _ = play(st, 0, "move alexandria")  # r22: 7 coins
    assert p(st, 0).coin == coins - 7


def test_M40_unaffordable_route_is_not_offered() -> None:
    st = travel(ready(4, s0="matteo"))
    st = res(st, 0, camel=2)
    assert "oasis_e" not in E.complete(st, 0, "move")
    with pytest.raises(IllegalAction):
        E.play(st, 0, "move oasis_e")


def test_M41_reward_movement_has_no_base_cost_may_be_declined_and_is_not_travel() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["s5"], camel=1, pepper=3)
    coins = p(st, 0).coin
    st, _ = play(st, 0, "fulfil s5")  # 1 VP + 1 travel step
    assert "stop" in E.complete(st, 0, "")
    st, _ = play(st, 0, "stop")
    assert p(st, 0).figures == ("venezia",) and p(st, 0).coin == coins
    assert st.last_travel is None


def test_M42_posts_only_in_cities_one_per_city_passing_does_nothing() -> None:
    st = travel(ready(4, s0="matteo"))
    st, _ = play(st, 0, "move alexandria", "move venezia", "move oasis_a", "stop")
    assert p(st, 0).posts == ()  # passing Alexandria, ending on an oasis
    st = travel(ready(4, s0="matteo"), row=1)
    st, _ = play(st, 0, "move alexandria")
    assert p(st, 0).posts == ("alexandria",)


def test_M43_small_city_bonus_now_and_every_round() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, figures=["moscow"])
    st = travel(st, row=1)
    st = res(st, 0, camel=3)
    coins = p(st, 0).coin
    st, _ = play(st, 0, "move anxi")  # r05: 3 camels; Anxi bonus: 5 coins
    assert p(st, 0).coin == coins + 5
    for seat in range(4):
        st = dice(st, seat)
    st = put(st, current=0)
    st = res(st, 0, dice=[["o", 1]])
    st, _ = play(st, 0, "coins3 1")  # ends the round
    assert st.round == 2 and p(st, 0).coin == coins + 5 + 3 + 5


def test_M44_first_post_tile_only_for_the_first() -> None:
    st = ready(4, s0="matteo", s1="matteo")
    st = put(st, first_post={**st.first_post, "alexandria": "fp_gold2"})
    st = travel(st, row=1)
    st, ev = play(st, 0, "move alexandria")
    assert p(st, 0).gold == 2 and st.first_post["alexandria"] is None
    st = put(st, current=1)
    st = travel(st, seat=1, row=1)
    st, _ = play(st, 1, "move alexandria")
    assert p(st, 1).gold == 0 and "alexandria" in p(st, 1).posts


def test_M45_beijing_posts_take_the_highest_free_space() -> None:
    st = ready(4, s0="matteo", s1="matteo")
    for seat in (0, 1):
        st = res(st, seat, figures=["oasis_c"])
        st = put(st, current=seat)
        st = travel(st, seat=seat, row=1)
        st, _ = play(st, seat, "move beijing")
    assert st.beijing == (0, 1)
    assert E.view(st, None).beijing == (0, 1)


def test_M46_milestones_eighth_and_ninth_post() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, posts=["moscow", "karakorum", "anxi", "kashgar", "xian", "ormuz", "adana"])
    st = res(st, 0, posts_placed=7)
    st = travel(st, row=1)
    st, ev = play(st, 0, "move alexandria")
    assert p(st, 0).vp == 5 and "milestone" in keys(ev)


def test_M47_D13_no_post_left_may_relocate() -> None:
    st = ready(4, s0="matteo")
    nine = ["moscow", "karakorum", "anxi", "kashgar", "xian", "ormuz", "adana", "kochi", "sumatra"]
    st = res(st, 0, posts=list(nine), posts_placed=9, vp=15)
    st = travel(st, row=1)
    st, _ = play(st, 0, "move alexandria")
    assert st.pending[0].k == "relocate"
    assert "none" in E.complete(st, 0, "relocate")
    st, _ = play(st, 0, "relocate kochi")
    assert "alexandria" in p(st, 0).posts and "kochi" not in p(st, 0).posts
    assert p(st, 0).vp == 15  # no milestone again


def test_M48_other_city_bonus_and_own_city_bonus() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, figures=["beijing"])
    st = travel(st, row=1)
    coins = p(st, 0).coin
    st, _ = play(st, 0, "move xian")  # Xian holds the "other city bonus" tile
    assert E.complete(st, 0, "bonus") == ["adana", "anxi", "kashgar", "kochi", "ormuz"]
    st, _ = play(st, 0, "bonus anxi")
    assert p(st, 0).coin == coins + 5
    # cc23 with a 5: two different own small cities
    st = put(st, cards={**st.cards, "karachi": "cc23"})
    st = res(st, 0, posts=[*p(st, 0).posts, "karachi", "anxi"])
    st = res(st, 0, main_done=False)
    st = dice(st, 0, 5)
    st = put(st, current=0)
    st, _ = play(st, 0, "place karachi 5", "bonus anxi")
    assert E.complete(st, 0, "bonus") == ["xian"]


def test_M49_first_post_travel_tile_starts_a_new_movement() -> None:
    st = ready(4, s0="matteo")
    st = put(st, first_post={**st.first_post, "alexandria": "fp_travel"})
    st = travel(st, row=1)
    st, _ = play(st, 0, "move alexandria")
    item = st.pending[0]
    assert item.k == "move" and item.steps == 1 and not item.travel
    st, _ = play(st, 0, "move oasis_i")
    assert p(st, 0).figures == ("oasis_i",) and "alexandria" in p(st, 0).posts


def test_M50_posts_not_figures_count() -> None:
    st = ready(4, s0="matteo")
    st = put(st, cards={**st.cards, "moscow": "cc00"})
    st = res(st, 0, figures=["moscow"])
    st = dice(st, 0, 4)
    assert "moscow" not in E.complete(st, 0, "place")


def test_D11_new_city_card_usable_in_the_same_turn() -> None:
    st = ready(4, s0="matteo")
    st = put(st, cards={**st.cards, "alexandria": "cc00"})
    st = put(st, first_post={**st.first_post, "alexandria": None})
    st = res(st, 0, contracts=["s5"], camel=1, pepper=3)
    st = dice(st, 0, 4)
    st, _ = play(st, 0, "fulfil s5", "move alexandria")  # reward step before the main action
    st, _ = play(st, 0, "place alexandria 4 times=4")
    assert p(st, 0).coin == 7 + 8


def test_M47_D13_relocating_out_of_beijing_frees_its_space() -> None:
    st = ready(4, s0="matteo", s2="matteo")
    nine = ["moscow", "karakorum", "anxi", "kashgar", "xian", "ormuz", "adana", "kochi", "beijing"]
    st = res(st, 0, posts=list(nine), posts_placed=9)
    st = res(st, 1, posts=["beijing"])
    st = put(st, beijing=[0, 1])
    st = travel(st, row=1)
    st, _ = play(st, 0, "move alexandria", "relocate beijing")
    assert st.beijing == (None, 1)
    st = res(st, 2, figures=["oasis_c"])
    st = put(st, current=2)
    st = travel(st, seat=2, row=1)
    st, _ = play(st, 2, "move beijing")
    assert st.beijing == (2, 1)  # the 10-VP space was free again


def test_M47_timeout_declines_to_relocate_a_post() -> None:
    # Given a player out of posts who ended a movement on a new city (M47: the player may decline),
    st = ready(4)
    eight = ["moscow", "karakorum", "anxi", "kashgar", "xian", "ormuz", "kochi", "sumatra"]
    st = res(st, 0, posts=[*eight, "samarcanda"], posts_placed=9)
    st = dice(st, 0, 2, 2)
    st = res(st, 0, coin=30, camel=5)
    st, _ = play(st, 0, "place travel 2 2 row=1", "move alexandria")
    assert st.pending[0].k == "relocate"
    # when the player runs out of time, then the engine keeps every post where it is.
    assert E.timeout_action(st, 0) == "relocate none"


def test_M41_M44_captions_name_places_and_bonuses_in_player_words() -> None:
    # Given the "1 step" first-post tile on Alexandria and a 1-step Travel from Venezia,
    st = ready(4, s0="matteo")
    st = put(st, first_post={**st.first_post, "alexandria": "fp_travel"})
    st = travel(st, row=1)
    assert E.view(st, None).pending.what == "travel: take 1 to 1 step (move)"
    # when the player moves there, then the captions use names, not ids,
    st, events = play(st, 0, "move alexandria")
    texts = [CATALOG.text(e.key, e.params, names=NAMES) for e in events]
    assert "ana moved from Venezia to Alexandria." in texts
    assert "ana built a trading post in Alexandria." in texts
    assert "ana was the first in Alexandria and took its bonus tile: 1 movement step." in texts
    # and the bonus movement says it may be declined.
    assert E.view(st, None).pending.what == (
        "a bonus movement of up to 1 step: move, or stop to decline"
    )
    st, events = play(st, 0, "stop")
    assert CATALOG.text(events[0].key, events[0].params, names=NAMES) == (
        "ana declined the bonus movement."
    )
