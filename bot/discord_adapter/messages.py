"""What a public turn message says: pure composition, no I/O.

A message everyone sees is built ONLY from public inputs (the public board image and its caption,
the public lines of a change, who must act, the game's id and version), so it cannot carry one
seat's hidden information: no list of a player's legal moves, no card names in labels, options or
custom ids. The controls under a board are two buttons that open, for the clicker only, an
ephemeral picker of their own legal moves ("Your move") or their hidden information ("My hand").
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import discord

import engines
from bot.discord_adapter import views
from bot.discord_adapter.images import fit_png
from bot.discord_adapter.text import t
from bot.service import GameInfo, MoveOutcome, ScoreSheet, VoteOutcome

#: Discord's limits for one message part.
CONTENT_MAX = 2000
EMBED_DESCRIPTION_MAX = 4096
BOARD_FILE = "board.png"
GLANCE_FILE = "glance.png"


def mention_list(user_ids: Sequence[int]) -> str:
    """``<@id>`` mentions separated by spaces."""
    return " ".join(f"<@{u}>" for u in user_ids)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis when it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def allowed(users: Sequence[int]) -> discord.AllowedMentions:
    """Mentions that may notify: exactly ``users``; never ``@everyone``, roles or anyone else."""
    if not users:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in dict.fromkeys(users)],
        everyone=False,
        roles=False,
        replied_user=False,
    )


def pings(
    mention: Sequence[int], peek: Sequence[int], lang: str, recap: Sequence[str] = ()
) -> dict[str, Any]:
    """``content`` and ``allowed_mentions`` of a turn message. Only the players asked to act now
    (``mention``) are notified, and read what happened since their last turn (``recap``, public
    text folded by the service); players shown something privately (``peek``) are named, without
    a notification, and told to look at their hand (never the secret itself: this message is
    public)."""
    lines = []
    if mention:
        lines.append(t("your_turn", lang, mentions=mention_list(mention)))
    if peek:
        lines.append(t("look_at_hand", lang, mentions=mention_list(peek)))
    if mention and recap:
        lines.extend(recap)
    kw: dict[str, Any] = {"allowed_mentions": allowed(mention)}
    if lines:
        kw["content"] = clip("\n".join(lines), CONTENT_MAX)
    return kw


def turn_view(game_id: int, version: int, lang: str, *, active: bool) -> discord.ui.View | None:
    """The controls under a live board: "Your move" (a private picker of the clicker's own legal
    moves) and "My hand" (their hidden information). The same for every state with the same
    public history: nothing here depends on any seat's hidden information."""
    if not active:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(views.WalkButton(game_id, version, lang=lang))
    view.add_item(views.HandButton(game_id, version, lang=lang))
    return view


def caption(lines: Sequence[str], score_sheet: ScoreSheet | None) -> str:
    """The embed text of a turn message: what happened (and the final scores)."""
    text = "\n".join(lines)
    if score_sheet is not None:
        text += "\n\n" + "\n".join(score_sheet.lines)
    return text


def board_pngs(board: bytes, glance: bytes | None) -> list[tuple[str, bytes]]:
    """A board's images as named files: the board, and a compact phone image beside it when the
    game draws one."""
    return [(BOARD_FILE, board)] + ([(GLANCE_FILE, glance)] if glance is not None else [])


def board_files(
    pngs: Sequence[tuple[str, bytes]], filesize_limit: int
) -> tuple[list[discord.File], bool]:
    """The images that fit the upload limit as files, and whether every one fitted."""
    files: list[discord.File] = []
    whole = True
    budget = filesize_limit
    for name, png in pngs:
        fitted = fit_png(png, budget)
        if fitted is None:
            whole = False
            continue
        budget -= len(fitted)
        files.append(discord.File(io.BytesIO(fitted), filename=name))
    return files, whole


def turn_message(
    *,
    game_id: int,
    version: int,
    text: str,
    pngs: Sequence[tuple[str, bytes]],
    mention: Sequence[int],
    peek: Sequence[int],
    lang: str,
    filesize_limit: int,
    finished: bool,
    recap: Sequence[str] = (),
) -> dict[str, Any]:
    """Keyword arguments for ``send``/``edit`` of a public turn message: the caption in an embed
    showing the board image (the first of ``pngs``; a second, e.g. a phone "glance", is attached
    beside it), the mention of who must act now, and the turn's buttons."""
    if not pngs:
        text += "\n" + t("board_unavailable", lang)
    embed = discord.Embed(description=clip(text, EMBED_DESCRIPTION_MAX))
    files, whole = board_files(pngs, filesize_limit)
    kw: dict[str, Any] = {"embed": embed, "files": files}
    if files:
        embed.set_image(url=f"attachment://{files[0].filename}")
    if not whole:
        embed.set_footer(text=t("image_too_large", lang))
    kw.update(pings(mention, () if finished else peek, lang, recap))
    if finished:
        kw["content"] = t("game_finished", lang)
    kw["view"] = turn_view(game_id, version, lang, active=not finished)
    return kw


def outcome_text(outcome: MoveOutcome) -> str:
    """The caption of the message announcing ``outcome``."""
    return caption(outcome.lines, outcome.score_sheet)


def vote_message(vote: VoteOutcome, lang: str) -> dict[str, Any]:
    """Keyword arguments of the public message of a vote: what was decided or counted and, while
    the vote is open, a line asking the players who have not voted yet, notifying exactly them
    (a vote is one of the things that ask someone to act)."""
    lines = list(vote.lines)
    if not vote.done and vote.waiting:
        key = "vote_asked_abort" if vote.kind == "abort" else "vote_asked_seat"
        lines.append(t(key, lang, mentions=mention_list(vote.waiting)))
    return {
        "content": clip("\n".join(lines), CONTENT_MAX),
        "allowed_mentions": allowed(vote.waiting if not vote.done else ()),
    }


def lobby_text(info: GameInfo, lang: str) -> str:
    """A lobby's message: the game, its creator, who sits, how many seats and the options."""
    # A computer seat has no Discord user to mention: its name says what it is.
    seated = ", ".join(s.name if s.user_id < 0 else f"<@{s.user_id}>" for s in info.seats) or "—"
    meta = engines.get(info.game).meta
    low, high = meta.min_players, meta.max_players
    # A game with one player count says it once, never "2–2" (#28.4).
    wanted = str(info.players or low) if info.players or low == high else f"{low}–{high}"
    opts = ", ".join(f"{k}={v}" for k, v in info.options.items()) or "—"
    return t(
        "lobby",
        lang,
        title=info.title,
        creator=f"<@{info.creator_id}>",
        seated=seated,
        players=wanted,
        options=opts,
    )
