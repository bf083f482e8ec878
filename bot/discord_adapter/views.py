"""Persistent buttons and select menus.

Every component is a ``DynamicItem``: its custom id carries what it acts on (game id, and the game's
version where the click only makes sense on the current board), so a click works after a restart
without any view being kept in memory, and a click on an old board is answered "this board has
moved on" by the service's version check. Custom ids are at most 100 characters; ours are short.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Protocol, Self

import discord

from bot.discord_adapter.text import t

#: An interaction as the buttons see it (the handlers type it the same way).
Interaction = discord.Interaction[discord.Client]

PREFIX = "tp"


class BuilderHandlers(Protocol):
    """What a click in the move builder may ask (``builder.Builder`` is the one)."""

    async def open(
        self, interaction: Interaction, game_id: int | None, version: int | None
    ) -> None: ...

    async def step(
        self,
        interaction: Interaction,
        game_id: int,
        version: int,
        path: tuple[int, ...],
        page: int,
    ) -> None: ...

    async def confirm(
        self, interaction: Interaction, game_id: int, version: int, path: tuple[int, ...]
    ) -> None: ...


class Handlers(Protocol):
    """What a click may ask of the command handlers (``handlers.Handlers`` is the one; this
    module stays below it, so the buttons name the handlers' methods without importing them)."""

    @property
    def builder(self) -> BuilderHandlers: ...

    def lang_for(self, interaction: Interaction) -> str: ...

    async def run(
        self, interaction: Interaction, name: str, handler: Callable[[], Awaitable[None]]
    ) -> None: ...

    async def act(
        self,
        interaction: Interaction,
        text: str,
        *,
        game_id: int | None = None,
        version: int | None = None,
        from_picker: bool = False,
    ) -> None: ...

    async def hand(self, interaction: Interaction, game_id: int | None = None) -> None: ...

    async def hint(self, interaction: Interaction, game_id: int | None = None) -> None: ...

    async def log_page(self, interaction: Interaction, page: int | None) -> None: ...

    async def join(self, interaction: Interaction, game_id: int | None = None) -> None: ...

    async def start(self, interaction: Interaction, game_id: int | None = None) -> None: ...

    async def skip(
        self, interaction: Interaction, game_id: int, target: int, version: int
    ) -> None: ...

    async def vote_out(
        self, interaction: Interaction, game_id: int, target: int, version: int
    ) -> None: ...

    async def confirmed_abort(self, interaction: Interaction, game_id: int) -> None: ...

    async def cancelled(self, interaction: Interaction) -> None: ...

    async def rematch(self, interaction: Interaction, game_id: int) -> None: ...

    async def confirmed_vote(
        self, interaction: Interaction, game_id: int, target: int, new_id: int, name: str
    ) -> None: ...


def handlers_of(interaction: discord.Interaction[Any]) -> Handlers:
    """The command handlers of the bot that received ``interaction`` (``TurnpostBot.handlers``;
    discord.py types a component's interaction by any client)."""
    handlers: Handlers = interaction.client.handlers
    return handlers


def _lang(interaction: discord.Interaction[Any]) -> str:
    return handlers_of(interaction).lang_for(interaction)


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
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = handlers_of(interaction)
        move = self.item.values[0] if self.item.values else ""
        await handlers.run(
            interaction,
            "select move",
            lambda: handlers.act(interaction, move, game_id=self.game_id, version=self.version),
        )


class _Button(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":button",  # each control below has its own; this one is never registered
):
    """A persistent button: custom id ``tp:<KIND>:<id>:<id>…`` (the numbers the click acts on),
    label from the catalog (``LABEL``), and one handler (:meth:`handle`) run inside the handlers'
    error boundary. Each control only says what is particular to it."""

    KIND: ClassVar[str]
    LABEL: ClassVar[str]
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary

    def __init__(self, *ids: int, lang: str = "en", text: str | None = None) -> None:
        # ``text``: a last, free-form field (a name); custom ids hold 100 characters at most.
        custom_id = ":".join(
            (PREFIX, self.KIND, *map(str, ids), *([text] if text is not None else []))
        )
        super().__init__(
            discord.ui.Button(
                label=t(self.LABEL, lang), style=self.STYLE, custom_id=custom_id[:100]
            )
        )
        self.ids = ids

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        return cls(*(int(v) for v in match.groups()), lang=_lang(interaction))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = handlers_of(interaction)
        await handlers.run(
            interaction, f"button {self.KIND}", lambda: self.handle(handlers, interaction)
        )

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        """What the click does (every control defines it)."""
        raise NotImplementedError


class HandButton(_Button, template=PREFIX + r":hand:(?P<game>\d+):(?P<version>\d+)"):
    """ "My hand": the clicker's private information, ephemerally. Private information is always
    current, so an old board's button still answers (with the hand as it is now)."""

    KIND, LABEL = "hand", "button_hand"

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        await handlers.hand(interaction, game_id=self.ids[0])


class HintButton(_Button, template=PREFIX + r":hint:(?P<game>\d+)"):
    """ "Hint": the computer's best whole turns for the clicker's own turn, privately (refused
    at a table that turned hints off, or when it is not the clicker's turn)."""

    KIND, LABEL = "hint", "button_hint"

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        await handlers.hint(interaction, game_id=self.ids[0])


class LogButton(_Button, template=PREFIX + r":log:(?P<game>\d+)"):
    """ "Log": the last page of the game's log, privately (with the clicker's own secrets)."""

    KIND, LABEL = "log", "button_log"

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        await handlers.log_page(interaction, None)


class JoinButton(_Button, template=PREFIX + r":join:(?P<game>\d+)"):
    """Take a seat in the lobby."""

    KIND, LABEL, STYLE = "join", "button_join", discord.ButtonStyle.primary

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        await handlers.join(interaction, game_id=self.ids[0])


class StartButton(_Button, template=PREFIX + r":start:(?P<game>\d+)"):
    """Start the game (the creator only; the service says so to anyone else)."""

    KIND, LABEL, STYLE = "start", "button_start", discord.ButtonStyle.success

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        await handlers.start(interaction, game_id=self.ids[0])


class SkipButton(_Button, template=PREFIX + r":skip:(?P<game>\d+):(?P<user>\d+):(?P<version>\d+)"):
    """After a deadline: the other players play the rules' timeout action for the sleeper."""

    KIND, LABEL = "skip", "button_skip"

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        game_id, user_id, version = self.ids
        await handlers.skip(interaction, game_id, user_id, version)


class VoteOutButton(
    _Button, template=PREFIX + r":out:(?P<game>\d+):(?P<user>\d+):(?P<version>\d+)"
):
    """After a deadline: a vote to remove the sleeper (their seat then plays the timeout action)."""

    KIND, LABEL, STYLE = "out", "button_vote_out", discord.ButtonStyle.danger

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        game_id, user_id, version = self.ids
        await handlers.vote_out(interaction, game_id, user_id, version)


class WalkButton(_Button, template=PREFIX + r":walk:(?P<game>\d+):(?P<version>\d+)"):
    """ "Your move": the move builder, privately, for the clicker (``builder.py``): the board's
    version rides along, so a click on an old board says the board has moved on."""

    KIND, LABEL, STYLE = "walk", "button_walk", discord.ButtonStyle.primary

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        game_id, version = self.ids
        await handlers.builder.open(interaction, game_id, version)


class ConfirmAbortButton(_Button, template=PREFIX + r":abort:(?P<game>\d+)"):
    """The confirmation of ``/game abort`` (shown only to the one who asked)."""

    KIND, LABEL, STYLE = "abort", "button_confirm_abort", discord.ButtonStyle.danger

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        await handlers.confirmed_abort(interaction, self.ids[0])


class CancelButton(_Button, template=PREFIX + r":cancel"):
    """Cancel a confirmation: nothing changes."""

    KIND, LABEL = "cancel", "button_cancel"

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        await handlers.cancelled(interaction)


class ConfirmVoteButton(
    _Button,
    # ``new`` is negative for a computer seat (bot/service/computers.py).
    template=PREFIX + r":cvote:(?P<game>\d+):(?P<user>\d+):(?P<new>-?\d+):(?P<name>.*)",
):
    """The confirmation of a vote about a seat: remove its player, or (``new`` not 0) hand it
    to that user, whose display name rides along (names are public, and needed to seat them)."""

    KIND, LABEL, STYLE = "cvote", "button_confirm_vote", discord.ButtonStyle.danger

    def __init__(
        self, game_id: int, user_id: int, new_id: int, name: str, lang: str = "en"
    ) -> None:
        super().__init__(game_id, user_id, new_id, lang=lang, text=name)
        self.name = name

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        ids = (int(match["game"]), int(match["user"]), int(match["new"]))
        return cls(*ids, match["name"], _lang(interaction))

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        game_id, user_id, new_id = self.ids
        await handlers.confirmed_vote(interaction, game_id, user_id, new_id, self.name)


class RematchButton(_Button, template=PREFIX + r":rematch:(?P<game>\d+)"):
    """Under a finished game's results: a lobby for the same game with the same seats (#27.5).
    Its game's id rides along, so a click after another game began here is refused."""

    KIND, LABEL, STYLE = "rematch", "button_rematch", discord.ButtonStyle.success

    async def handle(self, handlers: Handlers, interaction: Interaction) -> None:
        await handlers.rematch(interaction, self.ids[0])


def results_view(game_id: int, lang: str) -> discord.ui.View:
    """The Rematch button under a results message."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, lang=lang))
    return view


def confirm_view(confirm: discord.ui.Item[Any], lang: str) -> discord.ui.View:
    """A destructive action's confirm and cancel buttons."""
    view = discord.ui.View(timeout=None)
    view.add_item(confirm)
    view.add_item(CancelButton(lang=lang))
    return view


#: Registered with ``Client.add_dynamic_items`` so clicks are routed after any restart.
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveSelect,
    HandButton,
    HintButton,
    LogButton,
    JoinButton,
    StartButton,
    SkipButton,
    VoteOutButton,
    WalkButton,
    ConfirmAbortButton,
    ConfirmVoteButton,
    CancelButton,
    RematchButton,
)


def answers_component(
    message: discord.Message | None,
    custom_id: str,
    items: tuple[type[discord.ui.DynamicItem[Any]], ...] = DYNAMIC_ITEMS,
) -> bool:
    """Whether a click on ``custom_id`` reaches one of our handlers: discord.py routes it only
    when a registered template (of ``items``) matches it AND the component is still on the
    message."""
    if not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items):
        return False
    if message is None:
        return False
    # Rows at the top (a classic message) or nested in containers and sections (Components V2).
    stack: list[Any] = list(message.components)
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id:
            return True
        stack.extend(getattr(component, "children", None) or [])
        stack.extend(getattr(component, "components", None) or [])
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
    return False


def lobby_view(game_id: int, lang: str) -> discord.ui.View:
    """Join and Start buttons under a lobby message."""
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(game_id, lang=lang))
    view.add_item(StartButton(game_id, lang=lang))
    return view


def deadline_view(game_id: int, user_id: int, version: int, lang: str) -> discord.ui.View:
    """Skip and vote-out buttons under a deadline notice."""
    view = discord.ui.View(timeout=None)
    view.add_item(SkipButton(game_id, user_id, version, lang=lang))
    view.add_item(VoteOutButton(game_id, user_id, version, lang=lang))
    return view
