"""Drawing a game: its state's view (with the players' names) handed to the game's renderer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engines
import renderers
from engines.kit import with_recent


class Boards:
    """The renderers' entry points (static: they run in a worker thread)."""

    @staticmethod
    def _render_public(
        game: str,
        state: Any,
        names: Sequence[str],
        recent: Sequence[Any] = (),
        lang: str = "en",
    ) -> tuple[bytes, bytes]:
        """The public board and its glance, in the table's language ``lang`` (#13.2).
        ``recent``: board marks of the moves since the acting player's last turn, oldest first
        (the renderers mark them all; see ``renderers.kit.earlier_marks``)."""
        engine = engines.get(game)
        view = with_recent(engine.view(state, None), recent)
        renderer = renderers.get(game)
        board = renderer.render(view, names=list(names), lang=lang)
        return board, renderer.render_glance(view, names=list(names), lang=lang)

    @staticmethod
    def _render_private(
        game: str, state: Any, seat: int, names: Sequence[str], lang: str = "en"
    ) -> bytes | None:
        """``seat``'s private screen (None when it holds nothing hidden), in ``lang``."""
        view = engines.get(game).view(state, seat)
        return renderers.get(game).render_private(view, names=list(names), lang=lang)
