"""Legibility on a phone (#10.5): the smallest text an image of a given width may carry, and the
check of a recorded render against it."""

from __future__ import annotations

import math

from renderers.kit.layout import Layout

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
