"""Catch-up: what happened since a player's own last turn, in a few lines that fit one message.

A player coming back after a day reads the message that pings them, not the channel's history, so
that message carries every move since their last turn: one line per action, each with its public
consequences, and the end of a round or an era (with what it brought: income, a new turn order,
the era's scoring) on a line of its own after the action that ended it (#28.4). Only public text
goes in: the service passes action texts with secret verbs masked and only events without
``visible_to``.

Discord shows at most 2000 characters of content; the ping line and "look at your hand" share it.
A recap that is too long is folded: first the actions' consequences are dropped (the actions and
the round lines stay), then the round lines too, then the oldest lines are replaced by one line
counting them and pointing at the log.
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
    #: What the end of a round or an era that this action brought about said (in the reader's
    #: language): told on a line of its own after the action's.
    between: tuple[str, ...] = ()


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
    """The catch-up block: a title, then one line per action and one per round or era end, folded
    to ``limit`` characters (newline separators included). Empty when nothing happened."""
    if not steps:
        return ()
    title = CATALOG.text("service.recap_title", {}, lang=lang)

    def action_line(step: Step, with_events: bool) -> str:
        action = (
            CATALOG.text("service.recap_auto", {"action": step.action}, lang=lang)
            if step.auto
            else step.action
        )
        events = " ".join(step.events) if with_events else ""
        return CATALOG.text(
            "service.recap_turn",
            {"player": step.seat, "actions": action, "events": f" — {events}" if events else ""},
            lang=lang,
            names=names,
        )

    def lines(with_events: bool, with_rounds: bool) -> list[str]:
        out = []
        for step in steps:
            out.append(action_line(step, with_events))
            if step.between and with_rounds:
                said = " ".join(step.between)
                out.append(CATALOG.text("service.recap_round", {"events": said}, lang=lang))
        return out

    def size(block: Sequence[str]) -> int:
        return sum(len(x) + 1 for x in block)

    for with_events, with_rounds in ((True, True), (False, True)):
        block = lines(with_events, with_rounds)
        if size([title, *block]) <= limit:
            return (title, *block)
    bare = lines(False, False)
    if size([title, *bare]) <= limit:
        return (title, *bare)

    # Keep the newest actions that fit under a line counting the older ones.
    def fold(count: int) -> list[str]:
        return [CATALOG.text("service.recap_folded", {"count": count}, lang=lang)] if count else []

    kept: list[str] = []
    for i in range(len(bare) - 1, -1, -1):
        if size([title, *fold(i), bare[i], *kept]) > limit:
            break
        kept.insert(0, bare[i])
    if not kept:
        # Even the newest action alone is too long: cut it.
        room = limit - size([title, *fold(len(bare) - 1)]) - 1
        kept = [bare[-1][: max(0, room - 1)] + "…"]
    return (title, *fold(len(bare) - len(kept)), *kept)
