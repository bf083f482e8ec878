"""Drawing a game: its state's view (with the players' names) handed to the game's renderer."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from functools import cache
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
    ) -> tuple[bytes, bytes | None]:
        """The public board and its glance (None if the game's renderer draws none), in the
        table's language ``lang`` where the renderer draws words (#13.2).
        ``recent``: board marks of the moves since the acting player's last turn, oldest first
        (the renderers mark them all; see ``renderers.kit.earlier_marks``)."""
        engine = engines.get(game)
        view = with_recent(engine.view(state, None), recent)
        renderer = renderers.get(game)
        draw = renderer.render
        data: bytes = draw(view, seat=None, names=list(names), **_lang(draw, lang))
        glance_fn = getattr(renderer, "render_glance", None)
        glance: bytes | None = (
            glance_fn(view, names=list(names), **_lang(glance_fn, lang)) if glance_fn else None
        )
        return data, glance

    @staticmethod
    def _render_private(
        game: str, state: Any, seat: int, names: Sequence[str], lang: str = "en"
    ) -> bytes | None:
        engine = engines.get(game)
        view = engine.view(state, seat)
        fn = getattr(renderers.get(game), "render_private", None)
        data: bytes | None = fn(view, names=list(names), **_lang(fn, lang)) if fn else None
        return data


def _lang(fn: Callable[..., Any], lang: str) -> dict[str, str]:
    """``{"lang": lang}`` for a renderer function that draws in a language, else nothing (a
    renderer not yet translated keeps drawing English)."""
    return {"lang": lang} if _takes_lang(fn) else {}


@cache
def _takes_lang(fn: Callable[..., Any]) -> bool:
    return "lang" in inspect.signature(fn).parameters
