"""Fonts and text measuring: the font stack with its per-character fallback (#13.3),
right-to-left names laid out by raqm or by the python-bidi + arabic-reshaper fallback, widths,
cutting with an ellipsis and wrapping (Japanese breaks between characters).

:data:`RAQM` is read at call time from this module (``kit.RAQM = False`` sets it here)."""

from __future__ import annotations

import struct
import unicodedata
from functools import cache, lru_cache

from arabic_reshaper import ArabicReshaper
from bidi import get_display
from PIL import ImageFont, features

from engines.data import DATA_DIR
from renderers.kit.style import MIN_TEXT

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
