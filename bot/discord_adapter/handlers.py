"""What each command and button does: Discord in, one service call, Discord out.

Every handler follows the same shape: check what is cheap (the bot's own permissions), ask the
service, answer a refusal ephemerally with the service's specific reason, and defer before anything
slow (rendering a board) so Discord's 3-second deadline is never at risk. The shared helpers are in
``replies.py``, announcing a change in ``announce.py``, personal settings in ``personal.py``, what a
message says in ``messages.py`` and reading typed options in ``parsing.py``.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

import engines
from bot.discord_adapter import views
from bot.discord_adapter.announce import Table
from bot.discord_adapter.builder import Builder
from bot.discord_adapter.community import CommunityCommands
from bot.discord_adapter.images import fit_png
from bot.discord_adapter.messages import (
    CONTENT_MAX,
    clip,
    lobby_text,
    vote_message,
)
from bot.discord_adapter.parsing import parse_options
from bot.discord_adapter.permissions import (
    can_manage,
)
from bot.discord_adapter.personal import Personal
from bot.discord_adapter.polls import PollBooth
from bot.discord_adapter.replies import Replies
from bot.discord_adapter.text import t
from bot.service import (
    GameInfo,
    Service,
    ServiceError,
    User,
    VoteOutcome,
)
from bot.service.narrate import game_title

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction


class Handlers(Replies):
    """The command and button handlers over one :class:`Service`: the replies every handler
    shares (this class's base), with two parts composed beside them, the table's channel
    (:class:`announce.Table`: posting a change) and a player's own settings
    (:class:`personal.Personal`); their methods are offered here under the usual names."""

    def __init__(
        self, service: Service, *, lang: str = "en", client: discord.Client | None = None
    ) -> None:
        super().__init__(service, lang=lang, client=client)
        self.table = Table(self)
        self.personal = Personal(self)
        self.community = CommunityCommands(self)
        #: Votes as Discord polls (#27.6); the bot turns them off with TURNPOST_POLLS=0.
        self.polls = PollBooth(service, client)
        self._builder = Builder(self, self.table)
        self.announce = self.table.announce
        self.tell = self.table.tell
        self.post_board = self.table.post_board
        self.live_board = self.table.live_board
        self.settings = self.personal.settings
        self.remind = self.personal.remind
        self.mine = self.personal.mine
        self.leaderboard = self.community.leaderboard
        self.profile = self.community.profile
        self.rematch = self.community.rematch

    @property
    def builder(self) -> Builder:
        """The move builder's handlers ("Your move", ``/game move``, its selects and buttons)."""
        return self._builder

    async def move(self, interaction: Interaction) -> None:
        """``/game move``: the move builder, privately, on the board as it is now."""
        await self._builder.open(interaction, None, None)

    async def act(
        self,
        interaction: Interaction,
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

    async def new(
        self,
        interaction: Interaction,
        game: str,
        players: int | None,
        options: str | None,
        thread: bool,
        hints: bool = True,
        *,
        language: str | None = None,
        clock: str | None = None,
    ) -> None:
        """Open a lobby (optionally in a new thread) with Join and Start buttons; ``hints=False``
        for a competitive table where nobody may ask for a hint. The table speaks ``language``
        (#28.1), by default its creator's: their Discord locale where the catalog speaks it,
        else the deployment's language. ``clock``: a time bank preset from the start."""
        if not await self.check_bot_permissions(interaction, thread=thread):
            return
        # The lobby message is public: in the table's language (validated by the service).
        lang = language or self.lang_for(interaction)
        parsed = parse_options(options or "")
        user = self.user(interaction)
        guild_id = interaction.guild_id or 0
        if not thread:
            info = await self.service.create_lobby(
                guild_id,
                self.channel_id(interaction),
                user,
                game.strip().lower(),
                players,
                parsed,
                hints=hints,
                lang=lang,
                clock=clock,
            )
            lang = info.lang
            await self.reply(
                interaction,
                lobby_text(info, lang),
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
            name=clip(t("thread_name", lang, title=game_title(meta.id, lang), user=user.name), 100),
            type=discord.ChannelType.public_thread,
        )
        info = await self.service.create_lobby(
            guild_id,
            created.id,
            user,
            meta.id,
            players,
            parsed,
            hints=hints,
            lang=lang,
            clock=clock,
        )
        await created.send(
            lobby_text(info, lang),
            view=views.lobby_view(info.game_id, lang),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await interaction.followup.send(
            t("thread_opened", lang, thread=created.mention, title=game_title(meta.id, lang)),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def join(self, interaction: Interaction, game_id: int | None = None) -> None:
        """Take a seat in the channel's lobby."""
        await self._lobby_change(interaction, self.service.join, game_id)

    async def leave(self, interaction: Interaction, game_id: int | None = None) -> None:
        """Leave the channel's lobby."""
        await self._lobby_change(interaction, self.service.leave, game_id)

    async def _lobby_change(
        self,
        interaction: Interaction,
        change: Callable[[int, User], Awaitable[GameInfo]],
        game_id: int | None,
    ) -> None:
        lang = self.lang_for(interaction)
        channel_id = self.channel_id(interaction)
        if game_id is not None:
            await self._check_same_game(channel_id, game_id)
        info = await change(channel_id, self.user(interaction))
        lang = info.lang  # the lobby message is public: the table's language (#28.1)
        if info.status == "aborted":
            await self.reply(interaction, t("lobby_closed", lang), ephemeral=False)
            return
        await self.reply(
            interaction,
            lobby_text(info, lang),
            ephemeral=False,
            view=views.lobby_view(info.game_id, lang),
        )

    async def _check_same_game(self, channel_id: int, game_id: int) -> GameInfo:
        info = await self.service.game(channel_id)
        if info.game_id != game_id:
            raise ServiceError("service.stale")
        return info

    async def start(self, interaction: Interaction, game_id: int | None = None) -> None:
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

    async def board(self, interaction: Interaction) -> None:
        """The current board, for everyone, without pinging anybody; it becomes the live board
        (the previous one loses its buttons)."""
        if not await self.check_bot_permissions(interaction):
            return
        channel_id = self.channel_id(interaction)
        lang = self.lang_for(interaction)
        info = await self.service.game(channel_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        # The board message is public: in the table's language (#28.1).
        await self.post_board(
            channel_id, info, lang=info.lang, filesize_limit=interaction.filesize_limit
        )
        await self.reply(interaction, t("board_posted", lang))

    async def hand(self, interaction: Interaction, game_id: int | None = None) -> None:
        """The caller's hidden information, only for them."""
        user = self.user(interaction)
        channel_id = self.channel_id(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        # Shown to the clicker alone: in their language, whatever the table speaks (#28.2).
        lang = self.lang_for(interaction)
        private = await self.service.private_view(channel_id, user, game_id=game_id, lang=lang)
        kw: dict[str, Any] = {"ephemeral": True}
        text = "\n".join(private.lines) or t("nothing_hidden", lang)
        if private.png is not None:
            png = fit_png(private.png, interaction.filesize_limit)
            if png is not None:
                kw["file"] = discord.File(io.BytesIO(png), filename="private.png")
        await interaction.followup.send(
            clip(text, CONTENT_MAX), allowed_mentions=discord.AllowedMentions.none(), **kw
        )

    async def hint(self, interaction: Interaction, game_id: int | None = None) -> None:
        """The computer's three best whole turns for the caller's own turn, privately
        (``/game hint`` and the table message's Hint button)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lines = await self.service.hint(
            self.channel_id(interaction), self.user(interaction), lang=self.lang_for(interaction)
        )
        await interaction.followup.send(
            "\n".join(lines), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    async def log_page(self, interaction: Interaction, page: int | None) -> None:
        """A page of the game log (newest last), with the caller's own secrets."""
        lang = self.lang_for(interaction)
        got = await self.service.log(
            self.channel_id(interaction),
            page if page else -1,
            viewer=interaction.user.id,
            lang=lang,
        )
        head = t("log_page", lang, page=got.page, pages=got.pages)
        body = "\n".join(got.lines) or t("log_empty", lang)
        await self.reply(interaction, f"{head}\n{body}")

    async def undo(self, interaction: Interaction) -> None:
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

    async def abort(self, interaction: Interaction) -> None:
        """Ask first (privately): aborting ends the game for everyone."""
        lang = self.lang_for(interaction)
        info = await self.service.game(self.channel_id(interaction))
        if info.status not in ("lobby", "active"):
            raise ServiceError("service.no_game")
        await self.reply(
            interaction,
            t("confirm_abort", lang, title=info.title),
            view=views.confirm_view(views.ConfirmAbortButton(info.game_id, lang=lang), lang),
        )

    async def confirmed_abort(self, interaction: Interaction, game_id: int) -> None:
        """Abort at once (creator, Manage Channels) or cast a vote to abort; the confirmation
        closes and the table is told."""
        channel_id = self.channel_id(interaction)
        await self._check_same_game(channel_id, game_id)
        vote = await self.service.abort(
            channel_id, self.user(interaction), can_manage=can_manage(interaction)
        )
        await self._close_confirmation(interaction, vote)
        if vote.done:
            await self.polls.end_settled(vote.game_id)
        else:
            await self.polls.ask(vote.game_id, "abort", permissions=interaction.app_permissions)

    async def cancelled(self, interaction: Interaction) -> None:
        """The confirmation closes; nothing changed."""
        await interaction.response.edit_message(
            content=t("cancelled", self.lang_for(interaction)), view=None
        )

    async def _close_confirmation(self, interaction: Interaction, vote: VoteOutcome) -> None:
        """Close a private confirmation and tell the table what was decided, in a message
        Discord creates (a followup after the update: never an edit). While the vote is open,
        that message asks the players who have not voted yet, notifying exactly them."""
        text = clip("\n".join(vote.lines), CONTENT_MAX)
        await interaction.response.edit_message(content=text, view=None)
        await interaction.followup.send(**vote_message(vote, vote.lang))

    async def help(self, interaction: Interaction, game: str | None) -> None:
        """The games, or one game's actions with their help and examples."""
        lang = self.lang_for(interaction)
        if not game:
            games = ", ".join(
                f"`{e.meta.id}` ({game_title(e.meta.id, lang)})" for e in engines.all_engines()
            )
            await self.reply(interaction, t("help_games", lang, games=games))
            return
        meta = engines.get(game.strip().lower()).meta
        lines = [
            t(
                "help_title",
                lang,
                title=game_title(meta.id, lang),
                takes=meta.player_counts(),
            )
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

    async def skip(self, interaction: Interaction, game_id: int, target: int, version: int) -> None:
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
        self, interaction: Interaction, game_id: int, target: int, version: int
    ) -> None:
        """Ask first (privately) before a vote to remove ``target`` from the game."""
        info = await self._deadline_check(interaction, game_id, target, version)
        if info is None:
            return
        await self._ask_vote(interaction, info, target, None)

    async def vote(
        self,
        interaction: Interaction,
        player: discord.abc.User,
        replacement: discord.abc.User | None,
        computer: str | None = None,
    ) -> None:
        """``/game vote``: ask first (privately), then a vote to remove ``player`` from the game
        or, with ``replacement``, to hand their seat to someone else, or (``computer``, a level)
        to a computer seat."""
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
        taker = User(replacement.id, replacement.display_name) if replacement is not None else None
        if taker is None and computer is not None:
            taker = await self.service.computer_for(self.channel_id(interaction), computer)
        await self._ask_vote(interaction, info, player.id, taker)

    async def _ask_vote(
        self,
        interaction: Interaction,
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
        interaction: Interaction,
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
        if vote.done:
            await self.polls.end_settled(vote.game_id)
        else:
            taker = User(new_id, name) if new_id else None
            await self.polls.ask(
                vote.game_id, vote.kind, target, taker, permissions=interaction.app_permissions
            )
        if vote.move is not None and (vote.move.mention or vote.move.auto_actions):
            await self.tell(interaction, vote.move, voter, ack=None)
        elif vote.move is not None:
            # The vote's lines were all the table needed to hear: nothing more is owed.
            await self.service.announced(vote.move.game_id, vote.move.version)

    async def _deadline_check(
        self, interaction: Interaction, game_id: int, target: int, version: int
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
