"""What every handler shares: who asked, in which language, and how to answer or refuse."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_adapter.messages import (
    CONTENT_MAX,
    clip,
)
from bot.discord_adapter.permissions import (
    in_thread,
    missing_permissions,
    permission_label,
)
from bot.discord_adapter.text import has_language, lang_of, t
from bot.service import (
    Service,
    ServiceError,
    User,
)
from engines.base import IllegalAction

if TYPE_CHECKING:
    #: An interaction as the handlers see it. They never reach back into the bot through
    #: ``interaction.client``: what they need (the service, the client that posts) they are given
    #: (buttons find the handlers through ``views.handlers_of``).
    Interaction = discord.Interaction[discord.Client]


log = logging.getLogger("turnpost.discord")

#: ``Interaction.extras`` flag: the interaction was deferred publicly and not yet answered.
PUBLIC_DEFER = "turnpost_public_defer"


class Replies:
    """The handlers' common ground over one :class:`Service`: the reply language, the user, the
    answer (first response or followup), the refusal and the one error boundary."""

    def __init__(
        self, service: Service, *, lang: str = "en", client: discord.Client | None = None
    ) -> None:
        self.service = service
        self.lang = lang
        #: The client that posts channel messages (boards, announcements).
        self.client = client
        #: Slowest interaction-to-first-response seen, by command path (seconds; for /bench).
        self.first_response: dict[str, float] = {}

    def lang_for(self, interaction: Interaction) -> str:
        """The reply language: the user's Discord locale where the catalog has that language
        (``ja``; ``es-ES`` and ``es-419`` → ``es``), else the configured language."""
        lang = lang_of(interaction.locale)
        return lang if has_language(lang) else self.lang

    @staticmethod
    def user(interaction: Interaction) -> User:
        """The service's view of whoever sent the interaction."""
        return User(interaction.user.id, interaction.user.display_name)

    @staticmethod
    def user_for(user_id: int) -> User:
        """A service user from an id alone (names only matter to the service when seating)."""
        return User(user_id, "")

    @staticmethod
    def channel_id(interaction: Interaction) -> int:
        assert interaction.channel_id is not None
        return interaction.channel_id

    async def defer_public(self, interaction: Interaction) -> None:
        """Acknowledge now ("thinking…" for everyone) and answer within 15 minutes."""
        await interaction.response.defer(thinking=True)
        interaction.extras[PUBLIC_DEFER] = True

    async def reply(
        self, interaction: Interaction, content: str, *, ephemeral: bool = True, **kw: Any
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

    async def refuse(self, interaction: Interaction, err: ServiceError) -> None:
        """A refusal goes only to the person who asked, with the service's specific reason."""
        lang = self.lang_for(interaction)
        text = t("stale", lang) if err.key == "service.stale" else err.text(lang)
        await self.reply(interaction, text, ephemeral=True)

    async def run(
        self,
        interaction: Interaction,
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
        self, interaction: Interaction, *, thread: bool = False
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
