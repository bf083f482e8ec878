"""Every shipped game plays exactly as recorded: the seeded random games of
``tests/<game>/traces.jsonl`` replay step by step, with the same seats asked, the same
legal moves, the same events, dumps and views (``tests/traces.py`` says what each step holds).

A failure names the game, the step, the move and which part differs (``to_act``, ``asked``,
``legal``, ``move``, ``events``, ``dump``, ``view``, ``seats``, or ``chance``: the outcome the
state's own generator draws), so a refactor that changes behaviour is caught at its first
divergent step. When the change is deliberate (a rule fixed, an event added, a dump or a view
reshaped), re-record in the same commit and say so in its message:

    python -m tests.traces --write        # or: python -m tests.traces --write brass

and check with ``git diff --stat -- 'tests/*/traces.jsonl'`` that only the games you meant changed.
A refactor (speed, structure, one idiom for all games) re-records nothing.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import engines
from tests import traces

GAMES = engines.builtin_ids()
STORED = [
    pytest.param(game, table, lines, id=f"{game}-{table.players}p-seed{table.seed}")
    for game in GAMES
    for table, lines in traces.stored(game)
]


@pytest.mark.parametrize(("game", "table", "lines"), STORED)
def test_recorded_game_replays_step_for_step(
    game: str, table: traces.Table, lines: list[dict[str, Any]]
) -> None:
    """Given a recorded random game, when its moves and draws are applied again, then every
    step's parts hash as recorded and the game ends with the recorded result."""
    found = traces.replay(game, table, lines)
    if found is not None:
        pytest.fail(f"{found}\n(see tests/test_traces.py for when to re-record)", pytrace=False)


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_game_has_its_tables_recorded(game: str) -> None:
    """Each game of ``engines.GAMES`` has a trace holding exactly the games of its tables
    (``TRACES`` in ``tests/<game>/__init__.py``): a new game, or a table added, must be recorded."""
    absent = traces.missing(game)
    assert absent is None, absent
    recorded = [table for table, _ in traces.stored(game)]
    wanted = [dataclasses.replace(t, options=dict(t.options)) for t in traces.tables(game)]
    assert recorded == wanted, f"{game}: run python -m tests.traces --write {game}"


#: What one game's trace may weigh: the traces are kept in the repository.
BUDGET = 100_000


@pytest.mark.parametrize("game", GAMES)
def test_each_games_traces_stay_small(game: str) -> None:
    """A game's trace stays under its own budget (fewer or shorter tables if not), so every
    game added has the same room."""
    if traces.missing(game) is None:
        size = traces.path_of(game).stat().st_size
        assert size < BUDGET, f"{game}: {size} bytes of traces, over {BUDGET}: record fewer tables"


def test_a_game_without_a_trace_says_how_to_record_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A registered game with no trace file yet is not an error of the whole module: its
    check says which command records it."""
    monkeypatch.setattr(traces, "FOLDER", traces.FOLDER / "nowhere")
    assert list(traces.stored("bombay")) == []
    expected = "no traces recorded for bombay: run python -m tests.traces --write bombay"
    assert traces.check("bombay") == [expected]
    with pytest.raises(AssertionError, match="run python -m tests.traces --write bombay"):
        test_every_shipped_game_has_its_tables_recorded("bombay")


def _tampered(lines: list[dict[str, Any]], step: int, part: str) -> list[dict[str, Any]]:
    """``lines`` with ``part``'s hash at ``step`` changed."""
    hashes = lines[step]["hash"].split(".")
    index = traces.PARTS.index(part)
    hashes[index] = "0" * len(hashes[index])
    return [*lines[:step], {**lines[step], "hash": ".".join(hashes)}, *lines[step + 1 :]]


@pytest.mark.parametrize("part", ["to_act", "legal", "events", "dump", "view", "seats"])
def test_a_divergent_step_is_named_with_its_move_and_part(part: str) -> None:
    """Given a trace whose step 7 recorded something else, then the replay stops there and
    names the game, the step, the move and the part that differs."""
    game = GAMES[0]
    table, lines = next(traces.stored(game))
    found = traces.replay(game, table, _tampered(lines, 7, part))
    assert found is not None
    assert f"{game} (" in found
    seat = lines[7]["seat"]
    who = "chance" if seat == -1 else f"seat {seat}"
    assert f"step 7: {who} `{lines[7]['move']}`: {part} differs" in found


def test_a_move_refused_now_is_named_with_the_refusal() -> None:
    """Given a trace whose step 3 is a move the rules refuse, then the replay names the step
    and the refusal's key."""
    game = GAMES[0]
    table, lines = next(traces.stored(game))
    bad = [*lines[:3], {**lines[3], "move": "fly away"}, *lines[4:]]
    found = traces.replay(game, table, bad)
    assert found is not None
    assert "step 3:" in found and "`fly away`" in found and "refused now (" in found


def test_a_different_draw_is_named_as_chance() -> None:
    """Given a trace whose first chance step recorded another outcome than the state's generator
    draws, then the replay names that step and the part ``chance``."""
    game = "bombay"
    table, lines = next(traces.stored(game))
    step = next(i for i, line in enumerate(lines) if line.get("seat") == -1)
    other = "restock yellow=9"
    bad = [*lines[:step], {**lines[step], "move": other}, *lines[step + 1 :]]
    found = traces.replay(game, table, bad)
    assert found is not None
    assert f"step {step}: chance `{other}`: chance differs" in found
