"""The shared drawing kit: fonts, player colours and marks, text and PNG helpers.

Every renderer draws with these so boards look like one product: the same palette, the same player
marks (colour *and* shape *and* letter, so colour is never the only cue), the same header and legend.
Renderers use it as ``from renderers import kit`` and ``kit.X``; every name is defined in one
module per concern and gathered here:

``style``       the width, the smallest text, paper and ink, the move and to-act marks' colours
``fonts``       the font stack and per-character fallback, right-to-left layout, widths, ``wrap``
``pen``         ``text`` (the one text-drawing function), ``Pen``, shapes and canvases
``layout``      the layout log (``recording``, ``Layout.overlaps``), cached ``layer`` and ``sprite``
``legibility``  ``min_size`` and ``too_small``: text that reads on a phone
``words``       display names, ``say`` (a catalog label), ``language``, ``prepare``
``seats``       ``Seats``: each seat's colour, shape and letter (a game's palette is its own)
``marks``       the moves to mark since the acting player's last turn, the "Last:" line
``legend``      ``panel``, the header's ``TitleLine``, ``Legend``
``encoding``    fixed palettes and PNG encoding
``glances``     ``glance``: the phone-sized summary

``kit.RAQM`` (whether right-to-left text is laid out by raqm) is read at call time in
``kit.fonts``; setting it on the kit sets it there too, so ``kit.RAQM = False`` (a benchmark, a
test's monkeypatch) draws with the fallback as it did when the kit was one module.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from engines.data import DATA_DIR
from renderers.kit import fonts
from renderers.kit.encoding import (
    PNG_LEVEL,
    encode_paletted,
    encode_png,
    palette_from_colours,
    palette_from_sample,
    quantise,
)
from renderers.kit.fonts import (
    BOLD_STROKE,
    ELLIPSIS,
    FONT_FILES,
    FSI,
    PDI,
    PLACEHOLDER,
    RAQM,
    REPLACEMENT,
    SINGLE_WEIGHT,
    GlyphRun,
    coverage,
    fit_text,
    font,
    glyph_runs,
    runs,
    text_width,
    wrap,
)
from renderers.kit.glances import (
    BAND,
    BAND_INK,
    GLANCE_MIN,
    GLANCE_W,
    Glance,
    glance,
    glance_lines,
)
from renderers.kit.layout import Box, Layout, layer, offscreen, piece, recording, sprite
from renderers.kit.legend import Legend, Sign, TitleLine, panel
from renderers.kit.legibility import PHONE_MIN_TEXT, PHONE_WIDTH, min_size, too_small
from renderers.kit.marks import (
    earlier_marks,
    earned_text,
    in_words,
    last_line,
    move_marks,
    turn_earned,
    turn_said,
    turn_texts,
)
from renderers.kit.pen import Pen, _mask, new_canvas, on_colour, polygon, text, text_centered
from renderers.kit.seats import DEFAULT_SEATS, Seats, legend_row, player_mark, seat_letter
from renderers.kit.style import (
    EARLIER,
    EARLIER_WIDTH,
    HIGHLIGHT,
    INK,
    MARK_KEYS,
    MIN_TEXT,
    MUTED,
    PANEL,
    PAPER,
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    TO_ACT,
    WHITE,
    WIDTH,
)
from renderers.kit.words import (
    AnyView,
    isolate,
    language,
    player_name,
    prepare,
    say,
    with_names,
)

__all__ = [
    "BAND",
    "BAND_INK",
    "BOLD_STROKE",
    "DATA_DIR",
    "DEFAULT_SEATS",
    "EARLIER",
    "EARLIER_WIDTH",
    "ELLIPSIS",
    "FONT_FILES",
    "FSI",
    "GLANCE_MIN",
    "GLANCE_W",
    "HIGHLIGHT",
    "INK",
    "MARK_KEYS",
    "MIN_TEXT",
    "MUTED",
    "PANEL",
    "PAPER",
    "PDI",
    "PHONE_MIN_TEXT",
    "PHONE_WIDTH",
    "PLACEHOLDER",
    "PLAYER_COLOURS",
    "PLAYER_SHAPES",
    "PNG_LEVEL",
    "RAQM",
    "REPLACEMENT",
    "SINGLE_WEIGHT",
    "TO_ACT",
    "WHITE",
    "WIDTH",
    "AnyView",
    "Box",
    "Glance",
    "GlyphRun",
    "Layout",
    "Legend",
    "Pen",
    "Seats",
    "Sign",
    "TitleLine",
    "_mask",
    "coverage",
    "earlier_marks",
    "encode_paletted",
    "encode_png",
    "fit_text",
    "font",
    "glance",
    "glance_lines",
    "glyph_runs",
    "isolate",
    "language",
    "earned_text",
    "last_line",
    "layer",
    "legend_row",
    "min_size",
    "move_marks",
    "new_canvas",
    "offscreen",
    "on_colour",
    "palette_from_colours",
    "palette_from_sample",
    "panel",
    "piece",
    "player_mark",
    "player_name",
    "polygon",
    "prepare",
    "quantise",
    "recording",
    "runs",
    "say",
    "seat_letter",
    "sprite",
    "text",
    "text_centered",
    "text_width",
    "too_small",
    "turn_earned",
    "in_words",
    "turn_said",
    "turn_texts",
    "with_names",
    "wrap",
]


class _Kit(types.ModuleType):
    """The kit module, whose settings are set where they are read."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "RAQM":
            fonts.RAQM = value
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Kit
