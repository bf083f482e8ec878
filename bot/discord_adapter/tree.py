"""The slash commands: ``/game …`` runs the table, ``/play move:<notation>`` takes raw notation,
and every registered game gets a group of its own built from its verbs (``game_groups.py``), so a
new game needs no bot code. What Discord allows, and the check of a synced payload against it:
``limits.py``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import engines
from bot.clock import MAX_BANK, MAX_PER_MOVE, POLICIES, PRESETS, REFILLS
from bot.config import MAX_DEADLINE_HOURS, MAX_REMINDER_HOURS, MAX_REMINDERS, MIN_REMINDER_HOURS
from bot.discord_adapter import autocomplete as ac
from bot.discord_adapter.clocks import back_command, clock_command
from bot.discord_adapter.computers import computer_command, hint_command
from bot.discord_adapter.game_groups import game_group
from bot.discord_adapter.handlers import Handlers
from bot.discord_adapter.limits import (
    GUILD_ONLY,
    MAX_GLOBAL_COMMANDS,
    ChoiceList,
    choices,
    discord_name,
)
from bot.discord_adapter.replay import replay_command
from bot.discord_adapter.text import language_choices, ls
from bot.service.session import LEVELS as COMPUTER_LEVELS

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction

log = logging.getLogger("turnpost.discord")

#: Top-level commands of Turnpost's own, which no game's group may take.
RESERVED = ("game", "play")

Clock = Callable[[], float]

#: The longest time per move and bank ``/game clock`` takes, in hours (``bot/clock.py``).
MAX_PER_MOVE_HOURS = int(MAX_PER_MOVE // 3600)
MAX_BANK_HOURS = int(MAX_BANK // 3600)


def _opt(command: str, option: str) -> app_commands.locale_str:
    """An option's name (unchanged in English) with its catalog key ``discord.name.<command
    path>.<option>``, so it can be translated like the command names."""
    return ls(f"discord.name.{command}.{option}", option)


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
        language=ls("cmd.new.language"),
        clock=ls("cmd.new.clock"),
    )
    @app_commands.rename(
        game=_opt("game.new", "game"),
        players=_opt("game.new", "players"),
        options=_opt("game.new", "options"),
        thread=_opt("game.new", "thread"),
        hints=_opt("game.new", "hints"),
        language=_opt("game.new", "language"),
        clock=_opt("game.new", "clock"),
    )
    @app_commands.choices(
        language=language_choices(),
        clock=[app_commands.Choice(name=ls(f"discord.choice.clock.{p}"), value=p) for p in PRESETS],
    )
    async def new(
        self,
        interaction: Interaction,
        game: str,
        players: app_commands.Range[int, 1, 10] | None = None,
        options: str | None = None,
        thread: bool = False,
        hints: bool = True,
        language: str | None = None,
        clock: str | None = None,
    ) -> None:
        await self.handlers.run(
            interaction,
            "game new",
            lambda: self.handlers.new(
                interaction,
                game,
                players,
                options,
                thread,
                hints,
                language=language,
                clock=clock,
            ),
        )

    @new.autocomplete("game")
    async def _new_game(self, interaction: Interaction, current: str) -> ChoiceList:
        return choices(ac.game_choices(current, self.handlers.lang_for(interaction)))

    @new.autocomplete("options")
    async def _new_options(self, interaction: Interaction, current: str) -> ChoiceList:
        game = getattr(interaction.namespace, "game", None) or ""
        return choices(ac.option_choices(str(game), current))

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

    @app_commands.command(name=ls("discord.name.game.move", "move"), description=ls("cmd.move"))
    async def move(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game move", lambda: self.handlers.move(interaction))

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

    @app_commands.command(
        name=ls("discord.name.game.replay", "replay"), description=ls("cmd.replay")
    )
    @app_commands.describe(game=ls("cmd.replay.game"))
    @app_commands.rename(game=_opt("game.replay", "game"))
    async def replay(
        self,
        interaction: Interaction,
        game: app_commands.Range[int, 1, 2**53] | None = None,
    ) -> None:
        await self.handlers.run(
            interaction, "game replay", lambda: replay_command(self.handlers, interaction, game)
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
        return choices(ac.zone_choices(current))

    @app_commands.command(
        name=ls("discord.name.game.remind", "remind"), description=ls("cmd.remind")
    )
    @app_commands.describe(
        quiet_from=ls("cmd.remind.quiet_from"),
        quiet_until=ls("cmd.remind.quiet_until"),
        utc_offset=ls("cmd.remind.utc_offset"),
        away_days=ls("cmd.remind.away_days"),
        time_zone=ls("cmd.remind.time_zone"),
        dm=ls("cmd.remind.dm"),
    )
    @app_commands.rename(
        quiet_from=_opt("game.remind", "quiet_from"),
        quiet_until=_opt("game.remind", "quiet_until"),
        utc_offset=_opt("game.remind", "utc_offset"),
        away_days=_opt("game.remind", "away_days"),
        time_zone=_opt("game.remind", "time_zone"),
        dm=_opt("game.remind", "dm"),
    )
    @app_commands.choices(
        dm=[
            app_commands.Choice(name=ls(f"discord.choice.dm.{v}", v), value=v)
            for v in ("on", "off")
        ]
    )
    async def remind(
        self,
        interaction: Interaction,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_until: app_commands.Range[int, 0, 23] | None = None,
        utc_offset: app_commands.Range[str, 1, 10] | None = None,
        away_days: app_commands.Range[float, 0, 60] | None = None,
        time_zone: app_commands.Range[str, 1, 64] | None = None,
        dm: str | None = None,
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
                dm=dm,
            ),
        )

    @remind.autocomplete("time_zone")
    async def _remind_zone(self, interaction: Interaction, current: str) -> ChoiceList:
        return choices(ac.zone_choices(current))

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

    @app_commands.command(name=ls("discord.name.game.clock", "clock"), description=ls("cmd.clock"))
    @app_commands.describe(
        per_move_hours=ls("cmd.clock.per_move_hours", high=MAX_PER_MOVE_HOURS),
        bank_hours=ls("cmd.clock.bank_hours", high=MAX_BANK_HOURS),
        refill=ls("cmd.clock.refill"),
        on_timeout=ls("cmd.clock.on_timeout"),
        level=ls("cmd.clock.level"),
    )
    @app_commands.rename(
        per_move_hours=_opt("game.clock", "per_move_hours"),
        bank_hours=_opt("game.clock", "bank_hours"),
        refill=_opt("game.clock", "refill"),
        on_timeout=_opt("game.clock", "on_timeout"),
        level=_opt("game.clock", "level"),
    )
    @app_commands.choices(
        refill=[
            app_commands.Choice(name=ls(f"discord.clock_refill.{r}", r), value=r) for r in REFILLS
        ],
        on_timeout=[
            app_commands.Choice(name=ls(f"discord.choice.on_timeout.{p}", p), value=p)
            for p in POLICIES
        ],
        level=[
            app_commands.Choice(name=ls(f"service.computer_level.{lv}", lv), value=lv)
            for lv in COMPUTER_LEVELS
        ],
    )
    async def clock_(
        self,
        interaction: Interaction,
        per_move_hours: app_commands.Range[int, 0, MAX_PER_MOVE_HOURS] | None = None,
        bank_hours: app_commands.Range[int, 0, MAX_BANK_HOURS] | None = None,
        refill: str | None = None,
        on_timeout: str | None = None,
        level: str | None = None,
    ) -> None:
        await self.handlers.run(
            interaction,
            "game clock",
            lambda: clock_command(
                self.handlers, interaction, per_move_hours, bank_hours, refill, on_timeout, level
            ),
        )

    @app_commands.command(name=ls("discord.name.game.back", "back"), description=ls("cmd.back"))
    async def back(self, interaction: Interaction) -> None:
        await self.handlers.run(
            interaction, "game back", lambda: back_command(self.handlers, interaction)
        )

    @app_commands.command(name=ls("discord.name.game.mine", "mine"), description=ls("cmd.mine"))
    async def mine(self, interaction: Interaction) -> None:
        await self.handlers.run(interaction, "game mine", lambda: self.handlers.mine(interaction))

    @app_commands.command(
        name=ls("discord.name.game.leaderboard", "leaderboard"), description=ls("cmd.leaderboard")
    )
    @app_commands.describe(game=ls("cmd.leaderboard.game"), scope=ls("cmd.leaderboard.scope"))
    @app_commands.rename(
        game=_opt("game.leaderboard", "game"), scope=_opt("game.leaderboard", "scope")
    )
    @app_commands.choices(
        scope=[
            app_commands.Choice(name=ls(f"discord.choice.scope.{s}", s), value=s)
            for s in ("server", "global")
        ]
    )
    async def leaderboard(
        self, interaction: Interaction, game: str, scope: str | None = None
    ) -> None:
        await self.handlers.run(
            interaction,
            "game leaderboard",
            lambda: self.handlers.leaderboard(interaction, game, scope),
        )

    @leaderboard.autocomplete("game")
    async def _leaderboard_game(self, interaction: Interaction, current: str) -> ChoiceList:
        return choices(ac.game_choices(current, self.handlers.lang_for(interaction)))

    @app_commands.command(
        name=ls("discord.name.game.profile", "profile"), description=ls("cmd.profile")
    )
    @app_commands.describe(member=ls("cmd.profile.member"))
    @app_commands.rename(member=_opt("game.profile", "member"))
    async def profile(
        self, interaction: Interaction, member: discord.User | discord.Member | None = None
    ) -> None:
        await self.handlers.run(
            interaction, "game profile", lambda: self.handlers.profile(interaction, member)
        )

    @app_commands.command(name=ls("discord.name.game.help", "help"), description=ls("cmd.help"))
    @app_commands.describe(game=ls("cmd.help.game"))
    @app_commands.rename(game=_opt("game.help", "game"))
    async def help(self, interaction: Interaction, game: str | None = None) -> None:
        await self.handlers.run(
            interaction, "game help", lambda: self.handlers.help(interaction, game)
        )

    @help.autocomplete("game")
    async def _help_game(self, interaction: Interaction, current: str) -> ChoiceList:
        return choices(ac.game_choices(current, self.handlers.lang_for(interaction)))


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
        return choices(
            await ac.move_choices(
                handlers.service, interaction.channel_id, handlers.user(interaction), current
            )
        )

    return play


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
