"""The shared drawing kit: fonts, player colours and marks, text and PNG helpers.

Every renderer draws with these so boards look like one product: the same palette, the same player
marks (colour *and* shape *and* letter, so colour is never the only cue), the same header and legend.
"""

from __future__ import annotations

import functools
import io
import math
import struct
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any, TypeVar

from arabic_reshaper import ArabicReshaper
from bidi import get_display
from PIL import Image, ImageChops, ImageDraw, ImageFont, features

from engines.catalog import CATALOG
from engines.data import DATA_DIR
from engines.kit import M, Mark, View

_T = TypeVar("_T")

WIDTH = 1600
MIN_TEXT = 14

PAPER = (245, 238, 222)
INK = (40, 34, 30)
WHITE = (255, 255, 255)
MUTED = (120, 110, 100)
PANEL = (232, 222, 200)
#: Gold marks the last move on every board; a raspberry frame (and ▶) marks who is to act, so the
#: two never share a look (#12.8).
HIGHLIGHT = (255, 196, 0)
#: The marks of earlier moves since the acting player's last turn (``earlier_marks``): lighter than
#: the last move's and drawn thinner, so width tells them apart as well as colour.
EARLIER = (255, 208, 60)
EARLIER_WIDTH = 4
TO_ACT = (190, 20, 110)
#: What each of the move marks means, in every board's legend (the same words on every board;
#: the sign beside each draws the mark as that board does): the last move, the earlier moves
#: (``move_marks``), who is to act.
MARK_KEYS = {
    "last": "core.board.legend.last",
    "earlier": "core.board.legend.earlier",
    "to_act": "core.board.legend.to_act",
}

#: The default seat colours (Okabe–Ito), for boards without a palette of their own; each colour is
#: paired with a shape and a letter, so colour is never the only cue.
PLAYER_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
)
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")

#: Fonts tried in order for every character (#13.3): DejaVu Sans for Latin, Greek, Cyrillic,
#: Hebrew, Arabic and symbols, then the Japanese subset of Noto Sans CJK JP (kana, JIS level 1+2
#: kanji, full-width forms; built by tools/build_cjk_font.py).
FONT_FILES: dict[bool, tuple[str, ...]] = {
    False: ("DejaVuSans.ttf", "NotoSansJP-Turnpost.otf"),
    True: ("DejaVuSans-Bold.ttf", "NotoSansJP-Turnpost.otf"),
}
#: Files with a single weight (in both stacks): bold text in them is emboldened by stroking each
#: glyph's outline in its own colour, :data:`BOLD_STROKE` of the size wide. A bold face for the
#: Japanese subset would add another 3-4 MB to the repository for a difference a stroke gives
#: at board sizes (headings of 16-40 px), so the stroke it is.
SINGLE_WEIGHT = frozenset(FONT_FILES[False]) & frozenset(FONT_FILES[True])
BOLD_STROKE = 0.035
#: Drawn (in the first font) for a character no font has: a smiling face for an emoji or other
#: pictograph, the replacement character for anything else (say Hangul) — a clean mark, never an
#: empty "tofu" box. A run of emoji joined by zero-width joiners becomes one placeholder.
PLACEHOLDER = "☺"
REPLACEMENT = "\ufffd"
ELLIPSIS = "…"
_ZWJ = "\u200d"
#: First-strong isolate and its closing mark: a display name is drawn in its own direction (a
#: Hebrew name right to left) inside a label that stays left to right, whatever surrounds it.
FSI, PDI = "\u2068", "\u2069"

#: Whether Pillow can lay text out with libraqm (bidi through libfribidi, shaping through
#: HarfBuzz). The wheel bundles libraqm but loads libfribidi at run time, so this is false on a
#: system without it; the Dockerfile installs it. Without raqm, right-to-left text is reordered
#: by python-bidi and Arabic joined by arabic-reshaper (:func:`glyph_runs`).
RAQM = bool(features.check("raqm"))
#: The Arabic joining forms for the fallback, as presentation-form characters DejaVu Sans has:
#: letters and the obligatory lam-alef ligatures, no word ligatures (DejaVu lacks ﷲ).
_RESHAPER = ArabicReshaper(configuration={"ARABIC LIGATURE ALLAH": False})


@cache
def _font_file(name: str, size: int, basic: bool = False) -> ImageFont.FreeTypeFont:
    engine = ImageFont.Layout.BASIC if basic else None
    return ImageFont.truetype(str(DATA_DIR / "fonts" / name), size, layout_engine=engine)


_BOLD: dict[int, bool] = {}


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The first font of the stack (DejaVu Sans) at ``size`` px, never below ``MIN_TEXT``.

    Only for measuring or for ``Pen.text``; draw text with :func:`text` so that characters
    DejaVu lacks fall back to the next font."""
    f = _font_file(FONT_FILES[bold][0], max(size, MIN_TEXT))
    _BOLD[id(f)] = bold
    return f


@cache
def coverage(name: str) -> frozenset[int]:
    """The code points a shipped font file maps to a glyph (its ``cmap`` table, formats 4 and 12),
    read directly so the renderer needs no font library beyond Pillow."""
    data = (DATA_DIR / "fonts" / name).read_bytes()
    tables = struct.unpack(">H", data[4:6])[0]
    cmap = 0
    for i in range(tables):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        if tag == b"cmap":
            cmap = offset
    count = struct.unpack(">H", data[cmap + 2 : cmap + 4])[0]
    subtables = [
        struct.unpack(">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i]) for i in range(count)
    ]
    found: set[int] = set()
    for platform, encoding, offset in subtables:
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        at = cmap + offset
        fmt = struct.unpack(">H", data[at : at + 2])[0]
        if fmt == 12:
            groups = struct.unpack(">I", data[at + 12 : at + 16])[0]
            for g in range(groups):
                lo, hi, _ = struct.unpack(">III", data[at + 16 + 12 * g : at + 28 + 12 * g])
                found.update(range(lo, hi + 1))
        elif fmt == 4:
            segs = struct.unpack(">H", data[at + 6 : at + 8])[0] // 2
            ends = struct.unpack(f">{segs}H", data[at + 14 : at + 14 + 2 * segs])
            base = at + 16 + 2 * segs
            starts = struct.unpack(f">{segs}H", data[base : base + 2 * segs])
            deltas = struct.unpack(f">{segs}h", data[base + 2 * segs : base + 4 * segs])
            ro_at = base + 4 * segs
            offsets = struct.unpack(f">{segs}H", data[ro_at : ro_at + 2 * segs])
            for k in range(segs):
                for c in range(starts[k], ends[k] + 1):
                    if c == 0xFFFF:
                        continue
                    if offsets[k] == 0:
                        glyph = (c + deltas[k]) & 0xFFFF
                    else:
                        gi = ro_at + 2 * k + offsets[k] + 2 * (c - starts[k])
                        glyph = struct.unpack(">H", data[gi : gi + 2])[0]
                        glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
                    if glyph:
                        found.add(c)
    return frozenset(found)


@lru_cache(maxsize=8192)
def runs(text: str, bold: bool = False) -> tuple[tuple[str, str], ...]:
    """``text`` split into (piece, font file) runs: each character goes to the first font of the
    stack that has it; characters no font has become :data:`PLACEHOLDER` (one per cluster of
    joined emoji); joiners and other invisible format characters are dropped."""
    files = FONT_FILES[bold]
    if text.isascii() and text.isprintable():
        return ((text, files[0]),) if text else ()  # DejaVu has all of printable ASCII
    text = unicodedata.normalize("NFC", text)
    out: list[list[str]] = []
    joined = False
    for ch in text:
        if ch == _ZWJ:
            joined = True
            continue
        if unicodedata.category(ch) == "Cf" or 0xFE00 <= ord(ch) <= 0xFE0F:
            continue
        name = next((f for f in files if ord(ch) in coverage(f)), None)
        if name is None:
            if joined and out and out[-1][0].endswith(PLACEHOLDER):
                joined = False
                continue
            pictograph = ord(ch) >= 0x1F000 or unicodedata.category(ch) == "So"
            ch, name = (PLACEHOLDER if pictograph else REPLACEMENT), files[0]
        elif unicodedata.category(ch) == "Mn" and out:
            name = out[-1][1]  # a combining mark stays with its base character's font
        joined = False
        if out and out[-1][1] == name:
            out[-1][0] += ch
        else:
            out.append([ch, name])
    return tuple((t, n) for t, n in out)


#: How a glyph run is laid out: ``plain`` (left-to-right text, the font's default engine),
#: ``raqm`` (logical order, reordered and shaped by libraqm in a left-to-right paragraph) or
#: ``visual`` (already in drawing order and shaped, drawn glyph by glyph with no bidi).
GlyphRun = tuple[str, str, str]


def _rtl(text: str) -> bool:
    """Whether ``text`` has a right-to-left letter (Hebrew, Arabic, Syriac, Thaana...)."""
    return not text.isascii() and any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


def glyph_runs(text: str, bold: bool = False, raqm: bool | None = None) -> tuple[GlyphRun, ...]:
    """``text`` as (piece, font file, layout) runs to draw left to right, one after another.

    Left-to-right text is :func:`runs` as it is. Text with right-to-left letters is a
    left-to-right paragraph (every catalog is left to right) in which a Hebrew or Arabic name,
    isolated by :func:`player_name`, reads right to left (Unicode bidi). With raqm (``raqm``,
    default :data:`RAQM`) a label one font draws whole goes to it in logical order; otherwise
    (no raqm, or a label mixing fonts, say Japanese and Arabic) the label is shaped here: Arabic
    letters become their joined presentation forms (arabic-reshaper), the whole is put in visual
    order (python-bidi), and each font's piece is drawn with no further reordering. Vowel points
    (Arabic harakat, Hebrew niqqud) are dropped on that path: drawn glyph by glyph they would
    land on the wrong letter."""
    return _glyph_runs(text, bold, RAQM if raqm is None else raqm)


@lru_cache(maxsize=8192)
def _glyph_runs(text: str, bold: bool, raqm: bool) -> tuple[GlyphRun, ...]:
    if not _rtl(text):
        return tuple((t, n, "plain") for t, n in runs(text, bold))
    text = unicodedata.normalize("NFC", text)
    pieces = runs(text, bold)
    visible = "".join(c for c in text if unicodedata.category(c) != "Cf")
    if raqm and len(pieces) == 1 and pieces[0][0] == visible:
        return ((text, pieces[0][1], "raqm"),)
    files = FONT_FILES[bold]
    unpointed = "".join(c for c in text if not ("\u0591" <= c <= "\u05c7" and _mark(c)))
    shaped = "".join(
        c
        if not "\ufb50" <= c <= "\ufeff" or any(ord(c) in coverage(f) for f in files)
        else unicodedata.normalize("NFKC", c)  # a form no font has: its plain letter
        for c in _RESHAPER.reshape(unpointed)
    )
    visual = get_display(shaped, base_dir="L")
    return tuple((t, n, "visual") for t, n in runs(visual, bold))


def _mark(c: str) -> bool:
    return unicodedata.category(c) == "Mn"


def _face(run: GlyphRun, size: int) -> ImageFont.FreeTypeFont:
    return _font_file(run[1], size, run[2] == "visual")


def _direction(run: GlyphRun) -> str | None:
    return "ltr" if run[2] == "raqm" else None


def text_width(text: str, size: int, bold: bool = False) -> float:
    """Rendered width of ``text`` in pixels (with the per-character font fallback)."""
    return _width(text, max(size, MIN_TEXT), bold, RAQM)


@lru_cache(maxsize=16384)
def _width(text: str, size: int, bold: bool, raqm: bool) -> float:
    return float(
        sum(
            _face(run, size).getlength(run[0], direction=_direction(run))
            for run in glyph_runs(text, bold, raqm)
        )
    )


def fit_text(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``max_width`` (whole characters, joiners and
    all, so a cut never leaves half an emoji sequence)."""
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + ELLIPSIS, size, bold) > max_width:
        text = text[:-1].rstrip(_ZWJ)
    return text + ELLIPSIS


# -- the one text-drawing function ----------------------------------------------------------------


Box = tuple[float, float, float, float]


@dataclass
class Layout:
    """What a render drew, recorded while :func:`recording` is active (tests): every text box with
    its string, size and drawing order, every piece box with its order, and every (character, font
    file) pair actually drawn."""

    #: (box, string, font size px) per text drawn, and each one's drawing order in ``text_order``.
    texts: list[tuple[Box, str, int]] = field(default_factory=list)
    text_order: list[int] = field(default_factory=list)
    #: (box, order) per piece drawn.
    pieces: list[tuple[Box, int]] = field(default_factory=list)
    glyphs: set[tuple[str, str]] = field(default_factory=set)
    #: How each text was laid out (:func:`glyph_runs`), by its string.
    shaped: dict[str, tuple[GlyphRun, ...]] = field(default_factory=dict)
    drawn: int = 0

    def tick(self) -> int:
        """The next drawing-order number."""
        self.drawn += 1
        return self.drawn

    def overlaps(self, slack: float = 1.0) -> list[str]:
        """Every text box that intersects another text box, or a piece it is not the label of.

        A text may lie on a piece only inside it (a tile's code, a die's number), or inside a
        later piece drawn on top of it (a badge on a tile's corner, with its letter); a piece drawn
        after a text and crossing it hides part of it. ``slack`` px of anti-aliasing is allowed."""

        def meet(a: Box, b: Box) -> bool:
            return min(a[2], b[2]) - max(a[0], b[0]) > slack and (
                min(a[3], b[3]) - max(a[1], b[1]) > slack
            )

        def inside(a: Box, b: Box) -> bool:
            return (
                a[0] >= b[0] - slack
                and a[1] >= b[1] - slack
                and a[2] <= b[2] + slack
                and a[3] <= b[3] + slack
            )

        pairs = zip(self.texts, self.text_order, strict=True)
        texts = sorted({(t[0], t[1], order) for t, order in pairs}, key=lambda t: t[2])
        # The same string drawn again on the same spot (redrawn over a highlight) is one text.
        seen: dict[tuple[Box, str], int] = {}
        for box, label, order in texts:
            seen.setdefault((box, label), order)
        unique = [(box, label, order) for (box, label), order in seen.items()]
        out = []
        for i, (a, la, _) in enumerate(unique):
            for b, lb, _ in unique[i + 1 :]:
                if meet(a, b):
                    out.append(f"text {la!r} {a} crosses text {lb!r} {b}")
        for box, label, t_order in unique:
            for p, p_order in self.pieces:
                if not meet(box, p) or (inside(box, p) and p_order < t_order):
                    continue
                on_top = any(
                    p_order < q_order < t_order and inside(box, q) for q, q_order in self.pieces
                )
                if p_order > t_order or not on_top:
                    out.append(f"text {label!r} {box} crosses a piece {p}")
        return out


_LOG: list[Layout] = []


@contextmanager
def recording() -> Iterator[Layout]:
    """Record the layout of everything drawn inside the block (for the overlap and font tests)."""
    log = Layout()
    _LOG.append(log)
    try:
        yield log
    finally:
        _LOG.remove(log)


@contextmanager
def offscreen() -> Iterator[None]:
    """Draw without logging: sprites and palettes are drawn in their own coordinates."""
    with recording():
        yield


def layer(fn: Callable[..., Image.Image]) -> Callable[..., Image.Image]:
    """Cache a full-size static layer (drawn in board coordinates) and replay what it drew into the
    layout log on every use, so the overlap test sees the static labels of every board."""
    store: dict[tuple[Any, ...], tuple[Image.Image, Layout]] = {}

    def build(args: tuple[Any, ...]) -> tuple[Image.Image, Layout]:
        if args not in store:
            with recording() as log:
                img = fn(*args)
            store[args] = (img, log)
        return store[args]

    @functools.wraps(fn)
    def wrapper(*args: Any) -> Image.Image:
        img, log = build(args)
        if _LOG:
            # Replayed in their own order, before whatever the caller draws next.
            into = _LOG[-1]
            entries: list[tuple[int, Any]] = [
                (order, t) for t, order in zip(log.texts, log.text_order, strict=True)
            ]
            entries += [(p[1], p) for p in log.pieces]
            for _, e in sorted(entries, key=lambda entry: entry[0]):
                if len(e) == 3:
                    into.texts.append(e)
                    into.text_order.append(into.tick())
                else:
                    into.pieces.append((e[0], into.tick()))
            into.glyphs.update(log.glyphs)
            into.shaped.update(log.shaped)
        return img

    def layout(*args: Any) -> Layout:
        """What the layer drew (building it if need be): renderers place pieces clear of it."""
        return build(args)[1]

    wrapper.layout = layout  # type: ignore[attr-defined]
    wrapper.cache_clear = store.clear  # type: ignore[attr-defined]
    return wrapper


def sprite(fn: Callable[..., _T]) -> Callable[..., _T]:
    """Cache something drawn in its own coordinates (a sprite, a palette), unlogged: whoever pastes
    it logs the box it lands in."""

    @functools.cache
    @functools.wraps(fn)
    def wrapper(*args: Any) -> _T:
        with offscreen():
            return fn(*args)

    return wrapper


def piece(box: tuple[float, float, float, float], *, opaque: bool = True) -> None:
    """Note a drawn piece (a mark, tile, token, die, stone, card...) in the layout log: no text may
    cover it except its own label, drawn inside it afterwards. An opaque piece paints over what
    lay under it, so texts and pieces it covers entirely leave the log."""
    if not _LOG:
        return
    log = _LOG[-1]
    x0, y0, x1, y1 = (float(v) for v in box)
    if opaque:

        def covered(b: Box) -> bool:
            return b[0] >= x0 and b[1] >= y0 and b[2] <= x1 and b[3] <= y1

        kept = [(t, o) for t, o in zip(log.texts, log.text_order, strict=True) if not covered(t[0])]
        log.texts[:] = [t for t, _ in kept]
        log.text_order[:] = [o for _, o in kept]
        log.pieces[:] = [p for p in log.pieces if not covered(p[0])]
    log.pieces.append(((x0, y0, x1, y1), log.tick()))


@lru_cache(maxsize=8192)
def _mask(
    text: str, size: int, bold: bool, anchor: str, raqm: bool
) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and its offset from the anchor point, rasterised once per
    process: glyph rasterising is the slowest part of a render, and boards repeat their labels."""
    parts = glyph_runs(text, bold, raqm)
    widths = [_face(run, size).getlength(run[0], direction=_direction(run)) for run in parts]
    width = sum(widths)
    first = _font_file(FONT_FILES[bold][0], size)
    ascent, descent = first.getmetrics()
    pad = max(2, size // 4)  # room for glyphs reaching past DejaVu's ascent or descent
    stroke = size * BOLD_STROKE if bold else 0.0
    margin = 1 + math.ceil(stroke)  # room for a stroke reaching past the first advance
    h, v = anchor[0], anchor[1]
    dx = {"l": 0.0, "m": -width / 2, "r": -width}[h]
    baseline = {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}
    dy = baseline.get(v, -descent) - ascent - pad  # mask top relative to the anchor y
    mask = Image.new("L", (max(1, math.ceil(width) + 2 * margin), ascent + descent + 2 * pad), 0)
    md = ImageDraw.Draw(mask)
    x = float(margin)
    for run, w in zip(parts, widths, strict=True):
        synthetic = stroke if run[1] in SINGLE_WEIGHT else 0.0
        md.text(
            (x, ascent + pad),
            run[0],
            font=_face(run, size),
            fill=255,
            anchor="ls",
            direction=_direction(run),
            stroke_width=synthetic,
            stroke_fill=255,
        )
        x += w
    box = mask.getbbox()
    if box is None:
        return mask.crop((0, 0, 1, 1)), round(dx), round(dy)
    return mask.crop(box), round(dx - margin + box[0]), round(dy + box[1])


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    label: str,
    size: int,
    *,
    fill: tuple[int, ...] = INK,
    bold: bool = False,
    anchor: str = "la",
    max_width: float | None = None,
) -> tuple[int, int, int, int]:
    """Draw ``label`` at ``xy`` (Pillow anchor semantics) and return its ink box.

    Every renderer draws text through here: characters fall back font by font (Japanese names,
    accents, Hebrew or Arabic, emoji as a placeholder), ``max_width`` cuts with an ellipsis, the
    size never drops under ``MIN_TEXT``, and while :func:`recording` the box and the glyphs are
    logged. Labels arrive as finished strings, so a catalog can supply them."""
    size = max(size, MIN_TEXT)
    if max_width is not None:
        label = fit_text(label, size, max_width, bold)
    mask, left, top = _mask(label, size, bold, anchor, RAQM)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    target: Image.Image = draw._image
    colour = fill if target.mode != "RGBA" or len(fill) == 4 else (*fill, 255)
    target.paste(colour, (x, y), mask)
    box = (x, y, x + mask.width, y + mask.height)
    if _LOG and label.strip():
        log = _LOG[-1]
        log.texts.append((box, label, size))
        log.text_order.append(log.tick())
        drawn = glyph_runs(label, bold)
        log.shaped[label] = drawn
        for t, n, _ in drawn:
            log.glyphs.update((ch, n) for ch in t if unicodedata.category(ch) != "Cf")
    return box


class Pen(ImageDraw.ImageDraw):
    """``ImageDraw`` whose ``text`` goes through :func:`text` (fallback fonts, cached glyph masks,
    layout log), so renderers keep Pillow's call style: ``pen.text(xy, s, font=kit.font(18))``."""

    def text(  # type: ignore[override]
        self,
        xy: Any,
        text_: Any,
        fill: Any = None,
        font: Any = None,
        anchor: Any = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        f = font if font is not None else globals()["font"](MIN_TEXT)
        text(
            self,
            xy,
            str(text_),
            int(f.size),
            fill=fill if fill is not None else INK,
            bold=_BOLD.get(id(f), False),
            anchor=anchor or "la",
        )


def seat_letter(seat: int) -> str:
    """The letter marking a seat's pieces: A, B, C..."""
    return chr(ord("A") + seat)


def polygon(
    cx: float, cy: float, r: float, sides: int, rot: float = -90
) -> list[tuple[float, float]]:
    """Corner points of a regular polygon centred on (cx, cy)."""
    return [
        (
            cx + r * math.cos(math.radians(rot + 360 * i / sides)),
            cy + r * math.sin(math.radians(rot + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def on_colour(rgb: tuple[int, ...]) -> tuple[int, int, int]:
    """Ink or white, whichever reads better on ``rgb`` (letters on seat marks)."""
    r, g, b = rgb[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)


@dataclass(frozen=True)
class Seats:
    """One game's seat marks: colour, shape and letter per seat, drawn the same on every board."""

    colours: tuple[tuple[int, int, int], ...] = PLAYER_COLOURS
    #: What players call each colour ("crimson"), as in test messages and docs; may be empty.
    names: tuple[str, ...] = ()

    @classmethod
    def of(cls, palette: Sequence[tuple[str, tuple[int, int, int]]]) -> Seats:
        """The seats of a game's own palette, (name, colour) per seat: each game declares it in
        its renderer's ``layout.py`` as ``SEATS`` (``renderers.Renderer``)."""
        return cls(tuple(rgb for _, rgb in palette), tuple(name for name, _ in palette))

    def palette(self) -> tuple[tuple[str, tuple[int, int, int]], ...]:
        """(name, colour) per seat, as :meth:`of` took them (unnamed colours as their RGB)."""
        names = self.names or tuple(str(rgb) for rgb in self.colours)
        return tuple(zip(names, self.colours, strict=True))

    def colour(self, seat: int) -> tuple[int, int, int]:
        """The fill colour of ``seat``'s pieces."""
        return self.colours[seat % len(self.colours)]

    def mark(
        self,
        draw: ImageDraw.ImageDraw,
        seat: int,
        cx: float,
        cy: float,
        r: float,
        *,
        letter: bool = True,
        label: str | None = None,
    ) -> None:
        """Draw a seat's piece: its colour, its shape and (if room) its letter, or ``label``
        instead of the letter (a seat's second figure: "B2")."""
        colour = self.colour(seat)
        shape = PLAYER_SHAPES[seat % len(PLAYER_SHAPES)]
        outline = INK
        if shape == "circle":
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=outline, width=2)
        elif shape == "square":
            k = r * 0.88
            draw.rectangle((cx - k, cy - k, cx + k, cy + k), fill=colour, outline=outline, width=2)
        elif shape == "triangle":
            draw.polygon(
                polygon(cx, cy + r * 0.15, r * 1.15, 3), fill=colour, outline=outline, width=2
            )
        elif shape == "diamond":
            draw.polygon(polygon(cx, cy, r * 1.1, 4), fill=colour, outline=outline, width=2)
        else:
            draw.polygon(polygon(cx, cy, r, 6, 0), fill=colour, outline=outline, width=2)
        piece((cx - r, cy - r, cx + r, cy + r))
        if letter and r >= 9:
            mark = label or seat_letter(seat)
            text(
                draw,
                (cx, cy + (r * 0.12 if shape == "triangle" else 0)),
                mark,
                max(MIN_TEXT, int(r * (1.1 if len(mark) == 1 else 0.8))),
                fill=on_colour(colour),
                bold=True,
                anchor="mm",
            )

    def marks_row(
        self,
        draw: ImageDraw.ImageDraw,
        seats: Sequence[int],
        x: float,
        cy: float,
        r: float,
        gap: float = 8,
    ) -> float:
        """The marks of ``seats`` side by side from ``x``, centred on ``cy``, ``gap`` apart (who
        is to act, before their names); returns the x after the last one's gap."""
        for seat in seats:
            self.mark(draw, seat, x + r, cy, r)
            x += 2 * r + gap
        return x

    def who(
        self,
        draw: ImageDraw.ImageDraw,
        seats: Sequence[int],
        x: float,
        cy: float,
        label: str,
        size: int,
        *,
        r: float,
        gap: float = 8,
        pad: float = 0,
        fill: tuple[int, int, int] = INK,
        bold: bool = True,
        right: float = WIDTH,
    ) -> None:
        """Who is to act, as every header and glance says it: the marks of ``seats``
        (:meth:`marks_row`) then ``label`` ("▶ Ana to play…"), ``pad`` px after them, centred on
        the marks' line and cut at ``right``."""
        x = self.marks_row(draw, seats, x, cy, r, gap) + pad
        text(draw, (x, cy), label, size, fill=fill, bold=bold, anchor="lm", max_width=right - x)

    def legend_row(
        self,
        draw: ImageDraw.ImageDraw,
        view: View[Any, Any],
        seats: int,
        x: float,
        y: float,
        *,
        to_act: list[int] | None = None,
        extra: list[str] | None = None,
        size: int = 18,
        width: float = WIDTH,
    ) -> float:
        """One line per seat: mark, name (and ``extra[seat]``), an arrow on seats to act.
        Returns the y under the last line."""
        for seat in range(seats):
            self.mark(draw, seat, x + 14, y + size * 0.7, 12)
            label = f"{seat_letter(seat)}  {player_name(view, seat)}"
            if extra:
                label += f"   {extra[seat]}"
            bold = bool(to_act and seat in to_act)
            if bold:
                label = "▶ " + label
            text(draw, (x + 36, y), label, size, bold=bold, max_width=width - x - 40)
            y += size * 1.6
        return y


DEFAULT_SEATS = Seats()


def player_mark(
    draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float, *, letter: bool = True
) -> None:
    """A seat's piece in the default palette (boards without their own)."""
    DEFAULT_SEATS.mark(draw, seat, cx, cy, r, letter=letter)


def text_centered(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    label: str,
    size: int,
    *,
    fill: tuple[int, int, int] = INK,
    bold: bool = False,
) -> None:
    """Text centred on a point."""
    text(draw, xy, label, size, fill=fill, bold=bold, anchor="mm")


#: A game's view (``engines.kit.View``), whichever game's.
AnyView = TypeVar("AnyView", bound=View[Any, Any])


def earlier_marks(view: View[M, Any]) -> list[M]:
    """The marks of the moves since the acting player's last turn before the newest one, oldest
    first, each in the shape of the view's own ``last``. The service lists every move's mark in
    the view's ``recent``; a renderer draws these with ``EARLIER`` under its ``last`` highlight,
    so a player coming back sees everything that changed since they last moved."""
    marks = list(view.recent)
    if marks and marks[-1] == view.last:
        marks.pop()
    return marks


def move_marks(view: View[M, Any], width: int = 6) -> list[tuple[M, tuple[int, int, int], int]]:
    """Every move a board marks, in drawing order, with the colour and line width to mark it in:
    the :func:`earlier_marks` in ``EARLIER`` at ``EARLIER_WIDTH``, then the last move in
    ``HIGHLIGHT`` at ``width`` (drawn last, so it lies on top). Each renderer draws a mark its
    own way (a ring on the map, a frame round a panel); what the colours and widths mean is the
    same on every board."""
    marks = [(mark, EARLIER, EARLIER_WIDTH) for mark in earlier_marks(view)]
    if view.last is not None:
        marks.append((view.last, HIGHLIGHT, width))
    return marks


def turn_texts(last: Mark) -> tuple[str, ...]:
    """The commands of a move's whole turn, oldest first: its ``turn`` (a turn of several
    commands, given by the game or the service), else the move's own ``text``."""
    if last.turn:
        return last.turn
    return (last.text,) if last.text else ()


def last_line(view: View[Any, Any], lang: str, word: Callable[[str], str] | None = None) -> str:
    """The "Last: <name> — <turn>" line of every board and glance (``core.board.last``): who
    made the last move and every command of their turn (:func:`turn_texts`), each said by
    ``word`` (Brass says a move in words; the other boards show the notation as typed); ""
    before the first move."""
    last = view.last
    if last is None or last.seat is None:
        return ""
    texts = turn_texts(last)
    if not texts:
        return ""
    said = " · ".join(word(t) for t in texts) if word else " · ".join(texts)
    return say("core.board.last", lang, name=player_name(view, last.seat), said=said)


def with_names(view: AnyView, names: Sequence[str] | None) -> AnyView:
    """``view`` with the players' display names by seat (the ``names`` a renderer is called with),
    each :func:`isolate`-d so it reads in its own direction wherever a label sets it; the view
    itself is not changed."""
    if names is None:
        return view
    return replace(view, names=tuple(isolate(n) for n in names))


def prepare(view: AnyView, names: Sequence[str] | None, lang: str | None) -> tuple[AnyView, str]:
    """What every render call does first: the view with the players' display ``names``
    (:func:`with_names`), and the language to draw in (:func:`language`: the call's ``lang``,
    else the view's own, else English)."""
    view = with_names(view, names)
    return view, language(view, lang)


@dataclass(frozen=True)
class TitleLine:
    """A header's first line: the game's title in bold, and where the game stands (its round,
    set or era, or the end) in bold beside it, ``status_dy`` lower and ``gap`` px after the
    title or, ``flush_right``, against the right edge. Each game's layout holds its own."""

    size: int
    status_size: int
    status_dy: float = 0
    gap: float = 16
    flush_right: bool = False
    fill: tuple[int, int, int] = INK
    status_fill: tuple[int, int, int] = INK

    def draw(
        self,
        draw: ImageDraw.ImageDraw,
        xy: tuple[float, float],
        title: str,
        status: str,
        right: float,
    ) -> float:
        """The title at ``xy`` and the status, cut so it never runs into the title nor past
        ``right``; returns the x just after the title's gap (where lines under the status
        start)."""
        x, y = xy
        text(draw, xy, title, self.size, bold=True, fill=self.fill)
        after = x + text_width(title, self.size, True) + self.gap
        at, anchor = (right, "ra") if self.flush_right else (after, "la")
        text(
            draw,
            (at, y + self.status_dy),
            status,
            self.status_size,
            bold=True,
            fill=self.status_fill,
            anchor=anchor,
            max_width=right - after,
        )
        return after


def player_name(view: View[Any, Any], seat: int) -> str:
    """The display name of ``seat`` (from the render call's ``names``), or "Player N". A name
    with right-to-left letters comes isolated (:data:`FSI` ... :data:`PDI`), so it reads in its
    own direction inside any label, and the label around it keeps its order."""
    return isolate(view.name(seat))


def isolate(name: str) -> str:
    """``name`` between first-strong isolate marks if it has right-to-left letters (a display
    name set into a label: "▶ דנה" keeps its arrow on the left); other names, and names
    already isolated, as they are."""
    if not _rtl(name) or (name.startswith(FSI) and name.endswith(PDI)):
        return name
    return f"{FSI}{name}{PDI}"


def legend_row(
    draw: ImageDraw.ImageDraw,
    view: View[Any, Any],
    seats: int,
    x: float,
    y: float,
    *,
    to_act: list[int] | None = None,
    extra: list[str] | None = None,
    size: int = 18,
) -> float:
    """:meth:`Seats.legend_row` in the default palette."""
    return DEFAULT_SEATS.legend_row(draw, view, seats, x, y, to_act=to_act, extra=extra, size=size)


def new_canvas(
    height: int, width: int = WIDTH, colour: tuple[int, int, int] = PAPER
) -> Image.Image:
    """A blank board of the standard width."""
    return Image.new("RGB", (width, height), colour)


_QUANTISED: dict[int, tuple[Image.Image, Image.Image, Image.Image]] = {}


def quantise(img: Image.Image, base: Image.Image, palette: Image.Image) -> Image.Image:
    """``img`` mapped to ``palette``, reusing the mapped ``base`` (the cached static layer ``img``
    was copied from) wherever a band of rows is unchanged: mapping every pixel was a fifth of a
    render, and most of a board is its static layer. Pixel-identical to ``img.quantize``."""
    key = id(base)
    if key not in _QUANTISED or _QUANTISED[key][0] is not base:
        mapped = base.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
        _QUANTISED[key] = (base, palette, mapped)
    _, pal, mapped = _QUANTISED[key]
    if pal is not palette or img.size != base.size or img.mode != "RGB":
        return img.quantize(palette=palette, dither=Image.Dither.NONE)
    out = mapped.copy()
    diff = ImageChops.difference(img, base.convert("RGB") if base.mode != "RGB" else base)
    band = 48
    for y in range(0, img.height, band):
        box = diff.crop((0, y, img.width, min(img.height, y + band))).getbbox()
        if box is None:
            continue
        region = (box[0], y + box[1], box[2], y + box[3])
        out.paste(img.crop(region).quantize(palette=palette, dither=Image.Dither.NONE), region[:2])
    return out


#: zlib level for every board, chosen by measurement (paletted boards from random games, 2026-11):
#: level 3 → 6 makes every board about 20 % smaller (Bombay 100 → 81 KB, Brass 96 → 77, Imhotep
#: 69 → 53, Marco Polo 140 → 114) for about 12 ms more encoding; each board is downloaded by every
#: player, mostly on phones, so bytes cost more than a few server milliseconds. Level 7 gains ~1 %
#: more, level 9 ~8 % for 5-8x the time.
PNG_LEVEL = 6


def encode_png(img: Image.Image, *, small: bool = False) -> bytes:
    """PNG bytes at :data:`PNG_LEVEL`; ``small`` quantises to 64 colours for the
    over-the-upload-limit fallback."""
    buf = io.BytesIO()
    if small:
        img.convert("RGB").quantize(colors=64).save(buf, "PNG", optimize=True)
    else:
        img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


# -- the glance: a phone-sized summary beside the full board (#10.5) -------------------------------

#: The glance is drawn this wide and shown by Discord at about 400 px (half size) until tapped,
#: so its smallest text (``GLANCE_MIN``) still reads at about 15 px on a phone without zooming.
GLANCE_W = 800
GLANCE_MIN = 30
BAND = (52, 40, 30)
BAND_INK = (250, 240, 220)


@dataclass(frozen=True)
class Glance:
    """What a player must read at a glance: whose turn, what they are asked, the scores.

    Strings arrive finished (a renderer or, later, the catalog composes them)."""

    title: str
    round: str
    asked: str
    #: One short score text per seat ("12 VP · £5").
    scores: Sequence[str]
    last: str = ""
    over: bool = False


def wrap(label: str, size: int, width: float, lines: int, bold: bool = False) -> list[str]:
    """``label`` broken at spaces into at most ``lines`` lines of ``width`` px (the last one cut
    with an ellipsis). A word wider than a line (Japanese is written without spaces) is broken
    between characters."""
    words: list[str] = []
    for word in label.split():
        while text_width(word, size, bold) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut], size, bold) > width:
                cut -= 1
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    out: list[str] = []
    while words and len(out) < lines:
        line = words.pop(0)
        while words and text_width(line + " " + words[0], size, bold) <= width:
            line += " " + words.pop(0)
        if words and not words[0].isascii():
            # Japanese breaks between any two characters: fill the line's end with the next word.
            cut = len(words[0]) - 1
            while cut > 0 and text_width(line + " " + words[0][:cut], size, bold) > width:
                cut -= 1
            if cut > 0:
                line += " " + words[0][:cut]
                words[0] = words[0][cut:]
        out.append(line)
    if words and out:
        out[-1] = fit_text(out[-1] + " " + " ".join(words), size, width, bold)
    return [fit_text(line, size, width, bold) for line in out]


def glance(view: View[Any, Any], seats: Seats, g: Glance) -> bytes:
    """The glance image: a header band (game, round), the seat to act in large type with what it
    is asked, one row per seat with name and score, and the last move."""
    n = len(g.scores)
    to_act = list(view.to_act)
    m = 28
    row = 64
    asked = wrap(g.asked, 32, GLANCE_W - 2 * m, 2)
    height = 86 + 78 + 44 * len(asked) + 16 + row * n + (54 if g.last else 0) + 20
    img = new_canvas(height, GLANCE_W)
    d = Pen(img)
    d.rectangle((0, 0, GLANCE_W, 70), fill=BAND)
    title_w = text_width(g.title, 36, True)
    text(d, (m, 35), g.title, 36, bold=True, fill=BAND_INK, anchor="lm")
    room = GLANCE_W - 3 * m - title_w
    text(d, (GLANCE_W - m, 35), g.round, 30, fill=BAND_INK, anchor="rm", max_width=room)
    y = 86
    if to_act:
        who = ", ".join(player_name(view, s) for s in to_act)
        seats.who(d, to_act[:3], m, y + 30, "▶ " + who, 44, r=26, pad=6, right=GLANCE_W - m)
    y += 78
    for line in asked:
        text(d, (m, y), line, 32)
        y += 44
    y += 16
    for s in range(n):
        top = y + row * s
        if s in to_act and not g.over:
            d.rounded_rectangle(
                (m - 12, top, GLANCE_W - m + 12, top + row - 6),
                10,
                fill=PANEL,
                outline=TO_ACT,
                width=4,
            )
        seats.mark(d, s, m + 16, top + (row - 6) / 2, 26)
        score_w = text_width(g.scores[s], 34, True)
        text(
            d,
            (GLANCE_W - m, top + (row - 6) / 2),
            g.scores[s],
            34,
            bold=True,
            anchor="rm",
        )
        text(
            d,
            (m + 56, top + (row - 6) / 2),
            player_name(view, s),
            34,
            anchor="lm",
            max_width=GLANCE_W - 2 * m - 56 - score_w - 20,
        )
    y += row * n
    if g.last:
        text(d, (m, y + 12), g.last, GLANCE_MIN, fill=MUTED, max_width=GLANCE_W - 2 * m)
    return encode_png(
        img.quantize(palette=_glance_palette(seats.colours), dither=Image.Dither.NONE)
    )


@cache
def _glance_palette(seat_colours: tuple[tuple[int, int, int], ...]) -> Image.Image:
    """The glance's few colours plus their anti-aliasing blends: mapping to a fixed palette is a
    couple of milliseconds, and the paletted PNG a third of the RGB one's size and encoding time."""
    backs = [PAPER, PANEL, BAND, *seat_colours]
    fronts = [INK, MUTED, BAND_INK, (255, 255, 255), TO_ACT, HIGHLIGHT, *seat_colours]
    colours: list[tuple[int, int, int]] = [*backs, *fronts]
    for f in fronts:
        for b in backs:
            for t in (0.25, 0.5, 0.75):
                r, g, bl = (round(f[i] * t + b[i] * (1 - t)) for i in range(3))
                colours.append((r, g, bl))
    unique = list(dict.fromkeys(colours))[:256]
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in unique for v in c] + [0] * (768 - 3 * len(unique)))
    return pal


# -- legibility on a phone (#10.5) -------------------------------------------------------------------

#: A board is read on a phone at full-screen width, about this many pixels wide...
PHONE_WIDTH = 1080
#: ...where text under this size (px) is hard to read.
PHONE_MIN_TEXT = 14


def min_size(width: int) -> int:
    """The smallest font size (px) for an image ``width`` px wide: the one that still measures
    ``PHONE_MIN_TEXT`` px once the image is shown ``PHONE_WIDTH`` px wide (i.e. every size must
    be at least ``14 × width / 1080``).

    >>> min_size(1080), min_size(1600), min_size(800)
    (14, 21, 11)
    """
    return math.ceil(PHONE_MIN_TEXT * width / PHONE_WIDTH)


def too_small(log: Layout, width: int) -> list[str]:
    """Every text the layout log recorded (see :func:`recording`) under ``min_size(width)``, as
    readable lines; empty when the image reads at phone size. A renderer's test records a render
    and asserts ``too_small(log, image_width) == []``."""
    floor = min_size(width)
    return [
        f"{label!r} at {size} px (at least {floor} px on an image {width} px wide)"
        for _, label, size in log.texts
        if size < floor
    ]


# -- panels -------------------------------------------------------------------------------------------


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    title: str = "",
    *,
    size: int = 20,
    fill: tuple[int, int, int] = PANEL,
    outline: tuple[int, int, int] | None = None,
) -> float:
    """A rounded panel with an optional bold title in its top-left corner (the boxes beside a
    board: players, markets, last move, legend); returns the y where its content starts."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, 12, fill=fill, outline=outline, width=3 if outline else 0)
    if not title:
        return y0 + 10
    text(draw, (x0 + 14, y0 + 8), title, size, bold=True, max_width=x1 - x0 - 28)
    return y0 + 8 + size * 1.6


# -- legends -----------------------------------------------------------------------------------------

#: Draws a legend entry's sign with its top-left corner at (x, y).
Sign = Callable[[ImageDraw.ImageDraw, float, float], None]


@dataclass(frozen=True)
class Legend:
    """How a legend sets out its entries, each a sign and its label beside it: down, one entry
    under the other (a label wrapping onto at most ``lines`` lines of ``row`` px), or ``across``,
    entry after entry along a row of ``row`` px, onto the next row when the next would pass the
    right edge (in columns ``cell`` px wide when ``cell`` is set). Each game's layout holds its
    legends' sizes; :meth:`draw` draws one, :meth:`spots` measures it without drawing."""

    #: The labels' type size.
    size: int
    #: From an entry's left edge to its label.
    indent: float
    #: Down: a label line's height; across: a row's height.
    row: float
    #: Down: the space under an entry; across: between a label and the next sign (in columns:
    #: between a label and the next column).
    gap: float = 0
    #: From an entry's top to its label's.
    label_dy: float = 0
    across: bool = False
    #: Down: the most lines a label may wrap onto.
    lines: int = 1
    #: Across: the width of a column (0: each entry as wide as its label).
    cell: float = 0

    def spots(
        self, labels: Sequence[str], x: float, y: float, right: float
    ) -> list[tuple[float, float, list[str], float]]:
        """Where each entry goes, between ``x`` and ``right`` from ``y``: its top-left corner,
        its label's lines and the room they have."""
        out: list[tuple[float, float, list[str], float]] = []
        ex, ey = x, y
        for label in labels:
            if not self.across:
                room = right - x - self.indent
                lines = wrap(label, self.size, room, self.lines)
                out.append((ex, ey, lines, room))
                ey += self.row * len(lines) + self.gap
                continue
            wide = self.cell or self.indent + text_width(label, self.size)
            if ex + wide > right:
                ex, ey = x, ey + self.row
            room = self.cell - self.indent - self.gap if self.cell else right - ex - self.indent
            out.append((ex, ey, [label], room))
            ex += self.cell or wide + self.gap
        return out

    def height(self, labels: Sequence[str], x: float, right: float) -> float:
        """How far the entries reach down (what :meth:`draw` adds to its ``y``)."""
        return self._end(self.spots(labels, x, 0, right), 0)

    def _end(self, spots: list[tuple[float, float, list[str], float]], y: float) -> float:
        if not spots:
            return y
        _, ey, lines, _ = spots[-1]
        return ey + (self.row if self.across else self.row * len(lines) + self.gap)

    def draw(
        self,
        draw: ImageDraw.ImageDraw,
        entries: Sequence[tuple[Sign, str]],
        x: float,
        y: float,
        right: float,
        *,
        fill: tuple[int, int, int] = INK,
    ) -> float:
        """Each sign, then its label beside it; returns the y under the last row."""
        spots = self.spots([label for _, label in entries], x, y, right)
        for (sign, _), (ex, ey, lines, room) in zip(entries, spots, strict=True):
            sign(draw, ex, ey)
            for i, line in enumerate(lines):
                at = (ex + self.indent, ey + self.label_dy + i * self.row)
                text(draw, at, line, self.size, fill=fill, max_width=room)
        return self._end(spots, y)


# -- palette and encoding ------------------------------------------------------------------------------


def palette_from_sample(*images: Image.Image) -> Image.Image:
    """A 256-colour palette measured from sample boards (median cut over all of them): mapping
    each board to one fixed palette is several times faster than encoding 24-bit PNG or
    quantising per image, and halves the file size. The samples must hold every colour a board
    uses (its static layer and one of every piece)."""
    width = max(i.width for i in images)
    both = Image.new("RGB", (width, sum(i.height for i in images)), PAPER)
    y = 0
    for i in images:
        both.paste(i.convert("RGB"), (0, y))
        y += i.height
    return both.quantize(colors=256, method=Image.Quantize.MEDIANCUT)


def palette_from_colours(
    colours: Sequence[tuple[int, int, int]], backgrounds: Sequence[tuple[int, int, int]] = ()
) -> Image.Image:
    """A fixed palette of the colours a board draws with, plus the half-blends of each with the
    ``backgrounds`` (the anti-aliased edges of text and shapes), at most 256 in all."""
    out = list(dict.fromkeys(colours))
    for fg in colours:
        for bg in backgrounds:
            mid = ((fg[0] + bg[0]) // 2, (fg[1] + bg[1]) // 2, (fg[2] + bg[2]) // 2)
            if mid not in out:
                out.append(mid)
    out = out[:256]
    flat = [v for c in out for v in c] + [0] * (768 - 3 * len(out))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


def encode_paletted(
    img: Image.Image, palette: Image.Image, base: Image.Image | None = None
) -> bytes:
    """PNG bytes of ``img`` mapped to a fixed ``palette``; with ``base`` (the cached static layer
    ``img`` was drawn on) only the pixels that differ from it are mapped (:func:`quantise`)."""
    if base is not None:
        return encode_png(quantise(img, base, palette))
    return encode_png(img.quantize(palette=palette, dither=Image.Dither.NONE))


def say(key: str, lang: str, **params: Any) -> str:
    """A board label from the message catalog in the table's language (``lang``), so every word
    on a board is translated like the messages (#13.2): ``kit.say("bombay.board.legend", lang)``."""
    return CATALOG.text(key, params, lang=lang)


def language(view: View[Any, Any], lang: str | None) -> str:
    """The language to draw in: the call's ``lang``, else the view's own ``lang``, else
    English."""
    return lang or view.lang or "en"
