"""Seat marks: colour *and* shape *and* letter per seat, so colour is never the only cue, drawn
the same on every board (a piece, a row of who is to act, a legend line per seat)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import ImageDraw

from engines.kit import View
from renderers.kit.layout import piece
from renderers.kit.pen import on_colour, polygon, text
from renderers.kit.style import INK, MIN_TEXT, PLAYER_COLOURS, PLAYER_SHAPES, WIDTH
from renderers.kit.words import player_name


def seat_letter(seat: int) -> str:
    """The letter marking a seat's pieces: A, B, C..."""
    return chr(ord("A") + seat)


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
