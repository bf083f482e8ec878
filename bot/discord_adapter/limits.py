"""What Discord allows in application commands: its documented limits, the names it accepts,
where the commands are offered, and ``limit_problems``, which checks a synced payload against all
of them (the client logs each problem before a sync; the tests check every generated command).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from discord import app_commands

#: Discord's documented limits for application commands.
MAX_GLOBAL_COMMANDS = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_DESCRIPTION = 100
MAX_NAME = 32
MAX_COMMAND_CHARS = 4000
NAME_RE = re.compile(r"^[-_\w]{1,32}$")
#: Games live in server channels (and their threads): no command is offered in DMs.
GUILD_ONLY = app_commands.AppCommandContext(guild=True)

ChoiceList = list[app_commands.Choice[str]]


def discord_name(text: str) -> str:
    """``text`` as a valid command/option name: lowercase, letters/digits/-/_, at most 32."""
    name = re.sub(r"[^-_\w]", "_", text.strip().lower())[:MAX_NAME]
    return name or "_"


def choices(pairs: Sequence[tuple[str, str]]) -> ChoiceList:
    """Autocomplete's (name, value) pairs as Discord's choices."""
    return [app_commands.Choice(name=n, value=v) for n, v in pairs]


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
