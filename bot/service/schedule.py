"""Reminder settings, personal preferences and the reminder schedule (``bot/reminders.py`` holds
the pure policy)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.config import reminder_problem
from bot.reminders import (
    HOUR,
    deadline_at,
    earliest_allowed,
    known_zone,
    next_reminder,
)
from bot.service.clock import ClockBook
from bot.service.narrate import Narrator, game_title, round_text
from bot.service.prefs import policy_of, prefs_of
from bot.service.results import (
    DueReminder,
    GameSettings,
    MyGame,
    ServiceError,
    User,
    UserSettings,
)
from bot.service.session import (
    JOB_LEASE,
    OWNER_STALE,
    Session,
    creator_only,
    holds_creator_powers,
)
from bot.storage import (
    ReminderRow,
    SettingsRow,
    UserRow,
)


def check_quiet(start: int | None, end: int | None, offset: int | None) -> None:
    """Refuse quiet hours outside 0–23 or a time-zone offset beyond ±14 h."""
    for value in (start, end):
        if value is not None and not 0 <= value <= 23:
            raise ServiceError("service.bad_hour")
    if offset is not None and not -14 * 60 <= offset <= 14 * 60:
        raise ServiceError("service.bad_offset")


def check_zone(name: str | None) -> str | None:
    """The IANA zone name as the zone database spells it ("asia/tokyo" → "Asia/Tokyo"), ""
    to clear, ``None`` when not given; refuses a name the database lacks."""
    if name is None:
        return None
    name = name.strip()
    if not name:
        return ""
    found = known_zone(name)
    if found is None:
        raise ServiceError("service.bad_time_zone", zone=name)
    return found


def replace_row(r: ReminderRow, *, due_at: float | None) -> ReminderRow:
    """A reminder row with another due time."""
    return dataclasses.replace(r, due_at=due_at)


class Scheduler:
    """Reminder settings and preferences, and the reminder rows that follow who must act.

    Needs the session and words only; :meth:`reschedule` is what the play part calls after
    each commit (inside its write transaction)."""

    def __init__(self, session: Session, words: Narrator, clock: ClockBook | None = None) -> None:
        self.session = session
        self.db = session.db
        self.words = words
        # Quiet hours and away time pause time banks: a change counts from now on (#27.3).
        self.clock = clock if clock is not None else ClockBook(session, words)

    async def settings(self, channel_id: int, *, game_id: int | None = None) -> GameSettings:
        """The game's reminder settings."""
        async with self.db.read():
            row = await self.session.row(channel_id, game_id, live=False)
            s = await self.db.settings(row.id) or self.session.defaults
        return self._settings(row.id, s)

    @staticmethod
    def _settings(game_id: int, s: SettingsRow) -> GameSettings:
        return GameSettings(
            game_id,
            s.reminder_delay / HOUR,
            s.reminder_interval / HOUR,
            s.reminder_max,
            s.deadline / HOUR,
            s.quiet_start,
            s.quiet_end,
            s.tz_offset_minutes,
            s.time_zone,
        )

    async def update_settings(
        self,
        channel_id: int,
        user: User,
        *,
        can_manage: bool = False,
        reminder_delay_hours: float | None = None,
        reminder_interval_hours: float | None = None,
        reminder_max: int | None = None,
        deadline_hours: float | None = None,
        quiet_start: int | None = None,
        quiet_end: int | None = None,
        tz_offset_minutes: int | None = None,
        time_zone: str | None = None,
    ) -> GameSettings:
        """Change reminder settings or the table's quiet hours (creator or ``can_manage``); due
        times are recomputed. The quiet hours are local to ``time_zone`` (an IANA name that
        follows daylight saving; "" clears it) or, without one, to ``tz_offset_minutes`` from
        UTC; setting an offset clears the zone."""
        check_quiet(quiet_start, quiet_end, tz_offset_minutes)
        zone = check_zone(time_zone)
        problem = reminder_problem(
            delay=reminder_delay_hours,
            interval=reminder_interval_hours,
            count=reminder_max,
            deadline=deadline_hours,
        )
        if problem is not None:
            raise ServiceError(problem[0], **problem[1])
        now = self.session.clock()
        async with self.session.write():
            row = await self.session.row(channel_id, None, live=True)
            seats = await self.session.seats_of(row)
            if not (holds_creator_powers(row, seats, user.id) or can_manage):
                raise creator_only(row, seats)
            old = await self.db.settings(row.id) or self.session.defaults
            new = SettingsRow(
                old.reminder_delay if reminder_delay_hours is None else reminder_delay_hours * HOUR,
                old.reminder_interval
                if reminder_interval_hours is None
                else reminder_interval_hours * HOUR,
                old.reminder_max if reminder_max is None else reminder_max,
                old.deadline if deadline_hours is None else deadline_hours * HOUR,
                old.quiet_start if quiet_start is None else quiet_start,
                old.quiet_end if quiet_end is None else quiet_end,
                old.tz_offset_minutes if tz_offset_minutes is None else tz_offset_minutes,
                hints=old.hints,
                time_zone=zone
                if zone is not None
                else ("" if tz_offset_minutes is not None else old.time_zone),
            )
            await self.clock.checkpoint(row.id, now)
            await self.db.put_settings(row.id, new)
            await self.clock.checkpoint(row.id, now)
            if row.status == "active":
                seats = await self.session.seats_of(row)
                by_seat = {s.seat: s.user_id for s in seats}
                await self.reschedule(row.id, [by_seat[s] for s in row.to_act], set(), now)
        return self._settings(row.id, new)

    async def user_settings(self, user_id: int) -> UserSettings:
        """A user's reminder preferences (defaults if never set)."""
        async with self.db.read():
            u = await self.db.user(user_id)
            dm = await self.db.turn_dm(user_id)
        return UserSettings(
            u.user_id,
            u.quiet_start,
            u.quiet_end,
            u.tz_offset_minutes,
            u.away_until,
            u.time_zone,
            dm is not None,
            dm.failed_at if dm else 0.0,
            dm.error if dm else "",
        )

    async def set_turn_dm(self, user_id: int, lang: str | None) -> UserSettings:
        """Opt ``user_id`` in to a direct message when their turn comes, written in ``lang``
        (their own language), or out (``lang`` None) (#26.3)."""
        async with self.session.write():
            await self.db.put_turn_dm(user_id, lang)
        return await self.user_settings(user_id)

    async def turn_dm_language(self, user_id: int) -> str | None:
        """The language ``user_id``'s turn DM is written in, or None when they did not ask for
        one."""
        async with self.db.read():
            dm = await self.db.turn_dm(user_id)
        return dm.lang if dm is not None else None

    async def turn_dm_failed(self, user_id: int, error: str) -> None:
        """Record that a turn's DM to ``user_id`` failed (Discord's reason): shown by their
        settings; nothing else changes."""
        async with self.session.write():
            await self.db.turn_dm_failed(user_id, self.session.clock(), error[:200])

    async def update_user_settings(
        self,
        user_id: int,
        *,
        quiet_start: int | None = None,
        quiet_end: int | None = None,
        tz_offset_minutes: int | None = None,
        away_until: float | None = None,
        time_zone: str | None = None,
    ) -> UserSettings:
        """Change a user's preferences; their pending reminders are rescheduled.

        ``time_zone`` is an IANA name ("Asia/Tokyo", "Europe/Madrid"; "" clears it); it is set
        once and follows daylight saving. Setting a fixed ``tz_offset_minutes`` clears it.
        """
        check_quiet(quiet_start, quiet_end, tz_offset_minutes)
        zone = check_zone(time_zone)
        now = self.session.clock()
        async with self.session.write():
            await self.clock.checkpoint_user(user_id, now)
            old = await self.db.user(user_id)
            if zone is None:
                zone = "" if tz_offset_minutes is not None else old.time_zone
            new = UserRow(
                user_id,
                old.quiet_start if quiet_start is None else quiet_start,
                old.quiet_end if quiet_end is None else quiet_end,
                old.tz_offset_minutes if tz_offset_minutes is None else tz_offset_minutes,
                old.away_until if away_until is None else float(away_until),
                zone,
            )
            await self.db.put_user(new)
            await self.clock.checkpoint_user(user_id, now)
            prefs = prefs_of(new)
            # Each game's reminders change under its lock (a move may be rescheduling them),
            # taken in one order so two such changes never wait for each other.
            for game_id in sorted({r.game_id for r in await self.db.reminders(user_id=user_id)}):
                await self.db.lock_game(game_id)
            for r in await self.db.reminders(user_id=user_id):
                if r.kind != "reminder" or r.due_at is None:
                    continue
                policy = policy_of(await self.db.settings(r.game_id) or self.session.defaults)
                due = next_reminder(r.turn_started, r.sent, policy, prefs, r.last_sent_at)
                await self.db.put_reminder(replace_row(r, due_at=due))
        return UserSettings(
            new.user_id,
            new.quiet_start,
            new.quiet_end,
            new.tz_offset_minutes,
            new.away_until,
            new.time_zone,
        )

    async def my_games(self, user_id: int, *, lang: str = "") -> list[MyGame]:
        """Every lobby/active game the user sits in, across channels: their turn first, then the
        most recently updated; in ``lang`` (the reader's) when given."""
        words = self.words.at(lang) if lang else self.words
        async with self.db.read():
            rows = await self.db.games_of_user(user_id)
        out = [
            MyGame(
                game_id=row.id,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                game=row.engine,
                title=game_title(row.engine, words.lang),
                status=row.status,
                my_turn=row.status == "active" and seat in row.to_act and not row.damaged,
                round_info=(
                    words.text("service.damaged_short")
                    if row.damaged
                    else round_text(row.round_info, words.lang)
                ),
                updated_at=row.updated_at,
            )
            for row, seat in rows
        ]
        out.sort(key=lambda g: (not g.my_turn, -g.updated_at, g.game_id))
        return out

    async def reschedule(
        self,
        game_id: int,
        to_act_users: Sequence[int],
        reset: set[int],
        now: float,
        *,
        settings: SettingsRow | None = None,
    ) -> None:
        """Make the reminder rows match who must act now. A user who just acted, or whose turn
        just began, starts a fresh schedule; one still pending keeps theirs (recomputed, so new
        settings apply). ``settings``: the table's settings (its stored row, else the defaults)
        if the caller read them already; else they are read here. Caller holds the write lock."""
        if settings is None:
            settings = await self.db.settings(game_id) or self.session.defaults
        policy = policy_of(settings)
        existing = {(r.user_id, r.kind): r for r in await self.db.reminders(game_id=game_id)}
        # A computer seat is never reminded: it acts by itself (bot/service/computers.py).
        pending = {u for u in to_act_users if u >= 0}
        gone = {u for u, _ in existing} - pending
        if gone:
            await self.db.delete_reminders(game_id, sorted(gone))
        for user in sorted(pending):
            prefs = prefs_of(await self.db.user(user))
            old = existing.get((user, "reminder"))
            if old is None or user in reset:
                started, sent, last = now, 0, None
            else:
                started, sent, last = old.turn_started, old.sent, old.last_sent_at
            due = next_reminder(started, sent, policy, prefs, last)
            await self.db.put_reminder(
                ReminderRow(game_id, user, "reminder", started, due, sent, last)
            )
            old_deadline = existing.get((user, "deadline"))
            fresh = old is None or user in reset
            if policy.deadline > 0:
                if fresh or old_deadline is None or old_deadline.sent == 0:
                    await self.db.put_reminder(
                        ReminderRow(
                            game_id,
                            user,
                            "deadline",
                            started,
                            deadline_at(started, policy),
                            0,
                            None,
                        )
                    )
            elif old_deadline is not None:
                await self.db.put_reminder(replace_row(old_deadline, due_at=None))

    async def due_reminders(self, now: float | None = None) -> list[DueReminder]:
        """Reminders due at ``now`` (default: the clock) and not yet sent, oldest first.

        A reminder that fell due while the bot was down is returned once the bot is back, unless
        its player is now in quiet hours or away: then it waits until they are not. A deadline
        waits while its player is away, not for quiet hours."""
        at = self.session.clock() if now is None else now
        async with self.db.read():
            return await self._grouped(await self.db.due(at), at)

    async def claim_reminders(self, now: float | None = None) -> list[DueReminder]:
        """:meth:`due_reminders`, each claimed for this process under a short lease so no other
        process sends it too (#25.3): send each, then :meth:`mark_reminder_sent` (which gives
        the claim back), or :meth:`release_reminder` when it was not sent. A claim of a process
        that stopped beating (killed) is taken over within seconds."""
        at = self.session.clock() if now is None else now
        async with self.db.read():
            if not await self.db.due(at):
                return []  # the usual case, every pass: no write transaction
        async with self.session.write():
            rows = await self.db.claim_due(
                at, owner=self.session.owner, until=at + JOB_LEASE, alive_after=at - OWNER_STALE
            )
            due = await self._grouped(rows, at)
            # What is held back (quiet hours, away, a damaged game) is not this pass's to send.
            kept = {(d.game_id, u, d.kind) for d in due for u in d.user_ids}
            await self.db.release_reminders(
                [r for r, _ in rows if (r.game_id, r.user_id, r.kind) not in kept],
                self.session.owner,
            )
        return due

    async def release_reminder(self, reminder: DueReminder) -> None:
        """Give back this process's claim on a reminder it did not send (it will be offered
        again on a later pass)."""
        async with self.session.write():
            rows = [
                r
                for r in await self.db.reminders(game_id=reminder.game_id)
                if r.kind == reminder.kind and r.user_id in reminder.user_ids
            ]
            await self.db.release_reminders(rows, self.session.owner)

    async def _grouped(self, rows: list[tuple[ReminderRow, int]], at: float) -> list[DueReminder]:
        """Due rows grouped per game, kind and time, without those held back now (damaged game,
        quiet hours, away). Caller holds a transaction."""
        # A game whose record is damaged cannot be played: nobody is reminded of it.
        damaged = set()
        for game_id in {r.game_id for r, _ in rows}:
            game = await self.db.game(game_id)
            if game is None or game.damaged:
                damaged.add(game_id)
        rows = [(r, channel) for r, channel in rows if r.game_id not in damaged]
        prefs = {r.user_id: prefs_of(await self.db.user(r.user_id)) for r, _ in rows}
        tables = {
            r.game_id: policy_of(
                await self.db.settings(r.game_id) or self.session.defaults
            ).table_quiet
            for r, _ in rows
        }
        grouped: dict[tuple[int, str, float], tuple[int, list[int]]] = {}
        for r, channel in rows:
            assert r.due_at is not None
            # One that fell due while the bot was down may now be inside quiet hours: it waits.
            allowed = earliest_allowed(at, prefs[r.user_id], tables[r.game_id])
            if r.kind == "reminder" and allowed > at:
                continue
            # A deadline ignores quiet hours (the table agreed on it) but waits for a player
            # who said they are away.
            if r.kind == "deadline" and prefs[r.user_id].away_until > at:
                continue
            grouped.setdefault((r.game_id, r.kind, r.due_at), (channel, []))[1].append(r.user_id)
        out = [
            DueReminder(game_id, channel, tuple(users), due, kind)
            for (game_id, kind, due), (channel, users) in grouped.items()
        ]
        out.sort(key=lambda d: (d.due_at, d.game_id, d.kind))
        return out

    async def mark_reminder_sent(self, reminder: DueReminder, now: float | None = None) -> None:
        """Record that ``reminder`` was sent and schedule the next one (policy in
        bot/reminders.py). Idempotent: marking the same due time twice does nothing."""
        at = self.session.clock() if now is None else now
        async with self.session.write():
            policy = policy_of(await self.db.settings(reminder.game_id) or self.session.defaults)
            rows = {
                r.user_id: r
                for r in await self.db.reminders(game_id=reminder.game_id)
                if r.kind == reminder.kind and r.due_at == reminder.due_at
            }
            for user in reminder.user_ids:
                r = rows.get(user)
                if r is None:
                    continue  # already marked, or a move rescheduled it meanwhile
                nxt = None
                if r.kind == "reminder":
                    prefs = prefs_of(await self.db.user(user))
                    nxt = next_reminder(r.turn_started, r.sent + 1, policy, prefs, last_sent=at)
                await self.db.mark_sent(r, next_due=nxt, now=at)
