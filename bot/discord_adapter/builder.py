"""The move builder on Discord: "Your move" opens, for the clicker alone, a message that walks the
move's parts with selects and buttons (``engines/builder.py`` decides what each step offers), with
Back and Cancel at every step and a Confirm that says what will happen. A turn of several commands
goes on in the same message until the turn passes.

Custom ids carry only the game, the version the screen was built on and the path of choices as
small numbers (``tp:bs:12:40:3.0``): no card, site or move, and nothing kept in memory, so a click
still works after a restart. A click on a builder of an older version is answered "the board has
moved on", with a button for a fresh one. The service checks at every click that the clicker is the
player to act.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_adapter.messages import CONTENT_MAX, clip
from bot.discord_adapter.text import t
from bot.discord_adapter.views import PREFIX, CancelButton, handlers_of
from bot.service import ServiceError
from bot.service.builder import BuilderScreen
from bot.service.narrate import game_title

if TYPE_CHECKING:
    from bot.discord_adapter.announce import Table
    from bot.discord_adapter.replies import Interaction, Replies

#: Options per select, selects per page (a fifth row holds the buttons).
SELECT_OPTIONS = 25
SELECTS_PER_PAGE = 4
PAGE = SELECT_OPTIONS * SELECTS_PER_PAGE


def encode_path(path: tuple[int, ...]) -> str:
    """The choices as base-36 numbers joined by dots ("" for none): short enough that a custom
    id stays far under Discord's 100 characters for any real move."""
    return ".".join(_b36(i) for i in path)


def decode_path(text: str) -> tuple[int, ...]:
    """Inverse of :func:`encode_path`."""
    return tuple(int(p, 36) for p in text.split(".")) if text else ()


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


_PATH = r"(?P<path>[0-9a-z.]*)"


class BuildSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=PREFIX + r":bs:(?P<game>\d+):(?P<version>\d+):" + _PATH + r":(?P<group>\d+)",
):
    """One select of a builder step; an option's value is the choice's index (nothing else)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        path: tuple[int, ...],
        group: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:bs:{game_id}:{version}:{encode_path(path)}:{group}",
                placeholder=clip(placeholder, 150) or None,
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.game_id, self.version, self.path = game_id, version, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BuildSelect:
        return cls(
            int(match["game"]),
            int(match["version"]),
            decode_path(match["path"]),
            int(match["group"]),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = handlers_of(interaction)
        value = self.item.values[0] if self.item.values else "0"
        path = (*self.path, int(value))
        await handlers.run(
            interaction,
            "builder step",
            lambda: handlers.builder.step(interaction, self.game_id, self.version, path, 0),
        )


class BuildGo(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX
    + r":bg:(?P<game>\d+):(?P<version>\d+):"
    + _PATH
    + r":(?P<page>\d+):(?P<kind>[bnp])",
):
    """A button that shows another screen of the same builder: Back (``b``, the step before),
    More options (``n``) and Earlier options (``p``) of a long list."""

    LABELS = {"b": "button_back", "n": "button_more", "p": "button_earlier"}

    def __init__(
        self,
        game_id: int,
        version: int,
        path: tuple[int, ...],
        page: int,
        kind: str,
        lang: str = "en",
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(self.LABELS[kind], lang),
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:bg:{game_id}:{version}:{encode_path(path)}:{page}:{kind}",
            )
        )
        self.game_id, self.version, self.path, self.page = game_id, version, path, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BuildGo:
        return cls(
            int(match["game"]),
            int(match["version"]),
            decode_path(match["path"]),
            int(match["page"]),
            match["kind"],
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = handlers_of(interaction)
        await handlers.run(
            interaction,
            "builder go",
            lambda: handlers.builder.step(
                interaction, self.game_id, self.version, self.path, self.page
            ),
        )


class BuildConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":bc:(?P<game>\d+):(?P<version>\d+):" + _PATH,
):
    """Play the built move (the path is rebuilt and checked against the version first)."""

    def __init__(self, game_id: int, version: int, path: tuple[int, ...], lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_confirm", lang),
                style=discord.ButtonStyle.success,
                custom_id=f"{PREFIX}:bc:{game_id}:{version}:{encode_path(path)}",
            )
        )
        self.game_id, self.version, self.path = game_id, version, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BuildConfirm:
        return cls(int(match["game"]), int(match["version"]), decode_path(match["path"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = handlers_of(interaction)
        await handlers.run(
            interaction,
            "builder confirm",
            lambda: handlers.builder.confirm(interaction, self.game_id, self.version, self.path),
        )


class BuildFresh(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=PREFIX + r":bf:(?P<game>\d+)"
):
    """A fresh builder on the board as it is now (offered when an old one was clicked)."""

    def __init__(self, game_id: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_fresh", lang),
                style=discord.ButtonStyle.primary,
                custom_id=f"{PREFIX}:bf:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BuildFresh:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = handlers_of(interaction)
        await handlers.run(
            interaction,
            "builder fresh",
            lambda: handlers.builder.open(interaction, self.game_id, None),
        )


BUILDER_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    BuildSelect,
    BuildGo,
    BuildConfirm,
    BuildFresh,
)


def builder_text(shown: BuilderScreen, lang: str, played: str = "") -> str:
    """The builder message's text: what was just played, the player's essentials, what is left
    of the turn, choices made for them, the move so far, and the question of this step."""
    s = shown.screen
    lines = [played] if played else []
    lines.append(t("builder_title", lang, game=game_title(shown.game, lang)))
    lines.extend(shown.private)
    lines.extend(s.left)
    if s.auto:
        lines.append(t("builder_chosen", lang, words=" · ".join(s.auto)))
    if s.action is not None:
        lines.append(t("builder_confirm", lang, words=s.so_far, action=s.action))
        if s.will:
            lines.append(t("builder_will", lang))
            lines.extend(f"• {w}" for w in s.will)
    else:
        if s.so_far:
            lines.append(t("builder_so_far", lang, words=s.so_far))
        lines.append(t("builder_pick", lang))
    return clip("\n".join(lines), CONTENT_MAX)


def builder_view(shown: BuilderScreen, lang: str, page: int = 0) -> discord.ui.View:
    """The step's controls: up to four selects of 25 options (a longer list pages on: never cut),
    then Back, the page buttons, Confirm and Cancel."""
    s = shown.screen
    view = discord.ui.View(timeout=None)
    gid, ver, path = shown.game_id, shown.version, s.path
    total = len(s.choices)
    pages = max(1, -(-total // PAGE))
    page = min(max(page, 0), pages - 1)
    start = page * PAGE
    for group in range(SELECTS_PER_PAGE):
        first = start + group * SELECT_OPTIONS
        chunk = s.choices[first : first + SELECT_OPTIONS]
        if not chunk:
            break
        options = [
            discord.SelectOption(
                label=c.label or "-", value=str(first + i), description=c.detail or None
            )
            for i, c in enumerate(chunk)
        ]
        placeholder = t(
            "builder_placeholder", lang, first=first + 1, last=first + len(chunk), total=total
        )
        view.add_item(BuildSelect(gid, ver, path, group, options, placeholder))
    if path:
        view.add_item(BuildGo(gid, ver, path[:-1], 0, "b", lang=lang))
    if page > 0:
        view.add_item(BuildGo(gid, ver, path, page - 1, "p", lang=lang))
    if page + 1 < pages:
        view.add_item(BuildGo(gid, ver, path, page + 1, "n", lang=lang))
    if s.action is not None:
        view.add_item(BuildConfirm(gid, ver, path, lang=lang))
    view.add_item(CancelButton(lang=lang))
    return view


class Builder:
    """The builder's handlers: a part of the handlers, given the replies they share and the
    table (a confirmed move is announced like any other)."""

    def __init__(self, replies: Replies, table: Table) -> None:
        self.replies = replies
        self.service = replies.service
        self.table = table

    async def open(
        self, interaction: Interaction, game_id: int | None, version: int | None
    ) -> None:
        """A new builder for the clicker ("Your move", ``/game move``, "Fresh builder"): a new
        private message, or this one replaced when opened from a builder."""
        lang = self.replies.lang_for(interaction)
        try:
            shown = await self.service.builder(
                self.replies.channel_id(interaction),
                self.replies.user(interaction),
                (),
                lang=lang,
                game_id=game_id,
                version=version,
            )
        except ServiceError as err:
            if err.key != "service.stale" or game_id is None:
                raise
            await self._moved_on(interaction, game_id, lang)
            return
        kw: dict[str, Any] = {
            "content": builder_text(shown, lang),
            "view": builder_view(shown, lang),
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        if self._on_builder(interaction):
            await interaction.response.edit_message(**kw)
        else:
            await interaction.response.send_message(ephemeral=True, **kw)

    @staticmethod
    def _on_builder(interaction: Interaction) -> bool:
        """Whether the click came from a builder message (an ephemeral message of ours)."""
        message = interaction.message
        return message is not None and message.flags.ephemeral

    async def step(
        self,
        interaction: Interaction,
        game_id: int,
        version: int,
        path: tuple[int, ...],
        page: int,
    ) -> None:
        """Another screen of this builder (a choice made, Back, or another page)."""
        lang = self.replies.lang_for(interaction)
        try:
            shown = await self.service.builder(
                self.replies.channel_id(interaction),
                self.replies.user(interaction),
                path,
                lang=lang,
                game_id=game_id,
                version=version,
            )
        except ServiceError as err:
            if err.key != "service.stale":
                raise
            await self._moved_on(interaction, game_id, lang)
            return
        await interaction.response.edit_message(
            content=builder_text(shown, lang), view=builder_view(shown, lang, page)
        )

    async def confirm(
        self, interaction: Interaction, game_id: int, version: int, path: tuple[int, ...]
    ) -> None:
        """Play the built move; the builder goes on with the next command of the turn (or says
        the turn is over), and the table hears of the move as of any other."""
        lang = self.replies.lang_for(interaction)
        channel_id = self.replies.channel_id(interaction)
        user = self.replies.user(interaction)
        if not await self.replies.check_bot_permissions(interaction):
            return
        try:
            shown = await self.service.builder(
                channel_id, user, path, lang=lang, game_id=game_id, version=version
            )
            if shown.screen.action is None:
                raise ServiceError("service.stale")
            outcome = await self.service.act(
                channel_id,
                user,
                shown.screen.action,
                game_id=game_id,
                expected_version=version,
                render=False,
            )
        except ServiceError as err:
            if err.key != "service.stale":
                raise
            await self._moved_on(interaction, game_id, lang)
            return
        played = t("builder_played", lang, words=shown.screen.so_far, action=outcome.action)
        try:
            nxt = await self.service.builder(channel_id, user, (), lang=lang, game_id=game_id)
        except ServiceError:
            nxt = None  # the turn passed (or the game ended): nothing more to build
        if nxt is None:
            text = clip(f"{played}\n{t('builder_turn_over', lang)}", CONTENT_MAX)
            await interaction.response.edit_message(content=text, view=None)
        else:
            await interaction.response.edit_message(
                content=builder_text(nxt, lang, played), view=builder_view(nxt, lang)
            )
        await self.table.tell(interaction, outcome, user, ack=None)

    async def _moved_on(self, interaction: Interaction, game_id: int, lang: str) -> None:
        """An old builder: say so, and offer a fresh one in its place."""
        view = discord.ui.View(timeout=None)
        view.add_item(BuildFresh(game_id, lang=lang))
        view.add_item(CancelButton(lang=lang))
        kw: dict[str, Any] = {"content": t("builder_moved_on", lang), "view": view}
        if self._on_builder(interaction):
            await interaction.response.edit_message(**kw)
        else:
            await interaction.response.send_message(ephemeral=True, **kw)
