"""Votes as Discord polls (#27.6): one poll per open question (abort, remove a seat, hand a seat
to someone), its answers cast through the same vote path as the commands and buttons.

A poll shows whatever Discord counts; the tally that decides is the service's, and only seated
players' votes reach it: a poll answer from anyone else, from the player a seat vote is about, or
on a question already settled is ignored. Yes casts the voter's vote; taking Yes back, or
answering No, withdraws it (No is not a vote of its own: a question is decided only by a
majority saying yes, as with the commands). A question asked once keeps its poll; once the
question is settled its poll is ended and its later answers are ignored.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.governance import Governance
from bot.service.narrate import Narrator, game_title
from bot.service.results import PollAsk, PollEnded, ServiceError, User, VoteOutcome
from bot.service.session import Session, seat_of
from bot.storage import GameRow, PollRow, SeatRow

#: How long a poll stays open on Discord (hours; Discord takes 1 to 768). A week: a vote on a
#: slow table must not close before the players have had a day or two to see it; the vote
#: itself stays open after that (the commands still count).
POLL_HOURS = 168
#: Discord's limits on a poll's question and answers (characters).
QUESTION_MAX = 300
ANSWER_MAX = 55


def question_open(poll: PollRow, row: GameRow | None, seats: Sequence[SeatRow]) -> bool:
    """Whether ``poll``'s question can still be decided: the game runs and the seat it is about
    is still held by the player it was asked about (not removed, not handed on)."""
    if row is None or row.status != "active":
        return False
    if poll.kind == "abort":
        return True
    if not 0 <= poll.target < len(seats):
        return False
    seat = seats[poll.target]
    if seat.user_id != poll.target_user:
        return False
    if poll.kind == "remove":
        return not seat.removed
    return seat_of(seats, poll.replacement_id) is None


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Polls:
    """A vote's poll: asked, answered, settled."""

    def __init__(self, session: Session, words: Narrator, governance: Governance) -> None:
        self.session = session
        self.db = session.db
        self.words = words
        self.governance = governance

    async def open_poll(
        self, game_id: int, kind: str, target_user_id: int = 0, replacement: User | None = None
    ) -> PollAsk | None:
        """Claim the poll of a question (``kind`` abort, or remove/replace the seat of
        ``target_user_id``): what to post, or None when it has one already or cannot be asked
        (the game is not running, the player holds no seat). A claim never posted (a crash
        between) is asked again with its first ``opened``, so the post is the same message."""
        now = self.session.clock()
        async with self.session.write():
            row = await self.db.game(game_id)
            if row is None or row.status != "active":
                return None
            seats = await self.session.seats_of(row)
            words = self.words.of(row)
            names = [s.name for s in seats]
            title = game_title(row.engine, words.lang)
            if kind == "abort":
                target, target_user = -1, 0
            else:
                seat = seat_of(seats, target_user_id)
                if seat is None:
                    return None
                target, target_user = seat, target_user_id
            repl_id = replacement.id if replacement is not None else 0
            found = await self.db.poll(row.id, kind, target, repl_id)
            if found is not None and not found.ended and found.message_id:
                return None
            if found is not None and not found.ended:
                opened = found.opened
            else:
                opened = now
                await self.db.claim_poll(
                    PollRow(
                        row.id,
                        kind,
                        target,
                        repl_id,
                        replacement.name if replacement is not None else "",
                        target_user,
                        row.channel_id,
                        0,
                        0,
                        0,
                        now,
                        False,
                    )
                )
            if kind == "abort":
                question = words.t("service.poll_abort", {"game": title})
            elif replacement is not None:
                question = words.t(
                    "service.poll_replace",
                    {"player": target, "name": replacement.name, "game": title},
                    names,
                )
            else:
                question = words.t("service.poll_remove", {"player": target, "game": title}, names)
        return PollAsk(
            row.id,
            kind,
            target,
            repl_id,
            row.channel_id,
            _clip(question, QUESTION_MAX),
            _clip(words.t("service.poll_yes", {}), ANSWER_MAX),
            _clip(words.t("service.poll_no", {}), ANSWER_MAX),
            POLL_HOURS,
            opened,
            words.lang,
        )

    async def poll_posted(
        self, ask: PollAsk, message_id: int, yes_answer: int, no_answer: int
    ) -> None:
        """Record the message ``ask`` was posted as and its answers' ids (Discord's)."""
        async with self.session.write():
            await self.db.set_poll_posted(
                ask.game_id,
                ask.kind,
                ask.target,
                ask.replacement_id,
                message_id=message_id,
                yes_answer=yes_answer,
                no_answer=no_answer,
            )

    async def poll_failed(self, ask: PollAsk) -> None:
        """``ask`` could not be posted (no permission to post polls, the channel gone): its
        claim is dropped; the vote goes on through the commands and buttons."""
        async with self.session.write():
            await self.db.drop_poll(ask.game_id, ask.kind, ask.target, ask.replacement_id)

    async def poll_vote(
        self, message_id: int, voter: User, answer_id: int, *, added: bool
    ) -> VoteOutcome | None:
        """An answer added to or taken off a poll: cast or withdraw ``voter``'s vote through the
        vote path the commands use. None when it counts for nothing: not one of our polls, a
        poll whose question is settled, a voter without a say (not seated, voted out, the player
        the vote is about), or a No taken back."""
        async with self.db.read():
            poll = await self.db.poll_by_message(message_id)
            if poll is None or poll.ended:
                return None
            row = await self.db.game(poll.game_id)
            seats = await self.session.seats_of(row) if row is not None else ()
        if row is None or not question_open(poll, row, seats):
            return None
        mine = seat_of(seats, voter.id)
        if mine is None or seats[mine].removed or mine == poll.target:
            return None
        replacement = (
            User(poll.replacement_id, poll.replacement_name) if poll.kind == "replace" else None
        )
        yes = answer_id == poll.yes_answer
        no = answer_id == poll.no_answer
        try:
            if yes and added:
                if poll.kind == "abort":
                    return await self.governance.abort(
                        row.channel_id, voter, vote_only=True, game_id=row.id
                    )
                return await self.governance.vote_seat(
                    row.channel_id,
                    voter,
                    poll.target_user,
                    replacement,
                    render=False,
                    game_id=row.id,
                )
            if (yes and not added) or (no and added):
                return await self.governance.withdraw_vote(
                    row.id, voter, poll.kind, poll.target, replacement
                )
        except ServiceError:
            # Checked again under the write lock: the table moved on meanwhile.
            return None
        return None

    async def settled_polls(self, game_id: int) -> list[PollEnded]:
        """End the game's polls whose question is settled (decided, or the game is over):
        their later answers are ignored. Returns the posted ones, to end on Discord."""
        out: list[PollEnded] = []
        async with self.session.write():
            row = await self.db.game(game_id)
            seats = await self.session.seats_of(row) if row is not None else ()
            for poll in await self.db.open_polls(game_id):
                if question_open(poll, row, seats):
                    continue
                await self.db.end_poll(poll.game_id, poll.kind, poll.target, poll.replacement_id)
                if poll.message_id:
                    out.append(PollEnded(poll.channel_id, poll.message_id))
        return out
