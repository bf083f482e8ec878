"""The glance (#10.5): at the ~400 px Discord shows before a tap, a player reads whose turn it is,
what they are asked and the scores, without zooming."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import engines
import renderers
from engines.kit import plain
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import kit

GAMES = sorted(g.id for g in engines.GAMES)
NAMES = ["山田花子", "José", "Ana", "Bartholomew Featherstonehaugh III", "Eve"]
#: Discord's inline width before a tap, and the smallest text a phone reader manages there.
SHOWN_AT = 400
READABLE_PX = 14


def _played(game: str, moves: int, seed: int) -> Any:
    engine = engines.get(game)
    state = engine.setup(engine.meta.max_players, engine.meta.validate_options({}), seed)
    return random_play(engine, state, Rng(seed), moves)[0]


def _glance(game: str, moves: int, seed: int) -> tuple[bytes, kit.Layout, Any]:
    engine = engines.get(game)
    view = engine.view(_played(game, moves, seed), None)
    with kit.recording() as log:
        png = renderers.get(game).render_glance(view, names=NAMES[: view.players])
    return png, log, view


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("moves", [0, 40, 10_000])
def test_every_glance_text_reads_at_phone_size(game: str, moves: int) -> None:
    png, log, _ = _glance(game, moves, 3)
    width = Image.open(io.BytesIO(png)).width
    assert width == kit.GLANCE_W
    for _, label, size in log.texts:
        assert size * SHOWN_AT / width >= READABLE_PX, (label, size)


def _shows(name: str, label: str) -> bool:
    """``label`` is ``name``, or its start cut with an ellipsis (at least 8 characters kept)."""
    cut = label.removesuffix(kit.ELLIPSIS)
    return label == name or (cut != label and len(cut) >= 8 and name.startswith(cut))


@pytest.mark.parametrize("game", GAMES)
def test_the_glance_names_who_acts_and_shows_every_seats_score(game: str) -> None:
    _, log, view = _glance(game, 40, 4)
    drawn = [label for _, label, _ in log.texts]
    for seat in plain(view)["to_act"]:
        assert any(_shows(NAMES[seat], label.removeprefix("▶ ")) for label in drawn), NAMES[seat]
    players = engines.get(game).meta.max_players
    for name in NAMES[:players]:
        assert any(_shows(name, label) for label in drawn), name
    # One score per seat, on the seat's row (right-aligned, bold).
    rows = [b for b, lbl, size in log.texts if size == 34 and lbl not in NAMES]
    assert len(rows) >= players


@pytest.mark.parametrize("game", GAMES)
def test_a_long_name_never_overflows_the_glance(game: str) -> None:
    _, log, _ = _glance(game, 40, 5)
    for box, label, _ in log.texts:
        assert box[0] >= 0 and box[2] <= kit.GLANCE_W, label


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [3, 8])
def test_the_final_glance_names_the_winners_with_a_star(game: str, seed: int) -> None:
    """#28.3: Bombay's final glance listed the seats in order with no winner mark. At the end
    every glance names the winners with a star where the seat to act stood, and stars their
    scores, and no one else's."""
    _, log, _ = _glance(game, 10_000, seed)
    result = engines.get(game).result(_played(game, 10_000, seed))
    assert result is not None, "the random game did not end"
    winners = result.winners
    labels = [t[1] for t in log.texts]
    names = ", ".join(NAMES[s] for s in winners)
    assert any(label.startswith("★ ") and names[:8] in label for label in labels), labels
    assert sum(label.startswith("★ ") for label in labels) == 1 + len(winners), labels
