"""Drawing a game: its state's view (with the players' names) handed to the game's renderer.

Below both the service and the adapter (it imports only ``engines`` and ``renderers``): the service
hands out a :class:`bot.service.BoardDraw` value, and whoever shows the board (the Discord adapter
after answering Discord, the console at once) draws it with one call, ``await board.render()``,
which runs :func:`draw_public` in a worker thread. Tests and benchmarks that need no real picture
replace :func:`draw_public` here (``monkeypatch.setattr(drawing, "draw_public", …)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engines
import renderers
from engines.kit import with_recent
from renderers.community import (
    LeaderboardView,
    ProfileView,
    ScoreChartView,
    render_leaderboard,
    render_profile,
    render_score_chart,
)


def draw_public(
    game: str,
    state: Any,
    names: Sequence[str],
    recent: Sequence[Any] = (),
    lang: str = "en",
) -> bytes:
    """The public board, in the table's language ``lang`` (#13.2). Slow: run it in a worker
    thread. ``recent``: board marks of the moves since the acting player's last turn, oldest
    first (the renderers mark them all; see ``renderers.kit.earlier_marks``). A table message
    shows the glance as text (:func:`glance_text`), so no glance picture is drawn here."""
    view = with_recent(engines.get(game).view(state, None), recent)
    return renderers.get(game).render(view, names=list(names), lang=lang)


def draw_glance(game: str, state: Any, names: Sequence[str], lang: str = "en") -> bytes:
    """The glance as a phone-sized picture, for ``turnpost render --glance`` and the docs
    (tables show :func:`glance_text` instead)."""
    view = engines.get(game).view(state, None)
    return renderers.get(game).render_glance(view, names=list(names), lang=lang)


def glance_text(game: str, state: Any, names: Sequence[str], lang: str = "en") -> tuple[str, ...]:
    """The glance's words as text lines (whose turn, what is asked, every score), in ``lang``:
    what a table message shows as text beside the board image. Quick (no drawing)."""
    engine = engines.get(game)
    renderer = renderers.get(game)
    return tuple(renderer.glance_text(engine.view(state, None), names=list(names), lang=lang))


def draw_private(
    game: str, state: Any, seat: int, names: Sequence[str], lang: str = "en"
) -> bytes | None:
    """``seat``'s private screen (None when it holds nothing hidden), in ``lang``."""
    view = engines.get(game).view(state, seat)
    return renderers.get(game).render_private(view, names=list(names), lang=lang)


def draw_chart(view: ScoreChartView) -> bytes:
    """A finished game's score chart (#27.5). Slow: run it in a worker thread."""
    return render_score_chart(view)


def draw_leaderboard(view: LeaderboardView) -> bytes:
    """A leaderboard picture (#27.2). Slow: run it in a worker thread."""
    return render_leaderboard(view)


def draw_profile(view: ProfileView) -> bytes:
    """A profile's ratings picture (#27.2). Slow: run it in a worker thread."""
    return render_profile(view)
