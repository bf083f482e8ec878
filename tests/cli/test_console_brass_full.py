"""A full two-era Brass game (issue 16) played to its end through the local console, for 2, 3
and 4 players: every move is typed as a console line, the console's "Now:" agrees with the
rules, and the game ends with the full game's score sheet."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import run_console
from engines.brass import ENGINE as E
from engines.rng import Rng
from tests.brass.test_selfplay import random_text

NAMES = ["ann", "bob", "cat", "dan"]


class Table:
    """Scripted stdin for a hot-seat table. It keeps its own copy of the game (same seed, same
    moves) only to choose a legal move to type; the console's engine applies what is typed."""

    def __init__(self, out: io.StringIO, players: int, seed: int) -> None:
        self.out = out
        self.players = players
        names = NAMES[:players]
        joins = [f"{n}: join" for n in names[1:]]
        self.script = iter(
            [f"as {names[0]}", f"new brass players={players} seed={seed}", *joins]
            + [f"start {' '.join(names)}"]
        )
        self.state = E.setup(players, E.meta.validate_options({}), seed)
        self.rng = Rng(seed)
        self.moves = 0
        self.checked = 0

    def _now(self) -> str | None:
        for line in reversed(self.out.getvalue().splitlines()):
            line = line.split("> ", 1)[-1]
            if line.startswith("Now: "):
                return line[5:].split(" — ")[0].strip().rstrip(".")
        return None

    def readline(self) -> str:
        line = next(self.script, None)
        if line is not None:
            return line + "\n"
        assert "! " not in self.out.getvalue().splitlines()[-1], self.out.getvalue()[-800:]
        who = E.to_act(self.state)
        if not who or self.moves > 600:
            return "quit\n"
        seat = who[0]
        now = self._now()
        if now is not None:
            assert now == NAMES[seat], (now, seat, self.out.getvalue()[-600:])
            self.checked += 1
        text = random_text(self.state, seat, self.rng, 2)
        self.state, _ = E.play(self.state, seat, text)
        self.moves += 1
        return f"{NAMES[seat]}: play {text}\n"


@pytest.mark.rules("R1", "R46")
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_full_brass_game_is_played_to_the_end_through_the_console(
    tmp_path: Path, players: int
) -> None:
    out = io.StringIO()
    table = Table(out, players, seed=40 + players)
    code = await run_console(tmp_path / "t.db", tmp_path / "boards", table, out)
    text = out.getvalue()
    assert code == 0
    assert not E.to_act(table.state) and table.state.era == "rail"
    assert table.checked > 50
    assert "final scores" in text.lower()
    assert "Rail links" in text and "Canal links" in text
