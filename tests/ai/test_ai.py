"""Computer seats (issue #15): they know only what their seat knows, and they beat chance.

Every game with a ``engines/<game>/ai.py`` is checked here; the arena figures themselves are a
benchmark (``turnpost arena``), not a test.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import engines
from bot.cli import main
from engines.ai import choose, hints, knowledge_for
from engines.ai.arena import run, seat_kinds
from engines.ai.knowledge import values
from engines.randomplay import random_action
from engines.rng import Rng, seed_state
from tests import games


def _with_ai() -> list[str]:
    out = []
    for game in games.shipped():
        try:
            knowledge_for(engines.get(game))
        except LookupError:
            continue
        out.append(game)
    return out


WITH_AI = _with_ai()


def positions(game: str, players: int, seed: int, every: int = 7) -> list[Any]:
    """States met along a random game of ``players`` (or the nearest count the game takes),
    every ``every`` moves."""
    engine = engines.get(game)
    state = engine.setup(games.players(game, players), engine.meta.validate_options({}), seed)
    rng = Rng(seed_state(seed))
    out = []
    for step in range(400):
        who = engine.to_act(state)
        if not who:
            break
        if step % every == 0:
            out.append(state)
        move = random_action(engine, state, who[0], rng)
        assert move is not None
        state, _ = engine.play(state, who[0], move)
    return out


@pytest.mark.parametrize("game", WITH_AI)
def test_a_sampled_state_looks_the_same_to_the_seat(game: str) -> None:
    """Determinizing keeps everything the seat sees: its view is unchanged."""
    engine = engines.get(game)
    knowledge = knowledge_for(engine)
    for state in positions(game, 3, 5):
        for seat in engine.to_act(state):
            sample = knowledge.determinize(state, seat, Rng(9))
            assert engine.view(sample, seat) == engine.view(state, seat)
            assert engine.to_act(sample) == engine.to_act(state)


@pytest.mark.parametrize("game", WITH_AI)
@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_a_computer_seat_chooses_from_its_own_information_only(game: str, level: str) -> None:
    """Two states that differ only in what the seat cannot see (here: other seats' secrets and
    the future, re-dealt by a sample for another seat) give the same choice."""
    engine = engines.get(game)
    knowledge = knowledge_for(engine)
    for state in positions(game, 3, 8, every=23)[:4]:
        seat = engine.to_act(state)[0]
        # What the seat cannot see, changed: a sample drawn from its own information.
        other = knowledge.determinize(state, seat, Rng(123))
        first = choose(engine, state, seat, level, Rng(4), iterations=25)
        second = choose(engine, other, seat, level, Rng(4), iterations=25)
        assert first == second


#: Games in the small arena sample below: two, or the game's ``ARENA_SAMPLE`` in
#: ``tests/<id>/__init__.py`` (Marco Polo's moves are slow to list, so it plays one).


@pytest.mark.parametrize("game", WITH_AI)
def test_normal_beats_a_random_player(game: str) -> None:
    """A small, fixed-seed sample of the arena (the full runs are ``turnpost arena``)."""
    count = games.fact(game, "ARENA_SAMPLE", 2)
    summary = run(engines.get(game), 2, count, ["normal", "random"], seed=3, iterations=40)
    assert summary["kinds"]["normal"]["wins"] == count


def test_hints_are_three_legal_moves_best_first() -> None:
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    seat = engine.to_act(state)[0]
    top = hints(engine, state, seat, Rng(2), iterations=60)
    assert len(top) == 3
    legal = {str(a) for a in engine.legal_actions(state, seat) or []}
    assert {h.move for h in top} <= legal
    assert [h.visits for h in top] == sorted((h.visits for h in top), reverse=True)


def test_seat_kinds_rotate_round_the_table() -> None:
    assert [seat_kinds(["normal", "random"], 2, g) for g in range(3)] == [
        ("normal", "random"),
        ("random", "normal"),
        ("normal", "random"),
    ]
    with pytest.raises(ValueError, match="unknown seat kind"):
        seat_kinds(["genius"], 2, 0)


def test_arena_command_ends_with_a_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["arena", "bombay", "--players", "2", "--games", "2", "--seats", "easy,random"]
        + ["--iterations", "10"]
    )
    assert code == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("game 1: ")
    summary = json.loads(lines[-1])
    assert summary["games"] == 2
    assert set(summary["kinds"]) == {"easy", "random"}
    assert summary["kinds"]["easy"]["seats"] == 2


class _Lead:
    """A stand-in knowledge: scores are given, the game is never over."""

    scale = 5.0
    rollout_depth = 0

    def __init__(self, scores: list[float], margin: float = 0.0) -> None:
        self._scores = scores
        self.margin = margin

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        return state

    def scores(self, state: Any) -> list[float]:
        return self._scores


def test_a_margin_share_keeps_telling_big_leads_apart() -> None:
    """Without a margin a lead of 60 and one of 90 points are both a certain win, so every move
    looks alike to the search; with one, the bigger lead (and the smaller deficit) is worth more,
    and a close game is still judged by the chance to win."""
    engine = engines.get("bombay")
    state = engine.setup(2, engine.meta.validate_options({}), 1)
    plain = [values(_Lead([60, 0]), engine, state), values(_Lead([90, 0]), engine, state)]
    assert plain[0] == pytest.approx(plain[1], abs=1e-4)
    blended = [
        values(_Lead([60, 0], 0.2), engine, state),
        values(_Lead([90, 0], 0.2), engine, state),
    ]
    assert blended[1][0] > blended[0][0] and blended[1][1] < blended[0][1]
    assert values(_Lead([10, 10], 0.2), engine, state) == pytest.approx([0.5, 0.5])
