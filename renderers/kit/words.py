"""The words on a board: the players' display names (isolated so a right-to-left name reads in
its own direction), labels from the message catalog in the table's language, and what every
render call does first (:func:`prepare`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from engines.catalog import CATALOG
from engines.kit import View
from renderers.kit.fonts import FSI, PDI, _rtl

#: A game's view (``engines.kit.View``), whichever game's.
AnyView = TypeVar("AnyView", bound=View[Any, Any])


def with_names(view: AnyView, names: Sequence[str] | None) -> AnyView:
    """``view`` with the players' display names by seat (the ``names`` a renderer is called with),
    each :func:`isolate`-d so it reads in its own direction wherever a label sets it; the view
    itself is not changed."""
    if names is None:
        return view
    return replace(view, names=tuple(isolate(n) for n in names))


def prepare(view: AnyView, names: Sequence[str] | None, lang: str | None) -> tuple[AnyView, str]:
    """What every render call does first: the view with the players' display ``names``
    (:func:`with_names`), and the language to draw in (:func:`language`: the call's ``lang``,
    else the view's own, else English)."""
    view = with_names(view, names)
    return view, language(view, lang)


def player_name(view: View[Any, Any], seat: int) -> str:
    """The display name of ``seat`` (from the render call's ``names``), or "Player N". A name
    with right-to-left letters comes isolated (:data:`FSI` ... :data:`PDI`), so it reads in its
    own direction inside any label, and the label around it keeps its order."""
    return isolate(view.name(seat))


def isolate(name: str) -> str:
    """``name`` between first-strong isolate marks if it has right-to-left letters (a display
    name set into a label: "▶ דנה" keeps its arrow on the left); other names, and names
    already isolated, as they are."""
    if not _rtl(name) or (name.startswith(FSI) and name.endswith(PDI)):
        return name
    return f"{FSI}{name}{PDI}"


def say(key: str, lang: str, **params: Any) -> str:
    """A board label from the message catalog in the table's language (``lang``), so every word
    on a board is translated like the messages (#13.2): ``kit.say("bombay.board.legend", lang)``."""
    return CATALOG.text(key, params, lang=lang)


def language(view: View[Any, Any], lang: str | None) -> str:
    """The language to draw in: the call's ``lang``, else the view's own ``lang``, else
    English."""
    return lang or view.lang or "en"
