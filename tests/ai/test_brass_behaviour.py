"""Brass's behaviour metrics (#24.3) agree with what the final position says a seat did."""

from __future__ import annotations

import engines
from engines.ai.behaviour import Step
from engines.ai.behaviour import brass as brass_metrics
from engines.brass import components as C
from engines.brass.state import income_level
from engines.randomplay import random_action
from engines.rng import Rng, seed_state


def test_brass_metrics_match_the_mats_links_and_score_sheet() -> None:
    """A random full game: every tile that left a mat was built or developed (B40, B55, B62),
    the rail links on the board are the rail era's links (R15), money, income level and VP are
    the final position's, and a tile is sold only by a Sell action of its owner (B59)."""
    engine = engines.get("brass")
    state = engine.setup(2, {"mode": "full"}, 11)
    rng = Rng(seed_state(11))
    steps = []
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        move = random_action(engine, state, seat, rng)
        assert move is not None
        after, events = engine.play(state, seat, move)
        steps.append(Step(seat, move, events, state, after))
        state = after
    result = engine.result(state)
    assert result is not None
    rows = brass_metrics.metrics(engine, steps, result)
    full_mat = sum(lv.count for ind in C.INDUSTRIES for lv in C.levels()[ind])
    for seat, row in enumerate(rows):
        left = sum(sum(counts) for counts in state.mats[seat])
        assert row["built"] + row["developments"] + row["bonus_develops"] == full_mat - left
        assert row["built"] == row["built_canal"] + row["built_rail"]
        assert row["links_rail"] == sum(1 for _, o in state.links if o == seat)
        assert row["loans"] == sum(1 for s in steps if s.seat == seat and s.move[:4] == "loan")
        assert row["money_end"] == state.money[seat]
        assert row["income_level"] == income_level(state.income[seat])
        assert row["vp"] == result.scores[seat]
        assert row["vp"] == sum(v for k, v in row.items() if k.startswith("vp_"))
        assert row["sold"] >= row["sell_actions"] and row["flipped"] >= row["sold"]
    assert sum(r["built"] for r in rows) > 0 and sum(r["loans"] for r in rows) > 0
