"""``turnpost console``: a local terminal "channel" that speaks to the same service as Discord.

Several named players share one terminal (hot-seat): ``as ana`` switches who is typing, or prefix a
single line with ``ana: ``. Boards are written as PNG files and their paths printed; a player's
private view (and their legal moves, which can give a hand away) is shown only when they ask.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import shlex
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import IO, Any

import engines
from bot.reminders import zone_label
from bot.service import MoveOutcome, Service, ServiceError, User
from bot.service.narrate import game_title
from bot.service.session import is_computer
from engines.base import IllegalAction, tokens
from engines.catalog import CATALOG

#: ``moves`` lists every move when there are at most this many, else groups them by verb.
LIST_ALL = 30
#: A group of at most this many moves is listed whole.
LIST_GROUP = 6
#: Service messages that name Discord commands, said with the console's commands instead.
CONSOLE_WORDING = (
    "service.no_game",
    "service.not_started",
    "service.creator_gone",
    "service.damaged",
)

#: The console is one channel of one pretend server.
GUILD_ID = 0
CHANNEL_ID = 1


def user_id_for(name: str) -> int:
    """A stable id for a console player's name (same name, same seat across sessions)."""
    return int.from_bytes(hashlib.sha256(name.lower().encode()).digest()[:6], "big")


class Console:
    """One console session: parses lines, calls the service, writes lines and files."""

    def __init__(
        self,
        service: Service,
        out_dir: Path,
        write: Callable[[str], None],
        *,
        boards: bool = True,
    ) -> None:
        self.service = service
        self.out_dir = out_dir
        self.write = write
        #: False: text only, no board images drawn or written (a quick session, tests).
        self.boards = boards
        self.current: User | None = None

    def say(self, key: str, **params: Any) -> None:
        """Write the console message ``console.<key>`` in the session's language."""
        self.write(CATALOG.text(f"console.{key}", params, lang=self.service.lang))

    def _user(self) -> User:
        if self.current is None:
            raise ServiceError("console.who")
        return self.current

    def _save(self, name: str, png: bytes | None) -> None:
        if png is None or not self.boards:
            return
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / name
        path.write_bytes(png)
        self.say("image", path=str(path))

    async def _names(self) -> dict[int, str]:
        info = await self.service.game(CHANNEL_ID)
        return {s.user_id: s.name for s in info.seats}

    async def _show_move(self, out: MoveOutcome) -> None:
        for line in out.lines:
            self.write(line)
        me = self._user()
        for line in out.private_lines.get(me.id, ()):
            self.say("only_sees", name=me.name, line=line)
        png = out.board_png
        if png is None and out.board is not None and self.boards:
            # A computer's move comes undrawn (Discord's adapter draws it after posting); the
            # console writes its board like anyone's (#28.4).
            png = await out.board.render()
        self._save(f"{out.game}-{out.game_id}-v{out.version}.png", png)
        if out.score_sheet:
            for line in out.score_sheet.lines:
                self.write(line)
        elif out.mention:
            # Discord would mention these players now; the console just says so.
            names = await self._names()
            self.say("ping", names=[names.get(u, str(u)) for u in out.mention])
        for line in out.recap:
            self.write(f"  {line}")
        # Shown: nothing is owed to this channel any more (see bot/outbox.py).
        await self.service.announced(out.game_id, out.version)
        if any(is_computer(u) for u in out.to_act):
            # A computer seat moves at once here (Discord waits a natural moment first).
            played = await self.service.computer_turn(out.game_id)
            if played is not None:
                await self._show_move(played)

    async def handle(self, line: str) -> bool:
        """Run one line; ``False`` means quit."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        head, sep, rest = line.partition(":")
        if sep and head and " " not in head.strip() and rest.strip():
            saved = self.current
            self.current = User(user_id_for(head.strip()), head.strip())
            try:
                return await self.handle(rest)
            finally:
                self.current = saved
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        cmd, args = words[0].lower(), words[1:]
        try:
            return await self._dispatch(cmd, args, line)
        except ServiceError as exc:
            if exc.key in CONSOLE_WORDING:
                # The console never suggests Discord syntax (issue 12.10).
                exc = ServiceError("console." + exc.key.split(".", 1)[1], **exc.params)
            self.say("refused", reason=exc.text(self.service.lang))
        except IllegalAction as exc:
            reason = CATALOG.text(exc.key, exc.params, lang=self.service.lang)
            self.say("refused", reason=reason)
        return True

    async def _dispatch(self, cmd: str, args: list[str], line: str) -> bool:
        s = self.service
        commands: dict[str, Callable[[], Awaitable[None]]] = {
            "games": self._games,
            "help": lambda: self._help(args),
            "new": lambda: self._new(args),
            "join": lambda: self._join(),
            "leave": lambda: self._leave(),
            "start": lambda: self._start(args),
            "board": self._board,
            "hand": self._hand,
            "moves": lambda: self._moves(" ".join(args)),
            "log": lambda: self._log(args),
            "undo": self._undo,
            "abort": lambda: self._abort(args),
            "mine": self._mine,
            "export": lambda: self._export(args),
            "settings": lambda: self._settings(args),
            "remind": lambda: self._remind(args),
            "computer": lambda: self._computer(args),
            "hint": self._hint,
        }
        if cmd in ("quit", "exit"):
            return False
        if cmd == "as":
            if not args:
                raise ServiceError("console.who")
            name = " ".join(args)
            self.current = User(user_id_for(name), name)
            self.say("you_are", name=name)
            return True
        if cmd in commands:
            await commands[cmd]()
            return True
        text = line.split(None, 1)[1] if cmd == "play" and " " in line else line
        if cmd == "play" and " " not in line:
            raise ServiceError("console.play_what")
        await self._show_move(await s.act(CHANNEL_ID, self._user(), text, render=self.boards))
        return True

    async def _games(self) -> None:
        for e in engines.all_engines():
            m = e.meta
            self.say("game_line", id=m.id, title=m.title, takes=m.player_counts())

    async def _help(self, args: list[str]) -> None:
        if not args:
            self.write(CATALOG.text("console.help", lang=self.service.lang))
            return
        meta = engines.get(args[0]).meta
        lang = self.service.lang
        title = game_title(meta.id, lang)
        self.write(f"{title} — {meta.notes_in(lang)}".rstrip(" —"))
        for v in meta.verbs:
            params = " ".join(
                (f"{p.name}=…" if p.keyword else f"<{p.name}>")
                if p.required
                else (f"[{p.name}=…]" if p.keyword else f"[<{p.name}>]")
                for p in v.params
            )
            self.write(f"  {v.name} {params}".rstrip() + f" — {meta.verb_help(v, lang)}")
            for ex in v.examples:
                self.say("example", example=ex)
        for o in meta.options:
            self.say(
                "option_line",
                name=o.name,
                choices="|".join(o.choices),
                default=o.default,
                help=meta.option_help(o, lang),
            )
        for line in engines.get(args[0]).help_lines(self.service.lang):
            self.write(f"  {line}")

    async def _new(self, args: list[str]) -> None:
        if not args:
            raise ServiceError("console.new_what")
        game, pairs = args[0], args[1:]
        options: dict[str, str] = {}
        players: int | None = None
        seed: int | None = None
        hints = True
        lang: str | None = None
        for pair in pairs:
            name, _, value = pair.partition("=")
            if name == "players" and value.isdigit():
                players = int(value)
            elif name == "seed" and value.isdigit():
                seed = int(value)
            elif name == "hints" and value in ("on", "off"):
                hints = value == "on"
            elif name == "lang":
                lang = value  # the table's own language (#28.1); the service checks it
            else:
                options[name] = value
        info = await self.service.create_lobby(
            GUILD_ID,
            CHANNEL_ID,
            self._user(),
            game,
            players,
            options,
            seed=seed,
            hints=hints,
            lang=lang,
        )
        self.say("lobby_open", title=info.title, game_id=info.game_id)

    async def _computer(self, args: list[str]) -> None:
        """``computer add [LEVEL]`` / ``computer remove``: a computer seat in the lobby."""
        what = args[0].lower() if args else ""
        if what == "add":
            level = args[1].lower() if len(args) > 1 else "normal"
            info = await self.service.add_computer(CHANNEL_ID, self._user(), level)
        elif what == "remove":
            info = await self.service.remove_computer(CHANNEL_ID, self._user())
        else:
            raise ServiceError("console.computer_what")
        self.say("seated", names=list(info.names))

    async def _hint(self) -> None:
        me = self._user()
        for line in await self.service.hint(CHANNEL_ID, me):
            self.say("only_sees", name=me.name, line=line)

    async def _join(self) -> None:
        info = await self.service.join(CHANNEL_ID, self._user())
        self.say("seated", names=list(info.names))

    async def _leave(self) -> None:
        info = await self.service.leave(CHANNEL_ID, self._user())
        self.say("seated", names=list(info.names))

    async def _start(self, args: list[str]) -> None:
        order = [user_id_for(n) for n in args] or None
        out = await self.service.start(CHANNEL_ID, self._user(), order, render=self.boards)
        await self._show_move(out)

    async def _board(self) -> None:
        b = await self.service.board(CHANNEL_ID)
        for line in b.lines:
            self.write(line)
        self._save(f"board-{b.game_id}-v{b.version}.png", b.png)
        if b.score_sheet:
            for line in b.score_sheet.lines:
                self.write(line)

    async def _hand(self) -> None:
        me = self._user()
        p = await self.service.private_view(CHANNEL_ID, me)
        for line in p.lines:
            self.say("only_sees", name=me.name, line=line)
        self._save(f"hand-{p.game_id}-{me.name}-v{p.version}.png", p.png)

    async def _not_my_turn(self) -> None:
        """Whose turn it is instead, and what they are asked when that is one thing (issue 12.10)."""
        info = await self.service.game(CHANNEL_ID)
        names = {s.user_id: s.name for s in info.seats}
        waiting = [names.get(u, str(u)) for u in info.to_act]
        if not waiting:
            raise ServiceError(
                "console.not_started" if info.status == "lobby" else "service.game_over"
            )
        asked = ""
        if len(info.to_act) == 1:
            them = User(info.to_act[0], waiting[0])
            verbs = [t for t in await self.service.complete(CHANNEL_ID, them, "") if t]
            meta = engines.get(info.game).meta
            verb = meta.verb(verbs[0]) if len(verbs) == 1 else None
            if verb is not None:
                lang = self.service.lang
                help_text = meta.verb_help(verb, lang)  # in the table's language (#13.1)
                asked = CATALOG.text(
                    "console.asked", {"help": help_text, "verb": verb.name}, lang=lang
                )
        self.say("not_your_turn", names=waiting, asked=asked)

    async def _moves(self, prefix: str) -> None:
        """Legal moves, grouped by verb with counts when there are many (issue 12.2); a
        filtered list that comes out empty says why."""
        me = self._user()
        info = await self.service.game(CHANNEL_ID)
        if me.id not in info.to_act:
            await self._not_my_turn()
            return
        listed = await self.service.legal(CHANNEL_ID, me)
        typed = tokens(prefix, strict=False)
        if listed is not None:
            chosen = [t for t in listed if t.split()[: len(typed)] == typed]
            if chosen:
                self._write_moves(chosen, len(typed))
                return
        else:
            nxt = await self.service.complete(CHANNEL_ID, me, prefix)
            if nxt:
                self._write_next(typed, nxt)
                return
        await self._why_none(me, typed)

    def _write_next(self, typed: list[str], nxt: list[str]) -> None:
        """What may follow the typed words, for a game whose moves are too many to list: the
        words, "(the move is whole)" for END, and the command that shows what comes next."""
        lang = self.service.lang
        shown = [CATALOG.text("console.token_end", lang=lang) if t == "" else t for t in nxt]
        more = [t for t in nxt if t]
        example = " ".join([*typed, more[0]]) if more else ""
        hint = CATALOG.text("console.next_hint", {"example": example}, lang=lang) if more else ""
        if typed:
            self.say("next_tokens", prefix=" ".join(typed), tokens=", ".join(shown), hint=hint)
        else:
            self.say("first_tokens", tokens=", ".join(shown), hint=hint)

    def _write_moves(self, moves: list[str], depth: int) -> None:
        if len(moves) <= LIST_ALL:
            self.say("legal", moves=" | ".join(moves))
            return
        groups: dict[str, list[str]] = {}
        for m in moves:
            groups.setdefault(" ".join(m.split()[: depth + 1]), []).append(m)
        self.say("moves_total", count=len(moves))
        for head, group in groups.items():
            if len(group) <= LIST_GROUP:
                self.write(f"  {head} ({len(group)}): {' | '.join(group)}")
                continue
            nxt = sorted({g.split()[depth + 1] for g in group if len(g.split()) > depth + 1})
            self.write(
                f"  {head} ({len(group)}): "
                + CATALOG.text(
                    "console.moves_next", {"next": nxt[:12], "prefix": head}, lang=self.service.lang
                )
            )

    async def _why_none(self, me: User, typed: list[str]) -> None:
        """No legal move starts with ``typed``: name the longest start that has some, and what
        may follow it."""
        good: list[str] = []
        nxt = await self.service.complete(CHANNEL_ID, me, "")
        for tok in typed:
            if tok not in nxt:
                break
            good.append(tok)
            nxt = await self.service.complete(CHANNEL_ID, me, " ".join(good))
        shown = [t or "(done)" for t in nxt]
        self.say("no_such_moves", typed=" ".join(typed), start=" ".join(good) or "—", next=shown)

    async def _log(self, args: list[str]) -> None:
        # Without a page number the newest page, where a returning player wants to start.
        page = int(args[0]) if args and args[0].isdigit() else -1
        viewer = self.current.id if self.current else None
        lp = await self.service.log(CHANNEL_ID, page, viewer)
        self.say("log_page", page=lp.page, pages=lp.pages)
        for line in lp.lines:
            self.write(f"  {line}")

    async def _undo(self) -> None:
        me = self._user()
        preview = await self.service.undo_preview(CHANNEL_ID, me)
        for line in preview.lines:
            self.write(line)
        await self._show_move(await self.service.undo(CHANNEL_ID, me))

    async def _abort(self, args: list[str]) -> None:
        """Aborting ends the game for everyone: ``abort`` asks, ``abort yes`` does it."""
        if [a.lower() for a in args] != ["yes"]:
            info = await self.service.game(CHANNEL_ID)
            if info.status not in ("lobby", "active"):
                raise ServiceError("service.no_game")
            self.say("abort_confirm", title=info.title)
            return
        out = await self.service.abort(CHANNEL_ID, self._user())
        for line in out.lines:
            self.write(line)

    async def _mine(self) -> None:
        games = await self.service.my_games(self._user().id)
        if not games:
            self.say("no_games")
        for g in games:
            turn = CATALOG.text(
                "console.your_turn" if g.my_turn else f"console.status_{g.status}",
                lang=self.service.lang,
            )
            self.say(
                "mine_line", title=g.title, channel=g.channel_id, turn=turn, round=g.round_info
            )

    async def _export(self, args: list[str]) -> None:
        data = await self.service.export(CHANNEL_ID)
        text = json.dumps(data, indent=2)
        if args:
            Path(args[0]).write_text(text, encoding="utf-8")
            self.say("exported", path=args[0])
        else:
            self.write(text)

    async def _remind(self, args: list[str]) -> None:
        """The current player's own quiet hours (local hours FROM-UNTIL) and time zone (an IANA
        name, which follows daylight saving)."""
        changes: dict[str, Any] = {}
        for pair in args:
            name, _, value = pair.partition("=")
            if name == "zone":
                changes["time_zone"] = value
            elif name == "quiet":
                start, _, end = value.partition("-")
                try:
                    changes["quiet_start"], changes["quiet_end"] = int(start), int(end)
                except ValueError:
                    raise ServiceError(
                        "console.bad_setting", setting=pair, known="quiet, zone"
                    ) from None
            else:
                raise ServiceError("console.bad_setting", setting=name, known="quiet, zone")
        me = self._user()
        if changes:
            st = await self.service.update_user_settings(me.id, **changes)
        else:
            st = await self.service.user_settings(me.id)
        quiet = (
            f"{st.quiet_start}-{st.quiet_end}"
            if st.quiet_start != st.quiet_end
            else CATALOG.text("core.nothing", lang=self.service.lang)
        )
        zone = zone_label(st.time_zone, st.tz_offset_minutes)
        self.say("remind_line", name=me.name, quiet=quiet, zone=zone)

    async def _settings(self, args: list[str]) -> None:
        """The table's reminder settings, and its quiet hours (``quiet=FROM-UNTIL``, local
        hours) in its time zone (``zone=Asia/Tokyo``, an IANA name)."""
        names = {
            "delay": "reminder_delay_hours",
            "interval": "reminder_interval_hours",
            "max": "reminder_max",
            "deadline": "deadline_hours",
        }
        known = ", ".join([*names, "quiet", "zone"])
        changes: dict[str, Any] = {}
        for pair in args:
            name, _, value = pair.partition("=")
            try:
                if name == "zone":
                    changes["time_zone"] = value
                elif name == "quiet":
                    start, _, end = value.partition("-")
                    changes["quiet_start"], changes["quiet_end"] = int(start), int(end)
                elif name in names:
                    changes[names[name]] = int(value) if name == "max" else float(value)
                else:
                    raise ServiceError("console.bad_setting", setting=name, known=known)
            except ValueError:
                raise ServiceError("console.bad_setting", setting=pair, known=known) from None
        if changes:
            st = await self.service.update_settings(
                CHANNEL_ID, self._user(), can_manage=True, **changes
            )
        else:
            st = await self.service.settings(CHANNEL_ID)
        nothing = CATALOG.text("core.nothing", lang=self.service.lang)
        self.say(
            "settings_line",
            delay=f"{st.reminder_delay_hours:g}",
            interval=f"{st.reminder_interval_hours:g}",
            max=st.reminder_max,
            deadline=(f"{st.deadline_hours:g} h" if st.deadline_hours else nothing),
            quiet=(
                f"{st.quiet_start}-{st.quiet_end}" if st.quiet_start != st.quiet_end else nothing
            ),
            zone=zone_label(st.time_zone, st.tz_offset_minutes),
        )


async def run_console(
    db_path: str | Path,
    out_dir: Path,
    stdin: IO[str],
    stdout: IO[str],
    *,
    lang: str = "en",
    boards: bool = True,
) -> int:
    """Read lines from ``stdin`` until EOF or ``quit``; everything is said in ``lang``;
    ``boards=False`` writes no images (text only)."""

    def write(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    service = await Service.open(db_path, lang=lang)
    console = Console(service, out_dir, write, boards=boards)
    console.say("welcome", db=str(db_path), out=f"{out_dir}/")
    try:
        while True:
            who = console.current.name if console.current else "?"
            stdout.write(f"{who}> ")
            stdout.flush()
            line = stdin.readline()
            if not line:
                break
            if not await console.handle(line):
                break
    finally:
        await service.close()
    return 0


def main(db_path: str | Path, out_dir: Path, *, lang: str = "en", boards: bool = True) -> int:
    """Entry point of ``turnpost console``."""
    return asyncio.run(
        run_console(db_path, out_dir, sys.stdin, sys.stdout, lang=lang, boards=boards)
    )
