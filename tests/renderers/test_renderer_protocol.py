"""Every game's renderer has the one signature of ``renderers.Renderer`` (#23): the service
calls each the same way, with no probing of what a renderer takes."""

from __future__ import annotations

import inspect

import pytest

import engines
import renderers
from renderers import kit

#: Every shipped game, and a game without a renderer (the generic table).
GAMES = [g.id for g in engines.GAMES] + ["tally"]
FUNCTIONS = ("render", "render_private", "render_glance")


def _parameters(fn: object) -> list[tuple[str, object, object]]:
    """(name, kind, default) of each parameter after the view (and after ``self``)."""
    params = list(inspect.signature(fn).parameters.values())  # type: ignore[arg-type]
    if params and params[0].name == "self":
        params = params[1:]
    return [(p.name, p.kind, p.default) for p in params[1:]]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", FUNCTIONS)
def test_each_drawing_function_takes_the_protocols_arguments(game: str, name: str) -> None:
    drawn = getattr(renderers.get(game), name)
    assert _parameters(drawn) == _parameters(getattr(renderers.Renderer, name)), (game, name)


@pytest.mark.parametrize("game", GAMES)
def test_each_renderer_declares_its_seats_and_component_colours(game: str) -> None:
    renderer = renderers.get(game)
    assert isinstance(renderer.SEATS, kit.Seats)
    assert all(len(rgb) == 3 for rgb in renderer.COMPONENT_COLOURS.values())
