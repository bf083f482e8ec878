"""Brass's computer player (issue #15): what its evaluation makes of money, income and loans.
The strength itself is measured by ``turnpost arena brass`` (a benchmark)."""

from __future__ import annotations

import engines
from engines.ai import choose
from engines.ai.search import legal_texts
from engines.brass.ai import KNOWLEDGE, rounds_left
from engines.brass.state import evolve, income_level
from engines.rng import Rng
from tests.brass.helpers import last_canal_turn, position

E = engines.get("brass")


def _played(state: object, seat: int, verb: str) -> object:
    move = next(m for m in legal_texts(E, state, seat, Rng(1)) if m.startswith(verb + " "))
    after, _ = E.play(state, seat, move)
    return after


def test_b74_a_loan_costs_its_income_for_every_round_left() -> None:
    """B74, B54: a loan gives money now and takes income for the rest of the game. In the first
    round of a full game that is most of the game's income: the evaluation rates the loan below
    a pass (the same action spent, nothing gained); two rounds before the end, to a seat with
    no money, the money is worth more than the lost income."""
    state = E.setup(2, E.meta.validate_options({}), 3)
    seat = E.to_act(state)[0]
    assert rounds_left(state) == 20

    def loan_over_pass(at: object) -> float:
        loan, kept = _played(at, seat, "loan"), _played(at, seat, "pass")
        return KNOWLEDGE.scores(loan)[seat] - KNOWLEDGE.scores(kept)[seat]

    early = loan_over_pass(state)
    late_state = evolve(state, era="rail", round=9, money=(0,) * state.players)
    assert rounds_left(late_state) == 2
    assert loan_over_pass(late_state) > 0 > early


def test_money_counts_while_it_can_still_be_spent() -> None:
    state = E.setup(2, E.meta.validate_options({}), 3)
    richer = evolve(state, money=(state.money[0] + 10, state.money[1]))
    assert KNOWLEDGE.scores(richer)[0] > KNOWLEDGE.scores(state)[0]


def test_B23_R50_the_search_draws_cards_from_what_the_seat_knows_not_from_the_deck() -> None:
    """Every move of the seat ends its turn, so every line of the search meets the refill's
    chance node (B21) and, after the last canal card, the rail era's deal (R19, R20). Two
    positions that differ only in the deck's order and the generator (which the seat cannot
    see, B23, R50) give the same choice: the search draws from its own determinized deck."""
    hand = ["leek", "stone", "coventry", "dudley", "birmingham", "coal_mine", "iron_works"]
    deck = list(E.setup(2, {}, 1).deck[:12])
    for state in (
        position(2, hands={0: hand}, deck=deck, actions_left=1, round_no=3),
        last_canal_turn(2),
    ):
        other = evolve(state, deck=tuple(reversed(state.deck)), rng=state.rng ^ 0x5A5A)
        assert E.view(other, 0) == E.view(state, 0)
        for level in ("easy", "normal"):
            first = choose(E, state, 0, level, Rng(4), iterations=30)
            second = choose(E, other, 0, level, Rng(4), iterations=30)
            assert first == second


def test_B17_candidates_keep_each_move_once_with_a_spare_card() -> None:
    """A move is compared once, with the card least needed (B17: only Build cares which card):
    every candidate is legal and no two differ only in their card; the wild card is kept."""
    from engines.brass.ai_moves import candidates

    state = position(
        2, hands={0: ["leek", "stone", "wild_industry", "coal_mine", "dudley"]}, money={0: 30}
    )
    found = candidates(state, 0)
    legal = set(E.legal_texts(state, 0))
    assert found and set(found) <= legal
    heads = [m.rpartition(" card=")[0] for m in found]
    assert len(heads) == len(set(heads))
    assert not any(m.endswith("card=wild_industry") for m in found if not m.startswith("build"))
    assert not any(m.startswith("loan ") for m in found)  # £30: money enough to build (B67)
    poor = evolve(state, money=(3, state.money[1]))
    assert any(m.startswith("loan ") for m in candidates(poor, 0))


def test_B59_B63_a_tile_ready_to_sell_is_worth_more_and_selling_it_more_still() -> None:
    """The evaluation values a build–sell cycle: a cotton mill connected to a merchant that buys
    it, with beer in reach, is worth more than the same mill unconnected, and the sale (flip,
    income, B63) more again."""
    from engines.brass import ai_value

    base = dict(
        hands={0: ["leek", "stone"]},
        tiles=[("stoke_on_trent", 1, 0, "cotton_mill", 1), ("leek", 1, 0, "brewery", 1, False, 1)],
        merchants=[("warrington", 0, "all_goods", True), ("warrington", 1, "all_goods", True)],
        players=3,
    )
    alone = position(**base)  # type: ignore[arg-type]
    linked = position(links=[("stoke_on_trent-warrington", 0)], **base)  # type: ignore[arg-type]
    value = ai_value.projected
    assert value(linked)[0] > value(alone)[0]
    sale = next(m for m in E.legal_texts(linked, 0) if m.startswith("sell stoke_on_trent"))
    sold, _ = E.play(linked, 0, sale)
    assert value(sold)[0] > value(linked)[0]


def test_R46_money_is_worth_nothing_once_the_seats_last_turn_is_played() -> None:
    """Money scores nothing at the end of the full game (R46) and no income follows the last
    round (R12): once a seat has played its last turn its money is worth nothing (so it spends
    it on what scores), while a seat whose last turn is still to come can spend it."""
    from engines.brass import ai_value

    state = E.setup(2, E.meta.validate_options({}), 3)
    first, second = state.order
    # ``first`` has played; neither seat holds money yet
    last = evolve(state, era="rail", round=10, pos=1, actions_left=2, money=(0, 0))
    plus = [0, 0]
    plus[first] = plus[second] = 20
    richer = evolve(last, money=tuple(m + d for m, d in zip(last.money, plus, strict=True)))
    assert ai_value.projected(richer)[first] == ai_value.projected(last)[first]
    assert ai_value.projected(richer)[second] > ai_value.projected(last)[second]
    early = evolve(state, money=(state.money[0] + 20, state.money[1]))
    assert ai_value.projected(early)[0] > ai_value.projected(state)[0]


def test_a_mill_built_after_its_owners_last_turn_of_the_era_is_worth_nothing() -> None:
    """A level-1 cotton mill flips only by its owner's Sell action (B59) and leaves the board
    unflipped at the canal era's end (R17): once its owner has played the era's last turn, the
    evaluation gives it nothing, while the same mill with a turn still to come is worth a sale."""
    from engines.brass import ai_value

    base = dict(
        hands={0: ["leek"], 1: ["stone"]},
        tiles=[("stoke_on_trent", 1, 0, "cotton_mill", 1), ("leek", 1, 0, "brewery", 1, False, 1)],
        merchants=[("warrington", 0, "all_goods", True), ("warrington", 1, "all_goods", True)],
        links=[("stoke_on_trent-warrington", 0)],
        players=2,
        mode="full",
    )
    state = position(**base)  # type: ignore[arg-type]
    mill = next(t for t in state.tiles if t.industry == "cotton_mill")
    last_round = evolve(state, round=10, order=(1, 0), pos=0, actions_left=2)
    assert ai_value.flip_chance(last_round, mill)[0] > 0.5  # seat 0 plays after seat 1
    played = evolve(state, round=10, order=(0, 1), pos=1, actions_left=2)
    assert ai_value.flip_chance(played, mill)[0] == 0.0


def test_turns_are_whole_turns_legal_in_order() -> None:
    """``turns``: each candidate is both actions of the turn with their cards (a Sell action's
    sales included), legal in order, and ends exactly when the turn passes."""
    state = position(
        2, hands={0: ["leek", "stone", "coal_mine", "dudley", "birmingham"]}, money={0: 30}
    )
    found = KNOWLEDGE.turns(E, state, 0, Rng(3), 4)
    assert 1 <= len(found) <= 4
    for turn in found:
        s = state
        for i, move in enumerate(turn):
            assert E.to_act(s) == [0], (turn, i)
            s, _ = E.play(s, 0, move)
        assert E.to_act(s) != [0]
        assert sum(1 for m in turn if " card=" in m) == 2


def test_policy_plays_a_legal_move() -> None:
    state = E.setup(4, E.meta.validate_options({}), 9)
    rng = Rng(2)
    for _ in range(40):
        seat = E.to_act(state)[0]
        move = KNOWLEDGE.policy(E, state, seat, rng)
        assert move is not None and move in E.legal_texts(state, seat)
        state, _ = E.play(state, seat, move)


def test_B59_a_seat_with_beer_and_a_connected_mill_sells_rather_than_takes_a_loan() -> None:
    """A cotton mill joined to a merchant that buys it, with the seat's own brewery full (B34,
    B59): the sale flips the mill and raises income at once (B63), so the computer's turn
    sells it and takes no loan, even short of money where a loan (B67) is among its candidates."""
    from engines.ai.search import search
    from engines.brass.ai_moves import candidates

    state = position(
        4,
        hands={0: ["leek", "stone", "coventry", "dudley"]},
        tiles=[("stoke_on_trent", 1, 0, "cotton_mill", 1), ("leek", 1, 0, "brewery", 1, False, 1)],
        merchants=[("warrington", 0, "all_goods", True), ("warrington", 1, "all_goods", True)],
        links=[("stoke_on_trent-warrington", 0)],
        money={0: 4},
        round_no=3,
        mode="full",
    )
    assert any(m.startswith("loan ") for m in candidates(state, 0))
    for seed in (1, 2, 3):
        turn = search(E, KNOWLEDGE, state, 0, Rng(seed), iterations=30)[0].turn
        assert any(m.startswith("sell stoke_on_trent warrington") for m in turn), turn
        assert not any(m.startswith("loan ") for m in turn), turn


def test_R46_B77_money_the_last_rounds_cannot_spend_is_worth_nothing_already() -> None:
    """Money scores nothing at the end of the full game (R46) and income is paid before the
    last round (B77): one round before the end, after its turn, a seat with a high income can
    spend only part of what it holds in its last turn (two cards, B20, and only on what scores
    at once), so more money beyond that adds nothing and the computer spends it now; early in
    the game every pound still counts."""
    from engines.brass import ai_value

    state = E.setup(2, E.meta.validate_options({}), 3)
    first, second = state.order
    # Rail round 9 of 10, ``first`` has played: one turn left, and an income of level 13 comes.
    income = list(state.income)
    income[first] = 39
    assert income_level(39) == 13  # B74
    late = evolve(state, era="rail", round=9, pos=1, actions_left=2, income=tuple(income))
    assert ai_value.turns_to_come(late, first) == 1
    room = ai_value.spendable(late, first)
    assert room == ai_value.SPEND_LAST_TURN - 13 < ai_value.SPEND_PER_TURN - 13

    def rich(state: object, pounds: int) -> object:
        money = list(late.money)
        money[first] = pounds
        return evolve(late, money=tuple(money))

    at_room, beyond = rich(late, room), rich(late, room + 25)
    assert ai_value.projected(beyond)[first] == ai_value.projected(at_room)[first]
    assert ai_value.projected(at_room)[first] > ai_value.projected(rich(late, 0))[first]
    early = evolve(state, money=(state.money[0] + 60, state.money[1]))
    assert ai_value.projected(early)[0] > ai_value.projected(state)[0]


def test_R46_no_loan_as_the_seats_last_action_of_the_full_game() -> None:
    """A loan (B67) as a seat's last action of the full game buys nothing (money scores
    nothing, R46) and lowers the income that breaks a tie (B82): the computer does not consider
    it then; with an action left in that turn it still may (the money can fund a build)."""
    from engines.brass.ai_moves import candidates

    state = position(2, hands={0: ["leek", "stone"]}, money={0: 3}, mode="full")
    last = evolve(state, era="rail", round=10, order=(1, 0), pos=1, actions_left=1)
    assert not any(m.startswith("loan ") for m in candidates(last, 0))
    first_action = evolve(last, actions_left=2)
    assert any(m.startswith("loan ") for m in candidates(first_action, 0))
    earlier = evolve(last, round=9)
    assert any(m.startswith("loan ") for m in candidates(earlier, 0))


def test_strong_compares_more_whole_turns_than_normal_in_brass() -> None:
    """``strong`` spends its extra time on breadth in Brass (``strong_width``): its root lists
    more whole turns, from a wider beam, than ``normal``'s, every one legal as a whole."""
    from engines.ai.search import ROOT_TURNS, root_turns
    from engines.ai.seats import root_width

    state = position(
        2,
        hands={0: ["leek", "stone", "coal_mine", "dudley", "birmingham", "wild_industry"]},
        money={0: 40},
    )
    normal = root_turns(E, KNOWLEDGE, state, 0, Rng(3), root_width(KNOWLEDGE, "normal"))
    strong = root_turns(E, KNOWLEDGE, state, 0, Rng(3), root_width(KNOWLEDGE, "strong"))
    assert len(normal) == ROOT_TURNS < len(strong) == KNOWLEDGE.strong_width
    for _, turn in strong:
        s = state
        for move in turn:
            s, _ = E.play(s, 0, move)
        assert E.to_act(s) != [0]


def test_B8_a_sample_keeps_wild_cards_with_the_rivals_who_hold_them() -> None:
    """Wild cards never lie in the deck or face down (B8), and a rival who took them by
    scouting did so in public: the search's samples deal the rival's other cards again but
    leave the wild ones in that hand."""
    rival = ["leek", "wild_industry", "wild_location", "coal_mine", "dudley"]
    deck = list(E.setup(3, {}, 1).deck[:12])
    state = position(3, hands={0: ["stone", "coventry"], 1: rival, 2: ["birmingham"]}, deck=deck)
    for seed in range(20):
        sample = KNOWLEDGE.determinize(state, 0, Rng(seed))
        assert {"wild_industry", "wild_location"} <= set(sample.hands[1])
        assert not {"wild_industry", "wild_location"} & set(sample.deck + sample.face_down)
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert sample.hands[0] == state.hands[0]
