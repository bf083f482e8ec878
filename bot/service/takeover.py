"""Time banks (#27.3), what the table does with them: its clock settings, a clock that ran out
(claimed by one process, then a computer stands in for the seat or the table is asked to vote)
and a player coming back (``/game back``). The bookkeeping is ``bot/service/clock.py``.

Exactly once: a run-out clock is claimed like a reminder (a short lease, others skip it while
its holder beats), and acting on it checks, in the write transaction, that the clock still runs
out at the claimed time; the takeover's commit changes that, so a second process, or the same
one again, finds nothing to do. The computer's moves go through ``Playing.act`` as a queued
computer job, like a computer seat's.
"""

from __future__ import annotations

import dataclasses

from bot.clock import MAX_BANK, MAX_PER_MOVE, POLICIES, REFILLS, ClockRules
from bot.reminders import HOUR
from bot.service.clock import OUT, ClockBook
from bot.service.narrate import Narrator
from bot.service.play import Playing
from bot.service.results import ClockDue, ClockSettings, MoveOutcome, ServiceError, User
from bot.service.session import (
    JOB_LEASE,
    LEVELS,
    OWNER_STALE,
    Session,
    creator_only,
    engine_of,
    holds_creator_powers,
    seat_of,
)
from engines.ai.knowledge import knowledge_for


def clock_problem(
    per_move_hours: float | None,
    bank_hours: float | None,
    refill: str | None,
    policy: str | None,
    level: str | None,
) -> ServiceError | None:
    """The first clock setting out of its range, as the refusal to give; None when all fit."""
    if per_move_hours is not None and not 0 <= per_move_hours * HOUR <= MAX_PER_MOVE:
        return ServiceError("service.bad_clock_move", high=int(MAX_PER_MOVE / HOUR))
    if bank_hours is not None and not 0 <= bank_hours * HOUR <= MAX_BANK:
        return ServiceError("service.bad_clock_bank", high=int(MAX_BANK / HOUR))
    if refill is not None and refill not in REFILLS:
        return ServiceError("service.bad_clock_refill", refill=refill, known=", ".join(REFILLS))
    if policy is not None and policy not in POLICIES:
        return ServiceError("service.bad_clock_policy", policy=policy, known=", ".join(POLICIES))
    if level is not None and level not in LEVELS:
        return ServiceError("service.computer_bad_level", level=level, levels=", ".join(LEVELS))
    return None


class Takeover:
    """A table's clock settings, clocks that ran out, and players coming back. Needs the
    session, words, the play part (a takeover is a commit) and the clock book."""

    def __init__(self, session: Session, words: Narrator, play: Playing, clock: ClockBook) -> None:
        self.session = session
        self.db = session.db
        self.words = words
        self.play = play
        self.clock = clock

    async def clock_settings(self, channel_id: int) -> ClockSettings:
        """The channel's game's time bank (``per_move_hours`` 0: none)."""
        async with self.db.read():
            row = await self.session.row(channel_id, None, live=False)
            rules = await self.db.clock_rules(row.id)
        return settings_of(row.id, rules)

    async def update_clock(
        self,
        channel_id: int,
        user: User,
        *,
        can_manage: bool = False,
        per_move_hours: float | None = None,
        bank_hours: float | None = None,
        refill: str | None = None,
        policy: str | None = None,
        level: str | None = None,
    ) -> ClockSettings:
        """Set the table's time bank (creator or ``can_manage``; in the lobby or while it runs):
        ``per_move_hours`` 0 takes the clock away. A running game's clocks start (or stop) now;
        time already played is not charged."""
        problem = clock_problem(per_move_hours, bank_hours, refill, policy, level)
        if problem is not None:
            raise problem
        now = self.session.clock()
        async with self.session.write():
            row = await self.session.row(channel_id, None, live=True)
            seats = await self.session.seats_of(row)
            if not (holds_creator_powers(row, seats, user.id) or can_manage):
                raise creator_only(row, seats)
            old = await self.db.clock_rules(row.id) or ClockRules(0.0, 0.0)
            if not has_computer(row.engine):
                # No computer can play this game: its tables vote unless they ask for one.
                if policy == "computer":
                    raise ServiceError("service.computer_unavailable")
                old = dataclasses.replace(old, policy="vote")
            new = ClockRules(
                old.per_move if per_move_hours is None else per_move_hours * HOUR,
                old.bank if bank_hours is None else bank_hours * HOUR,
                refill or old.refill,
                policy or old.policy,
                level or old.level,
            )
            if new.per_move <= 0:
                await self.db.put_clock_rules(row.id, None)
                await self.db.delete_clocks(row.id)
                return settings_of(row.id, None)
            await self.clock.checkpoint(row.id, now)
            fresh = [
                dataclasses.replace(c, bank=new.bank)
                for c in await self.db.clocks(row.id)
                if c.bank > new.bank or old.per_move <= 0
            ]
            await self.db.put_clock_rules(row.id, new)
            await self.db.put_clocks(fresh)  # a smaller bank caps each seat's
            if row.status == "active":
                g = await self.session.load(channel_id, row.id, live=True)
                await self.clock.after_commit(row, g.engine, seats, row.to_act, (), now)
        return settings_of(row.id, new)

    async def claim_clocks(self, now: float | None = None) -> list[ClockDue]:
        """Clocks run out by ``now`` (default: the clock), each claimed for this process under
        a short lease (:meth:`clock_ran_out` acts on one, :meth:`release_clock` gives it back)."""
        at = self.session.clock() if now is None else now
        async with self.db.read():
            if not await self.db.clocks_due(at):
                return []  # the usual case, every pass: no write transaction
        out = []
        async with self.session.write():
            rows = await self.db.claim_clocks(
                at, owner=self.session.owner, until=at + JOB_LEASE, alive_after=at - OWNER_STALE
            )
            for c, channel in rows:
                rules = await self.db.clock_rules(c.game_id)
                seats = await self.db.seats(c.game_id)
                if rules is None or c.seat >= len(seats) or c.due_at is None:
                    await self.db.release_clock(c.game_id, c.seat, self.session.owner)
                    continue
                user = seats[c.seat].user_id
                out.append(
                    ClockDue(c.game_id, channel, c.seat, user, c.due_at, rules.policy, rules.level)
                )
        return out

    async def release_clock(self, due: ClockDue) -> None:
        """Give back this process's claim on a run-out clock it did not act on."""
        async with self.session.write():
            await self.db.release_clock(due.game_id, due.seat, self.session.owner)

    async def clock_ran_out(self, due: ClockDue, *, render: bool = False) -> MoveOutcome | None:
        """Apply the table's policy to a claimed clock that ran out, once: a computer at the
        table's level plays the seat until its player is back (the change is announced like a
        move: the outcome), or (vote) the clock stops and the caller has asked the table to
        vote (None). None as well when there is nothing to do any more (the player moved in
        time, another process acted on it)."""
        now = self.session.clock()
        async with self.session.write():
            row = await self.db.game(due.game_id)
            if row is None or row.status != "active" or row.damaged:
                return None
            current = {c.seat: c for c in await self.db.clocks(row.id)}.get(due.seat)
            rules = await self.db.clock_rules(row.id)
            if current is None or rules is None or current.due_at != due.due_at:
                return None
            stopped = dataclasses.replace(current, bank=0.0, used=0.0, started=None, due_at=None)
            if rules.policy == "vote":
                await self.db.put_clocks([dataclasses.replace(stopped, standin=OUT)])
                return None
            await self.db.put_clocks([dataclasses.replace(stopped, standin=rules.level)])
            g = await self.session.load(row.channel_id, row.id, live=True)
            words = self.words.of(g.row)
            level = words.t(f"service.computer_level.{rules.level}", {})
            head = (
                words.t("service.clock_taken_over", {"player": due.seat, "level": level}, g.names),
            )
            # The seat is the player's still: they are not told it is their turn (a computer
            # plays it), and the computer's job is queued by this commit.
            change = await self.play.commit(
                g.row, g.engine, g.seats, g.state, [], now, head=head, old_to_act=g.row.to_act
            )
        return await self.play.outcome(change, render=render)

    async def back(self, channel_id: int, user: User, *, render: bool = True) -> MoveOutcome:
        """``user`` plays their seat again after a computer stood in for them: their clock
        starts if they must act (with what their bank holds), and they are pinged then."""
        now = self.session.clock()
        async with self.session.write():
            g = await self.session.load(channel_id, None, live=True)
            seat = seat_of(g.seats, user.id)
            if seat is None:
                raise ServiceError("service.not_seated")
            clocks = {c.seat: c for c in await self.db.clocks(g.row.id)}
            mine = clocks.get(seat)
            if mine is None or mine.standin in ("", OUT):
                raise ServiceError("service.not_taken_over")
            await self.clock.back(g.row.id, seat)
            words = self.words.of(g.row)
            head = (words.t("service.clock_back", {"player": seat}, g.names),)
            old_to_act = [s for s in g.row.to_act if s != seat]
            change = await self.play.commit(
                g.row, g.engine, g.seats, g.state, [], now, head=head, old_to_act=old_to_act
            )
        return await self.play.outcome(change, render=render)


def has_computer(game: str) -> bool:
    """Whether a computer can play ``game`` (a time bank's takeover needs one)."""
    try:
        knowledge_for(engine_of(game))
    except (LookupError, ImportError):  # no AI module (the tests' own game has none)
        return False
    return True


def settings_of(game_id: int, rules: ClockRules | None) -> ClockSettings:
    """A table's clock as hours (none: ``per_move_hours`` 0)."""
    if rules is None:
        return ClockSettings(game_id)
    return ClockSettings(
        game_id, rules.per_move / HOUR, rules.bank / HOUR, rules.refill, rules.policy, rules.level
    )
