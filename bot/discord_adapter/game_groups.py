"""One slash-command group per game, generated from its verbs: ``/bombay move site:…`` builds
the notation ``move site=…`` and plays it, each parameter autocompleted with what is legal, so a
new game needs no bot code (``tree.build_commands`` adds a group for every registered engine).
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord_adapter import autocomplete as ac
from bot.discord_adapter.handlers import Handlers
from bot.discord_adapter.limits import (
    GUILD_ONLY,
    MAX_DESCRIPTION,
    MAX_OPTIONS,
    ChoiceList,
    choices,
    discord_name,
)
from bot.discord_adapter.messages import clip
from bot.discord_adapter.text import ls
from engines.base import EngineMeta, Verb

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction

log = logging.getLogger("turnpost.discord")


def _verb_command(
    handlers: Handlers, meta: EngineMeta, verb: Verb
) -> app_commands.Command[Any, ..., None]:
    """``/<game> <verb> <param>:…``: the parameters are joined back into notation and played."""
    params = list(verb.params[:MAX_OPTIONS])
    py = [f"p{i}" for i in range(len(params))]
    shown = [discord_name(p.name) for p in params]

    def notation(values: dict[str, Any]) -> str:
        parts = [verb.name]
        for p, name in zip(params, py, strict=True):
            value = str(values.get(name) or "").strip().lower()
            if not value:
                continue
            if p.keyword and not value.startswith(p.name + "="):
                value = f"{p.name}={value}"
            parts.append(value)
        return " ".join(parts)

    async def callback(interaction: Interaction, **values: Any) -> None:
        await handlers.run(
            interaction,
            f"{meta.id} {verb.name}",
            lambda: handlers.act(interaction, notation(values)),
        )

    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        ]
        + [
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=str if p.required else (str | None),
                default=inspect.Parameter.empty if p.required else None,
            )
            for p, name in zip(params, py, strict=True)
        ]
    )
    callback.__qualname__ = callback.__name__ = f"{meta.id}_{verb.name}"

    def completer(
        index: int,
    ) -> Callable[[Interaction, str], Coroutine[Any, Any, ChoiceList]]:
        async def complete(interaction: Interaction, current: str) -> ChoiceList:
            assert interaction.channel_id is not None
            ns = interaction.namespace
            before = [
                (p, str(getattr(ns, shown[i], "") or "")) for i, p in enumerate(params[:index])
            ]
            return choices(
                await ac.param_choices(
                    handlers.service,
                    interaction.channel_id,
                    handlers.user(interaction),
                    verb.name,
                    before,
                    params[index],
                    current,
                )
            )

        return complete

    func: Any = callback
    if params:
        func = app_commands.rename(
            **{
                n: ls(f"{meta.id}.param.{p.name}", s)
                for n, p, s in zip(py, params, shown, strict=True)
            }
        )(func)
        func = app_commands.describe(
            **{
                n: ls(f"{meta.id}.param.{verb.name}.{p.name}", clip(p.help, MAX_DESCRIPTION))
                for n, p in zip(py, params, strict=True)
            }
        )(func)
        completers: dict[str, Any] = {n: completer(i) for i, n in enumerate(py)}
        func = app_commands.autocomplete(**completers)(func)
    return app_commands.Command(
        name=ls(f"{meta.id}.verb_name.{verb.name}", discord_name(verb.name)),
        description=ls(
            f"{meta.id}.verb.{verb.name}", clip(verb.help or verb.name, MAX_DESCRIPTION)
        ),
        callback=func,
    )


def game_group(handlers: Handlers, meta: EngineMeta) -> app_commands.Group | None:
    """The group of one game's verbs, or None when the game has no verbs to offer."""
    verbs = [v for v in meta.verbs if discord_name(v.name) == v.name]
    if not verbs:
        return None
    if len(verbs) > MAX_OPTIONS:
        log.warning(
            "game has more verbs than Discord allows; the rest are /play only",
            extra={"game": meta.id, "verbs": len(verbs)},
        )
        verbs = verbs[:MAX_OPTIONS]
    group = app_commands.Group(
        name=ls(f"discord.name.{meta.id}", discord_name(meta.id)),
        description=ls(f"{meta.id}.title", clip(f"{meta.title}: actions", MAX_DESCRIPTION)),
        guild_only=True,
        allowed_contexts=GUILD_ONLY,
    )
    for verb in verbs:
        group.add_command(_verb_command(handlers, meta, verb))
    return group
