"""A loopback stand-in for Discord's REST API, and interaction payloads shaped as Discord sends them.

discord.py's real HTTP client is pointed at a local aiohttp server (``discord.http.Route.BASE``), so
every request the bot makes (interaction callbacks, followup webhooks, multipart uploads, command
sync, channel messages, threads) is really encoded by discord.py, then recorded here for the tests.
Interactions enter through the gateway's real parser, ``ConnectionState.parse_interaction_create``.

The stand-in behaves as Discord does where it matters to players, not only records:

* A deferred response (callback type 5) shows a "thinking…" message; the first followup after it
  does not create a message, it EDITS that one (and keeps the defer's ephemeral flag, whatever the
  followup's flags say). Later followups create messages with their own flags.
* Only a created, non-ephemeral message notifies, and only the users its ``allowed_mentions``
  permits (``@everyone`` and roles likewise), for mentions in its content or, in a Components V2
  message, in its text displays. Edits (PATCH, callback type 7, the first followup
  after a defer) never notify. ``notifications`` lists every notification sent.
* The first response must arrive within 3 seconds of the interaction (else 404 "Unknown
  interaction", code 10062); an interaction is answered once (else 400, code 40060).
* Message and component limits are enforced (400, code 50035): 2000 characters of content, 10
  embeds with a 4096-character description and 6000 characters in all, 5 rows, 5 buttons or one
  select per row, 25 options, 100-character custom ids, 80-character button labels, 10 files.
  A Components V2 message (flag 1 << 15) holds at most 40 components, nested ones counted, and
  4000 characters of text in its text displays, has no content or embeds, and keeps the flag:
  an edit that would remove it is refused. A media item's ``attachment://<filename>`` must name
  an attachment of the message; Discord stores it as the attachment's (expiring) link.
* Polls (#27.6), as Discord's poll resource documents them: a message's ``poll`` (a question of
  at most 300 characters, 1 to 10 answers of at most 55, a duration of 1 to 768 hours) needs the
  bot's Send Polls permission in the channel (else 403, code 50013); Discord numbers the answers
  and stores the expiry; a poll message cannot be edited (400, code 520003). Users vote with
  ``vote_poll``: only on an open poll, never a bot, one answer at a time unless multiselect;
  each vote or withdrawal is a MESSAGE_POLL_VOTE_ADD/REMOVE gateway event, fed through
  discord.py's own parser, and sent only when the bot asked for the guild message polls intent.
  ``POST /channels/{c}/polls/{m}/expire`` ends a poll of the bot's own (a message without one:
  400, code 520006; ended already: 400, code 520001), finalises its results and posts the poll's
  results message (type 46, POLL_RESULT), which notifies nobody.
"""

from __future__ import annotations

import asyncio
import datetime
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

import discord
from aiohttp import web

APP_ID = 900_000_000_000_000_001
GUILD_ID = 910_000_000_000_000_001
CHANNEL_ID = 920_000_000_000_000_001
#: Poll limits (Discord's poll resource): question and answer text, answers, hours.
POLL_QUESTION_MAX = 300
POLL_ANSWER_MAX = 55
POLL_ANSWERS_MAX = 10
POLL_HOURS_MAX = 768
#: Permissions the bot has in the test channel: view, send, embed links, attach files, threads.
BOT_PERMS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    create_public_threads=True,
    read_message_history=True,
)
TIMESTAMP = "2026-11-21T12:00:00.000000+00:00"
#: The same with Send Polls: a channel where the bot may post polls.
POLL_PERMS = discord.Permissions(BOT_PERMS.value | discord.Permissions(send_polls=True).value)

_ids = itertools.count(930_000_000_000_000_001)


def snowflake() -> str:
    """A fresh, unique snowflake id."""
    return str(next(_ids))


@dataclass(frozen=True)
class Player:
    """A Discord user sending interactions."""

    id: int
    name: str
    #: Guild permissions of the member (as Discord's permission bit field).
    permissions: int = discord.Permissions(send_messages=True, view_channel=True).value
    bot: bool = False

    def user_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            **({"bot": True} if self.bot else {}),
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Sent:
    """One request the bot made, decoded."""

    method: str
    path: str
    query: dict[str, str]
    json: Any = None
    #: Uploaded files: (form field name, filename, bytes).
    files: list[tuple[str, str, bytes]] = field(default_factory=list)
    #: The message id the loopback answered with, if the request created a message.
    message_id: str | None = None
    #: ``time.perf_counter()`` when the request arrived (for latency measurements).
    at: float = 0.0
    #: What Discord did with it: "create", "edit", "delete", "defer" or "" (nothing visible).
    kind: str = ""
    #: Whether the resulting message is ephemeral (for edits: the edited message's flag).
    visible_ephemeral: bool = False
    #: Users this request notified (a created, public message whose allowed mentions permit it).
    notified: list[int] = field(default_factory=list)
    #: HTTP status the loopback answered (200 unless the request broke one of Discord's rules).
    status: int = 200
    #: A create whose nonce this author already used: Discord returned that message instead.
    duplicate: bool = False

    @property
    def callback_type(self) -> int | None:
        """For an interaction callback, its type (4 message, 5 deferred, 6 deferred update, 7
        update, 8 autocomplete result)."""
        return self.json.get("type") if "/callback" in self.path and self.json else None

    @property
    def message(self) -> dict[str, Any]:
        """The message part of the request: the callback's ``data`` or the body itself."""
        if self.json is None:
            return {}
        if "/callback" in self.path:
            return dict(self.json.get("data") or {})
        return dict(self.json)

    @property
    def ephemeral(self) -> bool:
        """The ephemeral flag the request asked for (see ``visible_ephemeral`` for the outcome)."""
        return bool(self.message.get("flags", 0) & 64)

    @property
    def public_create(self) -> bool:
        """A message everyone in the channel sees appear (created, not ephemeral)."""
        return self.kind == "create" and not self.visible_ephemeral and self.status == 200

    @property
    def content(self) -> str:
        return str(self.message.get("content") or "")

    @property
    def headline(self) -> str:
        """The message's first line of words: its content or, in a Components V2 message, its
        first top-level text display (a table message's ping)."""
        if self.content:
            return self.content
        top = [c for c in self.message.get("components") or [] if c.get("type") == 10]
        return str(top[0].get("content") or "") if top else ""

    def has_line(self, prefix: str) -> bool:
        """Whether a line of the message's text (``text``) starts with ``prefix``."""
        return any(line.startswith(prefix) for line in self.text.splitlines())

    def media(self) -> list[str]:
        """The URLs of the media gallery items of a Components V2 message."""
        return [
            str(i["media"]["url"])
            for c in every_component(self.message.get("components") or [])
            if c.get("type") == 12
            for i in c.get("items") or []
        ]

    @property
    def text(self) -> str:
        """Every text a reader sees in the message: its content, its embeds' descriptions and
        footers, and the text displays of a Components V2 message (nested ones included)."""
        return message_text(self.message)

    def custom_ids(self) -> list[str]:
        """Every custom id in the message's components (any nesting)."""
        out: list[str] = []

        def walk(obj: Any) -> None:
            if isinstance(obj, dict):
                if "custom_id" in obj:
                    out.append(obj["custom_id"])
                for v in obj.values():
                    walk(v)
            elif isinstance(obj, list):
                for v in obj:
                    walk(v)

        walk(self.message.get("components", []))
        return out


#: Interactions delivered to the bot, by token: when, and the message a component sat on.
DELIVERED: dict[str, dict[str, Any]] = {}
#: Discord's first-response deadline for an interaction (seconds).
RESPONSE_DEADLINE = 3.0
MENTION_RE = re.compile(r"<@!?(\d+)>")


class Refused(Exception):
    """A request Discord would refuse: answered with ``status`` and a JSON error ``code``."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass
class Notification:
    """One notification Discord sent: ``user_id`` (0 for ``@everyone``) by message ``message_id``."""

    user_id: int
    message_id: str
    content: str


@dataclass
class _Interaction:
    """What Discord remembers about an answered interaction."""

    deferred: bool = False
    #: A deferred response whose "thinking…" message was not resolved yet.
    loading: bool = False
    ephemeral: bool = False
    original: str | None = None


#: The message flag of Components V2 (``IS_COMPONENTS_V2``, 1 << 15).
COMPONENTS_V2 = 1 << 15
#: Components V2: components in one message, counting nested ones, and characters of text in all
#: its text displays (Discord's documented limits for a V2 message).
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
#: Component types that are selects (string, user, role, mentionable, channel).
SELECT_TYPES = (3, 5, 6, 7, 8)


def every_component(items: list[Any]) -> list[dict[str, Any]]:
    """Every component of a message, nested ones included (rows, containers, sections and their
    accessories), in order."""
    out: list[dict[str, Any]] = []
    for c in items:
        if not isinstance(c, dict):
            continue
        out.append(c)
        out.extend(every_component(c.get("components") or []))
        if isinstance(c.get("accessory"), dict):
            out.extend(every_component([c["accessory"]]))
    return out


def message_text(msg: dict[str, Any]) -> str:
    """What a reader sees as text in a message body (content, embeds, V2 text displays, a
    poll's question and answers)."""
    parts = [str(msg.get("content") or "")]
    poll = msg.get("poll") or {}
    if poll:
        parts.append(str((poll.get("question") or {}).get("text") or ""))
        parts += [str((a.get("poll_media") or {}).get("text") or "") for a in poll["answers"]]
    for e in msg.get("embeds") or []:
        parts += [str(e.get("description") or ""), str((e.get("footer") or {}).get("text", ""))]
    parts += [
        str(c.get("content") or "")
        for c in every_component(msg.get("components") or [])
        if c.get("type") == 10
    ]
    return "\n".join(p for p in parts if p)


def _component_problems(c: dict[str, Any]) -> list[str]:
    """What Discord refuses in one component, whatever holds it."""
    out = []
    if len(c.get("custom_id") or "") > 100:
        out.append(f"custom id over 100 characters: {c.get('custom_id')}")
    if c.get("type") == 2 and len(c.get("label") or "") > 80:
        out.append(f"button label over 80 characters: {c.get('label')}")
    if len(c.get("placeholder") or "") > 150:
        out.append("placeholder over 150 characters")
    options = c.get("options")
    if options is not None:
        if not 1 <= len(options) <= 25:
            out.append(f"select with {len(options)} options")
        for o in options:
            if len(o.get("label") or "") > 100 or len(o.get("value") or "") > 100:
                out.append("option label or value over 100 characters")
            if len(o.get("description") or "") > 100:
                out.append("option description over 100 characters")
    if c.get("type") == 1:
        items = c.get("components") or []
        selects = [i for i in items if i.get("type") in SELECT_TYPES]
        if len(items) > 5 or (selects and len(items) > 1):
            out.append("a row holds 5 buttons or one select")
    return out


def limit_problems(msg: dict[str, Any], files: int, *, v2: bool = False) -> list[str]:
    """What in a message body Discord would refuse (empty when it is fine). ``v2``: the message
    already carries the Components V2 flag (an edit of one)."""
    out: list[str] = []
    v2 = v2 or bool((msg.get("flags") or 0) & COMPONENTS_V2)
    if len(msg.get("content") or "") > 2000:
        out.append("content over 2000 characters")
    embeds = msg.get("embeds") or []
    if len(embeds) > 10:
        out.append("more than 10 embeds")
    total = 0
    for e in embeds:
        desc = e.get("description") or ""
        if len(desc) > 4096:
            out.append("embed description over 4096 characters")
        total += (
            len(desc) + len(e.get("title") or "") + len((e.get("footer") or {}).get("text", ""))
        )
    if total > 6000:
        out.append("embeds over 6000 characters")
    if files > 10:
        out.append("more than 10 files")
    rows = msg.get("components") or []
    every = every_component(rows)
    if v2:
        # A V2 message is its components: no content or embeds beside them.
        if msg.get("content") or embeds:
            out.append("a Components V2 message cannot have content or embeds")
        if len(every) > V2_COMPONENTS_MAX:
            out.append(f"{len(every)} components (at most {V2_COMPONENTS_MAX})")
        text = sum(len(c.get("content") or "") for c in every if c.get("type") == 10)
        if text > V2_TEXT_MAX:
            out.append(f"{text} characters of text (at most {V2_TEXT_MAX})")
    else:
        if len(rows) > 5:
            out.append("more than 5 rows")
        if any(c.get("type") != 1 for c in rows):
            out.append("only action rows at the top without the Components V2 flag")
    for c in every:
        out.extend(_component_problems(c))
    return out


class FakeDiscord:
    """The loopback REST server. ``sent`` lists every request in order; ``notifications`` every
    notification Discord would have sent."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self.messages: dict[str, dict[str, Any]] = {}
        #: Nonces sent with ``enforce_nonce``, by channel: the message each created.
        self.nonces: dict[tuple[str, str], str] = {}
        self.notifications: list[Notification] = []
        self.interactions: dict[str, _Interaction] = {}
        #: Enforce the 3-second first-response deadline (the latency benchmark turns it off).
        self.deadline = True
        self.commands: list[dict[str, Any]] = []
        #: Direct-message channels the bot opened, by channel id: the recipient's user id.
        self.dm_channels: dict[str, int] = {}
        #: Users whose direct messages are closed to the bot: Discord answers a DM to them
        #: 403 "Cannot send messages to this user" (code 50007).
        self.closed_dms: set[int] = set()
        #: The bot's permissions in the channels for what it posts outside an interaction's
        #: answer (a poll needs Send Polls, which BOT_PERMS lacks: see POLL_PERMS).
        self.bot_permissions = BOT_PERMS
        #: Each poll message's voters by answer id.
        self.poll_votes: dict[str, dict[int, set[int]]] = {}
        #: The poll results messages Discord posted when a poll ended (type 46).
        self.poll_results: list[dict[str, Any]] = []
        self.bot_user = {
            "id": str(APP_ID),
            "username": "turnpost",
            "global_name": "Turnpost",
            "discriminator": "0",
            "avatar": None,
            "bot": True,
        }
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # -- what the bot sent --------------------------------------------------------------------
    def since(self, mark: int) -> list[Sent]:
        """Requests made after ``mark`` (a previous ``len(sent)``)."""
        return self.sent[mark:]

    def channel_messages(self, channel_id: int = CHANNEL_ID) -> list[Sent]:
        """Plain channel posts (not interaction replies), e.g. reminders and boards."""
        return [
            s
            for s in self.sent
            if s.method == "POST"
            and s.path.endswith(f"/channels/{channel_id}/messages")
            and not s.duplicate
        ]

    def notices(self, channel_id: int = CHANNEL_ID) -> list[Sent]:
        """Channel posts without a board image (reminders, deadline notices)."""
        return [s for s in self.channel_messages(channel_id) if not s.files]

    def public_messages(self, mark: int = 0) -> list[Sent]:
        """Messages created for everyone to see, after ``mark`` (a direct message is not)."""
        return [s for s in self.sent[mark:] if s.public_create and not self._dm(s)]

    def direct_messages(self, mark: int = 0) -> list[tuple[int, Sent]]:
        """Direct messages created after ``mark``, with their recipient."""
        return [
            (self.dm_channels[s.path.split("/")[2]], s)
            for s in self.sent[mark:]
            if s.kind == "create" and self._dm(s) and not s.duplicate
        ]

    def _dm(self, s: Sent) -> bool:
        parts = s.path.split("/")
        return len(parts) > 2 and parts[1] == "channels" and parts[2] in self.dm_channels

    def table_shape(self, mark: int = 0) -> dict[str, int]:
        """What the channel messages created or edited after ``mark`` looked like: how many were
        Components V2 and how many not, and the most components and text characters one held."""
        shape = {"v2": 0, "classic": 0, "most_components": 0, "most_text": 0}
        for s in self.sent[mark:]:
            if not s.path.startswith("/channels/") or s.method not in ("POST", "PATCH"):
                continue
            if s.status != 200 or s.duplicate or s.json is None or s.kind not in ("create", "edit"):
                continue
            msg = s.message
            stored = self.messages.get(s.message_id or "", {})
            if not (msg.get("flags") or stored.get("flags") or 0) & COMPONENTS_V2:
                shape["classic"] += 1
                continue
            shape["v2"] += 1
            every = every_component(msg.get("components") or [])
            text = sum(len(c.get("content") or "") for c in every if c.get("type") == 10)
            shape["most_components"] = max(shape["most_components"], len(every))
            shape["most_text"] = max(shape["most_text"], text)
        return shape

    def notified(self, mark: int = 0) -> list[int]:
        """Users notified by requests after ``mark``, in order (0 stands for ``@everyone``)."""
        return [u for s in self.sent[mark:] for u in s.notified]

    # -- the server -------------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.Response:
        path = request.path.removeprefix("/api/v10")
        sent = Sent(request.method, path, dict(request.query), at=time.perf_counter())
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    sent.json = json.loads(data)
                else:
                    sent.files.append((part.name or "", part.filename or "", bytes(data)))  # type: ignore[union-attr]
        elif request.can_read_body:
            raw = await request.read()
            sent.json = json.loads(raw) if raw else None
        self.sent.append(sent)
        try:
            body = self._answer(sent)
        except Refused as err:
            sent.status = err.status
            body = {"code": err.code, "message": err.message, "errors": {}}
            return web.Response(
                status=err.status,
                body=json.dumps(body).encode(),
                headers={"Content-Type": "application/json"},
            )
        if body is None:
            return web.Response(status=204)
        # discord.py parses JSON only when the content type is exactly "application/json".
        return web.Response(
            body=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )

    def _check_limits(self, sent: Sent, *, v2: bool = False) -> None:
        problems = limit_problems(sent.message, len(sent.files), v2=v2)
        if problems:
            raise Refused(400, 50035, "Invalid Form Body: " + "; ".join(problems))

    @staticmethod
    def _resolved(components: list[Any], attachments: list[dict[str, Any]]) -> list[Any]:
        """A V2 message's components as Discord stores them: a media item's
        ``attachment://<filename>`` becomes that attachment's link (with its ``attachment_id``);
        a reference to no attachment of the message is refused."""
        by_name = {a["filename"]: a for a in attachments}
        out = json.loads(json.dumps(components))
        for c in every_component(out):
            for item in c.get("items") or []:
                url = str(item.get("media", {}).get("url", ""))
                if url.startswith("attachment://"):
                    found = by_name.get(url.removeprefix("attachment://"))
                    if found is None:
                        raise Refused(400, 50035, f"Invalid Form Body: no attachment {url}")
                    item["media"] = {"url": found["url"], "attachment_id": found["id"]}
        return out

    def _attachments(self, sent: Sent) -> list[dict[str, Any]]:
        return [
            {
                "id": snowflake(),
                "filename": f[1],
                "size": len(f[2]),
                # Discord's attachment links are signed and expire (``ex``).
                "url": f"https://cdn.example/{f[1]}?ex=1",
                "proxy_url": f"https://cdn.example/{f[1]}?ex=1",
            }
            for f in sent.files
        ]

    def _notify(self, sent: Sent, message_id: str) -> None:
        """Notifications of a created public message: mentions its allowed_mentions permit
        (Discord's default, with no allowed_mentions, parses every mention)."""
        msg = sent.message
        # Mentions in content, and in a V2 message's text displays, which Discord says "will
        # ping and send notifications based on the value of the allowed mention object".
        content = message_text({"content": msg.get("content"), "components": msg.get("components")})
        allowed = msg.get("allowed_mentions")
        parse = set(allowed.get("parse", [])) if allowed is not None else {"users", "everyone"}
        users = {str(u) for u in (allowed or {}).get("users", [])}
        for uid in dict.fromkeys(MENTION_RE.findall(content)):
            if "users" in parse or uid in users:
                sent.notified.append(int(uid))
        if ("@everyone" in content or "@here" in content) and "everyone" in parse:
            sent.notified.append(0)
        for u in sent.notified:
            self.notifications.append(Notification(u, message_id, content))

    def _create(self, sent: Sent, channel_id: str, *, ephemeral: bool) -> dict[str, Any]:
        """A new message: stored, and notifying when public."""
        self._check_limits(sent)
        msg = sent.message
        if msg.get("enforce_nonce") and msg.get("nonce") is not None:
            # Discord: a nonce already used by this author (in the past few minutes) returns
            # that message and creates none.
            known = self.nonces.get((channel_id, str(msg["nonce"])))
            if known is not None and known in self.messages:
                sent.message_id, sent.duplicate = known, True
                return self.messages[known]
        request = msg.get("poll")
        poll = self._poll(request) if isinstance(request, dict) else None
        mid = snowflake()
        if msg.get("enforce_nonce") and msg.get("nonce") is not None:
            self.nonces[(channel_id, str(msg["nonce"]))] = mid
        attachments = self._attachments(sent)
        components = self._resolved(msg.get("components") or [], attachments)
        sent.message_id, sent.kind, sent.visible_ephemeral = mid, "create", ephemeral
        data = {
            "id": mid,
            "channel_id": channel_id,
            "author": self.bot_user,
            "content": msg.get("content") or "",
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": msg.get("embeds") or [],
            "components": components,
            "pinned": False,
            "type": 0,
            "flags": (msg.get("flags", 0) & ~64) | (64 if ephemeral else 0),
        }
        if poll is not None:
            data["poll"] = poll
            self.poll_votes[mid] = {a["answer_id"]: set() for a in poll["answers"]}
        self.messages[mid] = data
        if not ephemeral:
            self._notify(sent, mid)
        return data

    # -- polls (#27.6) ---------------------------------------------------------------------------
    def _poll(self, request: dict[str, Any]) -> dict[str, Any]:
        """A poll create request checked and turned into the poll object Discord stores: answers
        numbered from 1, the duration become an expiry, no votes yet."""
        if not self.bot_permissions.send_polls:
            raise Refused(403, 50013, "Missing Permissions")
        question = str((request.get("question") or {}).get("text") or "")
        answers = request.get("answers") or []
        duration = request.get("duration", 24)
        problems = []
        if not question or len(question) > POLL_QUESTION_MAX:
            problems.append(f"poll question of {len(question)} characters")
        if not 1 <= len(answers) <= POLL_ANSWERS_MAX:
            problems.append(f"poll with {len(answers)} answers")
        for a in answers:
            text = str((a.get("poll_media") or {}).get("text") or "")
            if not text or len(text) > POLL_ANSWER_MAX:
                problems.append(f"poll answer of {len(text)} characters")
        if float(duration) != int(duration) or not 1 <= int(duration) <= POLL_HOURS_MAX:
            problems.append(f"poll duration {duration} hours")
        if problems:
            raise Refused(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        expiry = datetime.datetime.fromisoformat(TIMESTAMP) + datetime.timedelta(
            hours=int(duration)
        )
        return {
            "question": {"text": question},
            "answers": [
                {"answer_id": i, "poll_media": dict(a["poll_media"])}
                for i, a in enumerate(answers, start=1)
            ],
            "expiry": expiry.isoformat(),
            "allow_multiselect": bool(request.get("allow_multiselect", False)),
            "layout_type": int(request.get("layout_type") or 1),
            "results": {"is_finalized": False, "answer_counts": []},
        }

    def _counts(self, message_id: str) -> list[dict[str, Any]]:
        votes = self.poll_votes.get(message_id, {})
        return [
            {"id": answer, "count": len(users), "me_voted": False}
            for answer, users in votes.items()
            if users
        ]

    def poll_open(self, message_id: str) -> bool:
        """Whether a message holds a poll that has not ended."""
        data = self.messages.get(message_id) or {}
        return "poll" in data and not data["poll"].get("ended", False)

    def _expire(self, channel_id: str, message_id: str) -> dict[str, Any]:
        data = self.messages.get(message_id)
        if data is None:
            raise Refused(404, 10008, "Unknown Message")
        if "poll" not in data:
            raise Refused(400, 520006, "Cannot expire a non-poll message")
        if data["author"]["id"] != self.bot_user["id"]:
            raise Refused(403, 50013, "Missing Permissions")  # another user's poll
        poll = data["poll"]
        if poll.get("ended"):
            raise Refused(400, 520001, "Poll expired")
        poll["ended"] = True
        poll["expiry"] = TIMESTAMP
        poll["results"] = {"is_finalized": True, "answer_counts": self._counts(message_id)}
        # Discord posts the poll's results as a message of its own (POLL_RESULT), a reply to the
        # poll; a system message that pings nobody.
        counts = {c["id"]: c["count"] for c in poll["results"]["answer_counts"]}
        best = max(counts.values(), default=0)
        winners = [a for a, c in counts.items() if c == best and best > 0]
        victor = poll["answers"][winners[0] - 1] if len(winners) == 1 else None
        result_id = snowflake()
        result: dict[str, Any] = {
            "id": result_id,
            "channel_id": channel_id,
            "author": self.bot_user,
            "content": "",
            "type": 46,
            "timestamp": TIMESTAMP,
            "message_reference": {"message_id": message_id, "channel_id": channel_id},
            "embeds": [
                {
                    "type": "poll_result",
                    "fields": [
                        {"name": "poll_question_text", "value": poll["question"]["text"]},
                        {"name": "total_votes", "value": str(sum(counts.values()))},
                        *(
                            [
                                {
                                    "name": "victor_answer_text",
                                    "value": victor["poll_media"]["text"],
                                },
                                {"name": "victor_answer_votes", "value": str(best)},
                            ]
                            if victor is not None
                            else []
                        ),
                    ],
                }
            ],
        }
        self.messages[result_id] = result
        self.poll_results.append(result)
        return data

    async def vote_poll(
        self,
        client: discord.Client,
        player: Player,
        message_id: str | int,
        answer: int | str,
        *,
        add: bool = True,
    ) -> bool:
        """``player`` picks (``add``) or takes back an answer of the poll on ``message_id``, as a
        Discord client lets them: ``answer`` is an answer's id or its text. Returns False for
        what Discord does not let happen (a bot voting, an ended poll, a second answer of a
        single-choice poll, taking back an answer not picked): nothing changes, nothing is sent.
        Otherwise the poll's count changes and, when the bot asked for the guild message polls
        intent, the gateway event reaches it through discord.py's parser."""
        mid = str(message_id)
        data = self.messages.get(mid) or {}
        if "poll" not in data or player.bot or not self.poll_open(mid):
            return False
        poll = data["poll"]
        if isinstance(answer, str):
            found = [a["answer_id"] for a in poll["answers"] if a["poll_media"]["text"] == answer]
            if not found:
                return False
            answer = found[0]
        votes = self.poll_votes[mid]
        if answer not in votes:
            return False
        mine = {a for a, users in votes.items() if player.id in users}
        if add:
            if answer in mine or (mine and not poll["allow_multiselect"]):
                return False
            votes[answer].add(player.id)
        else:
            if answer not in mine:
                return False
            votes[answer].discard(player.id)
        poll["results"] = {"is_finalized": False, "answer_counts": self._counts(mid)}
        if not client.intents.guild_polls:
            return True  # Discord sends poll events only to those who asked for them
        event = "MESSAGE_POLL_VOTE_ADD" if add else "MESSAGE_POLL_VOTE_REMOVE"
        payload = {
            "user_id": str(player.id),
            "channel_id": str(data["channel_id"]),
            "message_id": mid,
            "guild_id": str(GUILD_ID),
            "answer_id": answer,
        }
        await dispatch_event(client, event, payload)
        return True

    def _edit(self, sent: Sent, message_id: str, channel_id: str) -> dict[str, Any]:
        """An edit of a stored message, in place: same id, never a notification. A Components V2
        message stays one: an edit cannot take the flag away (Discord refuses it)."""
        data = self.messages.get(message_id)
        if data is None:
            raise Refused(404, 10008, "Unknown Message")
        if "poll" in data:
            # "After creation, the poll message cannot be edited."
            raise Refused(400, 520003, "Cannot edit a poll message")
        msg = sent.message
        was_v2 = bool(data["flags"] & COMPONENTS_V2)
        if was_v2 and "flags" in msg and not (msg.get("flags") or 0) & COMPONENTS_V2:
            raise Refused(400, 50035, "Invalid Form Body: the Components V2 flag cannot be removed")
        self._check_limits(sent, v2=was_v2)
        if (msg.get("flags") or 0) & COMPONENTS_V2:
            data["flags"] |= COMPONENTS_V2
        attachments = data["attachments"]
        if "attachments" in msg or sent.files:
            kept = {str(a.get("id")) for a in msg.get("attachments") or []}
            attachments = [a for a in attachments if str(a["id"]) in kept] + self._attachments(sent)
        components = self._resolved(msg.get("components") or [], attachments)
        sent.message_id, sent.kind = message_id, "edit"
        sent.visible_ephemeral = bool(data["flags"] & 64)
        data["attachments"] = attachments
        for key in ("content", "embeds"):
            if key in msg:
                data[key] = msg[key] or ([] if key != "content" else "")
        if "components" in msg:
            data["components"] = components
        data["edited_timestamp"] = TIMESTAMP
        data["channel_id"] = channel_id
        return data

    def _callback(self, sent: Sent, interaction_id: str, token: str) -> dict[str, Any]:
        seen = DELIVERED.get(token, {})
        if token in self.interactions:
            raise Refused(400, 40060, "Interaction has already been acknowledged.")
        if self.deadline and seen and time.perf_counter() - seen["at"] > RESPONSE_DEADLINE:
            raise Refused(404, 10062, "Unknown interaction")
        kind = sent.json.get("type") if sent.json else None
        flags = (sent.message.get("flags") or 0) if sent.json else 0
        state = _Interaction(ephemeral=bool(flags & 64))
        self.interactions[token] = state
        out: dict[str, Any] = {
            "interaction": {
                "id": interaction_id,
                "type": seen.get("type", 2),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(flags & 64),
            }
        }
        if kind == 4:
            message = self._create(sent, str(CHANNEL_ID), ephemeral=state.ephemeral)
            state.original = message["id"]
        elif kind == 5:
            # The "thinking…" message: visible (to everyone, or only the user), but not news.
            mid = snowflake()
            sent.message_id, sent.kind, sent.visible_ephemeral = mid, "defer", state.ephemeral
            self.messages[mid] = {
                "id": mid,
                "channel_id": str(CHANNEL_ID),
                "author": self.bot_user,
                "content": "",
                "timestamp": TIMESTAMP,
                "edited_timestamp": None,
                "tts": False,
                "mention_everyone": False,
                "mentions": [],
                "mention_roles": [],
                "attachments": [],
                "embeds": [],
                "components": [],
                "pinned": False,
                "type": 20,
                "flags": 128 | (64 if state.ephemeral else 0),
            }
            state.deferred = state.loading = True
            state.original = mid
            message = self.messages[mid]
        elif kind == 7:
            # Update of the message the component sits on: an edit.
            target = seen.get("message_id")
            if target is None or target not in self.messages:
                raise Refused(400, 50035, "No message to update")
            message = self._edit(sent, target, str(CHANNEL_ID))
            state.original = target
        elif kind == 6:
            # A deferred update of the message the component sits on: nothing is shown yet, and
            # the interaction's original message (for a later PATCH @original) is that message.
            target = seen.get("message_id")
            if target is None or target not in self.messages:
                raise Refused(400, 50035, "No message to update")
            state.original = target
            message = None
        else:
            message = None
        if message is not None:
            out["resource"] = {"type": kind, "message": message}
            out["interaction"]["response_message_id"] = message["id"]
        return out

    def _webhook(self, sent: Sent, token: str, target: str | None) -> Any:
        state = self.interactions.get(token)
        if state is None:
            raise Refused(404, 10015, "Unknown Webhook (the interaction was never answered)")
        if target is None and sent.method == "POST":
            if state.loading:
                # The first followup after a defer resolves the "thinking…" message: an edit,
                # with the defer's ephemeral flag.
                state.loading = False
                assert state.original is not None
                return self._edit_original(sent, state)
            return self._create(sent, str(CHANNEL_ID), ephemeral=sent.ephemeral)
        mid = state.original if target == "@original" else target
        if mid is None:
            raise Refused(404, 10008, "Unknown Message")
        if target == "@original":
            state.loading = False
        if sent.method == "DELETE":
            sent.kind = "delete"
            self.messages.pop(mid, None)
            if target == "@original":
                state.original = None
            return None
        if sent.method == "PATCH":
            return self._edit(sent, mid, str(CHANNEL_ID))
        return self.messages.get(mid, {})

    def _edit_original(self, sent: Sent, state: _Interaction) -> dict[str, Any]:
        assert state.original is not None
        data = self._edit(sent, state.original, str(CHANNEL_ID))
        data["type"] = 0
        data["flags"] = 64 if state.ephemeral else 0
        sent.visible_ephemeral = state.ephemeral
        return data

    def _answer(self, sent: Sent) -> Any:
        p = sent.path
        if p == "/users/@me":
            return self.bot_user
        if p == "/users/@me/channels" and sent.method == "POST":
            # Opening a DM channel always works; sending into it may not (closed_dms).
            recipient = int((sent.json or {})["recipient_id"])
            channel = next((c for c, u in self.dm_channels.items() if u == recipient), None)
            channel = channel or snowflake()
            self.dm_channels[channel] = recipient
            user = {
                "id": str(recipient),
                "username": f"user{recipient}",
                "global_name": None,
                "discriminator": "0",
                "avatar": None,
            }
            return {"id": channel, "type": 1, "recipients": [user], "last_message_id": None}
        if p == "/oauth2/applications/@me":
            return {
                "id": str(APP_ID),
                "name": "Turnpost",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": {**self.bot_user, "id": "1", "bot": False},
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", p) and sent.method == "PUT":
            self.commands = [
                {**c, "id": snowflake(), "application_id": str(APP_ID), "version": "1"}
                for c in sent.json or []
            ]
            return self.commands
        m = re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", p)
        if m:
            return self._callback(sent, m.group(1), m.group(2))
        m = re.fullmatch(r"/webhooks/\d+/([^/]+)(/messages/(@original|\d+))?", p)
        if m:
            return self._webhook(sent, m.group(1), m.group(3))
        m = re.fullmatch(r"/channels/(\d+)/messages", p)
        if m and sent.method == "POST":
            if self.dm_channels.get(m.group(1)) in self.closed_dms:
                raise Refused(403, 50007, "Cannot send messages to this user")
            return self._create(sent, m.group(1), ephemeral=False)
        m = re.fullmatch(r"/channels/(\d+)/messages/(\d+)", p)
        if m:
            if sent.method == "DELETE":
                sent.kind = "delete"
                self.messages.pop(m.group(2), None)
                return None
            if sent.method == "PATCH":
                return self._edit(sent, m.group(2), m.group(1))
            if m.group(2) not in self.messages:
                raise Refused(404, 10008, "Unknown Message")
            return self.messages[m.group(2)]
        m = re.fullmatch(r"/channels/(\d+)/polls/(\d+)/expire", p)
        if m and sent.method == "POST":
            return self._expire(m.group(1), m.group(2))
        m = re.fullmatch(r"/channels/(\d+)/threads", p)
        if m:
            return {
                "id": snowflake(),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "parent_id": m.group(1),
                "name": (sent.json or {}).get("name", "thread"),
                "owner_id": str(APP_ID),
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 10080,
                    "archive_timestamp": TIMESTAMP,
                    "locked": False,
                },
                "message_count": 0,
                "member_count": 1,
                "rate_limit_per_user": 0,
                "flags": 0,
            }
        return {}


# -- interaction payloads ---------------------------------------------------------------------
def channel_payload(channel_id: int = CHANNEL_ID) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": "board-games",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }


def thread_payload(thread_id: int, parent_id: int = CHANNEL_ID) -> dict[str, Any]:
    """A public thread (type 11) of the test channel, as interactions carry it."""
    return {
        "id": str(thread_id),
        "type": 11,
        "guild_id": str(GUILD_ID),
        "parent_id": str(parent_id),
        "name": "game thread",
        "owner_id": str(APP_ID),
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 10080,
            "archive_timestamp": TIMESTAMP,
            "locked": False,
        },
        "message_count": 0,
        "member_count": 1,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def _base(
    kind: int,
    player: Player,
    data: dict[str, Any],
    *,
    channel_id: int = CHANNEL_ID,
    thread: bool = False,
    app_permissions: int = BOT_PERMS.value,
    filesize_limit: int = 10 * 1024 * 1024,
    locale: str = "en-US",
) -> dict[str, Any]:
    return {
        "id": snowflake(),
        "application_id": str(APP_ID),
        "type": kind,
        "data": data,
        "guild_id": str(GUILD_ID),
        "guild": {"id": str(GUILD_ID), "locale": "en-US", "features": []},
        "channel_id": str(channel_id),
        "channel": thread_payload(channel_id) if thread else channel_payload(channel_id),
        "member": {
            "user": player.user_payload(),
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(player.permissions),
        },
        "token": "interaction-token-" + snowflake(),
        "version": 1,
        "app_permissions": str(app_permissions),
        "locale": locale,
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(GUILD_ID)},
        "context": 0,
        "attachment_size_limit": filesize_limit,
    }


def _option_type(value: Any) -> int:
    if isinstance(value, Player):
        return 6  # USER
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    return 3


def command_data(path: str, options: dict[str, Any], focused: str | None = None) -> dict[str, Any]:
    """``data`` of an application command: ``path`` like "game new" or "play". A ``Player``
    value is a user option: its id goes in the option and the user in ``resolved``, as Discord
    sends it."""
    names = path.split()
    leaf = [
        {
            "name": k,
            "type": _option_type(v),
            "value": str(v.id) if isinstance(v, Player) else v,
            **({"focused": True} if k == focused else {}),
        }
        for k, v in options.items()
    ]
    for sub in reversed(names[1:]):
        leaf = [{"name": sub, "type": 1, "options": leaf}]
    data: dict[str, Any] = {"id": snowflake(), "name": names[0], "type": 1, "options": leaf}
    users = [v for v in options.values() if isinstance(v, Player)]
    if users:
        data["resolved"] = {
            "users": {str(u.id): u.user_payload() for u in users},
            "members": {
                str(u.id): {
                    "roles": [],
                    "joined_at": TIMESTAMP,
                    "flags": 0,
                    "permissions": str(u.permissions),
                }
                for u in users
            },
        }
    return data


def slash(player: Player, path: str, /, **options: Any) -> dict[str, Any]:
    """A slash command interaction (type 2) from ``player``."""
    kw = {k[1:]: options.pop(k) for k in list(options) if k.startswith("_")}
    return _base(2, player, command_data(path, options), **kw)


def autocomplete(player: Player, path: str, focused: str, /, **options: Any) -> dict[str, Any]:
    """An autocomplete interaction (type 4) with ``focused`` being typed."""
    kw = {k[1:]: options.pop(k) for k in list(options) if k.startswith("_")}
    return _base(4, player, command_data(path, options, focused), **kw)


def click(
    player: Player,
    message: dict[str, Any],
    custom_id: str,
    *,
    values: list[str] | None = None,
    **kw: Any,
) -> dict[str, Any]:
    """A component interaction (type 3): ``player`` clicks ``custom_id`` on ``message`` (the
    message as the loopback stored it), or picks ``values`` in a select menu."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
    if values is not None:
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
    payload = _base(3, player, data, **kw)
    payload["message"] = message
    return payload


async def settle(before: set[asyncio.Task[Any]]) -> None:
    """Wait until every task started since ``before`` has finished."""
    for _ in range(50):
        await asyncio.sleep(0)
        new = [t for t in asyncio.all_tasks() - before if t is not asyncio.current_task()]
        # A view sent ephemerally gets a 15-minute timeout task from discord.py: not work to wait for.
        pending = [t for t in new if not t.done() and "timeout_task" not in repr(t.get_coro())]
        if not pending:
            return
        _, still = await asyncio.wait(pending, timeout=20)
        if still:
            # Fail rather than hang the whole test run.
            raise AssertionError(f"tasks still running after 20 s: {still}")
    raise AssertionError("tasks did not settle")


async def dispatch_event(client: discord.Client, event: str, payload: dict[str, Any]) -> None:
    """Feed a gateway dispatch (``t`` = ``event``, ``d`` = ``payload``) to the parser discord.py's
    gateway calls for it (``ConnectionState.parsers``), and wait for the listeners it starts."""
    before = asyncio.all_tasks()
    client._connection.parsers[event](payload)
    await settle(before)


async def deliver(client: discord.Client, payload: dict[str, Any]) -> None:
    """Feed ``payload`` through the gateway's real INTERACTION_CREATE parser and wait until every
    task it started (command invocation, view dispatch, listeners) has finished."""
    before = asyncio.all_tasks()
    DELIVERED[payload["token"]] = {
        "at": time.perf_counter(),
        "type": payload["type"],
        "message_id": (payload.get("message") or {}).get("id"),
    }
    client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    await settle(before)
