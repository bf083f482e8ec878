"""The console's ``moves`` (issues 12.2, 12.10): grouped by verb with counts, an empty filter says
why, "not your turn" names whose turn it is, and the console never suggests Discord syntax."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import run_console


async def _session(tmp_path: Path, lines: list[str]) -> list[str]:
    out = io.StringIO()
    stdin = io.StringIO("\n".join(lines) + "\n")
    await run_console(tmp_path / "t.db", tmp_path / "boards", stdin, out)
    # One answer per typed line: split the transcript at the prompts.
    return out.getvalue().split("> ")[1:-1]


async def test_moves_groups_a_long_list_by_verb_with_counts(tmp_path: Path) -> None:
    answers = await _session(
        tmp_path,
        [
            "as ana",
            "new brass players=2 seed=3",
            "bob: join",
            "start ana bob",
            "ana: moves",
            "bob: moves",
        ],
    )
    text = next(a for a in answers[-2:] if not a.startswith("It is "))
    assert text.startswith("Your legal moves: ")
    total = int(text.split(": ", 1)[1].split(",")[0])
    counted = 0
    for line in text.splitlines()[1:]:
        if line.startswith("  "):
            counted += int(line.split("(", 1)[1].split(")", 1)[0])
    assert counted == total > 30
    assert any(line.startswith("  build (") for line in text.splitlines())
    assert max(len(line) for line in text.splitlines()) < 400


async def test_an_empty_filter_says_why_and_what_may_follow(tmp_path: Path) -> None:
    answers = await _session(
        tmp_path,
        [
            "as ana",
            "new brass players=2 seed=3",
            "bob: join",
            "start ana bob",
            "ana: moves build nowhere_town",
            "bob: moves build nowhere_town",
        ],
    )
    text = next(a for a in answers[-2:] if not a.startswith("It is "))
    assert 'No legal move starts with "build nowhere_town"' in text
    assert 'start "build", followed by: ' in text and "cotton_mill" in text


async def test_not_your_turn_names_whose_turn_it_is(tmp_path: Path) -> None:
    answers = await _session(
        tmp_path,
        [
            "as ana",
            "new bombay players=3",
            "bob: join",
            "cid: join",
            "start ana bob cid",
            "bob: moves",
            "bob: move e3",
        ],
    )
    assert "It is ana's turn, not yours" in answers[-2]
    assert "ana" in answers[-1] and "not yours" in answers[-1]


async def test_the_console_never_suggests_discord_commands(tmp_path: Path) -> None:
    answers = await _session(
        tmp_path,
        ["as ana", "moves", "board", "move e3", "new bombay players=3", "moves", "board"],
    )
    text = "".join(answers)
    assert "/game" not in text, text
    assert "`new GAME`" in text


async def test_moves_of_a_game_too_large_to_list_read_as_words_not_raw_prefixes(
    tmp_path: Path,
) -> None:
    """Marco Polo's placements are walked token by token: ``moves`` says what the move begins
    with and what follows a typed start, never "next after ''" (issue 12 leftovers)."""
    answers = await _session(
        tmp_path,
        [
            "as ana",
            "new marco_polo players=2 seed=3",
            "bob: join",
            "start ana bob",
            "ana: moves",
            "ana: moves place",
            "ana: moves place coins5 6",
        ],
    )
    first, place, whole = answers[-3:]
    assert first.startswith("Your move begins with one of: ") and "place" in first
    assert "`moves " in first and "''" not in first
    assert place.startswith("After `place` comes one of: ") and "camel, " in place
    assert "(nothing more: the move is whole)" in whole
