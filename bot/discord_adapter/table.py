"""What each command and button does: Discord in, one service call, Discord out.

Every handler follows the same shape: check what is cheap (the bot's own permissions), ask the
service, answer a refusal ephemerally with the service's specific reason, and defer before anything
slow (rendering a board) so Discord's 3-second deadline is never at risk.
"""

from __future__ import annotations

import contextlib
import io
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

import engines
from bot.discord_adapter import views
from bot.discord_adapter.images import fit_png
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
    ScoreSheet,
    Service,
    ServiceError,
    User,
    VoteOutcome,
)
from engines.base import END, IllegalAction

log = logging.getLogger("turnpost.discord")

#: Discord's limits for one message part.
CONTENT_MAX = 2000
EMBED_DESCRIPTION_MAX = 4096
SELECT_MAX_OPTIONS = 25
CHOICE_MAX_CHARS = 100
BOARD_FILE = "board.png"
#: ``Interaction.extras`` flag: the interaction was deferred publicly and not yet answered.
PUBLIC_DEFER = "turnpost_public_defer"


def mention_list(user_ids: Sequence[int]) -> str:
    """``<@id>`` mentions separated by spaces."""
    return " ".join(f"<@{u}>" for u in user_ids)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis when it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Table:
    """The command handlers over one :class:`Service`."""

    def __init__(self, service: Service, *, lang: str = "en") -> None:
        self.service = service
        self.lang = lang
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
    async def board_message(
        self,
        *,
        channel_id: int,
        game_id: int,
        lines: Sequence[str],
        mention: Sequence[int],
        filesize_limit: int,
        lang: str,
        score_sheet: ScoreSheet | None = None,
        finished: bool = False,
        peek: Sequence[int] = (),
        recap: Sequence[str] = (),
    ) -> dict[str, Any]:
        """Keyword arguments for ``send`` of a turn message: caption in an embed with the board
        image, a mention of who must act now (only ``mention``) with what happened since their
        last turn (``recap``), of who was shown something privately (``peek``, told to look at
        their hand), and the turn's buttons."""
        board = await self.service.board(channel_id, game_id=game_id)
        caption = "\n".join(lines) or "\n".join(board.lines)
        if score_sheet is not None:
            caption += "\n\n" + "\n".join(score_sheet.lines)
        embed = discord.Embed(description=clip(caption, EMBED_DESCRIPTION_MAX))
        kw: dict[str, Any] = {"embed": embed}
        png = fit_png(board.png, filesize_limit)
        if png is not None:
            embed.set_image(url=f"attachment://{BOARD_FILE}")
            kw["file"] = discord.File(io.BytesIO(png), filename=BOARD_FILE)
        else:
            embed.set_footer(text=t("image_too_large", lang))
        kw.update(_pings(mention, () if finished else peek, lang, recap))
        if finished:
            kw["content"] = t("game_finished", lang)
        else:
            kw["view"] = await self.turn_view(channel_id, game_id, board.version, lang)
        return kw

    async def turn_view(
        self, channel_id: int, game_id: int, version: int, lang: str
    ) -> discord.ui.View:
        """The buttons under a board: for one player to act, a select of their legal moves when
        there are 25 or fewer that fit Discord's select, otherwise (or when several players must
        decide) "Choose a move", the private step-by-step picker; and always "My hand"."""
        view = discord.ui.View(timeout=None)
        info = await self.service.game(channel_id, game_id=game_id)
        if info.status == "active" and info.to_act:
            legal: list[str] = []
            if len(info.to_act) == 1:
                uid = info.to_act[0]
                legal = list(
                    dict.fromkeys(await self.service.legal(channel_id, User(uid, "")) or [])
                )
            if (
                legal
                and len(legal) <= SELECT_MAX_OPTIONS
                and all(len(a) <= CHOICE_MAX_CHARS for a in legal)
            ):
                name = next((s.name for s in info.seats if s.user_id == info.to_act[0]), "")
                view.add_item(views.MoveSelect(game_id, version, legal, lang, name))
            else:
                view.add_item(views.WalkButton(game_id, version, lang))
        view.add_item(views.HandButton(game_id, version, lang))
        return view

    async def post_outcome(
        self, interaction: discord.Interaction, outcome: MoveOutcome, actor: User
    ) -> None:
        """After a deferred response: the board message for everyone, then the actor's private
        lines (e.g. the card they drew) ephemerally."""
        lang = self.lang_for(interaction)
        peek = await self._peekers(interaction, outcome, actor)
        try:
            kw = await self.board_message(
                channel_id=self.channel_id(interaction),
                game_id=outcome.game_id,
                lines=outcome.lines,
                mention=outcome.mention,
                filesize_limit=interaction.filesize_limit,
                lang=lang,
                score_sheet=outcome.score_sheet,
                finished=outcome.finished,
                peek=peek,
                recap=outcome.recap,
            )
        except Exception:
            # The move is already saved: still tell the table what happened and whose turn it
            # is, without the picture, rather than an error that suggests nothing happened.
            log.exception("board image failed", extra={"game": outcome.game_id})
            kw = text_only_message(outcome, lang, peek)
        try:
            await interaction.followup.send(**kw)
        except Exception:
            # Not posted: give the outbox row back, so the drain announces it in the channel.
            await self.service.release_announcement(outcome.game_id)
            raise
        interaction.extras.pop(PUBLIC_DEFER, None)
        # Posted: the change's outbox row is settled (bot/outbox.py would announce it otherwise).
        await self.service.announced(outcome.game_id, outcome.version)
        private = outcome.private_lines.get(actor.id)
        if private:
            await interaction.followup.send(
                clip("\n".join(private), CONTENT_MAX),
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def _peekers(
        self, interaction: discord.Interaction, outcome: MoveOutcome, actor: User
    ) -> list[int]:
        """Players other than ``actor`` who were shown something privately by this change (the
        actor gets theirs in an ephemeral followup; the others can only be told to look, since
        an ephemeral message reaches nobody but the one who clicked). Seats voted out play
        themselves and are not bothered."""
        others = [u for u, lines in outcome.private_lines.items() if lines and u != actor.id]
        if not others:
            return []
        info = await self.service.game(self.channel_id(interaction), game_id=outcome.game_id)
        live = {s.user_id for s in info.seats if not s.removed}
        return [u for u in others if u in live]

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
        if from_picker:
            await interaction.response.edit_message(
                content=t("step_played", self.lang_for(interaction), action=outcome.action),
                view=None,
            )
        else:
            await self.defer_public(interaction)
        await self.post_outcome(interaction, outcome, user)

    async def walk(
        self, interaction: discord.Interaction, game_id: int, version: int, prefix: str
    ) -> None:
        """One step of the private move picker: the legal next tokens after ``prefix`` as a
        select (the first step answers with a new ephemeral message, later ones edit it)."""
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
        await self.defer_public(interaction)
        await self.post_outcome(interaction, outcome, user)

    async def board(self, interaction: discord.Interaction) -> None:
        """The current board, for everyone, without pinging anybody."""
        if not await self.check_bot_permissions(interaction):
            return
        channel_id = self.channel_id(interaction)
        info = await self.service.game(channel_id)
        await self.defer_public(interaction)
        kw = await self.board_message(
            channel_id=channel_id,
            game_id=info.game_id,
            lines=(),
            mention=(),
            filesize_limit=interaction.filesize_limit,
            lang=self.lang_for(interaction),
            finished=info.status != "active",
        )
        if info.status != "active":
            kw.pop("content", None)
        await interaction.followup.send(**kw)
        interaction.extras.pop(PUBLIC_DEFER, None)

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
        await self.defer_public(interaction)
        await self.post_outcome(interaction, outcome, user)

    async def abort(self, interaction: discord.Interaction) -> None:
        """Abort at once (creator, Manage Channels) or cast a vote to abort."""
        vote = await self.service.abort(
            self.channel_id(interaction), self.user(interaction), can_manage=can_manage(interaction)
        )
        await self.reply(interaction, "\n".join(vote.lines), ephemeral=False)

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
    ) -> None:
        """Show or change the caller's own quiet hours, time zone and away time."""
        lang = self.lang_for(interaction)
        offset = None
        if utc_offset is not None:
            offset = parse_utc_offset(utc_offset)
            if offset is None:
                await self.reply(interaction, t("bad_utc_offset", lang, value=utc_offset))
                return
        away = None if away_days is None else (now + away_days * 86400 if away_days > 0 else 0.0)
        uid = interaction.user.id
        if all(v is None for v in (quiet_from, quiet_until, offset, away)):
            prefs = await self.service.user_settings(uid)
        else:
            prefs = await self.service.update_user_settings(
                uid,
                quiet_start=quiet_from,
                quiet_end=quiet_until,
                tz_offset_minutes=offset,
                away_until=away,
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
                offset=f"UTC{sign}{mins // 60:02d}:{mins % 60:02d}",
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
            lines.append(meta.notes)
        for v in meta.verbs:
            params = " ".join(
                (f"{p.name}=…" if p.keyword else f"<{p.name}>") if p.required else f"[{p.name}]"
                for p in v.params
            )
            example = f" — e.g. `{v.examples[0]}`" if v.examples else ""
            lines.append(f"`{v.name} {params}`".replace(" `", "`") + f": {v.help}{example}")
        for o in meta.options:
            lines.append(
                t(
                    "help_option",
                    lang,
                    name=o.name,
                    help=o.help,
                    choices=", ".join(o.choices),
                    default=o.default,
                )
            )
        lines.extend(engines.get(meta.id).help_lines(lang))
        await self.reply(interaction, "\n".join(lines))

    # -- deadline buttons ------------------------------------------------------------------------
    async def skip(
        self, interaction: discord.Interaction, game_id: int, target: int, version: int
    ) -> None:
        """Another seated player plays the engine's timeout action for ``target``."""
        lang = self.lang_for(interaction)
        info = await self._deadline_check(interaction, game_id, target, version)
        if info is None:
            return
        await self.defer_public(interaction)
        outcome = await self.service.resolve_deadline(game_id, target, render=False)
        if outcome is None:
            await self.reply(interaction, t("no_timeout_action", lang))
            return
        await self.post_outcome(interaction, outcome, self.user(interaction))

    async def vote_out(
        self, interaction: discord.Interaction, game_id: int, target: int, version: int
    ) -> None:
        """Cast a vote to remove ``target`` from the game."""
        if await self._deadline_check(interaction, game_id, target, version) is None:
            return
        voter = self.user(interaction)
        vote = await self.service.vote_seat(
            self.channel_id(interaction), voter, target, render=False
        )
        await self._announce_vote(interaction, vote, voter)

    async def vote(
        self,
        interaction: discord.Interaction,
        player: discord.abc.User,
        replacement: discord.abc.User | None,
    ) -> None:
        """``/game vote``: a vote to remove ``player`` from the game or, with ``replacement``, to
        hand their seat to someone else. Each vote is announced to the table; the deciding one
        changes the seat, and the board follows when that seat must act now."""
        lang = self.lang_for(interaction)
        if replacement is not None and replacement.bot:
            await self.reply(interaction, t("vote_no_bots", lang))
            return
        voter = self.user(interaction)
        vote = await self.service.vote_seat(
            self.channel_id(interaction),
            voter,
            player.id,
            User(replacement.id, replacement.display_name) if replacement is not None else None,
            render=False,
        )
        await self._announce_vote(interaction, vote, voter)

    async def _announce_vote(
        self, interaction: discord.Interaction, vote: VoteOutcome, voter: User
    ) -> None:
        """The vote's lines for everyone; when it changed whose turn it is, the board too."""
        await self.reply(interaction, "\n".join(vote.lines), ephemeral=False)
        if vote.move is not None and (vote.move.mention or vote.move.auto_actions):
            await self.post_outcome(interaction, vote.move, voter)
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


def _pings(
    mention: Sequence[int], peek: Sequence[int], lang: str, recap: Sequence[str] = ()
) -> dict[str, Any]:
    """``content`` and ``allowed_mentions`` of a turn message: whose turn it became, and who
    should look at their hand (never the secret itself: this message is public), then what
    happened since the mentioned players' last turn (public text, folded by the service)."""
    lines = []
    if mention:
        lines.append(t("your_turn", lang, mentions=mention_list(mention)))
    if peek:
        lines.append(t("look_at_hand", lang, mentions=mention_list(peek)))
    if mention and recap:
        lines.extend(recap)
    pinged = list(dict.fromkeys([*mention, *peek]))
    kw: dict[str, Any] = {
        "allowed_mentions": discord.AllowedMentions(
            users=[discord.Object(u) for u in pinged], everyone=False, roles=False
        )
        if pinged
        else discord.AllowedMentions.none()
    }
    if lines:
        kw["content"] = clip("\n".join(lines), CONTENT_MAX)
    return kw


def text_only_message(outcome: MoveOutcome, lang: str, peek: Sequence[int] = ()) -> dict[str, Any]:
    """A move message without the board: caption, score sheet and mentions only."""
    caption = "\n".join(outcome.lines)
    if outcome.score_sheet is not None:
        caption += "\n\n" + "\n".join(outcome.score_sheet.lines)
    caption += "\n" + t("board_unavailable", lang)
    kw: dict[str, Any] = {
        "embed": discord.Embed(description=clip(caption, EMBED_DESCRIPTION_MAX)),
        **_pings(outcome.mention, () if outcome.finished else peek, lang, outcome.recap),
    }
    if outcome.finished:
        kw["content"] = t("game_finished", lang)
    return kw


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
