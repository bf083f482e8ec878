"""The behaviour benchmark's harness (#24.3): whole arena games recorded step by step and
measured by the game's metrics (``bench/behaviour``, ``bench/ai_behaviour.py``)."""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import pytest

import engines
from bench import ai_behaviour
from bench.behaviour import Step, by_kind, metrics_for, recorded_game
from engines.ai.arena import play_game
from engines.base import CHANCE


def test_a_recorded_game_is_every_move_and_every_draw_in_order() -> None:
    """The steps chain (each starts where the one before ended), chance outcomes are steps of
    their own with no seat, and replaying the moves gives the same end as the unrecorded game."""
    engine = engines.get("bombay")
    steps: list[Step] = []
    record = play_game(
        engine,
        2,
        ("random", "random"),
        7,
        seconds=1.0,
        on_step=lambda *part: steps.append(Step(*part)),
    )
    plain = play_game(engine, 2, ("random", "random"), 7, seconds=1.0)
    assert (record.scores, record.winners, record.moves) == (
        plain.scores,
        plain.winners,
        plain.moves,
    )
    for a, b in zip(steps, steps[1:], strict=False):
        assert a.after is b.before
    chance = [s for s in steps if s.seat is None]
    assert chance, "a Bombay game restocks the market from the bag"
    for s in chance:
        assert engine.to_act(s.before) == [CHANCE]
    assert sum(1 for s in steps if s.seat is not None) == record.moves
    assert engine.result(steps[-1].after) is not None


def test_a_game_without_metrics_says_so() -> None:
    with pytest.raises(LookupError, match="no behaviour metrics"):
        metrics_for("no_such_game")


def test_metrics_are_summarised_per_seat_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seat's numbers go to its kind; medians and means over every seat of the kind."""

    def metrics(engine: Any, steps: list[Step], result: Any) -> list[dict[str, float]]:
        return [
            {"moves": float(sum(1 for s in steps if s.seat == seat)), "seat": float(seat)}
            for seat in range(len(result.scores))
        ]

    fake = types.ModuleType("bench.behaviour.imhotep")
    fake.metrics = metrics  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.behaviour.imhotep", fake)
    games = [
        recorded_game(("imhotep", 2, kinds, 3, 1.0, None, {}))
        for kinds in (("random", "easy"), ("easy", "random"))
    ]
    summary = by_kind(games)
    assert summary["easy"]["seat"] == {"median": 0.5, "mean": 0.5, "n": 2}
    moves = [m for record, rows in games for m in (rows[0]["moves"], rows[1]["moves"])]
    assert summary["easy"]["moves"]["n"] == 2 and all(m > 0 for m in moves)


def test_the_behaviour_command_ends_with_a_json_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = ai_behaviour.main(["bombay", "--players", "2", "--games", "2", "--seats", "easy,random"])
    assert code == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("game 1: ")
    summary = json.loads(lines[-1])
    assert summary["games"] == 2
    assert set(summary["behaviour"]) == {"easy", "random"}
    assert summary["behaviour"]["easy"]["turns"]["n"] == 2
