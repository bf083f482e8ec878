"""Rules engines and their registry.

``engines.get("bombay")`` returns the Bombay engine; ``engines.all_engines()`` every registered one.
Each game lives in its own package (``engines/bombay/``...) exposing ``ENGINE``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from typing import Any

from engines.base import (
    END,
    Engine,
    EngineMeta,
    Event,
    IllegalAction,
    Option,
    Param,
    Result,
    Verb,
)

__all__ = [
    "END",
    "Engine",
    "EngineMeta",
    "Event",
    "IllegalAction",
    "Option",
    "Param",
    "Result",
    "Verb",
    "all_engines",
    "get",
    "ids",
    "register",
    "unregister",
]

#: The games that ship with Turnpost: id → module exposing ``ENGINE``.
BUILTIN: dict[str, str] = {
    "bombay": "engines.bombay",
    "imhotep": "engines.imhotep",
    "marco_polo": "engines.marco_polo",
    "brass": "engines.brass",
}

_registry: dict[str, Engine[Any, Any]] = {}
_loaded = False


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for game_id, module in BUILTIN.items():
        # A game still being written has no package yet; any other import error is a real bug.
        if importlib.util.find_spec(module) is None:
            continue
        engine = importlib.import_module(module).ENGINE
        _registry.setdefault(game_id, engine)
    # Extra engines by module path, e.g. TURNPOST_EXTRA_ENGINES=tests.testgame for the test game.
    for module in filter(None, os.environ.get("TURNPOST_EXTRA_ENGINES", "").split(",")):
        engine = importlib.import_module(module.strip()).ENGINE
        _registry.setdefault(engine.meta.id, engine)


def register(engine: Engine[Any, Any]) -> None:
    """Add an engine (tests use this for the test-only game)."""
    _load_builtin()
    _registry[engine.meta.id] = engine


def unregister(game_id: str) -> None:
    """Remove an engine registered with ``register``."""
    _registry.pop(game_id, None)


def get(game_id: str) -> Engine[Any, Any]:
    """The engine called ``game_id``; raises ``IllegalAction`` naming the known games."""
    _load_builtin()
    try:
        return _registry[game_id]
    except KeyError:
        raise IllegalAction("core.unknown_game", game=game_id, known=", ".join(ids())) from None


def ids() -> list[str]:
    """Registered game ids, in a stable order."""
    _load_builtin()
    return sorted(_registry)


def all_engines() -> list[Engine[Any, Any]]:
    """Every registered engine."""
    return [_registry[i] for i in ids()]
