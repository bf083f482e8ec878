"""#14: every board marks the moves since the acting player's last turn (``kit.move_marks``: the
last move in gold, the earlier ones paler and thinner), so every board's legend says what those
marks mean, in the same words (``kit.MARK_KEYS``); and every header says who is to act with ▶."""

from __future__ import annotations

from typing import Any

import pytest

import engines
import renderers
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import kit
from renderers.marco_polo.layout import HEADER_H
from tests import games


def _drawn(game: str, lang: str, moves: int = 30) -> list[tuple[kit.Box, str]]:
    """Every text the public board of a seeded game (4 players, or the nearest count the game
    has) draws after ``moves`` moves, with its box."""
    engine = engines.get(game)
    start = engine.setup(games.players(game, 4), engine.meta.validate_options({}), 7)
    state, _ = random_play(engine, start, Rng(7), moves)
    view: Any = engine.view(state, None)
    with kit.recording() as log:
        renderers.get(game).render(view, lang=lang)
    return [(box, label) for box, label, _ in log.texts]


@pytest.mark.parametrize(
    ("game", "lang"), [(game, lang) for game in games.shipped() for lang in games.languages(game)]
)
def test_every_boards_legend_names_the_earlier_moves_mark(game: str, lang: str) -> None:
    said = kit.say(kit.MARK_KEYS["earlier"], lang)
    assert said != kit.MARK_KEYS["earlier"]  # the catalog has words for it in this language
    assert said in [label for _, label in _drawn(game, lang)], (game, lang, said)


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_marco_polos_header_says_who_acts_with_the_arrow_like_the_other_boards(
    lang: str,
) -> None:
    # The seats' panels mark the acting seat's name with ▶ too: look only in the header band.
    header = [label for box, label in _drawn("marco_polo", lang, moves=10) if box[3] < HEADER_H]
    assert any(label.startswith("▶ ") for label in header), header
