"""Brass's computer player (issue #15): what its evaluation makes of money, income and loans.
The strength itself is measured by ``turnpost arena brass`` (a benchmark)."""

from __future__ import annotations

import engines
from engines.ai.search import legal_texts
from engines.brass.ai import KNOWLEDGE, rounds_left
from engines.brass.state import evolve
from engines.rng import Rng

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
