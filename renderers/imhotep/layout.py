"""Where everything on the Imhotep board goes, its colours and type sizes, and its words.

Every position is here, so a panel can be moved without reading the drawing code. Every word
drawn comes from the catalog (``imhotep.board.*`` and the engine's own keys) in the table's
language; ``say`` is the one way a board module gets a string.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from engines.catalog import CATALOG, DEFAULT_LANG
from engines.imhotep import components as C
from engines.imhotep.view import ImhotepView
from renderers import kit

#: Seat colours of this game (#10.6), chosen by CIE76 distance under normal vision and simulated
#: protanopia and deuteranopia (tests/renderers/test_kit.py): far from each other and from every
#: colour in ``COMPONENT_COLOURS``. Names as players would say them.
SEATS = kit.Seats.of(
    (
        ("black", (30, 30, 30)),
        ("white", (250, 250, 250)),
        ("yellow", (250, 220, 40)),
        ("peach", (255, 200, 160)),
    )
)

# -- type sizes -----------------------------------------------------------------------------------
W = kit.WIDTH
#: The smallest type on the board: 14 px when a phone shows the board 1080 px wide (#10.5).
SMALL = kit.min_size(W)
BODY = SMALL + 1
LABEL = SMALL + 3
TITLE = SMALL + 5
BIG = 40

# -- geometry -----------------------------------------------------------------------------------
M = 24  # outer margin
GAP = 16
HEADER_H = 118
PLAYERS_Y = HEADER_H
PLAYERS_H = 262
SITES_Y = PLAYERS_Y + PLAYERS_H + 10
ROW1_H = 440
ROW2_H = 340
HARBOUR_Y = SITES_Y + ROW1_H + GAP + ROW2_H + GAP
HARBOUR_H = 250
LEGEND_Y = HARBOUR_Y + HARBOUR_H + GAP
LEGEND_H = 164
#: The legend's right column: the frames the board draws (last move, earlier ones, who acts).
MARKS_LEGEND = kit.Legend(size=SMALL, indent=58, row=28, gap=13)
H = LEGEND_Y + LEGEND_H + M

COL3 = (W - 2 * M - 2 * GAP) // 3  # width of a top-row site panel
COL2 = (W - 2 * M - GAP) // 2  # width of a bottom-row site panel
_ROW2_Y = SITES_Y + ROW1_H + GAP
PANELS: dict[str, tuple[int, int, int, int]] = {
    "market": (M, SITES_Y, M + COL3, SITES_Y + ROW1_H),
    "pyramid": (M + COL3 + GAP, SITES_Y, M + 2 * COL3 + GAP, SITES_Y + ROW1_H),
    "temple": (M + 2 * (COL3 + GAP), SITES_Y, W - M, SITES_Y + ROW1_H),
    "burial": (M, _ROW2_Y, M + COL2, _ROW2_Y + ROW2_H),
    "obelisk": (M + COL2 + GAP, _ROW2_Y, W - M, _ROW2_Y + ROW2_H),
}
#: The dock box in a panel's top right corner: which ship moored here.
DOCK_W = 188
#: Where a panel's own drawing starts, below its title and subtitle.
CONTENT_DY = 80

# -- palette ------------------------------------------------------------------------------------
SAND = (240, 226, 196)
STONE = (222, 205, 170)
STONE_DARK = (170, 146, 104)
NILE = (88, 150, 184)
NILE_DARK = (52, 104, 140)
HULL = (139, 94, 52)
HULL_DARK = (92, 58, 30)
HEADER_BAND = (62, 46, 30)
GOLD = (240, 200, 90)
BAND = (232, 214, 178)
CARD_PAPER = (248, 240, 222)
DOCK = (214, 196, 160)
LEVEL_FILLS = ((214, 190, 140), (200, 170, 112), (186, 150, 90))
SLOT_FILL = (196, 160, 110)
SAILED_HULL = (150, 138, 120)
WAVE = (150, 196, 220)
TOP_CELL = (250, 236, 200)
SHEET = (250, 244, 230)
PROMPT = (255, 228, 150)
#: The header's first line: the title in gold, the round and its ships beside it.
TITLE_LINE = kit.TitleLine(
    size=36, status_size=LABEL, status_dy=8, gap=28, fill=GOLD, status_fill=SAND
)
HARBOUR_INK = (255, 240, 200)
WARN = (150, 40, 30)
CARD_BACK = (96, 70, 40)
CARD_COLOURS = {
    "red": (196, 62, 52),
    "green": (64, 140, 72),
    "purple": (128, 76, 150),
    "blue": (44, 104, 176),
}
#: Colours of this game's components, which no seat colour may resemble (#10.6; tested).
COMPONENT_COLOURS: dict[str, tuple[int, int, int]] = {
    **{f"{k} card": v for k, v in CARD_COLOURS.items()},
    "Nile": NILE,
    "ship": HULL,
}
#: A stone's radius: its letter is then drawn at ``SMALL`` or larger (kit.Seats.mark: 1.1 r).
STONE_R = 20
#: The marks of who acts, before their prompt in the header (a stone's size: its letter is
#: then at least ``SMALL``).
HEADER_MARK = STONE_R


# -- words ----------------------------------------------------------------------------------------
class Speaker(Protocol):
    """What words are drawn for: the table's language and the players' names (a view once
    ``prepare`` has set them, or ``Words`` for what is drawn without one)."""

    @property
    def lang(self) -> str | None: ...

    @property
    def names(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Words:
    """The language to draw in, for what is drawn without a view (the cached static layer)."""

    lang: str | None
    names: tuple[str, ...] = ()


def lang_of(view: Speaker) -> str:
    """The table's language, as ``prepare`` put it in the view."""
    return view.lang or DEFAULT_LANG


def prepare(view: ImhotepView, names: Sequence[str] | None, lang: str | None) -> ImhotepView:
    """``view`` with the display names and the language to draw it in (the render call's
    ``lang``, else the view's own ``lang``, else English)."""
    view, lang = kit.prepare(view, names, lang)
    return replace(view, lang=lang)


def say(view: Speaker, key: str, **params: Any) -> str:
    """The catalog message ``imhotep.board.<key>`` (or a full key containing a dot-prefixed
    namespace, e.g. ``core.status.round``) in the view's language; seat parameters become the
    players' display names."""
    full = key if key.startswith(("core.", "imhotep.")) else f"imhotep.board.{key}"
    isolated = [kit.isolate(n) for n in view.names] or None
    return CATALOG.text(full, params, lang=lang_of(view), names=isolated)


def card_colour(kind: str) -> str:
    """A card type's colour (red, green, purple, blue) from the engine's card data."""
    types = C.card_types()
    return types[kind].colour if kind in types else "blue"


def card_name(view: Speaker, kind: str) -> str:
    """A card type's name as the board prints it, in the table's language."""
    return say(view, f"card.{kind}") if kind in C.card_types() else kind


def site_name(view: Speaker, word: str) -> str:
    """A site's title (``burial`` → "Burial Chamber") in the table's language."""
    return say(view, f"site.{word}")
