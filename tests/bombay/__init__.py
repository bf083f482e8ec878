"""What the shared tests need to know of this game (see tests/games.py)."""

from tests.traces import Table

#: Latin words the Japanese and Spanish editions print as they are: the title, and ``AP`` (action
#: points) in the Japanese rules.
PRINTED_WORDS = {"Bombay", "AP"}

#: Its final board numbers the places, in the order of the result (test_score_sheets.py).
PLACES_ON_BOARD = True

#: The random games tests/traces.py records (python -m tests.traces --write bombay).
TRACES = (
    Table(2, {"setup": "first_game"}, 1),
    Table(3, {}, 2),
    Table(4, {}, 4),
    Table(
        5,
        {
            "five_player_start_money": "bga",
            "empire_split_rounding": "exact",
            "palace_on_hills": "false",
            "client_tokens_limited": "true",
        },
        3,
    ),
)

#: The random games bench/render_corpus.py draws: (players, options, seed).
RENDER_CORPUS = ((2, {}, 3), (3, {}, 7), (4, {}, 11), (5, {}, 5))


def board_words() -> set[str]:
    """What its Japanese board may print in Latin letters (renderers/test_legibility.py): the
    typable ids of its sites."""
    from engines.bombay.components import board

    return set(board().sites)
