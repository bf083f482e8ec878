"""What storage hands out: one frozen dataclass per kind of row, and reading a row's columns into it
(a column that cannot be read marks the row damaged instead of raising)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: The statuses of a game still being played (or about to be).
LIVE = ("lobby", "active")


@dataclass(frozen=True)
class GameRow:
    """One row of ``games`` (``snapshot`` is only filled when asked for)."""

    id: int
    guild_id: int
    channel_id: int
    engine: str
    options: dict[str, str]
    seed: int
    status: str
    creator_id: int
    players: int | None
    version: int
    created_at: float
    updated_at: float
    to_act: list[int]
    round_info: str
    result: dict[str, Any] | None
    snapshot: str | None = None
    #: Columns that could not be read (damaged JSON or shape): the game's record is damaged.
    damaged: tuple[str, ...] = ()
    #: The table's language ("" = the deployment's default, as for every game stored before
    #: tables had one).
    lang: str = ""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str
    removed: bool = False


@dataclass(frozen=True)
class ActionRow:
    move: int
    seat: int
    action: str
    events: list[dict[str, Any]]
    reveals: bool
    auto: bool
    undone: bool
    at: float
    #: The row could not be read in full (its events, action text or seat).
    damaged: bool = False


@dataclass(frozen=True)
class SettingsRow:
    reminder_delay: float
    reminder_interval: float
    reminder_max: int
    deadline: float
    quiet_start: int = 0
    quiet_end: int = 0
    tz_offset_minutes: int = 0
    #: whether players may ask for a hint (the AI's best moves) on their turn
    hints: bool = True
    #: the table's IANA zone for its quiet hours ("" = use ``tz_offset_minutes``)
    time_zone: str = ""


@dataclass(frozen=True)
class TurnDmRow:
    """A player who asked for a direct message when their turn comes (#26.3), in ``lang``; the
    last such message that failed (``failed_at`` 0: none) and Discord's reason."""

    user_id: int
    lang: str = ""
    failed_at: float = 0.0
    error: str = ""


@dataclass(frozen=True)
class UserRow:
    user_id: int
    quiet_start: int = 0
    quiet_end: int = 0
    tz_offset_minutes: int = 0
    away_until: float = 0.0
    time_zone: str = ""


@dataclass(frozen=True)
class OutboxRow:
    """A change waiting to be announced: the game's version after it, the first log move it
    added (the next move number when it added none), and its rendered head lines."""

    id: int
    game_id: int
    version: int
    first_move: int
    head: list[str]
    created_at: float
    claimed_by: str
    claimed_until: float
    #: The row could not be read (head not a list of lines, or version/first move not whole
    #: numbers): its own content is skipped, the game's announcement goes on without it.
    damaged: bool = False


@dataclass(frozen=True)
class ReminderRow:
    game_id: int
    user_id: int
    kind: str
    turn_started: float
    due_at: float | None
    sent: int
    last_sent_at: float | None


GAME_COLS = (
    "id, guild_id, channel_id, engine, options, seed, status, creator_id, players, version, "
    "created_at, updated_at, to_act, round_info, result, lang"
)


def loads(text: Any, valid: Callable[[Any], bool]) -> tuple[Any, bool]:
    """A JSON column's value and whether it was readable (valid JSON of the expected shape)."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return None, False
    return value, valid(value)


def _is_lines(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def outbox_row(r: Sequence[Any]) -> OutboxRow:
    """An outbox row as read; one that cannot be read comes back marked ``damaged`` (with no
    head lines and its numbers as 0) instead of raising, so it never stops the drain."""
    head, ok = loads(r[4], _is_lines)
    ok = ok and _is_int(r[2]) and _is_int(r[3])
    if ok:
        return OutboxRow(r[0], r[1], r[2], r[3], head, r[5], r[6], r[7])
    version = r[2] if _is_int(r[2]) else 0
    first_move = r[3] if _is_int(r[3]) else 0
    return OutboxRow(r[0], r[1], version, first_move, [], r[5], r[6], r[7], damaged=True)


def _is_options(v: Any) -> bool:
    return isinstance(v, dict) and all(
        isinstance(k, str) and isinstance(x, str) for k, x in v.items()
    )


def _is_seats(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)


def _is_result(v: Any) -> bool:
    return v is None or (
        isinstance(v, dict) and {"ranking", "scores", "breakdown", "winners"} <= set(v)
    )


def game_row(row: Sequence[Any], snapshot: str | None = None) -> GameRow:
    """A game row; a column that cannot be read (damaged JSON, wrong shape) is named in
    ``damaged`` and given an empty value, so one damaged game never breaks a listing."""
    damaged: list[str] = []
    options, ok = loads(row[4], _is_options)
    if not ok:
        options = {}
        damaged.append("options")
    to_act, ok = loads(row[12], _is_seats)
    if not ok:
        to_act = []
        damaged.append("to_act")
    result, ok = loads(row[14], _is_result) if row[14] else (None, True)
    if not ok:
        result = None
        damaged.append("result")
    return GameRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        engine=row[3],
        options=options,
        seed=row[5],
        status=row[6],
        creator_id=row[7],
        players=row[8],
        version=row[9],
        created_at=row[10],
        updated_at=row[11],
        to_act=to_act,
        round_info=row[13] if isinstance(row[13], str) else "",
        result=result,
        snapshot=snapshot,
        damaged=tuple(damaged),
        lang=row[15] if len(row) > 15 and isinstance(row[15], str) else "",
    )


def action_row(r: Sequence[Any]) -> ActionRow:
    """A log row; unreadable events (damaged JSON) become none, flagged ``damaged``."""
    events, ok = loads(r[3], lambda v: isinstance(v, list) and all(isinstance(e, dict) for e in v))
    bad = not ok or not isinstance(r[2], str) or not isinstance(r[1], int)
    return ActionRow(
        r[0],
        r[1] if isinstance(r[1], int) else -1,
        r[2] if isinstance(r[2], str) else "",
        events if ok else [],
        bool(r[4]),
        bool(r[5]),
        bool(r[6]),
        r[7],
        damaged=bad,
    )


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON (what every JSON column holds)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
