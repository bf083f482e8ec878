"""Drawing a game: its state's view (with the players' names) handed to the game's renderer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engines
import renderers


class Boards:
    """The renderers' entry points (static: they run in a worker thread)."""

    @staticmethod
    def _render_public(
        game: str, state: Any, names: Sequence[str], recent: Sequence[Any] = ()
    ) -> tuple[bytes, bytes | None]:
        """The public board and its glance (None if the game's renderer draws none).
        ``recent``: board marks of the moves since the acting player's last turn, oldest first
        (the renderers mark them all; see ``renderers.kit.earlier_marks``)."""
        engine = engines.get(game)
        view = engine.view(state, None)
        if recent:
            view["recent"] = list(recent)
        renderer = renderers.get(game)
        data: bytes = renderer.render(view, seat=None, names=list(names))
        glance_fn = getattr(renderer, "render_glance", None)
        glance: bytes | None = glance_fn(view, names=list(names)) if glance_fn else None
        return data, glance

    @staticmethod
    def _render_private(game: str, state: Any, seat: int, names: Sequence[str]) -> bytes | None:
        engine = engines.get(game)
        view = engine.view(state, seat)
        fn = getattr(renderers.get(game), "render_private", None)
        data: bytes | None = fn(view, names=list(names)) if fn is not None else None
        return data
