"""The announcements owed to the table: every commit leaves an outbox row (``Playing.commit``, in
its own transaction) until an adapter says it posted the change; a change never posted (the
process died, posting failed) is claimed here and announced late (``bot/outbox.py`` drains)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from bot.service.narrate import Narrator
from bot.service.play import OUTBOX_LEASE, Playing
from bot.service.results import Change, MoveOutcome, Play, ServiceError
from bot.service.session import OWNER_STALE, Session, engine_of, events_of, log
from bot.storage import OutboxRow


class Announcements:
    """Settling, giving back and claiming the outbox rows, and the beat that keeps this
    process's claims. Needs the session, words, and the play part to turn a claimed change into
    the outcome an adapter posts."""

    def __init__(self, session: Session, words: Narrator, play: Playing) -> None:
        self.session = session
        self.db = session.db
        self.words = words
        self.play = play
        #: Outbox rows already logged as damaged (each is said once, not on every drain).
        self._damaged_outbox: set[int] = set()

    async def announced(
        self, game_id: int, version: int, *, notes: Mapping[str, str] | None = None
    ) -> None:
        """Record that the change bringing game ``game_id`` to ``version`` (and every earlier
        one) was posted: it is never announced again. Idempotent. ``notes``: the adapter's own
        values about what it posted (see :meth:`set_bot_state`), stored in the same
        transaction, so posting a move costs the adapter one write."""
        async with self.session.write():
            await self.db.clear_outbox(game_id, version)
            for key, value in (notes or {}).items():
                await self.db.put_bot_state(key, value)

    async def release_announcement(self, game_id: int) -> None:
        """Give back this service's claim on a game's pending announcement (posting it failed),
        so that the next drain pass tries again at once instead of after the lease."""
        async with self.session.write():
            await self.db.release_outbox(game_id, self.session.owner)

    async def claim_announcements(self, *, limit: int = 20) -> list[MoveOutcome]:
        """Up to ``limit`` pending announcements (see :meth:`claim_announcement`), each claimed
        now: post them at once, since each pings whoever acts at the time of the claim."""
        outcomes: list[MoveOutcome] = []
        while len(outcomes) < limit:
            outcome = await self.claim_announcement(skip={o.game_id for o in outcomes})
            if outcome is None:
                break
            outcomes.append(outcome)
        return outcomes

    async def claim_announcement(self, *, skip: Collection[int] = ()) -> MoveOutcome | None:
        """The next change that was committed but never announced (the process died between the
        two, or posting failed), of a game not in ``skip``, claimed for this service so no other
        process posts it too; None when there is none.

        One outcome for the game, covering every pending change of it: a line saying it comes
        late, the pending changes' own head lines, the moves they added with their public
        events, whose turn it is *now*, and ``mention`` = everyone who must act now (with their
        catch-up recap). Post it at once (a drain claims one game, posts it, then claims the
        next, so the ping goes to whoever acts when the message is posted, #22.2), then call
        :meth:`announced` with its game id and version (or :meth:`release_announcement` when
        posting failed). A game whose rows another process still beating holds under a running
        lease is left to it; an aborted game's rows are simply dropped.
        """
        async with self.db.read():
            waiting = {r.game_id for r in await self.db.outbox()} - set(skip)
        if not waiting:
            return None  # the usual case, every few seconds: no write transaction
        now = self.session.clock()
        change: Change | None = None
        async with self.session.write():
            pending: dict[int, list[OutboxRow]] = {}
            for r in await self.db.outbox():
                if r.game_id not in skip:
                    pending.setdefault(r.game_id, []).append(r)
            for game_id, rows in pending.items():
                change = await self._claim_change(game_id, rows, now)
                if change is not None:
                    break
        return None if change is None else await self.play.outcome(change, render=False)

    async def _claim_change(self, game_id: int, rows: list[OutboxRow], now: float) -> Change | None:
        """Claim a game's pending rows and make the late announcement's change, or None (held by
        another live process, or nothing left to announce). Inside the write transaction."""
        for r in rows:
            if r.damaged and r.id not in self._damaged_outbox:
                # Said once per row: the drain runs every few seconds.
                self._damaged_outbox.add(r.id)
                log.warning("outbox row damaged, skipped", extra={"game": game_id})
        good = [r for r in rows if not r.damaged]
        row = await self.db.game(game_id)
        if row is None or row.status not in ("active", "finished") or row.damaged:
            # Aborted (or its record is damaged): nothing is owed to the table any more,
            # whoever holds the rows.
            await self.db.clear_outbox(game_id, max(r.version for r in rows))
            return None
        claimed = await self.db.claim_outbox(
            game_id,
            owner=self.session.owner,
            now=now,
            until=now + OUTBOX_LEASE,
            alive_after=now - OWNER_STALE,
        )
        if not claimed:
            return None
        engine = engine_of(row.engine)
        seats = await self.session.seats_of(row)
        try:
            state = await self.session.state_of(row, engine)
        except ServiceError:  # a damaged record: nothing to announce, the rest goes on
            await self.db.clear_outbox(game_id, max(r.version for r in rows))
            return None
        # A damaged row's own lines and moves are skipped; the rest is still announced.
        plays = tuple(
            Play(a.move, a.seat, a.action, tuple(events_of(a)), a.auto)
            for a in (
                await self.db.actions_since_move(game_id, min(r.first_move for r in good) - 1)
                if good
                else []
            )
        )
        late = self.words.of(row).t("service.late", {})
        to_act = tuple(row.to_act)
        since = await self.play.since_turn(game_id, to_act) if row.status == "active" else []
        recent = await self.play.recent_marks(game_id, to_act)
        return Change(
            row=row,
            version=row.version,
            seats=seats,
            state=state,
            plays=plays,
            # Nobody counts as already told: everyone pending now is pinged.
            old_to_act=(),
            to_act=to_act,
            result=row.result,
            head=(late, *(h for r in good for h in r.head)),
            since_turn=tuple(since),
            recent=recent,
        )

    async def beat(self) -> None:
        """Say that this service's process is alive (every ``OWNER_BEAT`` seconds while it
        runs): its claims hold for others only while it beats."""
        now = self.session.clock()
        async with self.db.write():
            await self.db.beat(self.session.owner, now)
