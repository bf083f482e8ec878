"""Brass's player cards strike through a next tile that may not be built in this era (#28.3,
R23): in the rail era they offered ``CT I`` and ``MF I`` as if they could be built."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import engines
import renderers
from engines.brass import components as C
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import kit
from renderers.brass import words as W
from renderers.brass.layout import PANEL_Y, roman


def struck(img: Image.Image, box: tuple[float, ...]) -> bool:
    """Whether a dark line crosses the text's middle from end to end."""
    x0, y0, x1, y1 = (round(v) for v in box)
    for y in range((y0 + y1) // 2 - 2, (y0 + y1) // 2 + 3):
        row = [img.getpixel((x, y)) for x in range(x0, x1)]
        if all(sum(p[:3]) < 200 for p in row):
            return True
    return False


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("seed", [3, 7])
def test_rail_era_cards_strike_through_levels_that_cannot_be_built(seed: int, lang: str) -> None:
    engine = engines.get("brass")
    start = engine.setup(4, engine.meta.validate_options({"mode": "full"}), seed)
    state, _ = random_play(engine, start, Rng(seed), 64)
    view = engine.view(state, None)
    assert view.era == "rail" and not view.over
    with kit.recording() as log:
        png = renderers.get("brass").render(view, lang=lang)
    img = Image.open(io.BytesIO(png)).convert("RGB")
    entries = {
        f"{W.code(ind, lang)} {roman(level)}": (ind, level)
        for ind in C.INDUSTRIES
        for level in range(1, len(C.levels()[ind]) + 1)
    }
    seen = {True: 0, False: 0}
    for box, label, _ in log.texts:
        if label in entries and box[1] > PANEL_Y:
            ind, level = entries[label]
            blocked = not C.level(ind, level).buildable_in("rail")
            assert struck(img, box) == blocked, (label, blocked)
            seen[blocked] += 1
    assert seen[True] and seen[False]
