"""What boards set out the same way around their pictures: a titled panel, the header's title
line and legends (each sign and its label, down or across)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from renderers.kit.fonts import text_width, wrap
from renderers.kit.pen import text
from renderers.kit.style import INK, PANEL


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
