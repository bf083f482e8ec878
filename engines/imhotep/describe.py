"""Words for the move builder (``engines/builder.py``): ships and positions by number, sites and
market cards by name, and what a seat counts (stones on its sled, points) so a move says what it
costs and gives."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.imhotep.state import State

#: Verbs whose first two numbers are a ship and a position on it.
_SHIP_POSITION = ("load", "hammer", "sailcard", "chisel")


def name(
    state: State, seat: int, before: Sequence[str], token: str
) -> str | tuple[str, Mapping[str, Any]] | None:
    """A ship or a position on it by number, a card by its printed name; a site stays a word
    the catalog translates."""
    verb, place = before[0], len(before)
    if verb in ("take", "keep") and token != "pair":
        return ("imhotep.board.card." + token, {})
    if not token.isdigit():
        return None
    if verb == "pyramid":
        return ("imhotep.builder.pyramid", {"number": int(token)})
    if place == 1 or (verb == "chisel" and place == 3):
        return ("imhotep.builder.ship", {"ship": int(token)})
    if verb in _SHIP_POSITION and place in (2, 4):
        return ("imhotep.builder.position", {"position": int(token)})
    return None


def purse(state: State, seat: int) -> dict[str, int]:
    """Stones on the seat's sled and points scored so far."""
    return {"stone": state.sled[seat], "point": sum(state.points[seat].values())}
