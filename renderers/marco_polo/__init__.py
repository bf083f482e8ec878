"""The Voyages of Marco Polo board: map with posts and figures, action spaces with dice, players.

``render(view)`` draws the public board from a public view; ``render_private(view)`` draws one
seat's secret goal cards from a view made for that seat. The static map (routes, cities, route
costs, legend frame) is drawn once per process and cached; each call pastes it and draws only the
pieces that change. Component facts (map positions, contract and card texts) come from the game's
public data tables.

Modules: ``layout`` (sizes, colours, geometry, text helpers), ``static`` (the cached map and
reference table, the palette), ``pieces`` (dice, posts, figures, tiles, last-move rings),
``panels`` (header, side, cards, players, draft, score sheet, legend, glance), ``private`` (a
seat's goal cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.marco_polo.view import MarcoPoloView
from renderers import kit
from renderers.marco_polo.layout import (
    COMPONENT_COLOURS,
    PLAYERS_Y,
    SEATS,
    legend_y,
    players_h,
    ref_y,
)
from renderers.marco_polo.panels import (
    board_height,
    draw_cards,
    draw_draft,
    draw_final,
    draw_header,
    draw_legend,
    draw_players,
    draw_side,
    glance_text,
    render_glance,
    side_top,
)
from renderers.marco_polo.pieces import draw_map_pieces, ring_last
from renderers.marco_polo.private import render_private
from renderers.marco_polo.static import base_layer, encode

__all__ = [
    "COMPONENT_COLOURS",
    "SEATS",
    "encode",
    "glance_text",
    "render",
    "render_glance",
    "render_private",
]


def render(
    view: MarcoPoloView,
    *,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> bytes:
    """The public board as PNG bytes (from the public part of the view only), in ``lang`` (else
    English)."""
    view, lang = kit.prepare(view, names, lang)
    height = board_height(view, lang)
    # Map, players, draft or score sheet, action spaces and contracts, city cards, reference
    # tables, legend: what a player looks for first comes first on a phone (#28.3).
    side = side_top(view, lang)
    base = base_layer(height, lang, ref_y(side))
    img = base.copy()
    d = kit.Pen(img)
    draw_header(d, view, lang)
    rows = draw_side(d, view, lang, side)
    draw_cards(d, view, lang, side)
    # Every move since the acting player's last turn, under the pieces (a ring never hides one).
    for mark, colour, width in kit.move_marks(view):
        ring_last(d, view, mark, rows, colour, width, side)
    draw_map_pieces(d, view, height, lang, ref_y(side))
    draw_players(d, view, lang)
    y: float = PLAYERS_Y + players_h(len(view.seats))
    y = draw_draft(d, view, y, lang)
    draw_final(d, view, y, lang)
    draw_legend(d, view, legend_y(side), lang)
    return encode(img, base)


if TYPE_CHECKING:  # mypy checks this module against the one renderer signature
    import renderers
    from renderers import marco_polo as _this

    _renderer: renderers.Renderer = _this
