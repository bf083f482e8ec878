"""The table message (#26.2): one Components V2 message per turn, built by one function.

A turn's public message is a ``discord.ui.LayoutView`` (Discord's Components V2) made only of
public inputs:

* a text display naming who must act (``<@id>: your turn.``): in a created message its mention
  notifies exactly the players ``allowed_mentions`` lists (Discord: a text display's mentions
  ping "based on the value of the allowed mention object", like ``content``); an edit never
  notifies, so the same line in an edit only names them;
* a container holding the glance as text (the game, the round, who acts with what they are
  asked, every seat's score), the board as a media gallery of the uploaded PNG
  (``attachment://board.png``: tap to zoom), what happened this turn with the "now" line, the
  digest since the pinged player's last turn (one line per action, a round or era end on a line
  of its own: ``bot/recap.py``), the final score sheet, and any lines another feature adds
  (``TableParts.extra``: a clock, a result);
* the buttons Your move, My hand, Hint and Log (custom ids hold only the game's id and version).

Discord's limits for one V2 message (40 components, 4,000 characters of text) are kept here:
each part has a budget, and a part over it keeps its newest lines under one saying how many
earlier ones the Log button shows.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import discord

from bot.discord_adapter import views
from bot.discord_adapter.images import fit_png
from bot.discord_adapter.messages import BOARD_FILE, CHART_FILE, allowed, mention_list
from bot.discord_adapter.text import t

#: Discord's limits for one Components V2 message.
V2_TEXT_MAX = 4000
V2_COMPONENTS_MAX = 40
#: Budgets (characters) of the parts with a fixed share; the turn's lines and the digest share
#: what is left (the digest at most ``DIGEST_MAX``).
PING_MAX = 400
GLANCE_MAX = 900
SHEET_MAX = 2000
EXTRA_MAX = 400
DIGEST_MAX = 1500
#: Discord's limit for a media gallery item's description (its alt text).
ALT_MAX = 1024


@dataclass(frozen=True)
class TableParts:
    """Everything a table message shows, all public. ``ping``: the users this message notifies
    (only ever given to a created message); ``waiting``: who must act, named without a
    notification (an edit while the same player goes on)."""

    game_id: int
    version: int
    lang: str
    glance: Sequence[str] = ()
    lines: Sequence[str] = ()
    digest: Sequence[str] = ()
    sheet: Sequence[str] = ()
    ping: Sequence[int] = ()
    waiting: Sequence[int] = ()
    peek: Sequence[int] = ()
    pngs: Sequence[tuple[str, bytes]] = ()
    finished: bool = False
    #: Lines another feature adds to the table (a clock, a result), shown after the digest.
    extra: Sequence[str] = field(default=())
    #: A finished game's results message (#27.5): a Rematch button instead of the turn's, and
    #: the score chart (``CHART_FILE`` among ``pngs``) shown under the rating changes.
    rematch: bool = False
    #: Whether the table allows hints: a hints-off table shows no Hint button (it could only
    #: refuse).
    hints: bool = True


def _size(lines: Sequence[str]) -> int:
    return sum(len(x) + 1 for x in lines) - (1 if lines else 0)


def fold(lines: Sequence[str], limit: int, lang: str, *, head: int = 0) -> list[str]:
    """``lines`` within ``limit`` characters (newlines counted): the first ``head`` lines (a
    title) stay, then the newest lines that fit under one saying how many earlier ones were
    left out ("…and 3 more: Log"); a single line too long is cut with an ellipsis."""
    lines = list(lines)
    if _size(lines) <= limit:
        return lines
    top, rest = lines[:head], lines[head:]
    kept: list[str] = []
    for i in range(len(rest) - 1, -1, -1):
        more = [t("table_more", lang, count=i)] if i else []
        if _size([*top, *more, rest[i], *kept]) > limit:
            break
        kept.insert(0, rest[i])
    left = len(rest) - len(kept)
    out = [*top, *([t("table_more", lang, count=left)] if left else []), *kept]
    if _size(out) > limit:  # even the title or the newest line alone is too long: cut
        text = "\n".join(out)
        return [text[: max(0, limit - 1)] + "…"]
    return out


def _text(lines: Sequence[str]) -> discord.ui.TextDisplay[Any] | None:
    content = "\n".join(x for x in lines if x)
    return discord.ui.TextDisplay(content) if content else None


def table_texts(parts: TableParts) -> dict[str, list[str]]:
    """The message's text parts, each within its budget, all within ``V2_TEXT_MAX``: ``ping``,
    ``glance``, ``lines``, ``digest``, ``sheet`` and ``extra`` (empty when there is none)."""
    lang = parts.lang
    ping: list[str] = []
    if parts.finished:
        ping.append(t("game_finished", lang))
    # Computer seats (negative ids) are never mentioned.
    named = [u for u in dict.fromkeys([*parts.ping, *parts.waiting]) if u >= 0]
    if named and not parts.finished:
        ping.append(t("your_turn", lang, mentions=mention_list(named)))
    if parts.peek and not parts.finished:
        ping.append(t("look_at_hand", lang, mentions=mention_list(parts.peek)))
    out = {
        "ping": fold(ping, PING_MAX, lang),
        "glance": fold(parts.glance, GLANCE_MAX, lang, head=2),
        # The score sheet reads from the winner down: over its budget, its end is cut.
        "sheet": fold(parts.sheet, SHEET_MAX, lang, head=len(parts.sheet)),
        "extra": fold(parts.extra, EXTRA_MAX, lang),
    }
    lines = list(parts.lines)
    if not parts.pngs:
        lines.append(t("board_unavailable", lang))
    # Every text display is joined by newlines; a few characters spare for the gaps.
    room = V2_TEXT_MAX - sum(_size(v) for v in out.values()) - 16
    digest_room = min(DIGEST_MAX, max(room - _size(lines), room // 2)) if parts.digest else 0
    out["digest"] = fold(parts.digest, digest_room, lang, head=1) if parts.digest else []
    out["lines"] = fold(lines, room - _size(out["digest"]), lang)
    return out


def table_view(parts: TableParts, files: Sequence[discord.File], *, whole: bool) -> Any:
    """The ``LayoutView`` of a table message (``files``: the images that fit the upload
    limit, the board first; ``whole``: whether every image fitted)."""
    texts = table_texts(parts)
    lang = parts.lang
    layout = discord.ui.LayoutView(timeout=None)
    ping = _text(texts["ping"])
    if ping is not None:
        layout.add_item(ping)
    box: discord.ui.Container[Any] = discord.ui.Container()
    for item in (_text(texts["glance"]),):
        if item is not None:
            box.add_item(item)
    if files:
        # The alt text: the glance's first lines as plain words (no markdown).
        said = " — ".join(texts["glance"][:2])
        alt = re.sub(r"\*\*|\\(?=\W)", "", said)[:ALT_MAX] or None
        box.add_item(
            discord.ui.MediaGallery(
                discord.MediaGalleryItem(f"attachment://{files[0].filename}", description=alt)
            )
        )
    if not whole:
        box.add_item(discord.ui.TextDisplay(f"-# {t('image_too_large', lang)}"))
    for key in ("lines", "digest", "sheet", "extra"):
        item = _text(texts[key])
        if item is None:
            continue
        if key != "lines":
            box.add_item(discord.ui.Separator())
        box.add_item(item)
    chart = next((f for f in files if f.filename == CHART_FILE), None)
    if chart is not None:
        box.add_item(
            discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{CHART_FILE}"))
        )
    layout.add_item(box)
    if parts.finished and parts.rematch:
        rematch: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        rematch.add_item(views.RematchButton(parts.game_id, lang=lang))
        layout.add_item(rematch)
    if not parts.finished:
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        row.add_item(views.WalkButton(parts.game_id, parts.version, lang=lang))
        row.add_item(views.HandButton(parts.game_id, parts.version, lang=lang))
        if parts.hints:
            row.add_item(views.HintButton(parts.game_id, lang=lang))
        row.add_item(views.LogButton(parts.game_id, lang=lang))
        layout.add_item(row)
    return layout


def table_message(parts: TableParts, *, filesize_limit: int) -> dict[str, Any]:
    """Keyword arguments for ``send``/``edit`` of a table message: the layout, the board image
    as an upload (shrunk under the limit), and ``allowed_mentions`` naming exactly the players
    to notify (none in an edit)."""
    files: list[discord.File] = []
    board = next(((n, png) for n, png in parts.pngs if n == BOARD_FILE), None)
    whole = True
    room = filesize_limit
    if board is not None:
        fitted = fit_png(board[1], filesize_limit)
        if fitted is None:
            whole = False
        else:
            files.append(discord.File(io.BytesIO(fitted), filename=board[0]))
            room -= len(fitted)
    chart = next((png for n, png in parts.pngs if n == CHART_FILE), None)
    # A results message's chart, in what the board left of the upload limit (else left out).
    fitted_chart = fit_png(chart, room) if chart is not None and room > 0 else None
    if fitted_chart is not None:
        files.append(discord.File(io.BytesIO(fitted_chart), filename=CHART_FILE))
    return {
        "view": table_view(parts, files, whole=whole),
        "files": files,
        "allowed_mentions": allowed(parts.ping),
    }


def retired(layout: Any) -> Any:
    """A table message's layout without its buttons (a superseded turn): the rows holding our
    controls are taken out, the text and the board stay. The board is named again as the
    message's own attachment (``attachment://board.png``): Discord hands a fetched message's
    media back as the attachment's signed link, which expires."""
    for item in list(layout.walk_children()):
        if isinstance(item, discord.ui.MediaGallery):
            for media in item.items:
                if urlsplit(media.media.url).path.endswith("/" + BOARD_FILE):
                    media.media = f"attachment://{BOARD_FILE}"
        if isinstance(item, discord.ui.ActionRow) and any(
            str(getattr(c, "custom_id", "") or "").startswith(f"{views.PREFIX}:")
            for c in item.children
        ):
            parent: Any = item._parent or layout
            parent.remove_item(item)
    return layout
