"""The marks of the moves since the acting player's last turn, and the "Last:" line every board
and glance writes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.kit import M, Mark, View
from renderers.kit.style import EARLIER, EARLIER_WIDTH, HIGHLIGHT
from renderers.kit.words import player_name, say


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
