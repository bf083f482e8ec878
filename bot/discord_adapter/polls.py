"""Votes as Discord polls (#27.6): when a vote opens (an abort or seat vote's first vote, or a
clock that ran out at a table whose policy is a vote), the bot posts a poll asking the question
in the table's language, beside the messages and buttons it always posts; a poll answer arrives
as a gateway event (MESSAGE_POLL_VOTE_ADD / _REMOVE, the guild message polls intent) and goes
through the service's vote path, which counts only seated players; once a question is settled
the bot ends its poll early (Discord then posts the poll's results) and the table is told the
outcome as with any vote.

Buttons and commands stay: a poll is only posted where the bot may (the Send Polls permission,
``TURNPOST_POLLS`` not off); where it may not, or posting fails, the vote goes on through
``/game vote``, ``/game abort`` and the deadline's buttons exactly as before.

A poll's question and answers name only public things: the game, the seat's player and a
replacement's name, never anything a seat holds.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord_adapter.messages import vote_message
from bot.discord_adapter.nonce import nonce
from bot.service import MoveOutcome, PollAsk, Service, User, VoteOutcome

log = logging.getLogger("turnpost.polls")


class PollBooth:
    """Posts, counts and ends the polls of votes; ``enabled`` False posts none (votes then go
    through commands and buttons alone)."""

    def __init__(
        self, service: Service, client: discord.Client | None, *, enabled: bool = True
    ) -> None:
        self.service = service
        self._client = client
        self.enabled = enabled and client is not None
        #: Announces a move a poll's deciding vote made (a seat handed on whose turn it is).
        self.announce: Callable[[MoveOutcome], Awaitable[object]] | None = None
        #: Whether the bot may post polls, by channel, as the channel's last interaction said
        #: (each carries the bot's permissions there); a pass with no interaction to ask (a
        #: clock, a deadline) posts a poll only where this says it may.
        self.may_post: dict[int, bool] = {}

    def note(self, channel_id: int, permissions: discord.Permissions) -> None:
        """Remember whether the bot may post polls in ``channel_id`` (from an interaction)."""
        self.may_post[channel_id] = permissions.send_polls

    @property
    def client(self) -> discord.Client:
        assert self._client is not None, "polls need the bot's client"
        return self._client

    async def ask(
        self,
        game_id: int,
        kind: str,
        target_user_id: int = 0,
        replacement: User | None = None,
        *,
        permissions: discord.Permissions | None = None,
    ) -> int | None:
        """Post the question's poll unless it has one; returns its message id, or None when
        none was posted. ``permissions``: the bot's in the channel when known (an
        interaction's): no poll is tried without Send Polls; without them, only in a channel
        an interaction showed it may (see ``note``)."""
        if not self.enabled or (permissions is not None and not permissions.send_polls):
            return None
        ask = await self.service.open_poll(game_id, kind, target_user_id, replacement)
        if ask is None:
            return None
        if permissions is None and not self.may_post.get(ask.channel_id, False):
            await self.service.poll_failed(ask)
            return None
        try:
            message = await self._post(ask)
        except discord.HTTPException:
            # No Send Polls here (403), the channel gone, or a poll Discord refused: the vote
            # goes on without one.
            log.warning("poll not posted", extra={"game": game_id}, exc_info=True)
            await self.service.poll_failed(ask)
            return None
        answers = {a.text: a.id for a in message.poll.answers} if message.poll else {}
        await self.service.poll_posted(
            ask, message.id, answers.get(ask.yes, 0), answers.get(ask.no, 0)
        )
        return message.id

    async def _post(self, ask: PollAsk) -> discord.Message:
        poll = discord.Poll(
            question=ask.question,
            duration=datetime.timedelta(hours=ask.hours),
            multiple=False,
        )
        poll.add_answer(text=ask.yes)
        poll.add_answer(text=ask.no)
        channel = self.client.get_partial_messageable(ask.channel_id)
        # The nonce names the question and when it was claimed: a post repeated after a crash
        # returns the first message instead of a second poll.
        return await channel.send(
            poll=poll,
            nonce=nonce("poll", ask.game_id, ask.kind, ask.target, ask.replacement_id, ask.opened),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def answered(self, event: discord.RawPollVoteActionEvent, *, added: bool) -> None:
        """A poll answer added or taken back: counted through the service when the voter has a
        say (else ignored: the poll shows it, the tally does not); the table hears the count,
        and a decision ends the question's polls and changes the seat or ends the game."""
        user = self.client.get_user(event.user_id)
        voter = User(event.user_id, user.display_name if user is not None else str(event.user_id))
        outcome = await self.service.poll_vote(
            event.message_id, voter, event.answer_id, added=added
        )
        if outcome is None:
            return
        channel = self.client.get_partial_messageable(event.channel_id)
        await channel.send(**vote_message(outcome, outcome.lang))
        await self.decided(outcome)

    async def decided(self, vote: VoteOutcome) -> None:
        """After any vote: once it decided, end the game's polls whose question is settled
        (Discord then posts each poll's results) and announce the move it made, if any."""
        if not vote.done:
            return
        await self.end_settled(vote.game_id)
        move = vote.move
        if move is None or self.announce is None:
            return
        if move.mention or move.auto_actions:
            try:
                await self.announce(move)
            except Exception:
                # Saved but not shown: the outbox drain posts it later.
                log.exception("vote's move not announced", extra={"game": move.game_id})
                await self.service.release_announcement(move.game_id)
                return
        await self.service.announced(move.game_id, move.version)

    async def end_settled(self, game_id: int) -> None:
        """End on Discord the game's polls whose question is settled."""
        for ended in await self.service.settled_polls(game_id):
            message = self.client.get_partial_messageable(ended.channel_id).get_partial_message(
                ended.message_id
            )
            try:
                await message.end_poll()
            except discord.HTTPException:
                # Ended already, or the message is gone: its answers are ignored all the same.
                log.info("poll not ended on Discord", extra={"game": game_id})
