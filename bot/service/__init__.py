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

The package is parts composed over one shared session, not a class stacked from mixins. Each part
is a plain class in a module of its own, built with only what it needs, and readable (and testable,
``tests/bot/test_service_parts.py``) alone; imports run one way, down this list:

- ``results``: the answers (frozen dataclasses) and :class:`ServiceError`;
- ``session``: :class:`Session`, what every part shares: the storage, the clock, the caches of live
  rows, seats and states, loading one game and the write transaction;
- ``narrate``: :class:`Narrator`, rows, events and results as words in the table's language (the
  only module that reads the catalog; needs only the language);
- ``schedule``: :class:`Scheduler` (session, words): reminder settings, personal preferences, the
  reminder schedule that every commit updates;
- ``ratings``: :class:`Ratings` (session): a finished game's openskill ratings, per game, server
  and across servers, written once in the finishing commit; the rebuild from stored results;
- ``play``: :class:`Playing` (session, words, scheduler, ratings): an action committed, the board and hand
  now, completion; ``commit``/``outcome`` are how the parts below change a game;
- ``announce``: :class:`Announcements` (session, words, play): the announcements each commit owes
  the table (the outbox), settled, given back or claimed late, and this process's beat;
- ``lobby``: :class:`Lobbies` (session, words, play): opening, joining, leaving, starting a table;
- ``governance``: :class:`Governance` (session, words, play): undo, abort, seat votes and the
  deadline's timeout move;
- ``polls``: :class:`Polls` (session, words, governance): votes asked as Discord polls, their
  answers cast through governance's vote path (seated players only), settled polls ended;
- ``archive``: :class:`Archive` (session, words): log pages, score sheet, export, replay, verify;
- ``replays``: :class:`Replays` (session, words): a game stepped through, board and digest at
  each step, from the public view once it is over, from the reader's seat while it runs;
- ``computers``: :class:`Computers` (session, words, play, lobby): computer seats and hints;
- ``service``: the façade :class:`Service`, which builds the parts and offers their public methods
  under one name each (``service.act`` is ``service.play.act``).

Boards are drawn outside the package, by ``bot/drawing.py``: a :class:`MoveOutcome` carries a
:class:`BoardDraw` value that whoever shows it draws with one call.
"""

from bot.service.archive import EXPORT_FORMAT, replay
from bot.service.jobs import COMPUTER_MODES, JobDone
from bot.service.narrate import round_text
from bot.service.play import (
    MAX_ACTION_CHARS,
    MAX_AUTO_MOVES,
    OUTBOX_LEASE,
    RECAP_MAX_ROWS,
)
from bot.service.replays import ReplayStep
from bot.service.results import (
    BoardDraw,
    BoardImage,
    ClockDue,
    ClockSettings,
    DueReminder,
    GameInfo,
    GameSettings,
    LogPage,
    MoveOutcome,
    MyGame,
    PollAsk,
    PollEnded,
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
from bot.service.session import JOB_LEASE, OWNER_BEAT, OWNER_STALE, STATE_CACHE_SIZE, Clock

__all__ = [
    "COMPUTER_MODES",
    "JobDone",
    "EXPORT_FORMAT",
    "MAX_ACTION_CHARS",
    "MAX_AUTO_MOVES",
    "JOB_LEASE",
    "OUTBOX_LEASE",
    "OWNER_BEAT",
    "OWNER_STALE",
    "RECAP_MAX_ROWS",
    "STATE_CACHE_SIZE",
    "BoardDraw",
    "BoardImage",
    "ClockDue",
    "ClockSettings",
    "Clock",
    "DueReminder",
    "GameInfo",
    "GameSettings",
    "LogPage",
    "MoveOutcome",
    "MyGame",
    "PollAsk",
    "PollEnded",
    "PrivateView",
    "Replay",
    "ReplayStep",
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
