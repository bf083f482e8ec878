"""The behaviour benchmark's harness (#24.3): whole arena games recorded step by step and
measured by the game's metrics (``engines/ai/behaviour``, ``turnpost arena ... --report behaviour``
and ``bench/ai_behaviour.py``)."""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import pytest

import engines
from bench import ai_behaviour
from bot.cli import main
from engines.ai.arena import Sprt, play_game, recorded_game, run
from engines.ai.behaviour import Step, by_kind, metrics_for
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

    fake = types.ModuleType("engines.ai.behaviour.imhotep")
    fake.metrics = metrics  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "engines.ai.behaviour.imhotep", fake)
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


def test_the_arena_reports_behaviour_per_seat_kind_and_per_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``turnpost arena ... --report behaviour``: the game's metrics for every seat of every
    game, summarised per seat kind and per seat at the table, as tables and in the JSON line;
    the two summaries count the same seats."""
    code = main(
        ["arena", "bombay", "--players", "2", "--games", "3", "--seats", "easy,random"]
        + ["--iterations", "5", "--report", "behaviour"]
    )
    assert code == 0
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    summary = json.loads(lines[-1])
    kinds, seats = summary["behaviour"], summary["behaviour_by_seat"]
    assert set(kinds) == {"easy", "random"}
    assert set(seats) == {"seat 1", "seat 2"}
    for metric in ("fortune_share", "ap_unused_share", "sold", "final_rupees"):
        assert kinds["easy"][metric]["n"] == 3 and seats["seat 1"][metric]["n"] == 3
        total_by_kind = sum(kinds[k][metric]["mean"] * kinds[k][metric]["n"] for k in kinds)
        total_by_seat = sum(seats[s][metric]["mean"] * seats[s][metric]["n"] for s in seats)
        assert total_by_kind == pytest.approx(total_by_seat, abs=0.01)
    # The final score the metrics read is the arena's own.
    scores = [
        int(part.split("=")[1])
        for line in lines
        if line.startswith("game ")
        for part in line.split()[2:4]
    ]
    assert sum(scores) == pytest.approx(
        sum(kinds[k]["final_rupees"]["mean"] * 3 for k in kinds), abs=0.01
    )
    assert "behaviour per seat kind" in out and "behaviour per seat (" in out
    table_row = next(line for line in lines if line.startswith("fortune_share "))
    assert len(table_row.split()) == 1 + 2 * 2  # the metric, then median and mean per kind


def test_a_stopped_line_reports_the_behaviour_of_the_games_played() -> None:
    """With a sequential test that stops early, the behaviour counts only the games played."""
    summary = run(
        engines.get("bombay"),
        2,
        40,
        ["easy", "random"],
        seconds=1.0,
        iterations=5,
        sprt=Sprt("easy", 0.5, 0.8),
        report="behaviour",
    )
    assert summary["games"] < 40
    assert summary["behaviour"]["easy"]["turns"]["n"] == summary["games"]


def test_an_unknown_report_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown report"):
        run(engines.get("bombay"), 2, 1, ["random"], report="speed")


def test_the_metrics_live_in_the_installed_package() -> None:
    """``--report behaviour`` must work where Turnpost is installed, without ``bench/``."""
    for game in ("bombay", "brass", "imhotep", "marco_polo"):
        assert metrics_for(game).__module__ == f"engines.ai.behaviour.{game}"
