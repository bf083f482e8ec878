"""PNG encoding: fixed palettes (measured from sample boards or listed), mapping a board to one
(re-using the mapped static layer), and the compression level."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageChops

from renderers.kit.style import PAPER

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
