"""The transport-agnostic game service: what the Discord adapter and the console both call.

Nothing here imports Discord. Every method takes plain ids and :class:`User` values and returns plain
frozen dataclasses (catalog-rendered text lines, PNG bytes, user ids to mention, a board to draw with
``bot/drawing.py``). A player-facing
failure is always a :class:`ServiceError` (engine ``IllegalAction`` reasons are re-raised as
``ServiceError`` with the engine's own key and parameters), so an adapter catches one exception type
and shows ``str(err)`` or ``err.text(lang)``.

A game lives in a channel: at most one lobby/active game per channel. Methods that address "the game
in this channel" also accept ``game_id=`` so that buttons, which carry a game id and a version, can
point at one exact game; read-only methods (board, log, export, score sheet) fall back to the most
recent finished game of the channel when none is running.

Times are Unix seconds (float) from the injectable ``clock``.

The package, one concern per module (each imports only the ones above it):

- ``results``: the answers (frozen dataclasses) and :class:`ServiceError`;
- ``session``: loading one game (row, seats, state; cached by version) and the write transaction;
- ``narrate``: rows, events and results as words (the only module that reads the catalog);
- ``schedule``: reminder settings, personal preferences, the reminder schedule;
- ``play``: an action committed, the board and hand now, completion, the announcements owed;
- ``lobby``: opening, joining, leaving and starting a table;
- ``governance``: undo, abort, seat votes and the deadline's timeout move;
- ``archive``: log pages, score sheet, export, replay, verify;
- ``service``: the façade :class:`Service`, which is all of the above.
"""

from bot.service.archive import EXPORT_FORMAT, replay
from bot.service.narrate import round_text
from bot.service.play import MAX_ACTION_CHARS, MAX_AUTO_MOVES, OUTBOX_LEASE, RECAP_MAX_ROWS
from bot.service.results import (
    BoardDraw,
    BoardImage,
    DueReminder,
    GameInfo,
    GameSettings,
    LogPage,
    MoveOutcome,
    MyGame,
    PrivateView,
    Replay,
    ScoreRow,
    ScoreSheet,
    SeatInfo,
    ServiceError,
    UndoPreview,
    User,
    UserSettings,
    VoteOutcome,
)
from bot.service.service import Service
from bot.service.session import STATE_CACHE_SIZE, Clock

__all__ = [
    "EXPORT_FORMAT",
    "MAX_ACTION_CHARS",
    "MAX_AUTO_MOVES",
    "OUTBOX_LEASE",
    "RECAP_MAX_ROWS",
    "STATE_CACHE_SIZE",
    "BoardDraw",
    "BoardImage",
    "Clock",
    "DueReminder",
    "GameInfo",
    "GameSettings",
    "LogPage",
    "MoveOutcome",
    "MyGame",
    "PrivateView",
    "Replay",
    "ScoreRow",
    "ScoreSheet",
    "SeatInfo",
    "Service",
    "ServiceError",
    "UndoPreview",
    "User",
    "UserSettings",
    "VoteOutcome",
    "replay",
    "round_text",
]
