"""The service's façade: the parts composed over one session, and their methods as one object.

Each part is a plain class in a module of its own, given what it needs (see
``bot/service/__init__.py`` for the map): they share one :class:`Session` (the storage, the clock
and the caches) and one :class:`Narrator` (words), and hold the other parts they call. The façade
builds them in that order and offers their public methods under the names the adapters, the
console and the tests have always used: ``service.act`` is ``service.play.act``.
"""

from __future__ import annotations

import time
from concurrent.futures import Executor
from pathlib import Path

from bot.config import Config
from bot.reminders import HOUR
from bot.service.announce import Announcements
from bot.service.archive import Archive
from bot.service.builder import Builders
from bot.service.clock import ClockBook
from bot.service.community import Community
from bot.service.computers import Computers
from bot.service.governance import Governance
from bot.service.jobs import Jobs
from bot.service.lobby import Lobbies
from bot.service.narrate import Narrator
from bot.service.play import Playing
from bot.service.polls import Polls
from bot.service.ratings import Ratings
from bot.service.replays import Replays
from bot.service.schedule import Scheduler
from bot.service.session import Clock, Session, owner_id
from bot.service.takeover import Takeover
from bot.storage import SettingsRow, Storage


class Service:
    """The game service over one SQLite database. Create with ``await Service.open(path)``.

    Every change is one immediate transaction on the storage's single connection; coroutines of
    one service queue on its lock, and other processes on SQLite's, so two moves never both land.
    Live states are cached in memory by (game id, version): opening loads nothing, a game is read
    from its snapshot the first time it is touched, and a version moved on by another process is
    noticed on the next write. Autocomplete (``complete``/``legal``) answers from that cache
    without a database query when it can, so it may lag a move made by *another* process until
    this one touches the game; ``act`` always checks against the database.
    """

    def __init__(
        self,
        db: Storage,
        *,
        clock: Clock,
        lang: str,
        defaults: SettingsRow,
        computers: str = "inline",
    ) -> None:
        # The parts, each given only what it needs; imports (and calls) run one way:
        # session/words ← clock book ← schedule, ratings ← play ← announcements, lobby,
        # governance, takeover ← computers; archive and replays beside.
        self.session = Session(db, clock=clock, lang=lang, defaults=defaults)
        self.words = Narrator(lang)
        self.clockbook = ClockBook(self.session, self.words)
        self.schedule = Scheduler(self.session, self.words, self.clockbook)
        self.ratings = Ratings(self.session)
        self.play = Playing(self.session, self.words, self.schedule, self.ratings, self.clockbook)
        self.takeover = Takeover(self.session, self.words, self.play, self.clockbook)
        self.announcements = Announcements(self.session, self.words, self.play)
        self.lobby = Lobbies(self.session, self.words, self.play)
        self.governance = Governance(self.session, self.words, self.play)
        self.polls = Polls(self.session, self.words, self.governance)
        self.archive = Archive(self.session, self.words)
        self.replays = Replays(self.session, self.words)
        self.community = Community(self.session, self.words)
        self.builders = Builders(self.session)
        self.computers = Computers(self.session, self.words, self.play, self.lobby)
        self.jobs = Jobs(self.session, self.computers, mode=computers)

        # -- the façade: every part's public methods, under their usual names ----------------
        self.db = db
        self.lang = lang
        self.clock = clock
        self.load = self.session.load
        self.bot_state = self.session.bot_state
        self.set_bot_state = self.session.set_bot_state
        self.text = self.words.text
        # schedule
        self.settings = self.schedule.settings
        self.update_settings = self.schedule.update_settings
        self.user_settings = self.schedule.user_settings
        self.update_user_settings = self.schedule.update_user_settings
        self.set_turn_dm = self.schedule.set_turn_dm
        self.turn_dm_language = self.schedule.turn_dm_language
        self.turn_dm_failed = self.schedule.turn_dm_failed
        self.my_games = self.schedule.my_games
        self.due_reminders = self.schedule.due_reminders
        self.claim_reminders = self.schedule.claim_reminders
        self.release_reminder = self.schedule.release_reminder
        self.mark_reminder_sent = self.schedule.mark_reminder_sent
        # play
        self.game = self.play.game
        self.act = self.play.act
        self.since_last_turn = self.play.since_last_turn
        self.board = self.play.board
        self.private_view = self.play.private_view
        self.complete = self.play.complete
        self.legal = self.play.legal
        self.builder = self.builders.builder
        self.turn_essentials = self.builders.turn_essentials
        # announcements
        self.announced = self.announcements.announced
        self.release_announcement = self.announcements.release_announcement
        self.claim_announcements = self.announcements.claim_announcements
        self.claim_announcement = self.announcements.claim_announcement
        self.beat = self.announcements.beat
        # lobby
        self.create_lobby = self.lobby.create_lobby
        self.join = self.lobby.join
        self.leave = self.lobby.leave
        self.start = self.lobby.start
        self.rematch = self.lobby.rematch
        # governance
        self.undo_preview = self.governance.undo_preview
        self.undo = self.governance.undo
        self.abort = self.governance.abort
        self.vote_seat = self.governance.vote_seat
        self.resolve_deadline = self.governance.resolve_deadline
        self.withdraw_vote = self.governance.withdraw_vote
        # votes as polls (#27.6)
        self.open_poll = self.polls.open_poll
        self.poll_posted = self.polls.poll_posted
        self.poll_failed = self.polls.poll_failed
        self.poll_vote = self.polls.poll_vote
        self.settled_polls = self.polls.settled_polls
        # time banks (#27.3)
        self.clock_settings = self.takeover.clock_settings
        self.update_clock = self.takeover.update_clock
        self.claim_clocks = self.takeover.claim_clocks
        self.release_clock = self.takeover.release_clock
        self.clock_ran_out = self.takeover.clock_ran_out
        self.back = self.takeover.back
        self.clock_left = self.clockbook.left
        # archive
        self.log = self.archive.log
        self.score_sheet = self.archive.score_sheet
        self.export = self.archive.export
        self.record = self.archive.record
        self.verify = self.archive.verify
        self.replay_step = self.replays.replay_step
        # ratings
        self.rebuild_ratings = self.ratings.rebuild
        self.standings = self.ratings.standings
        # community
        self.leaderboard = self.community.leaderboard
        self.profile = self.community.profile
        # computers
        self.add_computer = self.computers.add_computer
        self.remove_computer = self.computers.remove_computer
        self.computer_for = self.computers.computer_for
        self.computer_turn = self.computers.computer_turn
        self.computer_games = self.computers.computer_games
        self.computer_seat_to_person = self.computers.computer_seat_to_person
        # jobs
        self.hint = self.jobs.hint
        self.claim_job = self.jobs.claim_job
        self.run_job = self.jobs.run_job
        self.next_computer_move = self.jobs.next_computer_move
        self.request_hint = self.jobs.request_hint
        self.hint_result = self.jobs.hint_result
        self.queue_computers = self.jobs.queue_computers

    @property
    def owner(self) -> str:
        """Who this service is when it claims outbox rows (another process has another)."""
        return self.session.owner

    @property
    def executor(self) -> Executor | None:
        """Where computer seats think (a process pool made on first use; tests may set
        another executor)."""
        return self.computers.executor

    @executor.setter
    def executor(self, executor: Executor | None) -> None:
        self.computers.executor = executor

    async def close(self) -> None:
        """Stop the thinking workers, then close the database."""
        self.computers.close()
        await self.session.close()

    @classmethod
    async def open(
        cls,
        db_path: str | Path,
        *,
        clock: Clock = time.time,
        lang: str = "en",
        reminder_delay_hours: float = 24,
        reminder_interval_hours: float = 24,
        reminder_max: int = 3,
        computers: str = "inline",
        announces: bool = True,
        name: str = "",
    ) -> Service:
        """Open (creating and migrating if needed) the database. Loads no game eagerly.
        ``computers``: where computer seats and hints think, ``inline`` (here) or ``worker``
        (``turnpost worker`` processes; this one then asks them for hints). ``announces``:
        False for a process that posts nothing (a worker): its changes are left to the bots.
        ``name``: the process's name in the ``processes`` table (``turnpost health --process``
        finds its beat by it)."""
        db = await Storage.open(db_path)
        defaults = SettingsRow(
            reminder_delay_hours * HOUR, reminder_interval_hours * HOUR, reminder_max, 0.0
        )
        service = cls(db, clock=clock, lang=lang, defaults=defaults, computers=computers)
        service.session.announces = announces
        if name:
            service.session.owner = owner_id(name)
        try:
            await service.beat()  # alive from the start: its claims hold for the others
        except BaseException:
            await db.close()
            raise
        return service

    @classmethod
    async def from_config(
        cls, config: Config, *, clock: Clock = time.time, announces: bool = True
    ) -> Service:
        """Open the service with the database, reminder defaults and process name of
        ``config``."""
        return await cls.open(
            config.database,
            clock=clock,
            lang=config.lang,
            reminder_delay_hours=config.reminder_delay_hours,
            reminder_interval_hours=config.reminder_interval_hours,
            reminder_max=config.reminder_max,
            computers=config.computers,
            announces=announces,
            name=config.name,
        )
