"""A plain table renderer for games without a board of their own (the test game, new games).

It lists the public view's top-level facts (its JSON, ``kit.plain``) and, for a private view, the
seat's secrets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import ImageDraw

from engines.kit import View, plain
from renderers import kit

#: The kit's default seat marks: a game without a renderer has no palette of its own.
SEATS = kit.DEFAULT_SEATS
#: No pieces of its own for a seat colour to stand apart from.
COMPONENT_COLOURS: dict[str, tuple[int, int, int]] = {}


def _lines(data: dict[str, Any]) -> list[str]:
    out = []
    for key, value in data.items():
        if key == "private":
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        out.append(f"{key}: {value}")
    return out


def _draw(title: str, lines: list[str], view: View[Any, Any]) -> bytes:
    seats = view.players
    height = 120 + 30 * len(lines) + 30 * seats
    img = kit.new_canvas(max(height, 200))
    draw = ImageDraw.Draw(img)
    kit.text(draw, (40, 30), title, 32, bold=True)
    y = kit.legend_row(draw, view, seats, 40, 80, to_act=list(view.to_act))
    for line in lines:
        kit.text(draw, (40, y), line, 20, max_width=kit.WIDTH - 80)
        y += 30
    return kit.encode_png(img)


def render(
    view: View[Any, Any], *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes:
    """The public facts of a view as a table (``names``: display names by seat)."""
    view = kit.with_names(view, names)
    facts = plain(view)
    return _draw(str(facts.get("game", "Game")).title(), _lines(facts), view)


def render_private(
    view: View[Any, Any], *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes | None:
    """The seat's private part of a view, or ``None`` if there is none."""
    view = kit.with_names(view, names)
    if view.private is None:
        return None
    return _draw("Your hidden information", _lines(plain(view.private)), view)


def render_glance(
    view: View[Any, Any], *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes:
    """A phone-sized summary: whose turn and, if the view has them, the scores."""
    view = kit.with_names(view, names)
    return kit.glance(view, SEATS, _glance_of(view))


def glance_text(
    view: View[Any, Any], *, names: Sequence[str] | None = None, lang: str | None = None
) -> list[str]:
    """The glance's words as text lines, for a message that shows them beside the board."""
    view = kit.with_names(view, names)
    return kit.glance_lines(view, _glance_of(view))


def _glance_of(view: View[Any, Any]) -> kit.Glance:
    facts = plain(view)
    seats = view.players
    raw = facts.get("scores") or [""] * seats
    scores = [str(v) for v in raw][:seats]
    title = str(facts.get("game", "Game")).title()
    asked = "Your move" if view.to_act else "Game over"
    return kit.Glance(title, "", asked, scores)


if TYPE_CHECKING:  # mypy checks this module against the one renderer signature
    import renderers
    from renderers import generic as _this

    _renderer: renderers.Renderer = _this
