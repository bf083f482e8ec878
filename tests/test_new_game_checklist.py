"""Everything a game provides, checked for every game of ``engines.GAMES``: one failure lists
each missing piece with the file to put it in (``docs/architecture.md``, "Adding a game", is the
same list, and ``python -m tools.new_game ID`` lays every piece out as a stub that passes).

The shared tests check what each piece does (the contract, the boards, the words, the traces);
this test says what is missing before any of them can, in one message.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import engines
from engines.data import data_path
from tests import games, traces

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"


def _module(name: str) -> object | None:
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None
    return None if found is None else importlib.import_module(name)


def _engine(game: str) -> bool:
    module = _module(f"engines.{game}")
    engine = getattr(module, "ENGINE", None)
    return isinstance(engine, engines.Engine) and engine.meta.id == game


def _renderer(game: str) -> bool:
    module = _module(f"renderers.{game}")
    drawn = ("render", "render_glance", "glance_text", "render_private")
    return all(callable(getattr(module, name, None)) for name in drawn)


def _palette(game: str) -> bool:
    module = _module(f"renderers.{game}")
    return hasattr(module, "SEATS") and hasattr(module, "COMPONENT_COLOURS")


def _computer(game: str) -> bool:
    return _module(f"engines.{game}.ai") is not None


def _file(path: str) -> Callable[[str], bool]:
    return lambda game: (ROOT / path.replace("<id>", game)).is_file()


def _data(*parts: str) -> Callable[[str], bool]:
    return lambda game: data_path(*(p.replace("<id>", game) for p in parts)).is_file()


def _own_tests(game: str) -> bool:
    return any((ROOT / "tests" / game).glob("test_*.py"))


def _readme(game: str) -> bool:
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    return re.search(rf"^\|[^|\n]*\| `{re.escape(game)}` \|", text, re.M) is not None


#: (what, where, check): in the order ``docs/architecture.md`` lists them.
PIECES: tuple[tuple[str, str, Callable[[str], bool]], ...] = (
    ("the engine: a package exposing ENGINE", "engines/<id>/__init__.py", _engine),
    ("the rules, every rule id in bold", "docs/rules/<id>.md", _file("docs/rules/<id>.md")),
    ("the rule ids of those rules", "data/<id>/rule_ids.txt", _data("<id>", "rule_ids.txt")),
    (
        "the English words: every event, refusal, verb, option, score",
        "data/<id>/locales/en.json",
        _data("<id>", "locales", "en.json"),
    ),
    (
        "the board: render, render_glance, glance_text, render_private (renderers.Renderer)",
        "renderers/<id>/__init__.py",
        _renderer,
    ),
    ("its seat colours: SEATS and COMPONENT_COLOURS", "renderers/<id>/layout.py", _palette),
    ("a computer player (turnpost arena, computer seats)", "engines/<id>/ai.py", _computer),
    ("how to play it on Turnpost", "docs/games/<id>.md", _file("docs/games/<id>.md")),
    ("what the shared tests know of it", "tests/<id>/__init__.py", _file("tests/<id>/__init__.py")),
    ("its own tests, named after its rule ids", "tests/<id>/test_*.py", _own_tests),
    (
        "its recorded games (python -m tests.traces --write <id>)",
        "tests/<id>/traces.jsonl",
        lambda game: traces.missing(game) is None,
    ),
    (
        "its views' JSON (python -m tests.views <id>)",
        "tests/<id>/views.json",
        _file("tests/<id>/views.json"),
    ),
    ("a row in the README's table of games", "README.md", _readme),
)


@pytest.mark.parametrize("game", games.shipped())
def test_every_game_has_every_piece(game: str) -> None:
    """Given a game in ``engines.GAMES``, every piece a game provides is in its place; the
    failure names each missing one and the file to put it in."""
    missing = [
        f"- {what}: {where}".replace("<id>", game)
        for what, where, there in PIECES
        if not there(game)
    ]
    assert not missing, f"{game} is missing:\n" + "\n".join(missing)


def test_the_adding_a_game_section_lists_every_piece() -> None:
    """The documented path and this checklist are one list: every piece's file is named in
    ``docs/architecture.md``'s "Adding a game"."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Adding a game") :]
    section = section[: section.find("\n## ", 1)]
    unnamed = [where for _, where, _ in PIECES if f"`{where}`" not in section]
    assert not unnamed, f"docs/architecture.md, 'Adding a game', does not name: {unnamed}"


def test_a_missing_piece_is_named_with_its_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game registered with nothing but its engine is told what else it needs, file by file."""
    monkeypatch.setattr(traces, "FOLDER", traces.FOLDER / "nowhere")
    monkeypatch.setattr("tests.test_new_game_checklist.ROOT", ROOT / "nowhere")
    with pytest.raises(AssertionError) as failed:
        test_every_game_has_every_piece("bombay")
    said = str(failed.value)
    assert "- how to play it on Turnpost: docs/games/bombay.md" in said
    assert "- its recorded games (python -m tests.traces --write bombay): " in said
    assert "engines/bombay/__init__.py" not in said  # the engine is there


def test_the_scaffold_lays_out_every_piece_it_can_write() -> None:
    """``python -m tools.new_game`` writes a file for every piece but those it records by running
    the game (traces, views) and the README's row, which it adds to the README."""
    from tools.new_game import files

    values = {
        "id": "nim",
        "title": "Nim",
        "Class": "Nim",
        "L": "N",
        "min": "2",
        "max": "3",
        "players": "2–3",
    }
    written = set(files(values))
    recorded = {"tests/<id>/traces.jsonl", "tests/<id>/views.json", "README.md"}
    for _, where, _ in PIECES:
        if where in recorded:
            continue
        path = where.replace("<id>", "nim")
        pattern = re.escape(path).replace(r"test_\*", r"test_\w+")
        assert any(re.fullmatch(pattern, p) for p in written), f"the scaffold writes no {path}"


#: What a copy of the checkout leaves behind: history, caches, builds.
_NOT_COPIED = shutil.ignore_patterns(
    ".git", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", "build", "*.egg-info"
)


def test_the_scaffolded_game_passes_every_shared_test(tmp_path: Path) -> None:
    """``python -m tools.new_game`` in a copy of the checkout lays out a game that passes every
    shared test at once (the contract, the boards, the words, the traces, this checklist) and
    its own: a change to a shared test that the stub does not meet fails here, not in the next
    game's first hour (#23.1; once a shared-test change broke the stub with no test failing)."""
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT, copy, ignore=_NOT_COPIED)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TURNPOST_DATA")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    laid = subprocess.run(
        [sys.executable, "-m", "tools.new_game", "stub_game", "Stub Game", "--players", "2-3"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
    )
    assert laid.returncode == 0, laid.stdout + laid.stderr
    # Every test of the copy whose id names the game: the shared tests parametrised by game
    # (engines.GAMES now lists it) and its own under tests/stub_game/.
    tested = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts="]
        + ["-q", "-m", "not slow", "-k", "stub_game", "-W", "ignore::DeprecationWarning"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
    )
    tail = "\n".join(tested.stdout.splitlines()[-30:])
    assert tested.returncode == 0, tail + tested.stderr[-2000:]
    passed = re.search(r"(\d+) passed", tested.stdout)
    # The shared tests number about seventy per game; a handful would mean the game was not
    # registered or the selection found only its own tests.
    assert passed is not None and int(passed.group(1)) >= 60, tail
