"""Persistent buttons and select menus.

Every component is a ``DynamicItem``: its custom id carries what it acts on (game id, and the game's
version where the click only makes sense on the current board), so a click works after a restart
without any view being kept in memory, and a click on an old board is answered "this board has
moved on" by the service's version check. Custom ids are at most 100 characters; ours are short.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord_adapter.text import t

if TYPE_CHECKING:
    from bot.discord_adapter.table import Table

PREFIX = "tp"


def table_of(interaction: discord.Interaction) -> Table:
    """The command handlers of the bot that received ``interaction``."""
    return cast("Table", interaction.client.table)  # type: ignore[attr-defined]


def _lang(interaction: discord.Interaction) -> str:
    return table_of(interaction).lang_for(interaction)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=PREFIX + r":mv:(?P<game>\d+):(?P<version>\d+)",
):
    """A select of every legal move of the player to act (shown when there are 25 or fewer)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        moves: list[str] | None = None,
        lang: str = "en",
        player: str = "",
    ) -> None:
        options = [discord.SelectOption(label=m, value=m) for m in (moves or [])]
        placeholder = (
            t("select_move_for", lang, player=player) if player else t("select_move", lang)
        )
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:mv:{game_id}:{version}",
                placeholder=placeholder[:150],
                options=options or [discord.SelectOption(label="-", value="-")],
                min_values=1,
                max_values=1,
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        move = self.item.values[0] if self.item.values else ""
        await table.run(
            interaction,
            "select move",
            lambda: table.act(interaction, move, game_id=self.game_id, version=self.version),
        )


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":hand:(?P<game>\d+):(?P<version>\d+)",
):
    """ "My hand": the clicker's private information, ephemerally. Private information is always
    current, so an old board's button still answers (with the hand as it is now)."""

    def __init__(self, game_id: int, version: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_hand", lang),
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:hand:{game_id}:{version}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]), int(match["version"]), _lang(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await table.run(
            interaction, "button hand", lambda: table.hand(interaction, game_id=self.game_id)
        )


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":join:(?P<game>\d+)",
):
    """Take a seat in the lobby."""

    def __init__(self, game_id: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_join", lang),
                style=discord.ButtonStyle.primary,
                custom_id=f"{PREFIX}:join:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["game"]), _lang(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await table.run(
            interaction, "button join", lambda: table.join(interaction, game_id=self.game_id)
        )


class StartButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":start:(?P<game>\d+)",
):
    """Start the game (the creator only; the service says so to anyone else)."""

    def __init__(self, game_id: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_start", lang),
                style=discord.ButtonStyle.success,
                custom_id=f"{PREFIX}:start:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StartButton:
        return cls(int(match["game"]), _lang(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await table.run(
            interaction, "button start", lambda: table.start(interaction, game_id=self.game_id)
        )


class SkipButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":skip:(?P<game>\d+):(?P<user>\d+):(?P<version>\d+)",
):
    """After a deadline: the other players play the rules' timeout action for the sleeper."""

    def __init__(self, game_id: int, user_id: int, version: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_skip", lang),
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:skip:{game_id}:{user_id}:{version}",
            )
        )
        self.game_id, self.user_id, self.version = game_id, user_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SkipButton:
        return cls(
            int(match["game"]), int(match["user"]), int(match["version"]), _lang(interaction)
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await table.run(
            interaction,
            "button skip",
            lambda: table.skip(interaction, self.game_id, self.user_id, self.version),
        )


class VoteOutButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":out:(?P<game>\d+):(?P<user>\d+):(?P<version>\d+)",
):
    """After a deadline: a vote to remove the sleeper (their seat then plays the timeout action)."""

    def __init__(self, game_id: int, user_id: int, version: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_vote_out", lang),
                style=discord.ButtonStyle.danger,
                custom_id=f"{PREFIX}:out:{game_id}:{user_id}:{version}",
            )
        )
        self.game_id, self.user_id, self.version = game_id, user_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> VoteOutButton:
        return cls(
            int(match["game"]), int(match["user"]), int(match["version"]), _lang(interaction)
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await table.run(
            interaction,
            "button vote out",
            lambda: table.vote_out(interaction, self.game_id, self.user_id, self.version),
        )


class WalkButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":walk:(?P<game>\d+):(?P<version>\d+)",
):
    """ "Choose a move": for games with too many moves for one select, a private step-by-step
    picker (one select per token, fed by the engine's ``complete``)."""

    def __init__(self, game_id: int, version: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_walk", lang),
                style=discord.ButtonStyle.primary,
                custom_id=f"{PREFIX}:walk:{game_id}:{version}",
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WalkButton:
        return cls(int(match["game"]), int(match["version"]), _lang(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await table.run(
            interaction,
            "button walk",
            lambda: table.walk(interaction, self.game_id, self.version, ""),
        )


class StepSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=PREFIX + r":step:(?P<game>\d+):(?P<version>\d+)",
):
    """One step of the private move picker. Each option's value is the whole action text so far
    (a select value holds 100 characters, more than a custom id has room for); a value starting
    with ``PLAY`` plays that text."""

    PLAY = "!"

    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:step:{game_id}:{version}",
                placeholder=t("select_step", lang),
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StepSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        value = self.item.values[0] if self.item.values else ""
        if value.startswith(self.PLAY):
            await table.run(
                interaction,
                "step play",
                lambda: table.act(
                    interaction,
                    value[1:],
                    game_id=self.game_id,
                    version=self.version,
                    from_picker=True,
                ),
            )
        else:
            await table.run(
                interaction,
                "step",
                lambda: table.walk(interaction, self.game_id, self.version, value),
            )


class ConfirmAbortButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":abort:(?P<game>\d+)",
):
    """The confirmation of ``/game abort`` (shown only to the one who asked)."""

    def __init__(self, game_id: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_confirm_abort", lang),
                style=discord.ButtonStyle.danger,
                custom_id=f"{PREFIX}:abort:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmAbortButton:
        return cls(int(match["game"]), _lang(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await table.run(
            interaction, "confirm abort", lambda: table.confirmed_abort(interaction, self.game_id)
        )


class ConfirmVoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":cvote:(?P<game>\d+):(?P<user>\d+):(?P<new>\d+):(?P<name>.*)",
):
    """The confirmation of a vote about a seat: remove its player, or (``new`` not 0) hand it
    to that user, whose display name rides along (names are public, and needed to seat them)."""

    def __init__(
        self, game_id: int, user_id: int, new_id: int, name: str, lang: str = "en"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_confirm_vote", lang),
                style=discord.ButtonStyle.danger,
                custom_id=f"{PREFIX}:cvote:{game_id}:{user_id}:{new_id}:{name}"[:100],
            )
        )
        self.game_id, self.user_id, self.new_id, self.name = game_id, user_id, new_id, name

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmVoteButton:
        return cls(
            int(match["game"]),
            int(match["user"]),
            int(match["new"]),
            match["name"],
            _lang(interaction),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await table.run(
            interaction,
            "confirm vote",
            lambda: table.confirmed_vote(
                interaction, self.game_id, self.user_id, self.new_id, self.name
            ),
        )


class CancelButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":cancel",
):
    """Cancel a confirmation: nothing changes."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t("button_cancel", lang),
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:cancel",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CancelButton:
        return cls(_lang(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await table.run(interaction, "cancel", lambda: table.cancelled(interaction))


def confirm_view(confirm: discord.ui.Item[Any], lang: str) -> discord.ui.View:
    """A destructive action's confirm and cancel buttons."""
    view = discord.ui.View(timeout=None)
    view.add_item(confirm)
    view.add_item(CancelButton(lang))
    return view


#: Registered with ``Client.add_dynamic_items`` so clicks are routed after any restart.
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveSelect,
    HandButton,
    JoinButton,
    StartButton,
    SkipButton,
    VoteOutButton,
    WalkButton,
    StepSelect,
    ConfirmAbortButton,
    ConfirmVoteButton,
    CancelButton,
)


def answers_component(message: discord.Message | None, custom_id: str) -> bool:
    """Whether a click on ``custom_id`` reaches one of our handlers: discord.py routes it only
    when a registered template matches it AND the component is still on the message."""
    if not any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS
    ):
        return False
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False


def lobby_view(game_id: int, lang: str) -> discord.ui.View:
    """Join and Start buttons under a lobby message."""
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(game_id, lang))
    view.add_item(StartButton(game_id, lang))
    return view


def deadline_view(game_id: int, user_id: int, version: int, lang: str) -> discord.ui.View:
    """Skip and vote-out buttons under a deadline notice."""
    view = discord.ui.View(timeout=None)
    view.add_item(SkipButton(game_id, user_id, version, lang))
    view.add_item(VoteOutButton(game_id, user_id, version, lang))
    return view
