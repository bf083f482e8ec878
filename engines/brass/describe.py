"""Words for the move builder (``engines/builder.py``): towns, industries, canals and railways
and cards by name, and what a seat counts (money, victory points) so a move says what it costs
and gives; the actions left this turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.brass import rules as R
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
    """The seat's hand by the names the board prints and, on its turn, what each card builds
    now: its industries and in how many places."""
    out: list[tuple[str, Mapping[str, Any]]] = [
        ("brass.builder.hand", {"cards": [display_name(c) for c in state.hands[seat]]})
    ]
    if seat not in R.to_act(state):
        return out
    builds: dict[str, dict[tuple[str, str], None]] = {}
    for text in R.legal_texts(state, seat):
        verb, *rest = text.split()
        card = next((t[5:] for t in rest if t.startswith("card=")), None)
        if verb == "build" and card is not None and len(rest) >= 2:
            builds.setdefault(card, {})[(rest[0], rest[1])] = None
    for card in dict.fromkeys(state.hands[seat]):
        places = list(builds.get(card, {}))
        if not places:
            out.append(("brass.builder.card_builds_nothing", {"card": display_name(card)}))
            continue
        industries = [display_name(i) for i in dict.fromkeys(i for i, _ in places)]
        towns = len({t for _, t in places})
        out.append(
            (
                "brass.builder.card_builds",
                {"card": display_name(card), "industries": industries, "count": towns},
            )
        )
    return out
