"""Bombay's and Imhotep's behaviour metrics (#24.3) count what the events say a seat did."""

from __future__ import annotations

from typing import Any

import engines
from engines.ai.behaviour import Step
from engines.ai.behaviour import bombay as bombay_metrics
from engines.ai.behaviour import imhotep as imhotep_metrics
from engines.imhotep.scoring import CATEGORIES
from engines.randomplay import random_action
from engines.rng import Rng, seed_state


def _play(game: str, players: int, seed: int, script: dict[int, list[str]]) -> Any:
    """A whole game: each seat plays its scripted commands first (one per command it is asked
    for), then random ones; the steps and the result."""
    engine = engines.get(game)
    state = engine.setup(players, engine.meta.validate_options({}), seed)
    rng = Rng(seed_state(seed))
    steps = []
    queued = {seat: list(moves) for seat, moves in script.items()}
    while engine.to_act(state):
        seat = engine.to_act(state)[0]
        move = queued[seat].pop(0) if queued.get(seat) else random_action(engine, state, seat, rng)
        assert move is not None
        after, events = engine.play(state, seat, move)
        steps.append(Step(seat, move, events, state, after))
        state = after
    result = engine.result(state)
    return engine, steps, result


def test_bombay_counts_fortune_turns_unused_points_and_trade() -> None:
    """Seat 0 consolidates (Y79) on its first turn and walks one step then ends (Y42) on its
    second: one fortune turn, 2 AP unused; the trade counts match the events."""
    engine, steps, result = _play("bombay", 3, 5, {0: ["fortune", "move e3", "end"]})
    rows = bombay_metrics.metrics(engine, steps, result)
    assert rows[0]["turns"] == 15  # Y30
    assert rows[0]["fortune_turns"] >= 1
    assert rows[0]["ap_unused"] >= 2
    for seat, row in enumerate(rows):
        keys = [e.key for s in steps if s.seat == seat for e in s.events]
        assert row["bought"] == keys.count("bombay.bought")
        assert row["sold"] == keys.count("bombay.sold")
        assert row["palaces"] == keys.count("bombay.built")
        assert row["final_rupees"] == result.scores[seat]
    # Every non-fortune turn spends at most its 3 AP: what is unused is the rest.
    assert all(0 <= row["ap_unused_share"] <= 1 for row in rows)


def test_bombay_unused_points_are_exactly_what_end_leaves() -> None:
    """Only ``end`` right away (3 AP unused each turn) and ``fortune`` (none unused)."""
    engine = engines.get("bombay")
    script = {s: ["end", "fortune"] * 8 for s in range(2)}
    engine, steps, result = _play("bombay", 2, 3, script)
    rows = bombay_metrics.metrics(engine, steps, result)
    for row in rows:
        assert row["turns"] == 16
        assert row["fortune_turns"] == 8
        assert row["fortune_share"] == 0.5
        assert row["ap_unused"] == 24
        assert row["turns_with_unused"] == 8


def test_imhotep_counts_stones_per_site_and_cards() -> None:
    """Stones delivered per site add up to the placements the events name; cards taken too."""
    engine, steps, result = _play("imhotep", 3, 2, {})
    rows = imhotep_metrics.metrics(engine, steps, result)
    placed = sum(1 for s in steps for e in s.events if e.key in imhotep_metrics.SITE_OF)
    assert sum(r["stones_delivered"] for r in rows) == placed > 0
    for row in rows:
        assert row["stones_delivered"] == sum(row[f"stones_{s}"] for s in imhotep_metrics.SITES)
    took = sum(
        1 for s in steps for e in s.events if e.key in ("imhotep.took_card", "imhotep.took_pair")
    )
    assert sum(r["cards_taken"] for r in rows) == took


def test_imhotep_score_sheet_parts_add_up_to_the_final_points() -> None:
    """``points_<category>`` are the final score sheet's parts (I76): they add up to each seat's
    final points, the temple's round-end points (I40) and the end-game awards included."""
    engine, steps, result = _play("imhotep", 2, 7, {})
    rows = imhotep_metrics.metrics(engine, steps, result)
    for seat, row in enumerate(rows):
        parts = [row[f"points_{c}"] for c in CATEGORIES]
        assert sum(parts) == row["final_points"] == result.scores[seat]
    assert any(row["points_temple"] > 0 for row in rows)
