"""The table governs itself: undo, abort, votes on seats, and the deadline's timeout move."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.narrate import Narrator, game_title
from bot.service.play import Playing
from bot.service.results import (
    Change,
    MoveOutcome,
    Play,
    ServiceError,
    UndoPreview,
    User,
    VoteOutcome,
)
from bot.service.session import (
    Session,
    holds_creator_powers,
    is_computer,
    replay_log,
    seat_of,
)
from bot.storage import (
    ActionRow,
    GameRow,
    SeatRow,
)
from engines.base import CHANCE, IllegalAction


def voting(seats: Sequence[SeatRow]) -> list[SeatRow]:
    """The seats whose holders vote: players still playing, never a computer seat."""
    return [s for s in seats if not s.removed and not is_computer(s.user_id)]


def not_voted(
    votes: Sequence[tuple[int, int, str]], seats: Sequence[SeatRow], *, exclude: int | None = None
) -> tuple[int, ...]:
    """The players who have a say in a vote still open and have not cast one on it (in seat
    order): seated, not voted out, never the ``exclude`` seat the vote is about. A vote for
    another replacement is a vote cast."""
    cast = {voter for voter, _, _ in votes}
    return tuple(s.user_id for s in voting(seats) if s.seat != exclude and s.user_id not in cast)


def current_votes(
    votes: Sequence[tuple[int, int, str]],
    seats: Sequence[SeatRow],
    *,
    exclude: int | None = None,
    wanted: int | None = None,
) -> int:
    """How many of ``votes`` count now: only those of players who hold a seat at the moment of
    counting and were not voted out (a vote cast by someone since removed or replaced is void),
    never the ``exclude`` seat's own, and for a replacement only votes naming ``wanted``."""
    current = {s.user_id for s in voting(seats) if s.seat != exclude}
    return sum(
        1 for voter, repl, _ in votes if voter in current and (wanted is None or repl == wanted)
    )


class Governance:
    """Undo, abort, seat votes and deadlines. Needs the session, words, and the play part to
    commit what the table decided."""

    def __init__(self, session: Session, words: Narrator, play: Playing) -> None:
        self.session = session
        self.db = session.db
        self.words = words
        self.play = play

    async def _undoable(self, row: GameRow, seats: Sequence[SeatRow], user_id: int) -> ActionRow:
        if row.status != "active":
            raise ServiceError(
                "service.not_started" if row.status == "lobby" else "service.game_over"
            )
        seat = seat_of(seats, user_id)
        if seat is None:
            raise ServiceError("service.not_seated")
        last = await self.db.last_action(row.id)
        if last is None:
            raise ServiceError("service.undo_nothing")
        if last.seat == CHANCE:
            # Structural: a draw (dice, cards, a restock) followed the move; taking the move
            # back would let its player try for another draw.
            raise ServiceError("service.undo_chance")
        if last.seat != seat or last.auto:
            raise ServiceError("service.undo_not_yours", player=last.seat)
        if last.reveals:
            raise ServiceError("service.undo_revealed")
        return last

    async def undo_preview(self, channel_id: int, user: User) -> UndoPreview:
        """What ``undo`` would take back, or ServiceError saying why it is not allowed (not your
        last action, something was revealed, someone acted since)."""
        async with self.db.read():
            g = await self.session.load(channel_id, live=True, state=False)
            row = g.row
            try:
                last = await self._undoable(row, g.seats, user.id)
            except ServiceError as err:
                raise self.words.named(err, g.seats) from None
        line = self.words.t(
            "service.undo_preview", {"player": last.seat, "action": last.action}, g.names
        )
        return UndoPreview(row.id, row.version, last.move, last.action, (line,))

    async def undo(
        self,
        channel_id: int,
        user: User,
        *,
        expected_version: int | None = None,
        render: bool = True,
    ) -> MoveOutcome:
        """Take back ``user``'s own last action (BGA policy; see ``undo_preview``)."""
        now = self.session.clock()
        async with self.session.write():
            g = await self.session.load(
                channel_id, live=True, expected_version=expected_version, state=False
            )
            row, seats, engine = g.row, g.seats, g.engine
            words = self.words.of(row)
            try:
                last = await self._undoable(row, seats, user.id)
            except ServiceError as err:
                raise words.named(err, seats) from None
            await self.db.mark_undone(row.id, last.move)
            # The log is the truth: the state before the move is a replay without it.
            state = replay_log(engine, row, len(seats), await self.db.actions(row.id))
            names = g.names
            shown = words.action_text(engine, last.action, public=True)
            head = (words.t("service.undone", {"player": last.seat, "action": shown}, names),)
            # The undoer gets back the turn they just had: nobody is newly mentioned.
            old = engine.to_act(state)
            change = await self.play.commit(
                row, engine, seats, state, [], now, head=head, old_to_act=old, resumed=last.seat
            )
        return await self.play.outcome(change, render=render)

    async def abort(
        self,
        channel_id: int,
        user: User,
        *,
        can_manage: bool = False,
        vote_only: bool = False,
        game_id: int | None = None,
    ) -> VoteOutcome:
        """Abort the channel's game: at once for the creator or a member with Manage Channels
        (``can_manage``), otherwise a seated player's vote (more than half of the seats needed).
        ``vote_only``: a vote whoever casts it (a poll's answer: the creator's powers are for
        the command that asks them first)."""
        now = self.session.clock()
        async with self.session.write():
            row = await self.session.row(channel_id, game_id, live=True, damaged_ok=True)
            seats = await self.session.seats_of(row)
            words = self.words.of(row)
            title = game_title(row.engine, words.lang)
            waiting: tuple[int, ...] = ()
            if not vote_only and (holds_creator_powers(row, seats, user.id) or can_manage):
                votes, needed, done = 1, 1, True
            else:
                mine = seat_of(seats, user.id)
                if mine is None or seats[mine].removed:
                    raise ServiceError("service.not_seated")
                await self.db.add_vote(row.id, "abort", -1, user.id, now=now)
                cast = await self.db.votes(row.id, "abort", -1)
                votes = current_votes(cast, seats)
                needed = len(voting(seats)) // 2 + 1
                done = votes >= needed
                waiting = not_voted(cast, seats) if not done else ()
            if done:
                await self._end_aborted(row, now)
                line = words.t("service.aborted", {"game": title})
            else:
                line = words.t("service.vote_abort", {"votes": votes, "needed": needed})
        return VoteOutcome(
            row.id, "abort", done, votes, needed, (line,), waiting=waiting, lang=words.lang
        )

    async def withdraw_vote(
        self, game_id: int, voter: User, kind: str, target: int, replacement: User | None = None
    ) -> VoteOutcome | None:
        """Take back ``voter``'s vote on one question (a poll's answer withdrawn or changed to
        No): the count as it is now, or None when they had no such vote (a vote for another
        replacement of the same seat is theirs to keep) or the question is closed."""
        async with self.session.write():
            row = await self.db.game(game_id)
            if row is None or row.status != "active":
                return None
            seats = await self.session.seats_of(row)
            names = [s.name for s in seats]
            words = self.words.of(row)
            replacement_id = replacement.id if replacement is not None else 0
            cast = await self.db.votes(row.id, kind, target)
            mine = [r for v, r, _ in cast if v == voter.id]
            if not mine or (kind == "replace" and mine[0] != replacement_id):
                return None
            await self.db.remove_vote(row.id, kind, target, voter.id)
            cast = await self.db.votes(row.id, kind, target)
            if kind == "abort":
                votes = current_votes(cast, seats)
                needed = len(voting(seats)) // 2 + 1
                waiting = not_voted(cast, seats)
                line = words.t("service.vote_abort_withdrawn", {"votes": votes, "needed": needed})
            else:
                votes = current_votes(
                    cast, seats, exclude=target, wanted=replacement_id if kind == "replace" else 0
                )
                needed = sum(1 for s in voting(seats) if s.seat != target) // 2 + 1
                waiting = not_voted(cast, seats, exclude=target)
                what = (
                    words.t(
                        "service.what_replace", {"player": target, "name": replacement.name}, names
                    )
                    if replacement is not None
                    else words.t("service.what_remove", {"player": target}, names)
                )
                line = words.t(
                    "service.vote_seat_withdrawn", {"votes": votes, "needed": needed, "what": what}
                )
        return VoteOutcome(
            row.id, kind, False, votes, needed, (line,), waiting=waiting, lang=words.lang
        )

    async def vote_seat(
        self,
        channel_id: int,
        voter: User,
        target_user_id: int,
        replacement: User | None = None,
        *,
        render: bool = True,
        game_id: int | None = None,
    ) -> VoteOutcome:
        """Vote to remove a seat's player (their seat is then played by the engine's timeout
        action) or, with ``replacement``, to hand the seat to someone else. More than half of the
        other seats must agree; the creator or ``can_manage`` are not special here."""
        now = self.session.clock()
        kind = "replace" if replacement is not None else "remove"
        move: Change | None = None
        async with self.session.write():
            g = await self.session.load(channel_id, game_id, live=True, state=False)
            row, seats, names = g.row, g.seats, g.names
            words = self.words.of(row)
            if row.status != "active":
                raise ServiceError("service.not_started")
            mine = seat_of(seats, voter.id)
            if mine is None or seats[mine].removed:
                raise ServiceError("service.not_seated")
            target = seat_of(seats, target_user_id)
            if target is None:
                raise ServiceError("service.target_not_seated")
            if target_user_id == voter.id:
                raise ServiceError("service.vote_self")
            if seats[target].removed and replacement is None:
                raise ServiceError("service.already_removed", player=names[target])
            if replacement is not None and seat_of(seats, replacement.id) is not None:
                raise ServiceError("service.already_playing", name=replacement.name)
            await self.db.add_vote(
                row.id,
                kind,
                target,
                voter.id,
                replacement_id=replacement.id if replacement else 0,
                replacement_name=replacement.name if replacement else "",
                now=now,
            )
            wanted = replacement.id if replacement else 0
            cast = await self.db.votes(row.id, kind, target)
            votes = current_votes(cast, seats, exclude=target, wanted=wanted)
            # Players still playing decide; a removed seat has no say.
            voters = sum(1 for s in voting(seats) if s.seat != target)
            needed = voters // 2 + 1
            done = votes >= needed
            if not done:
                what = (
                    words.t(
                        "service.what_replace", {"player": target, "name": replacement.name}, names
                    )
                    if replacement
                    else words.t("service.what_remove", {"player": target}, names)
                )
                line = words.t(
                    "service.vote_seat", {"votes": votes, "needed": needed, "what": what}
                )
                waiting = not_voted(cast, seats, exclude=target)
                return VoteOutcome(
                    row.id, kind, False, votes, needed, (line,), waiting=waiting, lang=words.lang
                )
            new_seats, line = await self._change_seat(row, seats, kind, target, replacement)
            lines = [line]
            replaced = {target} if replacement is not None else set()
            # The electorate may have shrunk: votes already cast are counted again among the
            # seats left (#11.6), and whatever now has its majority takes effect at once.
            while True:
                if await self._abort_carried(row, new_seats):
                    await self.db.set_seats(row.id, new_seats)
                    await self._end_aborted(row, now)
                    lines.append(
                        words.t(
                            "service.aborted_by_votes",
                            {"game": game_title(row.engine, words.lang)},
                        )
                    )
                    return VoteOutcome(
                        row.id, kind, True, votes, needed, tuple(lines), lang=words.lang
                    )
                carried = await self._seat_vote_carried(row, new_seats)
                if carried is None:
                    break
                more_kind, more_target, more_user = carried
                new_seats, line = await self._change_seat(
                    row, new_seats, more_kind, more_target, more_user
                )
                lines.append(line)
                if more_user is not None:
                    replaced.add(more_target)
            await self.db.set_seats(row.id, new_seats)
            # Seat holders changed: reminders and mentions must follow, so this is a commit of the
            # state as it is (plus autopilot moves if the removed seat must act now).
            engine = g.engine
            state = await self.session.state_of(row, engine)
            # A replacement whose seat must act now is told so (mentioned); a removal is not news
            # to anyone but the autopilot.
            old_to_act = [s for s in row.to_act if s not in replaced]
            move = await self.play.commit(
                row, engine, new_seats, state, [], now, head=tuple(lines), old_to_act=old_to_act
            )
        outcome = await self.play.outcome(move, render=render)
        return VoteOutcome(
            row.id, kind, True, votes, needed, tuple(lines), outcome, lang=words.lang
        )

    async def _change_seat(
        self,
        row: GameRow,
        seats: Sequence[SeatRow],
        kind: str,
        target: int,
        replacement: User | None,
    ) -> tuple[tuple[SeatRow, ...], str]:
        """A carried seat vote: the seats after it and the line announcing it. Its votes are
        spent and the old holder's reminders dropped; the caller stores the seats."""
        old = seats[target]
        words = self.words.of(row)
        if replacement is not None:
            new_seat = SeatRow(target, replacement.id, replacement.name, False)
            line = words.t("service.replaced", {"new": replacement.name, "old": old.name})
        else:
            new_seat = SeatRow(target, old.user_id, old.name, True)
            line = words.t("service.removed", {"name": old.name})
        await self.db.clear_votes(row.id, kind, target)
        await self.db.delete_reminders(row.id, [old.user_id])
        return tuple(new_seat if s.seat == target else s for s in seats), line

    async def _abort_carried(self, row: GameRow, seats: Sequence[SeatRow]) -> bool:
        """Whether the abort votes cast so far are a majority of the seats still playing."""
        votes = current_votes(await self.db.votes(row.id, "abort", -1), seats)
        return votes > 0 and votes >= len(voting(seats)) // 2 + 1

    async def _seat_vote_carried(
        self, row: GameRow, seats: Sequence[SeatRow]
    ) -> tuple[str, int, User | None] | None:
        """The first pending remove/replace question whose votes are now a majority of the
        other seats still playing: (kind, target seat, replacement or None)."""
        for kind, target in await self.db.vote_questions(row.id):
            if kind == "abort" or not 0 <= target < len(seats):
                continue
            needed = sum(1 for s in voting(seats) if s.seat != target) // 2 + 1
            cast = await self.db.votes(row.id, kind, target)
            if kind == "remove":
                count = current_votes(cast, seats, exclude=target)
                if not seats[target].removed and count >= needed:
                    return kind, target, None
                continue
            for user_id, name in dict.fromkeys((r, n) for _, r, n in cast):
                if seat_of(seats, user_id) is not None:
                    continue  # seated meanwhile: cannot take a second seat
                count = current_votes(cast, seats, exclude=target, wanted=user_id)
                if count >= needed:
                    return kind, target, User(user_id, name)
        return None

    async def _end_aborted(self, row: GameRow, now: float) -> None:
        """Mark the game aborted: no more reminders or votes. Caller holds the write lock."""
        await self.db.set_status(row.id, "aborted", now)
        await self.db.delete_reminders(row.id)
        await self.db.clear_votes(row.id)
        self.session.forget(row)

    async def resolve_deadline(
        self, game_id: int, user_id: int, *, render: bool = True
    ) -> MoveOutcome | None:
        """Play the engine's timeout action for a player whose deadline passed; None when the
        rules give none (then offer a vote to remove them)."""
        now = self.session.clock()
        async with self.session.write():
            row = await self.db.game(game_id)
            if row is None:
                raise ServiceError("service.no_such_game", game_id=game_id)
            g = await self.session.load(row.channel_id, game_id, live=True)
            row, seats, engine, state = g.row, g.seats, g.engine, g.state
            words = self.words.of(row)
            seat = self.play.deciding_seat(engine, state, seats, user_id)
            text = engine.timeout_action(state, seat)
            if text is None:
                return None
            try:
                new, events = engine.apply(state, seat, engine.parse(state, seat, text))
            except IllegalAction:
                return None  # an engine offering an illegal timeout move: treat as none
            move = await self.db.next_move(row.id)
            head = (words.t("service.timed_out", {"player": seat}, g.names),)
            play = Play(move, seat, text, tuple(events), True)
            change = await self.play.commit(row, engine, seats, new, [play], now, head=head)
        return await self.play.outcome(change, render=render)
