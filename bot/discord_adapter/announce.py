"""Announcing a change to the table: THE one way a move reaches the channel (its table message,
``table.py``, edited while a turn goes on, created when the turn passes; the receipt to the
mover)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_adapter.messages import BOARD_FILE, CHART_FILE, CONTENT_MAX, clip
from bot.discord_adapter.nonce import nonce
from bot.discord_adapter.replies import Replies
from bot.discord_adapter.table import TableParts, retired, table_message
from bot.discord_adapter.text import t
from bot.service import (
    GameInfo,
    MoveOutcome,
    User,
)
from engines.catalog import CATALOG

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction


log = logging.getLogger("turnpost.discord")

#: Upload limit assumed when no interaction says the guild's (e.g. an announcement after restart).
DEFAULT_FILESIZE = 10 * 1024 * 1024
#: ``bot_state`` key of a game's live board message.
LIVE_KEY = "discord.live_board:{game_id}"


@dataclass(frozen=True)
class LiveBoard:
    """The one public table message of a game that still carries controls: the message of the
    current turn. While its player goes on with their turn it is edited in place (its lines
    collecting the turn's moves, its digest kept); when the turn passes, a new message is
    created (the ping lives there) and this one loses its buttons."""

    channel_id: int
    message_id: int
    #: Lines of this turn's moves so far (without the closing "now" line).
    lines: tuple[str, ...] = field(default=())
    #: The digest since the pinged player's last turn, shown by the message when created.
    digest: tuple[str, ...] = field(default=())
    #: A Components V2 table message (#26.2); a record from before is an embed message, which
    #: is never edited into a V2 one: the next change posts a new table message.
    v2: bool = False

    def dumps(self) -> str:
        return json.dumps(
            {
                "channel": self.channel_id,
                "message": self.message_id,
                "lines": list(self.lines),
                "digest": list(self.digest),
                "v2": self.v2,
            }
        )

    @staticmethod
    def loads(raw: str | None) -> LiveBoard | None:
        if not raw:
            return None
        try:
            data = json.loads(raw)
            return LiveBoard(
                int(data["channel"]),
                int(data["message"]),
                tuple(data["lines"]),
                tuple(data.get("digest") or ()),
                bool(data.get("v2", False)),
            )
        except (ValueError, KeyError, TypeError):
            return None  # a damaged record only costs an in-place update: post a new board


def _live_note(game_id: int, live: LiveBoard | None) -> dict[str, str]:
    """The ``bot_state`` entry recording a game's live board ("" once there is none)."""
    return {LIVE_KEY.format(game_id=game_id): live.dumps() if live else ""}


class Table:
    """Posting what the service committed in a game's channel: the table message of the turn
    (``table.py``). A part of the handlers, given the replies they share (the service, the
    language, the client that posts)."""

    def __init__(self, replies: Replies) -> None:
        self.replies = replies
        self.service = replies.service
        self._locks: dict[int, asyncio.Lock] = {}

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        client = self.replies.client
        assert client is not None, "the table posts through its client"
        return client.get_partial_messageable(channel_id)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def live_board(self, game_id: int) -> LiveBoard | None:
        """The game's live board message, if one was posted."""
        return LiveBoard.loads(await self.service.bot_state(LIVE_KEY.format(game_id=game_id)))

    async def _set_live(self, game_id: int, live: LiveBoard | None) -> None:
        await self.service.set_bot_state(*_live_note(game_id, live).popitem())

    @staticmethod
    async def _drawn(outcome: MoveOutcome) -> tuple[list[tuple[str, bytes]], tuple[str, ...]]:
        """The image of a change's board and its glance as text (drawn now, from the state it
        committed: no second trip to the service), or none when drawing failed."""
        if outcome.board is None:
            return [], ()
        try:
            png = await outcome.board.render()
            said = outcome.board.glance_text()
        except Exception:
            # The move is already saved: still tell the table what happened and whose turn it
            # is, without the picture, rather than an error that suggests nothing happened.
            log.exception("board image failed", extra={"game": outcome.game_id})
            return [], ()
        return [(BOARD_FILE, png)], said

    @staticmethod
    async def _chart(outcome: MoveOutcome) -> list[tuple[str, bytes]]:
        """A finished game's score chart (#27.5) as a named file, or none (not finished, or
        drawing failed: the results go out without it)."""
        if outcome.results is None:
            return []
        try:
            png = await outcome.results.render_chart()
        except Exception:
            log.exception("score chart failed", extra={"game": outcome.game_id})
            return []
        return [(CHART_FILE, png)] if png is not None else []

    async def announce(
        self,
        channel_id: int,
        outcome: MoveOutcome,
        *,
        lang: str | None = None,
        filesize_limit: int = DEFAULT_FILESIZE,
        peek: Sequence[int] = (),
    ) -> dict[str, str]:
        """Tell the table about a committed change: THE one way a move reaches the channel (the
        commands, buttons, votes and the outbox drain after a restart all come here). Returns
        the live-board record to store with :meth:`Service.announced` once the change counts as
        posted.

        When the turn passes (someone must act who did not have to before) or the game ends, a
        new table message is created: Discord notifies only for created messages, so the ping
        lives there, with ``allowed_mentions`` naming exactly those players. The previous table
        message loses its buttons. While the same player goes on with their turn, the turn's
        message is edited in place instead (an edit notifies nobody, and nobody needs it).
        """
        # Everyone reads this message: the table's language, never the mover's (#28.1).
        lang = outcome.lang or lang or self.replies.lang
        async with self._lock(outcome.game_id):
            live = await self.live_board(outcome.game_id)
            continuing = (
                live is not None
                and live.v2
                and live.channel_id == channel_id
                and not outcome.mention
                and not outcome.finished
            )
            # The message keeps the turn's earlier moves; each outcome ends with its "now" line.
            prior = live.lines if continuing and live is not None else ()
            digest = live.digest if continuing and live is not None else outcome.recap
            lines = (*prior, *outcome.lines)
            pngs, glance = await self._drawn(outcome)
            results = outcome.results
            parts = TableParts(
                game_id=outcome.game_id,
                version=outcome.version,
                lang=lang,
                glance=glance,
                lines=lines,
                digest=digest,
                sheet=outcome.score_sheet.lines if outcome.score_sheet else (),
                waiting=outcome.to_act,
                peek=() if outcome.finished else peek,
                pngs=[*pngs, *await self._chart(outcome)],
                finished=outcome.finished,
                # The message that ends a game is its results message (#27.5): the rating
                # changes, the score chart and a Rematch button.
                extra=results.lines if results is not None else (),
                rematch=results is not None,
                hints=outcome.hints,
            )
            keep = tuple(lines[:-1]) if outcome.to_act and outcome.score_sheet is None else ()
            if continuing and live is not None:
                edit = table_message(parts, filesize_limit=filesize_limit)
                if await self._edit_live(live, edit):
                    return _live_note(
                        outcome.game_id,
                        LiveBoard(channel_id, live.message_id, keep, tuple(digest), True),
                    )
            # Created: the ping notifies exactly the players whose turn it became. Named by the
            # change it announces: posted again by another process (this one killed before
            # recording it), Discord hands back this message instead of a second.
            kw = table_message(replace(parts, ping=outcome.mention), filesize_limit=filesize_limit)
            message = await self._channel(channel_id).send(
                **kw, nonce=nonce("move", outcome.game_id, outcome.version)
            )
            if live is not None:
                await self._retire(live)
        await self._turn_dms(channel_id, outcome)
        return _live_note(
            outcome.game_id,
            None
            if outcome.finished
            else LiveBoard(channel_id, message.id, keep, tuple(digest), True),
        )

    async def _turn_dms(self, channel_id: int, outcome: MoveOutcome) -> None:
        """A direct message to each player whose turn it became and who asked for one
        (``/game remind dm:on``, #26.3): in their own language, what only they may know and
        need now (the builder's essentials: rupees, a hand with what each card builds, goals
        by city). Named by the change and the player (a nonce), so a change announced again
        after a crash sends it once. A DM that fails (DMs closed: 403, code 50007) is
        recorded for their settings and changes nothing else."""
        client = self.replies.client
        for uid in outcome.mention:
            if uid < 0 or client is None:
                continue
            try:
                lang = await self.service.turn_dm_language(uid)
                if lang is None:
                    continue
                lines = await self.service.turn_essentials(
                    channel_id, outcome.game_id, uid, lang=lang
                )
                game = CATALOG.text(f"{outcome.game}.name", {}, lang=lang)
                head = t("turn_dm", lang, game=game, channel=f"<#{channel_id}>")
                dm = await client.create_dm(discord.Object(uid))
                await dm.send(
                    clip("\n".join([head, *lines]), CONTENT_MAX),
                    nonce=nonce("dm", outcome.game_id, outcome.version, uid),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException as err:
                log.info("turn DM failed", extra={"user": uid, "code": err.code})
                with contextlib.suppress(Exception):
                    await self.service.turn_dm_failed(uid, f"{err.status} {err.code} {err.text}")
            except Exception:
                # The turn is posted; a DM is a courtesy and never breaks the announcement.
                log.exception("turn DM failed", extra={"user": uid})

    async def post_board(
        self, channel_id: int, info: GameInfo, *, lang: str, filesize_limit: int
    ) -> None:
        """The board as it is now, as a new table message for everyone (no ping); while the
        game runs it becomes the live board and the previous one loses its buttons."""
        finished = info.status != "active"
        async with self._lock(info.game_id):
            board = await self.service.board(channel_id, game_id=info.game_id)
            parts = TableParts(
                game_id=info.game_id,
                version=board.version,
                lang=board.lang or lang,
                glance=board.glance_text,
                lines=board.lines,
                sheet=board.score_sheet.lines if board.score_sheet else (),
                waiting=() if finished else info.to_act,
                pngs=[(BOARD_FILE, board.png)],
                finished=finished,
                hints=board.hints,
            )
            message = await self._channel(channel_id).send(
                **table_message(parts, filesize_limit=filesize_limit)
            )
            if finished:
                return
            live = await self.live_board(info.game_id)
            if live is not None:
                await self._retire(live)
            await self._set_live(info.game_id, LiveBoard(channel_id, message.id, v2=True))

    async def _edit_live(self, live: LiveBoard, kw: dict[str, Any]) -> bool:
        """Update the live board in place (False when it is gone: post a new one instead)."""
        edit = {"view": kw["view"], "attachments": kw.get("files", [])}
        # Edits never notify; no allowed mention even highlights anyone again.
        edit["allowed_mentions"] = discord.AllowedMentions.none()
        try:
            await self._channel(live.channel_id).get_partial_message(live.message_id).edit(**edit)
        except discord.HTTPException:
            log.warning("live board not editable; posting a new one", exc_info=True)
            return False
        return True

    async def _retire(self, live: LiveBoard) -> None:
        """A superseded board loses its buttons: one live set of controls per channel. A table
        message (Components V2) is its components, so it is edited to the same layout without
        the row of buttons; an older embed message simply loses its view."""
        none = discord.AllowedMentions.none()
        with contextlib.suppress(discord.HTTPException):
            message = self._channel(live.channel_id).get_partial_message(live.message_id)
            if not live.v2:
                await message.edit(view=None, allowed_mentions=none)
                return
            shown = await message.fetch()
            layout = discord.ui.LayoutView.from_message(shown, timeout=None)
            await message.edit(view=retired(layout), allowed_mentions=none)

    async def tell(
        self,
        interaction: Interaction,
        outcome: MoveOutcome,
        actor: User,
        *,
        ack: str | None,
    ) -> None:
        """After the interaction was answered (deferred ephemerally, or a picker closed): announce
        the change to the table, then tell the actor privately what they played and anything
        shown only to them (``ack`` None when the first response already said it)."""
        lang = self.replies.lang_for(interaction)
        # The actor gets theirs in an ephemeral followup below; the others can only be told to
        # look, since an ephemeral message reaches nobody but the one who clicked.
        peek = [u for u in outcome.shown if u != actor.id]
        try:
            notes = await self.announce(
                self.replies.channel_id(interaction),
                outcome,
                lang=lang,
                filesize_limit=interaction.filesize_limit,
                peek=peek,
            )
        except Exception:
            # Not posted: give the outbox row back, so the drain announces it in the channel.
            await self.service.release_announcement(outcome.game_id)
            raise
        # Posted: the change's outbox row is settled (bot/outbox.py would announce it otherwise).
        await self.service.announced(outcome.game_id, outcome.version, notes=notes)
        lines = ([ack] if ack else []) + list(outcome.private_lines.get(actor.id, ()))
        if lines:
            await interaction.followup.send(
                clip("\n".join(lines), CONTENT_MAX),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
