"""Board images as Discord attachments, re-encoded smaller when over the upload limit."""

from __future__ import annotations

import io

from PIL import Image

from renderers import kit


def fit_png(png: bytes, limit: int) -> bytes | None:
    """``png`` if it fits in ``limit`` bytes, else a smaller encoding of the same picture.

    First the drawing kit's small encoding (64 colours), then halving the size until it fits;
    ``None`` when even a small thumbnail does not (the caller then sends text only).
    """
    if len(png) <= limit:
        return png
    img: Image.Image = Image.open(io.BytesIO(png))
    img.load()
    small = kit.encode_png(img, small=True)
    while len(small) > limit and min(img.size) > 64:
        img = img.resize((img.width // 2, img.height // 2), Image.Resampling.LANCZOS)
        small = kit.encode_png(img, small=True)
    return small if len(small) <= limit else None
