"""Words for the move builder (``engines/builder.py``): towns, industries, canals and railways
and cards by name, and what a seat counts (money, victory points) so a move says what it costs
and gives; the actions left this turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.brass.draft import display_name
from engines.brass.state import State


def name(state: State, seat: int, before: Sequence[str], token: str) -> str | None:
    """A town, industry, line or card by the name the board prints (the catalog translates it)."""
    return display_name(token) if not token.isdigit() else None


def purse(state: State, seat: int) -> dict[str, int]:
    """Money and victory points of the seat."""
    return {"pound": state.money[seat], "vp": state.vp[seat]}


def left(state: State, seat: int) -> tuple[str, Mapping[str, Any]] | None:
    """The actions the seat still has this turn."""
    if state.actions_left <= 0:
        return None
    return ("brass.builder.left", {"count": state.actions_left})


def essentials(state: State, seat: int) -> list[tuple[str, Mapping[str, Any]]]:
    """The seat's hand by the names the board prints."""
    return [("brass.builder.hand", {"cards": [display_name(c) for c in state.hands[seat]]})]
