"""The rules table (``engines/marco_polo/rules.py``): what ``complete`` offers, what ``apply``
accepts and why it refuses are one code path (#14). Placements are judged once per value and
colour class of the dice (M24); here that is checked against every dice combination judged on
its own with ``dice_problem`` and ``choices`` (M24-M31), on positions from random games."""

from __future__ import annotations

import pytest

from engines.base import END
from engines.marco_polo import rules
from engines.marco_polo.placement import (
    SPACES,
    choices,
    dice_combos,
    dice_needed,
    dice_problem,
    space_problem,
)
from engines.marco_polo.state import State
from engines.randomplay import random_action
from engines.rng import Rng
from tests.marco_polo.helpers import E, res


def _walk(state: State, seat: int, prefix: list[str]) -> set[str]:
    """Every whole action below ``prefix``, following ``complete``; no offered token is a dead
    end (each leads to at least one whole action)."""
    found: set[str] = set()
    for tok in E.complete(state, seat, " ".join(prefix)):
        if tok == END:
            found.add(" ".join(prefix))
            continue
        below = _walk(state, seat, [*prefix, tok])
        assert below, f"{' '.join([*prefix, tok])!r} is offered but leads nowhere"
        found |= below
    return found


def _one_by_one(state: State, seat: int) -> set[str]:
    """Every legal placement, each dice combination judged on its own."""
    found: set[str] = set()
    if not rules.may_place(state, seat):
        return found
    dice = state.players[seat].dice
    for space in SPACES:
        if space_problem(state, seat, space) is not None:
            continue
        for combo in dice_combos(dice, dice_needed(space)):
            if dice_problem(state, seat, space, combo) is None:
                for suffix in choices(state, seat, space, combo):
                    found.add(" ".join(("place", space, *combo, *suffix)))
    return found


def _positions(players: int, setup: str, seed: int) -> list[tuple[State, int]]:
    state = E.setup(players, E.meta.validate_options({"setup": setup}), seed)
    rng = Rng(seed)
    out = []
    while E.to_act(state):
        seat = rng.choice(E.to_act(state))
        if rules.may_place(state, seat) and rng.below(4) == 0:
            out.append((state, seat))
            # The same position short of money: fees, Travel rows and cards are refused then.
            out.append((res(state, seat, coin=rng.below(3), camel=rng.below(2)), seat))
        text = random_action(E, state, seat, rng)
        assert text is not None
        state, _ = E.play(state, seat, text)
    return out


@pytest.mark.parametrize(
    "players,setup,seed", [(2, "basic", 3), (4, "basic", 8), (3, "advanced", 5)]
)
def test_M24_offered_placements_are_exactly_the_legal_ones(
    players: int, setup: str, seed: int
) -> None:
    """Given positions where a player may place dice (Raschid's unrolled dice included in the
    basic set-up), the placements ``complete`` offers are exactly those each combination of
    dice allows on its own, and ``apply`` accepts every one of them."""
    positions = _positions(players, setup, seed)
    assert len(positions) > 5
    for state, seat in positions:
        offered = _walk(state, seat, ["place"])
        assert offered == _one_by_one(state, seat)
        for text in sorted(offered)[:: max(1, len(offered) // 10)]:
            assert rules.why_not_place(state, seat, E.parse(state, seat, text)) is None
            E.play(state, seat, text)


def test_M24_a_refused_placement_gets_the_same_reason_as_before_the_table() -> None:
    """Given dice that cannot go on a space, ``apply`` refuses with the reason ``dice_problem``
    gives for those dice (colour, Khan order, fee, nothing to gain)."""
    checked = 0
    for state, seat in _positions(4, "basic", 8):
        dice = state.players[seat].dice
        for space in SPACES:
            if space_problem(state, seat, space) is not None:
                continue
            for combo in dice_combos(dice, dice_needed(space)):
                reason = dice_problem(state, seat, space, combo)
                if reason is None:
                    continue
                got = rules.why_not_place(
                    state, seat, E.parse(state, seat, f"place {space} {' '.join(combo)}")
                )
                assert got is not None and got.key == reason.key
                checked += 1
    assert checked > 10
