"""``/game leaderboard``, ``/game profile`` and the results message's Rematch button (#27.2,
#27.5): a part of the handlers, given the replies they share.

A leaderboard and a profile are shown to the channel (they are what a community looks at
together) in the reader's language: a picture in an embed whose text says the same, so the text
stands alone when the picture cannot be drawn or shown. A refusal (nobody finished that game yet,
a member who never played) goes to the one who asked, before anything is deferred."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import drawing
from bot.discord_adapter import views
from bot.discord_adapter.images import fit_png
from bot.discord_adapter.messages import EMBED_DESCRIPTION_MAX, clip, lobby_text
from bot.discord_adapter.replies import PUBLIC_DEFER, Replies
from bot.service import User

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction

log = logging.getLogger("turnpost.discord")

LEADERBOARD_FILE = "leaderboard.png"
PROFILE_FILE = "profile.png"


class CommunityCommands:
    """The leaderboard, a profile and a rematch, over the handlers' replies."""

    def __init__(self, replies: Replies) -> None:
        self.replies = replies
        self.service = replies.service

    async def _show(
        self,
        interaction: Interaction,
        lines: tuple[str, ...],
        draw: Callable[[], bytes] | None,
        filename: str,
    ) -> None:
        """Defer publicly, draw the picture in a worker thread, then post the text with it (the
        text alone when drawing failed or the picture does not fit the upload limit)."""
        await self.replies.defer_public(interaction)
        embed = discord.Embed(description=clip("\n".join(lines), EMBED_DESCRIPTION_MAX))
        kw: dict[str, Any] = {"embed": embed}
        png: bytes | None = None
        if draw is not None:
            try:
                png = fit_png(await asyncio.to_thread(draw), interaction.filesize_limit)
            except Exception:
                log.exception("community picture failed", extra={"file": filename})
        if png is not None:
            kw["file"] = discord.File(io.BytesIO(png), filename=filename)
            embed.set_image(url=f"attachment://{filename}")
        interaction.extras.pop(PUBLIC_DEFER, None)
        await interaction.followup.send(allowed_mentions=discord.AllowedMentions.none(), **kw)

    async def leaderboard(self, interaction: Interaction, game: str, scope: str | None) -> None:
        """``/game leaderboard game:<id> [scope:server|global]``."""
        board = await self.service.leaderboard(
            interaction.guild_id or 0,
            game,
            scope=scope or "server",
            viewer=interaction.user.id,
            lang=self.replies.lang_for(interaction),
        )
        view = board.view
        await self._show(
            interaction, board.lines, lambda: drawing.draw_leaderboard(view), LEADERBOARD_FILE
        )

    async def profile(self, interaction: Interaction, member: discord.abc.User | None) -> None:
        """``/game profile [@member]`` (the asker's own by default)."""
        who = member if member is not None else interaction.user
        profile = await self.service.profile(
            interaction.guild_id or 0,
            User(who.id, who.display_name),
            lang=self.replies.lang_for(interaction),
        )
        view = profile.view
        draw = (lambda: drawing.draw_profile(view)) if view is not None else None
        await self._show(interaction, profile.lines, draw, PROFILE_FILE)

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """The Rematch button under a results message: a lobby with the same seats, posted for
        everyone (in the table's language), with its Join and Start buttons."""
        info = await self.service.rematch(
            self.replies.channel_id(interaction), self.replies.user(interaction), game_id
        )
        await self.replies.reply(
            interaction,
            lobby_text(info, info.lang),
            ephemeral=False,
            view=views.lobby_view(info.game_id, info.lang),
        )
