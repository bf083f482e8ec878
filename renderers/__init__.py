"""Board renderers: pure functions from an engine's view to PNG bytes.

``renderers.get("bombay")`` returns the module (or object) for a game with
``render(view, *, seat=None, names=None) -> bytes`` (the shared board),
``render_private(view, *, names=None) -> bytes | None`` (one seat's hidden information, from a view
made for that seat) and ``render_glance(view, *, names=None, asked="") -> bytes`` (the phone-sized
summary). ``names`` are the players' display names by seat; the service passes them. ``lang``
(keyword, default ``"en"``) is the table's language: every word drawn comes from the message
catalog in it (``renderers.kit.say``), and every text is at least ``kit.min_size(image width)``
px (``kit.too_small`` checks a recorded render; tests/renderers/test_legibility.py).
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from engines import GAMES

#: game id → renderer module, from the one table of games (``engines.GAMES``); a game without
#: one (the tests' ``tally``) gets ``renderers.generic``.
_MODULES: dict[str, str] = {g.id: g.renderer for g in GAMES}


def register(game_id: str, module: str) -> None:
    """Point a game at a renderer module (tests use this)."""
    _MODULES[game_id] = module


def get(game_id: str) -> ModuleType:
    """The renderer module for a game; the generic table renderer if it has none yet."""
    module = _MODULES.get(game_id, "renderers.generic")
    if importlib.util.find_spec(module) is None:
        module = "renderers.generic"
    return importlib.import_module(module)
