"""Rounds, turns, cards, turn order, income and shortfall (B15–B25, B76–B79, D2, D12, D13, D15)."""

from __future__ import annotations

from engines.base import Event
from engines.brass.state import OVER, SHORTFALL, State
from engines.catalog import CATALOG
from engines.kit import plain
from tests.brass.helpers import E, illegal, keys, new, play, position, tile_at


def _pass(s: State, seat: int | None = None) -> tuple[State, list[Event]]:
    seat = E.to_act(s)[0] if seat is None else seat
    return play(s, seat, f"pass card={s.hands[seat][0]}")


def test_B15_every_player_takes_one_turn_in_turn_order() -> None:
    s = new(3, seed=5)
    seen = []
    while s.round == 1:
        seen.append(E.to_act(s)[0])
        s, _ = _pass(s)
    assert seen == list(new(3, seed=5).order)


def test_B16_one_action_in_round_1_two_later() -> None:
    s = new(2)
    first = s.current
    s, _ = _pass(s)
    assert E.to_act(s) != [first]  # one action ended the turn
    s, _ = _pass(s)
    assert s.round == 2
    seat = s.current
    s, _ = _pass(s)
    assert E.to_act(s) == [seat] and s.actions_left == 1
    s, _ = _pass(s)
    assert E.to_act(s) != [seat]


def test_B17_each_action_discards_exactly_one_card() -> None:
    s = position(hands={0: ["leek", "stone", "coal_mine"]}, deck=[])
    s2, _ = play(s, 0, "loan card=stone")
    assert sorted(s2.hands[0]) == ["coal_mine", "leek"]
    assert s2.discards[0] == ("stone",)


def test_B18_wild_cards_return_to_their_pile() -> None:
    s = position(hands={0: ["wild_location", "stone"]}, deck=[])
    wl = s.wild_location
    s2, _ = play(s, 0, "pass card=wild_location")
    assert s2.wild_location == wl + 1
    assert s2.discards[0] == ()


def test_B19_money_gained_in_the_same_action_cannot_pay_for_it() -> None:
    # A coal mine II costs £7; it would sell 3 cubes to the market for £... but only £6 in hand.
    s = position(
        hands={0: ["cannock"]},
        links=[
            ("cannock-wolverhampton", 1),
            ("coalbrookdale-wolverhampton", 1),
            ("coalbrookdale-shrewsbury", 1),
        ],
        money={0: 6},
        mats={0: {"coal_mine": (0, 2, 2, 2)}},
    )
    illegal(s, 0, "build coal_mine cannock slot=2 card=cannock", "brass.cannot_afford_build")


def test_B20_money_paid_counts_as_spent_money_received_does_not() -> None:
    s = position(hands={0: ["leek", "stone"]}, money={0: 20})
    s, _ = play(s, 0, "network leek-stoke_on_trent card=leek")
    assert s.spent[0] == 3 and s.money[0] == 17
    s, _ = play(s, 0, "loan card=stone")
    assert s.spent[0] == 3  # the £30 received did not reduce it
    # The spending was recorded for turn order (reset at the round's end).
    assert s.money[0] == 17 + 30


def test_B21_refill_to_eight_cards_wilds_count() -> None:
    s = position(
        hands={
            0: [
                "leek",
                "stone",
                "wild_location",
                "wild_industry",
                "derby",
                "belper",
                "coventry",
                "dudley",
            ]
        }
    )
    deck = len(s.deck)
    s, _ = play(s, 0, "pass card=leek")
    s, _ = play(s, 0, "pass card=stone")
    assert len(s.hands[0]) == 8
    assert len(s.deck) == deck - 2
    assert "wild_location" in s.hands[0]


def test_B22_no_drawing_once_the_deck_is_empty() -> None:
    s = position(hands={0: ["leek", "stone", "derby"]}, deck=[])
    s, events = play(s, 0, "pass card=leek")
    s, events = play(s, 0, "pass card=stone")
    assert s.hands[0] == ("derby",)
    assert "brass.drew" not in keys(events)


def test_B23_hands_are_secret_everything_else_public() -> None:
    s = new(2)
    public = plain(E.view(s, None))
    assert "hand" not in public and "hands" not in public
    assert public["hand_sizes"] == [8, 8]
    assert public["deck"] == len(s.deck)
    mine = E.view(s, 0).private
    assert mine is not None and mine.hand == tuple(sorted(s.hands[0]))


def test_D15_money_is_public() -> None:
    s = position(money={0: 23})
    assert E.view(s, None).money[0] == 23
    assert E.view(s, None).spent == (0, 0)


def test_B24_game_ends_at_once_after_the_last_cards_no_income() -> None:
    s = position(
        hands={0: ["leek"], 1: ["stone"]},
        deck=[],
        income={0: 20, 1: 20},
        round_no=1,
        actions_left=1,
    )
    s, _ = play(s, 0, "pass card=leek")
    s, events = play(s, 1, "pass card=stone")
    assert s.phase == OVER and E.to_act(s) == []
    assert "brass.income" not in keys(events)
    assert s.money == (17, 17)
    assert s.order == (0, 1)


def test_D2_no_income_after_the_final_round() -> None:
    s = position(
        hands={0: ["leek"], 1: ["stone"]},
        deck=[],
        income={0: 30, 1: 30},
        round_no=1,
        actions_left=1,
    )
    s, _ = play(s, 0, "pass card=leek")
    s, _ = play(s, 1, "pass card=stone")
    assert s.money == (17, 17)


def test_B25_end_of_round_turn_order_then_income() -> None:
    s = position(
        hands={0: ["leek", "stone"], 1: ["derby", "belper"]}, income={0: 12, 1: 14}, spent={0: 5}
    )
    s, _ = play(s, 0, "pass card=leek")
    s, _ = play(s, 0, "pass card=stone")
    s, _ = play(s, 1, "pass card=derby")
    s, events = play(s, 1, "pass card=belper")
    assert s.order == (1, 0)
    assert s.money == (17 + 1, 17 + 2)
    assert s.round == 3 and s.spent == (0, 0)
    assert keys(events).index("brass.income") > keys(events).index("brass.drew")


def test_B76_turn_order_by_spent_ties_keep_previous_order() -> None:
    s = position(3, order=(2, 0, 1), spent={2: 7, 0: 3, 1: 3}, round_no=1, actions_left=1)
    for seat in (2, 0):
        s, _ = play(s, seat, f"pass card={s.hands[seat][0]}")
    s, events = play(s, 1, f"pass card={s.hands[1][0]}")
    assert s.order == (0, 1, 2)
    # the new round states the whole new order, and it is the order played (issue 12.5)
    new_round = next(e for e in events if e.key == "brass.new_round")
    assert new_round.params["order_seats"] == [0, 1, 2]
    text = CATALOG.text(new_round.key, new_round.params, names=["ann", "ben", "cat"])
    assert text == "Round 2 begins; turn order: ann, ben, cat."
    assert E.to_act(s) == [0]


def test_B13_round_one_turn_order_is_random_and_is_the_order_stated() -> None:
    orders = {E.turn_order(E.setup(3, {}, seed), 3) == list(range(3)) for seed in range(8)}
    assert orders == {True, False}  # not merely the seat order
    s = E.setup(3, {}, 2)
    assert E.turn_order(s, 3) == list(s.order) and E.to_act(s) == [s.order[0]]


def test_B77_income_level_positive_receives_negative_pays() -> None:
    s = position(income={0: 20, 1: 5}, round_no=1, actions_left=1)  # levels 5 and -5
    s, _ = play(s, 0, f"pass card={s.hands[0][0]}")
    s, _ = play(s, 1, f"pass card={s.hands[1][0]}")
    assert s.money == (22, 12)


def test_B78_shortfall_owner_removes_tiles_for_half_cost_and_stops_when_covered() -> None:
    # Level -5: owes £5 with £1. Tiles: cotton mill I (£12 → £6) and coal mine II (£7 → £3).
    s = position(
        income={1: 5},
        money={1: 1},
        tiles=[("leek", 1, 1, "cotton_mill", 1), ("cannock", 2, 1, "coal_mine", 2, False, 1)],
        round_no=1,
        actions_left=1,
    )
    s, _ = play(s, 0, f"pass card={s.hands[0][0]}")
    s, events = play(s, 1, f"pass card={s.hands[1][0]}")
    assert s.phase == SHORTFALL and E.to_act(s) == [1]
    assert "brass.shortfall" in keys(events)
    assert E.view(s, None).shortfall == (1,) and E.timeout_action(s, 1) == "remove leek"
    s, events = play(s, 1, "remove cannock")  # £1 + £3 = £4 < £5: must go on
    assert s.phase == SHORTFALL and s.money[1] == 4
    s, events = play(s, 1, "remove leek")  # £4 + £6 = £10, pays £5, keeps £5
    assert s.money[1] == 5
    assert s.tiles == ()
    assert s.gone[1] == 2
    assert s.income[1] == 5  # the income marker does not move
    assert s.phase != SHORTFALL


def test_D12_the_owner_chooses_the_tiles_to_remove() -> None:
    s = position(
        income={1: 5},
        money={1: 0},
        tiles=[("leek", 1, 1, "cotton_mill", 1), ("stone", 1, 1, "cotton_mill", 1)],
        round_no=1,
        actions_left=1,
    )
    s, _ = play(s, 0, f"pass card={s.hands[0][0]}")
    s, _ = play(s, 1, f"pass card={s.hands[1][0]}")
    assert sorted(E.legal_texts(s, 1)) == ["remove leek", "remove stone"]
    illegal(s, 1, f"pass card={s.hands[1][0]}", "brass.must_remove")
    s, _ = play(s, 1, "remove stone")
    assert tile_at(s, "leek").owner == 1 and s.money[1] == 1


def test_B79_still_short_pay_all_and_lose_a_vp_per_pound() -> None:
    # Owes £5, has £1, only a Pottery II (worth £0) on the board: pays £1 and loses 4 VP.
    s = position(
        income={1: 5},
        money={1: 1},
        vp={1: 3},
        tiles=[("stafford", 2, 1, "pottery", 2)],
        round_no=1,
        actions_left=1,
    )
    s, _ = play(s, 0, f"pass card={s.hands[0][0]}")
    s, events = play(s, 1, f"pass card={s.hands[1][0]}")
    assert s.money[1] == 0
    assert s.vp[1] == 0  # 3 VP, 4 owed: not below 0
    assert len(s.tiles) == 1
    assert "brass.lost_vp" in keys(events)


def test_B79_F8_short_with_no_vp_left_says_so_instead_of_losing_0_vp() -> None:
    s = position(
        income={1: 5},
        money={1: 1},
        vp={1: 0},
        tiles=[("stafford", 2, 1, "pottery", 2)],
        round_no=1,
        actions_left=1,
    )
    s, _ = play(s, 0, f"pass card={s.hands[0][0]}")
    s, events = play(s, 1, f"pass card={s.hands[1][0]}")
    assert s.money[1] == 0 and s.vp[1] == 0
    assert "brass.short_no_vp" in keys(events)
    assert "brass.lost_vp" not in keys(events)


def test_D13_negative_income_is_not_money_spent() -> None:
    s = position(income={0: 7, 1: 7}, round_no=1, actions_left=1)  # both level -3
    s, _ = play(s, 0, f"pass card={s.hands[0][0]}")
    s, _ = play(s, 1, f"pass card={s.hands[1][0]}")
    assert s.spent == (0, 0)
    assert s.money == (14, 14)
