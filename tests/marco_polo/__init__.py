"""What the shared tests need to know of this game (see tests/games.py)."""

from typing import Any

from tests.traces import Table

#: Latin words the Japanese and Spanish editions print as they are: the title.
PRINTED_WORDS = {"Marco", "Polo"}

#: Its final board numbers the places, in the order of the result (test_score_sheets.py).
PLACES_ON_BOARD = True

#: The random games tests/traces.py records (python -m tests.traces --write marco_polo).
TRACES = (
    Table(2, {"setup": "basic"}, 1),
    Table(3, {"setup": "advanced"}, 2),
    Table(4, {"setup": "advanced"}, 3),
    Table(4, {"setup": "basic"}, 4),
)


def turn_holder(state: Any) -> int | None:
    """Whose turn it is: the current seat in the play phase (the character draft and the goal
    choice are every seat's, compensation another seat's decision within a turn)."""
    return state.current if state.phase == "play" else None


#: Positions a few random steps rarely reach, recorded by tests/views.py:
#: (players, options, seed, random steps). The advanced draft and goal choice, a movement and a
#: discard pending, a 2-player game, the end.
VIEW_POSITIONS: tuple[tuple[int, dict[str, str], int, int], ...] = (
    (3, {"setup": "advanced"}, 3, 1),
    (4, {"setup": "advanced"}, 3, 5),
    (4, {}, 3, 82),
    (4, {"setup": "advanced"}, 3, 18),
    (2, {}, 8, 42),
    (3, {}, 5, 113),
)

#: The options the shared tests' random games play under (the recap, the chance rows): the
#: advanced set-up, whose secret goal choice the recap must not show.
PLAY_OPTIONS = {"setup": "advanced"}
#: Moves by which random play has met several draws (tests/bot/test_service_chance.py).
CHANCE_MOVES = 60

#: Games in tests/ai/test_ai.py's small arena sample: its moves are slow to list, so one.
ARENA_SAMPLE = 1

#: The random games bench/render_corpus.py draws: (players, options, seed), both set-ups.
RENDER_CORPUS = (
    (2, {"setup": "basic"}, 3),
    (3, {"setup": "advanced"}, 7),
    (4, {"setup": "basic"}, 11),
)


def board_words() -> set[str]:
    """What its Japanese board may print in Latin letters (renderers/test_legibility.py): the
    typable ids of its places, city-card spaces, contracts and goals, and the names printed on
    its board and characters (docs/games/marco_polo.md, "The board")."""
    import re

    from engines.marco_polo import tables as T

    printed = [str(r["name"]) for r in T.LOCATIONS.values()]
    printed += [str(c["name"]) for c in T.CHARACTERS.values()]
    words = {w for name in printed for w in re.findall(r"[^\W\d_]+", name)}
    ids = {*T.LOCATIONS, *T.CITY_SPACES, *T.CONTRACTS, *T.GOALS}
    return words | {w for i in ids for w in re.findall(r"[^\W\d_]+", i)}


#: The options tests/test_earned.py's random games play under: the advanced set-up.
EARNED_OPTIONS = {"setup": "advanced"}
