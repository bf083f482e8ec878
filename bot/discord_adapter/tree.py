"""The slash commands, generated from the engine registry.

``/game …`` runs the table, ``/play move:<notation>`` takes raw notation, and every registered game
gets a group of its own built from its verbs and their parameters (``/bombay move site:…``), so a
new game needs no bot code. ``limit_problems`` checks a synced payload against Discord's limits.
"""

from __future__ import annotations

import inspect
import logging
import re
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import engines
from bot.config import MAX_DEADLINE_HOURS, MAX_REMINDER_HOURS, MAX_REMINDERS, MIN_REMINDER_HOURS
from bot.discord_adapter import autocomplete as ac
from bot.discord_adapter.computers import computer_command, hint_command
from bot.discord_adapter.handlers import Handlers
from bot.discord_adapter.messages import clip
from bot.discord_adapter.text import ls
from bot.service.session import LEVELS as COMPUTER_LEVELS
from engines.base import EngineMeta, Verb

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction

log = logging.getLogger("turnpost.discord")

#: Discord's documented limits for application commands.
MAX_GLOBAL_COMMANDS = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_DESCRIPTION = 100
MAX_NAME = 32
MAX_COMMAND_CHARS = 4000
NAME_RE = re.compile(r"^[-_\w]{1,32}$")
RESERVED = ("game", "play")
#: Games live in server channels (and their threads): no command is offered in DMs.
GUILD_ONLY = app_commands.AppCommandContext(guild=True)

Clock = Callable[[], float]
ChoiceList = list[app_commands.Choice[str]]


def discord_name(text: str) -> str:
    """``text`` as a valid command/option name: lowercase, letters/digits/-/_, at most 32."""
    name = re.sub(r"[^-_\w]", "_", text.strip().lower())[:MAX_NAME]
    return name or "_"


def _opt(command: str, option: str) -> app_commands.locale_str:
    """An option's name (unchanged in English) with its catalog key ``discord.name.<command
    path>.<option>``, so it can be translated like the command names."""
    return ls(f"discord.name.{command}.{option}", option)


def _choices(pairs: Sequence[tuple[str, str]]) -> ChoiceList:
    return [app_commands.Choice(name=n, value=v) for n, v in pairs]


# -- /game and /play ------------------------------------------------------------------------------
class GameGroup(app_commands.Group):
    """``/game``: lobby, table and personal settings."""

    def __init__(self, handlers: Handlers, clock: Clock) -> None:
        super().__init__(
            name=ls("discord.name.game", "game"),
            description=ls("cmd.game"),
            guild_only=True,
            allowed_contexts=GUILD_ONLY,
        )
        self.handlers = handlers
        self.clock = clock

    def _user(self, interaction: Interaction) -> Any:
        return self.handlers.user(interaction)

    @app_commands.command(name=ls("discord.name.game.new", "new"), description=ls("cmd.new"))
    @app_commands.describe(
        game=ls("cmd.new.game"),
        players=ls("cmd.new.players"),
        options=ls("cmd.new.options"),
        thread=ls("cmd.new.thread"),
        hints=ls("cmd.new.hints"),
    )
    @app_commands.rename(
        game=_opt("game.new", "game"),
        players=_opt("game.new", "players"),
        options=_opt("game.new", "options"),
        thread=_opt("game.new", "thread"),
        hints=_opt("game.new", "hints"),
    )
    async def new(
        self,
        interaction: Interaction,
        game: str,
        players: app_commands.Range[int, 1, 10] | None = None,
        options: str | None = None,
        thread: bool = False,
        hints: bool = True,
    ) -> None:
        await self.handlers.run(
            interaction,
            "game new",
            lambda: self.handlers.new(interaction, game, players, options, thread, hints),
        )

    @new.autocomplete("game")
    async def _new_game(self, interaction: Interaction, current: str) -> ChoiceList:
        return _choices(ac.game_choices(current, self.handlers.lang_for(interaction)))

    @new.autocomplete("options")
    async def _new_options(self, interaction: Interaction, current: str) -> ChoiceList:
        game = getattr(interaction.namespace, "game", None) or ""
        return _choices(ac.option_choices(str(game), current))

    @app_commands.command(name=ls("discord.name.game.join", "join"), description=ls("cmd.join"))
    async def join(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game join", lambda: self.handlers.join(interaction))

    @app_commands.command(name=ls("discord.name.game.leave", "leave"), description=ls("cmd.leave"))
    async def leave(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game leave", lambda: self.handlers.leave(interaction))

    @app_commands.command(name=ls("discord.name.game.start", "start"), description=ls("cmd.start"))
    async def start(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game start", lambda: self.handlers.start(interaction))

    @app_commands.command(
        name=ls("discord.name.game.computer", "computer"), description=ls("cmd.computer")
    )
    @app_commands.describe(
        action=ls("cmd.computer.action"),
        level=ls("cmd.computer.level"),
        player=ls("cmd.computer.player"),
        number=ls("cmd.computer.number"),
    )
    @app_commands.rename(
        action=_opt("game.computer", "action"),
        level=_opt("game.computer", "level"),
        player=_opt("game.computer", "player"),
        number=_opt("game.computer", "number"),
    )
    @app_commands.choices(
        action=[
            app_commands.Choice(name=ls(f"discord.choice.computer.{a}", a), value=a)
            for a in ("add", "remove", "give")
        ],
        level=[
            app_commands.Choice(name=ls(f"service.computer_level.{lv}", lv), value=lv)
            for lv in COMPUTER_LEVELS
        ],
    )
    async def computer(
        self,
        interaction: Interaction,
        action: str,
        level: str = "normal",
        player: discord.Member | None = None,
        number: app_commands.Range[int, 1, 9] = 1,
    ) -> None:
        await self.handlers.run(
            interaction,
            "game computer",
            lambda: computer_command(self.handlers, interaction, action, level, player, number),
        )

    @app_commands.command(name=ls("discord.name.game.hint", "hint"), description=ls("cmd.hint"))
    async def hint(self, interaction: Interaction) -> None:
        await self.handlers.run(
            interaction, "game hint", lambda: hint_command(self.handlers, interaction)
        )

    @app_commands.command(name=ls("discord.name.game.board", "board"), description=ls("cmd.board"))
    async def board(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game board", lambda: self.handlers.board(interaction))

    @app_commands.command(name=ls("discord.name.game.hand", "hand"), description=ls("cmd.hand"))
    async def hand(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game hand", lambda: self.handlers.hand(interaction))

    @app_commands.command(name=ls("discord.name.game.log", "log"), description=ls("cmd.log"))
    @app_commands.describe(page=ls("cmd.log.page"))
    @app_commands.rename(page=_opt("game.log", "page"))
    async def log(
        self,
        interaction: Interaction,
        page: app_commands.Range[int, 1, 10000] | None = None,
    ) -> None:
        await self.handlers.run(
            interaction, "game log", lambda: self.handlers.log_page(interaction, page)
        )

    @app_commands.command(name=ls("discord.name.game.undo", "undo"), description=ls("cmd.undo"))
    async def undo(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game undo", lambda: self.handlers.undo(interaction))

    @app_commands.command(name=ls("discord.name.game.abort", "abort"), description=ls("cmd.abort"))
    async def abort(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game abort", lambda: self.handlers.abort(interaction))

    @app_commands.command(
        name=ls("discord.name.game.settings", "settings"), description=ls("cmd.settings")
    )
    @app_commands.describe(
        delay_hours=ls("cmd.settings.delay_hours", low=MIN_REMINDER_HOURS, high=MAX_REMINDER_HOURS),
        interval_hours=ls(
            "cmd.settings.interval_hours", low=MIN_REMINDER_HOURS, high=MAX_REMINDER_HOURS
        ),
        reminders=ls("cmd.settings.reminders", high=MAX_REMINDERS),
        deadline_hours=ls("cmd.settings.deadline_hours", high=MAX_DEADLINE_HOURS),
        quiet_from=ls("cmd.settings.quiet_from"),
        quiet_until=ls("cmd.settings.quiet_until"),
        time_zone=ls("cmd.settings.time_zone"),
    )
    @app_commands.rename(
        delay_hours=_opt("game.settings", "delay_hours"),
        interval_hours=_opt("game.settings", "interval_hours"),
        reminders=_opt("game.settings", "reminders"),
        deadline_hours=_opt("game.settings", "deadline_hours"),
        quiet_from=_opt("game.settings", "quiet_from"),
        quiet_until=_opt("game.settings", "quiet_until"),
        time_zone=_opt("game.settings", "time_zone"),
    )
    async def settings(
        self,
        interaction: Interaction,
        # The ranges are bot.config's, the same as .env's and the service's.
        delay_hours: app_commands.Range[int, MIN_REMINDER_HOURS, MAX_REMINDER_HOURS] | None = None,
        interval_hours: app_commands.Range[int, MIN_REMINDER_HOURS, MAX_REMINDER_HOURS]
        | None = None,
        reminders: app_commands.Range[int, 0, MAX_REMINDERS] | None = None,
        deadline_hours: app_commands.Range[int, 0, MAX_DEADLINE_HOURS] | None = None,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_until: app_commands.Range[int, 0, 23] | None = None,
        time_zone: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        await self.handlers.run(
            interaction,
            "game settings",
            lambda: self.handlers.settings(
                interaction,
                delay_hours,
                interval_hours,
                reminders,
                deadline_hours,
                quiet_from,
                quiet_until,
                time_zone,
            ),
        )

    @settings.autocomplete("time_zone")
    async def _settings_zone(self, interaction: Interaction, current: str) -> ChoiceList:
        return _choices(ac.zone_choices(current))

    @app_commands.command(
        name=ls("discord.name.game.remind", "remind"), description=ls("cmd.remind")
    )
    @app_commands.describe(
        quiet_from=ls("cmd.remind.quiet_from"),
        quiet_until=ls("cmd.remind.quiet_until"),
        utc_offset=ls("cmd.remind.utc_offset"),
        away_days=ls("cmd.remind.away_days"),
        time_zone=ls("cmd.remind.time_zone"),
    )
    @app_commands.rename(
        quiet_from=_opt("game.remind", "quiet_from"),
        quiet_until=_opt("game.remind", "quiet_until"),
        utc_offset=_opt("game.remind", "utc_offset"),
        away_days=_opt("game.remind", "away_days"),
        time_zone=_opt("game.remind", "time_zone"),
    )
    async def remind(
        self,
        interaction: Interaction,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_until: app_commands.Range[int, 0, 23] | None = None,
        utc_offset: app_commands.Range[str, 1, 10] | None = None,
        away_days: app_commands.Range[float, 0, 60] | None = None,
        time_zone: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        await self.handlers.run(
            interaction,
            "game remind",
            lambda: self.handlers.remind(
                interaction,
                quiet_from,
                quiet_until,
                utc_offset,
                away_days,
                self.clock(),
                time_zone=time_zone,
            ),
        )

    @remind.autocomplete("time_zone")
    async def _remind_zone(self, interaction: Interaction, current: str) -> ChoiceList:
        return _choices(ac.zone_choices(current))

    @app_commands.command(name=ls("discord.name.game.vote", "vote"), description=ls("cmd.vote"))
    @app_commands.describe(
        player=ls("cmd.vote.player"),
        replacement=ls("cmd.vote.replacement"),
        computer=ls("cmd.vote.computer"),
    )
    @app_commands.rename(
        player=_opt("game.vote", "player"),
        replacement=_opt("game.vote", "replacement"),
        computer=_opt("game.vote", "computer"),
    )
    @app_commands.choices(
        computer=[
            app_commands.Choice(name=ls(f"service.computer_level.{lv}", lv), value=lv)
            for lv in COMPUTER_LEVELS
        ]
    )
    async def vote(
        self,
        interaction: Interaction,
        player: discord.User | discord.Member,
        replacement: discord.User | discord.Member | None = None,
        computer: str | None = None,
    ) -> None:
        await self.handlers.run(
            interaction,
            "game vote",
            lambda: self.handlers.vote(interaction, player, replacement, computer),
        )

    @app_commands.command(name=ls("discord.name.game.mine", "mine"), description=ls("cmd.mine"))
    async def mine(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game mine", lambda: self.handlers.mine(interaction))

    @app_commands.command(name=ls("discord.name.game.help", "help"), description=ls("cmd.help"))
    @app_commands.describe(game=ls("cmd.help.game"))
    @app_commands.rename(game=_opt("game.help", "game"))
    async def help(self, interaction: Interaction, game: str | None = None) -> None:
        await self.handlers.run(
            interaction, "game help", lambda: self.handlers.help(interaction, game)
        )

    @help.autocomplete("game")
    async def _help_game(self, interaction: Interaction, current: str) -> ChoiceList:
        return _choices(ac.game_choices(current, self.handlers.lang_for(interaction)))


def play_command(handlers: Handlers) -> app_commands.Command[Any, ..., None]:
    """``/play move:<notation>`` with autocomplete of legal actions."""

    @app_commands.command(name=ls("discord.name.play", "play"), description=ls("cmd.play"))
    @app_commands.guild_only()
    @app_commands.describe(move=ls("cmd.play.move"))
    @app_commands.rename(move=_opt("play", "move"))
    async def play(interaction: Interaction, move: app_commands.Range[str, 1, 200]) -> None:
        await handlers.run(interaction, "play", lambda: handlers.act(interaction, move))

    @play.autocomplete("move")
    async def _move(interaction: Interaction, current: str) -> ChoiceList:
        assert interaction.channel_id is not None
        return _choices(
            await ac.move_choices(
                handlers.service, interaction.channel_id, handlers.user(interaction), current
            )
        )

    return play


# -- one group per game ---------------------------------------------------------------------------
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
            return _choices(
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


def build_commands(
    handlers: Handlers, clock: Clock = time.time
) -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
    """Every top-level command: ``/game``, ``/play`` and one group per registered game."""
    out: list[app_commands.Command[Any, ..., Any] | app_commands.Group] = [
        GameGroup(handlers, clock),
        play_command(handlers),
    ]
    for engine in engines.all_engines():
        meta = engine.meta
        if discord_name(meta.id) in RESERVED:
            log.warning("game id clashes with a built-in command", extra={"game": meta.id})
            continue
        group = game_group(handlers, meta)
        if group is not None:
            out.append(group)
    return out[:MAX_GLOBAL_COMMANDS]


# -- Discord's limits ---------------------------------------------------------------------------
def _chars(obj: dict[str, Any]) -> int:
    """Characters counted toward the 4000 limit: names, descriptions, choice names and values."""
    n = len(obj.get("name", "")) + len(obj.get("description", ""))
    for c in obj.get("choices") or []:
        n += len(str(c["name"])) + len(str(c["value"]))
    for o in obj.get("options") or []:
        n += _chars(o)
    return n


def limit_problems(payload: Sequence[dict[str, Any]]) -> list[str]:
    """Everything in a command sync payload that Discord would reject (empty when all is fine)."""
    problems: list[str] = []
    chat = [c for c in payload if c.get("type", 1) == 1]
    if len(chat) > MAX_GLOBAL_COMMANDS:
        problems.append(f"{len(chat)} chat commands (max {MAX_GLOBAL_COMMANDS})")
    names = [c["name"] for c in chat]
    if len(set(names)) != len(names):
        problems.append(f"duplicate command names: {names}")

    def check_name(where: str, name: Any, localized: dict[str, str] | None) -> None:
        for n in [name, *(localized or {}).values()]:
            if not isinstance(n, str) or not NAME_RE.fullmatch(n) or n != n.lower():
                problems.append(f"{where}: bad name {n!r}")

    def check_desc(where: str, desc: Any, localized: dict[str, str] | None) -> None:
        for d in [desc, *(localized or {}).values()]:
            if not isinstance(d, str) or not 1 <= len(d) <= MAX_DESCRIPTION:
                problems.append(
                    f"{where}: description of {len(d) if isinstance(d, str) else d} chars"
                )

    def walk(where: str, obj: dict[str, Any], depth: int) -> None:
        check_name(where, obj.get("name"), obj.get("name_localizations"))
        check_desc(where, obj.get("description"), obj.get("description_localizations"))
        options = obj.get("options") or []
        if len(options) > MAX_OPTIONS:
            problems.append(f"{where}: {len(options)} options (max {MAX_OPTIONS})")
        opt_names = [o["name"] for o in options]
        if len(set(opt_names)) != len(opt_names):
            problems.append(f"{where}: duplicate option names {opt_names}")
        kinds = {o.get("type") for o in options}
        if kinds & {1, 2} and kinds - {1, 2}:
            problems.append(f"{where}: subcommands mixed with plain options")
        seen_optional = False
        for o in options:
            sub = f"{where} {o['name']}"
            kind = o.get("type")
            if kind == 2:
                if depth >= 1:
                    problems.append(f"{sub}: subcommand group nested too deep")
                if any(x.get("type") != 1 for x in o.get("options") or []):
                    problems.append(f"{sub}: a group may hold only subcommands")
                walk(sub, o, depth + 1)
            elif kind == 1:
                walk(sub, o, depth + 1)
            else:
                check_name(sub, o.get("name"), o.get("name_localizations"))
                check_desc(sub, o.get("description"), o.get("description_localizations"))
                if o.get("required"):
                    if seen_optional:
                        problems.append(f"{sub}: required option after an optional one")
                else:
                    seen_optional = True
                choices = o.get("choices") or []
                if len(choices) > MAX_CHOICES:
                    problems.append(f"{sub}: {len(choices)} choices (max {MAX_CHOICES})")
                if choices and o.get("autocomplete"):
                    problems.append(f"{sub}: choices and autocomplete together")
                for c in choices:
                    if not 1 <= len(str(c["name"])) <= 100 or len(str(c["value"])) > 100:
                        problems.append(f"{sub}: choice {c['name']!r} too long")

    for c in chat:
        walk(f"/{c.get('name')}", c, 0)
        if _chars(c) > MAX_COMMAND_CHARS:
            problems.append(f"/{c.get('name')}: {_chars(c)} characters (max {MAX_COMMAND_CHARS})")
    return problems
