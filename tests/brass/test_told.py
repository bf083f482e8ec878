"""#28.3: market coal or iron bought for a build or a rail link is told inside that build's or
link's price, once ("for £6: £5 for the link and £1 for 1 coal from the market"), never as a
purchase beside a price that already includes it (B43, R35)."""

from __future__ import annotations

import re

import pytest

import engines
from bot.service.narrate import Narrator
from engines.randomplay import random_play
from engines.rng import Rng

NAMES = ["Ana", "Ben", "Cid", "Dee"]


def _moves_with_market_cubes(mode: str) -> list[tuple[str, list]]:
    """(move, events) of the builds and rail links of seeded random games that bought cubes."""
    engine = engines.get("brass")
    found = []
    for seed in (1, 2, 3):
        state = engine.setup(4, engine.meta.validate_options({"mode": mode}), seed)
        _, steps = random_play(engine, state, Rng(seed))
        for before, seat, move in steps:
            _, events = engine.play(before, seat, move)
            keys = [e.key for e in events]
            if "brass.bought" in keys and ("brass.built" in keys or "brass.linked_rail" in keys):
                found.append((move, events))
    return found


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_a_purchase_for_a_build_or_a_rail_link_is_told_inside_its_price(lang: str) -> None:
    engine = engines.get("brass")
    words = Narrator(lang)
    moves = _moves_with_market_cubes("full")
    rails = [m for m, ev in moves if any(e.key == "brass.linked_rail" for e in ev)]
    assert rails and len(moves) > len(rails)  # rail links and builds both
    for move, events in moves:
        plain = words.event_lines(events, NAMES, None)
        told = words.event_lines(events, NAMES, None, engine)
        assert len(told) == len(plain) - sum(e.key == "brass.bought" for e in events), move
        bought = {words.t(e.key, e.params, NAMES) for e in events if e.key == "brass.bought"}
        assert not bought & set(told), move  # no purchase of its own
        (priced,) = [e for e in events if e.key in ("brass.built", "brass.linked_rail")]
        total = int(priced.params["money"])
        market = sum(int(e.params["money"]) for e in events if e.key == "brass.bought")
        line = next(x for x in told if f"£{total}" in x)
        # The total and its two parts, each once.
        pounds = [int(p) for p in re.findall(r"£(\d+)", line)]
        assert pounds == [total, total - market, market], (move, line)


def test_a_develops_iron_is_told_as_a_purchase_of_its_own() -> None:
    engine = engines.get("brass")
    state = engine.setup(2, engine.meta.validate_options({}), 5)
    for before, seat, move in random_play(engine, state, Rng(5))[1]:
        _, events = engine.play(before, seat, move)
        if move.startswith("develop") and any(e.key == "brass.bought" for e in events):
            assert engine.told(events) == events
            return
    pytest.fail("no develop bought iron in this game")
