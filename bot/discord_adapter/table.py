"""What each command and button does: Discord in, one service call, Discord out.

Every handler follows the same shape: check what is cheap (the bot's own permissions), ask the
service, answer a refusal ephemerally with the service's specific reason, and defer before anything
slow (rendering a board) so Discord's 3-second deadline is never at risk.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

import engines
from bot.discord_adapter import views
from bot.discord_adapter.images import fit_png
from bot.discord_adapter.messages import (
    CONTENT_MAX,
    board_pngs,
    caption,
    clip,
    mention_list,
    outcome_text,
    turn_message,
    vote_message,
)
from bot.discord_adapter.permissions import (
    can_manage,
    in_thread,
    missing_permissions,
    permission_label,
)
from bot.discord_adapter.text import has_language, lang_of, t
from bot.service import (
    GameInfo,
    MoveOutcome,
    Service,
    ServiceError,
    User,
    VoteOutcome,
)
from engines.base import END, IllegalAction

log = logging.getLogger("turnpost.discord")

SELECT_MAX_OPTIONS = 25
CHOICE_MAX_CHARS = 100
#: Upload limit assumed when no interaction says the guild's (e.g. an announcement after restart).
DEFAULT_FILESIZE = 10 * 1024 * 1024
#: ``Interaction.extras`` flag: the interaction was deferred publicly and not yet answered.
PUBLIC_DEFER = "turnpost_public_defer"
#: ``bot_state`` key of a game's live board message.
LIVE_KEY = "discord.live_board:{game_id}"

__all__ = ["Table", "clip", "mention_list"]


@dataclass(frozen=True)
class LiveBoard:
    """The one public board message of a game that still carries controls: the message of the
    current turn. While its player goes on with their turn it is edited in place (its caption
    collecting the turn's moves); when the turn passes, a new message is created (the ping lives
    there) and this one loses its buttons."""

    channel_id: int
    message_id: int
    #: Caption lines of this turn's moves so far (without the closing "now" line).
    lines: tuple[str, ...] = field(default=())

    def dumps(self) -> str:
        return json.dumps(
            {"channel": self.channel_id, "message": self.message_id, "lines": list(self.lines)}
        )

    @staticmethod
    def loads(raw: str | None) -> LiveBoard | None:
        if not raw:
            return None
        try:
            data = json.loads(raw)
            return LiveBoard(int(data["channel"]), int(data["message"]), tuple(data["lines"]))
        except (ValueError, KeyError, TypeError):
            return None  # a damaged record only costs an in-place update: post a new board


class Table:
    """The command handlers over one :class:`Service`."""

    def __init__(
        self, service: Service, *, lang: str = "en", client: discord.Client | None = None
    ) -> None:
        self.service = service
        self.lang = lang
        #: The client that posts channel messages (boards, announcements).
        self.client = client
        self._locks: dict[int, asyncio.Lock] = {}
        #: Slowest interaction-to-first-response seen, by command path (seconds; for /bench).
        self.first_response: dict[str, float] = {}

    # -- helpers ------------------------------------------------------------------------------
    def lang_for(self, interaction: discord.Interaction) -> str:
        """The reply language: the user's Discord locale where the catalog has that language
        (``ja``; ``es-ES`` and ``es-419`` → ``es``), else the configured language."""
        lang = lang_of(interaction.locale)
        return lang if has_language(lang) else self.lang

    @staticmethod
    def user(interaction: discord.Interaction) -> User:
        """The service's view of whoever sent the interaction."""
        return User(interaction.user.id, interaction.user.display_name)

    @staticmethod
    def user_for(user_id: int) -> User:
        """A service user from an id alone (names only matter to the service when seating)."""
        return User(user_id, "")

    @staticmethod
    def channel_id(interaction: discord.Interaction) -> int:
        assert interaction.channel_id is not None
        return interaction.channel_id

    async def defer_public(self, interaction: discord.Interaction) -> None:
        """Acknowledge now ("thinking…" for everyone) and answer within 15 minutes."""
        await interaction.response.defer(thinking=True)
        interaction.extras[PUBLIC_DEFER] = True

    async def reply(
        self, interaction: discord.Interaction, content: str, *, ephemeral: bool = True, **kw: Any
    ) -> None:
        """Answer with text, as the first response or as a followup once one was sent."""
        content = clip(content, CONTENT_MAX)
        kw.setdefault("allowed_mentions", discord.AllowedMentions.none())
        if not interaction.response.is_done():
            await interaction.response.send_message(content, ephemeral=ephemeral, **kw)
            return
        if ephemeral and interaction.extras.pop(PUBLIC_DEFER, False):
            # The first followup would replace the public "thinking…" message, whatever its
            # flags say: remove that message so a refusal stays private.
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
        await interaction.followup.send(content, ephemeral=ephemeral, **kw)

    async def refuse(self, interaction: discord.Interaction, err: ServiceError) -> None:
        """A refusal goes only to the person who asked, with the service's specific reason."""
        lang = self.lang_for(interaction)
        text = t("stale", lang) if err.key == "service.stale" else err.text(lang)
        await self.reply(interaction, text, ephemeral=True)

    async def run(
        self,
        interaction: discord.Interaction,
        name: str,
        handler: Callable[[], Awaitable[None]],
    ) -> None:
        """Run one handler: refusals become ephemeral replies, anything unexpected is logged and
        answered with a short apology instead of Discord's "interaction failed"."""
        started = time.perf_counter()
        try:
            await handler()
        except ServiceError as err:
            await self.refuse(interaction, err)
        except IllegalAction as err:
            # Checks done here before calling the service (game names, options) speak the
            # engine's own words.
            await self.refuse(interaction, ServiceError.from_illegal(err))
        except Exception:
            log.exception(
                "command failed",
                extra={"command": name, "guild": interaction.guild_id, "user": interaction.user.id},
            )
            with contextlib.suppress(discord.HTTPException):
                await self.reply(interaction, t("internal_error", self.lang_for(interaction)))
        finally:
            log.info(
                "interaction",
                extra={
                    "command": name,
                    "guild": interaction.guild_id,
                    "channel": interaction.channel_id,
                    "ms": round((time.perf_counter() - started) * 1000, 1),
                },
            )

    async def check_bot_permissions(
        self, interaction: discord.Interaction, *, thread: bool = False
    ) -> bool:
        """Say what the bot lacks in this channel (and return False) before trying to post."""
        missing = missing_permissions(
            interaction.app_permissions, in_thread=in_thread(interaction), thread=thread
        )
        if not missing:
            return True
        labels = ", ".join(permission_label(m) for m in missing)
        await self.reply(
            interaction, t("missing_permissions", self.lang_for(interaction), permissions=labels)
        )
        return False

    # -- messages -------------------------------------------------------------------------------
    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        assert self.client is not None, "the table posts through its client"
        return self.client.get_partial_messageable(channel_id)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def live_board(self, game_id: int) -> LiveBoard | None:
        """The game's live board message, if one was posted."""
        return LiveBoard.loads(await self.service.bot_state(LIVE_KEY.format(game_id=game_id)))

    async def _set_live(self, game_id: int, live: LiveBoard | None) -> None:
        await self.service.set_bot_state(
            LIVE_KEY.format(game_id=game_id), live.dumps() if live else ""
        )

    @staticmethod
    async def _drawn(outcome: MoveOutcome) -> list[tuple[str, bytes]]:
        """The images of a change's board (drawn now, from the state it committed: no second
        trip to the service), or none when drawing failed."""
        if outcome.board is None:
            return []
        try:
            png, glance = await outcome.board.render()
        except Exception:
            # The move is already saved: still tell the table what happened and whose turn it
            # is, without the picture, rather than an error that suggests nothing happened.
            log.exception("board image failed", extra={"game": outcome.game_id})
            return []
        return board_pngs(png, glance)

    async def announce(
        self,
        channel_id: int,
        outcome: MoveOutcome,
        *,
        lang: str | None = None,
        filesize_limit: int = DEFAULT_FILESIZE,
        peek: Sequence[int] = (),
    ) -> None:
        """Tell the table about a committed change: THE one way a move reaches the channel (the
        commands, buttons, votes and the outbox drain after a restart all come here).

        When the turn passes (someone must act who did not have to before) or the game ends, a
        new channel message is created: Discord notifies only for created messages, so the ping
        lives there, with ``allowed_mentions`` naming exactly those players. The previous board
        loses its buttons. While the same player goes on with their turn, the turn's board
        message is edited in place instead (an edit notifies nobody, and nobody needs it).
        """
        lang = lang or self.lang
        async with self._lock(outcome.game_id):
            live = await self.live_board(outcome.game_id)
            continuing = (
                live is not None
                and live.channel_id == channel_id
                and not outcome.mention
                and not outcome.finished
            )
            # The caption keeps the turn's earlier moves; each outcome ends with its "now" line.
            prior = live.lines if continuing and live is not None else ()
            lines = (*prior, *outcome.lines)
            kw = turn_message(
                game_id=outcome.game_id,
                version=outcome.version,
                text=caption(lines, outcome.score_sheet) if prior else outcome_text(outcome),
                pngs=await self._drawn(outcome),
                mention=outcome.mention,
                peek=peek,
                lang=lang,
                filesize_limit=filesize_limit,
                finished=outcome.finished,
                recap=outcome.recap,
            )
            keep = tuple(lines[:-1]) if outcome.to_act and outcome.score_sheet is None else ()
            if continuing and live is not None and await self._edit_live(live, kw):
                await self._set_live(outcome.game_id, LiveBoard(channel_id, live.message_id, keep))
                return
            message = await self._channel(channel_id).send(**kw)
            if live is not None:
                await self._retire(live)
            await self._set_live(
                outcome.game_id,
                None if outcome.finished else LiveBoard(channel_id, message.id, keep),
            )

    async def post_board(
        self, channel_id: int, info: GameInfo, *, lang: str, filesize_limit: int
    ) -> None:
        """The board as it is now, as a new message for everyone (no ping); while the game runs
        it becomes the live board and the previous one loses its buttons."""
        finished = info.status != "active"
        async with self._lock(info.game_id):
            board = await self.service.board(channel_id, game_id=info.game_id)
            kw = turn_message(
                game_id=info.game_id,
                version=board.version,
                text=caption(board.lines, None),
                pngs=board_pngs(board.png, board.glance_png),
                mention=(),
                peek=(),
                lang=lang,
                filesize_limit=filesize_limit,
                finished=finished,
            )
            if finished:
                kw.pop("content", None)
            message = await self._channel(channel_id).send(**kw)
            if finished:
                return
            live = await self.live_board(info.game_id)
            if live is not None:
                await self._retire(live)
            await self._set_live(info.game_id, LiveBoard(channel_id, message.id))

    async def _edit_live(self, live: LiveBoard, kw: dict[str, Any]) -> bool:
        """Update the live board in place (False when it is gone: post a new one instead)."""
        edit = {k: v for k, v in kw.items() if k in ("embed", "view")}
        edit["attachments"] = kw.get("files", [])
        # Edits never notify; no allowed mention even highlights anyone again.
        edit["allowed_mentions"] = discord.AllowedMentions.none()
        try:
            await self._channel(live.channel_id).get_partial_message(live.message_id).edit(**edit)
        except discord.HTTPException:
            log.warning("live board not editable; posting a new one", exc_info=True)
            return False
        return True

    async def _retire(self, live: LiveBoard) -> None:
        """A superseded board loses its buttons: one live set of controls per channel."""
        with contextlib.suppress(discord.HTTPException):
            await (
                self._channel(live.channel_id)
                .get_partial_message(live.message_id)
                .edit(view=None, allowed_mentions=discord.AllowedMentions.none())
            )

    async def tell(
        self,
        interaction: discord.Interaction,
        outcome: MoveOutcome,
        actor: User,
        *,
        ack: str | None,
    ) -> None:
        """After the interaction was answered (deferred ephemerally, or a picker closed): announce
        the change to the table, then tell the actor privately what they played and anything
        shown only to them (``ack`` None when the first response already said it)."""
        lang = self.lang_for(interaction)
        # The actor gets theirs in an ephemeral followup below; the others can only be told to
        # look, since an ephemeral message reaches nobody but the one who clicked.
        peek = [u for u in outcome.shown if u != actor.id]
        try:
            await self.announce(
                self.channel_id(interaction),
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
        await self.service.announced(outcome.game_id, outcome.version)
        lines = ([ack] if ack else []) + list(outcome.private_lines.get(actor.id, ()))
        if lines:
            await interaction.followup.send(
                clip("\n".join(lines), CONTENT_MAX),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    # -- play ---------------------------------------------------------------------------------
    async def act(
        self,
        interaction: discord.Interaction,
        text: str,
        *,
        game_id: int | None = None,
        version: int | None = None,
        from_picker: bool = False,
    ) -> None:
        """Play ``text`` for the caller. The service validates fully (seat, turn, legality) before
        anything is deferred, so a refusal is an immediate ephemeral reply; the slow part (the
        board image) happens after the first response. From the private picker, that first
        response closes the picker ("Played: …") and the board follows for everyone."""
        if not await self.check_bot_permissions(interaction):
            return
        user = self.user(interaction)
        outcome = await self.service.act(
            self.channel_id(interaction),
            user,
            text,
            game_id=game_id,
            expected_version=version,
            render=False,
        )
        played = t("step_played", self.lang_for(interaction), action=outcome.action)
        if from_picker:
            await interaction.response.edit_message(content=played, view=None)
        else:
            # Private "thinking…": its first followup (an edit) is the mover's own receipt; the
            # table hears of the move in a message Discord creates (see ``announce``).
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self.tell(interaction, outcome, user, ack=None if from_picker else played)

    async def walk(
        self, interaction: discord.Interaction, game_id: int, version: int, prefix: str
    ) -> None:
        """One step of the private move picker: the legal next tokens after ``prefix`` as a
        select, or at the first step every whole legal move when there are 25 or fewer (the first
        step answers with a new ephemeral message, later ones edit it)."""
        lang = self.lang_for(interaction)
        channel_id = self.channel_id(interaction)
        info = await self.service.game(channel_id, game_id=game_id)
        if info.version != version:
            raise ServiceError("service.stale")
        user = self.user(interaction)
        if info.seat_of(user.id) is None:
            raise ServiceError("service.not_seated")
        if user.id not in info.to_act:
            names = [s.name for s in info.seats if s.user_id in info.to_act]
            raise ServiceError("service.not_your_turn", names=names)
        nxt = await self.service.complete(channel_id, user, prefix)
        tokens = [n for n in nxt if n != END]
        if END in nxt and not tokens:
            # Nothing left to choose: the action is whole.
            await self.act(interaction, prefix, game_id=game_id, version=version, from_picker=True)
            return
        options: list[discord.SelectOption] = []
        if not prefix:
            # Few enough moves for one select: offer them whole (privately: they are this
            # player's own legal moves, which may depend on what only they know).
            legal = list(dict.fromkeys(await self.service.legal(channel_id, user) or []))
            if 0 < len(legal) <= SELECT_MAX_OPTIONS and all(
                len(m) < CHOICE_MAX_CHARS for m in legal
            ):
                options = [
                    discord.SelectOption(label=m, value=views.StepSelect.PLAY + m) for m in legal
                ]
                tokens = []
        if END in nxt and prefix and len(prefix) < CHOICE_MAX_CHARS:
            options.append(
                discord.SelectOption(
                    label=clip(t("step_play", lang, action=prefix), CHOICE_MAX_CHARS),
                    value=views.StepSelect.PLAY + prefix,
                )
            )
        for tok in tokens:
            value = f"{prefix} {tok}".strip()
            if len(value) <= CHOICE_MAX_CHARS and len(options) < SELECT_MAX_OPTIONS:
                options.append(discord.SelectOption(label=clip(tok, CHOICE_MAX_CHARS), value=value))
        view = discord.ui.View(timeout=None)
        view.add_item(views.StepSelect(game_id, version, options, lang))
        content = t("step_so_far", lang, action=prefix) if prefix else t("step_start", lang)
        if prefix:
            await interaction.response.edit_message(content=content, view=view)
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)

    # -- /game --------------------------------------------------------------------------------
    def lobby_text(self, info: GameInfo, lang: str) -> str:
        seated = ", ".join(f"<@{s.user_id}>" for s in info.seats) or "—"
        meta = engines.get(info.game).meta
        wanted = str(info.players) if info.players else f"{meta.min_players}–{meta.max_players}"
        opts = ", ".join(f"{k}={v}" for k, v in info.options.items()) or "—"
        return t(
            "lobby",
            lang,
            title=info.title,
            creator=f"<@{info.creator_id}>",
            seated=seated,
            players=wanted,
            options=opts,
        )

    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        players: int | None,
        options: str | None,
        thread: bool,
    ) -> None:
        """Open a lobby (optionally in a new thread) with Join and Start buttons."""
        if not await self.check_bot_permissions(interaction, thread=thread):
            return
        lang = self.lang_for(interaction)
        parsed = parse_options(options or "")
        user = self.user(interaction)
        guild_id = interaction.guild_id or 0
        if not thread:
            info = await self.service.create_lobby(
                guild_id, self.channel_id(interaction), user, game.strip().lower(), players, parsed
            )
            await self.reply(
                interaction,
                self.lobby_text(info, lang),
                ephemeral=False,
                view=views.lobby_view(info.game_id, lang),
            )
            return
        # Validate the game and options before opening a thread nobody will use.
        meta = engines.get(game.strip().lower()).meta
        meta.validate_options(parsed)
        if players is not None:
            meta.validate_players(players)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            await self.reply(interaction, t("thread_needs_text_channel", lang))
            return
        await self.defer_public(interaction)
        created = await channel.create_thread(
            name=clip(t("thread_name", lang, title=meta.title, user=user.name), 100),
            type=discord.ChannelType.public_thread,
        )
        info = await self.service.create_lobby(guild_id, created.id, user, meta.id, players, parsed)
        await created.send(
            self.lobby_text(info, lang),
            view=views.lobby_view(info.game_id, lang),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await interaction.followup.send(
            t("thread_opened", lang, thread=created.mention, title=meta.title),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def join(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """Take a seat in the channel's lobby."""
        await self._lobby_change(interaction, self.service.join, game_id)

    async def leave(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """Leave the channel's lobby."""
        await self._lobby_change(interaction, self.service.leave, game_id)

    async def _lobby_change(
        self,
        interaction: discord.Interaction,
        change: Callable[[int, User], Awaitable[GameInfo]],
        game_id: int | None,
    ) -> None:
        lang = self.lang_for(interaction)
        channel_id = self.channel_id(interaction)
        if game_id is not None:
            await self._check_same_game(channel_id, game_id)
        info = await change(channel_id, self.user(interaction))
        if info.status == "aborted":
            await self.reply(interaction, t("lobby_closed", lang), ephemeral=False)
            return
        await self.reply(
            interaction,
            self.lobby_text(info, lang),
            ephemeral=False,
            view=views.lobby_view(info.game_id, lang),
        )

    async def _check_same_game(self, channel_id: int, game_id: int) -> GameInfo:
        info = await self.service.game(channel_id)
        if info.game_id != game_id:
            raise ServiceError("service.stale")
        return info

    async def start(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """Start the lobby: the first board, pinging whoever acts first."""
        if not await self.check_bot_permissions(interaction):
            return
        channel_id = self.channel_id(interaction)
        if game_id is not None:
            await self._check_same_game(channel_id, game_id)
        user = self.user(interaction)
        outcome = await self.service.start(channel_id, user, render=False)
        lang = self.lang_for(interaction)
        if interaction.type is discord.InteractionType.component:
            # The lobby's Join/Start buttons are done: the board below takes over.
            await interaction.response.edit_message(view=None)
            await self.tell(interaction, outcome, user, ack=None)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.tell(interaction, outcome, user, ack=t("game_started", lang))

    async def board(self, interaction: discord.Interaction) -> None:
        """The current board, for everyone, without pinging anybody; it becomes the live board
        (the previous one loses its buttons)."""
        if not await self.check_bot_permissions(interaction):
            return
        channel_id = self.channel_id(interaction)
        lang = self.lang_for(interaction)
        info = await self.service.game(channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.post_board(
            channel_id, info, lang=lang, filesize_limit=interaction.filesize_limit
        )
        await self.reply(interaction, t("board_posted", lang))

    async def hand(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """The caller's hidden information, only for them."""
        user = self.user(interaction)
        channel_id = self.channel_id(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        private = await self.service.private_view(channel_id, user, game_id=game_id)
        kw: dict[str, Any] = {"ephemeral": True}
        text = "\n".join(private.lines) or t("nothing_hidden", self.lang_for(interaction))
        if private.png is not None:
            png = fit_png(private.png, interaction.filesize_limit)
            if png is not None:
                kw["file"] = discord.File(io.BytesIO(png), filename="private.png")
        await interaction.followup.send(
            clip(text, CONTENT_MAX), allowed_mentions=discord.AllowedMentions.none(), **kw
        )

    async def log_page(self, interaction: discord.Interaction, page: int | None) -> None:
        """A page of the game log (newest last), with the caller's own secrets."""
        lang = self.lang_for(interaction)
        got = await self.service.log(
            self.channel_id(interaction), page if page else -1, viewer=interaction.user.id
        )
        head = t("log_page", lang, page=got.page, pages=got.pages)
        body = "\n".join(got.lines) or t("log_empty", lang)
        await self.reply(interaction, f"{head}\n{body}")

    async def undo(self, interaction: discord.Interaction) -> None:
        """Take back the caller's own last action when nothing was revealed since."""
        if not await self.check_bot_permissions(interaction):
            return
        user = self.user(interaction)
        outcome = await self.service.undo(self.channel_id(interaction), user, render=False)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.tell(
            interaction,
            outcome,
            user,
            ack=t("undone", self.lang_for(interaction), action=outcome.action),
        )

    async def abort(self, interaction: discord.Interaction) -> None:
        """Ask first (privately): aborting ends the game for everyone."""
        lang = self.lang_for(interaction)
        info = await self.service.game(self.channel_id(interaction))
        if info.status not in ("lobby", "active"):
            raise ServiceError("service.no_game")
        await self.reply(
            interaction,
            t("confirm_abort", lang, title=info.title),
            view=views.confirm_view(views.ConfirmAbortButton(info.game_id, lang), lang),
        )

    async def confirmed_abort(self, interaction: discord.Interaction, game_id: int) -> None:
        """Abort at once (creator, Manage Channels) or cast a vote to abort; the confirmation
        closes and the table is told."""
        channel_id = self.channel_id(interaction)
        await self._check_same_game(channel_id, game_id)
        vote = await self.service.abort(
            channel_id, self.user(interaction), can_manage=can_manage(interaction)
        )
        await self._close_confirmation(interaction, vote)

    async def cancelled(self, interaction: discord.Interaction) -> None:
        """The confirmation closes; nothing changed."""
        await interaction.response.edit_message(
            content=t("cancelled", self.lang_for(interaction)), view=None
        )

    async def _close_confirmation(
        self, interaction: discord.Interaction, vote: VoteOutcome
    ) -> None:
        """Close a private confirmation and tell the table what was decided, in a message
        Discord creates (a followup after the update: never an edit). While the vote is open,
        that message asks the players who have not voted yet, notifying exactly them."""
        text = clip("\n".join(vote.lines), CONTENT_MAX)
        await interaction.response.edit_message(content=text, view=None)
        await interaction.followup.send(
            **vote_message(vote, self.lang_for(interaction)),
        )

    async def settings(
        self,
        interaction: discord.Interaction,
        delay_hours: int | None,
        interval_hours: int | None,
        reminders: int | None,
        deadline_hours: int | None,
    ) -> None:
        """Show or change the game's reminder settings (creator or Manage Channels)."""
        lang = self.lang_for(interaction)
        channel_id = self.channel_id(interaction)
        if all(v is None for v in (delay_hours, interval_hours, reminders, deadline_hours)):
            s = await self.service.settings(channel_id)
        else:
            s = await self.service.update_settings(
                channel_id,
                self.user(interaction),
                can_manage=can_manage(interaction),
                reminder_delay_hours=delay_hours,
                reminder_interval_hours=interval_hours,
                reminder_max=reminders,
                deadline_hours=deadline_hours,
            )
        deadline = (
            t("deadline_hours", lang, hours=_num(s.deadline_hours))
            if s.deadline_hours
            else t("no_deadline", lang)
        )
        await self.reply(
            interaction,
            t(
                "settings",
                lang,
                delay=_num(s.reminder_delay_hours),
                interval=_num(s.reminder_interval_hours),
                max=s.reminder_max,
                deadline=deadline,
            ),
            ephemeral=False,
        )

    async def remind(
        self,
        interaction: discord.Interaction,
        quiet_from: int | None,
        quiet_until: int | None,
        utc_offset: str | None,
        away_days: float | None,
        now: float,
        *,
        time_zone: str | None = None,
    ) -> None:
        """Show or change the caller's own quiet hours, time zone (an IANA name such as
        Asia/Tokyo, or a fixed UTC offset) and away time."""
        lang = self.lang_for(interaction)
        offset = None
        if utc_offset is not None:
            offset = parse_utc_offset(utc_offset)
            if offset is None:
                await self.reply(interaction, t("bad_utc_offset", lang, value=utc_offset))
                return
        away = None if away_days is None else (now + away_days * 86400 if away_days > 0 else 0.0)
        uid = interaction.user.id
        if all(v is None for v in (quiet_from, quiet_until, offset, away, time_zone)):
            prefs = await self.service.user_settings(uid)
        else:
            prefs = await self.service.update_user_settings(
                uid,
                quiet_start=quiet_from,
                quiet_end=quiet_until,
                tz_offset_minutes=offset,
                away_until=away,
                time_zone=time_zone,
            )
        quiet = (
            t("quiet_hours", lang, start=prefs.quiet_start, end=prefs.quiet_end)
            if prefs.quiet_start != prefs.quiet_end
            else t("no_quiet_hours", lang)
        )
        away_text = (
            t("away_until", lang, when=f"<t:{int(prefs.away_until)}:f>")
            if prefs.away_until > now
            else t("not_away", lang)
        )
        sign = "+" if prefs.tz_offset_minutes >= 0 else "-"
        mins = abs(prefs.tz_offset_minutes)
        await self.reply(
            interaction,
            t(
                "user_settings",
                lang,
                quiet=quiet,
                offset=prefs.time_zone or f"UTC{sign}{mins // 60:02d}:{mins % 60:02d}",
                away=away_text,
            ),
        )

    async def mine(self, interaction: discord.Interaction) -> None:
        """The caller's games everywhere, their turn first, with jump links."""
        lang = self.lang_for(interaction)
        games = await self.service.my_games(interaction.user.id)
        if not games:
            await self.reply(interaction, t("no_games", lang))
            return
        lines = []
        for g in games:
            link = f"https://discord.com/channels/{g.guild_id or '@me'}/{g.channel_id}"
            key = "mine_line_turn" if g.my_turn else "mine_line"
            lines.append(t(key, lang, title=g.title, status=g.round_info or g.status, link=link))
        await self.reply(interaction, "\n".join(lines))

    async def help(self, interaction: discord.Interaction, game: str | None) -> None:
        """The games, or one game's actions with their help and examples."""
        lang = self.lang_for(interaction)
        if not game:
            games = ", ".join(f"`{e.meta.id}` ({e.meta.title})" for e in engines.all_engines())
            await self.reply(interaction, t("help_games", lang, games=games))
            return
        meta = engines.get(game.strip().lower()).meta
        lines = [
            t("help_title", lang, title=meta.title, min=meta.min_players, max=meta.max_players)
        ]
        if meta.notes:
            lines.append(meta.notes_in(lang))
        for v in meta.verbs:
            params = " ".join(
                (f"{p.name}=…" if p.keyword else f"<{p.name}>") if p.required else f"[{p.name}]"
                for p in v.params
            )
            example = f" — e.g. `{v.examples[0]}`" if v.examples else ""
            lines.append(
                f"`{v.name} {params}`".replace(" `", "`") + f": {meta.verb_help(v, lang)}{example}"
            )
        for o in meta.options:
            lines.append(
                t(
                    "help_option",
                    lang,
                    name=o.name,
                    help=meta.option_help(o, lang),
                    choices=", ".join(o.choices),
                    default=o.default,
                )
            )
        lines.extend(engines.get(meta.id).help_lines(lang))
        # A long help (Marco Polo's verbs, options and characters) goes in several messages
        # rather than being clipped at Discord's limit: the first answers, the rest follow.
        chunk: list[str] = []
        for line in lines:
            if chunk and len("\n".join([*chunk, line])) > CONTENT_MAX:
                await self.reply(interaction, "\n".join(chunk))
                chunk = []
            chunk.append(line)
        await self.reply(interaction, "\n".join(chunk))

    # -- deadline buttons ------------------------------------------------------------------------
    async def skip(
        self, interaction: discord.Interaction, game_id: int, target: int, version: int
    ) -> None:
        """Another seated player plays the engine's timeout action for ``target``."""
        lang = self.lang_for(interaction)
        info = await self._deadline_check(interaction, game_id, target, version)
        if info is None:
            return
        outcome = await self.service.resolve_deadline(game_id, target, render=False)
        if outcome is None:
            await self.reply(interaction, t("no_timeout_action", lang))
            return
        # The deadline notice's buttons are spent: the board below takes over.
        await interaction.response.edit_message(view=None)
        await self.tell(interaction, outcome, self.user(interaction), ack=None)

    async def vote_out(
        self, interaction: discord.Interaction, game_id: int, target: int, version: int
    ) -> None:
        """Ask first (privately) before a vote to remove ``target`` from the game."""
        info = await self._deadline_check(interaction, game_id, target, version)
        if info is None:
            return
        await self._ask_vote(interaction, info, target, None)

    async def vote(
        self,
        interaction: discord.Interaction,
        player: discord.abc.User,
        replacement: discord.abc.User | None,
    ) -> None:
        """``/game vote``: ask first (privately), then a vote to remove ``player`` from the game
        or, with ``replacement``, to hand their seat to someone else."""
        lang = self.lang_for(interaction)
        if replacement is not None and replacement.bot:
            await self.reply(interaction, t("vote_no_bots", lang))
            return
        info = await self.service.game(self.channel_id(interaction))
        if info.status != "active":
            raise ServiceError("service.not_started")
        if info.seat_of(interaction.user.id) is None:
            raise ServiceError("service.not_seated")
        if info.seat_of(player.id) is None:
            raise ServiceError("service.target_not_seated")
        # The service checks all of this again when the vote is cast; asking first must not
        # ask about a vote that cannot be cast.
        if player.id == interaction.user.id:
            raise ServiceError("service.vote_self")
        seat = next(s for s in info.seats if s.user_id == player.id)
        if seat.removed and replacement is None:
            raise ServiceError("service.already_removed", player=seat.name)
        if replacement is not None and info.seat_of(replacement.id) is not None:
            raise ServiceError("service.already_playing", name=replacement.display_name)
        await self._ask_vote(
            interaction,
            info,
            player.id,
            User(replacement.id, replacement.display_name) if replacement is not None else None,
        )

    async def _ask_vote(
        self,
        interaction: discord.Interaction,
        info: GameInfo,
        target: int,
        replacement: User | None,
    ) -> None:
        lang = self.lang_for(interaction)
        name = next((s.name for s in info.seats if s.user_id == target), "?")
        text = (
            t("confirm_replace", lang, player=name, name=replacement.name)
            if replacement is not None
            else t("confirm_remove", lang, player=name)
        )
        button = views.ConfirmVoteButton(
            info.game_id,
            target,
            replacement.id if replacement is not None else 0,
            replacement.name if replacement is not None else "",
            lang,
        )
        await self.reply(interaction, text, view=views.confirm_view(button, lang))

    async def confirmed_vote(
        self,
        interaction: discord.Interaction,
        game_id: int,
        target: int,
        new_id: int,
        name: str,
    ) -> None:
        """Cast the confirmed vote. Each vote is announced to the table; the deciding one
        changes the seat, and the board follows when that seat must act now."""
        channel_id = self.channel_id(interaction)
        await self._check_same_game(channel_id, game_id)
        voter = self.user(interaction)
        vote = await self.service.vote_seat(
            channel_id, voter, target, User(new_id, name) if new_id else None, render=False
        )
        await self._close_confirmation(interaction, vote)
        if vote.move is not None and (vote.move.mention or vote.move.auto_actions):
            await self.tell(interaction, vote.move, voter, ack=None)
        elif vote.move is not None:
            # The vote's lines were all the table needed to hear: nothing more is owed.
            await self.service.announced(vote.move.game_id, vote.move.version)

    async def _deadline_check(
        self, interaction: discord.Interaction, game_id: int, target: int, version: int
    ) -> GameInfo | None:
        lang = self.lang_for(interaction)
        info = await self.service.game(self.channel_id(interaction), game_id=game_id)
        if info.version != version or target not in info.to_act:
            raise ServiceError("service.stale")
        me = interaction.user.id
        if info.seat_of(me) is None or me == target:
            await self.reply(interaction, t("deadline_others_only", lang))
            return None
        return info


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def parse_options(text: str) -> dict[str, str]:
    """``"scoring=low side=b"`` → ``{"scoring": "low", "side": "b"}``; bad pieces are kept as
    ``name=""`` so the engine's option check names them."""
    out: dict[str, str] = {}
    for piece in text.replace(",", " ").split():
        name, _, value = piece.partition("=")
        out[name.strip().lower()] = value.strip().lower()
    return out


def parse_utc_offset(text: str) -> int | None:
    """``"+2"``, ``"-05:30"``, ``"UTC+1"`` → minutes east of UTC; None if unreadable."""
    s = text.strip().upper().removeprefix("UTC").removeprefix("GMT").strip()
    if not s or s in ("Z", "0"):
        return 0
    sign = -1 if s[0] == "-" else 1
    s = s.lstrip("+-")
    hours, _, minutes = s.partition(":")
    if not hours.isdigit() or (minutes and not minutes.isdigit()):
        return None
    total = int(hours) * 60 + int(minutes or 0)
    return sign * total if total <= 14 * 60 else None
