"""The Imhotep board: five building sites on the Nile, the harbour with this round's ships, and
the players' sleds, quarries, scores and cards, every word in the table's language.

``render(view)`` draws the public view only; ``render_private(view)`` draws the one hidden thing a
seat can hold (the Market-B face-down pair it is choosing from); ``render_glance(view)`` is the
phone-sized summary. Static parts (panels, titles, legend) are drawn once per (player count,
sides, language) and cached; each call composites stones, ships, cards and text on a copy.

Modules: ``layout`` (positions, colours, type sizes, words), ``pieces`` (stones, cards,
highlights), ``static`` (the cached layer, palette, encoding), ``sites`` (the five sites),
``panels`` (header, players, harbour, score sheet, glance), ``private`` (a seat's pair).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.imhotep.view import ImhotepView
from renderers import kit
from renderers.imhotep import panels, sites
from renderers.imhotep.layout import COMPONENT_COLOURS, PANELS, SEATS, lang_of, prepare
from renderers.imhotep.panels import glance_text, render_glance
from renderers.imhotep.pieces import highlight
from renderers.imhotep.private import render_private
from renderers.imhotep.static import encode, static_layer

__all__ = ["COMPONENT_COLOURS", "SEATS", "glance_text", "render", "render_glance", "render_private"]


def _panel_word(site: str | None) -> str | None:
    """The panel of a site named in a move's mark (``burial_chamber`` → ``burial``)."""
    word = {"burial_chamber": "burial"}.get(site or "", site or "")
    return word if word in PANELS else None


def render(
    view: ImhotepView,
    *,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> bytes:
    """PNG of the public board, drawn from the public view only (any ``private`` key is ignored),
    in ``lang`` (else the view's ``lang``, else English)."""
    view = prepare(view, names, lang)
    sides = tuple(sorted(view.sides.items()))
    base = static_layer(view.players, sides, view.approximate, lang_of(view))
    img = base.copy()
    d = kit.Pen(img)
    panels.header(d, view)
    panels.players(d, view)
    for word in PANELS:
        sites.dock_label(d, view, word)
    sites.market(d, view)
    sites.pyramid(d, view)
    sites.temple(d, view)
    sites.burial(d, view)
    sites.obelisk(d, view)
    panels.harbour(d, view)
    panels.results(d, view)
    for mark, colour, width in kit.move_marks(view):  # sites ships sailed to since the turn
        panel = _panel_word(mark.site)
        if panel:
            highlight(d, PANELS[panel], width, colour)
    return encode(img, base)


if TYPE_CHECKING:  # mypy checks this module against the one renderer signature
    import renderers
    from renderers import imhotep as _this

    _renderer: renderers.Renderer = _this
