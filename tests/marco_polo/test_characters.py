"""The eight characters (M51-M58, D16, D22)."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from tests.marco_polo.helpers import E, dice, game, keys, p, play, put, ready, res


def test_M51_raschid_chooses_values_and_gets_no_compensation() -> None:
    st = game(4, seed=3)
    assert all(v == 0 for _, v in p(st, 0).dice)
    assert all(item.owner != 0 for item in st.pending)
    st = ready(4, s0="raschid")
    st = dice(st, 0, 0, 0, 0, 0)
    st, _ = play(st, 0, "place gold 6 6 6 col=6")
    assert p(st, 0).gold == 4 and st.spaces["gold"] == ((0, "o", 6),) * 3
    with pytest.raises(IllegalAction, match="never rolls"):
        E.play(st, 0, "reroll 1")


def test_M51_raschid_pays_the_fee_of_his_chosen_value() -> None:
    st = ready(4, s0="raschid")
    st = put(st, spaces={**st.spaces, "pepper": [[1, "o", 2]]})
    st = dice(st, 0, 0)
    st = res(st, 0, coin=3)
    assert E.complete(st, 0, "place pepper") == ["1", "2", "3"]


def test_M52_kubilai_starts_in_beijing_with_the_ten_point_post() -> None:
    st = game(2, "advanced", seed=1)
    st = put(st, draft_offer=["kubilai", "berke", "johannes"])
    st, _ = play(
        st,
        1,
        "choose kubilai",
    )
    st, _ = play(st, 0, "choose berke")
    assert p(st, 1).figures == ("beijing",) and st.beijing == (1,)
    assert p(st, 1).posts_placed == 1
    assert E.view(st, None).seats[1].posts_left == 8


def test_M53_niccolo_splits_steps_between_two_figures() -> None:
    st = ready(4, s0="niccolo_marco")
    st = dice(st, 0, 2, 2)
    st = res(st, 0, coin=20)
    st, _ = play(st, 0, "place travel 2 2 row=2")
    assert "fig=1" in E.complete(st, 0, "move alexandria")
    st, _ = play(st, 0, "move alexandria fig=1", "move oasis_a fig=2")
    assert p(st, 0).figures == ("alexandria", "oasis_a")
    assert p(st, 0).posts == ("alexandria",) and p(st, 0).coin == 13


def test_M53_niccolo_two_posts_in_one_movement() -> None:
    st = ready(4, s0="niccolo_marco")
    st = res(st, 0, figures=["oasis_a", "oasis_i"])
    st = dice(st, 0, 2, 2)
    st = res(st, 0, coin=20)
    st, _ = play(st, 0, "place travel 2 2 row=2", "move moscow fig=1", "move adana fig=2")
    assert sorted(p(st, 0).posts) == ["adana", "moscow"]


def test_M54_mercator_gains_from_others_bazaar_khan_and_five_coins() -> None:
    st = ready(2, s0="matteo", s1="mercator")
    st = dice(st, 0, 4, 4, 4, 4)
    st, ev = play(st, 0, "place silk 4 4 col=4")
    assert p(st, 1).silk == 1 and "mercator" in keys(ev)
    st = res(put(st, current=0), 0, main_done=False)
    st, _ = play(st, 0, "place khan 4 good=gold")
    assert p(st, 1).camel == 3  # 2- and 3-player games
    st = res(put(st, current=0), 0, main_done=False)
    coins = p(st, 1).coin
    st, _ = play(st, 0, "place coins5 4")
    assert p(st, 1).coin == coins + 2  # 2-player games only


def test_M54_mercator_in_four_players_only_the_bazaar() -> None:
    st = ready(4, s0="matteo", s3="mercator")
    st = dice(st, 0, 4, 4)
    st, _ = play(st, 0, "place khan 4 good=gold")
    assert p(st, 3).camel == 2


def test_M55_berke_never_pays_the_fee() -> None:
    st = ready(4, s0="berke")
    st = put(st, spaces={**st.spaces, "pepper": [[1, "o", 5]]})
    st = dice(st, 0, 6)
    st = res(st, 0, coin=0)
    st, _ = play(st, 0, "place pepper 6 col=6")
    assert p(st, 0).coin == 0 and p(st, 0).pepper == 4


def test_M55_berke_cannot_use_a_used_city_card() -> None:
    st = ready(4, s0="berke")
    st.used_cards[st.cards["moscow"]] = [1, "o", 2]
    st = res(st, 0, posts=["moscow"])
    assert "moscow" not in E.complete(st, 0, "place")


def test_M56_D16_D22_wilhelm_builds_while_passing_and_scores_all_eleven() -> None:
    st = ready(4, s0="wilhelm")
    st = put(st, first_post={**st.first_post, "alexandria": "fp_gold2"})
    st = dice(st, 0, 3, 3)
    st = res(st, 0, coin=30, camel=5)
    st, ev = play(st, 0, "place travel 3 3 row=3", "move alexandria", "move oasis_i")
    assert p(st, 0).posts == ("alexandria",) and p(st, 0).gold == 0  # bonus after the move
    st, ev = play(st, 0, "move adana")
    assert p(st, 0).posts == ("alexandria", "adana")
    assert p(st, 0).gold == 2 and p(st, 0).camel == 5 - 2 + 1  # r29 2 camels; Adana bonus
    # 11 posts: 8th 5, 9th 10, 10th nothing, 11th 10 VP
    st = ready(4, s0="wilhelm")
    ten = [
        "moscow",
        "karakorum",
        "anxi",
        "kashgar",
        "xian",
        "ormuz",
        "kochi",
        "sumatra",
        "adana",
        "samarcanda",
    ]
    st = res(st, 0, posts=list(ten), posts_placed=10, vp=0)
    st = _travel_one(st, "alexandria")
    assert p(st, 0).vp == 10 and len(p(st, 0).posts) == 11


def _travel_one(st: dict, dest: str) -> dict:
    st = dice(st, 0, 1, 1)
    st = res(st, 0, coin=20)
    st, _ = play(st, 0, "place travel 1 1 row=1", f"move {dest}")
    return st


def test_M57_matteo_white_die_and_contract_each_round() -> None:
    st = game(4, seed=2)
    assert [k for k, _ in p(st, 1).dice].count("w") == 1
    assert len(p(st, 1).contracts) == 2
    st = ready(4, s1="matteo")
    st = dice(st, 1, 3, "w3")
    st = put(st, spaces={**st.spaces, "camel": [[1, "o", 2]]})
    st = put(st, current=1)
    st, _ = play(st, 1, "place camel w3 col=3")  # the white die is not his colour
    assert len(st.spaces["camel"]) == 2


def test_M58_johannes_jumps_between_oases_and_has_three_coins_income() -> None:
    st = ready(4, s0="johannes")
    st = res(st, 0, figures=["oasis_a"])
    st = dice(st, 0, 1, 1)
    st = res(st, 0, coin=10, camel=0)
    st, _ = play(st, 0, "place travel 1 1 row=1")
    assert "oasis_j" in E.complete(st, 0, "move")
    st, _ = play(st, 0, "move oasis_j")
    assert p(st, 0).figures == ("oasis_j",) and p(st, 0).coin == 7
    from engines.marco_polo import tables as T

    assert T.CHARACTERS["johannes"]["round_income"] == {"coin": 3}


def test_M51_raschid_khan_value_must_still_be_at_least_the_previous_die() -> None:
    st = ready(4, s0="raschid")
    st = put(st, khan=[[1, "o", 4]])
    st = dice(st, 0, 0, "b0")
    assert E.complete(st, 0, "place khan") == ["4", "5", "6", "b4", "b5", "b6"]


@pytest.mark.parametrize("row,good", [("camel", "camel"), ("pepper", "pepper"), ("gold", "gold")])
def test_M54_mercator_gains_the_row_good_whatever_the_column(row: str, good: str) -> None:
    st = ready(4, s0="matteo", s3="mercator")
    st = dice(st, 0, 6, 6, 6, 6)
    before = p(st, 3).amount(good)
    need = {"camel": "6", "pepper": "6", "gold": "6 6 6"}[row]
    st, _ = play(st, 0, f"place {row} {need} col=1")
    assert p(st, 3).amount(good) == before + 1


def test_M56_M47_wilhelm_out_of_posts_may_relocate_to_cities_he_passed() -> None:
    st = ready(4, s0="wilhelm")
    eleven = ["moscow", "karakorum", "anxi", "kashgar", "xian", "ormuz", "kochi", "sumatra"]
    eleven += ["samarcanda", "lan_zhou", "beijing"]
    st = res(st, 0, posts=list(eleven), posts_placed=11)
    st = put(st, beijing=[0])
    st = dice(st, 0, 2, 2)
    st = res(st, 0, coin=30, camel=5)
    st, _ = play(st, 0, "place travel 2 2 row=2", "move alexandria", "move oasis_i")
    assert [i.city for i in st.pending if i.k == "relocate"] == ["alexandria"]
    st, _ = play(st, 0, "relocate kochi")
    assert "alexandria" in p(st, 0).posts and "kochi" not in p(st, 0).posts
