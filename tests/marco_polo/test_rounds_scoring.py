"""Rounds (M14-M19, D7), final scoring (M60-M61, D15) and hidden goals (M65)."""

from __future__ import annotations

import pytest

from engines.kit import plain
from engines.marco_polo.scoring import breakdown
from engines.randomplay import random_game
from tests.marco_polo.helpers import E, dice, keys, p, play, put, ready, res


def end_round(st: dict) -> dict:
    """Everyone is out of dice except seat 0 with one die, who spends it on 3 coins."""
    for seat in range(st.n):
        st = dice(st, seat)
    st = put(st, current=0)
    st = res(st, 0, dice=[["o", 1]])
    st, _ = play(st, 0, "coins3 1")
    return st


def test_M14_the_game_lasts_five_rounds() -> None:
    st, log = random_game(E, 3, {"setup": "basic"}, seed=12)
    assert st.round == 5 and st.phase == "over" and E.result(st) is not None
    assert E.round_info(st) == "Game over"


def test_M15_last_traveller_starts_the_next_round() -> None:
    st = ready(4, s0="matteo", s2="matteo")
    st = put(st, last_travel=2)
    st = end_round(st)
    assert st.start == 2 and st.current == 2
    st2 = ready(4, s0="matteo")
    st2 = put(st2, start=1)
    st2 = end_round(st2)
    assert st2.start == 1  # nobody travelled: the hourglass stays


def test_M16_D7_display_refreshed_leftovers_under_the_pile() -> None:
    st = ready(4, s0="matteo")
    left = list(st.display)
    top = st.pile[:6]
    st = end_round(st)
    assert st.display == top  # Matteo's income draw comes after the refresh
    assert st.pile[-6:] == tuple(left)


def test_M17_income_small_city_bonus_and_character_income() -> None:
    st = ready(4, s0="matteo", s1="johannes")
    st = res(st, 1, posts=["adana"])
    coins, camels = p(st, 1).coin, p(st, 1).camel
    st = end_round(st)
    # Johannes: 3 coins; Adana: 1 camel + 3 coins (compensation is still to be chosen)
    assert (p(st, 1).coin, p(st, 1).camel) == (coins + 6, camels + 1)


def test_M18_M19_dice_return_and_everyone_rolls() -> None:
    st = ready(4, s0="matteo")
    st = put(st, spaces={**st.spaces, "camel": [[1, "o", 3]]})
    st = put(st, black_pool=0)
    st = end_round(st)
    assert st.spaces["camel"] == () and st.black_pool == 5
    assert [len(q.dice) for q in st.players] == [6, 6, 5, 5]  # seat 0 and 1: Matteo


def test_M60_final_scoring_items() -> None:
    st = ready(2, s0="matteo", s1="berke")
    st = res(
        st,
        0,
        goals=["g01", "g16"],  # Moscow+Xian 4 VP; Sumatra+Anxi 8 VP
        posts=["moscow", "xian", "anxi", "beijing"],
        coin=27,
        pepper=3,
        silk=2,
        gold=0,
        vp=10,
        fulfilled=["s1", "c01"],
    )
    st = res(st, 1, goals=["g05", "g06"], posts=[], coin=9, fulfilled=["s2"])
    st = put(st, beijing=[0])
    sheet = breakdown(st)
    assert sheet[0] == {
        "during_game": 10,
        "goal_cards": 4,
        "goal_cities": 6,  # Moscow, Xian, Anxi of the 4 goal cities
        "coins": 2,
        "beijing_post": 10,
        "beijing_goods": 2,
        "most_contracts": 7,
    }
    assert sheet[1]["most_contracts"] == 0 and sheet[1]["coins"] == 0


def test_D15_everyone_with_zero_contracts_scores_seven() -> None:
    st = ready(3, s0="matteo")
    assert [b["most_contracts"] for b in breakdown(st)] == [7, 7, 7]


def test_M61_ties_broken_by_camels_then_shared() -> None:
    st = ready(3, s0="matteo")
    st = put(st, phase="over")
    for seat in range(3):
        st = res(st, seat, goals=[], vp=5, coin=0)
    st = res(st, 0, camel=4)
    st = res(st, 1, camel=6)
    st = res(st, 2, camel=4)
    result = E.result(st)
    assert result is not None and result.ranking == ((1,), (0, 2))


def test_M65_goal_cards_only_in_the_owners_private_view() -> None:
    st = ready(2, s0="matteo")
    public = E.view(st, None)
    assert public.seats[0].goals is None and "goals" not in plain(public)["seats"][0]
    mine = E.view(st, 0).private
    assert mine is not None and mine.goals == p(st, 0).goals
    st = put(st, phase="over")
    assert E.view(st, None).seats[0].goals == p(st, 0).goals


def test_M15_travel_reward_does_not_take_the_hourglass() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["s5"], camel=1, pepper=3)
    st, ev = play(st, 0, "fulfil s5", "move alexandria")
    assert st.last_travel is None and "built_post" in keys(ev)


def test_M52_M60_kubilai_holds_ten_others_score_seven_and_goods() -> None:
    st = ready(2, s0="matteo", s1="berke")
    st = put(st, beijing=[1, 0])  # Kubilai's set-up post first, then seat 0 arrived
    st = res(st, 0, posts=["beijing"], pepper=1, silk=1, gold=1, goals=[])
    st = res(st, 1, posts=["beijing"], pepper=0, silk=0, gold=1, goals=[])
    sheet = breakdown(st)
    assert (sheet[0]["beijing_post"], sheet[0]["beijing_goods"]) == (7, 1)
    assert (sheet[1]["beijing_post"], sheet[1]["beijing_goods"]) == (10, 0)


@pytest.mark.parametrize(
    "posts,vp",
    [
        ([], 0),
        (["moscow"], 1),
        (["moscow", "xian"], 3),
        (["moscow", "xian", "anxi"], 6),
        (["moscow", "xian", "anxi", "sumatra"], 10),
    ],
)
def test_M60_distinct_goal_cities_table(posts: list[str], vp: int) -> None:
    st = ready(2, s0="matteo")
    st = res(st, 0, goals=["g01", "g16"], posts=posts)
    assert breakdown(st)[0]["goal_cities"] == vp
