"""What a public message says: pure composition, no I/O (the table message of a turn is built in
``table.py``; the lobby, votes and the pieces they share are here).

A message everyone sees is built ONLY from public inputs (the public board image and its caption,
the public lines of a change, who must act, the game's id and version), so it cannot carry one
seat's hidden information: no list of a player's legal moves, no card names in labels, options or
custom ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

import engines
from bot.discord_adapter.text import t
from bot.service import GameInfo, VoteOutcome

#: Discord's limits for one message part.
CONTENT_MAX = 2000
EMBED_DESCRIPTION_MAX = 4096
BOARD_FILE = "board.png"
#: A finished game's score chart in its results message (#27.5).
CHART_FILE = "chart.png"


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
