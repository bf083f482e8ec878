"""Each game played to the end in ``turnpost console`` as a newcomer types it (#12): short
spellings (the shortest the forgiving reader takes, as bench/notation_bench.py finds them), ``moves``, ``help``, ``board``, ``log``,
``hand``, a near miss and an out-of-turn command; the game must reach its score sheet.

Boards are drawn by the cheap stand-in of the Discord tests (the real boards have their own
tests); the moves are random legal ones from a fixed seed, chosen on a copy of the game the
script keeps in step with what it typed.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

import engines
from bench.notation_bench import shortest
from bot import drawing
from bot.console import run_console
from engines.randomplay import random_action
from engines.rng import Rng
from tests import games
from tests.discord.test_turn_pings import quick_render

NAMES = ["ana", "bob", "cid"]
SEED = 11


class Newcomer:
    """A scripted stdin: three people (or as many as the game takes) at one keyboard, each
    typing as little as the console accepts, looking around now and then the way a new player
    does."""

    def __init__(self, game: str, out: io.StringIO, extra: dict[int, list[str]]) -> None:
        self.out = out
        self.engine: Any = engines.get(game)
        self.names = NAMES[: games.players(game)]
        players = len(self.names)
        self.state = self.engine.setup(players, self.engine.meta.validate_options({}), SEED)
        self.rng = Rng(SEED)
        self.queue = [
            f"as {self.names[0]}",
            f"help {game}",
            f"new {game} players={players} seed={SEED}",
            *(f"{name}: join" for name in self.names[1:]),
            f"start {' '.join(self.names)}",
        ]
        self.extra = extra  # move number -> lines typed before it
        self.moves = 0
        self.typed: list[tuple[str, str]] = []  # (name, text) of every move typed

    def readline(self) -> str:
        if not self.queue:
            self._next()
        return self.queue.pop(0) + "\n"

    def _next(self) -> None:
        who = self.engine.to_act(self.state)
        if not who or self.moves > 2000:
            self.queue += ["board", "log", "quit"]
            return
        seat = who[0]
        name = self.names[seat]
        text = random_action(self.engine, self.state, seat, self.rng)
        assert text is not None
        short = shortest(self.engine, self.state, seat, text)
        self.state, _ = self.engine.apply(
            self.state, seat, self.engine.read(self.state, seat, text)
        )
        # The service draws at a chance node with the game's generator: so does the copy.
        self.state, _ = self.engine.settle(self.state)
        self.queue += [f"{name}: {line}" for line in self.extra.get(self.moves, [])]
        self.queue.append(f"{name}: {short}")
        self.typed.append((name, short))
        self.moves += 1


def other(name: str) -> str:
    return NAMES[(NAMES.index(name) + 1) % len(NAMES)]


@pytest.mark.parametrize("game", games.shipped())
async def test_a_newcomer_plays_the_game_to_its_score_sheet(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        drawing,
        "draw_public",
        lambda game, state, names, recent=(), lang="en": quick_render(game, state, names),
    )
    out = io.StringIO()
    looks = {0: ["moves", "board", "hand"], 3: ["moves", "log"], 5: ["zzzq"]}
    typist = Newcomer(game, out, looks)
    code = await run_console(tmp_path / "t.db", tmp_path / "boards", typist, out)
    text = out.getvalue()
    assert code == 0
    assert typist.engine.result(typist.state) is not None, "the script's copy ended"
    assert "Traceback" not in text
    # every short spelling was taken: no move refused (the only "!" lines are the near miss)
    refused = [ln for ln in text.splitlines() if "> !" in ln or ln.startswith("!")]
    assert len(refused) == 1 and "zzzq" in refused[0], refused
    assert any(s in text for s in ("legal:", "legal moves", "Your move begins"))  # `moves` answered
    assert "(only " in text  # `hand` shows a private view to its player only
    assert "final scores" in text.lower() and "Winner" in text
    assert "£ " not in text  # an amount is "£15", also on the score sheet ("money (£) 15")
    assert len(list((tmp_path / "boards").glob("*.png"))) > 2
