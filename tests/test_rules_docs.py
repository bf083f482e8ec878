"""The rules documents in the checkout (``docs/rules/<game>.md``) define every rule id the game has,
so an id met in a test or a docstring can be looked up without anything outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engines
from engines.data import data_path
from tests.rule_coverage import GAMES, covered_ids, rule_ids

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
REGISTERED = [g for g in GAMES if g in engines.ids()]
#: A rule id is defined where it stands in bold: ``- **Y12** Moving into a hill costs ...``.
DEFINED = re.compile(r"\*\*([A-Z]\d+)\*\*")


def defined_ids(game: str) -> list[str]:
    return DEFINED.findall((DOCS / f"{game}.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", REGISTERED)
def test_the_rules_document_defines_every_rule_id_exactly_once(game: str) -> None:
    shipped = data_path(game, "rule_ids.txt").read_text(encoding="utf-8").split()
    defined = defined_ids(game)
    twice = sorted({i for i in defined if defined.count(i) > 1})
    assert not twice, f"{game}: ids defined twice: {twice}"
    assert sorted(defined) == sorted(shipped), (
        f"{game}: missing {sorted(set(shipped) - set(defined))}, "
        f"unknown {sorted(set(defined) - set(shipped))}"
    )
    # The shipped list is the reference's list (read from beside the checkout when it is there).
    assert set(rule_ids(game)) <= set(defined)


@pytest.mark.parametrize("game", REGISTERED)
def test_every_rule_id_a_test_cites_is_in_the_rules_document(game: str) -> None:
    unknown = covered_ids(game) - set(defined_ids(game))
    assert not unknown, (
        f"{game}: tests cite ids the rules document does not define: {sorted(unknown)}"
    )


@pytest.mark.parametrize("game", REGISTERED)
def test_every_rule_id_the_code_cites_is_in_the_rules_document(game: str) -> None:
    root = DOCS.parent.parent
    sources = [*(root / "engines" / game).rglob("*.py"), *(root / "renderers").rglob(f"{game}*.py")]
    sources += (root / "renderers" / game).rglob("*.py")
    # The letters the game's ids start with (Marco Polo and Brass also number decisions D1, D2 ...).
    letters = "".join(sorted({rule[0] for rule in defined_ids(game)}))
    cited: dict[str, str] = {}
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for rule in re.findall(rf"(?<![A-Za-z0-9_])([{letters}]\d+)(?![0-9])", text):
            cited.setdefault(rule, str(path.relative_to(root)))
    # Most ids are cited somewhere (at least 20, or half of a small game's): else the citing
    # convention has changed and this check no longer sees anything.
    enough = min(20, len(set(defined_ids(game))) // 2)
    assert len(cited) >= enough, "found almost no cited ids: has the citing convention changed?"
    unknown = {rule: where for rule, where in cited.items() if rule not in defined_ids(game)}
    assert not unknown, f"{game}: the code cites ids the rules document does not define: {unknown}"
