"""Bombay's map keeps every city's name whole (#28.3): the name fits inside its disc, so the
disc's outline never cuts a letter, and no elephant, its bales or its to-act ring covers it."""

from __future__ import annotations

import math

import pytest

import engines
from engines.randomplay import random_play
from engines.rng import Rng
from renderers import bombay, kit
from renderers.bombay import layout, pieces, static

CITIES = [s["id"] for s in layout.board()["sites"] if s["kind"] == "city"]


def meet(a: kit.Box, b: kit.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_city_name_fits_inside_its_disc(lang: str) -> None:
    """The ink of each line of the name stays inside the disc's thick outline (drawn inward from
    the disc's radius, 4 px wide): "Hyderabad" was drawn 92 px wide in a 92 px opening."""
    with kit.recording() as log:
        static.static_layer((), lang)
    inside = layout.SITE_R["city"] - 4
    for city in CITIES:
        _, lines = layout.city_name(city, lang)
        cx, cy = layout.xy(layout.sites()[city]["x"], layout.sites()[city]["y"])
        boxes = [box for box, label, _ in log.texts if label in lines]
        assert len(boxes) == len(lines), (city, lines)
        for x0, y0, x1, y1 in boxes:
            for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
                assert math.hypot(x - cx, y - cy) <= inside, (city, lang, lines)


@pytest.mark.parametrize("seed", [3, 5, 11, 21])
def test_no_elephant_covers_a_city_name(seed: int) -> None:
    """Five elephants in random games (the one to act ringed): none of their boxes, bales and
    ring included, meets the ink of a city's name."""
    engine = engines.get("bombay")
    start = engine.setup(5, engine.meta.validate_options({}), seed)
    for moves in range(0, 400, 7):
        state, _ = random_play(engine, start, Rng(seed), moves)
        view = engine.view(state, None)
        for lang in ("en", "ja"):
            with kit.recording() as log:
                bombay.compose(view, lang)
            names = {line for city in CITIES for line in layout.city_name(city, lang)[1]}
            name_boxes = [box for box, label, _ in log.texts if label in names]
            taken = [t[0] for t in static.static_layer.layout((), lang).texts]  # type: ignore[attr-defined]
            for seat, _, _, cover in pieces.elephant_spots(view, taken, lang):
                hit = [b for b in name_boxes if meet(cover, b)]
                assert not hit, (moves, lang, seat, view.elephants[seat].site)
