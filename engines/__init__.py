"""Rules engines and their registry.

``engines.get("bombay")`` returns the Bombay engine; ``engines.all_engines()`` every registered one.
Each game lives in its own package (``engines/bombay/``...) exposing ``ENGINE``.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any


class _CheckoutData(importlib.abc.MetaPathFinder):
    """Finds ``engines.data`` in a checkout's top-level ``data/`` folder.

    The static data (boards, cards, catalogs, fonts, and ``data/__init__.py``, the one way to read
    them) lives in ``data/`` beside ``engines/``; an installed package holds that folder as
    ``engines/data`` (``setup.py`` maps it with ``package_dir``), where the ordinary import finds
    it first. Run from a checkout, this finder points ``engines.data`` at the ``data/`` beside
    the ``engines/`` that is running: the same package, so ``importlib.resources`` works the
    same. It is asked first, before an editable install's finder, which maps ``engines.data``
    to the folder of whichever checkout was installed (a copy of the checkout, as the
    scaffold's test makes, would otherwise read the original's data).
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "engines.data":
            return None
        return importlib.util.spec_from_file_location(
            fullname, self.folder / "__init__.py", submodule_search_locations=[str(self.folder)]
        )


_CHECKOUT = Path(__file__).resolve().parent.parent
# Only in a checkout (its pyproject.toml beside data/): an installed package's parent folder is
# site-packages, whose data/ would be somebody else's.
if (
    (_CHECKOUT / "pyproject.toml").is_file()
    and (_CHECKOUT / "data" / "__init__.py").is_file()
    and not any(isinstance(f, _CheckoutData) for f in sys.meta_path)
):
    sys.meta_path.insert(0, _CheckoutData(_CHECKOUT / "data"))

# After the finder: engines.base reads the catalog, which reads engines.data.
from engines.base import (  # noqa: E402
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
    "GAMES",
    "Game",
    "all_engines",
    "builtin_ids",
    "get",
    "ids",
    "register",
    "unregister",
]


@dataclass(frozen=True)
class Game:
    """One game that ships with Turnpost, declared once: the engine registry, the renderer
    registry (``renderers.get``) and the test lists all read ``GAMES``.

    ``engine`` is the module exposing ``ENGINE``; ``renderer`` the module with ``render`` (a
    module path only: engines never import renderers). ``reference`` is the game's folder in the
    rules reference (``../shared/reference/<reference>/RULES.md``) and ``rule_patterns`` the
    regexes that find its rule-id definitions there (``tests/rule_coverage.py``).
    """

    id: str
    engine: str
    renderer: str
    reference: str
    rule_patterns: tuple[str, ...]


#: The games that ship with Turnpost. Adding a game is one line here (plus its own packages,
#: data, catalog, tests and docs); the test-only game ``tally`` is registered by the tests.
GAMES: tuple[Game, ...] = (
    Game("bombay", "engines.bombay", "renderers.bombay", "bombay", (r"\*\*(Y\d+)\*\*",)),
    Game("imhotep", "engines.imhotep", "renderers.imhotep", "imhotep", (r"\*\*([IE]\d+)\*\*",)),
    Game(
        "marco_polo",
        "engines.marco_polo",
        "renderers.marco_polo",
        "marco-polo",
        (r"(?m)^(M\d+)\.", r"(?m)^\| (D\d+) \|"),
    ),
    Game(
        "brass",
        "engines.brass",
        "renderers.brass",
        "brass-birmingham",
        (r"\*\*(B\d+)\b", r"(?m)^\| (D\d+) \|"),
    ),
)

_registry: dict[str, Engine[Any, Any]] = {}
_loaded = False


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for game_id, module in ((g.id, g.engine) for g in GAMES):
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
        raise IllegalAction("core.unknown_game", game=game_id, known=ids()) from None


def builtin_ids() -> list[str]:
    """The shipped games that are present (in ``GAMES`` order), never a test-only game."""
    _load_builtin()
    return [g.id for g in GAMES if g.id in _registry]


def ids() -> list[str]:
    """Registered game ids, in a stable order."""
    _load_builtin()
    return sorted(_registry)


def all_engines() -> list[Engine[Any, Any]]:
    """Every registered engine."""
    return [_registry[i] for i in ids()]
