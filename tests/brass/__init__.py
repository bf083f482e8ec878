"""What the shared tests need to know of this game (see tests/games.py)."""

from typing import Any

from tests.traces import Table

#: Latin words the Japanese and Spanish editions print as they are: the title, and the Roman
#: level numerals on the industry tiles.
PRINTED_WORDS = {"Brass", "Birmingham", "II", "III", "IV"}
#: The Japanese board keeps the map's town names and the tiles' level numerals in Latin letters,
#: as the map prints them, so it is not checked for English words (test_legibility.py).
JAPANESE_BOARD = False

#: Reference files beside RULES.md and the regexes of the rule ids they define
#: (tests/rule_coverage.py): the full game's rules R1-R52 and decisions F1-F9.
MORE_RULES = (("RULES-full.md", (r"\*\*(R\d+)\.", r"(?m)^\| (F\d+) \|")),)

#: The random games tests/traces.py records (python -m tests.traces --write brass).
TRACES = (
    Table(2, {"mode": "intro"}, 1),
    Table(4, {"mode": "intro"}, 2),
    Table(3, {"mode": "full", "iron_price_when_empty": "8"}, 3),
    Table(4, {"mode": "full"}, 4),
)


def turn_holder(state: Any) -> int | None:
    """Whose turn it is: the current seat until the game is over."""
    return state.current if state.phase != "over" else None
