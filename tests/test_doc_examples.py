"""The examples in the documentation run: the doctests of the modules that teach with one, the
contract session in ``docs/architecture.md``, and the console session of the README."""

from __future__ import annotations

import doctest
import importlib
import io
import re
from pathlib import Path

import pytest

from bot.console import run_console

ROOT = Path(__file__).resolve().parent.parent
#: Modules whose docstrings carry a ``>>>`` example.
MODULES = [
    "engines.data",
    "engines.rng",
    "engines.imhotep",
    "engines.marco_polo",
    "engines.brass",
    "engines.ai.knowledge",
    "engines.ai.arena",
]
FILES = ["docs/architecture.md"]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctest any more"
    assert result.failed == 0


@pytest.mark.parametrize("path", FILES)
def test_documentation_sessions_pass(path: str) -> None:
    result = doctest.testfile(
        str(ROOT / path), module_relative=False, optionflags=doctest.ELLIPSIS, encoding="utf-8"
    )
    assert result.attempted > 0, f"{path} has no >>> session any more"
    assert result.failed == 0


def readme_console_lines() -> list[str]:
    """The lines typed in the README's console example (``ana> move e3`` → ``move e3``)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```\n\$ turnpost console\n(.*?)```", readme, re.S)
    assert block, "the README has no `turnpost console` example any more"
    return [line.split("> ", 1)[1] for line in block.group(1).splitlines() if "> " in line]


async def test_the_readme_console_example_plays_without_a_refusal(tmp_path: Path) -> None:
    typed = readme_console_lines()
    assert typed[-1].startswith("move "), typed
    out = io.StringIO()
    code = await run_console(
        tmp_path / "t.db", tmp_path / "boards", io.StringIO("\n".join(typed) + "\n"), out
    )
    text = out.getvalue()
    assert code == 0
    refusals = [line for line in text.splitlines() if line.split("> ")[-1].startswith("! ")]
    assert not refusals, refusals
    assert "[image]" in text and sorted((tmp_path / "boards").glob("*.png"))
    assert text.count("[image]") >= 2, "the README's last move was not played"
