"""The bot: client, cogs, command sync, logging and the blocking ``run`` entry point."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import signal
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Config, StartupError
from bot.discord_adapter.builder import BUILDER_ITEMS
from bot.discord_adapter.clocks import ClockPass
from bot.discord_adapter.computers import ComputerCog, ComputerTurns
from bot.discord_adapter.handlers import Handlers
from bot.discord_adapter.limits import limit_problems
from bot.discord_adapter.outbox import Announcer, OutboxCog
from bot.discord_adapter.reminders import ReminderLoop, RemindersCog
from bot.discord_adapter.replay import REPLAY_ITEMS
from bot.discord_adapter.text import CatalogTranslator, has_language, lang_of, t
from bot.discord_adapter.tree import build_commands
from bot.discord_adapter.views import DYNAMIC_ITEMS, answers_component
from bot.discord_adapter.views import Handlers as ButtonHandlers
from bot.health import touch_heartbeat
from bot.service import OWNER_BEAT, Service

log = logging.getLogger("turnpost.discord")
#: Set to 1 to sync the commands at start-up even when they did not change.
FORCE_SYNC_ENV = "TURNPOST_FORCE_SYNC"


class TurnpostTree(app_commands.CommandTree[Any]):
    """The command tree; every failure gets an answer, privately.

    A command the bot no longer has, or whose shape changed (a Discord client still showing an
    older version of the commands), and an option that is missing or unreadable are the user's
    situation, not the bot's fault: they get a clear ephemeral reply from the catalog and a
    one-line log entry. Anything else is logged with its traceback and answered with an apology.
    """

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        key = stale_command_key(error)
        if key is None:
            log.error(
                "app command error",
                exc_info=error,
                extra={"guild": interaction.guild_id, "user": interaction.user.id},
            )
            key = "internal_error"
        else:
            log.info(
                "outdated or incomplete command",
                extra={
                    "error": type(error).__name__,
                    "detail": str(error),
                    "guild": interaction.guild_id,
                    "user": interaction.user.id,
                },
            )
        if interaction.response.is_done():
            return
        with contextlib.suppress(discord.HTTPException):
            if interaction.type is discord.InteractionType.autocomplete:
                # No suggestions rather than Discord's "Loading options failed".
                await interaction.response.autocomplete([])
            else:
                lang = lang_of(interaction.locale)
                await interaction.response.send_message(
                    t(key, lang if has_language(lang) else "en"), ephemeral=True
                )


def stale_command_key(error: app_commands.AppCommandError) -> str | None:
    """The catalog message for a command the bot no longer has or whose options do not fit
    (None for a genuine error of the bot)."""
    if isinstance(error, app_commands.CommandNotFound):
        return "unknown_command"
    if isinstance(error, app_commands.CommandSignatureMismatch):
        return "command_changed"
    if isinstance(error, app_commands.TransformerError):
        return "bad_option"
    return None


class TableCog(commands.Cog):
    """Adds the generated commands to the tree on load and takes them off on unload."""

    def __init__(self, bot: TurnpostBot) -> None:
        self.bot = bot
        self.added: list[app_commands.Command[Any, ..., Any] | app_commands.Group] = []

    async def cog_load(self) -> None:
        for command in build_commands(self.bot.handlers, self.bot.clock):
            self.bot.tree.add_command(command, override=True)
            self.added.append(command)

    async def cog_unload(self) -> None:
        for command in self.added:
            self.bot.tree.remove_command(command.name)
        self.added.clear()


#: Seconds between passes that let computer seats move: the natural pause before a computer's
#: move after the move that handed it the turn.
COMPUTER_EVERY = 5.0

#: Seconds between outbox passes: a move a killed process never posted is announced within a few
#: seconds of its lease becoming free (``OWNER_STALE`` after the process's last beat), #22.2. A
#: pass with nothing pending is one read.
OUTBOX_EVERY = 2.0


class TurnpostBot(commands.Bot):
    """Turnpost on Discord. Only non-privileged intents, ``guilds`` and (unless polls are
    off) ``guild_polls``: everything else arrives as interactions, so the bot never reads
    message content or member lists."""

    def __init__(
        self,
        config: Config,
        *,
        service: Service | None = None,
        clock: Callable[[], float] = time.time,
        sync_commands: bool = True,
        start_reminders: bool = True,
        reminder_every: float = 60.0,
        heartbeat_every: float = 60.0,
        outbox_every: float = OUTBOX_EVERY,
        force_sync: bool = False,
        handle_signals: bool = False,
        **shards: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # Poll answers arrive as gateway events (MESSAGE_POLL_VOTE_ADD/REMOVE), sent only with
        # this non-privileged intent (#27.6).
        intents.guild_polls = config.polls
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=TurnpostTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.config = config
        self.clock = clock
        self.sync_commands = sync_commands
        #: Sync even when the payload is the one synced last time (``turnpost run --sync``).
        self.force_sync = force_sync
        self.start_reminders = start_reminders
        #: Seconds between two passes of the reminder loop.
        self.reminder_every = reminder_every
        #: Seconds between two touches of the heartbeat file that ``turnpost health`` checks.
        self.heartbeat_every = heartbeat_every
        self.heartbeat_task: asyncio.Task[None] | None = None
        #: Seconds between two outbox passes.
        self.outbox_every = outbox_every
        #: Beats ``Service.beat`` every ``OWNER_BEAT`` seconds (a task of its own: slow work
        #: never delays it, so a live process never looks dead to the others).
        self.beat_task: asyncio.Task[None] | None = None
        self._closing_all: asyncio.Future[None] | None = None
        self._startup_drain: asyncio.Task[None] | None = None
        self.handle_signals = handle_signals
        self._own_service = service is None
        self._service = service
        self.handlers: Handlers
        self.reminders: ReminderLoop
        self.announcer: Announcer
        self.computers: ComputerTurns
        self.synced: list[app_commands.AppCommand] = []

    @property
    def service(self) -> Service:
        assert self._service is not None, "the service opens in setup_hook"
        return self._service

    async def setup_hook(self) -> None:
        if self._service is None:
            self._service = await Service.from_config(self.config, clock=self.clock)
        self.handlers = Handlers(self.service, lang=self.config.lang, client=self)
        # Buttons reach these handlers through ``views.handlers_of``; mypy checks here that
        # they have every method a click calls.
        _: ButtonHandlers = self.handlers
        self.reminders = ReminderLoop(self, self.service, self.clock, self.config.lang)
        await self.tree.set_translator(CatalogTranslator())
        await self.add_cog(TableCog(self))
        await self.add_cog(RemindersCog(self, self.reminders, interval=self.reminder_every))
        self.announcer = Announcer(self, self.service, self.handlers, self.config.lang)
        self.handlers.polls.enabled = self.config.polls
        self.handlers.polls.announce = self.announcer.announce
        self.reminders.polls = self.handlers.polls
        await self.add_cog(OutboxCog(self, self.announcer, interval=self.outbox_every))
        # Clocks that ran out are acted on in the reminder pass (#27.3).
        self.reminders.clocks = ClockPass(self.service, self.announcer).tick
        # Computer seats take their turns on a pass of their own, a few seconds apart; with
        # workers (TURNPOST_COMPUTERS=worker) they do, and the outbox pass announces their moves.
        self.computers = ComputerTurns(self.service, self.announcer)
        if self.config.computers == "inline":
            await self.add_cog(ComputerCog(self, self.computers, interval=COMPUTER_EVERY))
        self.add_dynamic_items(*DYNAMIC_ITEMS, *BUILDER_ITEMS, *REPLAY_ITEMS)
        # Beat once now, so a fresh container is healthy before the first interval has passed.
        self._beat_once()
        self.heartbeat_task = asyncio.create_task(self._heartbeat(), name="turnpost-heartbeat")
        if self.start_reminders:  # tests drive the passes (and the clock) by hand
            self.beat_task = asyncio.create_task(self._owner_beat(), name="turnpost-beat")
        if self.handle_signals:
            # No signal handlers on some platforms; Ctrl-C still stops the bot there.
            with contextlib.suppress(NotImplementedError, RuntimeError):
                asyncio.get_running_loop().add_signal_handler(
                    signal.SIGTERM, lambda: asyncio.ensure_future(self.close())
                )
        if self.sync_commands:
            await self.sync()
        # Moves saved before a crash but never posted: announce them now (posting needs only
        # the HTTP client, which is logged in by now), so their players hear without a reminder.
        # A task of its own, so that a SIGTERM arriving meanwhile ends it before the database
        # closes (asyncio.wait does not raise when close() cancels it).
        self._startup_drain = asyncio.create_task(self._drain_once(), name="turnpost-drain")
        await asyncio.wait({self._startup_drain})

    async def _drain_once(self) -> None:
        try:
            await self.announcer.drain()
        except Exception:
            log.exception("outbox drain at start-up failed")

    def _beat_once(self) -> None:
        try:
            touch_heartbeat(self.config)
        except OSError:
            # A full or read-only volume must not stop the games; the health check will
            # report the stale heartbeat instead.
            log.warning("heartbeat not written", exc_info=True)

    async def _owner_beat(self) -> None:
        """Tell the other processes sharing the database that this one is alive."""
        while True:
            await asyncio.sleep(OWNER_BEAT)
            try:
                await self.service.beat()
            except Exception:
                log.warning("beat not written", exc_info=True)

    async def _heartbeat(self) -> None:
        """Touch the heartbeat file every ``heartbeat_every`` seconds while the bot runs."""
        while True:
            await asyncio.sleep(self.heartbeat_every)
            self._beat_once()

    async def sync(self, *, force: bool | None = None) -> list[app_commands.AppCommand]:
        """Sync the commands globally, or instantly to the development guild when one is set.

        Discord rate-limits command updates, so a restart with the same commands (same code,
        same translations) skips the sync: the hash of the translated payload last synced is kept
        in the database, per application and scope. ``force`` (default: the bot's
        ``force_sync``) syncs anyway. Returns the synced commands (empty when skipped).
        """
        guild = discord.Object(self.config.dev_guild) if self.config.dev_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        assert translator is not None
        payload = [
            await c.get_translated_payload(self.tree, translator)
            for c in self.tree.get_commands(guild=guild)
        ]
        for problem in limit_problems(payload):
            log.warning("command over a Discord limit", extra={"problem": problem})
        scope = f"guild {guild.id}" if guild else "global"
        key = f"discord.commands:{self.application_id}:{scope}"
        digest = payload_hash(payload)
        if not (self.force_sync if force is None else force) and (
            await self.service.bot_state(key) == digest
        ):
            log.info("commands unchanged; sync skipped", extra={"scope": scope})
            self.synced = []
            return self.synced
        self.synced = await self.tree.sync(guild=guild)
        await self.service.set_bot_state(key, digest)
        log.info("commands synced", extra={"count": len(self.synced), "scope": scope})
        return self.synced

    async def on_interaction(self, interaction: discord.Interaction[TurnpostBot]) -> None:
        """A click on a button or menu no handler of this version knows (an older version's, or
        one taken off its message) still gets a clear private answer instead of Discord's "This
        interaction failed". Every interaction tells the bot its permissions in its channel:
        whether it may post polls there is remembered (#27.6)."""
        if interaction.channel_id is not None:
            self.handlers.polls.note(interaction.channel_id, interaction.app_permissions)
        if interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        if answers_component(
            interaction.message,
            str(data.get("custom_id", "")),
            (*DYNAMIC_ITEMS, *BUILDER_ITEMS, *REPLAY_ITEMS),
        ):
            return
        log.info("unknown component", extra={"custom_id": str(data.get("custom_id", ""))[:100]})
        lang = self.handlers.lang_for(interaction)
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(t("unknown_component", lang), ephemeral=True)

    async def on_raw_poll_vote_add(self, event: discord.RawPollVoteActionEvent) -> None:
        """A poll answer (#27.6): raw, as the poll's message is not in discord.py's cache."""
        await self.handlers.polls.answered(event, added=True)

    async def on_raw_poll_vote_remove(self, event: discord.RawPollVoteActionEvent) -> None:
        await self.handlers.polls.answered(event, added=False)

    async def on_ready(self) -> None:
        assert self.user is not None
        log.info("connected", extra={"user": self.user.id, "guilds": len(self.guilds)})

    async def close(self) -> None:
        # Idempotent: a second call (SIGTERM, then the end of run) waits for the first to finish.
        if self._closing_all is None:
            self._closing_all = asyncio.ensure_future(self._close_all())
        await asyncio.shield(self._closing_all)

    async def _close_all(self) -> None:
        if self.heartbeat_task is not None:
            # Stop beating first: a bot that is shutting down must be allowed to go stale.
            self.heartbeat_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.heartbeat_task
            self.heartbeat_task = None
        if self.beat_task is not None:
            self.beat_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.beat_task
            self.beat_task = None
        if self._startup_drain is not None:
            # A drain cut short leaves its rows to the next drain once their lease runs out.
            self._startup_drain.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._startup_drain
            self._startup_drain = None
        await super().close()
        if self._own_service and self._service is not None:
            await self._service.close()
            self._service = None
        log.info("stopped")


def payload_hash(payload: list[dict[str, Any]]) -> str:
    """A stable digest of a command payload (key order does not matter)."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


# -- logging -------------------------------------------------------------------------------------
_RECORD_FIELDS = set(vars(logging.makeLogRecord({})))


class StructuredFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message and any ``extra`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _RECORD_FIELDS and key not in data and not key.startswith("_"):
                data[key] = value if isinstance(value, int | float | str | bool) else str(value)
        if record.exc_info or record.exc_text:
            # exc_text may already be redacted by RedactingFilter: prefer it.
            data["exc"] = record.exc_text or self.formatException(record.exc_info)  # type: ignore[arg-type]
        return json.dumps(data, ensure_ascii=False)


class RedactingFilter(logging.Filter):
    """Replaces secrets (the token) anywhere in a record before it is written."""

    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secrets:
            return True
        text = record.getMessage()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        for secret in self.secrets:
            text = text.replace(secret, "[token]")
            if record.exc_text:
                record.exc_text = record.exc_text.replace(secret, "[token]")
        record.msg, record.args = text, None
        return True


def configure_logging(level: str, secrets: list[str]) -> logging.Handler:
    """Structured logs on stderr with the secrets redacted; returns the handler."""
    handler = logging.StreamHandler()
    handler.setFormatter(StructuredFormatter())
    handler.addFilter(RedactingFilter(secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper() if level.upper() in logging.getLevelNamesMapping() else "INFO")
    return handler


class ShardedTurnpostBot(TurnpostBot, commands.AutoShardedBot):
    """Turnpost on some of the bot's shards (``turnpost run --shards 0-3 --shard-count 8``):
    discord.py's AutoShardedClient connects those shards only, so several processes share the
    guilds. Any process serves any game (the state is in the database) and posts in any
    channel (Discord's HTTP API is not bound to a shard); jobs, reminders and announcements are
    claimed by one process at a time (#25.2)."""


def make_bot(
    config: Config,
    *,
    shard_ids: list[int] | None = None,
    shard_count: int | None = None,
    **kwargs: Any,
) -> TurnpostBot:
    """The bot: on every shard Discord gives it (one process, as before) or, with
    ``shard_ids`` and ``shard_count``, on those shards of that many. Only the process holding
    shard 0 syncs the commands (one sync for the application, not one per process)."""
    if shard_ids is None:
        return TurnpostBot(config, **kwargs)
    if shard_count is None or not shard_ids or not all(0 <= i < shard_count for i in shard_ids):
        raise ValueError(f"shards {shard_ids} are not all below the shard count {shard_count}")
    if 0 not in shard_ids:
        kwargs["sync_commands"] = False
    return ShardedTurnpostBot(config, shard_ids=shard_ids, shard_count=shard_count, **kwargs)


def run(
    config: Config,
    force_sync: bool | None = None,
    *,
    shard_ids: list[int] | None = None,
    shard_count: int | None = None,
) -> None:
    """Run the bot until stopped (Ctrl-C or SIGTERM close it gracefully). Blocking.

    ``force_sync`` syncs the commands even when they have not changed since the last sync;
    by default it comes from the environment variable ``TURNPOST_FORCE_SYNC`` (1/yes/true).
    ``shard_ids`` of ``shard_count``: run only those shards (:func:`make_bot`).
    """
    if force_sync is None:
        force_sync = os.environ.get(FORCE_SYNC_ENV, "").strip().lower() in ("1", "yes", "true")
    configure_logging(config.log_level, [config.token])
    log.info(
        "starting",
        extra={"db": str(config.db_path), "dev_guild": config.dev_guild, "shards": shard_ids},
    )
    bot = make_bot(
        config,
        shard_ids=shard_ids,
        shard_count=shard_count,
        handle_signals=True,
        force_sync=force_sync,
    )
    # Before the first gateway connection there is no session to resume: discord.py then logs
    # its "Attempting a reconnect" traceback and fails on the missing session (AttributeError
    # on ``self.ws.sequence``). That is a start-up failure, said in one line below instead.
    logging.getLogger(discord.client.__name__).addFilter(
        lambda record: bot.ws is not None or record.exc_info is None
    )

    async def main() -> None:
        async with bot:
            await bot.start(config.token)
        # A close begun by SIGTERM may still be running when start returns; wait for it to end
        # (it writes the "stopped" line) before the loop goes away.
        await bot.close()

    # Start-up failures become one clear line for the CLI (bot.config.StartupError), not a
    # traceback; once connected, discord.py reconnects by itself.
    try:
        asyncio.run(main())
    except discord.LoginFailure:
        raise StartupError(
            "Discord refused the token in DISCORD_TOKEN; reset it under Bot in the developer "
            "portal (https://discord.com/developers/applications) and put the new one in .env."
        ) from None
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as exc:
        raise StartupError(f"Cannot reach Discord ({exc}); check the network and retry.") from None
    except AttributeError as exc:
        if bot.ws is not None:
            raise  # connected once: not a start-up failure, a real bug
        cause = exc.__context__ or exc
        raise StartupError(
            f"Cannot reach Discord's gateway ({cause}); check the network and retry."
        ) from None
