"""``/game replay [game]`` (#27.4): a game stepped through with ◀ ▶ and a "jump to round" select.

A game that is over is replayed in a public message, in the table's language, from the public
view; a click on its controls moves that message for everyone. A running game is replayed only
privately (ephemeral), in the reader's language, from their own seat (a spectator: the public
view), up to now: the service decides the seat from whoever clicks, never from the message.

Custom ids carry the game id and the step to show, nothing else (``tp:rpb:<game>:<step>``,
``tp:rpn:<game>:<step>``, ``tp:rpj:<game>`` with the step as the option's value): the step is
public, and whatever it may show is decided again on every click. Drawing a step may take longer
than Discord's 3 seconds on a long game, so every answer is deferred first.
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any, Self

import discord

from bot.discord_adapter import views
from bot.discord_adapter.handlers import Handlers
from bot.discord_adapter.images import fit_png
from bot.discord_adapter.messages import CONTENT_MAX, clip
from bot.discord_adapter.text import t
from bot.discord_adapter.views import PREFIX, _Button
from bot.service import ReplayStep

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction

#: The statuses of a game that is over: replayed publicly, from the public view.
OVER = ("finished", "aborted")


def _handlers(interaction: discord.Interaction[Any]) -> Handlers:
    handlers: Handlers = interaction.client.handlers
    return handlers


async def replay_command(
    handlers: Handlers, interaction: Interaction, game_id: int | None = None
) -> None:
    """``/game replay``: the first step of a game that is over (publicly), or now in a running
    one (privately, from the caller's seat)."""
    channel_id = handlers.channel_id(interaction)
    info = await handlers.service.game(channel_id, game_id=game_id)
    over = info.status in OVER
    if over:
        await handlers.defer_public(interaction)
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    got = await _step(handlers, interaction, info.game_id, None, over=over, table_lang=info.lang)
    await interaction.followup.send(
        ephemeral=not over, **_message(got, interaction.filesize_limit, files=True)
    )


async def replay_click(
    handlers: Handlers, interaction: Interaction, game_id: int, step: int
) -> None:
    """A click on ◀ ▶ or a round: the replay message shows ``step`` instead."""
    info = await handlers.service.game(handlers.channel_id(interaction), game_id=game_id)
    over = info.status in OVER
    await interaction.response.defer()
    got = await _step(handlers, interaction, game_id, step, over=over, table_lang=info.lang)
    await interaction.edit_original_response(
        **_message(got, interaction.filesize_limit, files=False)
    )


async def _step(
    handlers: Handlers,
    interaction: Interaction,
    game_id: int,
    step: int | None,
    *,
    over: bool,
    table_lang: str,
) -> ReplayStep:
    # Public messages speak the table's language (#28.1); a private replay the reader's.
    return await handlers.service.replay_step(
        handlers.channel_id(interaction),
        interaction.user.id,
        game_id=game_id,
        step=step,
        lang=table_lang if over else handlers.lang_for(interaction),
    )


def _message(got: ReplayStep, limit: int, *, files: bool) -> dict[str, Any]:
    """The replay message's content, images and controls for one step."""
    attached = []
    for name, png in (("board.png", got.png), ("private.png", got.private_png)):
        fitted = fit_png(png, limit) if png is not None else None
        if fitted is not None:
            attached.append(discord.File(io.BytesIO(fitted), filename=name))
    kw: dict[str, Any] = {
        "content": clip("\n".join(got.lines), CONTENT_MAX),
        "view": replay_view(got),
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    kw["files" if files else "attachments"] = attached
    return kw


def replay_view(got: ReplayStep) -> discord.ui.View:
    """◀ and ▶ (disabled at either end), and the rounds to jump to when there are two or more."""
    view = discord.ui.View(timeout=None)
    back = ReplayBack(got.game_id, max(0, got.step - 1), lang=got.lang)
    back.item.disabled = got.step == 0
    ahead = ReplayNext(got.game_id, min(got.steps, got.step + 1), lang=got.lang)
    ahead.item.disabled = got.step >= got.steps
    view.add_item(back)
    view.add_item(ahead)
    if len(got.rounds) >= 2:
        view.add_item(ReplayJump(got.game_id, got, lang=got.lang))
    return view


class _StepButton(_Button, template=PREFIX + r":rp:button"):  # each below has its own
    """A button that shows one step of a game's replay: custom id ``tp:<KIND>:<game>:<step>``."""

    async def handle(self, handlers: views.Handlers, interaction: Interaction) -> None:
        # The click's own bot's handlers, typed in full (``views`` knows them only by a
        # protocol, being below this module).
        game_id, step = self.ids
        await replay_click(_handlers(interaction), interaction, game_id, step)


class ReplayBack(_StepButton, template=PREFIX + r":rpb:(?P<game>\d+):(?P<step>\d+)"):
    """◀: the step before."""

    KIND, LABEL = "rpb", "button_replay_back"


class ReplayNext(_StepButton, template=PREFIX + r":rpn:(?P<game>\d+):(?P<step>\d+)"):
    """▶: the step after."""

    KIND, LABEL = "rpn", "button_replay_next"


class ReplayJump(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=PREFIX + r":rpj:(?P<game>\d+)",
):
    """Jump to a round: each option's value is the first step of that round (public numbers)."""

    def __init__(self, game_id: int, got: ReplayStep | None = None, *, lang: str = "en") -> None:
        rounds = got.rounds if got is not None else ()
        here = max((first for _, first in rounds if got and first <= got.step), default=-1)
        options = [
            discord.SelectOption(
                label=(label or "-")[:100],
                value=str(first),
                description=t("replay_round_step", lang, step=first)[:100],
                default=first == here,
            )
            for label, first in rounds
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:rpj:{game_id}",
                placeholder=t("select_replay_round", lang)[:150],
                options=options or [discord.SelectOption(label="-", value="0")],
                min_values=1,
                max_values=1,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = _handlers(interaction)
        value = self.item.values[0] if self.item.values else "0"
        step = int(value) if value.isdigit() else 0
        await handlers.run(
            interaction,
            "select replay round",
            lambda: replay_click(handlers, interaction, self.game_id, step),
        )


#: Registered with the client beside ``views.DYNAMIC_ITEMS``.
REPLAY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReplayBack, ReplayNext, ReplayJump)
