"""Helpers to build Imhotep positions for rules tests: a fresh game, then set what matters."""

from __future__ import annotations

from typing import Any

from engines.base import CHANCE, Event
from engines.imhotep import ENGINE
from engines.imhotep.state import EMPTY, State, given

__all__ = [
    "EMPTY",
    "ENGINE",
    "dealt",
    "drawn",
    "edit",
    "game",
    "keys",
    "play",
    "round_over",
    "ships",
    "stones_of",
]


def game(players: int = 2, seed: int = 1, **options: str) -> State:
    """A new game (round 1, seat 0 to act) with the given options."""
    return ENGINE.setup(players, ENGINE.meta.validate_options(options), seed)


def ships(state: State, *layout: str) -> State:
    """Replace this round's ships. Each ship is a string, one char per position from the bow:
    ``.`` empty, ``0``–``3`` a stone of that seat. ``ships(st, "..", "0.1")``."""
    return given(
        state,
        ships=[[EMPTY if ch == "." else int(ch) for ch in s] for s in layout],
        docked=[""] * len(layout),
    )


def edit(state: State, **changes: Any) -> State:
    """A position to test from: ``state`` with some fields replaced (``given``); a dict value
    ``{index: value}`` replaces only those entries of a list field: ``edit(st, sled={0: 5})``."""
    for name, value in changes.items():
        if isinstance(value, dict) and name != "last":
            entries = list(getattr(state, name))
            for index, item in value.items():
                entries[index] = item
            changes[name] = entries
    return given(state, **changes)


def round_over(players: int = 3, market: str = "b") -> State:
    """A game whose round 1 just ended (ship 4 unloaded at the burial chamber, I18): waiting
    for round 2's deal, a chance step (``dealt``)."""
    st = ships(game(players, sides="custom", market=market), "", "", "", "1")
    st = edit(st, docked=["pyramid", "temple", "obelisk", ""])
    st, _ = ENGINE.apply(st, 0, ENGINE.parse(st, 0, "sail 4 burial"))
    return st


def dealt(state: State, offer: str, pair: str = "") -> State:
    """``state`` (waiting for a round's deal) with the deal a test wants applied: the next round
    card, the face-up ``offer`` and, on Market B, the face-down ``pair`` (comma-separated card
    ids), as a chance step: ``ENGINE.apply(state, CHANCE, ENGINE.parse(state, CHANCE, ...))``."""
    text = f"deal {state.round_deck[0]} {offer}" + (f" pair={pair}" if pair else "")
    new, _ = ENGINE.apply(state, CHANCE, ENGINE.parse(state, CHANCE, text))
    return new


def drawn(state: State, card: str) -> tuple[State, list[Event]]:
    """``state`` (waiting for a bonus card's draw, I51/I56) with the card a test wants drawn
    (a card type, ``-`` for none), as a chance step."""
    return ENGINE.apply(state, CHANCE, ENGINE.parse(state, CHANCE, f"draw {card}"))


def play(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    """Parse and apply an action."""
    return ENGINE.play(state, seat, text)


def keys(events: list[Event]) -> list[str]:
    """Event keys without the game prefix."""
    return [e.key.removeprefix("imhotep.") for e in events]


def stones_of(state: State, seat: int) -> int:
    """E15: quarry + sled + ships + sites + stones in transit (unloading) for one seat."""
    from engines.imhotep.tasks import CARRIES_STONE

    on_ships = sum(s.count(seat) for s in state.ships)
    sites = (
        state.pyramid.count(seat)
        + sum(p.count(seat) for p in state.pyramids_b)
        + state.pyramid_overflow.count(seat)
        + state.temple.count(seat)
        + state.burial.count(seat)
        + state.obelisk[seat]
        + 3 * state.towers.count(seat)
    )
    transit = sum(1 for k, s, _ in state.tasks if s == seat and k in CARRIES_STONE)
    return state.quarry[seat] + state.sled[seat] + on_ships + sites + transit
