"""Catch-up: what happened since a player's own last turn, in a few lines that fit one message.

A player coming back after a day reads the message that pings them, not the channel's history, so
that message carries every move since their last turn: one line per player's turn (consecutive
actions of one seat are one turn), each with its public consequences. Only public text goes in:
the service passes action texts with secret verbs masked and only events without ``visible_to``.

Discord shows at most 2000 characters of content; the ping line and "look at your hand" share it.
A recap that is too long is folded: first the consequences are dropped (the actions stay), then the
oldest turns are replaced by one line counting them and pointing at the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.catalog import CATALOG

#: Characters the recap may take in a message (Discord's content limit is 2000).
RECAP_MAX_CHARS = 1500


@dataclass(frozen=True)
class Step:
    """One logged action as the table may see it."""

    seat: int
    action: str  # public text (secret verbs masked)
    events: tuple[str, ...]  # public consequences, already in the reader's language
    auto: bool = False


def turns(steps: Sequence[Step]) -> list[tuple[int, list[Step]]]:
    """Consecutive steps of one seat grouped as that seat's turn, in order."""
    out: list[tuple[int, list[Step]]] = []
    for step in steps:
        if out and out[-1][0] == step.seat:
            out[-1][1].append(step)
        else:
            out.append((step.seat, [step]))
    return out


def turn_window(moves: Sequence[tuple[int, bool]], acting: Sequence[int]) -> int:
    """Where "since the acting player's last turn" starts in ``moves`` ((seat, automatic) in log
    order): back over the acting seats' own current run of moves (a turn of several commands),
    then back to their previous own move. With nobody acting (the game is over), the last move.
    Automatic moves played for a seat voted out are not that seat's turns."""
    seats = set(acting)
    if not seats:
        return max(0, len(moves) - 1)

    def own(i: int) -> bool:
        return moves[i][0] in seats and not moves[i][1]

    start = len(moves)
    while start > 0 and own(start - 1):
        start -= 1
    while start > 0 and not own(start - 1):
        start -= 1
    return start


def recap_lines(
    steps: Sequence[Step],
    names: Sequence[str],
    lang: str,
    *,
    limit: int = RECAP_MAX_CHARS,
) -> tuple[str, ...]:
    """The catch-up block: a title, then one line per turn, folded to ``limit`` characters
    (newline separators included). Empty when nothing happened."""
    grouped = turns(steps)
    if not grouped:
        return ()
    title = CATALOG.text("service.recap_title", {}, lang=lang)

    def line(seat: int, group: list[Step], with_events: bool) -> str:
        actions = ", ".join(
            CATALOG.text("service.recap_auto", {"action": s.action}, lang=lang)
            if s.auto
            else s.action
            for s in group
        )
        events = " ".join(e for s in group for e in s.events) if with_events else ""
        return CATALOG.text(
            "service.recap_turn",
            {"player": seat, "actions": actions, "events": f" — {events}" if events else ""},
            lang=lang,
            names=names,
        )

    def size(lines: Sequence[str]) -> int:
        return sum(len(x) + 1 for x in lines)

    full = [line(seat, group, True) for seat, group in grouped]
    if size([title, *full]) <= limit:
        return (title, *full)
    bare = [line(seat, group, False) for seat, group in grouped]
    if size([title, *bare]) <= limit:
        return (title, *bare)

    # Keep the newest turns that fit under a line counting the older ones.
    def fold(count: int) -> list[str]:
        return [CATALOG.text("service.recap_folded", {"count": count}, lang=lang)] if count else []

    kept: list[str] = []
    for i in range(len(bare) - 1, -1, -1):
        if size([title, *fold(i), bare[i], *kept]) > limit:
            break
        kept.insert(0, bare[i])
    if not kept:
        # Even the newest turn alone is too long: cut it.
        room = limit - size([title, *fold(len(bare) - 1)]) - 1
        kept = [bare[-1][: max(0, room - 1)] + "…"]
    return (title, *fold(len(bare) - len(kept)), *kept)
