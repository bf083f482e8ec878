"""What the shared tests need to know of this game (see tests/games.py)."""

from tests.traces import Table

#: Latin words the Japanese and Spanish editions print as they are: the title.
PRINTED_WORDS = {"Imhotep"}
#: Notation the translated help quotes without a random game playing it.
QUOTED_NOTATION = {"pair"}

#: Its final board numbers the places, in the order of the result (test_score_sheets.py).
PLACES_ON_BOARD = True

#: The random games tests/traces.py records (python -m tests.traces --write imhotep).
TRACES = (
    Table(2, {"sides": "a"}, 1),
    Table(3, {"sides": "b"}, 2),
    Table(4, {"sides": "random", "wrath": "on"}, 3),
    Table(
        3,
        {
            "sides": "custom",
            "market": "b",
            "pyramid": "a",
            "temple": "b",
            "burial": "a",
            "obelisk": "b",
        },
        4,
    ),
)

#: Options of further random games whose first position with a seat's private part, and with a
#: pending decision, tests/views.py records.
VIEW_VARIANTS = ({"sides": "b", "wrath": "on"},)

#: The options the shared tests' random games play under (the recap, the chance rows): every side
#: chosen, market B's bonus draws among them.
PLAY_OPTIONS = {"sides": "custom", "market": "b"}
#: Moves by which random play has met several draws (tests/bot/test_service_chance.py).
CHANCE_MOVES = 90

#: The random games bench/render_corpus.py draws: (players, options, seed).
RENDER_CORPUS = ((2, {}, 3), (3, {}, 7), (4, {}, 11))
