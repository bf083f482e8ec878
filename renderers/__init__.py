"""Board renderers: pure functions from an engine's view to PNG bytes.

``renderers.get("bombay")`` returns a game's renderer: a module that satisfies :class:`Renderer`,
one signature for every game (mypy checks each game's module against it, in the module's own
``__init__.py``; tests/test_contract.py checks every shipped game's at run time). ``names`` are
the players' display names by seat (the service passes them); ``lang`` is the table's language
(``None``: the view's own, else English): every word drawn comes from the message catalog in it
(``renderers.kit.say``), and every text is at least ``kit.min_size(image width)`` px
(``kit.too_small`` checks a recorded render; tests/renderers/test_legibility.py).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from engines import GAMES

if TYPE_CHECKING:
    from renderers.kit import Seats

#: An RGB colour.
RGB = tuple[int, int, int]


class Renderer(Protocol):
    """What a game's renderer module provides: three drawing functions and the game's own
    colours, which the kit and the shared tests read from here (never from a table in the kit).

    Every function takes the engine's view (the public one for ``render`` and
    ``render_glance``; the one made for a seat for ``render_private``), ``names`` and ``lang``,
    and returns PNG bytes."""

    #: The seat marks of this game: colour (with its name as players say it), shape and letter
    #: per seat (``kit.Seats.of``, in the game's ``layout.py``).
    SEATS: Seats
    #: The colours of the game's own pieces (silk, canals, goods...) that no seat colour may
    #: resemble (#10.6; tests/renderers/test_kit.py).
    COMPONENT_COLOURS: dict[str, RGB]

    def render(
        self, view: Any, *, names: Sequence[str] | None = None, lang: str | None = None
    ) -> bytes:
        """The shared board, drawn from the public view: the same image whoever looks."""

    def render_private(
        self, view: Any, *, names: Sequence[str] | None = None, lang: str | None = None
    ) -> bytes | None:
        """One seat's hidden information, from a view made for that seat; ``None`` when the
        seat has nothing hidden."""

    def render_glance(
        self, view: Any, *, names: Sequence[str] | None = None, lang: str | None = None
    ) -> bytes:
        """The phone-sized summary beside the board: whose turn, what they are asked, the
        scores (``kit.glance``)."""

    def glance_text(
        self, view: Any, *, names: Sequence[str] | None = None, lang: str | None = None
    ) -> list[str]:
        """The glance's words as text lines (``kit.glance_lines``), for a message that shows
        them as text beside the board (the Discord table message, #26.2)."""


#: game id → renderer module, from the one table of games (``engines.GAMES``); a game without
#: one (the tests' ``tally``) gets ``renderers.generic``.
_MODULES: dict[str, str] = {g.id: g.renderer for g in GAMES}


def register(game_id: str, module: str) -> None:
    """Point a game at a renderer module (tests use this)."""
    _MODULES[game_id] = module


def get(game_id: str) -> Renderer:
    """The renderer of a game; the generic table renderer if it has none yet."""
    module = _MODULES.get(game_id, "renderers.generic")
    if importlib.util.find_spec(module) is None:
        module = "renderers.generic"
    return cast(Renderer, importlib.import_module(module))
