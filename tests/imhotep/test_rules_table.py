"""The RULES table (engines/kit.py idiom, issue #14): "is it legal", "why not" and "do it" are
one code path, and the fast list of legal moves agrees with it."""

from __future__ import annotations

from itertools import product

from engines import kit
from engines.imhotep import components as C
from engines.imhotep.notation import Action
from engines.imhotep.rules import RULES
from engines.randomplay import random_play
from engines.rng import Rng

from .helpers import ENGINE, game


def _every_action() -> list[Action]:
    """Every well-formed action of the notation on a board of at most 4 ships of 4 positions."""
    n = [str(i) for i in range(1, 5)]
    sites = list(C.SITE_WORDS)
    out = [Action("quarry")]
    out += [Action(v, (s, p)) for v in ("load", "hammer") for s, p in product(n, n)]
    out += [Action("sail", (s, site)) for s, site in product(n, sites)]
    out += [Action("lever", (s, site, "2-1")) for s, site in product(n, sites)]
    out += [Action("sailcard", (s, p, site)) for s, p, site in product(n, n, sites)]
    out += [Action("chisel", (*a, *b)) for a, b in product(product(n, n), repeat=2) if a < b]
    out += [Action("take", (k,)) for k in [*C.card_types(), "pair"]]
    out += [Action("keep", (k,)) for k in C.card_types()]
    out += [Action("pyramid", (p,)) for p in ("1", "2", "3", "4")]
    out += [Action("bonus", (b,)) for b in ("point", "stones")]
    return out


def test_I29_E12_the_listed_moves_are_exactly_those_the_rules_table_lets_pass() -> None:
    pool = _every_action()
    for options in ({}, {"sides": "b"}):
        for seed in (1, 2):
            start = game(3, seed=seed, **options)
            _, steps = random_play(ENGINE, start, Rng(seed), 400)
            for state, seat, _ in steps[::3]:
                listed = set(ENGINE.legal_actions(state, seat))
                assert listed
                assert all(kit.why_not(RULES, state, seat, a) is None for a in listed)
                for action in pool:
                    reason = kit.why_not(RULES, state, seat, action)
                    assert (reason is None) == (action in listed), (str(action), reason)


def test_apply_never_changes_the_state_it_is_given() -> None:
    start = game(4, seed=5, sides="b")
    _, steps = random_play(ENGINE, start, Rng(5), 300)
    for state, seat, text in steps:
        before = ENGINE.dump(state)
        ENGINE.play(state, seat, text)
        assert ENGINE.dump(state) == before
