"""The marks of the moves since the acting player's last turn, and the "Last:" line every board
and glance writes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import engines
from engines import wording
from engines.catalog import CATALOG, join_list
from engines.kit import M, Mark, View
from renderers.kit.style import EARLIER, EARLIER_WIDTH, HIGHLIGHT
from renderers.kit.words import player_name, say


def earlier_marks(view: View[M, Any]) -> list[M]:
    """The marks of the moves since the acting player's last turn before the newest one, oldest
    first, each in the shape of the view's own ``last``. The service lists every move's mark in
    the view's ``recent``; a renderer draws these with ``EARLIER`` under its ``last`` highlight,
    so a player coming back sees everything that changed since they last moved."""
    marks = list(view.recent)
    if marks and view.last is not None and _bare(marks[-1]) == _bare(view.last):
        marks.pop()
    return marks


def _bare(mark: Mark) -> Mark:
    """A mark without what its move earned (the logged mark has it, the engine's does not)."""
    return replace(mark, earned=None)


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


def turn_earned(view: View[Any, Any]) -> list[tuple[str, tuple[tuple[int, str, int], ...]]]:
    """Each command of the last turn (:func:`turn_texts`) with what it paid out (``earned`` on
    the logged marks in ``view.recent``, which the service adds from the move's events; nothing
    where the marks do not say). The marks are matched from the newest back, text by text."""
    last = view.last
    if last is None:
        return []
    texts = turn_texts(last)
    run: list[Mark] = []
    for mark in reversed(view.recent):
        if mark.seat != last.seat:
            break
        if mark.text:
            run.append(mark)
    out = []
    for i, text in enumerate(reversed(texts)):
        mark = run[i] if i < len(run) else None
        got = mark.earned if mark is not None and mark.text == text and mark.earned else ()
        out.append((text, got))
    return out[::-1]


def earned_text(view: View[Any, Any], earned: Sequence[tuple[int, str, int]], lang: str) -> str:
    """What a move paid out, said: "+4 rupees and 1 client" for the mover, "Ben +1 rupee" for
    anyone else (a palace's owner, a stone's), the mover first; "" for nothing."""
    mover = view.last.seat if view.last is not None else None
    by_seat: dict[int, list[str]] = {}
    for seat, thing, count in earned:
        by_seat.setdefault(seat, []).append(CATALOG.text(thing, {"count": count}, lang=lang))
    parts = []
    for seat in sorted(by_seat, key=lambda s: s != mover):
        what = join_list(by_seat[seat], lang, "and")
        if seat == mover:
            parts.append(say("core.board.earned_own", lang, what=what))
        else:
            name = player_name(view, seat)
            parts.append(say("core.board.earned_other", lang, name=name, what=what))
    return join_list(parts, lang)


def in_words(view: View[Any, Any], lang: str, text: str) -> str:
    """A move as a board says it by default: in words in the table's language (#28.2:
    「カードを取る 参道」, never the raw ``take paved_path``; as typed in English). The game is
    the package of the view's class (``engines.<game>.view``)."""
    game = type(view).__module__.split(".")[1]
    return wording.move(game, text, lang) if game in engines.ids() else text


def turn_said(
    view: View[Any, Any], lang: str, word: Callable[[str], str] | None = None
) -> list[str]:
    """The last turn's commands as a board says them: each said by ``word`` (in words in the
    table's language when none, :func:`in_words`), followed by what it paid out in brackets (#28.3: "sell yellow (+4 rupees)",
    "fulfil c08 (+8 VP)")."""
    out = []
    for text, got in turn_earned(view):
        said = word(text) if word else in_words(view, lang, text)
        if got:
            parts = earned_text(view, got, lang)
            said = say("core.board.earned", lang, said=said, parts=parts)
        out.append(said)
    return out


def last_line(view: View[Any, Any], lang: str, word: Callable[[str], str] | None = None) -> str:
    """The "Last: <name> — <turn>" line of every board and glance (``core.board.last``): who
    made the last move and every command of their turn (:func:`turn_said`), each said by
    ``word`` (Brass says a move in words; the other boards show the notation as typed) with
    what it paid out; "" before the first move."""
    last = view.last
    if last is None or last.seat is None:
        return ""
    said = turn_said(view, lang, word)
    if not said:
        return ""
    return say("core.board.last", lang, name=player_name(view, last.seat), said=" · ".join(said))
