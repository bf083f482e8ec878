"""Turns, dice placement, main actions and extra actions (M21-M38, M59, M62-M63, M66, D5-D20)."""

from __future__ import annotations

import pytest

from engines.base import CHANCE, IllegalAction
from engines.catalog import CATALOG
from engines.marco_polo import tables as T
from engines.marco_polo.state import Pending
from tests.marco_polo.helpers import (
    E,
    before_first_roll,
    dice,
    game,
    keys,
    p,
    play,
    put,
    ready,
    res,
)


def test_M22_one_main_action_per_turn() -> None:
    st = ready(4, s0="matteo")
    st, _ = play(st, 0, "place camel 3 col=3")
    with pytest.raises(IllegalAction, match="already took your main action"):
        E.play(st, 0, "place pepper 3 col=1")
    assert "end" in E.complete(st, 0, "")


def test_M23_no_end_before_main_action_and_running_out_of_dice_ends_the_turn() -> None:
    st = ready(4, s0="matteo")
    with pytest.raises(IllegalAction, match="main action"):
        E.play(st, 0, "end")
    st = dice(st, 0, 3)
    st = res(st, 0, camel=0)  # no contract payable, no black die affordable: nothing die-free left
    st, _ = play(st, 0, "coins3 3")  # the last die went to 3 coins: turn over, no main action
    assert st.current == 1


def test_M23_M37_last_die_placed_the_player_may_still_fulfil_a_contract() -> None:
    """Given a payable contract, placing the last die keeps the turn: fulfil, then end."""
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["s4"], camel=1, gold=0)
    st = dice(st, 0, 4)
    st, ev = play(st, 0, "place khan 4 good=gold")  # the last die; Khan gives gold + 2 camels
    assert st.current == 0 and E.to_act(st) == [0]
    assert "turn" not in keys(ev)
    assert {"fulfil", "end"} <= set(E.complete(st, 0, ""))
    assert E.timeout_action(st, 0) == "end"
    st, ev = play(st, 0, "fulfil s4")
    assert p(st, 0).fulfilled == ("s4",)
    # Still 4 camels: a black die (M36) is also die-free, so the turn stays open until `end`.
    assert st.current == 0
    st, ev = play(st, 0, "end")
    assert st.current == 1 and "turn" in keys(ev)


def test_M23_turn_ends_by_itself_once_no_die_free_extra_action_is_left() -> None:
    """Fulfilling the last payable contract, with the black dice all gone, passes the turn."""
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["s4"], camel=0, gold=0)
    st = put(st, black_pool=0)
    st = dice(st, 0, 4)
    st, _ = play(st, 0, "place khan 4 good=gold")  # +1 gold, +2 camels: s4 is payable
    assert st.current == 0
    st, ev = play(st, 0, "fulfil s4")
    assert st.current == 1 and "turn" in keys(ev)


def test_M23_1_black_die_bought_after_the_last_die_is_kept_and_the_player_ends_the_turn() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, camel=3)
    st = dice(st, 0, 4)
    st, _ = play(st, 0, "place pepper 4 col=1")
    assert st.current == 0
    st, _ = play(st, 0, "black")
    assert st.current == 0 and len(p(st, 0).dice) == 1  # a die again: coins3 etc. possible
    st, _ = play(st, 0, "end")
    assert st.current == 1 and len(p(st, 0).dice) == 1  # kept for a later turn


def test_M23_2_out_of_dice_before_the_main_action_may_fulfil_then_end_without_one() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["s4"], camel=1, gold=1)
    st = dice(st, 0, 3)
    st, _ = play(st, 0, "coins3 3")
    assert st.current == 0 and not p(st, 0).main_done
    assert E.timeout_action(st, 0) == "end"
    st, _ = play(st, 0, "fulfil s4", "black")  # the black die is a die: a main action is due
    with pytest.raises(IllegalAction, match="main action"):
        E.play(st, 0, "end")
    st, _ = play(st, 0, "place coins5 " + E.complete(st, 0, "place coins5")[0])
    assert st.current == 1


def test_M21_players_without_dice_are_skipped_and_round_ends_when_nobody_has_dice() -> None:
    st = ready(3, s0="matteo")
    st = dice(st, 1)
    st = dice(st, 2, 4)
    st = dice(st, 0, 5)
    st, _ = play(st, 0, "coins3 5")
    assert st.current == 2  # seat 1 has no dice
    st, _ = play(st, 2, "coins3 4")
    assert st.round == 2


def test_M24_value_is_lowest_die_and_fee_is_that_value() -> None:
    st = ready(4, s0="matteo", s1="matteo")
    st = dice(st, 0, 2, 5, 6)
    st, _ = play(st, 0, "place gold 2 5 6 col=2")
    assert p(st, 0).gold == 2
    st = dice(st, 1, 4, 4, 6)
    coins = p(st, 1).coin
    st = put(st, current=1)
    st, _ = play(st, 1, "place gold 4 4 6 col=4")
    assert p(st, 1).coin == coins - 4 and p(st, 1).gold == 3


def test_M24_colour_restriction_but_black_and_white_dice_may_join() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 3, 4, "b5", "w2")
    st, _ = play(st, 0, "place camel 3 col=3", "end")
    st = put(st, current=0)
    st = res(st, 0, main_done=False)
    with pytest.raises(IllegalAction, match="own-colour"):
        E.play(st, 0, "place camel 4 col=1")
    st2, _ = play(st, 0, "place camel b5 col=5")  # fee 5
    assert p(st2, 0).camel >= 5
    st3, _ = play(st, 0, "place camel w2 col=2")
    assert [d[1] for d in st3.spaces["camel"]] == ["o", "w"]


def test_M24_may_choose_a_lower_column() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 6)
    assert E.complete(st, 0, "place pepper 6") == [f"col={c}" for c in range(1, 7)]


def test_M25_D18_bazaar_rows() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 3, 3, 3)
    st, _ = play(st, 0, "place gold 3 3 3 col=3")
    assert (p(st, 0).gold, p(st, 0).camel) == (2, 4)  # D18: 2 gold + 2 camels
    assert T.BAZAAR["pepper"][1][5] == {"pepper": 3, "coin": 2}
    assert T.BAZAAR["silk"][1][5] == {"silk": 3, "camel": 1, "coin": 1}
    assert T.BAZAAR["gold"][1][5] == {"gold": 3, "travel": 1}


def test_M25_gold_five_gives_a_one_step_movement() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 5, 5, 5)
    st, _ = play(st, 0, "place gold 5 5 5 col=5")
    assert st.pending[0].k == "move" and st.pending[0].steps == 1
    st, _ = play(st, 0, "move alexandria")
    assert "alexandria" in p(st, 0).posts


def test_M26_khan_left_to_right_equal_or_higher_one_own_die() -> None:
    st = ready(4, s0="matteo", s1="matteo")
    st = dice(st, 0, 4, 5)
    st, _ = play(st, 0, "place khan 4 good=silk")
    assert (p(st, 0).camel, p(st, 0).silk) == (4, 1)
    st = put(st, current=1)
    st = dice(st, 1, 3, 4)
    with pytest.raises(IllegalAction, match="at least 4"):
        E.play(st, 1, "place khan 3 good=gold")
    st, _ = play(st, 1, "place khan 4 good=gold")  # equal is enough, no fee
    assert p(st, 1).coin == 8
    st = res(st, 0, main_done=False)
    st = put(st, current=0)
    with pytest.raises(IllegalAction, match="own-colour"):
        E.play(st, 0, "place khan 5 good=gold")


def test_M26_khan_closes_after_four_dice() -> None:
    st = ready(4, s0="matteo")
    st = put(st, khan=[[1, "o", 1], [2, "o", 2], [3, "o", 3], [1, "b", 3]])
    assert "khan" not in E.complete(st, 0, "place")
    with pytest.raises(IllegalAction, match="All four"):
        E.play(st, 0, "place khan 3 good=gold")


def test_M27_take_two_contracts_with_slot_bonus_and_slide_left() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 6)
    shown = list(st.display)
    st = res(st, 0, contracts=[])
    st, _ = play(st, 0, "place contracts 6 take=2+6 bonus=camel")
    assert p(st, 0).contracts == (shown[1], shown[5])
    assert p(st, 0).camel == 2 + 2
    assert st.display == (shown[0], shown[2], shown[3], shown[4])


def test_M27_value_one_takes_only_slot_one() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 1)
    assert E.complete(st, 0, "place contracts 1") == ["take=1"]


def test_M27_slot_five_bonus_is_one_coin() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 5)
    st = res(st, 0, contracts=[])
    st, _ = play(st, 0, "place contracts 5 take=5 bonus=coin")
    assert p(st, 0).coin == 7 + 1


def test_M27_slots_five_and_six_each_give_their_own_coin_or_camel_bonus() -> None:
    # Given a 6 and contracts on slots 5 and 6,
    st = ready(4, s0="matteo")
    st = dice(st, 0, 6)
    st = res(st, 0, contracts=[])
    # then each taken contract's bonus is chosen separately, in slot order,
    assert E.complete(st, 0, "place contracts 6 take=5+6") == [
        "bonus=camel+camel",
        "bonus=camel+coin",
        "bonus=coin+camel",
        "bonus=coin+coin",
    ]
    # and when the player takes 1 camel (slot 5) and 2 coins (slot 6), they get exactly that.
    st, _ = play(st, 0, "place contracts 6 take=5+6 bonus=camel+coin")
    assert (p(st, 0).camel, p(st, 0).coin) == (2 + 1, 7 + 2)


def test_M27_empty_display_gets_two_contracts_at_next_turn() -> None:
    st = ready(4, s0="matteo")
    st = put(st, display=st.display[:1])
    st = dice(st, 0, 1)
    st = res(st, 0, contracts=[])
    top = st.pile[:2]
    st, _ = play(st, 0, "place contracts 1 take=1")
    assert st.current == 1 and st.display == top


def test_M27_D8_D9_hand_limit_discards_only_earlier_contracts() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 2, 3)
    st = res(st, 0, contracts=["s1", "c01"])
    shown = list(st.display)
    st, _ = play(st, 0, "place contracts 2 take=1+2")
    assert E.complete(st, 0, "discard") == ["c01", "s1"]
    st, _ = play(st, 0, "discard s1", "discard c01")
    assert p(st, 0).contracts == tuple(shown[:2])
    assert "s1" not in st.pile  # D8: a starting contract leaves the game
    assert st.pile[-1] == "c01"  # a regular one goes under the pile


def test_M28_travel_pays_row_cost_and_needs_a_step() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 2, 4)
    st = res(st, 0, coin=20)
    assert E.complete(st, 0, "place travel 2 4") == ["row=1", "row=2"]
    st, _ = play(st, 0, "place travel 2 4 row=2")
    assert p(st, 0).coin == 13 and st.last_travel == 0
    assert E.complete(st, 0, "") == ["move"]  # at least one step
    st, _ = play(st, 0, "move oasis_a")
    assert "stop" in E.complete(st, 0, "")
    st, _ = play(st, 0, "move moscow")
    assert "moscow" in p(st, 0).posts


def test_M28_travel_refused_when_unaffordable() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 6, 6)
    st = res(st, 0, coin=2)
    assert "travel" not in E.complete(st, 0, "place")
    with pytest.raises(IllegalAction, match="costs at least 3 coins"):
        E.play(st, 0, "place travel 6 6 row=1")


def test_M29_five_coins() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 1)
    st, _ = play(st, 0, "place coins5 1")
    assert p(st, 0).coin == 12


def test_M30_D9_reward_contract_over_the_limit() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["c10", "c02"], camel=3, pepper=1, silk=1, gold=1)
    top = st.pile[0]
    st, _ = play(st, 0, "fulfil c02")  # reward: 6 VP + 1 contract
    assert p(st, 0).contracts == ("c10", top) and p(st, 0).vp == 6
    assert st.pending == ()  # 2 in hand: no discard


def test_M31_city_card_needs_post_one_die_per_round_cc00_example() -> None:
    st = ready(4, s0="matteo", s1="matteo")
    st = put(st, cards={**st.cards, "sumatra1": "cc00"})
    st = dice(st, 0, 4)
    with pytest.raises(IllegalAction, match="trading post in sumatra"):
        E.play(st, 0, "place sumatra1 4 times=4")
    st = res(st, 0, posts=["sumatra"])
    st, _ = play(st, 0, "place sumatra1 4 times=4")  # die 4 -> 8 coins
    assert p(st, 0).coin == 7 + 8
    st = res(st, 1, posts=["sumatra"])
    st = put(st, current=1)
    with pytest.raises(IllegalAction, match="already holds a die"):
        E.play(st, 1, "place sumatra1 3 times=3")


def test_M32_fulfil_pays_and_scores() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["s4"], camel=1, gold=1)
    st, _ = play(st, 0, "fulfil s4")  # 1 camel + 1 gold -> 2 VP + 3 camels
    q = p(st, 0)
    assert (q.vp, q.camel, q.gold, q.fulfilled, q.contracts) == (2, 3, 0, ("s4",), ())


def test_M62_cannot_pay_part_of_a_contract() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["s4"], camel=1, gold=0)
    with pytest.raises(IllegalAction):
        E.play(st, 0, "fulfil s4")


def test_M33_three_coins_unlimited_no_fee_not_a_main_action() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 2, 2, 5)
    st, _ = play(st, 0, "coins3 2", "coins3 2")
    assert p(st, 0).coin == 13 and not p(st, 0).main_done
    st, _ = play(st, 0, "place pepper 5 col=5")
    assert st.current == 1


def test_M34_reroll_costs_a_camel() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 1, 2)
    st, ev = play(st, 0, "reroll 1")
    assert p(st, 0).camel == 1 and "rerolled" in keys(ev)
    assert any(e.reveals for e in ev)


def test_M35_adjust_costs_two_camels_no_wrap() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 6, 1)
    assert E.complete(st, 0, "adjust 6") == ["down"]
    assert E.complete(st, 0, "adjust 1") == ["up"]
    st, _ = play(st, 0, "adjust 6 down")
    assert sorted(v for _, v in p(st, 0).dice) == [1, 5] and p(st, 0).camel == 0


def test_M36_D17_buy_one_black_die_per_turn() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, camel=7)
    st, ev = play(st, 0, "black")
    assert len(p(st, 0).dice) == 6 and st.black_pool == 4 and p(st, 0).camel == 4
    with pytest.raises(IllegalAction, match="already bought"):
        E.play(st, 0, "black")


def test_M37_extra_actions_after_the_main_action() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["s4"], camel=1)
    st = dice(st, 0, 4, 4)
    st, _ = play(st, 0, "place khan 4 good=gold")
    st, _ = play(st, 0, "fulfil s4", "coins3 4")
    assert p(st, 0).fulfilled == ("s4",)


def test_M38_D17_black_die_rewards_not_limited_and_lost_when_pool_empty() -> None:
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["c19", "c21"], camel=5, pepper=4, gold=2)
    st = put(st, black_pool=1)
    st, ev = play(st, 0, "fulfil c19")
    assert st.black_pool == 0 and any(d[0] == "b" for d in p(st, 0).dice)
    st, ev = play(st, 0, "fulfil c21")
    assert "black_die_lost" in keys(ev)


def test_M66_placed_dice_keep_their_values() -> None:
    st = ready(4, s0="matteo")
    st = dice(st, 0, 2, 6)
    st, _ = play(st, 0, "place pepper 2 col=2")
    assert st.spaces["pepper"] == ((0, "o", 2),)
    assert E.complete(st, 0, "reroll") == ["6"]


def test_M63_empty_pile_gives_fewer_contracts() -> None:
    st = ready(4, s0="matteo")
    st = put(st, pile=[])
    st = res(st, 0, contracts=["c02"], camel=3, pepper=1, silk=1, gold=1)
    st, ev = play(st, 0, "fulfil c02")
    assert "pile_empty" in keys(ev) and p(st, 0).contracts == ()


def test_M59_D14_vp_cannot_be_spent_below_zero() -> None:
    st = ready(4, s0="matteo")
    st = put(st, cards={**st.cards, "moscow": "cc19"})
    st = res(st, 0, posts=["moscow"], vp=1, coin=0)
    st = dice(st, 0, 3)
    assert E.complete(st, 0, "place moscow 3") == ["ab=1"]  # 1 VP -> 3 coins at most once
    assert E.complete(st, 0, "place moscow 3 ab=1") == ["", "ba=1"]  # ba=0 is the default
    with pytest.raises(IllegalAction):
        E.play(st, 0, "place moscow 3 ab=2 ba=0")
    with pytest.raises(IllegalAction):
        E.play(st, 0, "place moscow 3 ab=2")


def test_D12_two_way_card_direction_per_repetition() -> None:
    st = ready(4, s0="matteo")
    st = put(st, cards={**st.cards, "moscow": "cc27"})
    st = res(st, 0, posts=["moscow"], camel=2, pepper=1)
    st = dice(st, 0, 3)
    st, _ = play(st, 0, "place moscow 3 ab=1 ba=2", "give pepper")
    # 1 good -> 2 camels, then twice 2 camels -> 1 good of choice
    st, _ = play(st, 0, "take silk", "take gold")
    q = p(st, 0)
    assert (q.camel, q.pepper, q.silk, q.gold) == (0, 0, 1, 1)


def test_D12_cc16_same_option_every_time() -> None:
    st = ready(4, s0="matteo")
    st = put(st, cards={**st.cards, "moscow": "cc16"})
    st = res(st, 0, posts=["moscow"], camel=2, coin=1)
    st = dice(st, 0, 3)
    # once is the default: "option=1" alone is whole, "times=2" may follow
    assert E.complete(st, 0, "place moscow 3 option=1") == ["", "times=2"]
    assert E.complete(st, 0, "place moscow 3 option=2") == [""]


def test_D19_contract_c03_cost() -> None:
    assert T.CONTRACTS["c03"]["cost"] == {"camel": 2, "silk": 1, "gold": 2}


def test_D20_cc30_pays_two_different_goods_per_step() -> None:
    st = ready(4, s0="matteo")
    st = put(st, cards={**st.cards, "moscow": "cc30"})
    st = res(st, 0, posts=["moscow"], pepper=2, silk=0, gold=0)
    st = dice(st, 0, 3)
    assert "moscow" not in E.complete(st, 0, "place")  # two pepper are not two different goods
    st = res(st, 0, gold=1)
    st, _ = play(st, 0, "place moscow 3 times=1", "give gold+pepper")
    assert st.pending[0].k == "move" and st.pending[0].steps == 1


def test_D5_D6_M20_compensation_any_mix_white_die_counts() -> None:
    st = game(4, seed=1)
    for item in list(st.pending):
        assert item.k == "comp"
        seat = item.owner
        rolled = sum(v for _, v in p(st, seat).dice)  # includes Matteo's white die
        assert item.n == 15 - rolled
    # Force a known case by applying the dice (a chance step): Berke (seat 2) rolls 11 -> 4
    # units, taken as 1 camel + 3 coins.
    st = before_first_roll(4)
    roll = "roll - 6,6,6,6,6,6 3,2,2,2,2 3,3,3,3,3"
    st, _ = E.apply(st, CHANCE, E.parse(st, CHANCE, roll))
    assert [(d.k, d.owner, d.n) for d in st.pending] == [("comp", 2, 4)]
    coins, camels = p(st, 2).coin, p(st, 2).camel
    assert E.to_act(st) == [2]
    assert E.complete(st, 2, "compensate") == ["0", "1", "2", "3", "4"]
    st, _ = play(st, 2, "compensate 1")
    assert (p(st, 2).coin, p(st, 2).camel) == (coins + 3, camels + 1)


def test_M20_compensation_is_announced_in_plain_words() -> None:
    # Given a roll of 14 (one unit short of 15),
    st = ready(4, s0="matteo")
    st = put(st, pending=[Pending.of("comp", 2, 1)])
    # then everyone sees what the player must choose,
    assert E.view(st, None).pending.what == (
        "low dice: take 1 coin or camel in any mix (compensate <camels>)"
    )
    # and when the player takes the camel, the caption says "1 camel", not "1 camels and 0 coins".
    st, events = play(st, 2, "compensate 1")
    assert CATALOG.text(events[0].key, events[0].params, names=["a", "b", "cid", "d"]) == (
        "cid took 1 camel as compensation for low dice."
    )


def test_M32_an_unaffordable_contract_says_what_it_needs() -> None:
    # Given contract s4 (1 camel + 1 gold) and no gold, so no contract can be fulfilled,
    st = ready(4, s0="matteo")
    st = res(st, 0, contracts=["s4"])
    st = res(st, 0, camel=3, gold=0)
    # when the player tries, then the refusal names the cost and what the player holds.
    with pytest.raises(IllegalAction) as info:
        E.play(st, 0, "fulfil s4")
    assert CATALOG.text(info.value.key, info.value.params) == (
        "Contract s4 needs 1 camel and 1 gold; you have 3 camels."
    )


def test_M31_D12_an_exchange_card_caption_says_what_was_paid_and_gained() -> None:
    # Given a post in Moscow holding cc16 (1 camel -> 3 coins, or 1 coin -> 1 camel),
    st = ready(4, s0="matteo")
    st = put(st, cards={**st.cards, "moscow": "cc16"})
    st = res(st, 0, posts=["moscow"])
    st = dice(st, 0, 4)
    # when the player exchanges twice, then the captions show both sides of the exchange.
    st, events = play(st, 0, "place moscow 4 option=1 times=2")
    texts = [CATALOG.text(e.key, e.params, names=["ana", "b", "c", "d"]) for e in events]
    at = texts.index("ana paid 2 camels.")
    assert texts[at + 1] == "ana gained 6 coins."


def test_M24_fee_and_travel_captions_agree_in_number() -> None:
    st = ready(4, s0="matteo")
    st = put(st, spaces={**st.spaces, "travel": [[1, "o", 2], [1, "o", 2]]})
    st = dice(st, 0, 1, 6)
    st = res(st, 0, coin=20)
    st, events = play(st, 0, "place travel 1 6 row=1")
    texts = [CATALOG.text(e.key, e.params, names=["ana", "b", "c", "d"]) for e in events]
    assert "ana paid 1 coin because the travel space was already occupied." in texts
    assert "ana paid 3 coins to travel up to 1 step (row 1)." in texts


def test_canonical_text_leaves_out_choices_at_their_default_and_old_logs_still_read() -> None:
    """The "Last:" line and the log say only what was chosen: a card used once needs no
    ``times=1``, an unused two-way side no ``ab=0``/``ba=0``; a log written with them replays."""
    assert str(E.parse(ready(), 0, "place moscow 3 times=1")) == "place moscow 3"
    assert str(E.parse(ready(), 0, "place moscow 3 option=2 times=1")) == "place moscow 3 option=2"
    assert str(E.parse(ready(), 0, "place moscow 3 ab=1 ba=0")) == "place moscow 3 ab=1"
    assert str(E.parse(ready(), 0, "place moscow 3 times=2")) == "place moscow 3 times=2"
    st = ready(4, s0="matteo")
    st = put(st, cards={**st.cards, "moscow": "cc16"})
    st = res(st, 0, posts=["moscow"], camel=2, coin=1)
    st = dice(st, 0, 3)
    old, _ = play(st, 0, "place moscow 3 option=2 times=1")
    new, _ = play(st, 0, "place moscow 3 option=2")
    assert E.dump(old) == E.dump(new) and old.last_text == "place moscow 3 option=2"
