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


#: Positions a few random steps rarely reach, recorded by tests/views.py:
#: (players, options, seed, random steps). The introductory game mid-way and at its end; the full
#: game mid canal era, a shortfall, a rail Network action waiting for its second link (R33),
#: the rail era with iron at £8, the end.
VIEW_POSITIONS: tuple[tuple[int, dict[str, str], int, int], ...] = (
    (3, {"mode": "intro"}, 4, 24),
    (3, {"mode": "intro"}, 4, 53),
    (4, {}, 2, 22),
    (3, {}, 5, 39),
    (2, {}, 25, 43),
    (3, {"iron_price_when_empty": "8"}, 5, 84),
    (3, {}, 5, 108),
)

#: The full game's random play (tests/bot/test_service_chance.py: the canal era's 51
#: actions and more) meets every turn's refill and the rail era's deal, and a refill shows its
#: drawer alone what they drew (B21).
PLAY_OPTIONS = {"mode": "full"}
CHANCE_MOVES = 75
CHANCE_VERBS = ("draw", "deal")
CHANCE_PRIVATE_EVENTS = ("brass.you_drew",)
#: A drawn card's name is shown publicly by every discard (B18): what a draw must not tell is
#: who drew it (tests/bot/test_service_chance.py).
DRAWS_SHOWN_ELSEWHERE = True


def listed_form(state: Any, seat: int, text: str) -> str:
    """The move the legal-move lists show for ``text``: Brass lists one of identical free spaces
    but builds on the one named (B41; tests/test_reading.py)."""
    from tests.brass.helpers import listed_form as listed

    return listed(state, seat, text)


#: The random games bench/render_corpus.py draws: (players, options, seed), both modes.
RENDER_CORPUS = ((2, {"mode": "intro"}, 3), (3, {"mode": "full"}, 7), (4, {"mode": "full"}, 11))

#: Its board says the last move in words of its own (renderers/brass/words.py), not the
#: shared "Last:" line (tests/test_earned.py).
LAST_MOVE_IN_WORDS = True
