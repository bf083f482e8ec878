"""Brass's computer player (issue #15): what its evaluation makes of money, income and loans.
The strength itself is measured by ``turnpost arena brass`` (a benchmark)."""

from __future__ import annotations

import engines
from engines.ai import choose
from engines.ai.search import legal_texts
from engines.brass.ai import KNOWLEDGE, rounds_left
from engines.brass.state import evolve
from engines.rng import Rng
from tests.brass.helpers import last_canal_turn, position

E = engines.get("brass")


def _loan(state: object, seat: int) -> object:
    move = next(m for m in legal_texts(E, state, seat, Rng(1)) if m.startswith("loan "))
    after, _ = E.play(state, seat, move)
    return after


def test_b74_a_loan_costs_its_income_for_every_round_left() -> None:
    """B74, B54: a loan gives money now and takes income for the rest of the game. In the first
    round of a full game that is most of the game's income: the evaluation rates the loan below
    the position without it; in the last round the money is worth more than the lost income."""
    state = E.setup(2, E.meta.validate_options({}), 3)
    seat = E.to_act(state)[0]
    assert rounds_left(state) == 20
    early = KNOWLEDGE.scores(_loan(state, seat))[seat] - KNOWLEDGE.scores(state)[seat]
    assert early < 0
    late_state = evolve(state, era="rail", round=9)
    assert rounds_left(late_state) == 2
    late = KNOWLEDGE.scores(_loan(late_state, seat))[seat] - KNOWLEDGE.scores(late_state)[seat]
    assert late > 0 > early


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
