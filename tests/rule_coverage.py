"""Which rule ids of a game's RULES.md (and the further reference files it names) have a test.

    python -m tests.rule_coverage bombay        # prints covered/missing ids, exits 1 if any missing

A test covers a rule when the id appears, in capitals, in its function name (``test_Y12_...``) or in
a ``@pytest.mark.rules("Y12", "Y13")`` marker, in a file under ``tests/<game>/``. A game whose
reference has more files than RULES.md names them, with the regexes of their ids, as ``MORE_RULES``
in ``tests/<game>/__init__.py`` (Brass's full game: RULES-full.md). The reference is
read from ``../shared/reference`` (beside the checkout) or ``TURNPOST_REFERENCE``; a copy of the ids
is kept in the game's data (``<game>/rule_ids.txt``, see ``engines.data``) so the check also runs where the reference is absent.
Each id's rule, in the project's own words, is in ``docs/rules/<game>.md``.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from engines import GAMES as SHIPPED
from engines.data import data_path
from tests import games

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = Path(os.environ.get("TURNPOST_REFERENCE", ROOT.parent / "shared" / "reference"))

#: game id → (reference folder, regexes that find rule-id definitions in RULES.md), from the
#: one table of games (``engines.GAMES``).
GAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    g.id: (g.reference, g.rule_patterns) for g in SHIPPED
}


_ID = r"[A-Z]\d+"


def _natural(rule: str) -> tuple[str, int]:
    return rule[0], int(rule[1:])


def rule_ids(game: str) -> list[str]:
    """Every rule id the reference defines for ``game`` (or the shipped copy of that list)."""
    folder, patterns = GAMES[game]
    rules = REFERENCE / folder / "RULES.md"
    copy = data_path(game, "rule_ids.txt")
    if rules.exists():
        text = rules.read_text(encoding="utf-8")
        found: set[str] = {m for p in patterns for m in re.findall(p, text)}
        for name, more in games.fact(game, "MORE_RULES", ()):
            extra = (REFERENCE / folder / name).read_text(encoding="utf-8")
            found |= {m for p in more for m in re.findall(p, extra)}
        return sorted(found, key=_natural)
    return copy.read_text(encoding="utf-8").split()


def covered_ids(game: str) -> set[str]:
    """Rule ids named by tests in ``tests/<game>/``."""
    found: set[str] = set()
    for path in (ROOT / "tests" / game).rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in re.findall(r"def (test_\w+)", text):
            found.update(re.findall(rf"(?<![A-Za-z0-9])({_ID})(?![0-9])", name))
        for args in re.findall(r"mark\.rules\(([^)]*)\)", text):
            found.update(re.findall(rf"\b({_ID})\b", args))
    return found


def missing_ids(game: str) -> list[str]:
    """Rule ids with no test."""
    covered = covered_ids(game)
    return [r for r in rule_ids(game) if r not in covered]


def main(argv: list[str]) -> int:
    status = 0
    for game in argv or list(GAMES):
        ids = rule_ids(game)
        missing = missing_ids(game)
        print(f"{game}: {len(ids) - len(missing)}/{len(ids)} rule ids covered")
        if missing:
            print("  missing: " + " ".join(missing))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
