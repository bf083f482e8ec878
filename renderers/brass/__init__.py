"""Brass: Birmingham board renderer: the map with tiles and canals, markets, players, the last move.

``render(view)`` draws the public board from the public view only; ``render_private(view)`` draws
one seat's hand and player mat from a view made for that seat. The map (lines, towns, empty
slots, labels, progress track) is a static layer drawn once per process; each call composites the
tiles, links, merchants, markers, markets and the player panel on a copy of it.

Modules: ``layout`` (sizes, colours, geometry), ``static`` (cached layers, palette), ``pieces``
(the dynamic map), ``panels`` (header, side panel, glance), ``private`` (a seat's screen).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.brass.view import BrassView
from renderers import kit
from renderers.brass.layout import BEER, COAL, COMPONENT_COLOURS, SEATS
from renderers.brass.panels import draw_header, draw_panel, glance_text, render_glance
from renderers.brass.pieces import (
    candidate_line,
    draw_link,
    draw_tile,
    frame_places,
    income_markers,
    link_mark,
    merchant_tile,
    source_rings,
    tile_badges,
)
from renderers.brass.private import render_private
from renderers.brass.static import DirtyPen, base_layer, encode, encode_changed, restore_places

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
    view: BrassView,
    *,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> bytes:
    """The public board as PNG bytes (``view`` is a public view, maybe with ``names``), every
    word in ``lang`` (the table's language)."""
    view, lang = kit.prepare(view, names, lang)
    full = view.sheet is not None
    sheet = full or view.final is not None
    base = base_layer(lang, len(view.order), full, sheet, view.final is not None)
    img = base.copy()
    d = DirtyPen(img)
    framed = []
    for mark, colour, width in kit.move_marks(view):  # every move since the acting one's turn
        framed += frame_places(d, mark.places, colour, width)
    lines = [seg for link in view.links for seg in draw_link(d, link.line, link.owner, link.kind)]
    pending = view.pending_link
    if pending:
        # A rail Network action waiting for its second link: the lines it may take, and the
        # mines and breweries its coal and beer would come from (R33–R37).
        lines += [seg for line in pending.lines for seg in candidate_line(d, line)]
    restore_places(img, lines, framed, lang, d.dirty)
    for link in view.links:
        link_mark(d, link.line, link.owner, lang)
    for m in view.merchants:
        merchant_tile(d, m, lang)
    for t in view.tiles:
        draw_tile(d, t, lang)
    if pending:
        source_rings(d, [r for r in pending.coal_from if r != "market"], COAL)
        source_rings(d, pending.beer_from, BEER)
    tile_badges(d, view.tiles, lang)
    income_markers(d, view)
    draw_header(d, view, lang)
    draw_panel(d, view, lang, sheet)
    return encode_changed(img, base, d.dirty)


if TYPE_CHECKING:  # mypy checks this module against the one renderer signature
    import renderers
    from renderers import brass as _this

    _renderer: renderers.Renderer = _this
