"""The layout log: what a render drew (every text box, every piece, every glyph), recorded while
:func:`recording` is active, with the overlap check (``Layout.overlaps``); and the caches of
drawn layers (:func:`layer`) and sprites (:func:`sprite`) that replay or keep out of it."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from PIL import Image

from renderers.kit.fonts import GlyphRun

_T = TypeVar("_T")

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
