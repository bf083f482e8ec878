"""No label hides another or a piece (#12.8): the kit logs every text box and piece a render
draws, and on boards from random games of every engine no text box crosses another text box, or
a piece it is not the label of."""

from __future__ import annotations

import pytest

import engines
import renderers
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import kit

GAMES = sorted(g.id for g in engines.GAMES)
NAMES = ["Ana", "山田花子", "Bartholomew Featherstonehaugh III", "Dee", "Eve"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_no_text_covers_another_text_or_a_piece(game: str, seed: int) -> None:
    engine = engines.get(game)
    for players in sorted({engine.meta.min_players, engine.meta.max_players}):
        start = engine.setup(players, engine.meta.validate_options({}), seed)
        for moves in (0, 25, 70, 10_000):  # the opening, mid-game, late, the final board
            state, _ = random_play(engine, start, Rng(seed), moves)
            with kit.recording() as log:
                renderers.get(game).render(engine.view(state, None), names=NAMES[:players])
            assert log.texts and log.pieces
            assert log.overlaps() == [], (players, moves)


def test_the_check_sees_a_label_under_a_piece_and_two_labels_on_each_other() -> None:
    img = kit.new_canvas(100, 300)
    pen = kit.Pen(img)
    with kit.recording() as log:
        kit.text(pen, (10, 10), "Moscow", 20)
        kit.Seats().mark(pen, 0, 30, 20, 12)  # drawn over the name
        kit.text(pen, (150, 50), "one", 20)
        kit.text(pen, (160, 55), "two", 20)
    found = log.overlaps()
    assert any("'Moscow'" in f and "piece" in f for f in found)
    assert any("'one'" in f and "'two'" in f for f in found)


def test_a_badge_letter_on_a_tile_corner_and_a_label_inside_its_piece_pass() -> None:
    img = kit.new_canvas(100, 300)
    pen = kit.Pen(img)
    with kit.recording() as log:
        pen.rectangle((40, 40, 90, 90), fill=(200, 200, 200))
        kit.piece((40, 40, 90, 90))
        kit.text(pen, (65, 65), "CO", 14, anchor="mm")  # the tile's own label
        kit.Seats().mark(pen, 1, 42, 42, 10)  # the owner's badge on its corner
    assert log.overlaps() == []
