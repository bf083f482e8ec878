"""``turnpost arena``'s sequential test (#24.4): a line stops as soon as it is decided at 95 %
confidence, and says so."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from engines.ai.arena import Sprt


def test_a_sequential_test_decides_only_on_enough_evidence() -> None:
    test = Sprt("normal", 0.5, 0.65)
    assert test.verdict(5, 5) is None  # five straight wins are not yet enough
    assert test.verdict(12, 12) == "p1"
    assert test.verdict(0, 9) == "p0"
    assert test.verdict(100, 200) == "p0"  # half of 200: not 65 %
    assert test.verdict(130, 200) == "p1"


def test_the_arena_stops_when_the_test_decides_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        ["arena", "bombay", "--players", "2", "--games", "40", "--seats", "easy,random"]
        + ["--iterations", "5", "--sprt", "0.5,0.8"]
    )
    assert code == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["games"] < 40
    assert summary["sprt"]["verdict"] == "p1"
    assert lines[-2].startswith(f"SPRT after {summary['games']} games: easy's share of wins")
    assert "95 % confidence" in lines[-2]


def test_a_bad_sprt_argument_is_refused() -> None:
    with pytest.raises(SystemExit, match="0 < P0 < P1 < 1"):
        main(["arena", "bombay", "--seats", "easy,random", "--sprt", "0.7,0.6"])
