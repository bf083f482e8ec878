"""The console with a computer seat (#15.4, #15.5): it answers at once, and `hint` helps."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import run_console


async def test_a_computer_seat_answers_in_the_console_and_hint_lists_whole_turns(
    tmp_path: Path,
) -> None:
    typed = [
        "as Ana",
        "new imhotep players=2 seed=4",
        "computer add easy",
        "start",
        "hint",
    ]
    out = io.StringIO()
    code = await run_console(
        tmp_path / "t.db",
        tmp_path / "boards",
        io.StringIO("\n".join(typed) + "\n"),
        out,
        boards=False,
    )
    text = out.getvalue()
    assert code == 0, text
    assert "Computer 1 (easy): " in text, text  # it went first and moved by itself
    assert "The computer's three best turns for you now" in text
    assert text.count("expected lead over the best rival") >= 2
    refusals = [line for line in text.splitlines() if line.split("> ")[-1].startswith("! ")]
    assert not refusals, refusals


async def test_the_console_writes_a_board_after_a_computers_move_too(tmp_path: Path) -> None:
    """#28.4: every move shown in the console, a computer's included, writes its board."""
    typed = ["as Ana", "new imhotep players=2 seed=4", "computer add easy", "start"]
    out = io.StringIO()
    code = await run_console(
        tmp_path / "t.db", tmp_path / "boards", io.StringIO("\n".join(typed) + "\n"), out
    )
    text = out.getvalue()
    assert code == 0, text
    assert "Computer 1 (easy): " in text, text  # it went first and moved by itself
    written = sorted(p.name for p in (tmp_path / "boards").glob("imhotep-*.png"))
    # The start's board, then the computer's move's board, said after its move.
    assert len(written) == 2, (written, text)
    assert text.index(written[1]) > text.index("Computer 1 (easy): "), text
